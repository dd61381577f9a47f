// @vitest-environment jsdom
/**
 * The storage gauge's figures (src/storage/health.ts), beyond tests/unit/storageLimit.test.ts: what
 * counts as stored, the probe at its edges (only the probe's key fits, a failing page pause), the
 * cached limit and when it is measured again, the browser's own estimate, and the one request that
 * the browser keep this site's data.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  appDataBytes,
  fallbackLimitBytes,
  forgetLocalLimit,
  localLimitChars,
  measureStorage,
  probeLimitChars,
  storageLimitKey,
  storedChars,
} from '../../src/storage/health';

const probeKey = 'storageLimit.probe';

/** A Storage that holds at most `limit` characters of keys and values. */
class LimitedStorage {
  readonly map = new Map<string, string>();
  writes = 0;
  removes: string[] = [];
  constructor(private readonly limit: number) {}
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.writes++;
    let total = key.length + value.length;
    for (const [k, v] of this.map) if (k !== key) total += k.length + v.length;
    if (total > this.limit) throw Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.removes.push(key);
    this.map.delete(key);
  }
}

const noPause = async () => {};

beforeEach(() => {
  forgetLocalLimit();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  forgetLocalLimit();
});

describe('what counts as stored', () => {
  it('every key and value, in characters, but not the probe’s own value', () => {
    const area = new LimitedStorage(10_000);
    area.setItem('events', '[1,2]');
    area.setItem('a', '');
    area.map.set(probeKey, 'x'.repeat(500));
    expect(storedChars(area)).toBe('events'.length + 5 + 1);
  });

  it('the app’s data in bytes: two per character of every key and value, the probe left out', () => {
    localStorage.setItem('events', '[1,2]');
    localStorage.setItem('sb-token', 'abc');
    localStorage.setItem(probeKey, 'x'.repeat(100));
    expect(appDataBytes()).toBe((6 + 5 + 8 + 3) * 2);
    localStorage.clear();
    expect(appDataBytes()).toBe(0);
  });
});

describe('the probe at its edges', () => {
  it('a failure to remove a probe value gives no limit, and the value is removed again so it never stays', async () => {
    const area = new LimitedStorage(3 * 1024 * 1024);
    let failures = 1;
    const remove = area.removeItem.bind(area);
    area.removeItem = (key: string) => {
      if (failures-- > 0) throw new Error('busy');
      remove(key);
    };
    expect(await probeLimitChars(area, noPause)).toBeNull();
    expect(area.map.has(probeKey)).toBe(false);
  });

  it('by default the page gets its turn between writes: a timer due meanwhile runs before the probe ends', async () => {
    let finished = false;
    let ranWhileProbing = false;
    setTimeout(() => (ranWhileProbing = !finished), 0);
    await probeLimitChars(new LimitedStorage(3 * 1024 * 1024));
    finished = true;
    expect(ranWhileProbing).toBe(true);
  });

  it('when only the probe’s key still fits, the limit is what is stored plus that key', async () => {
    const area = new LimitedStorage(1000);
    area.setItem('events', 'e'.repeat(1000 - 'events'.length - probeKey.length));
    expect(await probeLimitChars(area, noPause)).toBe(1000);
    expect([...area.map.keys()]).toEqual(['events']);
  });

  it('a small storage is measured to within 256 characters, never above its limit', async () => {
    for (const limit of [300, 5000, 70_000]) {
      const limitChars = (await probeLimitChars(new LimitedStorage(limit), noPause))!;
      expect(limitChars, String(limit)).toBeLessThanOrEqual(limit);
      expect(limitChars, String(limit)).toBeGreaterThanOrEqual(limit - 256);
    }
  });

  it('gives the page back between writes: grows by doubling, then halves the interval', async () => {
    let pauses = 0;
    await probeLimitChars(new LimitedStorage(3 * 1024 * 1024), async () => void pauses++);
    // 1 Mi and 2 Mi fit, 4 Mi does not (2 pauses while growing), then about 13 halvings of 2 Mi down to within 0.5 %.
    expect(pauses).toBeGreaterThanOrEqual(2 + 7);
    expect(pauses).toBeLessThan(2 + 14);
  });

  it('a failure while measuring gives no limit and leaves no probe value behind', async () => {
    const area = new LimitedStorage(3 * 1024 * 1024);
    const result = await probeLimitChars(area, () => Promise.reject(new Error('page closed')));
    expect(result).toBeNull();
    expect(area.map.has(probeKey)).toBe(false);
    expect(area.removes).toContain(probeKey);
  });
});

describe('the cached limit', () => {
  it('no storage, no limit', async () => {
    expect(await localLimitChars(null, null)).toBeNull();
  });

  it('no storage, no limit, even after a limit was measured on this page', async () => {
    expect(await localLimitChars(new LimitedStorage(2000), null)).toBeGreaterThan(2000 - 256);
    expect(await localLimitChars(null, null)).toBeNull();
  });

  it('a limit saved in the session that is not a whole positive number is measured again', async () => {
    for (const saved of ['abc', '0', '-5', '12.5', '']) {
      forgetLocalLimit();
      const area = new LimitedStorage(2000);
      const session = new LimitedStorage(1000);
      session.setItem(storageLimitKey, saved);
      const limitChars = (await localLimitChars(area, session))!;
      expect(limitChars, saved).toBeGreaterThan(2000 - 256);
      expect(limitChars, saved).toBeLessThanOrEqual(2000);
      expect(session.getItem(storageLimitKey), saved).toBe(String(limitChars));
    }
  });

  it('a saved limit equal to what is stored is used as it is', async () => {
    const area = new LimitedStorage(2000);
    area.setItem('events', 'e'.repeat(94));
    const session = new LimitedStorage(1000);
    session.setItem(storageLimitKey, '100');
    const writes = area.writes;
    expect(await localLimitChars(area, session)).toBe(100);
    expect(area.writes).toBe(writes);
  });

  it('a limit this tab measured on an earlier page load (sessionStorage cc.localStorageLimit) is used, not measured again', async () => {
    const area = new LimitedStorage(2000);
    area.setItem('events', 'e'.repeat(94));
    sessionStorage.setItem('cc.localStorageLimit', '1900');
    const writes = area.writes;
    expect(await localLimitChars(area)).toBe(1900);
    expect(area.writes).toBe(writes);
    // And a limit measured now is left there for the next page load, under the same key.
    forgetLocalLimit();
    sessionStorage.clear();
    const measured = await localLimitChars(area);
    expect(sessionStorage.getItem('cc.localStorageLimit')).toBe(String(measured));
  });

  it('a session cache that cannot be read or written only means measuring again', async () => {
    const area = new LimitedStorage(2000);
    const broken = {
      getItem: () => {
        throw new Error('no session');
      },
      setItem: () => {
        throw new Error('no session');
      },
    };
    const first = (await localLimitChars(area, broken))!;
    expect(first).toBeGreaterThan(2000 - 256);
    // Kept in memory for this page.
    const writes = area.writes;
    expect(await localLimitChars(area, broken)).toBe(first);
    expect(area.writes).toBe(writes);
  });

  it('a storage that cannot be measured gives no limit, and nothing is cached', async () => {
    const session = new LimitedStorage(1000);
    expect(await localLimitChars(new LimitedStorage(0), session)).toBeNull();
    expect(session.getItem(storageLimitKey)).toBeNull();
    // Not remembered as a limit: a usable storage is measured next time.
    expect(await localLimitChars(new LimitedStorage(2000), session)).toBeGreaterThan(2000 - 256);
  });

  it('two gauges asking at once share one probe', async () => {
    const area = new LimitedStorage(50_000);
    const [a, b] = await Promise.all([localLimitChars(area, null), localLimitChars(area, null)]);
    expect(a).toBe(b);
    const together = area.writes;
    forgetLocalLimit();
    const alone = new LimitedStorage(50_000);
    await localLimitChars(alone, null);
    expect(together).toBe(alone.writes);
  });
});

describe('measuring for the Dashboard', () => {
  const withStorageManager = (manager: unknown) =>
    Object.defineProperty(navigator, 'storage', { value: manager, configurable: true });
  afterEach(() => withStorageManager(undefined));

  it('gives the app’s bytes, the cached limit in bytes, and the browser’s estimate and persistence', async () => {
    localStorage.setItem('events', '[]');
    sessionStorage.setItem(storageLimitKey, '123456');
    withStorageManager({
      estimate: async () => ({ usage: 2048, quota: 1_000_000 }),
      persisted: async () => true,
    });
    expect(await measureStorage()).toEqual({
      appBytes: (6 + 2) * 2,
      localLimit: 246_912,
      usage: 2048,
      quota: 1_000_000,
      persisted: true,
    });
  });

  it('without the browser’s estimate, or when it fails, those figures are unknown', async () => {
    sessionStorage.setItem(storageLimitKey, '1000');
    withStorageManager(undefined);
    expect(await measureStorage()).toMatchObject({ usage: null, quota: null, persisted: null, localLimit: 2000 });
    withStorageManager({ estimate: async () => ({ usage: 'lots' }), persisted: async () => undefined });
    expect(await measureStorage()).toMatchObject({ usage: null, quota: null, persisted: null });
    withStorageManager({
      estimate: () => Promise.reject(new Error('no')),
      persisted: () => Promise.reject(new Error('no')),
    });
    expect(await measureStorage()).toMatchObject({ usage: null, quota: null, persisted: null });
    withStorageManager({ estimate: async () => ({ quota: 10 }), persisted: async () => false });
    expect(await measureStorage()).toMatchObject({ usage: null, quota: 10, persisted: false });
    // One of the two missing leaves the other known.
    withStorageManager({ persisted: async () => true });
    expect(await measureStorage()).toMatchObject({ usage: null, quota: null, persisted: true });
    withStorageManager({ estimate: async () => ({ usage: 5, quota: 10 }) });
    expect(await measureStorage()).toMatchObject({ usage: 5, quota: 10, persisted: null });
  });

  it('a limit that cannot be measured is taken as about 5 MB', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    });
    expect((await measureStorage()).localLimit).toBe(fallbackLimitBytes);
    expect(fallbackLimitBytes).toBe(5_000_000);
  });
});

describe('asking the browser to keep this site’s data', () => {
  it('asks once per page load, and a refusal or a failure is no answer', async () => {
    vi.resetModules();
    const persist = vi.fn(async () => true);
    Object.defineProperty(navigator, 'storage', { value: { persist }, configurable: true });
    const health = await import('../../src/storage/health');
    expect(await health.requestPersistentStorage()).toBe(true);
    expect(await health.requestPersistentStorage()).toBeNull();
    expect(persist).toHaveBeenCalledTimes(1);

    vi.resetModules();
    Object.defineProperty(navigator, 'storage', {
      value: { persist: () => Promise.reject(new Error('no')) },
      configurable: true,
    });
    expect(await (await import('../../src/storage/health')).requestPersistentStorage()).toBeNull();

    vi.resetModules();
    Object.defineProperty(navigator, 'storage', { value: {}, configurable: true });
    expect(await (await import('../../src/storage/health')).requestPersistentStorage()).toBeNull();
    Object.defineProperty(navigator, 'storage', { value: undefined, configurable: true });
  });
});
