// @vitest-environment node
/**
 * Binding the data set and watching its owner where there is no window (src/storage/accounts.ts):
 * a switch still binds (the re-read notice is for this tab's window only), and the owner watcher
 * is a no-op, instead of either throwing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindDataSet, subscribeDataOwner } from '../../src/storage/accounts';
import { setWriteGuard } from '../../src/storage/raw';

class MapStorage implements Storage {
  map: Map<string, string>;
  constructor(entries: Record<string, string>) {
    this.map = new Map(Object.entries(entries));
  }
  get length() {
    return this.map.size;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
}

afterEach(() => {
  setWriteGuard(null);
  vi.unstubAllGlobals();
});

describe('without a window', () => {
  it('a switch of account binds the data set, even where StorageEvent exists', () => {
    expect(typeof window).toBe('undefined');
    vi.stubGlobal('StorageEvent', class {});
    const storage = new MapStorage({ dataOwner: 'A', events: '["A"]' });
    expect(bindDataSet('B', storage)).toEqual({ ok: true, change: 'switched' });
    expect(storage.getItem('dataOwner')).toBe('B');
    expect(storage.getItem('account:A:events')).toBe('["A"]');
  });

  it('watching the data set’s owner gives a no-op unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeDataOwner(listener);
    expect(() => unsubscribe()).not.toThrow();
    expect(listener).not.toHaveBeenCalled();
  });
});
