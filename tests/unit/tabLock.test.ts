// @vitest-environment jsdom
/**
 * The lock shared by this browser's tabs (src/storage/tabLock.ts): a holder runs its step only once this
 * tab's localStorage shows the previous holder's hand-over (Chromium brings another tab's writes into a
 * tab a moment after they are made, so the lock alone let a tab read a value from before the last
 * holder's write), and counts one more hand-over after its own writes, here and in IndexedDB. jsdom has
 * neither Web Locks nor IndexedDB: a one-at-a-time `navigator.locks` and fake-indexeddb stand in.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  handoverDbName,
  handoverKey,
  indexedDbLedger,
  withTabLock,
  type HandoverLedger,
} from '../../src/storage/tabLock';

const name = 'cater-captain:documentBook';

/** Web Locks as a browser gives them: one task at a time per name, in the order asked. */
function oneAtATime() {
  let chain: Promise<unknown> = Promise.resolve();
  const request = vi.fn((_name: string, _options: object, task: () => Promise<unknown>) => {
    const run = chain.then(task);
    chain = run.catch(() => undefined);
    return run;
  });
  vi.stubGlobal('navigator', { locks: { request } });
  return request;
}

const ledgerOn = (factory = new IDBFactory()) => indexedDbLedger(factory)!;

beforeEach(() => {
  localStorage.clear();
  oneAtATime();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('before the step', () => {
  it('waits until this tab’s storage shows the last hand-over the ledger holds', async () => {
    const ledger = ledgerOn();
    await ledger.put(name, 3);
    localStorage.setItem(handoverKey(name), '2');
    // The last holder's writes reach this tab a moment later (as another tab's write does).
    setTimeout(() => {
      localStorage.setItem('documentNumbers', '{"invoice":{"2026":1}}');
      localStorage.setItem(handoverKey(name), '3');
    }, 40);
    const read = await withTabLock(name, async () => localStorage.getItem('documentNumbers'), { ledger, every: 5 });
    expect(read).toBe('{"invoice":{"2026":1}}');
  });

  it('runs at once when this tab has seen the last hand-over (or a later one)', async () => {
    const ledger = ledgerOn();
    await ledger.put(name, 3);
    localStorage.setItem(handoverKey(name), '4');
    const start = Date.now();
    await withTabLock(name, async () => undefined, { ledger, every: 500 });
    expect(Date.now() - start).toBeLessThan(400);
  });

  it('waits no longer than `wait` for a hand-over that never shows (storage cleared), then goes on', async () => {
    const ledger = ledgerOn();
    await ledger.put(name, 5);
    const start = Date.now();
    expect(await withTabLock(name, async () => 'ran', { ledger, wait: 60, every: 5 })).toBe('ran');
    expect(Date.now() - start).toBeGreaterThanOrEqual(55);
    // And the count is put right for the next holder.
    expect(localStorage.getItem(handoverKey(name))).toBe('6');
    expect(await ledger.get(name)).toBe(6);
  });
});

describe('after the step', () => {
  it('counts one more hand-over, in this tab’s storage and in the ledger', async () => {
    const ledger = ledgerOn();
    expect(await ledger.get(name)).toBe(0);
    await withTabLock(name, async () => void localStorage.setItem('issuedDocuments', '[]'), { ledger });
    expect(localStorage.getItem(handoverKey(name))).toBe('1');
    expect(await ledger.get(name)).toBe(1);
    await withTabLock(name, async () => undefined, { ledger });
    expect(localStorage.getItem(handoverKey(name))).toBe('2');
    expect(await ledger.get(name)).toBe(2);
  });

  it('keeps this tab’s count under lockHandover:<the lock’s name>', async () => {
    await withTabLock(name, async () => undefined, { ledger: null });
    expect(localStorage.getItem('lockHandover:cater-captain:documentBook')).toBe('1');
  });

  it('leaves no timer behind once the ledger has answered', async () => {
    vi.useFakeTimers();
    // jsdom's localStorage sets a timer of its own per write: the lock without a ledger is the baseline.
    await withTabLock(name, async () => undefined, { ledger: null });
    const baseline = vi.getTimerCount();
    vi.clearAllTimers();
    const quick: HandoverLedger = { get: async () => 0, put: async () => undefined };
    expect(await withTabLock(name, async () => 'ran', { ledger: quick })).toBe('ran');
    expect(vi.getTimerCount()).toBe(baseline);
  });

  it('counts it also when the step fails, whose error is the answer', async () => {
    const ledger = ledgerOn();
    await expect(withTabLock(name, () => Promise.reject(new Error('storage is full')), { ledger })).rejects.toThrow(
      'storage is full',
    );
    expect(localStorage.getItem(handoverKey(name))).toBe('1');
    expect(await ledger.get(name)).toBe(1);
  });

  it('lets the next holder in only once the count is in the ledger', async () => {
    const ledger = ledgerOn();
    const order: string[] = [];
    const slow: HandoverLedger = {
      get: (n) => ledger.get(n),
      put: async (n, count) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        await ledger.put(n, count);
        order.push(`put ${count}`);
      },
    };
    await Promise.all([
      withTabLock(name, async () => void order.push('first'), { ledger: slow }),
      withTabLock(name, async () => void order.push('second'), { ledger: slow }),
    ]);
    expect(order).toEqual(['first', 'put 1', 'second', 'put 2']);
  });
});

describe('without what it builds on', () => {
  it('a ledger that fails leaves the lock alone: the step runs and the count is kept here', async () => {
    const failing: HandoverLedger = {
      get: () => Promise.reject(new Error('IndexedDB is blocked by another tab')),
      put: () => Promise.reject(new Error('IndexedDB is blocked by another tab')),
    };
    expect(await withTabLock(name, async () => 'ran', { ledger: failing })).toBe('ran');
    expect(localStorage.getItem(handoverKey(name))).toBe('1');
  });

  it('a ledger that never answers holds the lock no longer than `wait`, before and after the step', async () => {
    const silent: HandoverLedger = { get: () => new Promise(() => {}), put: () => new Promise(() => {}) };
    const start = Date.now();
    expect(await withTabLock(name, async () => 'ran', { ledger: silent, wait: 40 })).toBe('ran');
    expect(await withTabLock(name, async () => 'ran again', { ledger: silent, wait: 40 })).toBe('ran again');
    expect(Date.now() - start).toBeLessThan(1000);
    expect(localStorage.getItem(handoverKey(name))).toBe('2');
  });

  it('no ledger (no IndexedDB): the lock alone', async () => {
    expect(indexedDbLedger(undefined)).toBeNull();
    expect(await withTabLock(name, async () => 'ran', { ledger: null })).toBe('ran');
  });

  it('no navigator at all (a worker, an old runtime): the step runs at once, with no count', async () => {
    vi.stubGlobal('navigator', undefined);
    expect(await withTabLock(name, async () => 'ran')).toBe('ran');
    expect(localStorage.getItem(handoverKey(name))).toBeNull();
  });

  it('no Web Locks: the step runs at once, with no count', async () => {
    vi.stubGlobal('navigator', { locks: undefined });
    expect(await withTabLock(name, async () => 42)).toBe(42);
    expect(localStorage.getItem(handoverKey(name))).toBeNull();
  });
});

describe('the ledger in IndexedDB', () => {
  it('keeps each lock’s count in database cater-captain-locks; anything else stored reads as none', async () => {
    const factory = new IDBFactory();
    const ledger = ledgerOn(factory);
    await ledger.put(name, 7);
    await ledger.put('another', 2);
    expect(handoverDbName).toBe('cater-captain-locks');
    // The next page load reads what this one put.
    expect(await ledgerOn(factory).get(name)).toBe(7);
    expect(await ledgerOn(factory).get('another')).toBe(2);
    expect(await ledgerOn(factory).get('never')).toBe(0);
    await ledger.put('odd', 1.5);
    expect(await ledger.get('odd')).toBe(0);
    await ledger.put('negative', -3);
    expect(await ledger.get('negative')).toBe(0);
  });

  it('is the browser’s own when none is given: store handovers of database cater-captain-locks', async () => {
    const factory = new IDBFactory();
    vi.stubGlobal('indexedDB', factory);
    // A fresh module: the browser's ledger is made once per page, on the first lock.
    vi.resetModules();
    const fresh = await import('../../src/storage/tabLock');
    await fresh.withTabLock(name, async () => undefined);
    await fresh.withTabLock(name, async () => undefined);
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open('cater-captain-locks', 1);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const stored = await new Promise<unknown>((resolve, reject) => {
      const req = db.transaction('handovers', 'readonly').objectStore('handovers').get(name);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    db.close();
    expect(stored).toBe(2);
  });

  it('a count this tab cannot read (not a whole number) is no count', async () => {
    const ledger = ledgerOn();
    await ledger.put(name, 2);
    localStorage.setItem(handoverKey(name), 'abc');
    await withTabLock(name, async () => undefined, { ledger, wait: 10 });
    expect(localStorage.getItem(handoverKey(name))).toBe('3');
  });
});
