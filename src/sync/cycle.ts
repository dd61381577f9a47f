/**
 * One pull and one push, over two ports: the device (its data and its sync state, src/storage) and
 * the account (the server's sync functions, src/sync/remote.ts). The sync machine's actors are these,
 * provided by src/app/sync; the tests give them fakes of both.
 */
import {
  applyPulledChange,
  collectionsFollowing,
  collectionsOfChoice,
  needsAccountRecords,
  perEventCollectionsOf,
  DELETED,
  eventIdOfCollection,
  STORAGE_FULL_MESSAGE,
  hashRecord,
  keyOf,
  type Applying,
  applyPushed,
  finishApplying,
  markReturned,
  startApplying,
  type Applied,
  changeSizeOf,
  cursorAfterOwn,
  pendingCount,
  recordChanges,
  recordChangesOf,
  resolveConflict,
  sendable,
  type Choice,
  type LocalWrite,
  type OutboxEntry,
  type PulledChange,
  type PushResult,
  type Snapshot,
  type SyncConflict,
  type SyncState,
} from './engine';
import {
  applyFetched,
  cutoffOf,
  eventsToBringBack,
  keepMonthsOf,
  markAway,
  mayGoOnArrival,
  mayKeepOnlyInAccount,
  selectEvictions,
} from './archive';
import { newEventIds, planRenumbering, type EventMove, type TakenEventIds } from './renumber';

export type { EventMove, TakenEventIds };

export interface LocalPort {
  /**
   * This browser's data; with `collections`, at least those (a pull's page reads only what it touches,
   * so a record of another collection may be missing: never a base for noting deletes).
   */
  snapshot(collections?: ReadonlySet<string>): Snapshot;
  /** Writes what the sync asks (and tells the views); throws when storage refuses. */
  write(writes: readonly LocalWrite[]): void;
  /**
   * A number that changes whenever this browser's synced data is changed by anyone but the sync (this tab's
   * views, another tab); absent: taken as never changing while a page is decided.
   */
  version?(): number;
  load(): SyncState;
  save(state: SyncState): void;
  /** Takes these events and their per-event keys out of this browser (they stay in the account). */
  evict(eventIds: readonly number[]): void;
  /**
   * Moves this device's new events to free ids (src/sync/renumber.ts): the writes all of it or none, the
   * events' Tool Kit drafts with them, and the views told which event is now which. Absent: `write`.
   */
  moveEvents?(moves: readonly EventMove[], writes: readonly LocalWrite[]): void;
}

/** What decides which events may be kept only in the account (src/sync/archive.ts). */
export interface ArchiveRule {
  /** Today, as an ISO date. */
  today(): string;
  /** Events that stay here whatever their date (the samples, one open now). */
  keep(eventId: number): boolean;
}

/** The account's side of events kept only there: one event with its per-event records. */
export interface ArchivePort {
  eventRecords(eventId: string): Promise<{ changes: PulledChange[] }>;
}

export interface PullPage {
  changes: PulledChange[];
  cursor: number;
  more: boolean;
  head: number;
}

export interface RemotePort {
  /** `sync_push`: at most {@link PUSH_BATCH} changes a call. */
  push(changes: ReadonlyArray<Record<string, unknown>>): Promise<PushResult[]>;
  /**
   * `sync_push_many`: the same push, up to {@link PUSH_MANY_BATCH} changes a call; null when the account's
   * server does not have it (an older one), and then `push` takes the changes.
   */
  pushMany?(changes: ReadonlyArray<Record<string, unknown>>): Promise<PushResult[] | null>;
  pull(since: number, maxRows: number): Promise<PullPage>;
  /**
   * `sync_event_ids`: which of these event ids the account holds, and its highest event id; null when the
   * account's server does not have it (then new events are not renumbered). Absent: the same.
   */
  eventIds?(eventIds: readonly string[]): Promise<TakenEventIds | null>;
}

/** What a step tells the machine. */
export interface SyncOutcome {
  pending: number;
  conflicts: SyncConflict[];
  rejected: number;
  at: number;
  /** This device's new events a pull moved to free ids (another device had added events with their ids). */
  moved?: EventMove[];
}

export const PUSH_BATCH = 500;
export const PULL_PAGE = 500;
/**
 * With `sync_push_many`: up to this many changes a request, and about this many characters of them
 * (estimated from the records' fingerprints, {@link changeSizeOf}), well under the embedded server's
 * 4 MiB a request (a request it still finds too large, 413, is sent again in two halves). Two
 * requests are in flight at once, so this device prepares the next batch while the account applies
 * the one before (the account applies one business's pushes one after another).
 */
export const PUSH_MANY_BATCH = 2000;
export const PUSH_MANY_CHARS = 3_000_000;
export const PUSHES_IN_FLIGHT = 2;

const outcome = (state: SyncState, at: number): SyncOutcome => ({
  pending: pendingCount(state),
  conflicts: Object.values(state.conflicts),
  rejected: Object.values(state.outbox).filter((e) => e.rejected).length,
  at,
});

/**
 * A push keeps the account's answers in memory and writes them into the stored sync state after this
 * many batches, or once this long has passed since the last time, and at its end (or when it fails).
 * Writing the state is the costly part of a first sync (a few MB of JSON for tens of thousands of
 * records), so doing it once per batch made the cycle quadratic. Nothing is lost by waiting: every
 * change's id is stored before it is sent, and the account answers a change id it already applied
 * with the stored result instead of applying it again, so after a reload the unwritten answers come
 * back by sending the same changes (docs/sync.md, "A cycle").
 */
export const SAVE_EVERY_BATCHES = 10;
export const SAVE_EVERY_MS = 2000;

/**
 * Whether noting the local changes left the state as stored: the same outbox, and the same agreed records
 * (recordChanges gives a new shadow only when it changes one, e.g. a record kept only in the account is
 * here again and no longer away).
 */
const sameNoted = (a: SyncState, b: SyncState) => a.shadow === b.shadow && sameOutbox(a, b);

/** Whether two states send the same changes (what the outbox stores: ids, bases, fingerprints, refusals). */
export function sameOutbox(a: SyncState, b: SyncState): boolean {
  const keys = Object.keys(a.outbox);
  if (keys.length !== Object.keys(b.outbox).length) return false;
  return keys.every((key) => {
    const x = a.outbox[key]!;
    const y = b.outbox[key];
    return (
      !!y &&
      x.client_change_id === y.client_change_id &&
      x.hash === y.hash &&
      x.base_rev === y.base_rev &&
      x.rejected?.code === y.rejected?.code
    );
  });
}

/** Notes this device's changes in the outbox (kept across reloads): the number waiting. */
export function noteLocalChanges(local: LocalPort, newId: () => string): SyncOutcome {
  const stored = local.load();
  const state = recordChanges(stored, local.snapshot(), newId);
  if (!sameNoted(stored, state)) storing(() => local.save(state));
  return outcome(state, Date.now());
}

/** How a pull shares the main thread with the page (src/app/sync gives it the browser's). */
export interface Pacing {
  /** Gives the browser a turn (a new task); the pull goes on when it resolves. */
  pause(): Promise<void>;
  /** A clock in ms (performance.now in the browser). */
  now(): number;
  /** Work done in one go before a pause, in ms of this clock. */
  sliceMs: number;
}

/** Without pacing (Node, the tests' default): a microtask between slices, the whole page one slice. */
const unpaced: Pacing = { pause: () => Promise.resolve(), now: () => 0, sliceMs: Infinity };

/**
 * If the data changed (another tab, this tab's views) while a page was being decided over several
 * slices, it is decided again; after this many tries it is decided and written in one go.
 */
export const PAGE_TRIES = 3;

/**
 * This browser's storage refused what the sync needs to keep here ({@link STORAGE_FULL_MESSAGE}).
 * Nothing already agreed is lost: the cursor stays before what was not stored, and the account keeps
 * everything. Its kind is `fatal`: the sync machine stops with the message instead of retrying on its own.
 */
export { STORAGE_FULL_MESSAGE };

export class SyncStorageFull extends Error {
  readonly kind = 'fatal';
  constructor(readonly cause?: unknown) {
    super(STORAGE_FULL_MESSAGE);
    this.name = 'SyncStorageFull';
  }
}

/** A refusal of storage because it is full (src/storage's `StorageWriteError` of reason quota, or the browser's own). */
export function isStorageFull(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { reason, name } = error as { reason?: unknown; name?: unknown };
  return reason === 'quota' || name === 'QuotaExceededError' || name === 'SyncStorageFull';
}

/** Runs a write or save of the sync; storage full becomes {@link SyncStorageFull}. */
function storing(run: () => void): void {
  try {
    run();
  } catch (error) {
    throw isStorageFull(error) && !(error instanceof SyncStorageFull) ? new SyncStorageFull(error) : error;
  }
}

/**
 * Events a pull decided "kept only in the account" as they arrived (issue 24 part 7): old, Completed or
 * Cancelled events new to this device are never written here; their records and their per-event records
 * (pulled later, maybe pages later) are agreed as `away` and kept in memory only until the pull ends,
 * when what each owes is known: those that owe nothing stay in the account, the others are written here
 * then ({@link settleHeld}). Until then each is listed in `returning`, so a pull cut short (a reload)
 * looks at them again at later syncs (`bringBack`).
 */
interface Holding {
  cutoff: string | null;
  keep: (eventId: number) => boolean;
  /** By event id: its pulled changes by sync key (its own record under `events|id`). */
  events: Map<number, Map<string, PulledChange>>;
}

/** Takes a pulled change for an event held in the account, or one that may be: true when it is held. */
function holdChange(into: Applying, data: Snapshot, change: PulledChange, holding: Holding): boolean {
  const isEvent = change.collection === 'events';
  const owner = isEvent ? Number(change.record_id) : eventIdOfCollection(change.collection);
  if (owner === null || !Number.isInteger(owner)) return false;
  const key = keyOf(change.collection, change.record_id);
  const theirs = change.deleted ? null : change.record;
  let records = holding.events.get(owner);
  if (!records) {
    // Only an event this device knows nothing of (nor holds anything of) goes straight to the account.
    if (!isEvent || !theirs || into.shadow[key] || into.conflicts[key] || into.outbox[key]) return false;
    if (data.get('events')?.has(change.record_id)) return false;
    if (holding.keep(owner) || !mayGoOnArrival(theirs, holding.cutoff)) return false;
    records = new Map();
    holding.events.set(owner, records);
  } else if (data.get(change.collection)?.has(change.record_id) || into.conflicts[key]) return false;
  delete into.outbox[key];
  if (!theirs) {
    records.delete(key);
    into.shadow[key] = { rev: change.rev, hash: DELETED };
    if (isEvent) {
      // Deleted in the account: nothing of it to keep anywhere here.
      holding.events.delete(owner);
      into.returning.delete(owner);
    }
    return true;
  }
  records.set(key, change);
  const date = isEvent ? (theirs as { EventDate?: unknown }).EventDate : undefined;
  into.shadow[key] = {
    rev: change.rev,
    hash: hashRecord(theirs),
    away: true,
    ...(typeof date === 'string' ? { date } : {}),
  };
  into.returning.add(owner);
  return true;
}

/** Applies one pulled change: held in the account ({@link holdChange}) or applied here. */
function applyChange(into: Applying, data: Snapshot, change: PulledChange, holding: Holding | null): void {
  if (!holding || !holdChange(into, data, change, holding)) applyPulledChange(into, data, change);
}

/**
 * At the end of a pull, the events it held in the account: each that owes nothing (now that its per-event
 * records are all here: `mayKeepOnlyInAccount`) stays there, written nowhere; each other one (money owed,
 * the highest id, records of it here already) is written here and agreed. Storage full: {@link SyncStorageFull},
 * the held events staying in the account (and in `returning`, to be looked at again).
 */
function settleHeld(local: LocalPort, holding: Holding): SyncState | null {
  if (!holding.events.size) return null;
  const state = local.load();
  // Only what it needs to look at: the events here, the deleted ids, and the held events' per-event keys.
  const wanted = new Set(['events', 'deletedEventIds']);
  for (const id of holding.events.keys()) for (const collection of perEventCollectionsOf(id)) wanted.add(collection);
  const data = local.snapshot(wanted);
  const numbers = (ids: Iterable<string>) => [...ids].map(Number).filter(Number.isInteger);
  const highest = Math.max(
    ...numbers(data.get('events')?.keys() ?? []),
    ...numbers(data.get('deletedEventIds')?.keys() ?? []),
    ...holding.events.keys(),
  );
  const perEventHere = new Set<number>();
  for (const [collection, records] of data) {
    const id = eventIdOfCollection(collection);
    if (id !== null && records.size) perEventHere.add(id);
  }
  const shadow = { ...state.shadow };
  const returning = new Set(state.returning ?? []);
  const writes: LocalWrite[] = [];
  const stillHeld = (change: PulledChange) => {
    const entry = shadow[keyOf(change.collection, change.record_id)];
    return !!change.record && !!entry?.away && entry.hash === hashRecord(change.record);
  };
  for (const [id, records] of holding.events) {
    const own = records.get(keyOf('events', String(id)));
    // Changed since by someone else (another tab's sync): left to `bringBack`.
    if (!own || !stillHeld(own)) continue;
    const snapshot: Snapshot = new Map();
    for (const change of records.values()) {
      if (change.collection === 'events' || !stillHeld(change)) continue;
      const into = snapshot.get(change.collection) ?? new Map<string, object>();
      into.set(change.record_id, change.record!);
      snapshot.set(change.collection, into);
    }
    returning.delete(id);
    const goes =
      id !== highest &&
      !perEventHere.has(id) &&
      !holding.keep(id) &&
      mayKeepOnlyInAccount(own.record!, id, snapshot, holding.cutoff);
    if (goes) continue;
    for (const [key, change] of records) {
      if (!stillHeld(change)) continue;
      shadow[key] = { rev: shadow[key]!.rev, hash: shadow[key]!.hash };
      writes.push({ collection: change.collection, record_id: change.record_id, record: change.record });
    }
  }
  const back = [...returning].sort((a, b) => a - b);
  const next: SyncState = { ...state, shadow, returning: back };
  if (writes.length) storing(() => local.write(writes));
  storing(() => local.save(next));
  return next;
}

/** The collections a page of changes touches (what of this browser's data it needs to read). */
const collectionsOf = (changes: readonly PulledChange[]) =>
  new Set([...changes.map((c) => c.collection), ...collectionsFollowing(changes)]);

/**
 * Applies a page of pulled changes onto `state` in slices of about `pacing.sliceMs`, pausing between them,
 * the data read once (only the page's collections). Null when this browser's data changed meanwhile
 * (`local.version`), so what was decided may be stale.
 */
async function decidePage(
  local: LocalPort,
  state: SyncState,
  changes: readonly PulledChange[],
  pacing: Pacing,
  holding: Holding | null,
): Promise<Applied | null> {
  const seen = local.version?.();
  const data = local.snapshot(collectionsOf(changes));
  const into = startApplying(state, changes);
  let start = pacing.now();
  for (let n = 0; n < changes.length; n++) {
    applyChange(into, data, changes[n]!, holding);
    if (n + 1 < changes.length && pacing.now() - start >= pacing.sliceMs) {
      await pacing.pause();
      if (local.version?.() !== seen) return null;
      start = pacing.now();
    }
  }
  return local.version?.() === seen ? finishApplying(state, into) : null;
}

/**
 * Pulls every change since the cursor (page by page), applying what does not conflict. Each page is
 * decided in slices (`pacing`), pausing between them so the page stays responsive while a device joins a
 * big account; then its writes go to this browser's data at once (each key written once, the views told
 * once), and, in the next task, the sync state with the page's cursor: the cursor never moves past records
 * not stored (a reload between the two pulls the page again, and finds its records already agreed here).
 * A change here while a page is decided (another tab, this tab's views: `local.version`) has it decided
 * again, so nothing changed meanwhile is written over.
 */
export async function pullChanges(
  local: LocalPort,
  remote: RemotePort,
  newId: () => string,
  rule?: ArchiveRule,
  paced: Pacing = unpaced,
  signal?: AbortSignal,
): Promise<SyncOutcome> {
  // Stopped (signed out, another account signed in, sync turned off): nothing more is read, written or
  // asked of the account after any wait, so a join cut short never writes into another account's data.
  const pacing: Pacing = {
    ...paced,
    pause: async () => {
      await paced.pause();
      signal?.throwIfAborted();
    },
  };
  signal?.throwIfAborted();
  // This device's changes are not noted here: a page is decided from the data itself (a record changed
  // here since the last sync is one whose fingerprint differs from what was agreed, noted or not), and
  // the push that follows notes the outbox a slice at a time, sending each slice as soon as it is stored.
  // Only a record kept only in the account that is here again is marked so (it is no longer away).
  const stored = local.load();
  const returned = markReturned(stored, () => local.snapshot());
  if (returned !== stored) storing(() => local.save(returned));
  // Before anything of the account is applied: this device's new events whose ids another device took.
  const moved = await renumberNewEvents(local, remote);
  signal?.throwIfAborted();
  // Old past events new here are decided "kept only in the account" as they arrive, never written then let go.
  // (A rule that cannot tell today holds nothing: every event is written here, as without one.)
  let holding: Holding | null = null;
  try {
    if (rule)
      holding = {
        cutoff: cutoffOf(rule.today(), keepMonthsOf(returned)),
        keep: (id) => rule.keep(id),
        events: new Map(),
      };
  } catch {
    holding = null;
  }
  for (let pages = 0; pages < 10_000; pages++) {
    const before = local.load();
    const page = await remote.pull(before.cursor, PULL_PAGE);
    signal?.throwIfAborted();
    // A cursor past the head means the account's data was reset: pull everything again.
    const since = before.cursor > page.head ? 0 : null;
    if (since === 0) {
      storing(() => local.save({ ...before, cursor: 0, shadow: {} }));
      continue;
    }
    let next: SyncState | null = null;
    let wroteEvents = false;
    for (let tries = 1; !next; tries++) {
      await pacing.pause();
      // Another tab may have moved on meanwhile: take its state, not the one read before the request.
      const current = local.load();
      if (current.cursor !== before.cursor) break;
      const sliced = tries < PAGE_TRIES;
      const decided = sliced
        ? await decidePage(local, current, page.changes, pacing, holding)
        : applyAll(current, local.snapshot(collectionsOf(page.changes)), page.changes, holding);
      // Decided against a state or data that changed meanwhile: again (the last try in one go, nothing awaited).
      if (!decided || (sliced && local.load() !== current)) continue;
      const { state, writes } = decided;
      if (writes.length) storing(() => local.write(writes));
      // Kept over a try decided again (its records already here, so written no more): they were written.
      wroteEvents ||= writes.some((w) => w.collection === 'events');
      next = { ...state, cursor: page.cursor };
      // The state in its own task (writing it is as costly as the data): the records are stored first.
      if (sliced) {
        await pacing.pause();
        if (local.load() !== current) {
          // Another writer of the state between the two (this tab noting a change, another tab's sync):
          // the page is decided again on its state (its records, already here, are simply agreed).
          next = null;
          continue;
        }
      }
      const changed = page.changes.length || page.cursor !== current.cursor;
      if (changed || !sameOutbox(current, next)) storing(() => local.save(next!));
    }
    if (!next) continue;
    if (holding && !page.more) next = settleHeld(local, holding) ?? next;
    // Old events new here were held in the account as they came (never written), so older events are let
    // go once, at the end (what a page changed here: an event here moved to a past date, say). Without
    // holding (a rule that cannot tell today), after each page that brought events, as before.
    if (rule && (!page.more || (!holding && wroteEvents))) {
      await pacing.pause();
      next = archiveFrom(local, local.load(), newId, rule).state;
    }
    if (!page.more) return { ...outcome(next, Date.now()), ...(moved.length ? { moved } : {}) };
  }
  throw new Error('The account sent more pages than expected.');
}

/** The most event ids asked of the account in one call (`sync_event_ids` takes 500). */
export const EVENT_IDS_BATCH = 500;

/**
 * A new event added on two devices before they sync (src/sync/renumber.ts): on a device that has synced
 * before, this device's events the account has never agreed are asked about, and each whose id the account
 * holds for another booking is moved here to a free id, with what names it, written at once (all of it or
 * none) before the pull applies anything: the pull then brings the other device's event under its id, and
 * the push sends this one as new. A device's first sync (a join) merges by id instead (conflicts shown).
 * What it moved; nothing when the account's server cannot say (an older one) or nothing collides.
 */
export async function renumberNewEvents(local: LocalPort, remote: RemotePort): Promise<EventMove[]> {
  if (!remote.eventIds) return [];
  const before = local.load();
  if (before.lastSyncedAt === null) return [];
  const asked = newEventIds(before, local.snapshot(new Set(['events'])).get('events')).slice(0, EVENT_IDS_BATCH);
  if (!asked.length) return [];
  const taken = await remote.eventIds(asked);
  if (!taken?.events.length) return [];
  // Read again after the wait: another tab or this tab's views may have changed the data or the state (asking
  // for the version first makes a view's write still waiting for the paint, so the plan moves what it wrote).
  local.version?.();
  const state = local.load();
  const plan = planRenumbering(state, local.snapshot(), asked, taken);
  if (!plan.moves.length) return [];
  storing(() => (local.moveEvents ? local.moveEvents(plan.moves, plan.writes) : local.write(plan.writes)));
  storing(() => local.save(plan.state));
  return plan.moves;
}

/** A page decided in one go (nothing awaited). */
function applyAll(
  state: SyncState,
  data: Snapshot,
  changes: readonly PulledChange[],
  holding: Holding | null,
): Applied {
  const into = startApplying(state, changes);
  for (const change of changes) applyChange(into, data, change, holding);
  return finishApplying(state, into);
}

const changeOf = (e: OutboxEntry): Record<string, unknown> =>
  e.deleted
    ? {
        collection: e.collection,
        record_id: e.record_id,
        base_rev: e.base_rev,
        deleted: true,
        client_change_id: e.client_change_id,
      }
    : {
        collection: e.collection,
        record_id: e.record_id,
        base_rev: e.base_rev,
        record: e.record,
        client_change_id: e.client_change_id,
      };

/**
 * The outbox's changes in batches of at most `most` changes and about `chars` characters (at least one
 * change each), in order.
 */
export function batchesOf(queue: readonly OutboxEntry[], most: number, chars = Infinity): OutboxEntry[][] {
  const batches: OutboxEntry[][] = [];
  let batch: OutboxEntry[] = [];
  let size = 0;
  for (const entry of queue) {
    const more = changeSizeOf(entry);
    if (batch.length && (batch.length >= most || size + more > chars)) {
      batches.push(batch);
      batch = [];
      size = 0;
    }
    batch.push(entry);
    size += more;
  }
  if (batch.length) batches.push(batch);
  return batches;
}

/**
 * Whether a batch of {@link batchesOf} is full: `most` changes, or no room left under `chars` for another
 * change as large as its largest (the changes of one collection are about the same size).
 */
export function batchIsFull(batch: readonly OutboxEntry[], most: number, chars = Infinity): boolean {
  if (batch.length >= most) return true;
  let size = 0;
  let largest = 0;
  for (const entry of batch) {
    const more = changeSizeOf(entry);
    size += more;
    largest = Math.max(largest, more);
  }
  return size + largest > chars;
}

/**
 * A push notes the outbox in slices of whole collections: the first of at least this many records (or
 * the whole data), each next one of at least twice as many as the one before (docs/sync.md "A cycle").
 */
export const NOTE_FIRST_SLICE = PUSH_MANY_BATCH;

/**
 * The data's collections in slices (in the data's order): whole collections, the first holding at least
 * `first` records, each next at least twice as many as the one before; the last whatever remains.
 */
export function slicesOf(snapshot: Snapshot, first: number): string[][] {
  const slices: string[][] = [];
  let slice: string[] = [];
  let size = 0;
  let target = first;
  for (const [collection, records] of snapshot) {
    slice.push(collection);
    size += records.size;
    if (size >= target) {
      slices.push(slice);
      slice = [];
      size = 0;
      target *= 2;
    }
  }
  if (slice.length) slices.push(slice);
  return slices;
}

/** A turn of the event loop (a new task): a request just sent leaves before the next slice is noted. */
const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A request the server found too large (413): sent again in two halves. */
const tooLarge = (error: unknown) => (error as { status?: unknown } | null)?.status === 413;

type Answered =
  | { ok: true; batch: OutboxEntry[]; results: PushResult[] | null }
  | { ok: false; batch: OutboxEntry[]; error: unknown };

/**
 * Sends the outbox in batches; each answered change leaves it (or becomes a conflict, or is refused).
 * The answers are written into the stored state every few batches (`SAVE_EVERY_BATCHES`,
 * `SAVE_EVERY_MS`), at the end, and when a batch fails; each time onto the state as stored then (this
 * tab's notes of new changes, another tab's sync), never over it. With `sync_push_many` the batches
 * are larger and two are in flight at once (the first alone, to learn whether the server has it); the
 * answers are taken in the order the batches were sent. A failed batch stops the sending; what the
 * account answered for the batches before it, and for one already in flight, is kept.
 */
export async function pushChanges(
  local: LocalPort,
  remote: RemotePort,
  newId: () => string,
  rule?: ArchiveRule,
  now: () => number = Date.now,
): Promise<SyncOutcome> {
  const first = await pushOnce(local, remote, newId, rule, now);
  // The tombstones of a deleted event's per-event records wait until the account has agreed the event's
  // own (engine.ts `recordChangesOf`): once it has, they go at once, not at the next sync.
  return first.eventsDeleted ? (await pushOnce(local, remote, newId, rule, now)).outcome : first.outcome;
}

/** One pass of {@link pushChanges}: its outcome, and whether the account agreed an event's delete in it. */
async function pushOnce(
  local: LocalPort,
  remote: RemotePort,
  newId: () => string,
  rule: ArchiveRule | undefined,
  now: () => number,
): Promise<{ outcome: SyncOutcome; eventsDeleted: boolean }> {
  let eventsDeleted = false;
  let many = !!remote.pushMany;
  const waiting: OutboxEntry[][] = [];
  // The outbox is noted a slice of whole collections at a time (the first about one batch, each next one
  // twice as large): every change's id is stored before it is sent, so a retry (after a reload too) sends
  // the same id; the first request goes out once the first slice is stored, and the account works on it
  // while this device notes the next. A collection's deletes are inferred only when it is noted whole.
  const plan = slicesOf(local.snapshot(), NOTE_FIRST_SLICE);
  const noted = new Set<string>();
  let slices = 0;
  // Noted but not yet in a full batch (it waits for the next slice's changes, so the batches are the same).
  let carried: OutboxEntry[] = [];
  // Noted but not yet stored: stored before any of its changes is sent (nothing is awaited in between).
  let unsaved: SyncState | null = null;
  /** Notes the next slice (the last: every collection not noted yet); false once the whole outbox is noted. */
  const noteSlice = (): boolean => {
    const last = slices >= plan.length - 1;
    const slice = last ? null : new Set(plan[slices]);
    const inSlice = slice ? (c: string) => slice.has(c) : (c: string) => !noted.has(c);
    const base = unsaved ?? local.load();
    const state = recordChangesOf(base, slice ? local.snapshot(slice) : local.snapshot(), newId, inSlice);
    unsaved = unsaved || !sameNoted(base, state) ? state : null;
    const queue = carried;
    for (const entry of sendable(state)) if (inSlice(entry.collection)) queue.push(entry);
    const most = many ? PUSH_MANY_BATCH : PUSH_BATCH;
    const chars = many ? PUSH_MANY_CHARS : Infinity;
    const batches = batchesOf(queue, most, chars);
    // Only a batch with room left waits for the next slice; a full one (by count or by characters) goes now.
    const open = batches.at(-1);
    carried = last || !open || batchIsFull(open, most, chars) ? [] : (batches.pop() ?? []);
    if (unsaved && (batches.length || last)) {
      const toStore = unsaved;
      storing(() => local.save(toStore));
      unsaved = null;
    }
    waiting.push(...batches);
    if (slice) for (const c of slice) noted.add(c);
    slices++;
    return !last;
  };
  let sent: OutboxEntry[] = [];
  let answers: (PushResult | undefined)[] = [];
  // This push's applied answers, for the cursor (batches in flight together may be numbered in either order).
  const applied: PushResult[] = [];
  let batches = 0;
  let savedAt = now();
  const writeDown = (extra?: Partial<SyncState>): SyncState => {
    const current = local.load();
    let next = sent.length
      ? {
          ...applyPushed(current, () => local.snapshot(), sent, answers, newId),
          cursor: cursorAfterOwn(current.cursor, applied),
        }
      : current;
    if (extra) next = { ...next, ...extra };
    if (next !== current) storing(() => local.save(next));
    sent = [];
    answers = [];
    batches = 0;
    savedAt = now();
    return next;
  };
  const send = (batch: OutboxEntry[]): Promise<Answered> => {
    const changes = batch.map(changeOf);
    return new Promise<PushResult[] | null>((resolve) =>
      resolve(many ? remote.pushMany!(changes) : remote.push(changes)),
    ).then(
      (results): Answered => ({ ok: true, batch, results }),
      (error: unknown): Answered => ({ ok: false, batch, error }),
    );
  };
  const inFlight: { answer: Promise<Answered>; settled: boolean }[] = [];
  // Until the server has answered sync_push_many once, one request at a time.
  let probing = many;
  let failure: { error: unknown } | null = null;
  /** Sends what may be sent now: true when a request went out. */
  const fill = (): boolean => {
    const most = many && !probing ? PUSHES_IN_FLIGHT : 1;
    let any = false;
    while (!failure && inFlight.length < most && waiting.length) {
      const request = { answer: send(waiting.shift()!), settled: false };
      void request.answer.then(() => (request.settled = true));
      inFlight.push(request);
      any = true;
    }
    return any;
  };
  let noting = noteSlice();
  let went = fill();
  while (noting || inFlight.length) {
    // While slices remain, the next is noted unless the oldest request has its answer or, a request being
    // out, as many batches wait to go as leave when it comes (two with sync_push_many): so the answer is
    // taken as it comes and the next requests leave at once, instead of the account waiting while this
    // device notes the rest. (None out with batches waiting: a request failed; the rest is noted and kept.)
    // After a request goes out, a turn first, so it leaves this device before the noting holds the thread.
    const enoughWaiting = inFlight.length > 0 && waiting.length >= (many ? PUSHES_IN_FLIGHT : 1);
    if (noting && !inFlight[0]?.settled && !enoughWaiting) {
      if (went) await turn();
      if (!inFlight[0]?.settled) {
        noting = noteSlice();
        went = fill();
        continue;
      }
    }
    const done = await inFlight.shift()!.answer;
    if (!done.ok) {
      if (tooLarge(done.error) && done.batch.length > 1) {
        const half = Math.ceil(done.batch.length / 2);
        waiting.unshift(done.batch.slice(0, half), done.batch.slice(half));
      } else failure ??= { error: done.error };
    } else if (done.results === null) {
      // The account's server has no sync_push_many (an older one): sync_push, 500 changes at a time.
      many = false;
      probing = false;
      const rest = [done.batch, ...waiting].flat();
      waiting.length = 0;
      waiting.push(...batchesOf(rest, PUSH_BATCH));
    } else {
      probing = false;
      const results = done.results;
      // One answer per change sent, in order (a missing answer leaves its change to be sent again).
      for (let n = 0; n < done.batch.length; n++) {
        sent.push(done.batch[n]!);
        answers.push(results[n]);
        if (results[n]?.status !== 'applied') continue;
        applied.push(results[n]!);
        if (done.batch[n]!.collection === 'events' && done.batch[n]!.deleted) eventsDeleted = true;
      }
      if (!failure && (++batches >= SAVE_EVERY_BATCHES || now() - savedAt >= SAVE_EVERY_MS)) {
        try {
          writeDown();
        } catch (error) {
          failure = { error };
        }
      }
    }
    went = fill();
  }
  if (failure) {
    // What the account answered before the failure is kept (if storage takes it; else it comes again).
    try {
      writeDown();
    } catch {
      /* the answers come again at the next push, by the same change ids */
    }
    throw failure.error;
  }
  let done = writeDown({ lastSyncedAt: now() });
  if (rule) done = archiveFrom(local, done, newId, rule).state;
  return { outcome: outcome(done, done.lastSyncedAt!), eventsDeleted };
}

/**
 * The user's choice for one conflict, written here; the next push sends it. `fetched`: the account's
 * records of the event when the choice needs them ({@link chooseWithAccount}).
 */
export function chooseForConflict(
  local: LocalPort,
  key: string,
  choice: Choice,
  fetched?: readonly PulledChange[],
): SyncOutcome {
  const following = collectionsOfChoice(key);
  const data = following.length ? local.snapshot(new Set(following)) : undefined;
  const { state, writes } = resolveConflict(local.load(), key, choice, data, fetched);
  if (writes.length) local.write(writes);
  local.save(state);
  return outcome(state, Date.now());
}

/**
 * {@link chooseForConflict}, first fetching what the choice needs of the account: an event deleted here
 * and kept as another device changed it comes back with its per-event records as the account holds them.
 * Out of reach: the error is thrown and nothing is chosen (the question stays, to be answered again).
 */
export async function chooseWithAccount(
  local: LocalPort,
  archive: ArchivePort,
  key: string,
  choice: Choice,
): Promise<SyncOutcome> {
  if (!needsAccountRecords(local.load(), key, choice)) return chooseForConflict(local, key, choice);
  const { changes } = await archive.eventRecords(key.slice(key.indexOf('|') + 1));
  return chooseForConflict(local, key, choice, changes);
}

/**
 * Lets this device's old, past, agreed events go (kept only in the account): the sync state marks
 * them `away` first, then their data leaves this browser, so no step in between reads as a delete.
 * Storage refusing it changes nothing that matters (the records stay here, agreed). The number let go.
 */
export function archiveOld(local: LocalPort, newId: () => string, rule: ArchiveRule): number {
  try {
    return archiveFrom(local, local.load(), newId, rule).count;
  } catch {
    return 0;
  }
}

/** {@link archiveOld} from a state just read or written (no second read): the state after it. */
function archiveFrom(
  local: LocalPort,
  state: SyncState,
  newId: () => string,
  rule: ArchiveRule,
): { state: SyncState; count: number } {
  try {
    const data = local.snapshot();
    const noted = recordChanges(state, data, newId);
    const plan = selectEvictions(noted, data, {
      cutoff: cutoffOf(rule.today(), keepMonthsOf(noted)),
      keep: (id) => rule.keep(id),
    });
    if (!plan.eventIds.length) return { state, count: 0 };
    const away = markAway(noted, plan);
    local.save(away);
    local.evict(plan.eventIds);
    return { state: away, count: plan.eventIds.length };
  } catch {
    return { state, count: 0 };
  }
}

/** At most this many events come back per sync (the rest at the next ones), so a sync stays short. */
export const BRING_BACK_BATCH = 20;

/**
 * Brings back events kept only in the account that may no longer be kept only there, or that a pulled
 * change touched (src/sync/archive.ts `eventsToBringBack`): each is fetched with its per-event records
 * and written here (`applyFetched`); the next `archiveOld` lets go again those that still may go. A
 * network or storage failure stops it, changing nothing more: the rest come back at a later sync.
 * The number brought back.
 */
export async function bringBack(
  local: LocalPort,
  archive: ArchivePort,
  rule: ArchiveRule,
  most = BRING_BACK_BATCH,
): Promise<number> {
  const first = local.load();
  const ids = eventsToBringBack(first, cutoffOf(rule.today(), keepMonthsOf(first))).slice(0, most);
  let done = 0;
  try {
    for (const id of ids) {
      const { changes } = await archive.eventRecords(String(id));
      const { state, writes } = applyFetched(local.load(), local.snapshot(), id, changes);
      if (writes.length) local.write(writes);
      local.save(state);
      done++;
    }
  } catch {
    /* offline, or storage refused: the rest wait for a later sync */
  }
  return done;
}

/**
 * Opens an event kept only in the account: fetches it with its per-event records and writes them
 * here (agreed, no longer away). False when the account no longer has it.
 */
export async function fetchEvent(local: LocalPort, archive: ArchivePort, eventId: number): Promise<boolean> {
  const { changes } = await archive.eventRecords(String(eventId));
  if (!changes.some((c) => c.collection === 'events' && c.record_id === String(eventId) && !c.deleted)) return false;
  const { state, writes } = applyFetched(local.load(), local.snapshot(), eventId, changes);
  if (writes.length) local.write(writes);
  local.save(state);
  return true;
}
