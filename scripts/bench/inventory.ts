/**
 * Inventory, suppliers and employees at scale (issue 4): 5,000 inventory items, 1,000 suppliers and
 * 1,000 employees in localStorage. For each page: navigation to a working click (interactive), then
 * the response time of single interactions, measured in the page from the input event to the first
 * animation frame after the DOM shows the result (budget 50 ms each).
 */
import type { Page } from '@playwright/test';
import { inventoryItemsStore } from '../../src/storage/keys';
import { launchChromium, printFigures, signInAsDemo, startServer, timeColdRead, type Figure } from './support';

const ITEMS = 5000;
const RECORDS = 1000;

export const items = Array.from({ length: ITEMS }, (_, i) => ({
  id: String(1_700_000_000_000 + i),
  sku: `SKU-${i}`,
  name: `Item ${i}`,
  category: 'Dry Storage',
  amountPerUnit: 1 + (i % 5),
  unit: 'kg',
  packageType: 'box',
  quantity: i % 7,
  costPerUnit: 2.5,
  whenToOrder: 3,
  supplierName: `Supplier ${i % RECORDS}`,
}));
export const suppliers = Array.from({ length: RECORDS }, (_, i) => ({
  supplierID: `S${i}`,
  supplierName: `Supplier ${i}`,
  email: `s${i}@example.com`,
  phone: '555-0100',
  contractStatus: i % 2 ? 'active' : 'inactive',
  startDate: '2025-01-01',
  endDate: '2026-01-01',
}));
export const employees = Array.from({ length: RECORDS }, (_, i) => ({
  id: `E${i}`,
  firstName: `First${i}`,
  lastName: `Last${i}`,
  email: `e${i}@example.com`,
  role: 'Cook',
  phone: '555-0100',
  fullTimePartTime: i % 2 ? 'fulltime' : 'parttime',
  department: 'Kitchen',
  startDate: '2025-01-01',
}));

/** Arms a timer on the next input event of `kind`, runs `act`, waits for `done` and reports event → next frame. */
type Check =
  | { kind: 'moved'; selector: string }
  | { kind: 'value'; selector: string; value: string }
  | { kind: 'exists'; selector: string }
  | { kind: 'text'; selector: string; pattern: string }
  | { kind: 'nth'; selector: string; index: number; text: string };

/**
 * In the page: stamps the next `kind` event, then checks
 * `check` on every animation frame and stamps the first frame where it holds. Nothing crosses the
 * wire between the two stamps, so the figure is the app's own response time (to frame precision).
 */
const ARM = `([kind, check, clickSelector]) => {
  window.__t0 = kind === null ? 0 : null;
  window.__t1 = null;
  let clicked = !clickSelector;
  if (kind) window.addEventListener(kind, () => { if (window.__t0 === null) window.__t0 = performance.now(); }, { capture: true, once: true });
  const holds = () => {
    if (check.kind === 'moved') return /translate3d\\(0px, [1-9]/.test(document.querySelector(check.selector)?.style.transform ?? '');
    if (check.kind === 'exists') return document.querySelector(check.selector) !== null;
    if (check.kind === 'value') return document.querySelector(check.selector)?.value === check.value;
    if (check.kind === 'text') return new RegExp(check.pattern).test(document.querySelector(check.selector)?.textContent ?? '');
    return document.querySelectorAll(check.selector)[check.index]?.textContent === check.text;
  };
  const tick = () => {
    if (!clicked) {
      const target = document.querySelector(clickSelector);
      if (target) {
        clicked = true;
        target.click();
      }
    }
    if (clicked && window.__t0 !== null && holds()) window.__t1 = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}`;
// Kept as source text: tsx would wrap inner functions with a `__name` helper the page does not have.
const arm = (
  page: Page,
  kind: 'click' | 'keydown' | 'input' | null,
  check: Check,
  clickSelector: string | null = null,
) => page.evaluate(`(${ARM})(${JSON.stringify([kind, check, clickSelector])})`);

async function settle(page: Page): Promise<number> {
  if (process.env.BENCH_DEBUG) {
    await page.waitForTimeout(1000);
    console.log(
      await page.evaluate(
        () =>
          [...document.querySelectorAll('h3')]
            .slice(0, 6)
            .map((h) => h.textContent)
            .join('|') +
          ' / ' +
          document.querySelector('[id^=DndLiveRegion]')?.textContent,
      ),
    );
  }
  await page.waitForFunction(() => (window as unknown as { __t1: number | null }).__t1 !== null, undefined, {
    timeout: 15_000,
  });
  return page.evaluate(() => {
    const w = window as unknown as { __t0: number; __t1: number };
    return w.__t1 - w.__t0;
  });
}

async function respond(
  page: Page,
  kind: 'click' | 'keydown' | 'input',
  act: () => Promise<void>,
  done: Check,
): Promise<number> {
  await arm(page, kind, done);
  await act();
  return settle(page);
}

async function typeChars(page: Page, selector: string, text: string): Promise<number> {
  let worst = 0;
  await page.locator(selector).focus();
  for (let i = 0; i < text.length; i++) {
    const expected = text.slice(0, i + 1);
    const ms = await respond(page, 'input', () => page.keyboard.type(text[i]!), {
      kind: 'value',
      selector,
      value: expected,
    });
    worst = Math.max(worst, ms);
  }
  return worst;
}

/**
 * Navigation start (the new document's time origin) to the first frame showing the answer to a
 * click made in the page on the first frame its target exists (no driver round trip in between).
 */
async function interactive(page: Page, url: string, target: string, done: Check): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.readyState !== 'loading');
  await arm(page, null, done, target);
  return settle(page);
}

const fig = (name: string, value: number, budget: number): Figure => ({
  name,
  value,
  unit: 'ms',
  budget: `<= ${budget}`,
  pass: value <= budget,
});

export async function runInventoryBench(): Promise<Figure[]> {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsDemo(page, server.url);
    // Baseline: the same kind of navigation on an empty protected page (app start, session check,
    // page chunk), so the figures below can be read against what the shell alone costs here.
    await page.goto(`${server.url}/SupplierManagement`);
    await page.locator('#supplier-supplierName').waitFor();
    const baseline = await interactive(
      page,
      `${server.url}/SupplierManagement`,
      'form[aria-labelledby="supplier-form-title"] button[type="submit"]',
      { kind: 'exists', selector: '#supplier-supplierName-error' },
    );
    await page.evaluate(
      ([i, s, e]) => {
        localStorage.setItem('inventoryItems', JSON.stringify(i));
        localStorage.setItem('suppliers', JSON.stringify(s));
        localStorage.setItem('employees', JSON.stringify(e));
      },
      [items, suppliers, employees] as const,
    );
    // Warm the HTTP cache for the lazy chunks once, as a returning caterer would have it.
    await page.goto(`${server.url}/Inventory`);
    await page.getByRole('button', { name: 'Reorder Item 0' }).waitFor();
    const figures: Figure[] = [
      {
        name: 'Baseline: empty /SupplierManagement, navigation to working click',
        value: baseline,
        unit: 'ms',
        budget: 'informational',
        pass: true,
      },
    ];
    // The record-by-record read alone (part of the navigation figure below, whose budget it shares).
    const readMs = timeColdRead('inventoryItems', JSON.stringify(items), () => inventoryItemsStore.read(), ITEMS);
    figures.push({
      name: `inventoryItemsStore.read() of ${ITEMS} items, cold parse (in Node, median of 7)`,
      value: readMs,
      unit: 'ms',
      budget: 'part of <= 1000',
      pass: readMs <= 1000,
    });

    // Inventory: navigation until a card's More Details click works.
    const list = page.getByRole('list', { name: 'Inventory items' });
    const invReady = await interactive(
      page,
      `${server.url}/Inventory`,
      `li[aria-label="Item 0"] button[aria-expanded="false"]`,
      { kind: 'exists', selector: `#item-details-${items[0]!.id}` },
    );
    figures.push(fig(`/Inventory with ${ITEMS} items: navigation to working click`, invReady, 1000));
    figures.push(
      fig(
        'Inventory: expand a card',
        await respond(
          page,
          'click',
          () => list.getByRole('listitem', { name: 'Item 1' }).getByRole('button', { name: 'More Details' }).click(),
          { kind: 'exists', selector: `#item-details-${items[1]!.id}` },
        ),
        50,
      ),
    );
    figures.push(
      fig(
        'Inventory: one keystroke in the add form (worst of 12)',
        await typeChars(page, '#add-name', 'Smoked trout'),
        50,
      ),
    );
    const handle = page.getByRole('button', { name: 'Reorder Item 2' });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.getByText(/Picked up Item 2/).waitFor({ state: 'attached' });
    figures.push(
      fig(
        'Inventory: keyboard reorder, arrow key move',
        await respond(page, 'keydown', () => page.keyboard.press('ArrowDown'), {
          kind: 'moved',
          selector: 'li[aria-label="Item 2"]',
        }),
        50,
      ),
    );
    await page.waitForTimeout(300); // a person's pause between the move and the drop
    figures.push(
      fig(
        'Inventory: keyboard reorder, drop and save',
        await respond(page, 'keydown', () => page.keyboard.press('Space'), {
          kind: 'nth',
          selector: '[aria-label="Inventory items"] h3',
          index: 3,
          text: 'Item 2',
        }),
        50,
      ),
    );
    let storedOrder = '';
    for (let tries = 0; tries < 40 && storedOrder !== 'Item 0,Item 1,Item 3,Item 2'; tries++) {
      await page.waitForTimeout(50);
      storedOrder = await page.evaluate(() =>
        (JSON.parse(localStorage.getItem('inventoryItems')!) as Array<{ name: string }>)
          .slice(0, 4)
          .map((i) => i.name)
          .join(','),
      );
    }
    figures.push({
      name: 'Inventory: reorder stored (Item 2 now 4th)',
      value: storedOrder === 'Item 0,Item 1,Item 3,Item 2' ? 1 : 0,
      unit: '(1 = yes)',
      budget: '1',
      pass: storedOrder === 'Item 0,Item 1,Item 3,Item 2',
    });

    for (const [path, noun, first, field] of [
      ['/SupplierManagement', 'supplier', 'Supplier 0', '#supplier-supplierName'],
      ['/EmployeeManagement', 'employee', 'First0 Last0', '#employee-firstName'],
    ] as const) {
      const ready = await interactive(page, `${server.url}${path}`, `button[aria-label="Edit ${noun} ${first}"]`, {
        kind: 'value',
        selector: field,
        value: noun === 'supplier' ? first : first.split(' ')[0]!,
      });
      figures.push(fig(`${path} with ${RECORDS} records: navigation to working click`, ready, 1000));
      await page.goto(`${server.url}${path}`, { waitUntil: 'commit' });
      await page.waitForFunction(() => document.readyState !== 'loading');
      await arm(page, null, {
        kind: 'exists',
        selector: `ul[aria-label="${noun === 'supplier' ? 'Suppliers' : 'Employees'}"] > li:nth-child(${RECORDS})`,
      });
      const all = await settle(page);
      figures.push({
        name: `${path}: navigation to all ${RECORDS} cards mounted`,
        value: all,
        unit: 'ms',
        budget: 'informational',
        pass: true,
      });
      await page.getByRole('button', { name: 'Cancel' }).click();
      figures.push(
        fig(`${path}: one keystroke in the form (worst of 8)`, await typeChars(page, field, 'Galleyco'), 50),
      );
      // Three Edits on cards far apart; one sample alone can land on a garbage collection.
      const edits: number[] = [];
      for (const n of [500, 700, 900]) {
        const [name, value] =
          noun === 'supplier' ? [`Supplier ${n}`, `Supplier ${n}`] : [`First${n} Last${n}`, `First${n}`];
        edits.push(
          await respond(page, 'click', () => page.getByRole('button', { name: `Edit ${noun} ${name}` }).click(), {
            kind: 'value',
            selector: field,
            value,
          }),
        );
      }
      edits.sort((a, b) => a - b);
      figures.push(fig(`${path}: Edit on a card fills the form (median of 3)`, edits[1]!, 50));
      figures.push({
        name: `${path}: Edit on a card fills the form (slowest of 3)`,
        value: edits[2]!,
        unit: 'ms',
        budget: 'informational',
        pass: true,
      });
    }
    return figures;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printFigures('Inventory, suppliers and employees', await runInventoryBench());
}
