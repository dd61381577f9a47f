import { expect, test, type Page } from '@playwright/test';
import { signUpFresh } from './support/auth';

/**
 * Issue 22, part 1: Business Settings. Every field, Save, a draft kept on reload, the logo capped, and
 * the business name on the supplier order lists' e-mail instead of "Cater Captain".
 */

const form = (page: Page) => page.getByRole('form', { name: 'Business Settings' });
// A 1x1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('Business Settings: in the menu, every field, Save refuses a missing name, a draft survives a reload, Save keeps it', async ({
  page,
}) => {
  await signUpFresh(page);
  await page.goto('/Dashboard');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/Settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Business Settings' })).toBeVisible();
  const f = form(page);
  for (const label of [
    'Business name',
    'Address',
    'Phone',
    'E-mail',
    'Tax registration number',
    'Tax name',
    'Logo',
    'Deposit (%)',
    'Balance due (days before the event)',
    'Payment terms',
  ])
    await expect(f.getByLabel(label, { exact: true })).toBeVisible();
  await expect(f.getByLabel('Deposit (%)')).toHaveValue('50');
  await expect(f.getByLabel('Balance due (days before the event)')).toHaveValue('7');

  await f.getByRole('button', { name: 'Save' }).click();
  await expect(f.getByText('Business name is required.')).toBeVisible();

  await f.getByLabel('Business name').fill('Harbour Catering');
  await f.getByLabel('Tax name').fill('HST');
  await f.getByLabel('Deposit (%)').fill('150');
  await f.getByLabel('Payment terms').fill('Balance due 7 days before the event.');

  // Reload: the draft comes back, with "Draft restored."
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Draft restored.' })).toBeVisible();
  await expect(f.getByLabel('Business name')).toHaveValue('Harbour Catering');
  await expect(f.getByLabel('Payment terms')).toHaveValue('Balance due 7 days before the event.');

  // A deposit over 100% is refused, next to the field, and nothing typed is lost.
  await f.getByRole('button', { name: 'Save' }).click();
  await expect(f.getByText('Deposit (%) is too large: enter a number from 0 to 100.')).toBeVisible();
  await expect(f.getByLabel('Tax name')).toHaveValue('HST');
  await f.getByLabel('Deposit (%)').fill('25');
  await f.getByRole('button', { name: 'Save' }).click();
  await expect(f.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(page.getByText('Draft restored.')).toHaveCount(0);

  await page.reload();
  await expect(f.getByLabel('Business name')).toHaveValue('Harbour Catering');
  await expect(f.getByLabel('Deposit (%)')).toHaveValue('25');
  await expect(page.getByText('Draft restored.')).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('businessProfile') ?? 'null'));
  expect(stored).toMatchObject({
    businessName: 'Harbour Catering',
    taxName: 'HST',
    depositPercent: 25,
    balanceDays: 7,
  });
});

test('the logo: a file over 100 KB or not an image is refused with a message; a small image is shown and saved', async ({
  page,
}) => {
  await signUpFresh(page);
  await page.goto('/Settings');
  const f = form(page);
  await f.getByLabel('Business name').fill('Harbour Catering');
  const logo = f.getByLabel('Logo', { exact: true });
  await logo.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(100 * 1024 + 1) });
  await expect(f.getByText('The logo is too large: choose an image of 100 KB or less.')).toBeVisible();
  await logo.setInputFiles({ name: 'terms.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
  await expect(f.getByText('The logo must be an image file (PNG, JPEG, GIF, WebP or SVG).')).toBeVisible();
  await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(f.getByRole('img', { name: 'Your logo' })).toBeVisible();
  await expect(f.getByText(/The logo/)).toHaveCount(0);
  await f.getByRole('button', { name: 'Save' }).click();
  await expect(f.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.reload();
  await expect(f.getByRole('img', { name: 'Your logo' })).toBeVisible();
  await f.getByRole('button', { name: 'Remove logo' }).click();
  await expect(f.getByRole('img', { name: 'Your logo' })).toHaveCount(0);
});

test("a supplier order list's e-mail says Order from the business name once it is saved", async ({ page }) => {
  await signUpFresh(page);
  await page.goto('/Dashboard');
  await page.evaluate(() => {
    window.localStorage.setItem(
      'inventoryItems',
      JSON.stringify([
        {
          id: 'cream',
          name: 'Heavy Cream',
          sku: 'SKU-cream',
          category: 'Dairy',
          amountPerUnit: 1,
          unit: 'L',
          packageType: 'carton',
          quantity: 1,
          costPerUnit: 4.5,
          whenToOrder: 2,
          supplierName: 'Harbour Dairy',
        },
      ]),
    );
    window.localStorage.setItem(
      'suppliers',
      JSON.stringify([
        {
          supplierID: 'S1',
          supplierName: 'Harbour Dairy',
          email: 'orders@harbour.example',
          phone: '(902) 555-0101',
          contractStatus: 'active',
          startDate: '2026-01-01',
          endDate: '2030-01-01',
        },
      ]),
    );
  });
  await page.reload();
  const list = page
    .getByRole('region', { name: 'Need to Order', exact: true })
    .getByRole('region', { name: 'Harbour Dairy', exact: true });
  const mail = list.getByRole('link', { name: 'E-mail order' });
  await expect(mail).toHaveAttribute('href', /subject=Order%20from%20Cater%20Captain%20/);

  await page.goto('/Settings');
  await form(page).getByLabel('Business name').fill('Lunenburg Galley Co.');
  await form(page).getByLabel('Phone').fill('902-555-0199');
  await form(page).getByRole('button', { name: 'Save' }).click();
  await expect(form(page).getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.goto('/Dashboard');
  await expect(mail).toHaveAttribute('href', /subject=Order%20from%20Lunenburg%20Galley%20Co\.%20/);
  await expect(list).toContainText('From: Lunenburg Galley Co.');
  const body = decodeURIComponent((await mail.getAttribute('href'))!.split('&body=')[1]!);
  expect(body).toContain('From: Lunenburg Galley Co. (902-555-0199)');
});

test('the Logo field’s Choose File button is drawn as a button, apart from “No file chosen”, in both colour modes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpFresh(page);
  for (const mode of ['light', 'dark']) {
    await page.evaluate((m) => localStorage.setItem('colorMode', JSON.stringify(m)), mode);
    await page.goto('/Settings');
    const logo = form(page).getByLabel('Logo');
    await expect(logo).toBeVisible();
    const button = await logo.evaluate((el) => {
      const s = getComputedStyle(el, '::file-selector-button');
      return { border: s.borderTopWidth, style: s.borderTopStyle, gap: s.marginRight, color: s.color };
    });
    expect(button.border, mode).toBe('2px');
    expect(button.style, mode).toBe('solid');
    expect(parseFloat(button.gap), mode).toBeGreaterThan(0);
    // Its words in the buttons' colour, not the page's text colour that the reset lets it inherit.
    const text = await page.evaluate(() => getComputedStyle(document.body).color);
    expect(button.color, mode).not.toBe(text);
  }
});
