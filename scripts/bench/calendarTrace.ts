/**
 * The calendar's main-thread CPU per interaction, from a Chromium trace (issue 21's bench follow-up):
 * ten presses of Next (Month, Agenda, dense Month) and five Month ⇄ Agenda round trips (ten switches), each set traced
 * on its own. Each figure is the renderer main thread's own clock (the trace's thread time), so time
 * spent waiting for a core on a shared machine does not count, split by what the time was spent on
 * (script, style, layout, paint and the rest). Unlike scripts/bench/calendar.ts it compares builds:
 *
 *   npx tsx scripts/bench/calendarTrace.ts [--rounds 5] [--rate 1] <dist dir> [<dist dir> ...]
 *
 * Each round runs every build once, in turn. Prints per build and interaction the figure of each round
 * (ms per interaction).
 */
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { makeEvents } from './events';
import { launchChromium, signInAsDemo, startServer } from './support';
import { traced, type TraceEvent } from './trace';

const DENSE_DAYS = 182;

function denseEvents(today: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return makeEvents(today).map((event, i) => {
    const date = new Date(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() - DENSE_DAYS / 2 + (i % DENSE_DAYS),
      12,
    );
    return { ...event, EventDate: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` };
  });
}

/** Which part of the work an event's own time belongs to; time inside unnamed children goes to the nearest named parent. */
const kinds: Record<string, string> = {
  FunctionCall: 'script',
  EventDispatch: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  EvaluateScript: 'script',
  'v8.run': 'script',
  V8Execute: 'script',
  RunMicrotasks: 'script',
  MajorGC: 'gc',
  MinorGC: 'gc',
  'V8.GC_SCAVENGER': 'gc',
  'BlinkGC.AtomicPhase': 'gc',
  'V8.GCScavenger': 'gc',
  'V8.GCFinalizeMC': 'gc',
  'V8.GCIncrementalMarking': 'gc',
  UpdateLayoutTree: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  'LocalFrameView::RunPostLifecycleSteps': 'paint',
  Commit: 'commit',
  'ProxyMain::BeginMainFrame::commit': 'commit',
  HitTest: 'hittest',
  'Document::updateStyleAndLayout': 'layout',
};

/**
 * Thread-clock time of the renderer main thread per interaction, split by kind: from the task that
 * dispatches the interaction's mousedown to the end of the first frame (the task with a Paint) after
 * the task that dispatches its click. The harness's own work between interactions (Playwright's
 * actionability checks, the waits) is left out.
 */
export function mainThreadCpu(
  events: TraceEvent[],
  /** Filled with each interaction's [start, end] on the trace's clock (µs). */
  bounds: Array<[number, number]> = [],
): Array<Record<string, number>> {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('no renderer main thread in the trace');
  const slices = events
    .filter(
      (e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.tts !== undefined && e.tdur !== undefined,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Top-level tasks, each with the slices inside it.
  const tasks: Array<{ top: TraceEvent; inner: TraceEvent[] }> = [];
  for (const e of slices) {
    const last = tasks[tasks.length - 1];
    if (last && e.ts < last.top.ts + (last.top.dur ?? 0)) last.inner.push(e);
    else tasks.push({ top: e, inner: [] });
  }
  const dispatches = (t: (typeof tasks)[number], type: string) =>
    t.inner.some((e) => e.name === 'EventDispatch' && (e.args as { data?: { type?: string } })?.data?.type === type);
  const windows: Array<Record<string, number>> = [];
  let taken = -1;
  for (let i = 0; i < tasks.length; i++) {
    if (!dispatches(tasks[i]!, 'click')) continue;
    let first = i;
    while (first > taken + 1 && i - first < 40 && !dispatches(tasks[first]!, 'mousedown')) first--;
    let last = i + 1;
    while (last < tasks.length && !tasks[last]!.inner.some((e) => e.name === 'Paint' || e.name === 'PrePaint')) last++;
    if (last >= tasks.length) continue;
    taken = last;
    const totals: Record<string, number> = { total: 0 };
    for (let k = first; k <= last; k++) {
      const { top, inner } = tasks[k]!;
      totals.total! += top.tdur! / 1000;
      // TRACE_DUMP: the second interaction's slices over 0.15 ms (TRACE_DUMP_WINDOW picks another, from 0).
      if (process.env.TRACE_DUMP && windows.length === Number(process.env.TRACE_DUMP_WINDOW ?? 1))
        for (const e of [top, ...inner])
          if (e.tdur! > 150)
            console.error(
              `${((e.ts - top.ts) / 1000).toFixed(1)} ${e.name} ${(e.tdur! / 1000).toFixed(2)}`,
              e.name === 'UpdateLayoutTree' || e.name === 'Layout' || e.name === 'EventDispatch'
                ? JSON.stringify(e.args ?? {}).slice(0, 300)
                : '',
            );
      // Walk the nesting: each slice's own time (its thread time minus its children's) goes to the nearest kind.
      const stack: Array<{ end: number; kind: string; own: number }> = [];
      const pop = () => {
        const s = stack.pop()!;
        totals[s.kind] = (totals[s.kind] ?? 0) + s.own / 1000;
      };
      for (const e of [top, ...inner]) {
        while (stack.length && stack[stack.length - 1]!.end <= e.ts) pop();
        const parent = stack[stack.length - 1];
        if (parent) parent.own -= e.tdur!;
        const kind = kinds[e.name] ?? parent?.kind ?? 'other';
        stack.push({ end: e.ts + (e.dur ?? 0), kind, own: e.tdur! });
      }
      while (stack.length) pop();
    }
    windows.push(totals);
    bounds.push([tasks[first]!.top.ts, tasks[last]!.top.ts + (tasks[last]!.top.dur ?? 0)]);
  }
  return windows;
}

/** The mean of each kind over some interactions. */
export function mean(windows: Array<Record<string, number>>): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const w of windows) for (const [k, v] of Object.entries(w)) sum[k] = (sum[k] ?? 0) + v / windows.length;
  return sum;
}

const frames = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 30)))),
  );

async function pressNext(page: Page, times: number) {
  const period = page.locator('#calendar-period');
  for (let i = 0; i < times; i++) {
    const before = await period.textContent();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.waitForFunction((text) => document.querySelector('#calendar-period')?.textContent !== text, before);
    await frames(page);
  }
}

async function switchViews(page: Page, times: number) {
  for (let i = 0; i < times; i++) {
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    await page.getByRole('list', { name: 'Agenda' }).waitFor();
    await frames(page);
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await page.getByRole('grid').waitFor();
    await frames(page);
  }
}

type Figures = Map<string, Record<string, number>>;

async function measureBuild(distDir: string, rate: number): Promise<Figures> {
  const server = await startServer({ DIST_DIR: distDir });
  const browser = await launchChromium();
  const figures: Figures = new Map();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsDemo(page, server.url);
    const cdp = await page.context().newCDPSession(page);
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    /** Traces `work` (after one untraced pass, so the page is warm); `parts` name which of its interactions count for what. */
    const measure = async (
      expected: number,
      work: () => Promise<void>,
      parts: Array<[string, (index: number) => boolean]>,
    ) => {
      await work();
      await button('Today').click();
      await frames(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const windows = mainThreadCpu(await traced(cdp, work));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      if (windows.length !== expected)
        console.error(`${parts[0]![0]}: found ${windows.length} interactions in the trace, expected ${expected}`);
      for (const [name, pick] of parts) figures.set(name, mean(windows.filter((_, i) => pick(i))));
      await button('Today').click();
      await frames(page);
    };
    const all = () => true;
    for (const [set, events] of [
      ['', makeEvents(new Date())],
      ['dense ', denseEvents(new Date())],
    ] as const) {
      await page.evaluate((list) => window.localStorage.setItem('events', JSON.stringify(list)), events);
      await page.goto(`${server.url}/Calendar`);
      await page.getByRole('grid').waitFor();
      await measure(10, () => pressNext(page, 10), [[`${set}Month: Next`, all]]);
      await measure(10, () => switchViews(page, 5), [
        [`${set}to Agenda`, (i) => i % 2 === 0],
        [`${set}to Month`, (i) => i % 2 === 1],
      ]);
      if (!set) {
        await button('Agenda').click();
        await page.getByRole('list', { name: 'Agenda' }).waitFor();
        await measure(10, () => pressNext(page, 10), [['Agenda: Next', all]]);
        await button('Month').click();
      }
    }
    return figures;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  let rounds = 5;
  let rate = 1;
  const dists: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--rounds') rounds = Number(args[++i]);
    else if (args[i] === '--rate') rate = Number(args[++i]);
    else dists.push(args[i]!);
  }
  const all = new Map<string, Map<string, Array<Record<string, number>>>>();
  for (let round = 0; round < rounds; round++) {
    for (const dist of dists) {
      const figures = await measureBuild(dist, rate);
      const byName = all.get(dist) ?? new Map();
      all.set(dist, byName);
      for (const [name, cpu] of figures) byName.set(name, [...(byName.get(name) ?? []), cpu]);
      console.error(`round ${round + 1} ${dist} done`);
    }
  }
  const fmt = (n: number) => n.toFixed(1);
  for (const [dist, byName] of all) {
    console.log(`\n${dist} (main-thread CPU per interaction, ms, at ${rate}x, ${rounds} rounds)`);
    for (const [name, list] of byName) {
      const kindsSeen = [...new Set(list.flatMap((r) => Object.keys(r)))].filter((k) => k !== 'total').sort();
      const totals = list.map((r) => fmt(r.total ?? 0)).join(', ');
      const parts = kindsSeen
        .map((k) => `${k} ${fmt(list.reduce((s, r) => s + (r[k] ?? 0), 0) / list.length)}`)
        .join(' · ');
      console.log(`  ${name.padEnd(22)} total ${totals}   [mean: ${parts}]`);
    }
  }
}
