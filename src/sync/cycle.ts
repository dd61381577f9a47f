/**
 * One pull and one push, over two ports: the device (its data and its sync state, src/storage) and
 * the account (the server's sync functions, src/sync/remote.ts). The sync machine's actors are these,
 * provided by src/app/sync; the tests give them fakes of both.
 */
import {
  applyPulled,
  applyPushed,
  pendingCount,
  recordChanges,
  resolveConflict,
  sendable,
  type Choice,
  type LocalWrite,
  type PulledChange,
  type PushResult,
  type Snapshot,
  type SyncConflict,
  type SyncState,
} from './engine';

export interface LocalPort {
  snapshot(): Snapshot;
  /** Writes what the sync asks (and tells the views); throws when storage refuses. */
  write(writes: readonly LocalWrite[]): void;
  load(): SyncState;
  save(state: SyncState): void;
}

export interface PullPage {
  changes: PulledChange[];
  cursor: number;
  more: boolean;
  head: number;
}

export interface RemotePort {
  push(changes: ReadonlyArray<Record<string, unknown>>): Promise<PushResult[]>;
  pull(since: number, maxRows: number): Promise<PullPage>;
}

/** What a step tells the machine. */
export interface SyncOutcome {
  pending: number;
  conflicts: SyncConflict[];
  rejected: number;
  at: number;
}

export const PUSH_BATCH = 500;
export const PULL_PAGE = 500;

const outcome = (state: SyncState, at: number): SyncOutcome => ({
  pending: pendingCount(state),
  conflicts: Object.values(state.conflicts),
  rejected: Object.values(state.outbox).filter((e) => e.rejected).length,
  at,
});

/** Notes this device's changes in the outbox (kept across reloads): the number waiting. */
export function noteLocalChanges(local: LocalPort, newId: () => string): SyncOutcome {
  const state = recordChanges(local.load(), local.snapshot(), newId);
  local.save(state);
  return outcome(state, Date.now());
}

/** Pulls every change since the cursor (page by page), applying what does not conflict. */
export async function pullChanges(local: LocalPort, remote: RemotePort, newId: () => string): Promise<SyncOutcome> {
  for (let pages = 0; pages < 10_000; pages++) {
    const before = local.load();
    const page = await remote.pull(before.cursor, PULL_PAGE);
    // A cursor past the head means the account's data was reset: pull everything again.
    const since = before.cursor > page.head ? 0 : null;
    if (since === 0) {
      local.save({ ...before, cursor: 0, shadow: {} });
      continue;
    }
    // Another tab may have moved on meanwhile: take its state, not the one read before the request.
    const current = local.load();
    if (current.cursor !== before.cursor) continue;
    const noted = recordChanges(current, local.snapshot(), newId);
    const { state, writes } = applyPulled(noted, local.snapshot(), page.changes);
    if (writes.length) local.write(writes);
    local.save({ ...state, cursor: page.cursor });
    if (!page.more) return outcome(local.load(), Date.now());
  }
  throw new Error('The account sent more pages than expected.');
}

/** Sends the outbox in batches; each answered change leaves it (or becomes a conflict, or is refused). */
export async function pushChanges(local: LocalPort, remote: RemotePort, newId: () => string): Promise<SyncOutcome> {
  let state = recordChanges(local.load(), local.snapshot(), newId);
  local.save(state);
  const queue = sendable(state);
  for (let at = 0; at < queue.length; at += PUSH_BATCH) {
    const batch = queue.slice(at, at + PUSH_BATCH);
    const results = await remote.push(
      batch.map((e) =>
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
            },
      ),
    );
    state = applyPushed(local.load(), local.snapshot(), batch, results, newId);
    local.save(state);
  }
  const done = { ...local.load(), lastSyncedAt: Date.now() };
  local.save(done);
  return outcome(done, done.lastSyncedAt!);
}

/** The user's choice for one conflict, written here; the next push sends it. */
export function chooseForConflict(local: LocalPort, key: string, choice: Choice): SyncOutcome {
  const { state, writes } = resolveConflict(local.load(), key, choice);
  if (writes.length) local.write(writes);
  local.save(state);
  return outcome(state, Date.now());
}
