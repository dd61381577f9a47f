/**
 * The storage gauge compares like with like (issue 25, item 13): the characters this site stores
 * against the characters the browser really allows, measured once by a probe and cached. It read
 * "9.8 MB of about 5.0 MB (195%)" when the data was at 97.6% of Chromium's real limit.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { assessHealth } from '../../src/domain/storageHealth';
import {
  forgetLocalLimit,
  localLimitChars,
  probeLimitChars,
  quietIdle,
  quietMs,
  storageLimitKey,
  storedChars,
} from '../../src/storage/health';

/** A Storage that holds at most `limit` characters of keys and values, like Chromium's (5 Mi characters). */
class LimitedStorage {
  readonly map = new Map<string, string>();
  writes = 0;
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
    this.map.delete(key);
  }
}

const MiChars = 1024 * 1024;

describe('the localStorage limit, measured', () => {
  beforeEach(() => forgetLocalLimit());

  it("finds Chromium's 5 Mi characters within 0.5%, with data already stored, and leaves the data as it was", async () => {
    const area = new LimitedStorage(5 * MiChars);
    area.setItem('events', 'e'.repeat(2 * MiChars));
    // Between its writes (when the page runs again) the probe's value is never left in storage.
    const between: number[] = [];
    const writes = area.writes;
    const limit = (await probeLimitChars(area, async () => void between.push(area.length)))!;
    expect(between.length).toBeGreaterThanOrEqual(2);
    expect(new Set(between)).toEqual(new Set([1]));
    // Issue 23: the known limit is confirmed exactly by a write one character too long and one that fits.
    expect(limit).toBe(5 * MiChars);
    expect(area.writes - writes).toBe(2);
    expect([...area.map.keys()]).toEqual(['events']);
    expect(area.getItem('events')).toHaveLength(2 * MiChars);
  });

  it('finds a limit no browser is known to have (larger or smaller than 5 Mi) by searching, within 0.5%', async () => {
    for (const limit of [8 * MiChars, 5 * MiChars + 5000, 5 * MiChars - 5000]) {
      const area = new LimitedStorage(limit);
      area.setItem('events', 'e'.repeat(MiChars));
      const found = (await probeLimitChars(area, async () => {}))!;
      expect(found, String(limit)).toBeLessThanOrEqual(limit);
      expect(found, String(limit)).toBeGreaterThan(limit * 0.995);
      expect([...area.map.keys()]).toEqual(['events']);
    }
  });

  it('finds a smaller limit (Safari, about 2.5 M characters) and a full storage', async () => {
    expect((await probeLimitChars(new LimitedStorage(2_500_000)))!).toBeGreaterThan(2_500_000 * 0.995);
    const full = new LimitedStorage(1000);
    full.setItem('events', 'e'.repeat(994));
    expect(await probeLimitChars(full)).toBe(1000);
    expect(await probeLimitChars(new LimitedStorage(0))).toBeNull();
  });

  it("probes once: the limit is cached in memory and in the tab's session for the next page load, never in localStorage", async () => {
    const area = new LimitedStorage(5 * MiChars);
    const session = new LimitedStorage(5 * MiChars);
    const first = (await localLimitChars(area, session))!;
    expect(session.getItem(storageLimitKey)).toBe(String(first));
    expect(area.length).toBe(0);
    const writes = area.writes;
    expect(await localLimitChars(area, session)).toBe(first);
    forgetLocalLimit(); // a new page load
    expect(await localLimitChars(area, session)).toBe(first);
    expect(area.writes).toBe(writes);
    // A cached limit below what is stored now is stale: measured again.
    forgetLocalLimit();
    session.setItem(storageLimitKey, '10');
    area.setItem('events', 'e'.repeat(100));
    expect(await localLimitChars(area, session)).toBeGreaterThan(5 * MiChars * 0.995);
    expect(area.writes).toBeGreaterThan(writes + 1);
  });

  it('says 97.6%, not 195%, for data at 97.6% of the real limit', async () => {
    const area = new LimitedStorage(5 * MiChars);
    area.setItem('events', 'e'.repeat(Math.round(5 * MiChars * 0.976) - 'events'.length));
    const limit = (await localLimitChars(area, null))!;
    const used = storedChars(area);
    const report = assessHealth({
      appBytes: used * 2,
      localLimit: limit * 2,
      usage: 0,
      quota: 10 * 1024 ** 3,
    });
    expect(report.percent).toBeGreaterThanOrEqual(97.6);
    expect(report.percent).toBeLessThan(98.2);
    expect(report.summary).toMatch(
      /^Your data uses 9\.8 MB of about (9\.9|10\.0) MB of browser storage for this app \(9[78]\.\d%\)\.$/,
    );
    expect(report.siteSummary).toBeNull();
  });
});

describe('the probe waits for a quiet page (issue 23)', () => {
  it('its next write waits until nobody has touched the page for a moment and the browser is idle', async () => {
    vi.useFakeTimers();
    const idle = vi.fn((callback: () => void) => setTimeout(callback, 0));
    vi.stubGlobal('window', Object.assign(new EventTarget(), { requestIdleCallback: idle }));
    try {
      let resumed = false;
      void quietIdle().then(() => (resumed = true));
      await vi.advanceTimersByTimeAsync(1);
      expect(resumed).toBe(true); // nobody has touched the page
      resumed = false;
      window.dispatchEvent(new Event('pointerdown'));
      void quietIdle().then(() => (resumed = true));
      await vi.advanceTimersByTimeAsync(quietMs - 100);
      expect(resumed).toBe(false);
      window.dispatchEvent(new Event('keydown')); // still typing: waits again
      await vi.advanceTimersByTimeAsync(quietMs - 100);
      expect(resumed).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(resumed).toBe(true);
      expect(idle).toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });
});
