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
import { emptySyncState, forStorage, keyOf, withRevision } from '../sync/engine';
import { awayEventIds } from '../sync/archive';
import { revOf, type CollectionAccessor } from './collection';
import { accessorFor, deletedEventIdsStore, eventsStore } from './keys';
import { withEventLists } from './normalize';
import { collectionKeys, dataOwnerKey, deletedEventIdsKey, isPerEventKey, ownedKeyOf, perEventIdOf } from './owned';
import { businessProfileStore } from './businessProfile';
import { customersStore } from './customers';
import { documentNumbersStore, issuedDocumentsStore } from './invoices';
import { counterRecordsOf, mergeCounterRecords, separateRevisions, type IssuedDocument } from '../domain/invoice';
import { watchWrites } from './accounts';
import { listKeys, rawGet, rawRemove, rawSet } from './raw';
import { toolkitDraftForms, toolkitDraftKey } from './drafts';
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

/** A pulled record as this browser's storage reads it back (src/sync/remote.ts `StoredForm`): an event with its lists. */
export const storedForm = (collection: string, record: object): object =>
  collection === eventsStore.key ? withEventLists(record) : record;

const VALUE_ID = 'value';

/**
 * The account's data in this browser, one record per id. Unreadable records and values, set aside, are
 * not sent; their keys are reported as `unknownHere` (what of them is missing is not known to be deleted).
 * With `only`, just those keys are read (a pull's page), and what the others hold is not in it.
 */
export function readSyncSnapshot(only?: ReadonlySet<string>): Snapshot {
  const snapshot: Snapshot = new Map();
  const unknown = new Set<string>();
  const keys = new Set<string>(collectionKeys);
  for (const key of listKeys()) if (isPerEventKey(key)) keys.add(key);
  // Only what a pull's page touches (the other keys are not read: a page of items reads no tool kit).
  const wanted = (key: string) => !only || only.has(key);
  for (const key of keys) {
    if (!wanted(key)) continue;
    const found = accessorFor(key);
    if (!found) continue;
    if (found.kind === 'collection') {
      const records = new Map<string, object>();
      // In the form a read of the stored text gives (an event with its lists), also right after this tab
      // wrote it without them (the events form): so a reload does not read as a change and send it again.
      for (const record of found.accessor.read()) records.set(found.accessor.idOf(record), storedForm(key, record));
      if (records.size) snapshot.set(key, records);
    } else {
      const raw = rawGet(key);
      if (raw === null) continue;
      // An unreadable value is set aside by the read and reads as its default: that default is not sent.
      const value = found.accessor.read();
      if (found.accessor.check(raw).ok) snapshot.set(key, new Map([[VALUE_ID, { value }]]));
      else unknown.add(key);
    }
  }
  const deleted = wanted(deletedEventIdsKey) ? deletedEventIdsStore.read() : [];
  if (deleted.length) snapshot.set(deletedEventIdsKey, new Map(deleted.map((id) => [String(id), { id }])));
  const profile =
    !wanted(businessProfileStore.key) || rawGet(businessProfileStore.key) === null ? null : businessProfileStore.read();
  if (profile) snapshot.set(businessProfileStore.key, new Map([[VALUE_ID, { value: profile }]]));
  const byId = (key: string, records: () => ReadonlyArray<{ id: string }>) => {
    if (!wanted(key)) return;
    const list = records();
    if (list.length) snapshot.set(key, new Map(list.map((r) => [r.id, r as object])));
  };
  byId(customersStore.key, () => customersStore.read());
  byId(issuedDocumentsStore.key, () => issuedDocumentsStore.read());
  byId(documentNumbersStore.key, () => counterRecordsOf(documentNumbersStore.read()));
  for (const key of setAsideHere()) unknown.add(key);
  if (unknown.size) snapshot.unknownHere = unknown;
  return snapshot;
}

/** Collections whose records are identified by their `id` field, as a set-aside entry names it. */
const byIdField = (key: string) =>
  ['events', 'inventoryItems', 'employees', 'selectedItems'].includes(key) || /^staffList-\d+$/.test(key);

/** What each set-aside entry holds back, read once (an entry's key carries its text's fingerprint, so it never changes). */
const entryNames = new Map<string, string>();

/** `collection|id` of a set-aside record whose id is known (recovered.ts entry), else the collection. */
function recordOf(entryKey: string, source: string): string {
  try {
    const entry = JSON.parse(rawGet(entryKey) ?? 'null') as { index?: unknown; id?: unknown } | null;
    return typeof entry?.index === 'number' && typeof entry.id === 'string' ? keyOf(source, entry.id) : source;
  } catch {
    return source;
  }
}

/**
 * What storage could not read here, of the synced keys: a record set aside (the Recovered data screen,
 * until it is put back or discarded) as `collection|id` when its id is known, else its whole key; and a
 * whole value set aside or unreadable now.
 */
function setAsideHere(): Set<string> {
  const keys = new Set<string>();
  for (const key of listKeys()) {
    const owned = ownedKeyOf(key);
    if ((owned?.kind !== 'recovered' && owned?.kind !== 'legacyCorrupt') || !isSyncedKey(owned.source)) continue;
    let named = entryNames.get(key);
    if (named === undefined) {
      named = owned.kind === 'recovered' && byIdField(owned.source) ? recordOf(key, owned.source) : owned.source;
      entryNames.set(key, named);
    }
    keys.add(named);
  }
  for (const store of [
    deletedEventIdsStore,
    businessProfileStore,
    customersStore,
    issuedDocumentsStore,
    documentNumbersStore,
  ] as const) {
    const raw = rawGet(store.key);
    if (raw !== null && !store.check(raw).ok) keys.add(store.key);
  }
  return keys;
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

/**
 * Applies other devices' changes (or a conflict's choice) to this browser, and tells the views. Answers
 * the issued documents renumbered because two revisions met with one number (their revision counted
 * here; with sync on, the caller asks the account for theirs: src/app/sync/accountRevisions.ts).
 */
export function writeSyncChanges(writes: readonly LocalWrite[]): { renumbered: IssuedDocument[] } {
  const renumbered: IssuedDocument[] = [];
  const byKey = new Map<string, LocalWrite[]>();
  for (const write of writes) {
    const group = byKey.get(write.collection);
    if (group) group.push(write);
    else byKey.set(write.collection, [write]);
  }
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
      // Two devices' revisions of one document that carry one number (made with sync off, or before
      // revisions came from the account) are both kept, each with a number of its own: the later takes the
      // next free revision (the same choice on every device; the renumbered one is sent back as a change).
      const separated = separateRevisions(upsertById(issuedDocumentsStore.read(), group));
      check(issuedDocumentsStore.write([...separated.documents]));
      renumbered.push(...separated.renumbered);
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
  return { renumbered };
}

/**
 * Puts and removes records by id. A changed record's local revision goes up, so a view (or another
 * tab) still holding the earlier version sees a conflict instead of saving over it.
 */
function applyToCollection(accessor: CollectionAccessor<object>, writes: readonly LocalWrite[]) {
  const list: (object | null)[] = accessor.read().slice();
  // Where each record is, by id (a page of 500 writes into thousands of records, without a search each).
  const at = new Map<string, number>();
  list.forEach((r, n) => at.set(accessor.idOf(r!), n));
  for (const write of writes) {
    const n = at.get(write.record_id);
    if (!write.record) {
      if (n !== undefined) list[n] = null;
      at.delete(write.record_id);
      continue;
    }
    const rev = Math.max(revOf(write.record), n !== undefined ? revOf(list[n]!) + 1 : 1);
    const record = withRevision(write.record, rev);
    if (n !== undefined) list[n] = record;
    else at.set(write.record_id, list.push(record) - 1);
  }
  return accessor.write(list.filter((r): r is object => r !== null));
}

/**
 * Moves this device's new events to free ids (src/sync/renumber.ts: another device added events with their
 * ids): `tell` first (the views follow each event to its new id), then the writes the plan asks for and each
 * event's Tool Kit drafts (`draft:toolkit-<form>-<id>`), all of it or none: if storage refuses any of it, every
 * key touched gets its earlier text back, `tell` hears the moves undone, and the refusal is thrown.
 */
export function moveEventsHere(
  moves: readonly { from: number; to: number }[],
  writes: readonly LocalWrite[],
  tell: (moves: { from: number; to: number }[]) => void = () => {},
): void {
  const keys = new Set(writes.map((w) => w.collection));
  const drafts: Array<[string, string]> = [];
  for (const { from, to } of moves)
    for (const form of toolkitDraftForms) drafts.push([toolkitDraftKey(form, from), toolkitDraftKey(form, to)]);
  for (const [from, to] of drafts) keys.add(from).add(to);
  const before = new Map([...keys].map((key) => [key, rawGet(key)] as const));
  tell(moves.map(({ from, to }) => ({ from, to })));
  try {
    writeSyncChanges(writes);
    for (const [from, to] of drafts) {
      const text = before.get(from);
      if (text === null || text === undefined) continue;
      check(rawSet(to, text));
      check(rawRemove(from));
    }
  } catch (error) {
    tell(moves.map(({ from, to }) => ({ from: to, to: from })));
    for (const [key, text] of before) {
      if (rawGet(key) === text) continue;
      if (text === null) rawRemove(key);
      else rawSet(key, text);
      announceLocalChange(key);
    }
    throw error;
  }
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

/**
 * The sync state last read or written here, with the stored text it stands for. The state of a big
 * account is several MB of JSON; a sync cycle reads it many times, so it is parsed again only when the
 * stored text changed (another tab wrote it, a restore). Callers never change a state in place (the
 * engine's functions make new ones), so handing out the same object is safe.
 */
let known: { key: string; raw: string; state: SyncState } | null = null;

/** The device's sync state for the account; a missing or unreadable one starts afresh (a full merge by id, nothing lost). */
export function loadSyncState(userId: string, fresh: () => SyncState): SyncState {
  const key = stateKey(userId);
  const raw = rawGet(key);
  if (raw === null) return fresh();
  if (known && known.key === key && known.raw === raw) return known.state;
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
    ) {
      known = { key, raw, state: value as unknown as SyncState };
      return known.state;
    }
  } catch {
    /* unreadable: start afresh below */
  }
  return fresh();
}

export function saveSyncState(userId: string, state: SyncState): void {
  const key = stateKey(userId);
  const stored = forStorage(state);
  const text = JSON.stringify(stored);
  check(rawSet(key, text));
  known = { key, raw: text, state: stored };
}

export const isSyncStateKey = (key: string) => key.startsWith('sync:');

let keptInAccount: { raw: string; ids: number[] } | null = null;
/**
 * The ids of the events this browser keeps only in the account (its data owner's sync state): no new
 * event may take one of them, though they are not here (issue 24 part 7). Empty when none.
 */
export function eventIdsKeptInAccount(): number[] {
  const owner = rawGet(dataOwnerKey);
  const raw = owner === null ? null : rawGet(stateKey(owner));
  if (owner === null || raw === null) return [];
  if (keptInAccount?.raw !== raw) keptInAccount = { raw, ids: awayEventIds(loadSyncState(owner, emptySyncState)) };
  return keptInAccount.ids;
}

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
