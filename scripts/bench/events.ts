/**
 * Events page at scale: with 2,000 events, /ManageEvents is interactive within 1 s, every filter and
 * the customer-name search apply within 100 ms, and a Tool Kit opens within 100 ms. Timings are taken
 * inside the page (performance.now) from the click until the DOM shows the result, so the harness's
 * own round trips do not count; each figure is the median of repeated runs (the machine may be busy),
 * with the slowest single run printed too. Runs against the existing build (dist/), signed in as the demo account.
 */
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { eventsStore } from '../../src/storage/keys';
import { launchChromium, printFigures, signInAsDemo, startServer, timeColdRead, type Figure } from './support';

const EVENT_COUNT = 2000;

export function makeEvents(today: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const first = ['Ann', 'Bob', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jade'];
  const last = ['Keel', 'Mast', 'Hull', 'Bow', 'Stern', 'Deck', 'Sail', 'Rudder', 'Anchor', 'Helm'];
  return Array.from({ length: EVENT_COUNT }, (_, i) => {
    const id = i + 4;
    const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 365 + ((i * 7919) % 730), 12);
    return {
      id,
      EventName: `Bench Event ${id}`,
      CustomerFirstName: first[i % 10],
      CustomerLastName: `${last[(i >> 3) % 10]}${i}`,
      CustomerPhoneNumber: 5550000 + i,
      CustomerEmail: `guest${i}@example.com`,
      EventType: ['Wedding', 'Birthday', 'Meeting', 'Conference'][i % 4],
      NumberOfGuests: 10 + (i % 90),
      EventDate: iso(date),
      StartTime: '10:00',
      EndTime: '14:00',
      VenueName: 'Bench Hall',
      VenueStreetAddress: `${i} Quay Street`,
      VenueCity: 'Halifax',
      ingredients: [],
    };
  });
}

/** Clicks the button with this exact text (optionally the nth) and resolves with ms until `done()` holds. */
async function timeClick(page: Page, text: string, done: string, nth = 0): Promise<number> {
  return page.evaluate(
    async ({ text, done, nth }) => {
      const before = document.querySelector('[role=status]')?.textContent ?? '';
      const buttons = [...document.querySelectorAll('button')].filter((b) => b.textContent?.trim() === text);
      const button = buttons[nth];
      if (!button) throw new Error(`no button ${text}`);
      const check = new Function('before', `return (${done})`) as (before: string) => boolean;
      const t0 = performance.now();
      button.click();
      while (!check(before)) await new Promise((r) => requestAnimationFrame(() => r(null)));
      return performance.now() - t0;
    },
    { text, done, nth },
  );
}

const statusChanged = "(document.querySelector('[role=status]')?.textContent ?? '') !== before";

export async function runEventsBench(): Promise<Figure[]> {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsDemo(page, server.url);
    await page.evaluate(
      (events) => window.localStorage.setItem('events', JSON.stringify(events)),
      makeEvents(new Date()),
    );
    // First card in the DOM and the first click answered, measured from navigation start.
    await page.addInitScript(() => {
      const w = window as unknown as { __firstCard?: number };
      const observer = new MutationObserver(() => {
        if (document.querySelector('article')) {
          w.__firstCard = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${server.url}/ManageEvents`);
    await page.waitForFunction(() => (window as unknown as { __firstCard?: number }).__firstCard !== undefined);
    const clickMs = await timeClick(
      page,
      'Filter Events',
      '!!document.querySelector(\'[aria-label="Quick filters"]\')',
    );
    const interactive = await page.evaluate(() => (window as unknown as { __firstCard: number }).__firstCard);
    const total = interactive + clickMs;
    const cards = await page.getByRole('article').count();

    // Each filter is applied 3 times (switching back to All Events in between); the median is the figure.
    const runs = new Map<string, number[]>();
    const record = (name: string, ms: number) => runs.set(name, [...(runs.get(name) ?? []), ms]);
    for (let round = 0; round < 3; round++) {
      for (const label of ['Past Events', 'Today', 'This Week', 'This Month', 'Next Month']) {
        record(label, await timeClick(page, label, statusChanged));
        record('All Events', await timeClick(page, 'All Events', statusChanged));
      }
    }
    await page.getByRole('button', { name: 'More Filtering Options' }).click();
    const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
    await page.getByLabel('Start Date').fill(`${today.slice(0, 4)}-01-01`);
    await page.getByLabel('End Date').fill(`${today.slice(0, 4)}-06-30`);
    for (let round = 0; round < 3; round++) {
      record('Date range', await timeClick(page, 'Filter Events', statusChanged, 1));
      await page.getByLabel('First Name').fill(round % 2 ? 'jade' : '  cArA ');
      record('Name search (first)', await timeClick(page, 'Search', statusChanged));
      await page.getByLabel('First Name').fill('');
      await page.getByLabel('Last Name').fill(round % 2 ? 'mast2' : 'keel1');
      record('Name search (last)', await timeClick(page, 'Search', statusChanged));
      await page.getByLabel('Last Name').fill('');
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const filterTimes: Array<[string, number]> = [...runs].map(([name, xs]) => [name, median(xs)]);
    const slowestSingle = Math.max(...[...runs.values()].flat());
    const worstFilter = filterTimes.reduce((a, b) => (b[1] > a[1] ? b : a));

    const toolkitTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      toolkitTimes.push(await timeClick(page, 'Tool Kit', "!!document.querySelector('[role=dialog] h2')", i % 3));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    const toolkitMedian = median(toolkitTimes);
    const worstToolkit = Math.max(...toolkitTimes);

    // The record-by-record read alone (part of the navigation figure, whose budget it shares).
    const readMs = timeColdRead(
      'events',
      JSON.stringify(makeEvents(new Date())),
      () => eventsStore.read(),
      EVENT_COUNT,
    );
    return [
      {
        name: `eventsStore.read() of ${EVENT_COUNT} events, cold parse (in Node, median of 7)`,
        value: readMs,
        unit: 'ms',
        budget: 'part of <= 1000',
        pass: readMs <= 1000,
      },
      {
        name: `/ManageEvents with ${EVENT_COUNT} events: first card + first click answered`,
        value: total,
        unit: 'ms',
        budget: '<= 1000',
        pass: total <= 1000,
      },
      { name: 'cards in the DOM (virtualised)', value: cards, unit: 'cards', budget: 'informational', pass: true },
      {
        name: `slowest filter or search, median of 3 (${worstFilter[0]})`,
        value: worstFilter[1],
        unit: 'ms',
        budget: '<= 100',
        pass: worstFilter[1] <= 100,
      },
      ...filterTimes.map(([name, ms]) => ({
        name: `  filter: ${name} (median)`,
        value: ms,
        unit: 'ms',
        budget: '<= 100',
        pass: ms <= 100,
      })),
      {
        name: 'slowest single filter run (machine noise included)',
        value: slowestSingle,
        unit: 'ms',
        budget: 'informational',
        pass: true,
      },
      {
        name: 'opening a Tool Kit (median of 5)',
        value: toolkitMedian,
        unit: 'ms',
        budget: '<= 100',
        pass: toolkitMedian <= 100,
      },
      {
        name: 'opening a Tool Kit (slowest of 5)',
        value: worstToolkit,
        unit: 'ms',
        budget: 'informational',
        pass: true,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printFigures('events', await runEventsBench());
}
