/**
 * One interaction of the interactions bench, traced (issue 23): the renderer main thread's own clock
 * (thread time, robust to a loaded machine) from the interaction's mousedown to the end of the first
 * frame after its click, split by kind (script, style, layout, paint, ...), per run; and, with
 * `--profile`, a CPU profile of about the same windows (the profile's clock and the trace's do not quite
 * agree: work just after the window, such as the after-paint write, can show up; read it for proportions):
 * the functions with the most self time and the most inclusive time (`PROFILE_TOP` lines, 60 by default).
 * `TRACE_DUMP=1 TRACE_DUMP_WINDOW=0` prints the first run's slices, `TRACE_EACH=1` each run's split by kind.
 * Compares builds (a copy of dist/ each):
 *
 *   npx tsx scripts/bench/interactionTrace.ts --only '<regex of names>' [--runs 5] [--rate 4] [--profile]
 *     <dist dir> [<dist dir> ...]
 *
 * The interactions are those of scripts/bench/interactions.ts, on the same data; the ones of the group
 * before the first one matched run once, untraced, to set it up (as there).
 */
import { pathToFileURL } from 'node:url';
import type { CDPSession, Page } from '@playwright/test';
import { mainThreadCpu } from './calendarTrace';
import { traced } from './trace';
import { makeEvents } from './events';
import {
  dashboardInteractions,
  eventsInteractions,
  inventoryInteractions,
  toolkitInteractions,
  type Interaction,
} from './interactions';
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

const frames = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 30)))),
  );

const callersOf = process.env.PROFILE_CALLERS;
const callers = new Map<string, number>();

/** Self and inclusive ms per function over some profiles (each function counted once per sample's stack). */
function tally(
  profiles: Profile[],
  self: Map<string, number>,
  inclusive: Map<string, number>,
  within: [number, number] | undefined,
) {
  for (const profile of profiles) {
    let at = profile.startTime;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const label = (n: ProfileNode) => {
      const { functionName, url, lineNumber, columnNumber } = n.callFrame;
      const file = url.split('/').pop() ?? '';
      return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
    };
    profile.samples.forEach((id, i) => {
      at += profile.timeDeltas[i] ?? 0;
      if (within && (at < within[0] || at > within[1])) return;
      const ms = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
      const node = byId.get(id)!;
      if (node.callFrame.functionName === '(idle)') return;
      self.set(label(node), (self.get(label(node)) ?? 0) + ms);
      if (callersOf) {
        // PROFILE_CALLERS=<name>: the stacks above each sample of that function, three frames up.
        const chain: string[] = [];
        for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) chain.push(label(byId.get(at)!));
        const hit = chain.findIndex((l) => l.startsWith(`${callersOf} `));
        if (hit >= 0) {
          const key = chain.slice(hit, hit + 4).join(' < ');
          callers.set(key, (callers.get(key) ?? 0) + ms);
        }
      }
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const l = label(byId.get(at)!);
        if (seen.has(l)) continue;
        seen.add(l);
        inclusive.set(l, (inclusive.get(l) ?? 0) + ms);
      }
    });
  }
}

async function setUp(page: Page, url: string, group: string) {
  if (group === 'events' || group === 'toolkit') {
    await page.goto(`${url}/ManageEvents`);
    await page.getByRole('button', { name: 'Filter Events', exact: true }).click();
    await page.getByRole('button', { name: 'More Filtering Options', exact: true }).click();
    await page.getByLabel('First Name').waitFor();
    if (group === 'toolkit') {
      await page
        .getByRole('button', { name: /^Tool Kit/ })
        .first()
        .click();
      await page.getByRole('dialog', { name: /^Tool Kit: / }).waitFor();
    }
  } else if (group === 'inventory') {
    await page.goto(`${url}/Inventory`);
    await page.getByRole('list', { name: 'Inventory items' }).getByRole('listitem').first().waitFor();
  } else {
    await page.goto(`${url}/Dashboard`);
    await page.getByRole('radio', { name: '14 days' }).waitFor();
  }
}

async function measureBuild(distDir: string, only: RegExp, runs: number, rate: number, profile: boolean) {
  const server = await startServer({ DIST_DIR: distDir });
  const browser = await launchChromium();
  const figures = new Map<string, Array<Record<string, number>>>();
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
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
    const cdp: CDPSession = await page.context().newCDPSession(page);
    const groups: Array<[string, Interaction[]]> = [
      ['events', eventsInteractions()],
      ['toolkit', toolkitInteractions()],
      ['inventory', inventoryInteractions()],
      ['dashboard', dashboardInteractions()],
    ];
    for (const [group, list] of groups) {
      const last = list.findLastIndex((i) => only.test(i.name));
      if (last < 0) continue;
      await setUp(page, server.url, group);
      for (const interaction of list.slice(0, last + 1)) {
        const measured = only.test(interaction.name);
        // One untraced pass: sets up later ones, warms the page.
        await interaction.prepare?.(page);
        await interaction.act(page);
        await interaction.settled(page);
        await interaction.undo?.(page);
        if (!measured) continue;
        for (let run = 0; run < runs; run++) {
          await interaction.prepare?.(page);
          await frames(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate });
          if (profile) {
            await cdp.send('Profiler.enable');
            await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
            await cdp.send('Profiler.start');
          }
          const events = await traced(cdp, async () => {
            await interaction.act(page);
            await interaction.settled(page);
            await frames(page);
          });
          const bounds: Array<[number, number]> = [];
          const windows = mainThreadCpu(events, bounds);
          if (profile) {
            const { profile: p } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
            // Only the samples of the interaction's window (the profile and the trace share a clock).
            tally([p], self, inclusive, bounds[0]);
          }
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
          if (windows.length !== 1) console.error(`${interaction.name}: ${windows.length} windows in the trace`);
          if (windows[0]) figures.set(interaction.name, [...(figures.get(interaction.name) ?? []), windows[0]]);
          await interaction.undo?.(page);
        }
      }
    }
    return { figures, self, inclusive };
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  let runs = 5;
  let rate = 4;
  let only = /Inventory: save the Edit dialog/;
  let profile = false;
  const dists: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--runs') runs = Number(args[++i]);
    else if (args[i] === '--rate') rate = Number(args[++i]);
    else if (args[i] === '--only') only = new RegExp(args[++i]!);
    else if (args[i] === '--profile') profile = true;
    else dists.push(args[i]!);
  }
  const fmt = (n: number) => n.toFixed(1);
  for (const dist of dists) {
    const { figures, self, inclusive } = await measureBuild(dist, only, runs, rate, profile);
    console.log(`\n${dist} (main-thread thread time per interaction, ms, at ${rate}x, ${runs} runs)`);
    for (const [name, list] of figures) {
      const kinds = [...new Set(list.flatMap((r) => Object.keys(r)))].filter((k) => k !== 'total').sort();
      const totals = list.map((r) => r.total ?? 0);
      const parts = kinds.map((k) => `${k} ${fmt(median(list.map((r) => r[k] ?? 0)))}`).join(' · ');
      console.log(`  ${name}: median ${fmt(median(totals))} [${totals.map(fmt).join(', ')}]`);
      console.log(`    medians: ${parts}`);
      // TRACE_EACH=1: each run's split, to tell what a slow run did that a quick one did not.
      if (process.env.TRACE_EACH)
        for (const r of list)
          console.log(`      ${fmt(r.total ?? 0)}: ${kinds.map((k) => `${k} ${fmt(r[k] ?? 0)}`).join(' · ')}`);
    }
    if (profile) {
      const top = (m: Map<string, number>, n: number) =>
        [...m]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([k, v]) => `    ${fmt(v / runs).padStart(7)}  ${k}`)
          .join('\n');
      console.log(`  self time per run (profile):\n${top(self, 30)}`);
      console.log(`  inclusive time per run (profile):\n${top(inclusive, Number(process.env.PROFILE_TOP ?? 60))}`);
      if (callersOf) console.log(`  ${callersOf}'s callers per run (profile):\n${top(callers, 25)}`);
    }
  }
}
