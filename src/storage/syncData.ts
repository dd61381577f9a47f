/**
 * What account sync (issue 24) reads and writes here: the signed-in account's data as records by
 * collection (docs/sync.md "Collections": the spec's keys, one record per id), the writes a pull or
 * a conflict's choice asks for, and the device's sync state (`sync:<userId>`: its choice, pull
 * cursor, what it last agreed with the server, its outbox and open conflicts).
 *
 * The sync state is this device's bookkeeping for one account, not business data: it is under the
 * account's id (so an account switch leaves it in place), and backups neither carry nor restore it
 * (a restore's data is compared with it and sent as changes).
 */
import type { LocalWrite, Snapshot, SyncState } from '../sync/engine';
import { forStorage } from '../sync/engine';
import { revOf, type CollectionAccessor } from './collection';
import { accessorFor, deletedEventIdsStore } from './keys';
import { collectionKeys, dataOwnerKey, deletedEventIdsKey, isPerEventKey, perEventIdOf } from './owned';
import { businessProfileStore } from './businessProfile';
import { customersStore } from './customers';
import { documentNumbersStore, issuedDocumentsStore } from './invoices';
import { counterRecordsOf, mergeCounterRecords } from '../domain/invoice';
import { watchWrites } from './accounts';
import { listKeys, rawGet, rawSet } from './raw';
import { announceLocalChange } from './store';

/**
 * The money side's keys (issue 22), synced one record per id (docs/sync.md "Collections"): each customer by
 * its id, each issued quote or invoice by its id, and the number counters one record per kind and year
 * (`invoice-2026`: `{ id, kind, year, last }`), whose merge never lowers a count.
 */
const moneyKeys: readonly string[] = [customersStore.key, issuedDocumentsStore.key, documentNumbersStore.key];

/** The keys that sync: the collections, the per-event keys, the deleted-event ids, the business profile and the money side's keys. */
export function isSyncedKey(key: string): boolean {
  return (
    (collectionKeys as readonly string[]).includes(key) ||
    isPerEventKey(key) ||
    key === deletedEventIdsKey ||
    key === businessProfileStore.key ||
    moneyKeys.includes(key)
  );
}

const VALUE_ID = 'value';

/** The account's data in this browser, one record per id (unreadable records, set aside, are not sent). */
export function readSyncSnapshot(): Snapshot {
  const snapshot: Snapshot = new Map();
  const keys = new Set<string>(collectionKeys);
  for (const key of listKeys()) if (isPerEventKey(key)) keys.add(key);
  for (const key of keys) {
    const found = accessorFor(key);
    if (!found) continue;
    if (found.kind === 'collection') {
      const records = new Map<string, object>();
      for (const record of found.accessor.read()) records.set(found.accessor.idOf(record), record);
      if (records.size) snapshot.set(key, records);
    } else if (rawGet(key) !== null) {
      snapshot.set(key, new Map([[VALUE_ID, { value: found.accessor.read() }]]));
    }
  }
  const deleted = deletedEventIdsStore.read();
  if (deleted.length) snapshot.set(deletedEventIdsKey, new Map(deleted.map((id) => [String(id), { id }])));
  const profile = rawGet(businessProfileStore.key) === null ? null : businessProfileStore.read();
  if (profile) snapshot.set(businessProfileStore.key, new Map([[VALUE_ID, { value: profile }]]));
  const byId = (key: string, records: ReadonlyArray<{ id: string }>) => {
    if (records.length) snapshot.set(key, new Map(records.map((r) => [r.id, r as object])));
  };
  byId(customersStore.key, customersStore.read());
  byId(issuedDocumentsStore.key, issuedDocumentsStore.read());
  byId(documentNumbersStore.key, counterRecordsOf(documentNumbersStore.read()));
  return snapshot;
}

/** Puts and removes records of a list by their `id`, keeping the others and their order. */
function upsertById<T extends { id: string }>(list: readonly T[], writes: readonly LocalWrite[]): T[] {
  const next = list.slice();
  for (const write of writes) {
    const at = next.findIndex((r) => r.id === write.record_id);
    if (!write.record) {
      if (at >= 0) next.splice(at, 1);
    } else if (at >= 0) next[at] = write.record as T;
    else next.push(write.record as T);
  }
  return next;
}

/** Thrown when storage refuses a write the sync asked for (full, another account, ...). */
function check(result: { ok: true } | { ok: false; error: Error }) {
  if (!result.ok) throw result.error;
}

/** Applies other devices' changes (or a conflict's choice) to this browser, and tells the views. */
export function writeSyncChanges(writes: readonly LocalWrite[]): void {
  const byKey = new Map<string, LocalWrite[]>();
  for (const write of writes) byKey.set(write.collection, [...(byKey.get(write.collection) ?? []), write]);
  for (const [key, group] of byKey) {
    if (key === deletedEventIdsKey) {
      const ids = new Set(deletedEventIdsStore.read());
      for (const write of group) {
        const id = Number(write.record_id);
        if (!Number.isInteger(id)) continue;
        if (write.record) ids.add(id);
        else ids.delete(id);
      }
      check(deletedEventIdsStore.write([...ids].sort((a, b) => a - b)));
    } else if (key === businessProfileStore.key) {
      const last = group[group.length - 1]!;
      const value = (last.record as { value?: unknown } | null)?.value;
      // Written as the account holds it (the same content on every device) when the app can read it; a
      // tombstone removes it. One the app cannot read (the server refuses those) leaves this device's as it is.
      const readable = last.record ? businessProfileStore.check(JSON.stringify(value ?? null)) : null;
      if (!last.record) check(businessProfileStore.remove());
      else if (readable?.ok && readable.value) check(businessProfileStore.write(value as typeof readable.value));
    } else if (key === customersStore.key) {
      check(customersStore.write(upsertById(customersStore.read(), group)));
    } else if (key === issuedDocumentsStore.key) {
      check(issuedDocumentsStore.write(upsertById(issuedDocumentsStore.read(), group)));
    } else if (key === documentNumbersStore.key) {
      // A counter only goes up: the higher of this device's and the account's count is kept, and a
      // tombstone removes nothing (a number once used stays used). A count above the account's is sent back.
      let counters = documentNumbersStore.read();
      for (const write of group) if (write.record) counters = mergeCounterRecords(counters, [write.record]);
      check(documentNumbersStore.write(counters));
    } else {
      const found = accessorFor(key);
      if (!found) continue;
      if (found.kind === 'value') {
        const last = group[group.length - 1]!;
        const value = (last.record as { value?: unknown } | null)?.value;
        check(last.record && typeof value === 'number' ? found.accessor.write(value) : found.accessor.remove());
      } else {
        check(applyToCollection(found.accessor, group));
      }
    }
    announceLocalChange(key);
  }
}

/**
 * Puts and removes records by id. A changed record's local revision goes up, so a view (or another
 * tab) still holding the earlier version sees a conflict instead of saving over it.
 */
function applyToCollection(accessor: CollectionAccessor<object>, writes: readonly LocalWrite[]) {
  const list = accessor.read().slice();
  for (const write of writes) {
    const at = list.findIndex((r) => accessor.idOf(r) === write.record_id);
    if (!write.record) {
      if (at >= 0) list.splice(at, 1);
      continue;
    }
    const rev = Math.max(revOf(write.record), at >= 0 ? revOf(list[at]!) + 1 : 1);
    const record = { ...write.record, rev };
    if (at >= 0) list[at] = record;
    else list.push(record);
  }
  return accessor.write(list);
}

/**
 * Takes events out of this browser (issue 24 part 7: they stay in the account, and the sync state
 * already marks them kept there): their records in `events` and their per-event keys (ingredient
 * list, staff, discount, tax). Tells the views.
 */
export function evictEvents(eventIds: readonly number[]): void {
  if (!eventIds.length) return;
  const going = new Set(eventIds);
  const events = accessorFor('events');
  if (events?.kind === 'collection') {
    const list = events.accessor.read();
    const kept = list.filter((e) => !going.has(Number(events.accessor.idOf(e))));
    if (kept.length !== list.length) {
      check(events.accessor.write(kept));
      announceLocalChange('events');
    }
  }
  for (const key of listKeys()) {
    const id = perEventIdOf(key);
    if (id === null || !going.has(id)) continue;
    const found = accessorFor(key);
    if (!found) continue;
    check(found.accessor.remove());
    announceLocalChange(key);
  }
}

/** Characters this browser holds for the synced keys (key and value), by kind: events (with their per-event keys) and the rest. */
export function syncedCharacters(): { events: number; other: number } {
  const sizes = { events: 0, other: 0 };
  for (const key of listKeys()) {
    if (!isSyncedKey(key)) continue;
    const size = key.length + (rawGet(key)?.length ?? 0);
    if (key === 'events' || isPerEventKey(key)) sizes.events += size;
    else sizes.other += size;
  }
  return sizes;
}

/** The account whose data the plain keys hold now (accounts.ts), or null. */
export const dataOwner = (): string | null => rawGet(dataOwnerKey);

const stateKey = (userId: string) => `sync:${encodeURIComponent(userId)}`;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The device's sync state for the account; a missing or unreadable one starts afresh (a full merge by id, nothing lost). */
export function loadSyncState(userId: string, fresh: () => SyncState): SyncState {
  const raw = rawGet(stateKey(userId));
  if (raw === null) return fresh();
  try {
    const value = JSON.parse(raw) as unknown;
    if (
      isObject(value) &&
      value.v === 1 &&
      typeof value.cursor === 'number' &&
      isObject(value.shadow) &&
      isObject(value.outbox) &&
      isObject(value.conflicts) &&
      (value.device === 'on' || value.device === 'off' || value.device === 'undecided')
    )
      return value as unknown as SyncState;
  } catch {
    /* unreadable: start afresh below */
  }
  return fresh();
}

export function saveSyncState(userId: string, state: SyncState): void {
  check(rawSet(stateKey(userId), JSON.stringify(forStorage(state))));
}

export const isSyncStateKey = (key: string) => key.startsWith('sync:');

/** Calls back on each write of a synced key by this tab (just before it), and on other tabs' changes to them. */
export function watchSyncedKeys(onChange: () => void): () => void {
  // Told just before each write of this tab (the caller waits a moment before reading the data).
  watchWrites((key) => {
    if (isSyncedKey(key)) onChange();
  });
  const stopLocal = () => watchWrites(null);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || isSyncedKey(event.key)) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    stopLocal();
    window.removeEventListener('storage', onStorage);
  };
}
