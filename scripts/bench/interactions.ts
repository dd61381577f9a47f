/**
 * Interactions on a big business (issue 23): 2,000 events and 5,000 inventory items (plus 1,000
 * suppliers and employees). Each interaction is measured by the browser's own Event Timing (input to
 * the next paint, `durationThreshold: 16`), 15 times, at 1x and 4x CPU slowdown; the figure is the
 * median, with the worst beside it. Budgets: at 4x, median <= 100 ms and worst <= 200 ms; at 1x,
 * median <= 50 ms. Then each protected page's full load to a working click (<= 500 ms at 1x), and the
 * long tasks after the first paint of / and /login at 4x (total blocking time <= 50 ms, none over
 * 100 ms). `npm run bench -- interactions`; `BENCH_RUNS=5` for a quicker, rougher pass. A click is a person's
 * (`userClick` in support.ts: a mouse click at the target's centre, without Playwright's own hit-target check
 * inside the input's events); `BENCH_CLICK=playwright` times Playwright's `click()` instead, to compare.
 */
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { pageRoutes } from '../../src/views/shell/routes';
import { makeEvents } from './events';
import { employees, items, suppliers } from './inventory';
import { measureLoad } from './paint';
import {
  launchChromium,
  median,
  observeEventTiming,
  printFigures,
  signInAsDemo,
  slowCpu,
  startServer,
  timeInteraction,
  userClick,
  type Figure,
} from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
/**
 * For working on one action: `BENCH_ONLY` (a regular expression) keeps the interactions whose name
 * matches (with the others of their group that come before, which set them up), `BENCH_RATES` the CPU
 * slowdowns (e.g. `4`; default `1,4`; empty: none, for the page loads alone), `BENCH_PAGES=off` leaves out the full loads and `/`, `/login`; `BENCH_PAGES=landing` keeps only `/` and `/login`;
 * `BENCH_LOADS` (a regular expression) keeps the full loads of the paths it matches, `BENCH_LOAD_RUNS` their runs (default 5).
 * `BENCH_TIMES=1` prints each interaction's runs in order (which run was the worst).
 */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const RATES = (process.env.BENCH_RATES ?? '1,4').split(',').filter(Boolean).map(Number);
const PAGES = process.env.BENCH_PAGES !== 'off';
const FULL_LOADS = PAGES && process.env.BENCH_PAGES !== 'landing';
const LOADS = process.env.BENCH_LOADS ? new RegExp(process.env.BENCH_LOADS) : null;
const LOAD_RUNS = Number(process.env.BENCH_LOAD_RUNS ?? 5);
const TIMES = process.env.BENCH_TIMES === '1';
/** The interactions to run: up to the last one matched, or none. */
const selected = (interactions: Interaction[]): Interaction[] => {
  if (!ONLY) return interactions;
  const last = interactions.findLastIndex((i) => ONLY.test(i.name));
  return interactions.slice(0, last + 1);
};

export interface Interaction {
  name: string;
  /** Brings the page to where the measured input can happen (not measured). */
  prepare?: (page: Page) => Promise<void>;
  /** The measured input. */
  act: (page: Page) => Promise<void>;
  /** Resolves when the page shows the input's result. */
  settled: (page: Page) => Promise<unknown>;
  /** Puts things back after the run (not measured). */
  undo?: (page: Page) => Promise<void>;
  /**
   * For an input whose result is drawn in more than one frame (the Tool Kit's tools after its frame): a CSS selector
   * of what is drawn last. Besides the input's next paint, the bench then prints the time from the input to the
   * first frame that shows it.
   */
  drawn?: { what: string; selector: string };
}

const button = (page: Page, name: string | RegExp, exact = true) =>
  page.getByRole('button', { name, exact: typeof name === 'string' ? exact : undefined });
/** The events page's count line ("Showing N of M events · …"). */
const status = (page: Page) => page.getByRole('status').filter({ hasText: /^Showing / });
const statusChanged = (page: Page, before: string | null) =>
  page.waitForFunction(
    (text) =>
      [...document.querySelectorAll('[role=status]')].find((e) => e.textContent?.startsWith('Showing '))
        ?.textContent !== text,
    before,
  );
const statusChange = async (page: Page, act: () => Promise<void>) => {
  const before = await status(page).textContent();
  await act();
  return before;
};
const toolkit = (page: Page) => page.getByRole('dialog', { name: /^Tool Kit: / });

/** The /ManageEvents interactions, on the first event card. */
export function eventsInteractions(): Interaction[] {
  let before: string | null = null;
  /** A quick filter, from the other one (so every run changes what is shown). */
  const filter = (label: string, from: string): Interaction => ({
    name: `Events: quick filter ${label}`,
    prepare: async (page) => {
      const shown = await status(page).textContent();
      await button(page, from).click();
      await statusChanged(page, shown).catch(() => undefined);
      before = await status(page).textContent();
    },
    act: (page) => userClick(button(page, label)),
    settled: (page) => statusChanged(page, before),
  });
  return [
    {
      name: 'Events: open the Edit dialog',
      act: (page) => userClick(page.getByRole('button', { name: /^Edit Event / }).first()),
      settled: (page) => page.getByRole('dialog', { name: 'Edit Event' }).waitFor(),
      undo: async (page) => {
        await page.keyboard.press('Escape');
        await page.getByRole('dialog', { name: 'Edit Event' }).waitFor({ state: 'detached' });
      },
    },
    {
      name: 'Events: save the Edit dialog',
      prepare: async (page) => {
        await page
          .getByRole('button', { name: /^Edit Event / })
          .first()
          .click();
        const dialog = page.getByRole('dialog', { name: 'Edit Event' });
        await dialog.waitFor();
        const guests = dialog.getByLabel('Number of Guests');
        await guests.fill(String(10 + Math.floor(Math.random() * 80)));
      },
      act: (page) => userClick(page.getByRole('dialog', { name: 'Edit Event' }).getByRole('button', { name: 'Save' })),
      settled: (page) => page.getByRole('dialog', { name: 'Edit Event' }).waitFor({ state: 'detached' }),
    },
    filter('This Month', 'All Events'),
    filter('All Events', 'This Month'),
    {
      name: 'Events: name search',
      prepare: async (page) => {
        before = await status(page).textContent();
        await page.getByLabel('First Name').fill(before?.includes('Cara') ? 'jade' : 'cara');
      },
      act: (page) => userClick(button(page, 'Search')),
      settled: (page) => statusChanged(page, before),
      undo: async (page) => {
        await page.getByLabel('First Name').fill('');
        await statusChange(page, () => button(page, 'All Events').click());
      },
    },
    {
      name: 'Events: open a Tool Kit',
      act: (page) => userClick(button(page, /^Tool Kit/).first()),
      settled: (page) => toolkit(page).getByRole('group', { name: 'Tools' }).waitFor(),
      // The tools are drawn in a render of their own after the dialog's frame: the Payments tool's figures last.
      drawn: { what: 'its tools drawn', selector: '[role="dialog"] output[aria-label="Balance due"]' },
      undo: async (page) => {
        await page.keyboard.press('Escape');
        await toolkit(page).waitFor({ state: 'detached' });
      },
    },
  ];
}

/** One Tool Kit tool's buttons: the count of a line's buttons before, and waits for one more or one fewer. */
const lineButtons = (page: Page, name: RegExp) => toolkit(page).getByRole('button', { name });
const oneMore = (page: Page, name: RegExp, count: number) => lineButtons(page, name).nth(count).waitFor();
const oneFewer = (page: Page, name: RegExp, count: number) =>
  count > 0
    ? lineButtons(page, name)
        .nth(count - 1)
        .waitFor({ state: 'detached' })
    : Promise.resolve();

/** Add and delete a line in a tool whose form has one text field and one submit button. */
function addDelete(tool: string, field: string, submit: string, deleteName: RegExp, text: string): Interaction[] {
  let count = 0;
  return [
    {
      name: `Tool Kit: add a line in ${tool}`,
      prepare: async (page) => {
        count = await lineButtons(page, deleteName).count();
        await toolkit(page).getByLabel(field, { exact: true }).fill(`${text} ${count}`);
      },
      act: (page) => userClick(toolkit(page).getByRole('button', { name: submit, exact: true })),
      settled: (page) => oneMore(page, deleteName, count),
    },
    {
      name: `Tool Kit: delete a line in ${tool}`,
      prepare: async (page) => {
        count = await lineButtons(page, deleteName).count();
      },
      act: (page) => userClick(lineButtons(page, deleteName).first()),
      settled: (page) => oneFewer(page, deleteName, count),
    },
  ];
}

/** Pricing: add a price, edit it, delete it. */
function pricingInteractions(): Interaction[] {
  let price = 10;
  const [add, remove] = addDelete('Pricing', 'Item Name', 'Add Price', /^Delete price /, 'Bench price');
  return [
    {
      ...add!,
      prepare: async (page) => {
        await add!.prepare?.(page);
        await toolkit(page).getByLabel('Price', { exact: true }).fill('12.50');
      },
    },
    {
      name: 'Tool Kit: edit a line in Pricing',
      prepare: async (page) => {
        await lineButtons(page, /^Edit price /)
          .first()
          .click();
        await toolkit(page)
          .getByLabel('Price', { exact: true })
          .fill(String((price += 1)));
      },
      act: (page) => userClick(toolkit(page).getByRole('button', { name: 'Save', exact: true })),
      settled: (page) => toolkit(page).getByRole('button', { name: 'Add Price', exact: true }).waitFor(),
    },
    remove!,
  ];
}

/** Every tool's lines: add, edit and delete, in the first event's Tool Kit (left open); each tool opened first. */
export function toolkitInteractions(): Interaction[] {
  let count = 0;
  let price = 10;
  const withTool = (tool: string, interactions: Interaction[]): Interaction[] =>
    interactions.map((interaction, n) => ({
      ...interaction,
      prepare: async (page) => {
        const toggle = toolkit(page)
          .getByRole('group', { name: 'Tools' })
          .getByRole('button', { name: tool, exact: true });
        if (n === 0 && (await toggle.getAttribute('aria-pressed')) === 'false') await toggle.click();
        await interaction.prepare?.(page);
      },
    }));
  const specialtyDelete = /^Delete (?!note |menu item |price )/;
  return [
    ...withTool('Notes', addDelete('Notes', 'Note', 'Add Note', /^Delete note /, 'Bench note')),
    ...withTool('Menu', addDelete('Menu', 'Menu Item', 'Add Menu Item', /^Delete menu item /, 'Bench dish')),
    ...withTool('Pricing', pricingInteractions()),
    ...withTool('Ingredients', [
      {
        name: 'Tool Kit: add a specialty ingredient',
        prepare: async (page) => {
          count = await lineButtons(page, specialtyDelete).count();
          const kit = toolkit(page).getByRole('region', { name: 'Add Specialty Ingredients.' });
          await kit.getByLabel('Ingredient Name', { exact: true }).fill(`Bench spice ${count}`);
          await kit.getByLabel('Unit Quantity', { exact: true }).fill('1');
          await kit.getByLabel('Quantity Needed', { exact: true }).fill('2');
          await kit.getByLabel('Cost per Unit', { exact: true }).fill('3.25');
          await kit.getByLabel('Supplier Name', { exact: true }).fill('Bench Supply');
        },
        act: (page) => userClick(toolkit(page).getByRole('button', { name: 'Add Specialty Ingredient', exact: true })),
        settled: (page) => oneMore(page, specialtyDelete, count),
      },
      {
        name: 'Tool Kit: edit a specialty ingredient',
        prepare: async (page) => {
          await lineButtons(page, /^Edit Bench spice /)
            .first()
            .click();
          await toolkit(page)
            .getByLabel('Cost per Unit', { exact: true })
            .fill(String((price += 1)));
        },
        act: (page) => userClick(toolkit(page).getByRole('button', { name: 'Save Ingredient', exact: true })),
        settled: (page) =>
          toolkit(page).getByRole('button', { name: 'Add Specialty Ingredient', exact: true }).waitFor(),
      },
      {
        name: 'Tool Kit: delete a specialty ingredient',
        prepare: async (page) => {
          count = await lineButtons(page, specialtyDelete).count();
        },
        act: (page) => userClick(lineButtons(page, /^Delete Bench spice /).first()),
        settled: (page) => oneFewer(page, specialtyDelete, count),
      },
    ]),
    // The Payments tool is always shown.
    {
      name: 'Tool Kit: record a payment',
      prepare: async (page) => {
        count = await lineButtons(page, /^Remove payment of /).count();
        await toolkit(page).getByLabel('Amount', { exact: true }).fill('25');
      },
      act: (page) => userClick(toolkit(page).getByRole('button', { name: 'Record payment', exact: true })),
      settled: (page) => oneMore(page, /^Remove payment of /, count),
    },
    {
      name: 'Tool Kit: remove a payment',
      prepare: async (page) => {
        count = await lineButtons(page, /^Remove payment of /).count();
      },
      act: (page) => userClick(lineButtons(page, /^Remove payment of /).first()),
      settled: (page) => oneFewer(page, /^Remove payment of /, count),
    },
  ];
}

/** /Inventory on 5,000 items: expand a card, open and save the Edit dialog, drag a card by keyboard. */
export function inventoryInteractions(): Interaction[] {
  const first = (page: Page) => page.getByRole('list', { name: 'Inventory items' }).getByRole('listitem').first();
  let quantity = 10;
  return [
    {
      name: 'Inventory: expand a card',
      act: (page) => userClick(first(page).getByRole('button', { name: 'More Details' })),
      settled: (page) => first(page).getByRole('button', { name: 'Hide Details' }).waitFor(),
      undo: async (page) => {
        await first(page).getByRole('button', { name: 'Hide Details' }).click();
        await first(page).getByRole('button', { name: 'More Details' }).waitFor();
      },
    },
    {
      name: 'Inventory: open the Edit dialog',
      act: (page) => userClick(first(page).getByRole('button', { name: /^Edit item / })),
      settled: (page) => page.getByRole('dialog').waitFor(),
      undo: async (page) => {
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      },
    },
    {
      name: 'Inventory: save the Edit dialog',
      prepare: async (page) => {
        await first(page)
          .getByRole('button', { name: /^Edit item / })
          .click();
        await page
          .getByRole('dialog')
          .getByLabel(/On-hand Quantity/)
          .fill(String((quantity += 1)));
      },
      act: (page) => userClick(page.getByRole('dialog').getByRole('button', { name: /^Save/ })),
      settled: (page) => page.getByRole('dialog').waitFor({ state: 'detached' }),
    },
    {
      name: 'Inventory: move a card down by keyboard (drag)',
      prepare: async (page) => {
        await first(page)
          .getByRole('button', { name: /^Reorder / })
          .focus();
        // A person hears each step before the next key; keys sent at once could beat dnd-kit's move
        // at 4x (a drop in place, or a pick-up left pressed), which timed nothing real.
        await page.keyboard.press('Space');
        await dragAnnounced(page, /^Picked up /);
        // dnd-kit's keyboard sensor starts listening for the moving keys in a timeout after the pick-up:
        // a timeout queued now runs after it.
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
        await page.keyboard.press('ArrowDown');
        await dragAnnounced(page, / moved to position 2 /);
      },
      act: (page) => page.keyboard.press('Space'),
      settled: (page) =>
        page.waitForFunction(() => !document.querySelector('[aria-pressed="true"][aria-label^="Reorder "]')),
    },
  ];
}

/** Waits for the drag's live region (dnd-kit's announcements) to say `text`. */
function dragAnnounced(page: Page, text: RegExp) {
  return page.waitForFunction(
    (source) => [...document.querySelectorAll('[aria-live]')].some((n) => new RegExp(source).test(n.textContent ?? '')),
    text.source,
  );
}

/** The Dashboard: Need to Order's window, and copying a supplier's order list. */
export function dashboardInteractions(): Interaction[] {
  let days = '7';
  return [
    {
      name: 'Dashboard: change the Need to Order window',
      prepare: async () => {
        days = days === '7' ? '30' : '7';
      },
      act: (page) => userClick(page.getByRole('radio', { name: `${days} days` })),
      settled: (page) =>
        page.waitForFunction((n) => {
          const input = document.querySelector<HTMLInputElement>(`input[name="demand-window"][value="${n}"]`);
          return input?.checked === true;
        }, days),
    },
    {
      name: 'Dashboard: copy an order list',
      act: (page) => userClick(page.getByRole('button', { name: 'Copy', exact: true }).first()),
      settled: (page) =>
        page
          .getByText(/^(Copied|Not copied)/)
          .first()
          .waitFor(),
    },
  ];
}

async function measureAll(page: Page, interactions: Interaction[], rate: number, figures: Figure[]) {
  for (const interaction of interactions) {
    if (ONLY && !ONLY.test(interaction.name)) {
      // Sets up a later one (e.g. a line added before it is deleted): run once, not measured.
      await interaction.prepare?.(page);
      await interaction.act(page);
      await interaction.settled(page);
      await interaction.undo?.(page);
      continue;
    }
    const times: number[] = [];
    const drawnTimes: number[] = [];
    const { drawn } = interaction;
    for (let run = 0; run < RUNS; run++) {
      await interaction.prepare?.(page);
      if (drawn) await page.evaluate(watchDrawn, drawn.selector);
      times.push(
        await timeInteraction(
          page,
          () => interaction.act(page),
          async () => {
            await interaction.settled(page);
            if (drawn) await page.waitForFunction(() => (window as unknown as DrawnWindow).__drawn.at > 0);
          },
        ),
      );
      if (drawn)
        drawnTimes.push(
          await page.evaluate(() => {
            const d = (window as unknown as DrawnWindow).__drawn;
            return d.at - d.input;
          }),
        );
      await interaction.undo?.(page);
    }
    if (TIMES) console.log(`  ${interaction.name} at ${rate}x, runs in order: ${times.join(', ')} ms`);
    const mid = median(times);
    const worst = Math.max(...times);
    const medianBudget = rate === 4 ? 100 : 50;
    figures.push({
      name: `${interaction.name} at ${rate}x: median (worst ${worst.toFixed(0)} ms)`,
      value: mid,
      unit: 'ms',
      budget: `<= ${medianBudget}${rate === 4 ? ', worst <= 200' : ''}`,
      pass: mid <= medianBudget && (rate !== 4 || worst <= 200),
    });
    if (drawn) {
      // Not an input's next paint, which the budgets are for: held to the worst an input's paint may take at
      // 4x (200 ms), and twice the median budget at 1x.
      const drawnMid = median(drawnTimes);
      const drawnBudget = rate === 4 ? 200 : 100;
      figures.push({
        name: `${interaction.name}, ${drawn.what}, at ${rate}x: median (worst ${Math.max(...drawnTimes).toFixed(0)} ms)`,
        value: drawnMid,
        unit: 'ms',
        budget: `<= ${drawnBudget}`,
        pass: drawnMid <= drawnBudget,
      });
    }
  }
}

interface DrawnWindow {
  __drawn: { input: number; at: number };
}

/**
 * In the page, before the input: notes the input's time (the pointer or key event's own timestamp) and the start of
 * the first frame after `selector` matches (the frame that draws it), as `recordMenuShown` does for the menu.
 */
function watchDrawn(selector: string) {
  // No named inner functions: tsx's __name helper does not exist in the page.
  const w = window as unknown as DrawnWindow;
  w.__drawn = { input: 0, at: 0 };
  for (const type of ['pointerdown', 'keydown'])
    addEventListener(type, (event) => void (w.__drawn.input ||= event.timeStamp), { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (!w.__drawn.input || !document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => (w.__drawn.at = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * In the page, before its scripts (once `bench.menuShown` is set for the tab): records when the nav's
 * menu is first shown, the start of the first frame after it enters the page (the frame that paints
 * it). Reading the clock after Playwright's wait instead would add the wait's polling (its retries back
 * off to 500 ms), which is the harness, not the app.
 */
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

/** Waits (up to 30 s) for the offline app's worker to be installed and active: what it ended in. */
async function offlineAppSettled(page: Page): Promise<string> {
  for (let waited = 0; waited < 30_000; waited += 500) {
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker?.getRegistration();
      return registration?.active?.state ?? 'none';
    });
    if (state === 'activated') return state;
    await page.waitForTimeout(500);
  }
  return 'not installed after 30 s';
}

/** Navigation start to the nav's Menu answering a click (the app is working): the menu's first frame, in ms. */
async function fullLoad(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await button(page, 'Menu').click();
  await page.getByRole('menu').waitFor();
  const shown = await page.waitForFunction(() => (window as unknown as { __menuShownAt?: number }).__menuShownAt);
  const at = Number(await shown.jsonValue());
  await page.keyboard.press('Escape');
  return at;
}

export async function runInteractionsBench(): Promise<Figure[]> {
  const server = await startServer();
  const browser = await launchChromium();
  const figures: Figure[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await observeEventTiming(page);
    await page.addInitScript(recordMenuShown);
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
    for (const rate of RATES) {
      const cdp = await slowCpu(page, rate);
      const events = selected(eventsInteractions());
      const kit = selected(toolkitInteractions());
      if (events.length || kit.length) {
        await page.goto(`${server.url}/ManageEvents`);
        await button(page, 'Filter Events').click();
        await page
          .getByRole('group', { name: 'Quick filters' })
          .or(page.locator('[aria-label="Quick filters"]'))
          .first()
          .waitFor();
        await button(page, 'More Filtering Options').click();
        await page.getByLabel('First Name').waitFor();
        await measureAll(page, events, rate, figures);
      }
      if (kit.length) {
        await button(page, /^Tool Kit/)
          .first()
          .click();
        await toolkit(page).waitFor();
        await measureAll(page, kit, rate, figures);
        await page.keyboard.press('Escape');
      }
      const inventory = selected(inventoryInteractions());
      if (inventory.length) {
        await page.goto(`${server.url}/Inventory`);
        await page.getByRole('list', { name: 'Inventory items' }).getByRole('listitem').first().waitFor();
        await measureAll(page, inventory, rate, figures);
      }
      const dashboard = selected(dashboardInteractions());
      if (dashboard.length) {
        await page.goto(`${server.url}/Dashboard`);
        await page.getByRole('radio', { name: '14 days' }).waitFor();
        await measureAll(page, dashboard, rate, figures);
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    }
    if (!PAGES) return figures;
    await page.evaluate(() => sessionStorage.setItem('bench.menuShown', 'on'));
    // A returning caterer's browser has the offline app installed (public/sw.js, registered at the first
    // signed-in page's idle): the loads measure that, not its one-time install fetching the build's files.
    console.log(`  offline app: ${await offlineAppSettled(page)}`);
    // Full loads at 1x: every protected page, median of 5, HTTP cache warm (a returning caterer).
    // The route table's protected pages, then those matched by the fallback route (src/views/shell/fallbackRoutes.ts):
    // one event's sheet, quote and invoice, and its customer's page.
    const fallbackPages = ['/events/1000/sheet', '/events/1000/quote', '/events/1000/invoice', '/customers/c1000'];
    for (const path of FULL_LOADS
      ? [...pageRoutes.filter((route) => route.access === 'protected').map((route) => route.path), ...fallbackPages]
      : []) {
      if (LOADS && !LOADS.test(path)) continue;
      const times: number[] = [];
      for (let run = 0; run < LOAD_RUNS; run++) times.push(await fullLoad(page, `${server.url}${path}`));
      if (TIMES) console.log(`  ${path} full loads in order: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
      const mid = median(times);
      figures.push({
        name: `${path}: full load to a working click at 1x, median of ${LOAD_RUNS} (worst ${Math.max(...times).toFixed(0)} ms)`,
        value: mid,
        unit: 'ms',
        budget: '<= 500',
        pass: mid <= 500,
      });
    }
    // After the first paint of the public pages, at 4x: blocking time and the longest task.
    for (const path of ['/', '/login']) {
      const loads = [];
      for (let run = 0; run < 3; run++) loads.push(await measureLoad(browser, `${server.url}${path}`, 4));
      const tbt = median(loads.map((l) => l.tbt));
      const longest = Math.max(...loads.map((l) => l.longestTask));
      figures.push({
        name: `${path}: total blocking time after the first paint at 4x, median of 3`,
        value: tbt,
        unit: 'ms',
        budget: '<= 50',
        pass: tbt <= 50,
      });
      figures.push({
        name: `${path}: longest task after the first paint at 4x, worst of 3`,
        value: longest,
        unit: 'ms',
        budget: '<= 100',
        pass: longest <= 100,
      });
    }
    return figures;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printFigures('interactions (2,000 events, 5,000 items)', await runInteractionsBench());
}
