/**
 * Issue 25, cosmetic items: what the page says after a login or sign-up, what "Cost per Unit" means
 * next to each such field, and a phone's pricing table wrapping at word boundaries.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, toISODate } from '../../src/domain/eventDates';
import { signIn, signUpFresh } from './support/auth';

const hint = 'The cost of one package as you buy it (e.g. one 2 kg bag).';

test('after a successful login or sign-up the page no longer says "You are logged in as… Logging in here signs that account out"', async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByText(/You are logged in as/)).toHaveCount(0);
  // Coming back to the login page while signed in still warns.
  await page.goto('/login');
  await expect(page.getByText(/You are logged in as .*Logging in here signs that account out/)).toBeVisible();
});

test('after a successful sign-up, likewise', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpFresh(page);
  await expect(page.getByText(/You are logged in as/)).toHaveCount(0);
  await context.close();
});

const event = {
  id: 1,
  EventName: 'Dock Supper',
  CustomerFirstName: 'Marin',
  CustomerLastName: 'Keel',
  CustomerPhoneNumber: 5550100,
  CustomerEmail: 'marin@example.com',
  EventType: 'Meeting',
  NumberOfGuests: 10,
  EventDate: addDays(toISODate(new Date()), 5),
  StartTime: '10:00',
  EndTime: '12:00',
  VenueName: 'Dock Hall',
  VenueStreetAddress: '1 Pier Road',
  VenueCity: 'Halifax',
  ingredients: [],
};

async function openToolkit(page: Page, tools: string[]): Promise<Locator> {
  await signIn(page);
  await page.evaluate((e) => localStorage.setItem('events', JSON.stringify([e])), event);
  await page.goto('/ManageEvents');
  await page.getByRole('button', { name: 'Tool Kit for Dock Supper' }).click();
  const kit = page.getByRole('dialog', { name: /Tool Kit: Dock Supper/ });
  for (const tool of tools) await kit.getByRole('button', { name: tool, exact: true }).click();
  return kit;
}

test('"Cost per Unit" says it is the cost of one package: inventory add form, Edit Item, Tool Kit', async ({
  page,
}) => {
  await signIn(page);
  await page.evaluate(() =>
    localStorage.setItem(
      'inventoryItems',
      JSON.stringify([
        {
          id: '1',
          sku: 'SKU-1',
          name: 'Flour',
          category: 'Dry Goods',
          amountPerUnit: 2,
          unit: 'kg',
          packageType: 'bag',
          quantity: 5,
          costPerUnit: 4,
          whenToOrder: 1,
          supplierName: '',
        },
      ]),
    ),
  );
  await page.goto('/Inventory');
  await expect(page.getByLabel('Cost per Unit', { exact: true }).first()).toHaveAccessibleDescription(hint);
  await page
    .getByRole('button', { name: /^Edit item / })
    .first()
    .click();
  await expect(page.getByRole('dialog').getByLabel('Cost per Unit', { exact: true })).toHaveAccessibleDescription(hint);
  await page.keyboard.press('Escape');
  await page.evaluate((e) => localStorage.setItem('events', JSON.stringify([e])), event);
  await page.goto('/ManageEvents');
  await page.getByRole('button', { name: 'Tool Kit for Dock Supper' }).click();
  const kit = page.getByRole('dialog', { name: /Tool Kit: Dock Supper/ });
  await kit.getByRole('button', { name: 'Ingredients', exact: true }).click();
  await expect(
    kit.getByRole('region', { name: 'Add Specialty Ingredients.' }).getByLabel('Cost per Unit'),
  ).toHaveAccessibleDescription(hint);
});

/** The distinct line tops each word of `cell` is laid out on (one per word when no word is split). */
function wordLines(cell: Locator) {
  return cell.evaluate((td) => {
    const text = td.firstChild as Text;
    const words: Array<{ word: string; lines: number }> = [];
    const re = /\S+/g;
    for (let m = re.exec(text.data); m; m = re.exec(text.data)) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      words.push({ word: m[0], lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size });
    }
    return words;
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test('the pricing table wraps at word boundaries: no "Bartende/r" or "Inventor/y Items"', async ({ page }) => {
    const kit = await openToolkit(page, ['Pricing']);
    await kit.getByLabel('Item Name').fill('Bartender');
    await kit.getByLabel('Price', { exact: true }).fill('180');
    await kit.getByRole('button', { name: 'Add Price', exact: true }).click();
    const table = kit.getByRole('table', { name: 'Price list' });
    for (const name of ['Bartender', 'Total Inventory Items', 'Total Specialty Ingredients']) {
      const cell = table.getByRole('cell', { name, exact: true });
      await expect(cell).toBeVisible();
      for (const { word, lines } of await wordLines(cell)) expect(lines, `${word} on one line`).toBe(1);
    }
    // ...and the table, buttons included, fits the phone's width.
    expect(
      await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
    ).toBeLessThanOrEqual(0);
  });
});
