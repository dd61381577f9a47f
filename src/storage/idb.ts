/**
 * One IndexedDB database of the app (pendingStore.ts, tabLock.ts): opened once per page, and opened
 * afresh by the next request when an open failed; each request in a transaction of its own.
 */

export interface IdbDatabase {
  /** Runs `work` on object store `store` and answers its request's result once the transaction is done. */
  run<T>(store: string, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T>;
}

/** Database `name` (version 1, made by `create` the first time) of the browser's IndexedDB `factory`. */
export function idbDatabase(
  factory: IDBFactory | undefined,
  name: string,
  create: (db: IDBDatabase) => void,
): IdbDatabase {
  let opened: Promise<IDBDatabase> | null = null;
  const open = (): Promise<IDBDatabase> => {
    if (!factory) return Promise.reject(new Error('IndexedDB is not available in this browser.'));
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(name, 1);
      req.onupgradeneeded = () => create(req.result);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened'));
      req.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
    }).catch((error: unknown) => {
      opened = null;
      throw error;
    });
    return opened;
  };
  return {
    async run(store, mode, work) {
      const tx = (await open()).transaction(store, mode);
      const req = work(tx.objectStore(store));
      // One promise for the request and its transaction: a failed request is the write's error (its
      // own, e.g. IndexedDB's QuotaExceededError), never a second promise left rejected unhandled.
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
      });
      return req.result;
    },
  };
}
