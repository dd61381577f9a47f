import { expect, test, type Page } from '@playwright/test';
import { signUpFresh } from './support/auth';
import { FIRST_SYNC, saved, SYNC } from './support/sync';

/**
 * Events kept only in the account (issue 24 part 7), against the real server: with sync on, old
 * completed events leave this browser once the account has them (no delete is sent for them),
 * /ManageEvents finds them marked "In your account", and opening one fetches it for its Tool Kit.
 */

test.setTimeout(240_000);

const isoDaysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const event = (id: number, name: string, date: string, status?: string) => ({
  id,
  EventName: name,
  CustomerFirstName: 'Amelia',
  CustomerLastName: `Hart-${id}`,
  CustomerPhoneNumber: '902-555-0101',
  CustomerEmail: 'amelia@example.com',
  EventType: 'Gala',
  NumberOfGuests: 80 + id,
  EventDate: date,
  StartTime: '18:00',
  EndTime: '22:00',
  VenueName: 'Pier 21',
  VenueStreetAddress: '1055 Marginal Rd',
  VenueCity: 'Halifax',
  ingredients: [],
  menuItems: [],
  notes: [],
  pricing: [],
  ...(status ? { status } : {}),
});
const line = {
  lineId: 'line-saffron',
  id: 'INV-saffron',
  name: 'Saffron threads',
  category: 'Spices',
  supplierName: 'Harbour Spice',
  costPerUnit: 12,
  amountPerUnit: 1,
  unit: 'g',
  packageType: 'jar',
  quantity: 3,
};

/** The stored sync state of the signed-in account on this device. */
const syncState = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('sync:'));
    return key
      ? (JSON.parse(localStorage.getItem(key)!) as {
          outbox: object;
          shadow: Record<string, { rev: number; away?: boolean }>;
        })
      : null;
  });
const storedEventIds = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('events') ?? '[]') as { id: number }[]).map((e) => e.id));

test('old completed events are kept only in the account once synced, found on /ManageEvents and opened on demand', async ({
  page,
  context,
}) => {
  await signUpFresh(page);
  // This device's business: two completed events of 2023 (one with an ingredient list, paid in full), one of
  // 2023 still Confirmed with its price unpaid (it stays here, where Payments Due sees it), and one to come.
  await page.evaluate(
    ({ events, line }) => {
      localStorage.setItem('events', JSON.stringify(events));
      localStorage.setItem('ingredientList-20', JSON.stringify([line]));
    },
    {
      events: [
        {
          ...event(20, 'Harbour Lights Gala', '2023-05-06', 'completed'),
          payments: [{ id: 'P-20', amount: 36, date: '2023-05-06', method: 'Card', note: '', reason: '' }],
        },
        event(21, 'Spring Board Lunch', '2023-04-01', 'completed'),
        { ...event(22, 'Overdue Dinner', '2023-03-01'), pricing: [{ name: 'Dinner', price: 500, currency: 'CAD' }] },
        event(30, 'Autumn Wedding', isoDaysFromNow(20)),
      ],
      line,
    },
  );
  await page.goto('/Dashboard');
  const toggle = page.getByRole('switch', { name: 'Sync across devices' });
  await expect(toggle).toBeEnabled(SYNC);
  await toggle.check();
  await saved(page, FIRST_SYNC);
  await expect(page.getByLabel('Keep events on this device for')).toHaveValue('12');

  // Uploaded, then let go here: the events key no longer holds them, nor their ingredient list,
  // and the sync state keeps them as "away", not as deletes (nothing waits to be sent).
  await expect.poll(() => storedEventIds(page), SYNC).toEqual([30, 22]);
  expect(await page.evaluate(() => localStorage.getItem('ingredientList-20'))).toBeNull();
  const state = await syncState(page);
  expect(state!.outbox).toEqual({});
  expect(state!.shadow['events|20']).toMatchObject({ rev: 1, away: true });
  expect(state!.shadow['ingredientList-20|line-saffron']).toMatchObject({ rev: 1, away: true });
  // The storage section says where they are.
  const where = page.getByRole('table', { name: 'Where your events are kept' });
  await expect(where.getByRole('row', { name: /On this device/ })).toContainText('2');
  await expect(where.getByRole('row', { name: /In your account/ })).toContainText('4');
  await expect(page.getByText('2 events are kept only in your account')).toBeVisible();

  // A reload and another sync send no delete for them either.
  await page.reload();
  await saved(page);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await saved(page);
  expect((await syncState(page))!.outbox).toEqual({});

  // /ManageEvents: the list shows what this device holds; the account's older events are searched on demand.
  await page.goto('/ManageEvents');
  const older = page.getByRole('region', { name: 'Older events in your account' });
  await expect(older).toContainText('2 past events are kept only in your account');
  await older.getByLabel('Search events in your account').fill('harbour');
  await older.getByRole('button', { name: 'Search' }).click();
  const results = older.getByRole('list', { name: 'Events in your account' });
  await expect(results.getByRole('listitem')).toHaveCount(1, SYNC);
  const found = results.getByRole('listitem').first();
  await expect(found).toContainText('In your account');
  await expect(found).toContainText('Harbour Lights Gala');
  await expect(found).toContainText('2023-05-06');
  await expect(found).toContainText('Amelia Hart-20');
  await expect(found).toContainText('100 guests');

  // Opening it fetches it from the account: its Tool Kit, with its ingredient list.
  await found.getByRole('button', { name: 'Tool Kit: Harbour Lights Gala' }).click();
  const toolkit = page.getByRole('dialog', { name: 'Tool Kit: Harbour Lights Gala' });
  await expect(toolkit).toBeVisible(SYNC);
  await expect.poll(() => storedEventIds(page)).toEqual(expect.arrayContaining([20, 22, 30]));
  expect(await page.evaluate(() => localStorage.getItem('ingredientList-20'))).toContain('Saffron threads');
  await page.keyboard.press('Escape');
  await expect(toolkit).toBeHidden();

  // Unreachable: the other one says it is offline, and nothing is lost.
  await older.getByLabel('Search events in your account').fill('');
  await older.getByRole('button', { name: 'Search' }).click();
  const lunch = results.getByRole('listitem').filter({ hasText: 'Spring Board Lunch' });
  await expect(lunch).toBeVisible(SYNC);
  await context.setOffline(true);
  await lunch.getByRole('button', { name: 'Tool Kit: Spring Board Lunch' }).click();
  await expect(older.getByRole('alert')).toContainText('You are offline', SYNC);
  await expect(page.getByRole('dialog', { name: 'Tool Kit: Spring Board Lunch' })).toHaveCount(0);
  await context.setOffline(false);
  await lunch.getByRole('button', { name: 'Tool Kit: Spring Board Lunch' }).click();
  await expect(page.getByRole('dialog', { name: 'Tool Kit: Spring Board Lunch' })).toBeVisible(SYNC);
});

test('an event kept only in the account opens by its address: sheet, quote, invoice and Tool Kit fetch it; offline says so and opens once back online', async ({
  page,
  context,
}) => {
  await signUpFresh(page);
  await page.evaluate(
    ({ events, line }) => {
      localStorage.setItem('events', JSON.stringify(events));
      localStorage.setItem('ingredientList-20', JSON.stringify([line]));
    },
    {
      events: [
        // Paid in full (an event with money owed stays on the device).
        {
          ...event(20, 'Harbour Lights Gala', '2023-05-06', 'completed'),
          payments: [{ id: 'P-20', amount: 36, date: '2023-05-06', method: 'Card', note: '', reason: '' }],
        },
        event(21, 'Spring Board Lunch', '2023-04-01', 'completed'),
        event(22, 'Winter Staff Party', '2023-01-20', 'completed'),
        event(23, 'Board Retreat Dinner', '2023-02-11', 'completed'),
        event(30, 'Autumn Wedding', isoDaysFromNow(20)),
      ],
      line,
    },
  );
  await page.goto('/Dashboard');
  const toggle = page.getByRole('switch', { name: 'Sync across devices' });
  await expect(toggle).toBeEnabled(SYNC);
  await toggle.check();
  await saved(page, FIRST_SYNC);
  await expect.poll(() => storedEventIds(page), SYNC).toEqual([30]);

  // The sheet's address, opened directly: fetched from the account (not "not found"), with its ingredient list.
  await page.goto('/events/20/sheet');
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Lights Gala' })).toBeVisible(SYNC);
  await expect(page.getByText('Saffron threads').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toHaveCount(0);
  expect(await storedEventIds(page)).toContain(20);

  // Offline, the invoice of another one says it is in the account and to connect; back online, it opens.
  await saved(page);
  await context.setOffline(true);
  await page.evaluate(() => window.history.pushState(null, '', '/events/21/invoice'));
  const alert = page.getByRole('alert').filter({ hasText: 'kept in your account' });
  await expect(alert).toContainText('You are offline: connect to the internet to open it.', SYNC);
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice' })).toBeVisible(SYNC);
  await expect(page.getByText('Spring Board Lunch').first()).toBeVisible();

  // The quote's address of a third one, and the Tool Kit's (/ManageEvents?toolkit=<id>) of a fourth.
  await page.goto('/events/22/quote');
  await expect(page.getByRole('heading', { level: 1, name: 'Quote' })).toBeVisible(SYNC);
  await expect(page.getByText('Winter Staff Party').first()).toBeVisible();
  expect(await storedEventIds(page)).not.toContain(23);
  await page.goto('/ManageEvents?toolkit=23');
  await expect(page.getByRole('dialog', { name: 'Tool Kit: Board Retreat Dinner' })).toBeVisible(SYNC);
  expect(await storedEventIds(page)).toContain(23);

  // An id no event has, here or in the account, is still "not found".
  await page.goto('/events/999/sheet');
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible(SYNC);
});
