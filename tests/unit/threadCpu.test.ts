/**
 * The PGlite worker's timing of a call (server/data/thread-cpu.mjs): the thread's CPU time is left out
 * of the answer (and so of the Server-Timing header) when it cannot be read, never a negative figure.
 */
import { describe, expect, it } from 'vitest';
import { startTiming, threadCpuMs } from '../../server/data/thread-cpu.mjs';

/** A clock that answers the given readings one after the other. */
const readings = <T>(...values: T[]) => {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)]!;
};

describe('the worker thread’s timing of a call', () => {
  it('gives the wall time and the CPU time spent between start and end', () => {
    const done = startTiming(readings<number | null>(1200, 1450), readings(10, 42.5));
    expect(done()).toEqual({ ms: 32.5, cpuMs: 250 });
  });

  it('leaves the CPU time out when the thread’s clock cannot be read at the end (was a negative figure)', () => {
    const done = startTiming(readings<number | null>(1200, null), readings(10, 20));
    expect(done()).toEqual({ ms: 10, cpuMs: null });
  });

  it('leaves the CPU time out when the thread’s clock cannot be read at the start', () => {
    const done = startTiming(readings<number | null>(null, 1450), readings(10, 20));
    expect(done()).toEqual({ ms: 10, cpuMs: null });
  });

  it('reads this thread’s CPU time on Linux, a whole number of ms that does not go back', () => {
    const a = threadCpuMs();
    let x = 0;
    for (let i = 0; i < 2e6; i++) x += Math.sqrt(i);
    const b = threadCpuMs();
    expect(x).toBeGreaterThan(0);
    if (process.platform !== 'linux') return expect(a).toBeNull();
    expect(Number.isInteger(a)).toBe(true);
    expect(b!).toBeGreaterThanOrEqual(a!);
  });
});
