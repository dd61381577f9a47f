/**
 * This browser's side of the sync cycle (src/sync/cycle.ts `LocalPort`, `Pacing`): the signed-in account's
 * data and sync state in localStorage (src/storage/syncData.ts), and how a pull shares the main thread.
 */
import type { LocalPort, Pacing } from '../../sync/cycle';
import {
  dataOwner,
  evictEvents,
  moveEventsHere,
  loadSyncState,
  readSyncSnapshot,
  saveSyncState,
  watchSyncedKeys,
  writeSyncChanges,
} from '../../storage/syncData';
import { flushPendingWrites } from '../../storage/pendingWrites';
import { emptySyncState } from '../../sync/engine';
import type { IssuedDocument } from '../../domain/invoice';
import type { EventMove } from '../../sync/renumber';
import { announceEventMoves } from './eventMoves';

/**
 * How a pull shares the main thread (issues 23 and 24: a device joining a big account): a page is applied
 * in slices of about 8 ms, each followed by a new task (`scheduler.yield` where the browser has it, else
 * a MessageChannel message, which is not clamped like a nested setTimeout), so input and rendering go
 * between them.
 */
export const browserPacing: Pacing = {
  pause: () => {
    const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
    if (typeof scheduler?.yield === 'function') return scheduler.yield();
    return new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  },
  now: () => performance.now(),
  sliceMs: 8,
};

export interface BrowserLocal extends LocalPort {
  version(): number;
  /**
   * Counts each change to the synced keys by anyone but the sync (this tab's views, another tab) in
   * `version`, and calls `onChange` for it; gives the function that stops watching.
   */
  watch(onChange: () => void): () => void;
}

/** Refused: the plain keys hold another account's data now (it signed in here, in this tab or another). */
export class OtherAccountOpen extends Error {
  constructor() {
    super('Another account’s data is open in this browser: nothing of this account was written.');
    this.name = 'OtherAccountOpen';
  }
}

/**
 * `userId`'s data and sync state in this browser. Its writes and saves are refused once another account's
 * data is open here (a join cut short by signing in as someone else must not write into their data), and
 * a view's write still waiting for the next paint (src/app/shell/afterPaint.ts) is made, and counted as a
 * change, before `version` answers and before the sync writes (so a page decided without it is decided again).
 */
export function browserLocalPort(
  userId: string,
  /** Told, after a write, of the issued documents it renumbered (two revisions met with one number). */
  onRenumbered?: (renumbered: IssuedDocument[]) => void,
  /** Told, once written, of this device's new events moved to free ids (what the caterer is told). */
  onMoved?: (moves: readonly EventMove[]) => void,
): BrowserLocal {
  // `now`: the sync's own writes, not changes to note; `version`: the changes by anyone else.
  const writing = { now: false, version: 0 };
  const mine = () => {
    const owner = dataOwner();
    if (owner !== null && owner !== userId) throw new OtherAccountOpen();
  };
  const bySync = (run: () => void) => {
    mine();
    // A view's pending write is its own change (counted, noted), made before the sync's, never inside it.
    flushPendingWrites();
    writing.now = true;
    try {
      run();
    } finally {
      writing.now = false;
    }
  };
  return {
    snapshot: (collections) => readSyncSnapshot(collections),
    version: () => {
      flushPendingWrites();
      return writing.version;
    },
    // The sync's own writes are not local changes to send back.
    write: (writes) => {
      let renumbered: IssuedDocument[] = [];
      bySync(() => void ({ renumbered } = writeSyncChanges(writes)));
      if (renumbered.length) onRenumbered?.(renumbered);
    },
    load: () => loadSyncState(userId, emptySyncState),
    save: (state) => {
      mine();
      saveSyncState(userId, state);
    },
    // Letting events go (kept in the account) is not a local change to send.
    evict: (eventIds) => bySync(() => evictEvents(eventIds)),
    // The moved events are this device's changes to send (the push notes them from the data); this tab's views
    // follow each to its new id just before it is written.
    moveEvents: (moves, writes) => {
      bySync(() => moveEventsHere(moves, writes, announceEventMoves));
      onMoved?.(moves);
    },
    watch: (onChange) =>
      watchSyncedKeys(() => {
        if (writing.now) return;
        writing.version++;
        onChange();
      }),
  };
}
