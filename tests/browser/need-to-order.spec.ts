import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { signIn } from './support/auth';

test.use({ permissions: ['clipboard-read', 'clipboard-write'], acceptDownloads: true });

const panel = (page: Page) => page.getByRole('region', { name: 'Need to Order', exact: true });
const card = (page: Page, name: string) => panel(page).getByRole('listitem', { name, exact: true });
const orderList = (page: Page, supplier: string) => panel(page).getByRole('region', { name: supplier, exact: true });

const item = (
  id: string,
  name: string,
  quantity: number,
  whenToOrder: number,
  costPerUnit: number,
  supplierName: string,
) => ({
  id,
  name,
  sku: `SKU-${id}`,
  category: 'Dairy',
  amountPerUnit: 1,
  unit: 'L',
  packageType: 'carton',
  quantity,
  costPerUnit,
  whenToOrder,
  supplierName,
});
const line = (lineId: string, it: ReturnType<typeof item>, quantity: number) => ({
  lineId,
  id: it.id,
  name: it.name,
  category: it.category,
  supplierName: it.supplierName,
  costPerUnit: it.costPerUnit,
  amountPerUnit: 1,
  unit: 'L',
  packageType: 'carton',
  quantity,
});
const event = (id: number, EventName: string, EventDate: string) => ({
  id,
  EventName,
  CustomerFirstName: 'Ann',
  CustomerLastName: 'Smith',
  CustomerPhoneNumber: '555',
  CustomerEmail: 'ann@example.com',
  EventType: 'Wedding',
  NumberOfGuests: 80,
  EventDate,
  StartTime: '17:00',
  EndTime: '23:00',
  VenueName: 'Hall',
  VenueStreetAddress: '1 Main St',
  VenueCity: 'Halifax',
  ingredients: [],
});

// Hand-worked: Heavy Cream on hand 10, re-order at 2. Smith Wedding (3 days out) needs 8, Gala (10 days out) 4.
// 14 days: 10 - 12 = -2 <= 2, so order n with 10 + n - 12 > 2: n > 4, 5 cartons x $4.50 = $22.50.
// 7 days (Gala dropped): 10 - 8 = 2 <= 2, n with 2 + n > 2: 1 carton, $4.50.
// Lemons on hand 3, re-order 1, only Gala needs 4: 14 days 3 - 4 = -1 <= 1, n > 2: 3 packages x $2.00 = $6.00; 7 days: 3 > 1, not listed.
// Flour on hand 50, re-order 5, needed 0: never listed.
const cream = item('cream', 'Heavy Cream', 10, 2, 4.5, 'Harbour Dairy');
const lemons = item('lemons', 'Lemons', 3, 1, 2, 'Orchard Row Fruits');
const flour = item('flour', 'Flour', 50, 5, 1, 'Harbour Dairy');

async function localDate(page: Page, days: number): Promise<string> {
  return page.evaluate((d) => {
    const now = new Date();
    const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + d);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  }, days);
}

async function seed(
  page: Page,
  more: { events?: Array<Record<string, unknown> & { EventDate: string }>; suppliers?: unknown[] } = {},
) {
  await signIn(page);
  await page.goto('/Dashboard');
  const [today, in3, in10] = [await localDate(page, 0), await localDate(page, 3), await localDate(page, 10)];
  await page.evaluate(
    ({ items, events, lists, suppliers }) => {
      window.localStorage.setItem('inventoryItems', JSON.stringify(items));
      window.localStorage.setItem('events', JSON.stringify(events));
      window.localStorage.setItem('suppliers', JSON.stringify(suppliers));
      window.localStorage.setItem('selectedItems', '[]');
      // Only these events: the three built-in samples (which the Dashboard counts too) are deleted.
      window.localStorage.setItem('deletedEventIds', '[1,2,3]');
      for (const [id, list] of Object.entries(lists))
        window.localStorage.setItem(`ingredientList-${id}`, JSON.stringify(list));
    },
    {
      items: [cream, lemons, flour],
      events: [
        event(101, 'Smith Wedding', in3),
        event(102, 'Gala', in10),
        ...(more.events ?? []).map((e) => ({ ...e, EventDate: e.EventDate || in3 })),
      ],
      lists: { 101: [line('a', cream, 8), line('b', flour, 20)], 102: [line('c', cream, 4), line('d', lemons, 4)] },
      suppliers: [
        {
          supplierID: 'S1',
          supplierName: 'Harbour Dairy',
          email: 'orders@harbour.example',
          phone: '(902) 555-0101',
          contractStatus: 'active',
          startDate: '2026-01-01',
          endDate: '2030-01-01',
        },
        {
          supplierID: 'S2',
          supplierName: 'Orchard Row Fruits',
          email: '',
          phone: '902 555 0102',
          contractStatus: 'active',
          startDate: '2026-01-01',
          endDate: '2030-01-01',
        },
        ...(more.suppliers ?? []),
      ],
    },
  );
  await page.reload();
  await expect(panel(page)).toBeVisible();
  return today;
}

test('two upcoming events needing the same item push it into Need to Order with the suggested packages; 7 days drops the event 10 days out', async ({
  page,
}) => {
  await seed(page);
  await expect(panel(page).getByText('Counting 2 events in the next 14 days')).toBeVisible();
  await expect(page.getByRole('radio', { name: '14 days' })).toBeChecked();
  await expect(panel(page).getByRole('listitem')).toHaveCount(2);
  const creamCard = card(page, 'Heavy Cream');
  await expect(creamCard).toContainText('Needed for events: 12 (Smith Wedding 8, Gala 4)');
  await expect(creamCard).toContainText('On hand10');
  await expect(creamCard).toContainText('Re-order level2');
  await expect(creamCard).toContainText('Suggested order5 × 1 L cartons');
  await expect(card(page, 'Lemons')).toContainText('Suggested order3 × 1 L cartons');
  await expect(card(page, 'Flour')).toHaveCount(0);

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    panel(page).getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  const rows = JSON.parse(await readFile(await file.path(), 'utf8')) as Array<Record<string, unknown>>;
  expect(rows[0]).toMatchObject({
    id: 'cream',
    onHand: 10,
    neededForEvents: 12,
    neededFor: 'Smith Wedding 8, Gala 4',
    reorderLevel: 2,
    suggestedPackages: 5,
    estimatedCost: 22.5,
    orderPlaced: false,
  });

  await page.getByRole('radio', { name: '7 days' }).check();
  await expect(panel(page).getByText('Counting 1 event in the next 7 days')).toBeVisible();
  await expect(creamCard).toContainText('Needed for events: 8 (Smith Wedding 8)');
  await expect(creamCard).toContainText('Suggested order1 × 1 L carton');
  await expect(card(page, 'Lemons')).toHaveCount(0);
  await expect(panel(page).getByText('Gala')).toHaveCount(0);
  // The suppliers' order lists follow the window too (drawn after the lines, issue 23), and are not left busy.
  const lists = panel(page).getByRole('region', { name: 'Order lists by supplier' });
  await expect(orderList(page, 'Harbour Dairy')).toContainText('Estimated total: $4.50 CAD');
  await expect(orderList(page, 'Orchard Row Fruits')).toHaveCount(0);
  await expect(lists).not.toHaveAttribute('aria-busy');
  await page.getByRole('radio', { name: '14 days' }).check();
  await expect(orderList(page, 'Harbour Dairy')).toContainText('Estimated total: $22.50 CAD');
  await expect(orderList(page, 'Orchard Row Fruits')).toContainText('Estimated total: $6.00 CAD');
  await expect(lists).not.toHaveAttribute('aria-busy');
});

test("a supplier's order list copies the right text, its e-mail link holds the list, and one without e-mail says why", async ({
  page,
}) => {
  const today = await seed(page);
  const dairy = orderList(page, 'Harbour Dairy');
  await expect(dairy).toContainText('E-mail: orders@harbour.example');
  await expect(dairy).toContainText('Phone: (902) 555-0101');
  await expect(dairy.getByRole('row', { name: /Heavy Cream/ })).toContainText('5 × 1 L cartons');
  await expect(dairy.getByRole('row', { name: /Heavy Cream/ })).toContainText('$22.50 CAD');
  await expect(dairy).toContainText('Estimated total: $22.50 CAD');

  const expected = [
    `Order for Harbour Dairy (${today})`,
    'Contact: orders@harbour.example · (902) 555-0101',
    '',
    '- Heavy Cream (SKU SKU-cream): 5 × 1 L cartons at $4.50 CAD = $22.50 CAD',
    '',
    'Estimated total: $22.50 CAD',
  ].join('\n');
  await dairy.getByRole('button', { name: 'Copy' }).click();
  await expect(dairy.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);

  const href = await dairy.getByRole('link', { name: 'E-mail order' }).getAttribute('href');
  expect(href).toMatch(/^mailto:orders@harbour\.example\?subject=/);
  expect(decodeURIComponent(href!.split('&body=')[1]!)).toBe(expected.replace(/\n/g, '\r\n'));

  const fruits = orderList(page, 'Orchard Row Fruits');
  await expect(fruits.getByRole('button', { name: 'E-mail order' })).toBeDisabled();
  await expect(fruits).toContainText('Orchard Row Fruits has no e-mail address on file.');
  await expect(fruits.getByRole('link')).toHaveCount(0);
  await expect(fruits).toContainText('Estimated total: $6.00 CAD');
});

test('Print shows only that supplier list in the print view', async ({ page }) => {
  await seed(page);
  await page.evaluate(() => {
    window.print = () => {
      (window as unknown as { printed: string | null }).printed =
        document.querySelector('[data-print-area]')?.getAttribute('data-order-list') ?? null;
    };
  });
  await orderList(page, 'Harbour Dairy').getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: string | null }).printed)).toBe('supplier:S1');
  await page.emulateMedia({ media: 'print' });
  await expect(orderList(page, 'Harbour Dairy').getByText('Estimated total: $22.50 CAD')).toBeVisible();
  await expect(orderList(page, 'Harbour Dairy').getByRole('button', { name: 'Copy' })).toBeHidden();
  await expect(orderList(page, 'Orchard Row Fruits')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Upcoming Events' })).toBeHidden();
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('Order placed still toggles and persists per item, and leaves the item out of its order list', async ({
  page,
}) => {
  await seed(page);
  const creamCard = card(page, 'Heavy Cream');
  await creamCard.getByText('Order placed').click();
  await expect(creamCard.getByRole('checkbox', { name: 'Order placed' })).toBeChecked();
  await expect(orderList(page, 'Harbour Dairy')).toContainText('1 item is already marked Order placed and left out.');
  await expect(orderList(page, 'Harbour Dairy').getByRole('button', { name: 'Copy' })).toBeDisabled();
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('selectedItems') ?? '[]'))).toEqual([
    expect.objectContaining({ id: 'cream', orderPlaced: true }),
  ]);
  await page.reload();
  await expect(card(page, 'Heavy Cream').getByRole('checkbox', { name: 'Order placed' })).toBeChecked();
  await card(page, 'Heavy Cream').getByText('Order placed').click();
  await expect(card(page, 'Heavy Cream').getByRole('checkbox', { name: 'Order placed' })).not.toBeChecked();
  await expect(orderList(page, 'Harbour Dairy').getByRole('row', { name: /Heavy Cream/ })).toBeVisible();
});

test('an ingredient list changed in another tab recomputes the demand', async ({ page, context }) => {
  await seed(page);
  await expect(card(page, 'Heavy Cream')).toContainText('Needed for events: 12 (Smith Wedding 8, Gala 4)');
  const other = await context.newPage();
  await other.goto('/Dashboard');
  await other.evaluate(
    (list) => window.localStorage.setItem('ingredientList-102', JSON.stringify(list)),
    [line('c', cream, 7)],
  );
  await expect(card(page, 'Heavy Cream')).toContainText('Needed for events: 15 (Smith Wedding 8, Gala 7)');
  await expect(card(page, 'Lemons')).toHaveCount(0);
  await expect(card(page, 'Heavy Cream')).toContainText('Suggested order8 × 1 L cartons');
});

test('specialty ingredients an upcoming event still needs reach Need to Order, its export and the order list of their supplier, with Order placed (issue 25)', async ({
  page,
}) => {
  const specialty = (id: string, name: string, onHand: boolean, supplierName: string) => ({
    id,
    name,
    units: 'g',
    unitQuantity: 1,
    quantityNeeded: 2,
    onHand,
    needToOrder: !onHand,
    costPerUnit: 12.5,
    packageType: 'jar',
    supplierName,
  });
  const supper = {
    ...event(103, 'Saffron Supper', ''),
    ingredients: [
      specialty('sp-1', 'Saffron threads', false, 'Spice Merchant'),
      specialty('sp-2', 'Vanilla pods', true, 'Spice Merchant'),
      specialty('sp-3', 'Sea urchin', false, 'Harbour Dairy'),
    ],
  };
  await seed(page, { events: [supper] });
  const saffron = card(page, 'Saffron threads');
  await expect(saffron).toContainText('Specialty ingredient for Saffron Supper');
  await expect(saffron).toContainText('To order2 × 1 g jar');
  await expect(card(page, 'Vanilla pods')).toHaveCount(0);

  // No supplier record is called Spice Merchant: a list of that name, without e-mail; Sea urchin joins Harbour Dairy's list.
  const spice = orderList(page, 'Spice Merchant');
  await expect(spice.getByRole('row', { name: /Saffron threads/ })).toContainText(
    'specialty ingredient for Saffron Supper',
  );
  await expect(spice.getByRole('row', { name: /Saffron threads/ })).toContainText('$25.00');
  await expect(
    spice.getByText('Spice Merchant is not on file as a supplier, so there is no address to e-mail.'),
  ).toBeVisible();
  await expect(orderList(page, 'Harbour Dairy').getByRole('row', { name: /Sea urchin/ })).toBeVisible();

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    panel(page).getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  const rows = JSON.parse(await readFile(await file.path(), 'utf8')) as Array<Record<string, unknown>>;
  expect(
    rows
      .filter((r) => r.kind === 'specialty')
      .map((r) => [r.name, r.supplierName, r.neededForEvents, r.estimatedCost, r.orderPlaced]),
  ).toEqual([
    ['Saffron threads', 'Spice Merchant', 2, 25, false],
    ['Sea urchin', 'Harbour Dairy', 2, 25, false],
  ]);

  await saffron.getByText('Order placed').click();
  await expect(saffron.getByRole('checkbox', { name: 'Order placed' })).toBeChecked();
  await expect(spice.getByText('1 item is already marked Order placed and left out.')).toBeVisible();
  await page.reload();
  await expect(card(page, 'Saffron threads').getByRole('checkbox', { name: 'Order placed' })).toBeChecked();
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('selectedItems') ?? '[]'))).toEqual([
    expect.objectContaining({ id: 'specialty:103:sp-1', orderPlaced: true }),
  ]);
});

test('a big business: Need to Order and the order lists show a page at a time, and Show more reveals the rest', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/Dashboard');
  // 130 items below their re-order level (none needed by an event), from 26 suppliers.
  const many = Array.from({ length: 130 }, (_, i) =>
    item(
      `bulk-${i}`,
      `Bulk item ${String(i).padStart(3, '0')}`,
      0,
      5,
      1,
      `Supplier ${String(i % 26).padStart(2, '0')}`,
    ),
  );
  const suppliers = Array.from({ length: 26 }, (_, i) => ({
    supplierID: `S${i}`,
    supplierName: `Supplier ${String(i).padStart(2, '0')}`,
    email: `s${i}@example.com`,
    phone: '(902) 555-0101',
    contractStatus: 'active',
    startDate: '2026-01-01',
    endDate: '2027-12-31',
  }));
  await page.evaluate(
    ({ items, suppliers }) => {
      window.localStorage.setItem('inventoryItems', JSON.stringify(items));
      window.localStorage.setItem('suppliers', JSON.stringify(suppliers));
      window.localStorage.setItem('events', '[]');
      window.localStorage.setItem('deletedEventIds', '[1,2,3]');
    },
    { items: many, suppliers },
  );
  await page.reload();
  const cards = panel(page).getByRole('list').first().getByRole('listitem');
  await expect(cards).toHaveCount(50);
  await expect(panel(page)).toContainText('Showing 50 of 130 lines to order.');
  await panel(page).getByRole('button', { name: 'Show 50 more' }).click();
  await expect(cards).toHaveCount(100);
  await panel(page).getByRole('button', { name: 'Show all 130' }).click();
  await expect(cards).toHaveCount(130);
  await expect(card(page, 'Bulk item 129')).toBeVisible();
  await expect(panel(page)).not.toContainText('lines to order.');
  // The suppliers' order lists: 20 of 26, then the last 6.
  const lists = panel(page).getByRole('region', { name: /^Supplier \d\d$/ });
  await expect(lists).toHaveCount(20);
  await expect(panel(page)).toContainText("Showing 20 of 26 suppliers' order lists.");
  await panel(page).getByRole('button', { name: 'Show 6 more' }).click();
  await expect(lists).toHaveCount(26);
});
