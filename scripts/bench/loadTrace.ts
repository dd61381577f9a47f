/**
 * A protected page's full load, traced (issue 23): the bench's full load (navigation to the nav's Menu
 * answering a click, scripts/bench/interactions.ts) on the big business, with the renderer main thread's
 * own time over the load split by kind (script, style, layout, parse, ...) and, with `--profile`, a CPU
 * profile of the same loads: the functions with the most self and inclusive time (readable on an
 * unminified build). Compares builds (a copy of dist/ each), one after the other:
 *
 *   npx tsx scripts/bench/loadTrace.ts [--path /dashboard] [--runs 5] [--profile] <dist dir> [<dist dir> ...]
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { CDPSession, Page } from '@playwright/test';
import { traced, type TraceEvent } from './trace';
import { makeEvents } from './events';
import { employees, items, suppliers } from './inventory';
import { launchChromium, median, signInAsDemo, startServer } from './support';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const kinds: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  'v8.produceModuleCache': 'compile',
  'V8.CompileCode': 'compile',
  'v8.evaluateModule': 'script',
  EventDispatch: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  'V8.GC_SCAVENGER': 'gc',
  MinorGC: 'gc',
  MajorGC: 'gc',
  'BlinkGC.AtomicPhase': 'gc',
  ParseHTML: 'parseHTML',
  ParseAuthorStyleSheet: 'parseCSS',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  'ProxyMain::BeginMainFrame::commit': 'commit',
  HitTest: 'hittest',
  'Document::updateStyleAndLayout': 'layout',
};

/** Thread time of the renderer main thread's tasks in [from, to] (trace clock, µs), by kind. */
function mainThread(events: TraceEvent[], from: number, to: number) {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const totals: Record<string, number> = { total: 0, wall: (to - from) / 1000 };
  for (const main of mains) {
    const slices = events
      .filter(
        (e) =>
          e.pid === main.pid &&
          e.tid === main.tid &&
          e.ph === 'X' &&
          e.tts !== undefined &&
          e.tdur !== undefined &&
          e.ts >= from &&
          e.ts <= to,
      )
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const stack: Array<{ end: number; kind: string; own: number }> = [];
    const pop = () => {
      const s = stack.pop()!;
      totals[s.kind] = (totals[s.kind] ?? 0) + s.own / 1000;
    };
    for (const e of slices) {
      while (stack.length && stack[stack.length - 1]!.end <= e.ts) pop();
      const parent = stack[stack.length - 1];
      if (parent) parent.own -= e.tdur!;
      else totals.total! += e.tdur! / 1000;
      const kind = kinds[e.name] ?? parent?.kind ?? 'other';
      stack.push({ end: e.ts + (e.dur ?? 0), kind, own: e.tdur! });
    }
    while (stack.length) pop();
  }
  return totals;
}

function tally(profile: Profile, self: Map<string, number>, inclusive: Map<string, number>) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: ProfileNode) => {
    const { functionName, url, lineNumber, columnNumber } = n.callFrame;
    const file = url.split('/').pop() ?? '';
    return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
  };
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') return;
    self.set(label(node), (self.get(label(node)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const l = label(byId.get(at)!);
      if (seen.has(l)) continue;
      seen.add(l);
      inclusive.set(l, (inclusive.get(l) ?? 0) + ms);
    }
  });
}

/** As the bench's recordMenuShown: the start of the frame that paints the nav's menu. */
function recordMenuShown() {
  if (!sessionStorage.getItem('bench.menuShown')) return;
  const w = window as unknown as { __menuShownAt?: number };
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[role="menu"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => (w.__menuShownAt = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function fullLoad(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('menu').waitFor();
  const shown = await page.waitForFunction(() => (window as unknown as { __menuShownAt?: number }).__menuShownAt);
  return Number(await shown.jsonValue());
}

async function measureBuild(distDir: string, path: string, runs: number, profile: boolean) {
  const server = await startServer({ DIST_DIR: distDir });
  const browser = await launchChromium();
  const loads: number[] = [];
  const threads: Array<Record<string, number>> = [];
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript(recordMenuShown);
    await signInAsDemo(page, server.url);
    await page.evaluate(
      ([events, i, s, e]) => {
        localStorage.setItem('events', JSON.stringify(events));
        localStorage.setItem('inventoryItems', JSON.stringify(i));
        localStorage.setItem('suppliers', JSON.stringify(s));
        localStorage.setItem('employees', JSON.stringify(e));
        sessionStorage.setItem('bench.menuShown', 'on');
      },
      [makeEvents(new Date()), items, suppliers, employees] as const,
    );
    // Warm the HTTP cache (a returning caterer), as the bench does.
    for (let i = 0; i < 2; i++) await fullLoad(page, `${server.url}${path}`);
    const cdp: CDPSession = await page.context().newCDPSession(page);
    for (let run = 0; run < runs; run++) {
      if (profile) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
      let at = 0;
      const events = await traced(cdp, async () => {
        at = await fullLoad(page, `${server.url}${path}`);
      });
      if (profile) {
        const { profile: p } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
        tally(p, self, inclusive);
        // PROFILE_DUMP=<file prefix>: each run's profile as JSON (a .cpuprofile DevTools opens).
        if (process.env.PROFILE_DUMP) writeFileSync(`${process.env.PROFILE_DUMP}-${run}.cpuprofile`, JSON.stringify(p));
      }
      loads.push(at);
      const nav = events.find(
        (e) => e.name === 'navigationStart' && (e.args?.data as { isLoadingMainFrame?: boolean })?.isLoadingMainFrame,
      );
      const start = nav?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
      threads.push(mainThread(events, start, start + at * 1000));
    }
    return { loads, threads, self, inclusive };
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  let runs = 5;
  let path = '/dashboard';
  let profile = false;
  const dists: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--runs') runs = Number(args[++i]);
    else if (args[i] === '--path') path = args[++i]!;
    else if (args[i] === '--profile') profile = true;
    else dists.push(args[i]!);
  }
  const fmt = (n: number) => n.toFixed(1);
  for (const dist of dists) {
    const { loads, threads, self, inclusive } = await measureBuild(dist, path, runs, profile);
    console.log(`\n${dist} ${path}: full load ${fmt(median(loads))} ms median [${loads.map(fmt).join(', ')}]`);
    const keys = [...new Set(threads.flatMap((r) => Object.keys(r)))].sort();
    console.log(
      `  main thread (median ms): ${keys.map((k) => `${k} ${fmt(median(threads.map((r) => r[k] ?? 0)))}`).join(' · ')}`,
    );
    if (profile) {
      const top = (m: Map<string, number>, n: number) =>
        [...m]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([k, v]) => `    ${fmt(v / runs).padStart(7)}  ${k}`)
          .join('\n');
      console.log(`  self time per run (profile):\n${top(self, 40)}`);
      console.log(`  inclusive time per run (profile):\n${top(inclusive, Number(process.env.PROFILE_TOP ?? 80))}`);
    }
  }
}
