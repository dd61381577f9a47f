/** Shared bench plumbing: start the real server on the current build, launch system Chromium. */
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { spawnServer } from '../../tests/server/process.ts';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  budget: string;
  pass: boolean;
}

export const root = new URL('../..', import.meta.url).pathname;

export { freePort } from '../../tests/server/process.ts';

export interface RunningServer {
  url: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-'));
  const { child, url } = await spawnServer({ DATA_DIR: dataDir, ...env });
  return {
    url,
    pid: child.pid ?? 0,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Signs in as the demo account through the login form. */
export async function signInAsDemo(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill('demo@catercaptain.com');
  await page.getByLabel('Password').fill('democatercaptain');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByText('Login successful!').waitFor();
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export function printFigures(title: string, figures: Figure[]) {
  console.log(`\n${title}`);
  for (const f of figures) {
    console.log(
      `  ${f.pass ? 'PASS' : 'FAIL'}  ${f.name}: ${f.value.toFixed(f.value < 10 ? 2 : 1)} ${f.unit}  (budget ${f.budget})`,
    );
  }
}

export function ensureDir(path: string) {
  mkdirSync(path, { recursive: true });
  return path;
}
export { writeFileSync };

/**
 * The storage layer's own read of one collection, timed in this process (V8, as in Chromium) on an
 * in-memory localStorage holding `text`: record by record, normalised and schema-checked, cold (the
 * text differs on every run by trailing spaces, so the reader's cache never answers). Median of `runs`.
 */
export function timeColdRead(
  key: string,
  text: string,
  read: () => readonly unknown[],
  expected: number,
  runs = 7,
): number {
  const data = new Map<string, string>();
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
    key: (i: number) => [...data.keys()][i] ?? null,
    clear: () => data.clear(),
    get length() {
      return data.size;
    },
  };
  const g = globalThis as { window?: unknown };
  const hadWindow = 'window' in g;
  const previous = g.window;
  // Only for the measurement: Playwright in this process must not see a `window`.
  g.window = { localStorage: storage };
  try {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      data.set(key, text + ' '.repeat(run + 1));
      const t0 = performance.now();
      const records = read();
      times.push(performance.now() - t0);
      if (records.length !== expected) throw new Error(`${key}: read ${records.length} records, expected ${expected}`);
      if (data.size !== 1) throw new Error(`${key}: reading wrote ${[...data.keys()].join(', ')}`);
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  } finally {
    if (hadWindow) g.window = previous;
    else delete g.window;
  }
}

/**
 * Event Timing (the browser's own input-to-next-paint measure): installs a PerformanceObserver of type
 * `event` (durationThreshold 16, the smallest the browser allows) before the page's scripts run. Call
 * before the first navigation.
 */
export async function observeEventTiming(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as {
      __eventTimings: Array<{ name: string; duration: number; start: number; delay: number; processing: number }>;
    };
    w.__eventTimings = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[])
        w.__eventTimings.push({
          name: entry.name,
          duration: entry.duration,
          start: entry.startTime,
          delay: entry.processingStart - entry.startTime,
          processing: entry.processingEnd - entry.processingStart,
        });
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  });
}

/**
 * Runs `action` (real input through Playwright), waits for `settled`, then for the next frames, and
 * answers the longest Event Timing duration of the interaction (pointer, click or key events). The
 * observer reports nothing under 16 ms; such an interaction counts as 16 ms (an upper bound).
 */
export async function timeInteraction(
  page: Page,
  action: () => Promise<void>,
  settled: () => Promise<unknown>,
): Promise<number> {
  // The entries of an input are queued after its next paint, and a busy page delivers them later still: those
  // of the step before (e.g. the click that opened the dialog this action saves) can arrive after this point.
  // Only the entries of events that happened from here on are this action's.
  const before = await page.evaluate(() => ({
    count: (window as unknown as { __eventTimings: unknown[] }).__eventTimings.length,
    at: performance.now(),
  }));
  if (process.env.BENCH_WRITES) await watchWrites(page);
  await action();
  await settled();
  if (process.env.BENCH_WRITES) console.log(await writesSeen(page));
  // Entries are queued after the next paint: two frames and a short wait let them arrive.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))),
  );
  const entries = await page.evaluate(
    ({ count, at }) =>
      (
        window as unknown as {
          __eventTimings: Array<{ name: string; duration: number; start: number; delay: number; processing: number }>;
        }
      ).__eventTimings
        .slice(count)
        .filter((entry) => entry.start >= at && /^(pointer|mouse|click|key)/.test(entry.name)),
    before,
  );
  // BENCH_SPLIT=1: each entry's input delay, processing and the rest (to the next paint).
  if (process.env.BENCH_SPLIT)
    console.log(
      entries
        .map(
          (e) =>
            `${e.name} ${e.duration} = ${e.delay.toFixed(1)} + ${e.processing.toFixed(1)} + ${(e.duration - e.delay - e.processing).toFixed(1)}`,
        )
        .join(' | '),
    );
  return Math.max(16, ...entries.map((entry) => entry.duration));
}

/**
 * `BENCH_WRITES=1`: the DOM writes of each action, from its input to its result (a count that the machine's speed
 * does not move): the mutation records, and the form fields whose `name` or `type` was set again. React sets every
 * prop of an input it renders again, so a field in that count is one drawn again by a render that did not need it
 * (docs/performance.md, seventeenth pass). `BENCH_WRITES=detail` also lists the records by kind and target.
 */
async function watchWrites(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __writes?: { records: MutationRecord[]; observer: MutationObserver } };
    w.__writes?.observer.disconnect();
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((batch) => records.push(...batch));
    observer.observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
    w.__writes = { records, observer };
  });
}

async function writesSeen(page: Page): Promise<string> {
  return page.evaluate((detail) => {
    const w = window as unknown as { __writes: { records: MutationRecord[]; observer: MutationObserver } };
    const records = [...w.__writes.records, ...w.__writes.observer.takeRecords()];
    w.__writes.observer.disconnect();
    const fields = new Set<Element>();
    for (const r of records)
      if (r.type === 'attributes' && (r.attributeName === 'name' || r.attributeName === 'type'))
        fields.add(r.target as Element);
    const named = [...fields].map((f) => f.id || f.getAttribute('name') || f.tagName.toLowerCase());
    const line = `    writes: ${records.length} DOM records; form fields set again: ${fields.size}${named.length ? ` (${named.slice(0, 12).join(', ')}${named.length > 12 ? ', …' : ''})` : ''}`;
    if (!detail) return line;
    // BENCH_WRITES=detail: the records grouped by kind and target (an element by its tag, id, name or label).
    // (No named function in here: tsx would wrap it in a helper the page does not have.)
    const groups = new Map<string, number>();
    for (const r of records) {
      const el = r.target instanceof Element ? r.target : r.target.parentElement;
      const label = el
        ? el.id || el.getAttribute('name') || el.getAttribute('aria-label') || el.getAttribute('role') || ''
        : '';
      const on = el ? `${el.tagName.toLowerCase()}${label ? `[${label.slice(0, 30)}]` : ''}` : r.target.nodeName;
      const what =
        r.type === 'attributes'
          ? `attr ${r.attributeName} on ${on}`
          : r.type === 'characterData'
            ? `text in ${on}`
            : `children of ${on} +${r.addedNodes.length} -${r.removedNodes.length}`;
      groups.set(what, (groups.get(what) ?? 0) + 1);
    }
    return [line, ...[...groups].map(([what, n]) => `      ${n} × ${what}`)].join('\n');
  }, process.env.BENCH_WRITES === 'detail');
}

/**
 * A person's click on `target`, as the interactions bench times it: Playwright's wait until the target is
 * visible, stable and scrolled into view (`scrollIntoViewIfNeeded`, which sends no input), a check that it is
 * enabled, then the pointer moved to its centre and, two frames later, pressed and released there
 * (`BENCH_HOVER=off`: moved and pressed at once). Playwright's own `click()` also makes sure, inside the input's
 * first event, that the event lands on the target (its `expectHitTarget`: `elementsFromPoint` of the whole page,
 * in a listener of its own): the harness's work, not the app's, inside the input. `BENCH_CLICK=playwright` clicks
 * that way, to compare (docs/performance.md, "The bench clicks as a person does" and its sixteenth pass).
 */
export async function userClick(target: Locator): Promise<void> {
  if (process.env.BENCH_CLICK === 'playwright') return target.click();
  // Not a trial click: that one moves the mouse and presses it for real, with Playwright's interceptor
  // swallowing the events in the page (pointerdown, pointerup and click, whose Event Timing entries end at the
  // same paint as the real click's, so the action was timed from the trial's press, ~50 to 100 ms earlier).
  await target.scrollIntoViewIfNeeded();
  if (!(await target.isEnabled())) throw new Error(`Not enabled: ${String(target)}`);
  const box = await target.boundingBox();
  if (!box) throw new Error(`Not on the page: ${String(target)}`);
  const page = target.page();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  if (process.env.BENCH_HOVER === 'off') return page.mouse.click(x, y);
  // The pointer reaches the button before the press, as a hand's does: its hover (the events and the :hover
  // style) is answered in a frame of its own, not in the press's task. Those entries are still the action's.
  await page.mouse.move(x, y);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.mouse.down();
  await page.mouse.up();
}

/** Chromium's CPU slowdown (1 = none) for this page, through the DevTools protocol. */
export async function slowCpu(page: Page, rate: number) {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
  return session;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
