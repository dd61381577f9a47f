/**
 * The PGlite worker's thread CPU time (server/data/thread-cpu.mjs) read from a given /proc/thread-self/stat:
 * user plus system time, in ticks of 10 ms; null when the file cannot be read. Apart from threadCpu.test.ts,
 * which reads the real file, because `node:fs` is replaced here.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const stat = vi.hoisted(() => ({ text: null as string | null }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return {
    ...fs,
    readFileSync: (...args: Parameters<typeof fs.readFileSync>) => {
      if (args[0] !== '/proc/thread-self/stat' || stat.text === null) return fs.readFileSync(...args);
      if (stat.text === 'unreadable') throw new Error('ENOENT: no such file or directory');
      return stat.text;
    },
  };
});
const { startTiming, threadCpuMs } = await import('../../server/data/thread-cpu.mjs');

afterEach(() => {
  stat.text = null;
});

/** A stat line as Linux writes it: pid (name) state, then fields 4 to 52; utime is field 14, stime 15. */
const line = (utime: number, stime: number, name = 'node') =>
  `4242 (${name}) S 1 4242 4242 0 -1 4194560 1500 0 12 0 ${utime} ${stime} 0 0 20 0 11 0 900 1000000 5000 18446744073709551615 1 1 0 0 0 0 0 16781312 134235650 0 0 0 17 1 0 0 0 0 0\n`;

describe('the worker thread’s CPU time', () => {
  it('is its user and system time together, in ms', () => {
    stat.text = line(37, 5);
    expect(threadCpuMs()).toBe(420);
    stat.text = line(0, 12);
    expect(threadCpuMs()).toBe(120);
  });

  it('is null when the file cannot be read', () => {
    stat.text = 'unreadable';
    expect(threadCpuMs()).toBeNull();
  });

  it('a call timed with the real clock: its wall time, not negative and not more than the time around it', () => {
    stat.text = line(10, 0);
    const before = performance.now();
    const done = startTiming();
    stat.text = line(13, 1);
    const { ms, cpuMs } = done();
    const around = performance.now() - before;
    expect(cpuMs).toBe(40);
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(ms).toBeLessThanOrEqual(around);
  });
});
