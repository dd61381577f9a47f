/**
 * The events page's main-thread CPU for two actions (issue 23, fourth pass), from a Chromium trace: the
 * first Tool Kit open after the page loads (a fresh load each round, the page left idle for a moment
 * first, as the interactions bench's first open is), three later opens, and the quick filter "All Events" (from "This Month",
 * five times). Each figure is the renderer main thread's own clock from the input to the first frame
 * after it (scripts/bench/calendarTrace.ts), so waiting for a core does not count; the Event Timing of
 * the same inputs (what scripts/bench/interactions.ts reads) is printed beside it. Compares builds:
 *
 *   npx tsx scripts/bench/eventsTrace.ts [--rounds 5] [--rate 4] [--profile] <dist dir> [<dist dir> ...]
 *
 * Each round runs every build once, in turn. `--profile` adds a CPU profile (200 µs sampling) of the
 * same inputs and prints the functions with the most self time (readable on an unminified build).
 */
import { pathToFileURL } from 'node:url';
import type { CDPSession, Page } from '@playwright/test';
import { mainThreadCpu } from './calendarTrace';
import { traced, type TraceEvent } from './trace';
import { makeEvents } from './events';
import { employees, items, suppliers } from './inventory';
import { launchChromium, median, observeEventTiming, signInAsDemo, startServer } from './support';

const frames = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))),
  );

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}

async function profiled<T>(cdp: CDPSession, enabled: boolean, work: () => Promise<T>) {
  if (!enabled) return { result: await work(), self: new Map<string, number>() };
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  if (process.env.PROFILE_TOTAL) {
    // Inclusive time by name instead (a name counted once per stack).
    const parent = new Map<number, number>();
    for (const n of profile.nodes as Array<ProfileNode & { children?: number[] }>)
      for (const c of n.children ?? []) parent.set(c, n.id);
    const total = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const frame = byId.get(at)!.callFrame;
        const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`;
        if (seen.has(name)) continue;
        seen.add(name);
        total.set(name, (total.get(name) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
      }
    });
    return { result, self: total };
  }
  return { result, self };
}

const eventTimings = (page: Page, from: number) =>
  page.evaluate(
    (start) =>
      (window as unknown as { __eventTimings: Array<{ name: string; duration: number; start: number }> }).__eventTimings
        .slice(start)
        .filter((e) => /^(pointer|mouse|click)/.test(e.name)),
    from,
  );
const timingCount = (page: Page) =>
  page.evaluate(() => (window as unknown as { __eventTimings: unknown[] }).__eventTimings.length);

/** With TRACE_NAMES: the main thread's self thread time by event name over a whole trace (harness included). */
function printNames(events: TraceEvent[]) {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const slices = events
    .filter((e) => e.pid === main?.pid && e.tid === main?.tid && e.ph === 'X' && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: Array<{ end: number; name: string; own: number }> = [];
  const pop = () => {
    const top = stack.pop()!;
    self.set(top.name, (self.get(top.name) ?? 0) + top.own / 1000);
  };
  for (const e of slices) {
    while (stack.length && stack[stack.length - 1]!.end <= e.ts) pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.own -= e.tdur!;
    stack.push({ end: e.ts + (e.dur ?? 0), name: e.name, own: e.tdur! });
  }
  while (stack.length) pop();
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.error(`    ${ms.toFixed(1).padStart(8)}  ${name}`);
}

type Figures = Map<string, Array<{ cpu: Record<string, number>; timing: number }>>;

async function measureBuild(
  distDir: string,
  rate: number,
  profile: boolean,
  profiles: Map<string, Map<string, number>>,
): Promise<Figures> {
  const server = await startServer({ DIST_DIR: distDir });
  const browser = await launchChromium();
  const figures: Figures = new Map();
  const add = (name: string, cpu: Record<string, number> | undefined, timing: number) =>
    figures.set(name, [...(figures.get(name) ?? []), { cpu: cpu ?? { total: NaN }, timing }]);
  const addProfile = (name: string, self: Map<string, number>) => {
    const sum = profiles.get(name) ?? new Map<string, number>();
    for (const [k, v] of self) sum.set(k, (sum.get(k) ?? 0) + v);
    profiles.set(name, sum);
  };
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await observeEventTiming(page);
    await signInAsDemo(page, server.url);
    await page.evaluate(
      ([events, i, s, e]) => {
        localStorage.setItem('events', JSON.stringify(events));
        localStorage.setItem('inventoryItems', JSON.stringify(i));
        localStorage.setItem('suppliers', JSON.stringify(s));
        localStorage.setItem('employees', JSON.stringify(e));
      },
      [makeEvents(new Date()), items, suppliers, employees] as const,
    );
    const cdp = await page.context().newCDPSession(page);
    const button = (name: string | RegExp) =>
      page.getByRole('button', { name, exact: typeof name === 'string' ? true : undefined });
    const toolkit = page.getByRole('dialog', { name: /^Tool Kit: / });
    const status = page.getByRole('status').filter({ hasText: /^Showing / });

    // The first Tool Kit open after a load.
    await page.goto(`${server.url}/ManageEvents`);
    await button(/^Tool Kit/)
      .first()
      .waitFor();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.waitForTimeout(3000);
    let from = await timingCount(page);
    const open = await profiled(cdp, profile, () =>
      traced(cdp, async () => {
        await button(/^Tool Kit/)
          .first()
          .click();
        await toolkit.waitFor();
        await frames(page);
      }),
    );
    addProfile('first Tool Kit open', open.self);
    if (process.env.TRACE_NAMES) printNames(open.result);
    const openCpu = mainThreadCpu(open.result);
    add('first Tool Kit open', openCpu[0], Math.max(...(await eventTimings(page, from)).map((e) => e.duration)));
    await page.keyboard.press('Escape');
    await toolkit.waitFor({ state: 'detached' });
    // Later opens (the inventory read and the other events' shifts kept).
    for (let run = 0; run < 3; run++) {
      await frames(page);
      from = await timingCount(page);
      const again = await profiled(cdp, profile, () =>
        traced(cdp, async () => {
          await button(/^Tool Kit/)
            .first()
            .click();
          await toolkit.waitFor();
          await frames(page);
        }),
      );
      addProfile('later Tool Kit open', again.self);
      add(
        'later Tool Kit open',
        mainThreadCpu(again.result)[0],
        Math.max(...(await eventTimings(page, from)).map((e) => e.duration)),
      );
      await page.keyboard.press('Escape');
      await toolkit.waitFor({ state: 'detached' });
    }

    // All Events, from This Month.
    await button('Filter Events').click();
    await button('All Events').waitFor();
    for (let run = 0; run < 5; run++) {
      let shown = await status.textContent();
      await button('This Month').click();
      await page.waitForFunction(
        (text) =>
          [...document.querySelectorAll('[role=status]')].find((e) => e.textContent?.startsWith('Showing '))
            ?.textContent !== text,
        shown,
      );
      await frames(page);
      shown = await status.textContent();
      from = await timingCount(page);
      const all = await profiled(cdp, profile, () =>
        traced(cdp, async () => {
          await button('All Events').click();
          await page.waitForFunction(
            (text) =>
              [...document.querySelectorAll('[role=status]')].find((e) => e.textContent?.startsWith('Showing '))
                ?.textContent !== text,
            shown,
          );
          await frames(page);
        }),
      );
      addProfile('All Events', all.self);
      add(
        'All Events',
        mainThreadCpu(all.result)[0],
        Math.max(...(await eventTimings(page, from)).map((e) => e.duration)),
      );
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return figures;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  let rounds = 5;
  let rate = 4;
  let profile = false;
  const dists: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--rounds') rounds = Number(args[++i]);
    else if (args[i] === '--rate') rate = Number(args[++i]);
    else if (args[i] === '--profile') profile = true;
    else dists.push(args[i]!);
  }
  const all = new Map<string, Figures>();
  const profiles = new Map<string, Map<string, Map<string, number>>>();
  for (let round = 0; round < rounds; round++) {
    for (const dist of dists) {
      const byDist = profiles.get(dist) ?? new Map();
      profiles.set(dist, byDist);
      const figures = await measureBuild(dist, rate, profile, byDist);
      const kept = all.get(dist) ?? new Map();
      all.set(dist, kept);
      for (const [name, list] of figures) kept.set(name, [...(kept.get(name) ?? []), ...list]);
      console.error(`round ${round + 1} ${dist} done`);
    }
  }
  for (const [dist, figures] of all) {
    console.log(`\n${dist} (at ${rate}x, ${rounds} rounds): main-thread thread time, then Event Timing, ms`);
    for (const [name, list] of figures) {
      const cpu = list.map((f) => f.cpu.total ?? NaN);
      const kinds = [...new Set(list.flatMap((f) => Object.keys(f.cpu)))].filter((k) => k !== 'total').sort();
      const means = kinds
        .map((k) => `${k} ${(list.reduce((sum, f) => sum + (f.cpu[k] ?? 0), 0) / list.length).toFixed(1)}`)
        .join(' · ');
      const timing = list.map((f) => f.timing);
      console.log(
        `  ${name.padEnd(20)} thread median ${median(cpu).toFixed(1)} [${cpu.map((n) => n.toFixed(0)).join(', ')}]` +
          `   timing median ${median(timing)} (worst ${Math.max(...timing)})\n      [mean: ${means}]`,
      );
    }
    if (profile)
      for (const [name, self] of profiles.get(dist) ?? []) {
        console.log(`  ${name}: most self time (ms, summed over the runs)`);
        for (const [fn, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP ?? 25)))
          console.log(`    ${ms.toFixed(1).padStart(8)}  ${fn}`);
      }
  }
}
