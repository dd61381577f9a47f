import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type Request } from '@playwright/test';
import { signIn } from './support/auth';

// These tests make the app's code fail to load (a route that aborts it): that is a browser without the offline
// app's worker, which would answer from its kept files (public/sw.js, tested in offline-app.spec.ts).
test.use({ serviceWorkers: 'block' });

const item = (id: string, name: string, quantity: unknown) => ({
  id,
  sku: `SKU-${id}`,
  name,
  category: 'Dairy',
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'box',
  quantity,
  costPerUnit: 2,
  whenToOrder: 1,
  supplierName: 'Harbour Dairy',
});
const event = (id: number, name: string, date: unknown) => ({
  id,
  EventName: name,
  CustomerFirstName: 'Ann',
  CustomerLastName: 'Lee',
  CustomerPhoneNumber: '555',
  CustomerEmail: 'ann@lee.ca',
  EventType: 'Wedding',
  NumberOfGuests: 80,
  EventDate: date,
  StartTime: '18:00',
  EndTime: '22:00',
  VenueName: 'Hall',
  VenueStreetAddress: '1 Main',
  VenueCity: 'Halifax',
  ingredients: [],
});
const badButter = item('2', 'Butter', 'lots');
const badGala = event(8, 'Winter Gala', { day: 1 });

const plant = (page: Page, key: string, value: unknown) =>
  page.evaluate(([k, v]) => localStorage.setItem(k, v), [key, JSON.stringify(value)] as const);
const cards = (page: Page) => page.getByRole('list', { name: 'Set-aside values' }).getByRole('listitem');
const nothingSetAside = 'Nothing has been set aside. All your saved data could be read.';

test('an unreadable record is reviewed from the warning, fixed with a live check and put back', async ({ page }) => {
  await signIn(page);
  await plant(page, 'inventoryItems', [item('1', 'Apples', 3), badButter, item('3', 'Cheese', 5)]);
  await page.goto('/Inventory');
  const inventory = page.getByRole('list', { name: 'Inventory items' });
  await expect(inventory.getByRole('heading', { level: 3 })).toHaveText(['Apples', 'Cheese']);
  await expect(page.getByText('Some saved data could not be read: an inventory item')).toBeVisible();

  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page).toHaveURL(/\/RecoveredData$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Recovered data' })).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  const card = cards(page).first();
  await expect(card.getByRole('heading', { name: 'An inventory item: Butter' })).toBeVisible();
  await expect(card.getByText(/^record 2, quantity: /)).toBeVisible();

  await card.getByRole('button', { name: 'View' }).click();
  await expect(card.locator('pre')).toHaveText(JSON.stringify(badButter));
  await card.getByRole('button', { name: 'Hide' }).click();
  await expect(card.locator('pre')).toHaveCount(0);

  await card.getByRole('button', { name: 'Edit' }).click();
  const text = card.getByLabel('Text of this value');
  await expect(text).toHaveValue(JSON.stringify(badButter));
  const check = card.getByRole('status');
  await expect(check).toHaveText(/^quantity: /);
  await expect(card.getByRole('button', { name: 'Put back' })).toBeDisabled();
  await text.fill(JSON.stringify(badButter).replace('"lots"', '4'));
  await expect(check).toHaveText('This can be put back.');
  await card.getByRole('button', { name: 'Put back' }).click();
  await expect(page.getByText('An inventory item was put back')).toBeVisible();
  await expect(page.getByText(nothingSetAside)).toBeVisible();

  await page.goto('/Inventory');
  await expect(inventory.getByRole('heading', { level: 3 })).toHaveText(['Apples', 'Cheese', 'Butter']);
  await expect(inventory.getByRole('listitem', { name: 'Butter' }).getByText('On-hand Quantity: 4')).toBeVisible();
  await page.goto('/RecoveredData');
  await expect(page.getByText(nothingSetAside)).toBeVisible();
});

const unreadableWarning = 'Some saved data could not be read: an inventory item';

/**
 * Offline at load, one of the files the set-aside warning needs (`glob`) cannot be fetched (`failedLoad` picks the
 * request awaited): no warning and no page error; back online, the warning comes.
 */
async function warnedOnceOnline(page: Page, glob: string, failedLoad: (r: Request) => boolean): Promise<string[]> {
  await signIn(page);
  await plant(page, 'inventoryItems', [item('1', 'Apples', 3), badButter]);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(glob, (route) => route.abort('internetdisconnected'));
  const failed = page.waitForEvent('requestfailed', failedLoad);
  await page.goto('/Inventory');
  await failed;
  const inventory = page.getByRole('list', { name: 'Inventory items' });
  await expect(inventory.getByRole('heading', { level: 3 })).toHaveText(['Apples']);
  await expect(page.getByText(unreadableWarning)).toHaveCount(0);

  await page.unroute(glob);
  await page.evaluate(() => dispatchEvent(new Event('online')));
  await expect(page.getByText(unreadableWarning)).toBeVisible();
  return errors;
}

test('offline at load, the set-aside warning comes once the browser is back online, with no page error', async ({
  page,
}) => {
  // The warning's code is loaded when the page is idle: offline, that request fails.
  const errors = await warnedOnceOnline(page, '**/assets/announceSetAside-*.js', (r) =>
    /announceSetAside-/.test(r.url()),
  );
  expect(errors).toEqual([]);
});

test('offline at load, before the toaster is cached, the set-aside warning still comes once the browser is back online, with no page error', async ({
  page,
}) => {
  // The warning's own code loads; the toaster's (its store, which the toaster component imports too) cannot. The
  // request awaited is the import of the store for the notice (a script; the idle prefetch of the same file is not one).
  const errors = await warnedOnceOnline(
    page,
    '**/assets/toasterStore-*.js',
    (r) => /toasterStore-/.test(r.url()) && r.resourceType() === 'script',
  );
  await expect(page.getByText(unreadableWarning)).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('online, a failed load of the warning’s or the toaster’s code is tried again after a pause, with no page error', async ({
  page,
}) => {
  await signIn(page);
  await plant(page, 'inventoryItems', [item('1', 'Apples', 3), badButter]);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The first script request of each file fails (a server restarting); the browser never says it was offline.
  const failedOnce = new Set<string>();
  for (const name of ['announceSetAside', 'toasterStore'])
    await page.route(`**/assets/${name}-*.js`, (route) => {
      if (route.request().resourceType() !== 'script' || failedOnce.has(name)) return route.continue();
      failedOnce.add(name);
      return route.abort('connectionreset');
    });
  await page.goto('/Inventory');
  await expect(page.getByText(unreadableWarning)).toBeVisible({ timeout: 20_000 });
  expect([...failedOnce].sort()).toEqual(['announceSetAside', 'toasterStore']);
  await expect(page.getByText(unreadableWarning)).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('a set-aside event is downloaded as its exact text, then discarded after a confirmation and does not come back', async ({
  page,
}) => {
  await signIn(page);
  await plant(page, 'events', [event(7, 'Spring Lunch', '2026-12-01'), badGala]);
  await page.goto('/dashboard');
  const link = page.getByRole('link', { name: 'Recovered data (1)' });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recovered data' })).toBeVisible();
  const card = cards(page).filter({ has: page.getByRole('heading', { name: 'An event: Winter Gala' }) });
  await expect(card.getByText(/^record 2, EventDate: /)).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^recovered-events-\d{4}-\d{2}-\d{2}\.json$/);
  expect(await readFile((await download.path())!, 'utf8')).toBe(JSON.stringify(badGala));

  await card.getByRole('button', { name: 'Discard' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Discard this value? It cannot be undone.' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(1);

  await card.getByRole('button', { name: 'Discard' }).click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(nothingSetAside)).toBeVisible();

  await page.goto('/ManageEvents');
  await expect(page.getByText('Spring Lunch').first()).toBeVisible();
  await page.reload();
  await expect(page.getByText('Spring Lunch').first()).toBeVisible();
  await page.goto('/RecoveredData');
  await expect(page.getByText(nothingSetAside)).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Recovered data (0)' })).toBeVisible();
});
