// @vitest-environment jsdom
/**
 * Binding the data set to an account (src/storage/accounts.ts), beyond tests/unit/accounts.test.ts:
 * what a failure says and whether the roll-back held, where each account's data waits, the write
 * watcher the account sync uses, the guard of a tab whose account was switched away, and the
 * notice of another tab's sign-in.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindDataSet, dataOwnerKey, stashKey, subscribeDataOwner, watchWrites } from '../../src/storage/accounts';
import { eventsStore } from '../../src/storage/keys';
import { colorModeStore } from '../../src/storage/preferences';
import { setWriteGuard } from '../../src/storage/raw';

/** A Storage kept in a Map; `failFrom` makes every write (set or remove) from the n-th on throw `error`, `failAt` only the n-th. */
class MapStorage implements Storage {
  map = new Map<string, string>();
  writes = 0;
  failFrom = Infinity;
  /** Only the n-th write throws. */
  failAt = Infinity;
  error: unknown = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
  /** Keys listed by key() that read as missing (a key removed by another tab meanwhile). */
  vanished = new Set<string>();
  constructor(entries: Record<string, string> = {}) {
    for (const [k, v] of Object.entries(entries)) this.map.set(k, v);
  }
  get length() {
    return this.map.size + this.vanished.size;
  }
  key(index: number) {
    return [...this.map.keys(), ...this.vanished][index] ?? null;
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  private write() {
    this.writes++;
    if (this.writes >= this.failFrom || this.writes === this.failAt) throw this.error;
  }
  setItem(key: string, value: string) {
    this.write();
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.write();
    this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
  entries() {
    return Object.fromEntries([...this.map].sort(([a], [b]) => a.localeCompare(b)));
  }
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  watchWrites(null);
  setWriteGuard(null);
  vi.restoreAllMocks();
});

describe('where an account’s data waits', () => {
  it('under account:<user id, encoded>:<key>', () => {
    expect(stashKey('A', 'events')).toBe('account:A:events');
    expect(stashKey('a:b/c d', 'events')).toBe('account:a%3Ab%2Fc%20d:events');
  });

  it('a user id with a colon gets its own stash back, never another account’s', () => {
    const storage = new MapStorage({ dataOwner: 'A', events: '["A"]', 'account:A:x:events': '["not B’s"]' });
    expect(bindDataSet('A:x', storage)).toEqual({ ok: true, change: 'switched' });
    expect(storage.entries()).toEqual({
      dataOwner: 'A:x',
      'account:A:events': '["A"]',
      'account:A:x:events': '["not B’s"]',
    });
  });

  it('only account data comes back from a stash; a preference or foreign key stashed there stays', () => {
    const storage = new MapStorage({
      dataOwner: 'A',
      events: '["A"]',
      'account:B:events': '["B"]',
      'account:B:colorMode': '"dark"',
      'account:B:sb-token': 't',
    });
    expect(bindDataSet('B', storage)).toEqual({ ok: true, change: 'switched' });
    expect(storage.entries()).toEqual({
      dataOwner: 'B',
      events: '["B"]',
      'account:A:events': '["A"]',
      'account:B:colorMode': '"dark"',
      'account:B:sb-token': 't',
    });
  });

  it('a key gone meanwhile is skipped, never written as "null"', () => {
    const storage = new MapStorage({ dataOwner: 'A', events: '["A"]', 'account:B:suppliers': '["B"]' });
    storage.vanished.add('inventoryItems');
    storage.vanished.add('account:B:employees');
    expect(bindDataSet('B', storage).ok).toBe(true);
    expect(storage.entries()).toEqual({ dataOwner: 'B', suppliers: '["B"]', 'account:A:events': '["A"]' });
  });
});

describe('which storage is bound', () => {
  it('this browser’s own storage when none is given', () => {
    localStorage.setItem('events', '["mine"]');
    expect(bindDataSet('A')).toEqual({ ok: true, change: 'claimed' });
    expect(localStorage.getItem(dataOwnerKey)).toBe('A');
    expect(bindDataSet('B')).toEqual({ ok: true, change: 'switched' });
    expect(localStorage.getItem(stashKey('A', 'events'))).toBe('["mine"]');
  });

  it('a switch in a browser without StorageEvent binds all the same, with no re-read notice', () => {
    const heard = vi.fn();
    window.addEventListener('storage', heard);
    vi.stubGlobal('StorageEvent', undefined);
    try {
      const storage = new MapStorage({ dataOwner: 'A', events: '["A"]' });
      expect(bindDataSet('B', storage)).toEqual({ ok: true, change: 'switched' });
      expect(storage.entries()).toEqual({ dataOwner: 'B', 'account:A:events': '["A"]' });
    } finally {
      vi.unstubAllGlobals();
      window.removeEventListener('storage', heard);
    }
    expect(heard).not.toHaveBeenCalled();
  });

  it('a browser whose storage cannot even be opened says the data could not be opened', () => {
    const blocked = Object.getOwnPropertyDescriptor(window, 'localStorage')
      ? vi.spyOn(window, 'localStorage', 'get')
      : vi.spyOn(Window.prototype as unknown as { localStorage: Storage }, 'localStorage', 'get');
    blocked.mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(bindDataSet('A')).toMatchObject({
      ok: false,
      partial: false,
      error: {
        reason: 'unknown',
        message: 'Your data could not be opened on this browser. Nothing was changed; please sign in again.',
      },
    });
  });
});

describe('a bind that fails', () => {
  it('without storage says the data could not be opened, and nothing was changed', () => {
    expect(bindDataSet('A', null)).toEqual({
      ok: false,
      partial: false,
      error: expect.objectContaining({
        key: dataOwnerKey,
        reason: 'unknown',
        message: 'Your data could not be opened on this browser. Nothing was changed; please sign in again.',
      }),
    });
  });

  it('for another reason than a full storage says so, and puts everything back', () => {
    const storage = new MapStorage({ dataOwner: 'A', events: '["A"]', 'account:B:events': '["B"]' });
    const before = storage.entries();
    storage.failAt = 3;
    storage.error = new Error('disk on fire');
    const result = bindDataSet('B', storage);
    expect(result).toEqual({
      ok: false,
      partial: false,
      error: expect.objectContaining({
        key: dataOwnerKey,
        reason: 'unknown',
        message: 'Your data could not be opened on this browser. Nothing was changed; please sign in again.',
      }),
    });
    expect(storage.entries()).toEqual(before);
  });

  it('on a full storage says what to do', () => {
    const storage = new MapStorage({ events: '["A"]' });
    storage.failFrom = 1;
    const result = bindDataSet('A', storage);
    expect(result.ok).toBe(false);
    expect(result.ok || result.error.reason).toBe('quota');
    expect(result.ok || result.error.message).toBe(
      'Browser storage is full, so your data could not be opened on this browser. Nothing was changed: free some space (export and delete old data, or clear other sites) and sign in again.',
    );
    expect(storage.entries()).toEqual({ events: '["A"]' });
  });

  it('says when even the roll-back failed', () => {
    const storage = new MapStorage({ dataOwner: 'A', events: '["A"]' });
    // The stash is written and the plain key removed; the owner write fails, and so does every roll-back step.
    storage.failFrom = 3;
    const result = bindDataSet('B', storage);
    expect(result).toMatchObject({ ok: false, partial: true, error: { reason: 'quota' } });
  });

  it('a failed bind leaves the earlier guard in place', () => {
    bindDataSet('A', localStorage);
    const storage = new MapStorage();
    storage.failFrom = 1;
    expect(bindDataSet('B', storage).ok).toBe(false);
    // This tab is still A's, and A still owns the plain keys: its writes go through.
    expect(eventsStore.write([]).ok).toBe(true);
  });
});

describe('the switch event', () => {
  it('is sent only when the data set changed hands, not when it was claimed or already the signer-in’s', () => {
    const seen: Array<string | null> = [];
    const listener = (e: StorageEvent) => seen.push(e.key);
    window.addEventListener('storage', listener);
    const storage = new MapStorage({ events: '[]' });
    bindDataSet('A', storage);
    bindDataSet('A', storage);
    expect(seen).toEqual([]);
    bindDataSet('B', storage);
    window.removeEventListener('storage', listener);
    expect(seen).toEqual([null]);
  });
});

describe('the write watcher and the guard', () => {
  it('the watcher is told of each account write this tab makes, and no longer once removed', () => {
    bindDataSet('A', localStorage);
    const watched: string[] = [];
    watchWrites((key) => watched.push(key));
    eventsStore.write([]);
    colorModeStore.write('dark');
    expect(watched).toEqual(['events', 'colorMode']);
    watchWrites(null);
    eventsStore.write([]);
    expect(watched).toEqual(['events', 'colorMode']);
  });

  it('a refused write is not reported to the watcher', () => {
    bindDataSet('A', localStorage);
    const watched: string[] = [];
    watchWrites((key) => watched.push(key));
    localStorage.setItem(dataOwnerKey, 'B');
    const refused = eventsStore.write([]);
    expect(refused.ok).toBe(false);
    expect(refused.ok || refused.error).toMatchObject({
      key: 'events',
      reason: 'otherAccount',
      message:
        'Another account signed in on this browser, so this change was not saved. Reload the page to see the signed-in account’s data.',
    });
    expect(watched).toEqual([]);
    expect(localStorage.getItem('events')).toBeNull();
  });

  it('lets writes through when no owner is recorded (another tab signed out and cleared it)', () => {
    bindDataSet('A', localStorage);
    localStorage.removeItem(dataOwnerKey);
    expect(eventsStore.write([1] as never).ok).toBe(true);
    expect(localStorage.getItem('events')).toBe('[1]');
  });

  it('lets writes through when the owner cannot be read', () => {
    const storage = new MapStorage();
    bindDataSet('A', storage);
    storage.getItem = () => {
      throw new Error('unreadable');
    };
    expect(eventsStore.write([]).ok).toBe(true);
  });
});

describe('another tab’s sign-in', () => {
  it('tells the listener the new owner, only for the owner key, until stopped', () => {
    const owners: Array<string | null> = [];
    const stop = subscribeDataOwner((owner) => owners.push(owner));
    window.dispatchEvent(new StorageEvent('storage', { key: dataOwnerKey, newValue: 'B' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'events', newValue: 'C' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    window.dispatchEvent(new StorageEvent('storage', { key: dataOwnerKey, newValue: null }));
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: dataOwnerKey, newValue: 'D' }));
    expect(owners).toEqual(['B', null]);
  });
});
