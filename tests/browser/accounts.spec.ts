import { expect, test, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sampleEvents } from '../../src/domain/sampleEvents';
import { signIn, signUpFresh } from './support/auth';

// Fresh accounts rather than the shared demo account: sign-out is global, and signing the demo
// account out would end the sessions of other tests running beside this one.

async function signOut(page: Page) {
  await page.goto('/signout');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully!')).toBeVisible();
}

/** Everything the signed-in account's data set holds: the plain app keys, not the session, the preferences or the stashes. */
async function dataSet(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter(
          (k) =>
            !k.startsWith('sb-') && !k.startsWith('account:') && !['dataOwner', 'colorMode', 'soundMuted'].includes(k),
        )
        .sort()
        .map((k) => [k, localStorage.getItem(k)!]),
    ),
  );
}

async function useMockData(page: Page) {
  await page.goto('/Dashboard');
  const alert = new Promise<string>((resolve) =>
    page.once('dialog', (d) => void d.accept().then(() => resolve(d.message()))),
  );
  await page.getByRole('button', { name: 'Use Mock Data' }).click();
  expect(await alert).toBe('Mock data has been loaded successfully.');
}

const needToOrder = (page: Page) =>
  page.getByRole('region', { name: 'Need to Order', exact: true }).getByRole('listitem');
const inventoryList = (page: Page) => page.getByRole('list', { name: 'Inventory items' });
const eventCards = (page: Page) => page.getByRole('list', { name: 'Events' }).getByRole('heading', { level: 2 });
const sampleNames = sampleEvents('2030-01-01').map((e) => e.EventName);

async function openEvents(page: Page) {
  await page.goto('/ManageEvents');
  await expect(page.getByRole('heading', { level: 1, name: 'Event Management' })).toBeVisible();
}

async function openInventory(page: Page) {
  await page.goto('/Inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
}

test('another account on this browser starts with its own data, and each gets exactly its own back', async ({
  page,
}) => {
  const a = await signUpFresh(page);
  await useMockData(page);
  await page.goto('/Dashboard');
  await expect(page.getByRole('listitem', { name: 'Heavy Cream' })).toBeVisible();
  await openEvents(page);
  await expect(eventCards(page).first()).toHaveText('Costa–Lee Wedding');
  const dataOfA = await dataSet(page);
  expect(Object.keys(dataOfA)).toEqual(expect.arrayContaining(['events', 'inventoryItems', 'suppliers', 'employees']));
  await signOut(page);

  const b = await signUpFresh(page);
  await openEvents(page);
  await expect(eventCards(page)).toHaveText(sampleNames);
  await openInventory(page);
  await expect(page.getByRole('button', { name: 'Add Item' })).toBeVisible();
  await expect(inventoryList(page)).toHaveCount(0);
  await page.getByLabel('SKU', { exact: true }).fill('B-1');
  await page.getByLabel('Item Name', { exact: true }).fill('Galley Lemons of B');
  for (const [label, value] of [
    ['Amount per Unit', '1'],
    ['Cost per Unit', '2'],
    ['On-hand Quantity', '1'],
    ['Re-order Qty', '5'],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect(inventoryList(page).getByRole('heading', { name: 'Galley Lemons of B' })).toBeVisible();
  await page.goto('/Dashboard');
  await expect(needToOrder(page)).toHaveCount(1);
  await expect(needToOrder(page).and(page.getByRole('listitem', { name: 'Galley Lemons of B' }))).toBeVisible();
  await signOut(page);

  await signIn(page, a);
  await page.goto('/Dashboard');
  await expect(page.getByRole('listitem', { name: 'Heavy Cream' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Galley Lemons of B' })).toHaveCount(0);
  await openEvents(page);
  await expect(eventCards(page).first()).toHaveText('Costa–Lee Wedding');
  expect(await dataSet(page)).toEqual(dataOfA);
  await signOut(page);

  await signIn(page, b);
  await openInventory(page);
  await expect(inventoryList(page).getByRole('heading', { level: 3 })).toHaveText(['Galley Lemons of B']);
  await openEvents(page);
  await expect(eventCards(page)).toHaveText(sampleNames);
});

test('data already in the browser before anyone signed in belongs to whoever signs in first', async ({ page }) => {
  await page.addInitScript(() => {
    if (window.sessionStorage.getItem('seeded')) return;
    window.sessionStorage.setItem('seeded', '1');
    const event = {
      id: 900,
      EventName: 'Unclaimed Harbour Gala',
      CustomerFirstName: 'Ada',
      CustomerLastName: 'Quay',
      CustomerPhoneNumber: 5550100,
      CustomerEmail: 'ada@example.com',
      EventType: 'Meeting',
      NumberOfGuests: 10,
      EventDate: '2030-01-01',
      StartTime: '10:00',
      EndTime: '12:00',
      VenueName: 'Dock Hall',
      VenueStreetAddress: '1 Pier Road',
      VenueCity: 'Halifax',
      ingredients: [],
    };
    window.localStorage.setItem('events', JSON.stringify([event]));
  });
  const first = await signUpFresh(page);
  await openEvents(page);
  await expect(eventCards(page).first()).toHaveText('Unclaimed Harbour Gala');
  await signOut(page);

  await signUpFresh(page);
  await openEvents(page);
  await expect(eventCards(page)).toHaveText(sampleNames);
  await signOut(page);

  await signIn(page, first);
  await openEvents(page);
  await expect(eventCards(page).first()).toHaveText('Unclaimed Harbour Gala');
});

test('an account whose data cannot be opened (storage full) is not let in and nothing of the other account changes', async ({
  page,
}) => {
  await signUpFresh(page);
  await useMockData(page);
  // Fill browser storage with data of the first account, leaving room for the small values but not the
  // big one: moving the data aside then fails half way and must be rolled back.
  await page.evaluate(() => {
    let low = 0;
    let high = 12_000_000;
    while (low < high) {
      const size = Math.ceil((low + high + 1) / 2);
      try {
        localStorage.setItem('recovered:filler', 'x'.repeat(size));
        low = size;
      } catch {
        high = size - 1;
      }
    }
    localStorage.setItem('recovered:filler', 'x'.repeat(low - 200_000));
  });
  const before = await page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((k) => !k.startsWith('sb-'))
        .map((k) => [k, localStorage.getItem(k)]),
    ),
  );
  await signOut(page);

  const email = `cook-${Date.now()}-full@example.com`;
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('galley-secret-1');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('You were not signed in: your data could not be opened')).toBeVisible();
  await expect(page.getByText(/Browser storage is full, so your data could not be opened/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  const after = await page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((k) => !k.startsWith('sb-'))
        .map((k) => [k, localStorage.getItem(k)]),
    ),
  );
  expect(Object.keys(after).sort(), 'keys left behind or lost').toEqual(Object.keys(before).sort());
  expect(after).toEqual(before);
  await page.goto('/Inventory');
  await expect(page).toHaveURL(/\/login$/);
});

test('a tab open on one account follows when another tab signs a different account in', async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  await signUpFresh(first);
  await useMockData(first);
  await first.goto('/Dashboard');
  await expect(first.getByRole('listitem', { name: 'Heavy Cream' })).toBeVisible();

  const second = await context.newPage();
  await signOut(second);
  await expect(first).toHaveURL(/\/login$/);
  await signUpFresh(second);
  // The first tab picks up the new session and opens the new account's data set, not the old one's.
  await expect(first.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
  await first.goto('/Dashboard');
  await expect(first.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(needToOrder(first)).toHaveCount(0);
  await expect(first.getByRole('listitem', { name: 'Heavy Cream' })).toHaveCount(0);
  await context.close();
});

test('account B never sees, backs up, restores over or moves account A’s set-aside values, and A gets them back unchanged', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const legacyKey = 'events.corrupt.1700000000000';
  const secretText = '[{"EventName":"A private tasting for Ms Quay"';
  const a = await signUpFresh(page);
  await page.goto('/Dashboard');
  // The account is bound to this browser's data as the signed-in app starts, after the page's load event: wait for it.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('dataOwner'))).toBeTruthy();
  const idOfA = await page.evaluate(() => localStorage.getItem('dataOwner'));
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [legacyKey, secretText] as const);
  const cards = page.getByRole('list', { name: 'Set-aside values' }).getByRole('listitem');
  await page.goto('/RecoveredData');
  await expect(cards).toHaveCount(1);
  await signOut(page);

  await signUpFresh(page);
  const stashed = `account:${encodeURIComponent(idOfA!)}:${legacyKey}`;
  const stashOfA = () => page.evaluate((k) => localStorage.getItem(k), stashed);
  expect(await stashOfA()).toBe(secretText);

  // Recovered data lists nothing of A's, and shows none of its text.
  await page.goto('/RecoveredData');
  await expect(page.getByRole('heading', { level: 1, name: 'Recovered data' })).toBeVisible();
  await expect(page.getByText('Nothing has been set aside. All your saved data could be read.')).toBeVisible();
  await expect(page.getByText(/private tasting/)).toHaveCount(0);

  // B's backup holds nothing of A's.
  await page.goto('/Dashboard');
  const section = page
    .getByRole('region', { name: 'View Your Data', exact: true })
    .getByRole('region', { name: 'Backup and restore' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download backup', exact: true }).click(),
  ]);
  const file = await readFile((await download.path())!, 'utf8');
  expect(file).not.toContain('account:');
  expect(file).not.toContain('private tasting');

  // A backup that names A's key is restored without it: A's key is neither deleted nor overwritten.
  const payload = { events: '[]', [stashed]: '"planted by B"' };
  const canonical = `{${Object.keys(payload)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${JSON.stringify(payload[k as keyof typeof payload])}`)
    .join(',')}}`;
  const crafted = JSON.stringify({
    format: 'cater-captain-backup',
    formatVersion: 1,
    createdAt: new Date().toISOString(),
    appVersion: '0.1.0',
    sha256: createHash('sha256').update(canonical, 'utf8').digest('hex'),
    payload,
  });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    section.getByText('Restore from backup', { exact: true }).click(),
  ]);
  await chooser.setFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(crafted, 'utf8') });
  const preview = section.getByRole('region', { name: 'Check before you restore' });
  await expect(preview).toBeVisible();
  await preview.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Backup restored.' })).toBeVisible();
  expect(await stashOfA()).toBe(secretText);
  await signOut(page);

  // A → B → A: A's value comes back as it was, and nothing of A's went into B's stash.
  await signIn(page, a);
  await page.goto('/RecoveredData');
  await expect(cards).toHaveCount(1);
  const stored = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  expect(stored[legacyKey]).toBe(secretText);
  expect(Object.keys(stored).filter((k) => k.startsWith('account:') && k.includes('corrupt'))).toEqual([]);
});
