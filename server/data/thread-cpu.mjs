// The PGlite worker's account of a timed call (server/data/pglite-worker.mjs): its wall time and its
// thread's own CPU time. Plain JavaScript, as the worker is.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * This thread's CPU time in ms (Linux: /proc/thread-self/stat, in clock ticks of 10 ms), or null when it
 * cannot be read (another system, /proc not mounted): reported with each answer (the server's
 * Server-Timing header), robust to the machine's load.
 */
export function threadCpuMs() {
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    return Number.isFinite(ms) ? ms : null;
  } catch {
    return null;
  }
}

/**
 * Starts timing a call: the returned function gives `{ ms, cpuMs }`, `cpuMs` null (the metric left out)
 * when the thread's CPU time could not be read at the start or at the end.
 */
export function startTiming(readCpu = threadCpuMs, now = () => performance.now()) {
  const t0 = now();
  const cpu0 = readCpu();
  return () => {
    const ms = now() - t0;
    if (cpu0 === null) return { ms, cpuMs: null };
    const cpu1 = readCpu();
    return { ms, cpuMs: cpu1 === null ? null : cpu1 - cpu0 };
  };
}
