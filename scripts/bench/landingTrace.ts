/**
 * The tasks after the first paint of the public pages (issue 23), from a Chromium trace of cold loads at
 * 4x CPU slowdown: every main-thread task after first contentful paint that lasts over 50 ms, with its
 * wall time, its thread time (the main thread's own clock: robust to a loaded machine) and the named
 * work inside it. Compares builds (a copy of dist/ each):
 *
 *   npx tsx scripts/bench/landingTrace.ts [--runs 5] [--rate 4] [--path /] [--show 50] [--profile] <dist dir> [<dist dir> ...]
 *
 * `--show` lists tasks over that many ms too (the blocking time still counts the part over 50 ms).
 * `--profile` samples the main thread too (V8's CPU profiler, 100 µs) and lists, under each task shown,
 * the functions with the most self time in it (`(program)` is V8's own work: compiling, among others).
 *
 * Prints, per load, each long task and the load's blocking time by wall and by thread time (the part
 * of each task over 50 ms, summed), then per build the median of each.
 */
import { pathToFileURL } from 'node:url';
import type { Browser } from '@playwright/test';
import { waitUntilQuiet } from './paint';
import { launchChromium, median, startServer } from './support';
import { traced, type TraceEvent } from './trace';

interface LoadFigures {
  tbtWall: number;
  tbtThread: number;
  longestWall: number;
  longestThread: number;
  tasks: string[];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The functions with the most self time between `from` and `to` (trace clock, µs), as "name file:line ms". */
function topFunctions(profile: Profile, from: number, to: number, count = 6): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from || at > to) return;
    const { functionName, url, lineNumber, columnNumber } = byId.get(id)!.callFrame;
    const label = `${functionName || '(anon)'} ${short(url)}${url ? `:${lineNumber + 1}:${columnNumber + 1}` : ''}`;
    self.set(label, (self.get(label) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([label, ms]) => `${label} ${ms.toFixed(1)}`);
}

async function tracedLoad(
  browser: Browser,
  url: string,
  rate: number,
  profiled = false,
): Promise<{ events: TraceEvent[]; profile?: Profile }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await waitUntilQuiet(browser);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    if (profiled) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const events = await traced(cdp, async () => {
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
    }, ['loading', 'blink.user_timing']);
    if (!profiled) return { events };
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    return { events, profile };
  } finally {
    await context.close();
  }
}

const short = (url = '') => url.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '');

function longTasks(events: TraceEvent[], shown = 50, profile?: Profile): LoadFigures {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('no first contentful paint in the trace');
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // The page's renderer: the one with the paint.
  const main = mains.find((m) => m.pid === fcp.pid) ?? mains[0]!;
  const slices = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks: Array<{ top: TraceEvent; inner: TraceEvent[] }> = [];
  for (const e of slices) {
    const last = tasks[tasks.length - 1];
    if (last && e.ts < last.top.ts + (last.top.dur ?? 0)) last.inner.push(e);
    else tasks.push({ top: e, inner: [] });
  }
  const figures: LoadFigures = { tbtWall: 0, tbtThread: 0, longestWall: 0, longestThread: 0, tasks: [] };
  for (const { top, inner } of tasks) {
    if (top.ts < fcp.ts) continue;
    const wall = (top.dur ?? 0) / 1000;
    const thread = (top.tdur ?? top.dur ?? 0) / 1000;
    if (wall <= shown && thread <= shown) continue;
    figures.tbtWall += Math.max(0, wall - 50);
    figures.tbtThread += Math.max(0, thread - 50);
    figures.longestWall = Math.max(figures.longestWall, wall);
    figures.longestThread = Math.max(figures.longestThread, thread);
    // The biggest named pieces inside: script entries (with their file), GC, style, layout.
    const pieces = inner
      .filter((e) => (e.tdur ?? e.dur ?? 0) > 5000)
      .filter((e) =>
        /^(FunctionCall|EvaluateScript|v8\.evaluateModule|RunMicrotasks|TimerFire|FireIdleCallback|FireAnimationFrame|EventDispatch|ParseHTML|Layout|UpdateLayoutTree|MajorGC|MinorGC|v8\.compileModule|v8\.compile|Paint|ParseAuthorStyleSheet)$/.test(
          e.name,
        ),
      )
      .map((e) => {
        const d = e.args?.data;
        const what = d?.url ? ` ${short(d.url)}` : d?.functionName ? ` ${d.functionName}` : d?.type ? ` ${d.type}` : '';
        return `${e.name}${what} ${((e.tdur ?? e.dur ?? 0) / 1000).toFixed(0)}`;
      });
    if (process.env.TRACE_DUMP)
      for (const e of inner)
        if ((e.tdur ?? e.dur ?? 0) > 2000)
          console.error(
            `      ${((e.ts - top.ts) / 1000).toFixed(1)} ${e.name} ${((e.tdur ?? e.dur ?? 0) / 1000).toFixed(1)} ${JSON.stringify(e.args ?? {}).slice(0, 160)}`,
          );
    figures.tasks.push(
      `+${((top.ts - fcp.ts) / 1000).toFixed(0)} ms: ${wall.toFixed(0)} ms wall, ${thread.toFixed(0)} ms thread: ${pieces.slice(0, 8).join('; ')}`,
    );
    if (profile)
      figures.tasks.push(`      self time: ${topFunctions(profile, top.ts, top.ts + (top.dur ?? 0)).join('; ')}`);
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  let runs = 5;
  let rate = 4;
  let paths = ['/', '/login'];
  let shown = 50;
  let profiled = false;
  const dists: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--runs') runs = Number(args[++i]);
    else if (args[i] === '--rate') rate = Number(args[++i]);
    else if (args[i] === '--path') paths = [args[++i]!];
    else if (args[i] === '--show') shown = Number(args[++i]);
    else if (args[i] === '--profile') profiled = true;
    else dists.push(args[i]!);
  }
  const all = new Map<string, LoadFigures[]>();
  const servers = await Promise.all(dists.map((dir) => startServer({ DIST_DIR: dir })));
  const browser = await launchChromium();
  try {
    for (let run = 0; run < runs; run++)
      for (const [b, dir] of dists.entries())
        for (const path of paths) {
          const { events, profile } = await tracedLoad(browser, `${servers[b]!.url}${path}`, rate, profiled);
          const key = `${dir} ${path}`;
          // On a very loaded machine a trace can miss the paint event: that load is left out, not the whole run.
          if (!events.some((e) => e.name === 'firstContentfulPaint')) {
            console.log(`${key} run ${run + 1}: no first contentful paint in the trace, left out`);
            continue;
          }
          const figures = longTasks(events, shown, profile);
          all.set(key, [...(all.get(key) ?? []), figures]);
          console.log(
            `${key} run ${run + 1}: TBT ${figures.tbtWall.toFixed(0)} wall / ${figures.tbtThread.toFixed(0)} thread`,
          );
          for (const t of figures.tasks) console.log(`    ${t}`);
        }
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.stop()));
  }
  console.log('\nMedians:');
  for (const [key, loads] of all)
    console.log(
      `${key}: TBT ${median(loads.map((l) => l.tbtWall)).toFixed(0)} wall / ${median(loads.map((l) => l.tbtThread)).toFixed(0)} thread; longest ${median(loads.map((l) => l.longestWall)).toFixed(0)} wall / ${median(loads.map((l) => l.longestThread)).toFixed(0)} thread (worst ${Math.max(...loads.map((l) => l.longestThread)).toFixed(0)} thread)`,
    );
}
