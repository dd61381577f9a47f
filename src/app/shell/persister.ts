/**
 * The storage side of a machine's `persist*` action for one collection: saves by id and revision
 * (collection.ts), tells the caterer when a write fails and keeps retrying the kept change until it
 * is saved (a full quota may be freed meanwhile), and hands conflicts to the caller.
 */
import {
  createCollectionSync,
  type CollectionAccessor,
  type Conflict,
  type SaveResult,
} from '../../storage/collection';
import type { KeyAccessor, WriteResult } from '../../storage/store';
import { flushPendingWrites } from '../../storage/pendingWrites';
import { currentOwner, pendingStore, type PendingChange, type PendingStore } from '../../storage/pendingStore';
import { notify } from '../../views/shell/toaster';

export interface Persister<R> {
  save(records: readonly R[]): SaveResult<R>;
  /** The view took a new list from storage. */
  rebase(records: readonly R[]): void;
  /** Stops retrying (the page is left). */
  stop(): void;
}

export const retryMs = 10_000;

/**
 * While a change waits for room (a failed write being retried), leaving or reloading the page asks
 * first (the browser's own "Leave site?" question), and the change is kept in IndexedDB
 * (src/storage/pendingStore.ts) where the next page load finds it and offers it back (issue 25, item 12).
 */
const waiting = new Set<object>();
const askBeforeLeaving = (event: BeforeUnloadEvent) => {
  event.preventDefault();
  event.returnValue = ''; // older browsers ask only when this is set
};
function setWaiting(writer: object, isWaiting: boolean): void {
  const before = waiting.size;
  if (isWaiting) waiting.add(writer);
  else waiting.delete(writer);
  if (typeof window === 'undefined') return;
  if (before === 0 && waiting.size > 0) window.addEventListener('beforeunload', askBeforeLeaving);
  if (before > 0 && waiting.size === 0) window.removeEventListener('beforeunload', askBeforeLeaving);
}

let storeForTests: PendingStore | null = null;
/** Tests give the writers an in-memory store. */
export function setPendingStoreForTests(store: PendingStore | null): void {
  storeForTests = store;
}
/** The store the writers keep waiting changes in (IndexedDB; the tests' in-memory one). */
export const pendingStoreInUse = (): PendingStore => storeForTests ?? pendingStore();
const pending = pendingStoreInUse;
let nextKeeperId = 0;

/**
 * One writer's waiting change in the pending store: kept (updated) on each failed write, marked as
 * retried by this screen while it is, forgotten once saved; left kept when the screen is left unsaved.
 */
function pendingKeeper(key: string, label: string, kind: PendingChange['kind']) {
  let entry: PendingChange | null = null;
  const store = () => pending();
  const report = () => {}; // A failed keep leaves the change on screen, as before: the toast already says so.
  return {
    keep(next: unknown, base: () => unknown) {
      const owner = currentOwner();
      if (owner === null) return;
      entry ??= {
        id: `${owner}|${key}|${Date.now().toString(36)}-${(nextKeeperId++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
        owner,
        key,
        label,
        kind,
        next,
        base: base(),
        keptAt: Date.now(),
      };
      entry = { ...entry, next, keptAt: Date.now() };
      store().setLive(entry.id, true);
      store().keep(entry).catch(report);
    },
    saved() {
      if (!entry) return;
      store().setLive(entry.id, false);
      store().forget(entry.id).catch(report);
      entry = null;
    },
    /** The screen is left: the change stays kept, now offered back. */
    release() {
      if (entry) store().setLive(entry.id, false);
    },
  };
}

/**
 * The usual hand-off of a save's conflicts: the stored list goes to the machine first, then each
 * conflicting edit (the machine's conflict state); a delete that met another tab's change was not
 * made, and the caterer is told.
 */
export function handConflicts<R>(
  takeStored: (records: R[]) => void,
  toConflict: (mine: R, theirs: R | null) => void,
  name: (record: R) => string,
): (conflicts: Array<Conflict<R>>, stored: R[]) => void {
  return (conflicts, stored) => {
    takeStored(stored);
    for (const c of conflicts) {
      if (c.mine) toConflict(c.mine, c.theirs);
      else if (c.theirs)
        notify({
          type: 'warning',
          title: `${name(c.theirs)} was not deleted`,
          description: 'It was changed in another tab at the same moment, so their version was kept.',
        });
    }
  };
}

export function createPersister<R extends object>(
  store: CollectionAccessor<R>,
  initial: readonly R[],
  options: { label: string; onConflicts?: (conflicts: Array<Conflict<R>>, stored: R[]) => void },
): Persister<R> {
  const sync = createCollectionSync(store, initial);
  let latest: readonly R[] | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let failing = false;
  const self = {};
  const kept = pendingKeeper(store.key, options.label, 'collection');

  /**
   * A newer change waiting for the paint (src/app/shell/afterPaint.ts) is saved instead of the kept one:
   * saving the kept one would make the newer one first, from inside this save, and leave the older list
   * as the base of the next.
   */
  const retry = () => {
    const kept = latest;
    flushPendingWrites(store.key);
    if (kept && latest === kept) save(kept);
  };
  const save = (records: readonly R[]): SaveResult<R> => {
    latest = records;
    const result = sync.save(records);
    if (!result.ok) {
      if (result.error.reason === 'quota') kept.keep(records, () => sync.base());
      if (!failing)
        notify({
          type: 'error',
          title: `${options.label} not saved`,
          description: result.error.message,
          duration: 10_000,
        });
      failing = true;
      setWaiting(self, true);
      timer ??= setInterval(retry, retryMs);
      return result;
    }
    if (timer) clearInterval(timer);
    timer = null;
    if (failing)
      notify({
        type: 'success',
        title: `${options.label} saved`,
        description: 'The change that could not be saved earlier is saved now.',
      });
    failing = false;
    setWaiting(self, false);
    kept.saved();
    if (result.conflicts.length) {
      sync.rebase(result.records);
      options.onConflicts?.(result.conflicts, result.records);
    }
    return result;
  };

  return {
    save,
    rebase: (records) => sync.rebase(records),
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      setWaiting(self, false);
      kept.release();
    },
  };
}

/** The same keep-and-retry for a single value (an event's discount or tax): the latest value wins. */
export function createValueWriter<T>(
  store: KeyAccessor<T>,
  label: string,
): { write(value: T): WriteResult; stop(): void } {
  let latest: { value: T } | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let failing = false;
  const self = {};
  const kept = pendingKeeper(store.key, label, 'value');
  const write = (value: T): WriteResult => {
    latest = { value };
    const result = store.write(value);
    if (!result.ok) {
      if (result.error.reason === 'quota') kept.keep(value, () => store.read());
      if (!failing)
        notify({ type: 'error', title: `${label} not saved`, description: result.error.message, duration: 10_000 });
      failing = true;
      setWaiting(self, true);
      timer ??= setInterval(() => latest && write(latest.value), retryMs);
      return result;
    }
    if (timer) clearInterval(timer);
    timer = null;
    if (failing)
      notify({
        type: 'success',
        title: `${label} saved`,
        description: 'The change that could not be saved earlier is saved now.',
      });
    failing = false;
    setWaiting(self, false);
    kept.saved();
    return result;
  };
  return {
    write,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      setWaiting(self, false);
      kept.release();
    },
  };
}
