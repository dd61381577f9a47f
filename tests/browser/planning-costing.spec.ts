import { expect, test, type Page } from '@playwright/test';
import { addDays, toISODate } from '../../src/domain/eventDates';
import { signIn } from './support/auth';

/** Issue 11, parts 3 and 4: guest scaling, cost, price and margin, and the Tool Kit's sane values. */
const today = toISODate(new Date());

// The hand-worked event (tests/unit/costing.test.ts): 40 guests; Flour 6 boxes (0.15 per guest) x $25
// + Saffron 2 (fixed) x $12.50 = $175 food cost; $1,000 catering + $150 + $25 = $1,175, less 10 % =
// $1,057.50 price; margin $882.50 = 83.5 %; $4.38 cost and $26.44 price per guest.
const gala = {
  id: 201,
  EventName: 'Harbour Gala',
  CustomerFirstName: 'Ada',
  CustomerLastName: 'Quay',
  CustomerPhoneNumber: 5550101,
  CustomerEmail: 'ada@example.com',
  EventType: 'Fundraiser',
  NumberOfGuests: 40,
  EventDate: addDays(today, 3),
  StartTime: '18:00',
  EndTime: '22:00',
  VenueName: 'Dock Hall',
  VenueStreetAddress: '1 Pier Road',
  VenueCity: 'Halifax',
  ingredients: [
    {
      id: 'sp-saffron',
      name: 'Saffron',
      units: 'grams',
      unitQuantity: 1,
      quantityNeeded: 2,
      onHand: false,
      needToOrder: true,
      costPerUnit: 12.5,
      packageType: 'each',
      supplierName: '',
    },
  ],
  menuItems: [],
  notes: [],
  pricing: [{ id: 'p-catering', name: 'Catering', price: 1000, currency: 'CAD' }],
};
const flourLine = {
  lineId: 'L-flour',
  id: 'flour',
  name: 'Flour',
  category: 'Dry Storage',
  supplierName: 'Mill Co',
  costPerUnit: 25,
  amountPerUnit: 10,
  unit: 'kg',
  packageType: 'box',
  quantity: 6,
  per: 'guest',
  perGuest: 0.15,
};
const item = (id: string, name: string, category: string) => ({
  id,
  name,
  sku: id,
  category,
  amountPerUnit: 10,
  unit: 'kg',
  packageType: 'box',
  quantity: 20,
  costPerUnit: 25,
  whenToOrder: 2,
  supplierName: 'Mill Co',
});

async function open(page: Page) {
  await page.addInitScript(
    ({ event, line, items }) => {
      if (window.sessionStorage.getItem('seeded')) return;
      window.sessionStorage.setItem('seeded', '1');
      window.localStorage.setItem('events', JSON.stringify([event]));
      window.localStorage.setItem('ingredientList-201', JSON.stringify([line]));
      window.localStorage.setItem('201-discountPercentage', '10');
      window.localStorage.setItem('201-taxPercentage', '13');
      window.localStorage.setItem('inventoryItems', JSON.stringify(items));
    },
    {
      event: gala,
      line: flourLine,
      items: [item('flour', 'Flour', 'Dry Storage'), item('mystery', 'Mystery Spice', '')],
    },
  );
  await signIn(page);
  await page.goto('/ManageEvents');
  await expect(page.getByRole('heading', { level: 1, name: 'Event Management' })).toBeVisible();
}

const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(window.localStorage.getItem(k) ?? 'null') as unknown, key);

async function openTool(page: Page, tool: string) {
  await page.getByRole('button', { name: 'Tool Kit for Harbour Gala' }).click();
  const kit = page.getByRole('dialog');
  await kit.getByRole('button', { name: tool, exact: true }).click();
  return kit;
}

const expectFigures = async (region: ReturnType<Page['getByRole']>) => {
  await expect(region).toContainText(/Food cost\s*\$175\.00 CAD/);
  await expect(region).toContainText(/Price \(after discount, before tax\)\s*\$1,057\.50 CAD/);
  await expect(region).toContainText(/Margin\s*\$882\.50 CAD/);
  await expect(region).toContainText(/Margin %\s*83\.5 %/);
  await expect(region).toContainText(/Cost per guest\s*\$4\.38 CAD/);
  await expect(region).toContainText(/Price per guest\s*\$26\.44 CAD/);
};

test('the margin of a hand-worked event, in the Pricing tool and on the event’s details', async ({ page }) => {
  await open(page);
  const kit = await openTool(page, 'Pricing');
  await expectFigures(kit.getByRole('region', { name: 'Cost, price and margin' }));
  await kit.getByRole('button', { name: 'Close Tool Kit' }).click();
  await page.getByRole('article', { name: 'Harbour Gala' }).getByRole('button', { name: 'More Details' }).click();
  await expectFigures(
    page.getByRole('article', { name: 'Harbour Gala' }).getByRole('region', { name: 'Cost, price and margin' }),
  );
});

test('a discount of 150 % is refused with the message and not stored', async ({ page }) => {
  await open(page);
  const kit = await openTool(page, 'Pricing');
  await kit.getByLabel('Discount (%)').fill('150');
  await expect(kit.getByText('Discount is too large: enter a number from 0 to 100.')).toBeVisible();
  await expect(kit.getByLabel('Discount (%)')).toHaveAttribute('aria-invalid', 'true');
  expect(await stored(page, '201-discountPercentage')).toBe(10);
  await expect(kit.getByRole('region', { name: 'Cost, price and margin' })).toContainText(/Margin\s*\$882\.50 CAD/);
  await kit.getByLabel('Discount (%)').fill('20');
  await expect(kit.getByText('Discount is too large: enter a number from 0 to 100.')).toHaveCount(0);
  await expect.poll(() => stored(page, '201-discountPercentage')).toBe(20);
});

test('an inventory item with no category appears under "Uncategorised"', async ({ page }) => {
  await open(page);
  const kit = await openTool(page, 'Ingredients');
  await kit.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Uncategorised' }).click();
  await kit.getByRole('combobox', { name: 'Inventory Item' }).click();
  await expect(page.getByRole('option', { name: /Mystery Spice/ })).toBeVisible();
});

test('changing guests shows old → new for per-guest lines; Cancel changes nothing, Save rescales them and leaves fixed lines', async ({
  page,
}) => {
  await open(page);
  await page.getByRole('button', { name: 'Edit Event Harbour Gala' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Number of Guests *').fill('60');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  const review = form.getByRole('list', { name: 'Rescaled quantities' });
  await expect(review.getByRole('listitem')).toHaveCount(1);
  await expect(review).toContainText('Flour: 6 → 9 box');
  await form.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(form.getByLabel('Number of Guests *')).toHaveValue('60');
  expect(await stored(page, 'ingredientList-201')).toMatchObject([{ quantity: 6 }]);
  expect(await stored(page, 'events')).toMatchObject([{ NumberOfGuests: 40 }]);

  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(review).toContainText('Flour: 6 → 9 box');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form).toBeHidden();
  expect(await stored(page, 'ingredientList-201')).toMatchObject([
    { lineId: 'L-flour', quantity: 9, per: 'guest', perGuest: 0.15 },
  ]);
  const events = (await stored(page, 'events')) as Array<{
    NumberOfGuests: number;
    ingredients: Array<{ quantityNeeded: number }>;
  }>;
  expect(events[0]).toMatchObject({ NumberOfGuests: 60 });
  expect(events[0]!.ingredients[0]!.quantityNeeded).toBe(2);
});
