/**
 * Page-load figures as a visitor on a slow phone gets them: a fresh browser context per run (no
 * cache, no storage), the network cache disabled and the CPU slowed 4x through the DevTools protocol.
 *
 * - FCP and LCP from the page's own paint timeline (`paint`, `largest-contentful-paint` entries);
 * - CLS: the sum of `layout-shift` entries not caused by input;
 * - TBT: for every long task after FCP, the part over 50 ms (as Lighthouse counts it), until the page
 *   has settled (network idle, idle-loaded chunks included);
 * - script time: Chromium's `ScriptDuration` (Performance.getMetrics) for the whole load, idle chunks included.
 *
 * Observers are registered by an init script, before any page script, so nothing is missed.
 *
 * Each load starts on a quiet browser (`waitUntilQuiet`): a new context opens a new window, and
 * Chromium then starts a renderer for its own UI in the background ("WebUI Top Renderer", 0.4-0.5 s
 * of CPU). A visitor's browser did that when its window opened, not when they followed a link; loaded
 * straight away, the page shared this machine's two cores with it (DOM interactive ~190 ms instead of
 * ~125, first contentful paint 220-440 ms instead of 170-250, same page).
 */
import type { Browser } from '@playwright/test';

export interface PaintFigures {
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  /** The longest task after the first paint (0 with none over 50 ms). */
  longestTask: number;
  scriptMs: number;
}

const observe = () => {
  const w = window as unknown as { __bench: { lcp: number; cls: number; longTasks: Array<[number, number]> } };
  w.__bench = { lcp: 0, cls: 0, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.lcp = Math.max(w.__bench.lcp, e.startTime);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
      if (!e.hadRecentInput) w.__bench.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Resolves once all of the browser's processes together have used under 10 ms of CPU (the counters'
 * resolution) in each of two consecutive 100 ms windows, or after 5 s. Returns how long it waited (ms).
 */
export async function waitUntilQuiet(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  try {
    const cpuSeconds = async () => {
      const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
        processInfo: Array<{ cpuTime: number }>;
      };
      return processInfo.reduce((sum, p) => sum + p.cpuTime, 0);
    };
    const started = Date.now();
    let last = await cpuSeconds();
    let quietWindows = 0;
    while (quietWindows < 2 && Date.now() - started < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await cpuSeconds();
      quietWindows = now - last < 0.0105 ? quietWindows + 1 : 0;
      last = now;
    }
    return Date.now() - started;
  } finally {
    await session.detach();
  }
}

/** One cold load of `url` at 4x CPU slowdown. */
export async function measureLoad(browser: Browser, url: string, cpuSlowdown = 4): Promise<PaintFigures> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(observe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Performance.enable');
    // Before the slowdown: Chromium's CPU throttling keeps a thread of the renderer busy (~90 % of a core).
    if ((await waitUntilQuiet(browser)) >= 5000)
      console.warn(`  (the browser never went quiet before loading ${url}: figures may be high)`);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    // The menu, toaster and set-aside handling load when the page is idle: let them run.
    await page.waitForTimeout(1500);
    const { metrics } = (await cdp.send('Performance.getMetrics')) as {
      metrics: Array<{ name: string; value: number }>;
    };
    const scriptMs = (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __bench: { lcp: number; cls: number; longTasks: Array<[number, number]> } };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      return { fcp, ...w.__bench };
    });
    const after = seen.longTasks.filter(([start]) => start >= seen.fcp);
    const tbt = after.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    const longestTask = Math.max(0, ...after.map(([, duration]) => duration));
    return { fcp: seen.fcp, lcp: seen.lcp || seen.fcp, cls: seen.cls, tbt, longestTask, scriptMs };
  } finally {
    await context.close();
  }
}

/** The median of each figure over `runs` cold loads. */
export async function measurePaint(browser: Browser, url: string, runs = 3): Promise<PaintFigures> {
  const all: PaintFigures[] = [];
  for (let i = 0; i < runs; i++) all.push(await measureLoad(browser, url));
  return {
    fcp: median(all.map((f) => f.fcp)),
    lcp: median(all.map((f) => f.lcp)),
    cls: median(all.map((f) => f.cls)),
    tbt: median(all.map((f) => f.tbt)),
    longestTask: Math.max(...all.map((f) => f.longestTask)),
    scriptMs: median(all.map((f) => f.scriptMs)),
  };
}
