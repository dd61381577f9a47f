/** Types of server/data/thread-cpu.mjs (plain JavaScript, loaded by the PGlite worker without a TypeScript loader). */
export declare function threadCpuMs(): number | null;
export declare function startTiming(
  readCpu?: () => number | null,
  now?: () => number,
): () => { ms: number; cpuMs: number | null };
