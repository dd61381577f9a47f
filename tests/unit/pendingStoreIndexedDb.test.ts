/**
 * Issue 24 (sixth pass): the pending store's IndexedDB backend (src/storage/pendingStore.ts), which keeps
 * a change waiting for room across a reload (issue 25, item 12). jsdom and Node have no IndexedDB:
 * fake-indexeddb gives each test a fresh, in-memory one (`new IDBFactory()`); a second backend on the
 * same factory is the next page load. The failures IndexedDB can give (not available, cannot be opened,
 * blocked by another tab, a request or a transaction that fails) come from small wrappers around it.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPendingStore,
  indexedDbBackend,
  pendingDbName,
  pendingObjectStore,
  pendingStore,
  type PendingChange,
} from '../../src/storage/pendingStore';

const change = (over: Partial<PendingChange>): PendingChange => ({
  id: 'c1',
  owner: 'user-A',
  key: 'suppliers',
  label: 'Suppliers',
  kind: 'collection',
  next: [{ supplierID: 'S1', supplierName: 'Fog Bank Fisheries' }],
  base: [],
  keptAt: 1_800_000_000_000,
  ...over,
});

/** Opens the database as another reader would (no upgrade: it must exist with its store). */
function openAsIs(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(pendingDbName);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Every entry of the store, read straight from IndexedDB. */
async function entriesIn(factory: IDBFactory): Promise<PendingChange[]> {
  const db = await openAsIs(factory);
  try {
    return await new Promise((resolve, reject) => {
      const req = db.transaction('pendingChanges', 'readonly').objectStore('pendingChanges').getAll();
      req.onsuccess = () => resolve(req.result as PendingChange[]);
      req.onerror = () => reject(req.error);
    });
  } finally {
    db.close();
  }
}

/** A factory whose `open` requests never succeed: the test fires `onerror` or `onblocked` itself. */
function failingFactory() {
  const requests: Array<Partial<IDBOpenDBRequest> & { error: DOMException | null }> = [];
  const factory = {
    open: vi.fn(() => {
      const req = { error: null } as Partial<IDBOpenDBRequest> & { error: DOMException | null };
      requests.push(req);
      return req as IDBOpenDBRequest;
    }),
  };
  return { factory: factory as unknown as IDBFactory, requests };
}

/**
 * The real (fake) IndexedDB with each transaction's object store wrapped by `wrapStore`: a test makes
 * `put` an `add` (which fails on an id already kept), or aborts the transaction around a request.
 */
function wrappedFactory(real: IDBFactory, wrapStore: (store: IDBObjectStore, tx: IDBTransaction) => IDBObjectStore) {
  return {
    open(name: string, version?: number) {
      const req = real.open(name, version);
      const wrapDb = (db: IDBDatabase): IDBDatabase =>
        new Proxy(db, {
          get(target, prop) {
            if (prop === 'transaction')
              return (names: string, mode: IDBTransactionMode) => {
                const tx = target.transaction(names, mode);
                return new Proxy(tx, {
                  get(t, p) {
                    if (p === 'objectStore') return (n: string) => wrapStore(t.objectStore(n), t);
                    const v = Reflect.get(t, p, t) as unknown;
                    return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
                  },
                  set(t, p, v) {
                    return Reflect.set(t, p, v, t);
                  },
                });
              };
            const v = Reflect.get(target, prop, target) as unknown;
            return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
          },
        });
      return new Proxy(req, {
        get(target, prop) {
          if (prop === 'result') return wrapDb(target.result);
          const v = Reflect.get(target, prop, target) as unknown;
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        },
        set(target, prop, v) {
          return Reflect.set(target, prop, v, target);
        },
      });
    },
  } as unknown as IDBFactory;
}

const storeWith = (store: IDBObjectStore, over: Partial<IDBObjectStore>): IDBObjectStore =>
  new Proxy(store, {
    get(target, prop) {
      if (prop in over) return over[prop as keyof IDBObjectStore];
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });

describe('the IndexedDB backend', () => {
  it('keeps a change in the database cater-captain, object store pendingChanges, by id', async () => {
    const factory = new IDBFactory();
    await indexedDbBackend(factory).put(change({ id: 'mine' }));
    expect(pendingDbName).toBe('cater-captain');
    expect(pendingObjectStore).toBe('pendingChanges');
    const db = await openAsIs(factory);
    expect(db.version).toBe(1);
    expect([...db.objectStoreNames]).toEqual(['pendingChanges']);
    expect(db.transaction('pendingChanges', 'readonly').objectStore('pendingChanges').keyPath).toBe('id');
    db.close();
    expect(await entriesIn(factory)).toEqual([change({ id: 'mine' })]);
  });

  it('a reload reads the outbox back: every change, in the order kept, the same as it was kept', async () => {
    const factory = new IDBFactory();
    const before = createPendingStore(indexedDbBackend(factory));
    const value = change({ id: 'v', key: '4-discountPercentage', kind: 'value', next: 12.5, base: 10, keptAt: 3 });
    void before.keep(change({ id: 'b', keptAt: 2 }));
    void before.keep(change({ id: 'a', keptAt: 1 }));
    void before.keep(value);
    void before.keep(change({ id: 'theirs', owner: 'user-B', keptAt: 0 }));
    await before.keep(change({ id: 'gone', keptAt: 4 }));
    await before.forget('gone');

    // The next page load: a new backend on the same browser's IndexedDB.
    const after = createPendingStore(indexedDbBackend(factory));
    expect(await after.list('user-A')).toEqual([change({ id: 'a', keptAt: 1 }), change({ id: 'b', keptAt: 2 }), value]);
    expect((await after.list('user-B')).map((c) => c.id)).toEqual(['theirs']);
  });

  it('a keep of a change kept already replaces it (one entry per change); a forget removes that one only', async () => {
    const factory = new IDBFactory();
    const backend = indexedDbBackend(factory);
    await backend.put(change({ id: 'c1', next: [] }));
    await backend.put(change({ id: 'c2' }));
    await backend.put(change({ id: 'c1', next: [{ supplierID: 'S9' }], keptAt: 5 }));
    expect(await backend.all()).toEqual([
      change({ id: 'c1', next: [{ supplierID: 'S9' }], keptAt: 5 }),
      change({ id: 'c2' }),
    ]);
    await backend.remove('c1');
    expect(await entriesIn(factory)).toEqual([change({ id: 'c2' })]);
    await backend.remove('never kept');
    expect(await backend.all()).toEqual([change({ id: 'c2' })]);
  });

  it('keeps a copy: the change changed afterwards on the screen is not changed in the store', async () => {
    const factory = new IDBFactory();
    const store = createPendingStore(indexedDbBackend(factory));
    const kept = change({ next: [{ supplierID: 'S1' }] });
    await store.keep(kept);
    (kept.next as Array<{ supplierID: string }>)[0]!.supplierID = 'changed';
    expect((await store.list('user-A'))[0]!.next).toEqual([{ supplierID: 'S1' }]);
  });

  it('opens the database once for every write and read of the page', async () => {
    const real = new IDBFactory();
    const open = vi.spyOn(real, 'open');
    const backend = indexedDbBackend(real);
    await backend.put(change({ id: 'a' }));
    await backend.put(change({ id: 'b' }));
    await backend.remove('a');
    expect((await backend.all()).map((c) => c.id)).toEqual(['b']);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('cater-captain', 1);
  });

  it('the page’s own store is on the browser’s IndexedDB, one store for the page', async () => {
    expect(pendingStore()).toBe(pendingStore());
    await pendingStore().keep(change({ id: 'on the page' }));
    expect((await indexedDbBackend().all()).map((c) => c.id)).toContain('on the page');
    expect((await entriesIn(indexedDB as IDBFactory)).map((c) => c.id)).toContain('on the page');
    await pendingStore().forget('on the page');
    expect(await indexedDbBackend(indexedDB).all()).toEqual([]);
  });
});

describe('when IndexedDB fails, the keep or list is refused with its reason, and the next one tries afresh', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('a browser without IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const backend = indexedDbBackend();
    await expect(backend.put(change({}))).rejects.toHaveProperty(
      'message',
      'IndexedDB is not available in this browser.',
    );
    await expect(backend.all()).rejects.toHaveProperty('message', 'IndexedDB is not available in this browser.');
    const store = createPendingStore(backend);
    await expect(store.keep(change({}))).rejects.toHaveProperty(
      'message',
      'IndexedDB is not available in this browser.',
    );
    await expect(store.list('user-A')).rejects.toHaveProperty('message', 'IndexedDB is not available in this browser.');
  });

  it('a database that cannot be opened: its error, else a plain one; the next write tries to open it again', async () => {
    const { factory, requests } = failingFactory();
    const backend = indexedDbBackend(factory);
    const first = backend.put(change({}));
    requests[0]!.error = new DOMException('The disk is gone.', 'UnknownError');
    requests[0]!.onerror!.call(requests[0] as IDBOpenDBRequest, new Event('error'));
    await expect(first).rejects.toHaveProperty('message', 'The disk is gone.');

    const second = backend.all();
    expect(requests).toHaveLength(2);
    requests[1]!.onerror!.call(requests[1] as IDBOpenDBRequest, new Event('error'));
    await expect(second).rejects.toHaveProperty('message', 'IndexedDB could not be opened');
  });

  it('a database blocked by another tab; the next write opens it once it is free', async () => {
    const real = new IDBFactory();
    const { factory, requests } = failingFactory();
    let blocked = true;
    const either = {
      open: (name: string, version?: number) => (blocked ? factory.open(name, version) : real.open(name, version)),
    } as unknown as IDBFactory;
    const backend = indexedDbBackend(either);
    const first = backend.put(change({ id: 'first' }));
    requests[0]!.onblocked!.call(requests[0] as IDBOpenDBRequest, new Event('blocked') as IDBVersionChangeEvent);
    await expect(first).rejects.toHaveProperty('message', 'IndexedDB is blocked by another tab');
    blocked = false;
    await backend.put(change({ id: 'second' }));
    expect((await backend.all()).map((c) => c.id)).toEqual(['second']);
  });

  it('a request that fails: the write is refused with its error, and no rejection is left unhandled', async () => {
    const real = new IDBFactory();
    await indexedDbBackend(real).put(change({ id: 'c1' }));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      // `put` made an `add`: a change kept already is refused (ConstraintError) by IndexedDB.
      const factory = wrappedFactory(real, (store) => storeWith(store, { put: (v: unknown) => store.add(v) }));
      const backend = indexedDbBackend(factory);
      await expect(backend.put(change({ id: 'c1', keptAt: 9 }))).rejects.toMatchObject({ name: 'ConstraintError' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
      // The failed write changed nothing; the next one goes through.
      await backend.put(change({ id: 'c2' }));
      expect((await entriesIn(real)).map((c) => [c.id, c.keptAt])).toEqual([
        ['c1', 1_800_000_000_000],
        ['c2', 1_800_000_000_000],
      ]);
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('a request aborted with its transaction: the write is refused with the abort, the store goes on', async () => {
    const real = new IDBFactory();
    let abort = true;
    const factory = wrappedFactory(real, (store, tx) =>
      storeWith(store, {
        put: (v: unknown) => {
          const req = store.put(v);
          if (abort) tx.abort();
          return req;
        },
      }),
    );
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const store = createPendingStore(indexedDbBackend(factory));
      await expect(store.keep(change({ id: 'lost' }))).rejects.toMatchObject({ name: 'AbortError' });
      abort = false;
      await store.keep(change({ id: 'kept' }));
      expect((await store.list('user-A')).map((c) => c.id)).toEqual(['kept']);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('a transaction aborted after its request succeeded (nothing kept): the write is refused', async () => {
    const real = new IDBFactory();
    const factory = wrappedFactory(real, (store, tx) =>
      storeWith(store, {
        delete: (id: IDBValidKey) => {
          const req = store.delete(id);
          req.addEventListener('success', () => tx.abort());
          return req;
        },
      }),
    );
    await indexedDbBackend(real).put(change({ id: 'c1' }));
    const backend = indexedDbBackend(factory);
    await expect(backend.remove('c1')).rejects.toHaveProperty('message', 'IndexedDB transaction aborted');
    expect((await backend.all()).map((c) => c.id)).toEqual(['c1']);
  });
});
