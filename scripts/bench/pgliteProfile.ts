/**
 * Reads a CPU profile of the PGlite worker thread with PostgreSQL's functions named (issue 24).
 *
 * V8 names PGlite's WebAssembly functions `wasm-function[N]` only: the module has no name section. But
 * ~2,000 of PostgreSQL's functions are exports of the module (`datumCopy`, `textregexeq`, `GetCachedPlan`,
 * `standard_planner`, `ExecInsertIndexTuples`, …), and an export names its function's index. This prints
 * the profile's top functions by self time (each with its name where the module exports one) and the named
 * ones by total time (self and callees; an export's name can be an alias, so read a surprising one with care); a function without a name is usually found by its callers (`--callers N`: the
 * chains above function N, names where known) or by the named functions next to it in the index space,
 * which keeps a source file's functions together (`--near N`).
 *
 * Run: the server with `SYNC_BENCH_SERVER_ARGS='--cpu-prof --cpu-prof-dir=/tmp/p'` (scripts/bench/sync.ts),
 * then `npx tsx scripts/bench/pgliteProfile.ts /tmp/p/<the worker's profile>.cpuprofile [--callers N] [--near N]`.
 * The worker's profile is the one whose top functions are `wasm-function[…]`. docs/performance.md "First sync,
 * ninth pass" shows what it found.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Function index → exported name, read from the export section of PGlite's WebAssembly module. */
export function exportedNames(wasm: Buffer): Map<number, string> {
  const names = new Map<number, string>();
  let at = 8; // magic and version
  const leb = () => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = wasm[at++]!;
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    return value >>> 0;
  };
  while (at < wasm.length) {
    const section = wasm[at++]!;
    const size = leb();
    const end = at + size;
    if (section === 7) {
      for (let count = leb(), i = 0; i < count; i++) {
        const length = leb();
        const name = wasm.subarray(at, at + length).toString('utf8');
        at += length;
        const kind = wasm[at++]!;
        const index = leb();
        if (kind === 0) names.set(index, name);
      }
    }
    at = end;
  }
  return names;
}

function main(): void {
  const [file, ...rest] = process.argv.slice(2);
  if (!file) throw new Error('usage: pgliteProfile.ts <worker.cpuprofile> [--callers N] [--near N]');
  const option = (flag: string) => {
    const i = rest.indexOf(flag);
    return i >= 0 ? Number(rest[i + 1]) : null;
  };
  const pglite = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const names = exportedNames(readFileSync(join(pglite, 'pglite.wasm')));
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const nameOf = (n: ProfileNode) => {
    const index = /^wasm-function\[(\d+)\]$/.exec(n.callFrame.functionName)?.[1];
    if (index === undefined) return n.callFrame.functionName || '(anonymous)';
    return names.get(Number(index)) ?? `wasm-function[${index}]`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const name = nameOf(byId.get(id)!);
    self.set(name, (self.get(name) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const above = nameOf(byId.get(at)!);
      if (seen.has(above)) continue;
      seen.add(above);
      total.set(above, (total.get(above) ?? 0) + ms);
    }
  }
  // The JavaScript and Emscripten frames every call passes through say nothing of PostgreSQL's work.
  const plumbing =
    /^(\(.*\)|invoke_.*|wasm-to-js.*|js-to-wasm.*|GenericJSToWasmWrapper|execProtocol.*|PostgresMainLoopOnce|u)$/;
  const top = (m: Map<string, number>, title: string, namedOnly: boolean) => {
    console.log(title);
    const shown = [...m].filter(([n]) => !plumbing.test(n) && (!namedOnly || !n.startsWith('wasm-function')));
    for (const [name, ms] of shown.sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`${ms.toFixed(0).padStart(8)} ms  ${name}`);
  };
  const callers = option('--callers');
  const near = option('--near');
  if (near !== null) {
    const around = [...names].filter(([i]) => Math.abs(i - near) <= 15).sort((a, b) => a[0] - b[0]);
    console.log(`named functions near ${near}: ${around.map(([i, n]) => `${i} ${n}`).join(', ')}`);
  }
  if (callers !== null) {
    const chains = new Map<string, number>();
    for (const [id, ms] of selfMs) {
      if (byId.get(id)!.callFrame.functionName !== `wasm-function[${callers}]`) continue;
      const chain: string[] = [];
      for (let at = parent.get(id); at !== undefined && chain.length < 10; at = parent.get(at)) {
        const name = nameOf(byId.get(at)!);
        if (chain.at(-1) !== name) chain.push(name);
      }
      chains.set(chain.join(' < '), (chains.get(chain.join(' < ')) ?? 0) + ms);
    }
    console.log(`callers of ${names.get(callers) ?? `wasm-function[${callers}]`} (its self time):`);
    for (const [chain, ms] of [...chains].sort((a, b) => b[1] - a[1]).slice(0, 12))
      console.log(`${ms.toFixed(0).padStart(8)} ms  < ${chain}`);
    return;
  }
  top(self, 'self time', false);
  top(total, 'total time (self and callees), named functions', true);
}

main();
