/**
 * Changes waiting for room (issue 25, item 12). When a write fails because localStorage is full, the
 * change lives on the screen and is retried (src/app/shell/persister.ts); a reload used to drop it.
 * Each waiting change is also kept here, in IndexedDB (a separate quota: localStorage is the one that
 * is full), so the next page load finds it and offers it back: retry saving, download, or discard.
 *
 * One entry per waiting change: which account's data set it belongs to (`owner`, the `dataOwner` when
 * it was made; it is only ever offered to that account), the localStorage key it is for, and the change
 * itself: for a collection the list the screen had (`next`) and the list it was made from (`base`), so a
 * retry applies only what changed, by id and revision, onto what is stored by then (collection.ts); for
 * a single value the value and the value it replaced (a retry never overwrites a value changed since).
 *
 * The store is behind an interface (`PendingBackend`): the browser's IndexedDB (`indexedDbBackend`),
 * or the in-memory one of the tests (`memoryBackend`). Entries are not in backups and never restored.
 */
import { idbDatabase } from './idb';
import { accessorFor } from './keys';
import { dataOwnerKey } from './owned';
import { announceLocalChange, rawGet } from './raw';

export interface PendingChange {
  /** Unique per waiting change (one per screen's writer). */
  id: string;
  /** The user id of the account whose data set the change belongs to. */
  owner: string;
  /** The localStorage key the change is for (`ingredientList-4`, `4-discountPercentage`, `suppliers`, ...). */
  key: string;
  /** What the caterer calls it ("Ingredients of event 4"). */
  label: string;
  kind: 'collection' | 'value';
  /** Collection: the list as the screen had it. Value: the value. */
  next: unknown;
  /** Collection: the list the change was made from. Value: the value stored when it was made. */
  base: unknown;
  /** When it was kept (ms since 1970). */
  keptAt: number;
}

/** Where pending changes are kept. */
export interface PendingBackend {
  put(change: PendingChange): Promise<void>;
  remove(id: string): Promise<void>;
  all(): Promise<PendingChange[]>;
}

export const pendingDbName = 'cater-captain';
export const pendingObjectStore = 'pendingChanges';

/** The browser's IndexedDB: database `cater-captain`, object store `pendingChanges` (key: `id`). */
export function indexedDbBackend(factory: IDBFactory | undefined = globalThis.indexedDB): PendingBackend {
  const db = idbDatabase(factory, pendingDbName, (created) => {
    if (!created.objectStoreNames.contains(pendingObjectStore))
      created.createObjectStore(pendingObjectStore, { keyPath: 'id' });
  });
  const run = <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) =>
    db.run(pendingObjectStore, mode, work);
  return {
    put: async (change) => {
      await run('readwrite', (store) => store.put(change));
    },
    remove: async (id) => {
      await run('readwrite', (store) => store.delete(id));
    },
    all: () => run('readonly', (store) => store.getAll() as IDBRequest<PendingChange[]>),
  };
}

/** Keeps entries in memory, as IndexedDB would (structured copies): the tests' backend. */
export function memoryBackend(): PendingBackend & { entries: Map<string, PendingChange> } {
  const entries = new Map<string, PendingChange>();
  return {
    entries,
    put: async (change) => void entries.set(change.id, structuredClone(change)),
    remove: async (id) => void entries.delete(id),
    all: async () => [...entries.values()].map((c) => structuredClone(c)),
  };
}

const isPendingChange = (value: unknown): value is PendingChange => {
  if (!value || typeof value !== 'object') return false;
  const c = value as Partial<PendingChange>;
  return (
    typeof c.id === 'string' &&
    typeof c.owner === 'string' &&
    typeof c.key === 'string' &&
    typeof c.label === 'string' &&
    (c.kind === 'collection' || c.kind === 'value') &&
    typeof c.keptAt === 'number' &&
    'next' in c
  );
};

export type RetryResult =
  /** Saved (`conflicts`: records changed since the change was made, which kept their newer version; the change is kept then). */
  | { ok: true; conflicts: number }
  | { ok: false; reason: 'quota' | 'otherAccount' | 'unreadable' | 'unknown'; message: string };

export interface PendingStore {
  /** Keeps (or updates) a waiting change. Writes happen in the order they are asked for. */
  keep(change: PendingChange): Promise<void>;
  /** Forgets a change (saved, or discarded). */
  forget(id: string): Promise<void>;
  /** The changes of one account, oldest first. */
  list(owner: string): Promise<PendingChange[]>;
  /** Tries the change again: saved and forgotten, or why not. */
  retry(change: PendingChange): Promise<RetryResult>;
  /** Changes a writer on this screen is still retrying itself (not offered back while it does). */
  setLive(id: string, live: boolean): void;
  isLive(id: string): boolean;
  /** Called after every keep, forget and live change in this tab. */
  subscribe(listener: () => void): () => void;
}

/** The account whose data the plain keys hold now (accounts.ts): a change is kept for it. */
export function currentOwner(): string | null {
  return rawGet(dataOwnerKey);
}

type Resolve = typeof accessorFor;

/**
 * Writes one kept change to localStorage, as the screen's writer would have: a collection applies what
 * changed from `base` to `next` by id and revision; a value is written unless it changed since.
 */
export function applyPending(change: PendingChange, resolve: Resolve = accessorFor): RetryResult {
  if (currentOwner() !== change.owner)
    return {
      ok: false,
      reason: 'otherAccount',
      message: 'Another account’s data is open on this browser, so this change was not saved.',
    };
  const target = resolve(change.key);
  const unreadable: RetryResult = {
    ok: false,
    reason: 'unreadable',
    message: 'This change could not be read, so it was not saved. Download it to keep it.',
  };
  if (!target || target.kind !== change.kind) return unreadable;
  if (target.kind === 'collection') {
    const next = target.accessor.check(JSON.stringify(change.next ?? null));
    const base = target.accessor.check(JSON.stringify(change.base ?? []));
    if (!next.ok || !base.ok) return unreadable;
    const result = target.accessor.save(next.value, base.value);
    if (!result.ok)
      return {
        ok: false,
        reason: result.error.reason === 'quota' ? 'quota' : 'unknown',
        message: result.error.message,
      };
    announceLocalChange(change.key);
    return { ok: true, conflicts: result.conflicts.length };
  }
  const value = target.accessor.check(JSON.stringify(change.next ?? null));
  if (!value.ok) return unreadable;
  const stored = target.accessor.read();
  const base = change.base === undefined ? undefined : target.accessor.check(JSON.stringify(change.base));
  if (
    base?.ok &&
    JSON.stringify(stored) !== JSON.stringify(base.value) &&
    JSON.stringify(stored) !== JSON.stringify(value.value)
  )
    return { ok: true, conflicts: 1 };
  const result = target.accessor.write(value.value);
  if (!result.ok)
    return { ok: false, reason: result.error.reason === 'quota' ? 'quota' : 'unknown', message: result.error.message };
  announceLocalChange(change.key);
  return { ok: true, conflicts: 0 };
}

export function createPendingStore(backend: PendingBackend, resolve: Resolve = accessorFor): PendingStore {
  let queue: Promise<unknown> = Promise.resolve();
  const listeners = new Set<() => void>();
  const live = new Set<string>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const enqueue = (work: () => Promise<void>): Promise<void> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next.then(changed);
  };
  const forget = (id: string) => enqueue(() => backend.remove(id));
  return {
    keep: (change) => enqueue(() => backend.put(structuredClone(change))),
    forget,
    async list(owner) {
      await queue;
      const all = await backend.all();
      return all
        .filter(isPendingChange)
        .filter((c) => c.owner === owner)
        .sort((a, b) => a.keptAt - b.keptAt);
    },
    async retry(change) {
      const result = applyPending(change, resolve);
      if (result.ok && result.conflicts === 0) await forget(change.id);
      return result;
    },
    setLive(id, isLive) {
      if (isLive === live.has(id)) return;
      if (isLive) live.add(id);
      else live.delete(id);
      changed();
    },
    isLive: (id) => live.has(id),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let shared: PendingStore | null = null;
/** This page's store, on the browser's IndexedDB. */
export function pendingStore(): PendingStore {
  shared ??= createPendingStore(indexedDbBackend());
  return shared;
}
