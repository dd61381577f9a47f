// @vitest-environment jsdom
/**
 * The storage probe's manners (src/storage/health.ts, issue 23), beyond tests/unit/storageLimit.test.ts:
 * every kind of input counts as the caterer using the page, even input a component stops from bubbling,
 * and input that arrives while the probe waits for the browser to be idle makes it wait again. And a
 * storage that already holds more than the known 5 Mi characters is measured by searching.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { probeLimitChars, quietIdle, quietMs } from '../../src/storage/health';

const idle = vi.fn((callback: () => void) => setTimeout(callback, 50));

/** Fake timers, then the browser's idle callback (due 50 ms after it is asked for) over the fake one. */
function fakeTime() {
  vi.useFakeTimers();
  Object.assign(window, { requestIdleCallback: idle });
}
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(window, 'requestIdleCallback');
});

/** Whether a quietIdle() started now has resumed after `ms` (fake timers). */
async function resumedWithin(ms: number, during?: () => void): Promise<boolean> {
  let resumed = false;
  void quietIdle().then(() => (resumed = true));
  during?.();
  await vi.advanceTimersByTimeAsync(ms);
  return resumed;
}

describe('what counts as the page being used', () => {
  it('a pointer, a key, the wheel and a touch each make the probe wait; after a quiet moment it goes on', async () => {
    fakeTime();
    // A first call installs the watchers: passive (scrolling never waits for them), in the capture phase.
    const add = vi.spyOn(window, 'addEventListener');
    expect(await resumedWithin(60)).toBe(true);
    expect(add.mock.calls.map(([type, , options]) => [type, options])).toEqual(
      ['pointerdown', 'keydown', 'wheel', 'touchstart'].map((type) => [type, { capture: true, passive: true }]),
    );
    // Once: the next wait adds none (asserted here too, where they are installed, so a mutant of that line is run here).
    expect(await resumedWithin(60)).toBe(true);
    expect(add).toHaveBeenCalledTimes(4);
    add.mockRestore();
    for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart']) {
      let resumed = false;
      document.body.dispatchEvent(new Event(type, { bubbles: true }));
      void quietIdle().then(() => (resumed = true));
      await vi.advanceTimersByTimeAsync(60);
      expect(resumed, type).toBe(false);
      await vi.advanceTimersByTimeAsync(quietMs + 60);
      expect(resumed, type).toBe(true);
    }
  });

  it('input that a component stops from bubbling still counts', async () => {
    fakeTime();
    const stop = (event: Event) => event.stopPropagation();
    document.addEventListener('keydown', stop, { capture: true });
    try {
      const button = document.body.appendChild(document.createElement('button'));
      expect(await resumedWithin(60, () => button.dispatchEvent(new Event('keydown', { bubbles: true })))).toBe(false);
      await vi.advanceTimersByTimeAsync(quietMs + 60);
    } finally {
      document.removeEventListener('keydown', stop, { capture: true });
    }
  });

  it('input while it waits for the browser to be idle makes it wait for a quiet moment again', async () => {
    fakeTime();
    await vi.advanceTimersByTimeAsync(quietMs + 60);
    let resumed = false;
    void quietIdle().then(() => (resumed = true));
    // Quiet so far: it asks for an idle moment (due in 50 ms); a key is pressed before it comes.
    await vi.advanceTimersByTimeAsync(10);
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(60);
    expect(resumed).toBe(false);
    await vi.advanceTimersByTimeAsync(quietMs + 60);
    expect(resumed).toBe(true);
  });
});

describe('how it watches', () => {
  it('once per page, however many writes it waits for', async () => {
    fakeTime();
    const add = vi.spyOn(window, 'addEventListener');
    for (let i = 0; i < 3; i++) await resumedWithin(quietMs + 60);
    // This file's first test installed them already: none added since.
    expect(add.mock.calls.filter(([type]) => ['pointerdown', 'keydown', 'wheel', 'touchstart'].includes(type))).toEqual(
      [],
    );
    add.mockRestore();
  });
});

describe('a storage already holding more than the known limit', () => {
  it('is measured by searching (Chromium’s 5 Mi is not tried), within 0.5 %', async () => {
    const limit = 8 * 1024 * 1024;
    const map = new Map<string, string>([['events', 'x'.repeat(5.5 * 1024 * 1024)]]);
    const area = {
      get length() {
        return map.size;
      },
      key: (i: number) => [...map.keys()][i] ?? null,
      getItem: (key: string) => map.get(key) ?? null,
      setItem(key: string, value: string) {
        let total = key.length + value.length;
        for (const [k, v] of map) if (k !== key) total += k.length + v.length;
        if (total > limit) throw Object.assign(new Error('full'), { name: 'QuotaExceededError' });
        map.set(key, value);
      },
      removeItem: (key: string) => void map.delete(key),
    };
    const measured = await probeLimitChars(area, async () => {});
    expect(measured).not.toBeNull();
    expect(measured!).toBeLessThanOrEqual(limit);
    expect(measured!).toBeGreaterThan(limit * 0.995);
    expect([...map.keys()]).toEqual(['events']);
  });
});
