import { expect, test, type Page } from '@playwright/test';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { join } from 'node:path';
import { demo, signIn } from './support/auth';
import { recordStart, scriptsBeforeStart } from '../../scripts/bench/appStart';

const dist = join(process.cwd(), 'dist');
const machineIndex = JSON.parse(readFileSync(join(process.cwd(), 'docs/statecharts/index.json'), 'utf8')) as Array<{
  id: string;
  title: string;
}>;

async function openExplorer(page: Page) {
  await page.getByRole('contentinfo').getByRole('button', { name: 'Statecharts' }).click();
  const panel = page.getByRole('dialog', { name: 'Statecharts' });
  await expect(panel).toBeVisible();
  return panel;
}

test('the explorer shows the inventory board live: Add Item highlighted in its diagram and logged with from → to and its side effects', async ({
  page,
}) => {
  await signIn(page);
  await page.evaluate(() => {
    localStorage.setItem(
      'suppliers',
      JSON.stringify([
        {
          supplierID: 'S1',
          supplierName: 'Harbour Dairy',
          email: 'h@d.ca',
          phone: '555',
          contractStatus: 'active',
          startDate: '2025-01-01',
          endDate: '2026-01-01',
        },
      ]),
    );
    localStorage.setItem('inventoryItems', '[]');
  });
  await page.goto('/Inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  const values = {
    SKU: 'CR-1',
    'Item Name': 'Cream',
    'Amount per Unit': '1.5',
    'Cost per Unit': '3.5',
    'On-hand Quantity': '10',
    'Re-order Qty': '2',
  };
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect(
    page.getByRole('list', { name: 'Inventory items' }).getByRole('heading', { name: 'Cream' }),
  ).toBeVisible();

  const panel = await openExplorer(page);
  await expect(panel.getByRole('heading', { name: 'Running actors' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'inventoryBoard', pressed: true })).toBeVisible();
  await expect(panel.getByText('Current state of inventoryBoard')).toContainText('modal.closed');
  const diagram = panel.getByRole('img', { name: /^Inventory board statechart, current state: .*modal\.closed/ });
  await expect(diagram).toBeVisible();
  // The active leaf is drawn with the highlight; an inactive one is not.
  const strokeOf = (state: string) =>
    diagram
      .locator(`[data-state="${state}"] > rect.label-container`)
      .first()
      .evaluate((el) => getComputedStyle(el).strokeWidth);
  await expect.poll(() => strokeOf('modal.closed')).toBe('4px');
  expect(await strokeOf('modal.open')).not.toBe('4px');

  const log = panel.getByRole('table');
  await expect(log.getByRole('columnheader')).toHaveText(['Time', 'Actor', 'Event', 'From → To', 'Side effects']);
  const addRow = log.getByRole('row').filter({ hasText: 'item.add' }).first();
  await expect(addRow).toContainText('inventoryBoard');
  await expect(addRow.getByRole('cell').nth(3)).toHaveText(
    /modal\.closed\s*drag\.idle\s*→\s*modal\.closed\s*drag\.idle/,
  );
  await expect(addRow.getByRole('cell').nth(4)).toContainText('actions: addItem, persistItems, resetForm');

  // Live: opening the edit modal while the panel is closed moves the highlight when it is opened again.
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Statecharts' })).toBeFocused();
  await page
    .getByRole('list', { name: 'Inventory items' })
    .getByRole('listitem', { name: 'Cream' })
    .getByRole('button', { name: 'Edit item Cream' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Edit Item' })).toBeVisible();
  // The dialog takes the focus when it opens; Escape goes to what has the focus.
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Edit Item' })).toBeHidden();
  const again = await openExplorer(page);
  const editRow = again.getByRole('table').getByRole('row').filter({ hasText: 'edit.open' }).first();
  await expect(editRow.getByRole('cell').nth(3)).toHaveText(
    /modal\.closed\s*drag\.idle\s*→\s*modal\.open\s*drag\.idle/,
  );
});

test('the sign-in form events never show the password in the explorer', async ({ page }) => {
  await signIn(page);
  const panel = await openExplorer(page);
  const row = panel.getByRole('table').getByRole('row').filter({ hasText: 'auth.signIn' }).first();
  await expect(row).toContainText(`"email":"${demo.email}","password":"[redacted]"`);
  await panel.getByRole('button', { name: 'auth', exact: true }).click();
  await panel.getByText('Context (passwords and tokens hidden)').click();
  await expect(panel.getByText('Current state of auth')).toContainText('signedIn');
  expect(await panel.textContent()).not.toContain(demo.password);
  expect(await panel.textContent()).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
});

test('/statecharts lists every machine with its diagram for a visitor who is not signed in', async ({ page }) => {
  await page.goto('/statecharts');
  await expect(page.getByRole('heading', { level: 1, name: 'Statecharts' })).toBeVisible();
  expect(machineIndex.length).toBeGreaterThan(10);
  for (const m of machineIndex) {
    await expect(page.getByRole('heading', { level: 2, name: m.title, exact: true })).toBeVisible();
    await expect(
      page.getByRole('img', { name: `${m.title} statechart`, exact: true }).locator(`svg[data-machine="${m.id}"]`),
    ).toBeAttached();
  }
  const scrollWidth = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(scrollWidth).toBeLessThanOrEqual(0);
});

test('the landing page loads no explorer code and stays within its 90 KiB of JavaScript until the explorer is opened', async ({
  page,
}) => {
  // Interactive: the app has started (React has hydrated the page, which enables its play button). Every
  // script requested before that moment counts, the chunks preloaded after the first paint included.
  await page.addInitScript(recordStart);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto('/', { waitUntil: 'commit' });
  const beforeInteractive = (await page.evaluate(scriptsBeforeStart)).map((url) => new URL(url).pathname);
  await page.waitForLoadState('networkidle');
  expect(beforeInteractive.some((path) => /\/assets\/boot-/.test(path))).toBe(true);
  // Brotli bytes as served: the build's precompressed file, or (for the small ones it leaves) compressed here like the server does.
  const brotli = beforeInteractive.map((path) => {
    const file = join(dist, `${path}.br`);
    return existsSync(file) ? statSync(file).size : brotliCompressSync(readFileSync(join(dist, path))).length;
  });
  const kib = brotli.reduce((a, b) => a + b, 0) / 1024;
  test.info().annotations.push({ type: 'landing JS before interactive (brotli KiB)', description: kib.toFixed(2) });
  expect(kib).toBeGreaterThan(20);
  expect(kib).toBeLessThanOrEqual(90);
  expect(scripts.some((s) => /Explorer|StatechartsPage|Diagram/.test(s))).toBe(false);
  const panel = await openExplorer(page);
  await expect(panel.getByRole('button', { name: 'colorMode' })).toBeVisible();
  expect(scripts.some((s) => /Explorer/.test(s))).toBe(true);
});
