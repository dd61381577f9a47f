/**
 * The storage side of the events actor that is more than one call: the list as the page opens it
 * (stored events, plus the built-in samples that were not deleted), the per-event keys a delete
 * takes away, and Undo's all-or-nothing write-back.
 */
import { mergeSamples } from '../../domain/events';
import { sampleEvents } from '../../domain/sampleEvents';
import { deletedEventIdsStore, eventsStore, listKeys, perEventStores, type CateringEvent, type KeyAccessor, type WriteResult } from '../../storage';

/** The events the page shows: stored ones win; a deleted sample (ids 1-3) stays deleted. */
export function loadEvents(today: string): { events: CateringEvent[]; deletedIds: number[]; stored: CateringEvent[] } {
  const stored = eventsStore.read();
  const deletedIds = deletedEventIdsStore.read();
  return { events: mergeSamples(stored, sampleEvents(today), deletedIds), deletedIds, stored };
}

/** Copies of the per-event keys taken at delete time, for Undo (this tab only, like the Undo toast). */
const removedKeys = new Map<number, Array<{ store: KeyAccessor<unknown>; value: unknown }>>();

/** Takes ingredientList-{id}, {id}-discountPercentage and {id}-taxPercentage away, keeping a copy. */
export function removeEventKeys(id: number): WriteResult[] {
  const present = new Set(listKeys());
  const stores = perEventStores(id);
  removedKeys.set(
    id,
    stores.filter((s) => present.has(s.key)).map((store) => ({ store, value: store.read() })),
  );
  return stores.filter((s) => present.has(s.key)).map((store) => store.remove());
}

/** Adds an id to `deletedEventIds` (read, then written: another tab's marks are kept). */
export function rememberDeletedId(id: number): WriteResult {
  const ids = deletedEventIdsStore.read();
  return ids.includes(id) ? { ok: true } : deletedEventIdsStore.write([...ids, id]);
}

/**
 * Undo: writes back the per-event keys, takes the id off `deletedEventIds` and puts the exact event
 * back under its own id, in that order. If a write fails, what was written is undone again and the
 * reason is thrown: the event stays deleted, nothing half-restored. Returns the stored list.
 */
export function restoreDeletedEvent(event: CateringEvent): CateringEvent[] {
  const copies = removedKeys.get(event.id) ?? [];
  const written: Array<KeyAccessor<unknown>> = [];
  const rollBack = (deletedBefore: number[] | null) => {
    for (const store of written) store.remove();
    if (deletedBefore) deletedEventIdsStore.write(deletedBefore);
  };
  const fail = (what: string, message: string, deletedBefore: number[] | null = null): never => {
    rollBack(deletedBefore);
    throw new Error(`${what} could not be saved: ${message} The event stays deleted.`);
  };
  for (const { store, value } of copies) {
    const result = store.write(value);
    if (!result.ok) fail(`Its ${store.key}`, result.error.message);
    written.push(store);
  }
  const deletedBefore = deletedEventIdsStore.read();
  if (deletedBefore.includes(event.id)) {
    const result = deletedEventIdsStore.write(deletedBefore.filter((id) => id !== event.id));
    if (!result.ok) fail('The list of deleted events', result.error.message);
  }
  // By id onto the latest stored list: only this event is added; other tabs' changes are kept.
  const { rev: _rev, updatedAt: _updatedAt, ...exact } = event as CateringEvent & { updatedAt?: string };
  const saved = eventsStore.save([exact as CateringEvent], []);
  if (!saved.ok) fail('The event', saved.error.message, deletedBefore);
  if (saved.conflicts.length) fail('The event', 'another tab saved an event with the same id meanwhile.', deletedBefore);
  removedKeys.delete(event.id);
  return saved.records;
}
