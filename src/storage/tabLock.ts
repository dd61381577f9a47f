/**
 * A critical section shared by this browser's tabs that also hands over what localStorage holds.
 *
 * Web Locks (`navigator.locks`) let one tab at a time run a step, but they do not make localStorage
 * current: Chromium keeps a copy of the origin's storage in each tab's process and brings it up to date
 * a moment after another tab writes, by a message of its own. A tab granted the lock right after another
 * tab wrote and let go can still read the value from before that write, and write over it. Measured
 * in this machine's Chromium: three tabs adding one to a stored count under a Web Lock, 200 times each,
 * ended at 486 and 518 of 600; two tabs issuing an invoice at the same moment lost one of the two
 * invoices in 5 tries of 30 (tests/browser/syncMoney.spec.ts). With the hand-over: 600 of 600, 30 of 30.
 *
 * So each holder, before it lets go, counts one more hand-over: in localStorage (`lockHandover:<name>`,
 * written after its own writes, so a tab that sees it has seen them too: one tab's writes reach the others
 * in order) and in IndexedDB, which every tab reads from the same place. The next holder reads the count
 * from IndexedDB and waits until its own localStorage shows it before it runs its step (a few
 * milliseconds at most, measured; never more than `wait`, after which it goes on as before).
 *
 * Where Web Locks are absent the step runs at once (the caller checks what it read before it writes);
 * where IndexedDB is absent, the lock alone is used.
 */
import { idbDatabase } from './idb';
import { rawGet, rawSet } from './raw';

/** Where the hand-over count is read from every tab alike. */
export interface HandoverLedger {
  get(name: string): Promise<number>;
  put(name: string, count: number): Promise<void>;
}

export const handoverDbName = 'cater-captain-locks';
const handoverObjectStore = 'handovers';

/** The localStorage key holding the last hand-over of lock `name` this tab has seen. */
export const handoverKey = (name: string) => `lockHandover:${name}`;

/** The browser's IndexedDB: database `cater-captain-locks`, object store `handovers` (key: the lock's name). */
export function indexedDbLedger(factory: IDBFactory | undefined = globalThis.indexedDB): HandoverLedger | null {
  if (!factory) return null;
  const db = idbDatabase(factory, handoverDbName, (created) => created.createObjectStore(handoverObjectStore));
  return {
    get: async (name) => countOf(await db.run(handoverObjectStore, 'readonly', (store) => store.get(name))),
    put: async (name, count) =>
      void (await db.run(handoverObjectStore, 'readwrite', (store) => store.put(count, name))),
  };
}

/** A stored count, or 0 for anything else (none yet, or not a count). */
const countOf = (value: unknown): number => (Number.isSafeInteger(value) ? Math.max(value as number, 0) : 0);

const seenHere = (name: string) => countOf(Number(rawGet(handoverKey(name)) ?? 0));

export interface TabLockOptions {
  /** Where the hand-over count is kept (IndexedDB; null: none, the lock alone). */
  ledger?: HandoverLedger | null;
  /** The longest wait for this tab's storage to show the last hand-over (ms). */
  wait?: number;
  /** How often this tab's storage is looked at while waiting (ms). */
  every?: number;
}

/** True when this browser has Web Locks (a critical section shared by its tabs). */
export const hasWebLocks = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.locks?.request === 'function';

/** What `promise` gives, or `otherwise` when it fails or has not answered within `ms`. */
function within<T>(promise: Promise<T>, ms: number, otherwise: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(otherwise), ms)));
  return Promise.race([promise.catch(() => otherwise), late]).finally(() => clearTimeout(timer));
}

let browserLedger: HandoverLedger | null | undefined;

/**
 * Runs `task` while no other tab of this browser runs a task under lock `name`, once this tab's
 * localStorage shows what the previous holder wrote. Without Web Locks, `task` runs at once.
 */
export async function withTabLock<T>(name: string, task: () => Promise<T>, options: TabLockOptions = {}): Promise<T> {
  if (!hasWebLocks()) return task();
  const ledger = options.ledger !== undefined ? options.ledger : (browserLedger ??= indexedDbLedger());
  const { wait = 2000, every = 5 } = options;
  return (await navigator.locks.request(name, { mode: 'exclusive' }, async () => {
    // An IndexedDB that does not answer (an open can wait on another tab's connection) must not hold the lock.
    const last = ledger ? await within(ledger.get(name), wait, 0) : 0;
    for (const end = Date.now() + wait; seenHere(name) < last && Date.now() < end;)
      await new Promise((resolve) => setTimeout(resolve, every));
    try {
      return await task();
    } finally {
      const next = Math.max(last, seenHere(name)) + 1;
      // After the task's writes: a tab that reads this count has read them. A full storage refuses it;
      // the next holder then waits `wait` at most, as with no count.
      rawSet(handoverKey(name), String(next));
      if (ledger) await within(ledger.put(name, next), wait, undefined);
    }
  })) as T;
}
