import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { pdfPageTexts } from './support/pdfText';

/** Pages of a PDF: its page objects (`/Type /Page`, not the `/Type /Pages` tree nodes). */
function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

/** Text compared as printed: ligatures undone, spaces and line breaks dropped. */
const squeeze = (text: string) => text.normalize('NFKC').replace(/\s+/g, '').toLowerCase();

async function loadMockData(page: Page) {
  await signIn(page);
  await page.goto('/Dashboard');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Use Mock Data' }).click();
  await expect(page.getByText('Mock data is loaded. Refresh the page to view it.')).toBeVisible();
}

const sheetTitle = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('a mock event’s sheet, opened from its card: customer, menu, the allergy note marked; prints on one A4 and one Letter page', async ({
  page,
}) => {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
  await loadMockData(page);
  await page.goto('/ManageEvents');
  const card = page.getByRole('article', { name: 'Patel Engagement Brunch' });
  await card.getByRole('link', { name: 'Event Sheet for Patel Engagement Brunch' }).click();
  await expect(page).toHaveURL(/\/events\/6\/sheet$/);
  await expect(sheetTitle(page, 'Patel Engagement Brunch')).toBeVisible();
  await expect(page).toHaveTitle('Event Sheet: Patel Engagement Brunch · Cater Captain');

  const customer = page.getByRole('region', { name: 'Customer' });
  await expect(customer).toContainText('Priya Patel');
  await expect(customer).toContainText('6045550306');
  await expect(customer).toContainText('priya.patel@example.com');
  await expect(page.getByRole('region', { name: 'Venue' })).toContainText('Rose Garden Pavilion');
  await expect(page.getByRole('region', { name: 'Menu' }).getByRole('listitem')).toHaveText([
    'Masala omelette station',
    'Smoked salmon blinis',
    'Apple and cardamom tarte fine',
    'Mango lassi',
  ]);
  const notes = page.getByRole('region', { name: 'Notes' }).getByRole('listitem');
  await expect(notes).toHaveCount(2);
  const allergy = notes.filter({ hasText: 'peanut allergy' });
  await expect(allergy.getByText('Allergy', { exact: true })).toBeVisible();
  await expect(
    notes.filter({ hasText: 'Confirm final guest count' }).getByText('Allergy', { exact: true }),
  ).toHaveCount(0);
  await expect(page.getByRole('note').filter({ hasText: 'Allergy: read the marked notes' })).toBeVisible();

  const pull = page.getByRole('region', { name: 'Pull List' });
  const salmon = pull.getByRole('row').filter({ hasText: 'Atlantic Salmon Fillet' });
  await expect(salmon).toContainText('6 bag');
  await expect(salmon).toContainText('0.15 bag per guest');
  await expect(salmon).toContainText('Salt Spray Seafood');
  await expect(pull.getByRole('row').filter({ hasText: 'Edible Flowers' })).toContainText('To order');
  const pricing = page.getByRole('region', { name: 'Pricing Summary' });
  // 1,400 + 180 + 260 + inventory 275.50 + specialty 34.75 = 2,150.25; -5 % = 2,042.74; +5 % = 2,144.87.
  await expect(pricing.getByRole('row').filter({ hasText: 'Total before discount and tax' })).toContainText(
    '$2,150.25 CAD',
  );
  await expect(pricing.getByRole('row').filter({ hasText: 'Total after tax (5 %)' })).toContainText('$2,144.87 CAD');

  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  await expect(allergy).toBeVisible();
  await expect(allergy).toContainText('Two guests have a severe peanut allergy: no nuts anywhere on the buffet.');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  // Black on white in print, whatever the colour mode: the allergy note keeps its heavy rule.
  expect(await allergy.evaluate((el) => parseFloat(getComputedStyle(el).borderLeftWidth))).toBeGreaterThanOrEqual(6);
  expect(await allergy.evaluate((el) => Number(getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(700);

  for (const format of ['A4', 'Letter'] as const) {
    const pdf = await page.pdf({ format });
    expect(pdfPages(pdf), format).toBe(1);
    const [text] = pdfPageTexts(pdf).map(squeeze);
    expect(text).toContain(squeeze('Allergy Two guests have a severe peanut allergy: no nuts anywhere on the buffet.'));
    expect(text).toContain(squeeze('Customer Name Priya Patel'));
    expect(text).toContain(squeeze('Total after tax (5 %) $2,144.87 CAD'));
    expect(text).not.toContain(squeeze('Get Coding - Module 2 PROJECT'));
  }
});

test('every mock event’s sheet fits one A4 and one Letter page, in light and dark mode', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('colorMode', JSON.stringify('dark')));
  await loadMockData(page);
  for (let id = 4; id <= 13; id++) {
    await page.goto(`/events/${id}/sheet`);
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    for (const format of ['A4', 'Letter'] as const)
      expect(pdfPages(await page.pdf({ format })), `event ${id} on ${format}`).toBe(1);
  }
  await page.emulateMedia({ media: 'print' });
  // Dark mode on screen, but the printed text is dark on white.
  const color = await page.getByRole('heading', { level: 1 }).evaluate((el) => getComputedStyle(el).color);
  const [r, g, b] = color.match(/\d+/g)!.map(Number);
  expect(r! + g! + b!).toBeLessThan(150);
});

test('a long event flows onto more pages, the pull list header repeated on each and no row split', async ({ page }) => {
  await loadMockData(page);
  await page.evaluate(() => {
    const items = JSON.parse(window.localStorage.getItem('inventoryItems')!) as Array<Record<string, unknown>>;
    const lines = Array.from({ length: 90 }, (_, i) => {
      const item = items[i % items.length]!;
      return {
        lineId: `long-${i}`,
        id: item.id,
        name: `${String(item.name)} batch ${i + 1}`,
        category: item.category,
        supplierName: item.supplierName,
        costPerUnit: item.costPerUnit,
        amountPerUnit: item.amountPerUnit,
        unit: item.unit,
        packageType: item.packageType,
        quantity: i + 1,
      };
    });
    window.localStorage.setItem('ingredientList-13', JSON.stringify(lines));
  });
  await page.goto('/events/13/sheet');
  await expect(sheetTitle(page, 'Costa–Lee Wedding')).toBeVisible();
  const pull = page.getByRole('region', { name: 'Pull List' });
  await expect(pull.getByRole('row')).toHaveCount(1 + 90 + 1 + 1);
  const header = squeeze('Item Quantity Supplier Storage In stock');
  for (const format of ['A4', 'Letter'] as const) {
    const pdf = await page.pdf({ format });
    const pages = pdfPageTexts(pdf).map(squeeze);
    expect(pages.length, format).toBe(pdfPages(pdf));
    expect(pages.length, format).toBeGreaterThan(1);
    // Every page the pull list runs onto starts it with its header again.
    const withRows = pages.filter((text) => /batch\d/.test(text));
    expect(withRows.length, format).toBeGreaterThan(1);
    for (const text of withRows) expect(text.indexOf(header), format).toBeGreaterThanOrEqual(0);
    for (const text of withRows) expect(text.indexOf(header), format).toBeLessThan(text.search(/batch\d/));
    // No row is split: each row's name and quantity are printed on one page, once.
    for (let i = 1; i <= 90; i++) {
      const row = new RegExp(`batch${i}${i}(box|each|bag|carton|bottle|container|can)·`);
      expect(pages.filter((text) => row.test(text)).length, `row ${i} on ${format}`).toBe(1);
    }
  }
});

test('the Tool Kit links to the sheet; an unknown event id shows the not-found page with a way back', async ({
  page,
}) => {
  await loadMockData(page);
  await page.goto('/ManageEvents');
  await page.getByRole('button', { name: "Tool Kit for Oliver's 40th Birthday" }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Event Sheet' }).click();
  await expect(sheetTitle(page, "Oliver's 40th Birthday")).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // 19:00 to 01:00 ends the next day.
  await expect(page.getByRole('region', { name: 'Event', exact: true })).toContainText(/End01:00, next day \(\w+day, /);
  await expect(
    page
      .getByRole('region', { name: 'Notes' })
      .getByRole('listitem')
      .filter({ hasText: 'coeliac' })
      .getByText('Allergy', { exact: true }),
  ).toBeVisible();

  for (const path of ['/events/999/sheet', '/events/abc/sheet']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Homepage' })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('signed out, a sheet address asks for the login first', async ({ page }) => {
  await page.goto('/events/6/sheet');
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test('the sheet has no horizontal scroll at phone width', async ({ page }) => {
    await loadMockData(page);
    for (const id of [6, 13]) {
      await page.goto(`/events/${id}/sheet`);
      await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        `event ${id}`,
      ).toBeLessThanOrEqual(0);
    }
  });
});
