/**
 * The client half of account sync (issue 24, docs/sync.md): pure functions over the device's sync
 * state (what it last agreed with the server, its outbox and its open conflicts) and a snapshot of
 * the local data. No storage, no network: src/storage/syncData.ts reads and writes the data,
 * src/sync/remote.ts speaks to the server, src/app/sync provides both to the sync machine.
 *
 * - The *shadow* holds, per record, the server's revision and a fingerprint of the content last
 *   agreed with the server. A local record whose fingerprint differs from its shadow is a local change.
 * - The *outbox* holds one change per record (collection + record id): the content, the local `rev`
 *   it was taken at, the server revision it is based on and a client change id made once per
 *   content, so a retry of the same change is applied once (the server keeps each change id's result).
 * - Pulled changes are applied when this device did not change the record since its last sync; when
 *   both changed it, the record becomes a conflict (kept until the user chooses). Nothing is dropped.
 */

/**
 * The device's records by collection (`collection` is the localStorage key, docs/sync.md "Collections").
 * `unknownHere`: what storage could not read and set aside (the Recovered data screen): a record's key
 * (`collection|id`) when its id is known, else its whole collection. What of them is missing here is
 * not known to be deleted.
 */
export type Snapshot = Map<string, Map<string, object>> & { unknownHere?: ReadonlySet<string> };

export interface ShadowEntry {
  rev: number;
  /** Fingerprint of the content agreed with the server ({@link DELETED} for a tombstone). */
  hash: string;
  /**
   * Kept only in the account (issue 24 part 7, src/sync/archive.ts): this device let it go on purpose,
   * after it was agreed. Its absence here is not a local delete: no tombstone is ever sent for it.
   */
  away?: true;
  /** For an event's own record kept only in the account: its EventDate (it comes back when the keep time grows past it). */
  date?: string;
}

export interface OutboxEntry {
  collection: string;
  record_id: string;
  /** The server revision this change is based on; null for a record new to the server. */
  base_rev: number | null;
  record: object | null;
  deleted: boolean;
  client_change_id: string;
  hash: string;
  /** The record's local revision (`rev`) when the change was taken. */
  localRev: number;
  /** Fingerprints of earlier contents of this change that may have reached the server unacknowledged. */
  previous: string[];
  /** The server refused it (kept, shown, sent again only when the record changes). */
  rejected?: { code: string; message: string };
}

export interface SyncConflict {
  key: string;
  collection: string;
  record_id: string;
  /** This device's version; null when this device deleted it. */
  mine: object | null;
  /** The account's version; null when another device deleted it. */
  theirs: object | null;
  /** The server revision of theirs (the base of the resolution's push). */
  theirsRev: number;
}

export interface SyncState {
  v: 1;
  /** This device's choice for the account: on, off, or not asked yet. */
  device: 'on' | 'off' | 'undecided';
  cursor: number;
  /** When the last sync that reached the server ended (ms since epoch). */
  lastSyncedAt: number | null;
  shadow: Record<string, ShadowEntry>;
  outbox: Record<string, OutboxEntry>;
  conflicts: Record<string, SyncConflict>;
  /**
   * This device's "Keep events on this device for" (months; 0: every event; absent: the default, 12).
   * Past events older than that may be kept only in the account (src/sync/archive.ts).
   */
  keepMonths?: number;
  /**
   * Events kept only in the account that a pulled change touched: fetched back here (src/sync/cycle.ts
   * `bringBack`), where they stay unless they still may be kept only in the account.
   */
  returning?: number[];
}

export const emptySyncState = (): SyncState => ({
  v: 1,
  device: 'undecided',
  cursor: 0,
  lastSyncedAt: null,
  shadow: {},
  outbox: {},
  conflicts: {},
});

export const DELETED = '∅';

/**
 * What the caterer is told when this browser's storage cannot hold what this device needs of the account,
 * even with old events kept only there (src/sync/cycle.ts `SyncStorageFull`).
 */
export const STORAGE_FULL_MESSAGE =
  'This browser’s storage is full: what this device needs of your account does not fit here. Nothing is lost, your account keeps it all. Choose a shorter “Keep events on this device for” or free some space, then Retry.';

export const keyOf = (collection: string, id: string) => `${collection}|${id}`;

/** JSON with object keys sorted (the server's jsonb reorders keys), without the local bookkeeping fields. */
export function canonical(value: unknown, top = true): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  // Plain loops and string building: a first sync fingerprints every record (12 MB for 29,000 records).
  if (Array.isArray(value)) {
    let out = '[';
    for (let n = 0; n < value.length; n++) out += (n ? ',' : '') + canonical(value[n], false);
    return out + ']';
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  for (const key of keys) {
    const v = record[key];
    if (v === undefined || (top && (key === 'rev' || key === 'updatedAt'))) continue;
    out += (out.length > 1 ? ',' : '') + JSON.stringify(key) + ':' + canonical(v, false);
  }
  return out + '}';
}

/**
 * Fingerprints of records already taken, by the record object. Records are never changed in place (the
 * storage layer reads a key's records once per stored text and hands out the same objects until it
 * changes; every write makes new ones), so a cycle that looks at the same records several times (noting
 * changes, then choosing events to let go, page after page) fingerprints each once.
 */
const fingerprints = new WeakMap<object, string>();

/** A short fingerprint of a record's content (FNV-1a over the canonical text, plus its length). */
export function hashRecord(record: object | null): string {
  if (record === null) return DELETED;
  const known = fingerprints.get(record);
  if (known !== undefined) return known;
  const hash = fingerprintOf(record);
  fingerprints.set(record, hash);
  return hash;
}

/**
 * `record` with its local revision set: a copy whose fingerprint is the record's (the fingerprint leaves `rev`
 * out), taken over when the record's is known, so a pulled record written here is not fingerprinted again
 * when the data is next read (letting events go, noting the outbox: issue 24, the join's long tasks).
 */
export function withRevision<T extends object>(record: T, rev: number): T & { rev: number } {
  const copy = { ...record, rev };
  const known = fingerprints.get(record);
  if (known !== undefined) fingerprints.set(copy, known);
  return copy;
}

/** Whether a record's fingerprint is already taken (tests: what a later read costs). */
export const fingerprintKnown = (record: object): boolean => fingerprints.has(record);

function fingerprintOf(record: object): string {
  const text = canonical(record);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${(h >>> 0).toString(36)}.${text.length.toString(36)}`;
}

/**
 * About how many characters a change takes in a push request: its record's canonical text (whose length
 * the fingerprint keeps, so nothing is serialised to know it) and the change's own fields. For sizing
 * batches only: the request may differ by the local `rev` and `updatedAt`, and in bytes for non-ASCII text.
 */
export function changeSizeOf(entry: Pick<OutboxEntry, 'hash'>): number {
  const dot = entry.hash.lastIndexOf('.');
  const length = dot < 0 ? 0 : parseInt(entry.hash.slice(dot + 1), 36);
  return CHANGE_FIELDS_CHARS + (Number.isFinite(length) ? length : 0);
}
/** A change's fields besides the record: collection, record id, base revision, change id, bookkeeping. */
const CHANGE_FIELDS_CHARS = 200;

const localRevOf = (record: object | null): number => {
  const rev = (record as { rev?: unknown } | null)?.rev;
  return typeof rev === 'number' && Number.isFinite(rev) ? rev : 0;
};

const splitKey = (key: string) => {
  const at = key.indexOf('|');
  return { collection: key.slice(0, at), id: key.slice(at + 1) };
};

function localOf(snapshot: Snapshot, key: string): object | null {
  const { collection, id } = splitKey(key);
  return snapshot.get(collection)?.get(id) ?? null;
}

const perEventPattern = /^(?:(?:ingredientList|staffList)-(\d+)|(\d+)-(?:discountPercentage|taxPercentage))$/;

/** The event id of a per-event collection (`ingredientList-4`, `4-taxPercentage`, ...), else null. */
export function eventIdOfCollection(collection: string): number | null {
  const match = perEventPattern.exec(collection);
  return match ? Number(match[1] ?? match[2]) : null;
}

/** An event's per-event collections: its ingredient lines, staff, discount and tax (they follow the event's fate). */
export const perEventCollectionsOf = (eventId: number): string[] => [
  `ingredientList-${eventId}`,
  `staffList-${eventId}`,
  `${eventId}-discountPercentage`,
  `${eventId}-taxPercentage`,
];

/**
 * The events deleted on another device but kept here until the caterer chooses (an open conflict on the
 * event whose account version is a tombstone): their per-event records wait for that choice, neither
 * deleted here nor sent (see {@link applyPulledChange}, {@link resolveConflict}).
 */
function eventsInQuestion(conflicts: Record<string, SyncConflict>): Set<number> {
  const ids = new Set<number>();
  for (const conflict of Object.values(conflicts))
    if (conflict.collection === 'events' && conflict.theirs === null && conflict.mine !== null)
      ids.add(Number(conflict.record_id));
  return ids;
}

const shadowHash = (state: SyncState, key: string) => state.shadow[key]?.hash ?? DELETED;

/** Whether the record (or its whole collection) was set aside here (unreadable): its absence is not a delete. */
const unknownHere = (snapshot: Snapshot, key: string) =>
  !!snapshot.unknownHere && (snapshot.unknownHere.has(key) || snapshot.unknownHere.has(splitKey(key).collection));

/**
 * Brings the outbox up to date with the local data: one change for each record that differs from
 * what the server last agreed (added, changed or deleted), none for one changed back.
 */
export function recordChanges(state: SyncState, snapshot: Snapshot, newId: () => string): SyncState {
  return recordChangesOf(state, snapshot, newId);
}

/**
 * {@link recordChanges} for some collections only (`only`; all when absent): each of them is noted whole
 * (its records, and a tombstone for a record agreed with the server and missing here), and the outbox's
 * entries of the other collections are kept as they are (their records not looked at, no delete inferred
 * for them), so the outbox can be noted a slice at a time and each slice sent once its change ids are stored.
 */
export function recordChangesOf(
  state: SyncState,
  snapshot: Snapshot,
  newId: () => string,
  only?: (collection: string) => boolean,
): SyncState {
  const outbox: Record<string, OutboxEntry> = {};
  if (only) for (const [key, entry] of Object.entries(state.outbox)) if (!only(entry.collection)) outbox[key] = entry;
  const seen = new Set<string>();
  let shadow = state.shadow;
  // An event's Tool Kit waits with the event for the caterer's choice (deleted elsewhere, changed here).
  const waiting = eventsInQuestion(state.conflicts);
  const waits = (collection: string) => waiting.size > 0 && waiting.has(eventIdOfCollection(collection) ?? NaN);
  // An event deleted here whose delete the account has not agreed yet (not sent yet, or asked about): the
  // tombstones of its per-event records wait for it, so a delete that meets a change made elsewhere takes
  // nothing of the event from the account before the caterer chooses ("Keep theirs" brings it back whole).
  const eventsHere = !only || only('events') ? (snapshot.get('events') ?? new Map<string, object>()) : null;
  const deletingHere = (eventId: number): boolean => {
    const key = keyOf('events', String(eventId));
    const agreed = state.shadow[key];
    if (!agreed || agreed.away || agreed.hash === DELETED) return false;
    const conflict = state.conflicts[key];
    if (conflict) return conflict.mine === null;
    return eventsHere ? !eventsHere.has(String(eventId)) : state.outbox[key]?.deleted === true;
  };
  const consider = (key: string, record: object | null) => {
    seen.add(key);
    if (state.conflicts[key]) return; // waits for the user's choice
    const hash = hashRecord(record);
    const existing = state.outbox[key];
    const agreed = state.shadow[key];
    if (agreed?.away && record !== null && hash === agreed.hash) {
      // Here again as the account has it (a restore, say): no longer kept only there, so a delete is sent again.
      if (shadow === state.shadow) shadow = { ...state.shadow };
      shadow[key] = { rev: agreed.rev, hash: agreed.hash };
      return;
    }
    if (hash === shadowHash(state, key)) return; // unchanged (or changed back)
    if (existing && existing.hash === hash) {
      // The stored outbox keeps no content (it is the local record itself): take it from the snapshot.
      outbox[key] = { ...existing, record };
      return;
    }
    const { collection, id } = splitKey(key);
    outbox[key] = {
      collection,
      record_id: id,
      // A record kept only in the account that is here again, not fetched from it (a restore, an id taken
      // again, another tab's save): sent as new, so the account answers with a conflict and the user chooses.
      base_rev: agreed && !agreed.away ? agreed.rev : null,
      record,
      deleted: record === null,
      client_change_id: newId(),
      hash,
      localRev: localRevOf(record),
      previous: existing ? [...existing.previous, existing.hash].slice(-5) : [],
    };
  };
  for (const [collection, records] of snapshot) {
    if ((only && !only(collection)) || waits(collection)) continue;
    for (const [id, record] of records) consider(keyOf(collection, id), record);
  }
  // A record agreed with the server and now missing here was deleted here, unless this device let it
  // go on purpose (kept only in the account), or storage set aside what it could not read (unknown here):
  // that is no change, and no tombstone goes out for it. Only for the collections noted whole now.
  for (const [key, entry] of Object.entries(state.shadow)) {
    if (seen.has(key) || entry.away || unknownHere(snapshot, key)) continue;
    const { collection } = splitKey(key);
    if ((only && !only(collection)) || waits(collection)) continue;
    const eventId = eventIdOfCollection(collection);
    if (eventId === null || !deletingHere(eventId)) consider(key, null);
  }
  return { ...state, shadow, outbox };
}

/**
 * The part of {@link recordChanges} a pull needs before deciding pages: a record kept only in the account
 * that is here again as the account has it (a restore, say) is no longer kept only there. The same state
 * when there is none (the outbox is not noted: the push notes it).
 */
export function markReturned(state: SyncState, data: () => Snapshot): SyncState {
  let shadow: Record<string, ShadowEntry> | null = null;
  // The data is read only when something is kept only in the account.
  let snapshot: Snapshot | null = null;
  for (const [key, agreed] of Object.entries(state.shadow)) {
    if (!agreed.away || state.conflicts[key]) continue;
    const record = localOf((snapshot ??= data()), key);
    if (record === null || hashRecord(record) !== agreed.hash) continue;
    shadow ??= { ...state.shadow };
    shadow[key] = { rev: agreed.rev, hash: agreed.hash };
  }
  return shadow ? { ...state, shadow } : state;
}

/** Changes to send, oldest content first, without the refused ones (sent again once the record changes). */
export function sendable(state: SyncState): OutboxEntry[] {
  return Object.values(state.outbox).filter((entry) => !entry.rejected);
}

/** The state as kept in storage: the outbox without the records' content, which stays in the data itself. */
export function forStorage(state: SyncState): SyncState {
  const outbox: Record<string, OutboxEntry> = {};
  for (const [key, entry] of Object.entries(state.outbox)) outbox[key] = { ...entry, record: null };
  return { ...state, outbox };
}

export const pendingCount = (state: SyncState) => Object.keys(state.outbox).length;

/** A write of the local data the sync asks for: a record put (or removed, `record: null`). */
export interface LocalWrite {
  collection: string;
  record_id: string;
  record: object | null;
}

export interface PulledChange {
  collection: string;
  record_id: string;
  rev: number;
  record: object | null;
  deleted: boolean;
}

export interface Applied {
  state: SyncState;
  writes: LocalWrite[];
}

/**
 * Applies a page of other devices' changes: a record this device did not change since its last sync
 * takes the account's version; one changed on both becomes a conflict; one that ended the same on
 * both is simply agreed.
 */
/**
 * Records that two devices' changes merge without asking: a quote or invoice number counter
 * (`documentNumbers`, `{ id, kind, year, last }`) keeps the higher count, so a number once used is
 * never handed out again; and an issued document that both devices gave another revision number
 * (`issuedDocuments`: two revisions met with one number, domain/invoice.ts `separateRevisions`, and the
 * devices knew of different revisions) keeps the higher revision, its figures being the same on both.
 * Null for every other record (a change on both is a conflict for the user).
 */
export function mergeWithoutAsking(collection: string, mine: object | null, theirs: object | null): object | null {
  if (collection === 'issuedDocuments') return renumberedOnBoth(mine, theirs);
  if (collection !== 'documentNumbers') return null;
  const last = (r: object | null) => {
    const n = (r as { last?: unknown } | null)?.last;
    return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 0;
  };
  if (!theirs || last(theirs) === 0) return mine ?? theirs;
  if (!mine || last(mine) <= last(theirs)) return theirs;
  return { ...theirs, last: last(mine) };
}

/** One issued document renumbered differently on two devices: the higher revision; null when anything else differs. */
function renumberedOnBoth(mine: object | null, theirs: object | null): object | null {
  const revisionOf = (r: object) => (r as { revision?: unknown }).revision;
  if (!mine || !theirs || typeof mine !== 'object' || typeof theirs !== 'object') return null;
  const a = revisionOf(mine);
  const b = revisionOf(theirs);
  if (typeof a !== 'number' || typeof b !== 'number' || a < 2 || b < 2) return null;
  const rest = (r: object) => {
    const { revision: _revision, number: _number, issuedAs: _issuedAs, ...others } = r as Record<string, unknown>;
    return canonical(others);
  };
  if (rest(mine) !== rest(theirs)) return null;
  return a > b ? mine : theirs;
}

export function applyPulled(state: SyncState, snapshot: Snapshot, changes: readonly PulledChange[]): Applied {
  const into = startApplying(state, changes);
  for (const change of changes) applyPulledChange(into, snapshot, change);
  return finishApplying(state, into);
}

/** A page of pulled changes being applied (copies of the state's parts, changed in place): see {@link applyPulled}. */
export interface Applying {
  shadow: Record<string, ShadowEntry>;
  outbox: Record<string, OutboxEntry>;
  conflicts: Record<string, SyncConflict>;
  writes: LocalWrite[];
  returning: Set<number>;
  /** What was agreed before the page (a Tool Kit "changed here" is measured against it, not against the page's own steps). */
  agreed: Readonly<Record<string, ShadowEntry>>;
  /** The events the page deletes (their tombstones), known before any change of it is applied. */
  eventsDeleted: ReadonlySet<number>;
  /** Per event the page deletes: whether it changed here since the last sync (its record or its Tool Kit), decided once. */
  changedHere: Map<number, boolean>;
}

/**
 * Starts applying pulled changes onto `state` (copied once, so a page can be applied change by change, in
 * slices). `changes`: the whole page, so a line's tombstone pulled before its event's is known to be part of
 * the event's delete.
 */
export function startApplying(state: SyncState, changes: readonly PulledChange[] = []): Applying {
  const eventsDeleted = new Set<number>();
  for (const change of changes)
    if (change.collection === 'events' && change.deleted) eventsDeleted.add(Number(change.record_id));
  return {
    shadow: { ...state.shadow },
    outbox: { ...state.outbox },
    conflicts: { ...state.conflicts },
    writes: [],
    returning: new Set(state.returning ?? []),
    agreed: state.shadow,
    eventsDeleted,
    changedHere: new Map(),
  };
}

/** The per-event collections of the events a page deletes (what of this browser's data deciding it reads besides the page's own). */
export function collectionsFollowing(changes: readonly PulledChange[]): string[] {
  const collections: string[] = [];
  for (const change of changes)
    if (change.collection === 'events' && change.deleted)
      collections.push(...perEventCollectionsOf(Number(change.record_id)));
  return collections;
}

/**
 * Whether an event the page deletes changed here since the last sync: its own record, or any record of its
 * Tool Kit (a line added, changed). Decided once per page, against what was agreed before it.
 */
function eventChangedHere(into: Applying, snapshot: Snapshot, eventId: number): boolean {
  const known = into.changedHere.get(eventId);
  if (known !== undefined) return known;
  const agreedHash = (key: string) => into.agreed[key]?.hash ?? DELETED;
  const eventKey = keyOf('events', String(eventId));
  const record = localOf(snapshot, eventKey);
  let changed = false;
  if (record !== null) {
    changed = hashRecord(record) !== agreedHash(eventKey);
    for (const collection of perEventCollectionsOf(eventId)) {
      if (changed) break;
      for (const [id, line] of snapshot.get(collection) ?? [])
        if (hashRecord(line) !== agreedHash(keyOf(collection, id))) {
          changed = true;
          break;
        }
    }
  }
  into.changedHere.set(eventId, changed);
  return changed;
}

/** The state and the writes once the changes are applied. */
export function finishApplying(state: SyncState, into: Applying): Applied {
  const back = [...into.returning].sort((a, b) => a - b);
  return {
    state: {
      ...state,
      shadow: into.shadow,
      outbox: into.outbox,
      conflicts: into.conflicts,
      ...(back.length || state.returning ? { returning: back } : {}),
    },
    writes: into.writes,
  };
}

/** Whether `hash` is a content of this outbox entry that may have reached the account (sent, answer lost). */
const sentFromHere = (entry: OutboxEntry | undefined, hash: string): boolean =>
  !!entry && (entry.hash === hash || entry.previous.includes(hash));

/** Whether an event is deleted in the account and kept here until the caterer chooses (or becomes so with this page). */
function eventInQuestion(into: Applying, snapshot: Snapshot, eventId: number): boolean {
  const conflict = into.conflicts[keyOf('events', String(eventId))];
  // An open question about it (changed on both, say) that this page's delete turns into "deleted elsewhere".
  if (conflict) return conflict.mine !== null && (conflict.theirs === null || into.eventsDeleted.has(eventId));
  return into.eventsDeleted.has(eventId) && eventChangedHere(into, snapshot, eventId);
}

/** Applies one pulled change (see {@link applyPulled}). */
export function applyPulledChange(into: Applying, snapshot: Snapshot, change: PulledChange): void {
  const { shadow, outbox, conflicts, writes, returning } = into;
  const key = keyOf(change.collection, change.record_id);
  const theirs = change.deleted ? null : change.record;
  const theirsHash = hashRecord(theirs);
  const known = shadow[key];
  if (known && known.rev === change.rev && known.hash === theirsHash) return; // our own change coming back
  const owner = change.collection === 'events' ? Number(change.record_id) : eventIdOfCollection(change.collection);
  // New to this device, or deleted here before its event went away (a tombstone is not marked away):
  // either way not a record the device held when the event went away.
  const ofAwayEvent =
    (!known || known.hash === DELETED) && owner !== null && shadow[keyOf('events', String(owner))]?.away === true;
  if ((known?.away || ofAwayEvent) && localOf(snapshot, key) === null) {
    // Kept only in the account (or new to an event kept there): it stays there, at its new revision
    // (or is gone, deleted elsewhere), and the event comes back here to be looked at again (reopened,
    // moved to a later date, money owed again: src/sync/archive.ts `mayKeepOnlyInAccount`).
    const date = (theirs as { EventDate?: unknown } | null)?.EventDate;
    shadow[key] = theirs
      ? { rev: change.rev, hash: theirsHash, away: true, ...(typeof date === 'string' ? { date } : {}) }
      : { rev: change.rev, hash: DELETED };
    delete outbox[key];
    // Only a change to a record it held when it went away: a record new to this device may simply be
    // arriving late (a device joining the account pulls an event before its ingredient list).
    if (owner !== null && Number.isInteger(owner)) {
      if (theirs && known?.away) returning.add(owner);
      else if (!theirs && change.collection === 'events') returning.delete(owner);
    }
    return;
  }
  const ofEvent = change.collection === 'events' ? null : owner;
  if (theirs === null && ofEvent !== null && eventInQuestion(into, snapshot, ofEvent)) {
    // A record of an event deleted elsewhere and changed here: the delete is agreed, but it waits here with
    // its event for the caterer's choice (kept: sent again over the tombstone; kept deleted: removed here).
    shadow[key] = { rev: change.rev, hash: DELETED };
    delete outbox[key];
    delete conflicts[key];
    return;
  }
  const pendingConflict = conflicts[key];
  if (pendingConflict) {
    // Still waiting for the user: they will choose against the newest version.
    conflicts[key] = { ...pendingConflict, theirs, theirsRev: change.rev };
    return;
  }
  const local = localOf(snapshot, key);
  // Set aside here (unreadable) is not a change here: the account's version is written in its place.
  const localHash = local === null && unknownHere(snapshot, key) ? (known?.hash ?? DELETED) : hashRecord(local);
  // An event deleted elsewhere whose Tool Kit changed here is changed here, though its own record is not.
  const changedHere =
    localHash !== (known?.hash ?? DELETED) ||
    (theirs === null && change.collection === 'events' && local !== null && eventChangedHere(into, snapshot, owner!));
  if (localHash === theirsHash) {
    shadow[key] = { rev: change.rev, hash: theirsHash };
    delete outbox[key];
  } else if (!changedHere) {
    shadow[key] = { rev: change.rev, hash: theirsHash };
    delete outbox[key];
    writes.push({ collection: change.collection, record_id: change.record_id, record: theirs });
  } else if (sentFromHere(outbox[key], theirsHash)) {
    // The account holds what this device sent (a push applied whose answer never came back), and the record
    // changed here since: agreed at the account's revision, and this device's later version is still to send.
    shadow[key] = { rev: change.rev, hash: theirsHash };
    outbox[key] = { ...outbox[key]!, base_rev: change.rev };
  } else if (mergeWithoutAsking(change.collection, local, theirs)) {
    // Agreed with the account's version; the merge is written here and, where it differs from theirs
    // (this device's count is higher), the next push sends it with theirs as its base.
    const merged = mergeWithoutAsking(change.collection, local, theirs)!;
    shadow[key] = { rev: change.rev, hash: theirsHash };
    delete outbox[key];
    if (hashRecord(merged) !== localHash)
      writes.push({ collection: change.collection, record_id: change.record_id, record: merged });
  } else {
    conflicts[key] = {
      key,
      collection: change.collection,
      record_id: change.record_id,
      mine: local,
      theirs,
      theirsRev: change.rev,
    };
    delete outbox[key];
  }
}

export type PushResult =
  | {
      status: 'applied';
      client_change_id: string;
      collection: string;
      record_id: string;
      rev: number;
      /** Where the account put the change in its sequence (what pull cursors count). */
      change_seq?: number;
    }
  | {
      status: 'conflict';
      client_change_id: string;
      collection: string;
      record_id: string;
      server: { rev: number; record: object | null; deleted: boolean } | null;
    }
  | {
      status: 'rejected';
      client_change_id: string;
      collection: string;
      record_id: string;
      error: { code: string; message: string };
    };

/**
 * Takes the server's answer to a push of `sent` (same order). Applied: agreed, and out of the
 * outbox unless the record changed again meanwhile. Conflict with our own earlier content (a push
 * answered but not acknowledged): agreed, no dialog. Any other conflict: kept for the user. Refused:
 * kept in the outbox with the reason.
 */
export function applyPushed(
  state: SyncState,
  data: Snapshot | (() => Snapshot),
  sent: readonly OutboxEntry[],
  results: readonly (PushResult | undefined)[],
  newId: () => string,
): SyncState {
  // The data is read only when a conflict needs this device's version (most answers do not).
  let read: Snapshot | null = typeof data === 'function' ? null : data;
  const snapshot = () => (read ??= (data as () => Snapshot)());
  const shadow = { ...state.shadow };
  const outbox = { ...state.outbox };
  const conflicts = { ...state.conflicts };
  sent.forEach((entry, n) => {
    const result = results[n];
    if (!result || result.client_change_id !== entry.client_change_id) return; // answered nothing: sent again
    const key = keyOf(entry.collection, entry.record_id);
    const current = outbox[key];
    const same = current?.client_change_id === entry.client_change_id;
    if (result.status === 'applied') {
      shadow[key] = { rev: result.rev, hash: entry.hash };
      if (same) delete outbox[key];
      else if (current) outbox[key] = { ...current, base_rev: result.rev };
      return;
    }
    if (result.status === 'rejected') {
      if (same) outbox[key] = { ...entry, rejected: result.error };
      return;
    }
    const server = result.server;
    if (!server) {
      // The server does not have it (e.g. the account's data was reset): send it again as new.
      delete shadow[key];
      if (current) outbox[key] = { ...current, base_rev: null, client_change_id: newId() };
      return;
    }
    const theirs = server.deleted ? null : server.record;
    const theirsHash = hashRecord(theirs);
    const local = () => localOf(snapshot(), key);
    if (theirsHash === entry.hash || entry.previous.includes(theirsHash) || theirsHash === hashRecord(local())) {
      shadow[key] = { rev: server.rev, hash: theirsHash };
      if (current && current.hash !== theirsHash)
        outbox[key] = { ...current, base_rev: server.rev, client_change_id: newId() };
      else delete outbox[key];
      return;
    }
    if (mergeWithoutAsking(entry.collection, local(), theirs)) {
      // Changed elsewhere since the last pull: the next pull brings the account's version and merges it
      // (never a dialog); until then nothing is sent over it.
      delete outbox[key];
      return;
    }
    conflicts[key] = {
      key,
      collection: entry.collection,
      record_id: entry.record_id,
      mine: local(),
      theirs,
      theirsRev: server.rev,
    };
    delete outbox[key];
  });
  return { ...state, shadow, outbox, conflicts };
}

/**
 * The pull cursor once this device's own applied changes are counted: the account numbers every
 * change of the business one after the other, so when the changes right after the cursor are all
 * this device's own (already agreed here), a pull need not bring them back. The cursor moves over
 * them and stops at the first number that is not one of them (another device's change, still to pull).
 */
export function cursorAfterOwn(cursor: number, results: readonly (PushResult | undefined)[]): number {
  const own = new Set<number>();
  for (const result of results)
    if (result?.status === 'applied' && typeof result.change_seq === 'number') own.add(result.change_seq);
  let next = cursor;
  while (own.has(next + 1)) next++;
  return next;
}

export type Choice = { keep: 'theirs' } | { keep: 'mine' } | { keep: 'merged'; record: object };

/**
 * The user's choice for a conflict: theirs is written here; mine (or the merge) is written here and
 * sent with the account's revision as its base, so it replaces theirs everywhere.
 *
 * An event's per-event records follow the choice (`data`: this browser's, at least the event's per-event
 * collections and `deletedEventIds`, {@link collectionsOfChoice}): an event kept deleted takes every one
 * of them away here (those another device's delete left waiting, those added here meanwhile), and an event
 * kept (saved again, or their version over this device's delete) is no longer a deleted event here; the
 * records that waited are then sent over the account's tombstones, so it comes back whole everywhere.
 */
export function resolveConflict(
  state: SyncState,
  key: string,
  choice: Choice,
  data?: Snapshot,
  fetched: readonly PulledChange[] = [],
): Applied {
  const conflict = state.conflicts[key];
  if (!conflict) return { state, writes: [] };
  const conflicts = { ...state.conflicts };
  delete conflicts[key];
  const shadow = { ...state.shadow, [key]: { rev: conflict.theirsRev, hash: hashRecord(conflict.theirs) } };
  const chosen = choice.keep === 'theirs' ? conflict.theirs : choice.keep === 'mine' ? conflict.mine : choice.record;
  const writes: LocalWrite[] = [{ collection: conflict.collection, record_id: conflict.record_id, record: chosen }];
  const eventId = conflict.collection === 'events' ? Number(conflict.record_id) : NaN;
  if (data && Number.isInteger(eventId)) {
    if (chosen === null) {
      for (const collection of perEventCollectionsOf(eventId))
        for (const id of data.get(collection)?.keys() ?? []) writes.push({ collection, record_id: id, record: null });
    } else if (data.get('deletedEventIds')?.has(String(eventId))) {
      writes.push({ collection: 'deletedEventIds', record_id: String(eventId), record: null });
    }
    // Their version over this device's delete: the event's per-event records as the account holds them
    // (`fetched`, {@link needsAccountRecords}), written where this device's delete took them.
    if (chosen !== null && conflict.mine === null)
      for (const change of fetched) {
        const at = keyOf(change.collection, change.record_id);
        if (eventIdOfCollection(change.collection) !== eventId || change.deleted || !change.record) continue;
        if (data.get(change.collection)?.has(change.record_id) || conflicts[at]) continue;
        shadow[at] = { rev: change.rev, hash: hashRecord(change.record) };
        writes.push({ collection: change.collection, record_id: change.record_id, record: change.record });
      }
  }
  return { state: { ...state, shadow, conflicts }, writes };
}

/**
 * Whether a choice needs the account's records of an event first: an event deleted here, kept as another
 * device changed it. This device's delete took its per-event records from this browser (never from the
 * account: their tombstones waited for the delete), so they come back from the account.
 */
export function needsAccountRecords(state: SyncState, key: string, choice: Choice): boolean {
  const conflict = state.conflicts[key];
  return !!conflict && conflict.collection === 'events' && conflict.mine === null && choice.keep !== 'mine';
}

/** What of this browser's data a choice for `key` needs to read ({@link resolveConflict}): an event's per-event collections and the deleted ids. */
export function collectionsOfChoice(key: string): string[] {
  const { collection, id } = splitKey(key);
  const eventId = Number(id);
  return collection === 'events' && Number.isInteger(eventId)
    ? [...perEventCollectionsOf(eventId), 'deletedEventIds']
    : [];
}

/** The group a collection is counted in: one per kind of per-event key (`ingredientList-4` → ingredientLines), else itself. */
export function countGroupOf(collection: string): string {
  if (/^ingredientList-/.test(collection)) return 'ingredientLines';
  if (/^staffList-/.test(collection)) return 'staffLines';
  if (/-(discount|tax)Percentage$/.test(collection)) return 'percentages';
  return collection;
}

/** This browser's records by group (`countGroupOf`), for the counts the question and the storage section show. */
export function countRecords(snapshot: Snapshot): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [collection, records] of snapshot) {
    const group = countGroupOf(collection);
    counts[group] = (counts[group] ?? 0) + records.size;
  }
  return counts;
}
