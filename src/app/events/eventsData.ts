/**
 * The storage side of the events actor that is more than one call: the list as the page opens it
 * (stored events, plus the built-in samples that were not deleted), the per-event keys a delete
 * takes away, and Undo's all-or-nothing write-back.
 */
import { mergeSamples } from '../../domain/events';
import { sampleEvents } from '../../domain/sampleEvents';
import {
  deletedEventIdsStore,
  eventsStore,
  ingredientListStore,
  listKeys,
  perEventStores,
  type CateringEvent,
  type ChosenIngredient,
  type KeyAccessor,
  type WriteResult,
} from '../../storage';

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
  if (saved.conflicts.length)
    fail('The event', 'another tab saved an event with the same id meanwhile.', deletedBefore);
  removedKeys.delete(event.id);
  return saved.records;
}

export interface RescaledSave {
  /** The event with its rescaled specialty lines. */
  event: CateringEvent;
  /** The event as the page held it (its revision is the base of the save). */
  base: CateringEvent | undefined;
  /** ingredientList-{id} with its per-guest lines rescaled, and the list as read when they were computed. */
  lines: ChosenIngredient[];
  linesBase: ChosenIngredient[];
}

/**
 * Guest scaling's write: ingredientList-{id} then the event, each by id and revision onto the latest
 * stored list, all or nothing. Another tab's newer list or event is never overwritten: the save is
 * refused and the list put back as it was. Returns the stored event and list, or the reason.
 */
export function saveRescaledEvent(
  input: RescaledSave,
): { ok: true; saved: CateringEvent; stored: CateringEvent[] } | { ok: false; message: string } {
  const id = input.event.id;
  const linesStore = ingredientListStore(id);
  const hadList = listKeys().includes(linesStore.key);
  const linesBefore = linesStore.read();
  const lines = linesStore.save(input.lines, input.linesBase);
  if (!lines.ok)
    return {
      ok: false,
      message: `The ingredient list could not be saved: ${lines.error.message} Nothing was changed.`,
    };
  const putBack = () => (hadList ? linesStore.write(linesBefore) : linesStore.remove());
  if (lines.conflicts.length) {
    putBack();
    return {
      ok: false,
      message:
        'The ingredient list of this event was changed in another tab meanwhile, so nothing was saved. Press Save again to review the new quantities.',
    };
  }
  // A built-in sample that was never stored is added; a stored event is replaced only if nobody changed it since.
  const storedNow = eventsStore.read();
  const base = input.base && storedNow.some((e) => e.id === id) ? [input.base] : [];
  const events = eventsStore.save([input.event], base);
  if (!events.ok || events.conflicts.length) {
    putBack();
    const why = !events.ok ? events.error.message : 'it was changed in another tab meanwhile.';
    return { ok: false, message: `The event could not be saved: ${why} Nothing was changed.` };
  }
  return { ok: true, saved: events.records.find((e) => e.id === id) ?? input.event, stored: events.records };
}
