// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { bindDataSet, dataOwnerKey, isAccountKey, stashKey } from '../../src/storage/accounts';
import { eventsStore } from '../../src/storage/keys';
import { isAppKey } from '../../src/storage/owned';
import { colorModeStore } from '../../src/storage/preferences';

/** A Storage with a size limit (characters of keys and values, as browsers count) and a switch to fail the n-th write. */
class FakeStorage implements Storage {
  private map = new Map<string, string>();
  writes = 0;
  failAtWrite = Infinity;
  constructor(private quota = Infinity) {}
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
    this.writes++;
    const size =
      [...this.map].reduce((n, [k, v]) => n + (k === key ? 0 : k.length + v.length), 0) + key.length + value.length;
    if (this.writes === this.failAtWrite || size > this.quota)
      throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    this.map.set(key, String(value));
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
  entries() {
    return Object.fromEntries([...this.map].sort(([a], [b]) => a.localeCompare(b)));
  }
}

const session = 'sb-127-auth-token';
/** What account A has on this browser: collections, per-event keys, deleted ids, a set-aside record. */
const dataOfA = {
  events: '[{"id":7,"EventName":"Harbour Gala"}]',
  inventoryItems: '[{"id":"i1","name":"Salmon"}]',
  'ingredientList-7': '[]',
  '7-taxPercentage': '13',
  deletedEventIds: '[3]',
  'recovered:events:1': '{"id":9}',
};
const browserKeys = {
  colorMode: '"dark"',
  soundMuted: 'false',
  [session]: '{"access_token":"a","refresh_token":"r"}',
  'other-site': 'keep me',
};
const dataKeys = (s: FakeStorage) =>
  Object.keys(s.entries()).filter((k) => isAppKey(k) && k !== 'colorMode' && k !== 'soundMuted');

describe('per-account data sets', () => {
  let storage: FakeStorage;
  beforeEach(() => {
    storage = new FakeStorage();
    for (const [k, v] of Object.entries({ ...dataOfA, ...browserKeys })) storage.setItem(k, v);
  });

  it('gives data with no owner yet to whoever signs in first, moving nothing', () => {
    const before = storage.entries();
    expect(bindDataSet('A', storage)).toEqual({ ok: true, change: 'claimed' });
    expect(storage.entries()).toEqual({ ...before, [dataOwnerKey]: 'A' });
  });

  it('starts another account empty, keeps the first one’s data aside, and gives each its own back', () => {
    bindDataSet('A', storage);
    expect(bindDataSet('B', storage)).toEqual({ ok: true, change: 'switched' });
    expect(dataKeys(storage)).toEqual([]);
    expect(storage.getItem(dataOwnerKey)).toBe('B');
    expect(storage.getItem(stashKey('A', 'events'))).toBe(dataOfA.events);

    storage.setItem('inventoryItems', '[{"id":"b1","name":"Lemons"}]');
    expect(bindDataSet('A', storage)).toEqual({ ok: true, change: 'switched' });
    expect(Object.fromEntries(dataKeys(storage).map((k) => [k, storage.getItem(k)]))).toEqual(dataOfA);
    expect(Object.keys(storage.entries()).filter((k) => k.startsWith(stashKey('A', '')))).toEqual([]);
    expect(storage.getItem(stashKey('B', 'inventoryItems'))).toBe('[{"id":"b1","name":"Lemons"}]');

    bindDataSet('B', storage);
    expect(storage.getItem('inventoryItems')).toBe('[{"id":"b1","name":"Lemons"}]');
    expect(storage.getItem('events')).toBeNull();
  });

  it('never moves the auth session, other sites’ keys or the browser’s preferences', () => {
    for (const user of ['A', 'B', 'A']) {
      bindDataSet(user, storage);
      for (const [k, v] of Object.entries(browserKeys))
        expect(storage.getItem(k), `${k} after ${user} signed in`).toBe(v);
    }
    expect(
      Object.keys(storage.entries()).filter(
        (k) => k.includes(session) || k.includes('other-site') || k.includes('colorMode'),
      ),
    ).toEqual(['colorMode', 'other-site', session]);
  });

  it('does nothing when the owner signs in again', () => {
    bindDataSet('A', storage);
    const before = storage.entries();
    expect(bindDataSet('A', storage)).toEqual({ ok: true, change: 'none' });
    expect(storage.entries()).toEqual(before);
  });

  it('leaves storage byte-identical when a write fails at any point of a switch, and says why', () => {
    bindDataSet('A', storage);
    bindDataSet('B', storage);
    storage.setItem('events', '[{"id":1,"EventName":"B lunch"}]');
    const before = storage.entries();
    let failures = 0;
    for (let n = 1; ; n++) {
      storage.writes = 0;
      storage.failAtWrite = n;
      const result = bindDataSet('A', storage);
      storage.failAtWrite = Infinity;
      if (result.ok) break;
      failures++;
      expect(result).toMatchObject({ ok: false, partial: false, error: { reason: 'quota' } });
      expect(result.ok || result.error.message).toMatch(/Browser storage is full/);
      expect(storage.entries()).toEqual(before);
    }
    // One failure per write of the switch: 1 stashed + 6 restored + the owner.
    expect(failures).toBe(8);
  });

  it('needs room for one value only, not a second copy of a data set', () => {
    const full = new FakeStorage();
    for (const [k, v] of Object.entries({ ...dataOfA, ...browserKeys })) full.setItem(k, v);
    bindDataSet('A', full);
    const used = Object.entries(full.entries()).reduce((n, [k, v]) => n + k.length + v.length, 0);
    const tight = new FakeStorage(used + 200);
    for (const [k, v] of Object.entries(full.entries())) tight.setItem(k, v);
    expect(bindDataSet('B', tight).ok).toBe(true);
    expect(bindDataSet('A', tight).ok).toBe(true);
    expect(tight.getItem('events')).toBe(dataOfA.events);
  });

  it('keeps the owner and the stashes out of the app keys that backups save and restores write', () => {
    bindDataSet('A', storage);
    bindDataSet('B', storage);
    const accountKeys = Object.keys(storage.entries()).filter(isAccountKey);
    expect(accountKeys).toContain(dataOwnerKey);
    expect(accountKeys).toContain(stashKey('A', 'events'));
    expect(accountKeys.filter(isAppKey)).toEqual([]);
  });

  it('tells this tab’s subscribers to re-read after a switch', () => {
    const seen: Array<string | null> = [];
    const listener = (e: StorageEvent) => seen.push(e.key);
    window.addEventListener('storage', listener);
    bindDataSet('A', storage);
    expect(seen).toEqual([]);
    bindDataSet('B', storage);
    window.removeEventListener('storage', listener);
    expect(seen).toEqual([null]);
  });
});

describe('a tab whose account was switched away in another tab', () => {
  it('cannot write its screen into the other account’s data set until it follows the switch', () => {
    localStorage.clear();
    bindDataSet('A', localStorage);
    expect(eventsStore.write([]).ok).toBe(true);
    // Another tab signs B in: B now owns the plain keys.
    localStorage.setItem(dataOwnerKey, 'B');
    const refused = eventsStore.write([]);
    expect(refused.ok).toBe(false);
    expect(refused.ok || refused.error.reason).toBe('otherAccount');
    expect(eventsStore.remove().ok).toBe(false);
    // Preferences are the browser's, not the account's.
    expect(colorModeStore.write('dark').ok).toBe(true);
    // This tab follows: writes go to B's data again.
    bindDataSet('B', localStorage);
    expect(eventsStore.write([]).ok).toBe(true);
  });
});
