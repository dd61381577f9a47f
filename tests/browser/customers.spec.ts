import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpFresh } from './support/auth';

/**
 * Issue 22, part 6: customers. An event saved before customers existed ($1,000 + 13% tax, $300 paid:
 * $830.00 owed) becomes a customer on first read; choosing her under Existing customer in the New Event
 * form fills her details; /Customers lists one customer with 2 events and what she owes, and her page
 * lists both events; her e-mail under another name asks instead of merging.
 */

async function localDate(page: Page, days: number): Promise<string> {
  return page.evaluate((d) => {
    const now = new Date();
    const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + d);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  }, days);
}

async function seed(page: Page) {
  await signUpFresh(page);
  await page.goto('/Dashboard');
  const date = await localDate(page, 30);
  await page.evaluate(
    ({ date }) => {
      window.localStorage.setItem(
        'events',
        JSON.stringify([
          {
            id: 301,
            EventName: 'Harbour Gala',
            CustomerFirstName: 'Ada',
            CustomerLastName: 'Lovelace',
            CustomerPhoneNumber: 6135550101,
            CustomerEmail: 'ada@example.com',
            EventType: 'Gala',
            NumberOfGuests: 50,
            EventDate: date,
            StartTime: '18:00',
            EndTime: '23:00',
            VenueName: 'Hall',
            VenueStreetAddress: '1 Main St',
            VenueCity: 'Halifax',
            ingredients: [],
            pricing: [{ id: 'L1', name: 'Dinner for 50', price: 1000, currency: 'CAD' }],
            payments: [{ id: 'P1', amount: 300, date, method: 'Cheque', note: '', reason: '' }],
          },
        ]),
      );
      window.localStorage.setItem('deletedEventIds', '[1,2,3]');
      window.localStorage.setItem('301-taxPercentage', '13');
    },
    { date },
  );
  return date;
}

async function newEvent(page: Page, name: string, date: string): Promise<Locator> {
  await page.getByRole('button', { name: 'New Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Event' });
  await dialog.getByLabel('Event Name').fill(name);
  await dialog.getByLabel('Number of Guests').fill('20');
  await dialog.getByLabel('Event Date').fill(date);
  return dialog;
}

test('two events of one customer: chosen in the New Event form, listed once on /Customers with what she owes; her e-mail under another name asks', async ({
  page,
}) => {
  const date = await seed(page);
  await page.goto('/ManageEvents');
  await expect(page.getByRole('article', { name: 'Harbour Gala' })).toBeVisible();
  // Reading derives the customers of earlier events and writes nothing.
  const storedCustomers = () => page.evaluate(() => window.localStorage.getItem('customers'));
  expect(await storedCustomers()).toBeNull();

  // Existing customer fills her details (she was derived from the earlier event on first read).
  let dialog = await newEvent(page, 'Ada Birthday Lunch', date);
  const choice = dialog.getByRole('combobox', { name: 'Existing customer' });
  await choice.click();
  await page.getByRole('option', { name: 'Ada Lovelace · ada@example.com' }).click();
  await expect(choice).toContainText('Ada Lovelace');
  await expect(dialog.getByLabel('Customer First Name')).toHaveValue('Ada');
  await expect(dialog.getByLabel('Customer Last Name')).toHaveValue('Lovelace');
  await expect(dialog.getByLabel('Customer Email')).toHaveValue('ada@example.com');
  await expect(dialog.getByLabel('Customer Phone Number')).toHaveValue('6135550101');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // Saved with her: her record is stored under the id derived from her first event.
  expect(JSON.parse((await storedCustomers()) ?? '[]')).toEqual([
    { id: 'c301', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '6135550101' },
  ]);

  // The card links to her page.
  const card = page.getByRole('article', { name: 'Ada Birthday Lunch' });
  await expect(card.getByRole('link', { name: 'Customer Ada Lovelace' })).toBeVisible();

  // /Customers, from the menu: one customer, 2 events, $830.00 owed ($1,130.00 less $300.00; the lunch has no price).
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Customers', exact: true }).click();
  await expect(page).toHaveURL(/\/Customers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const ada = table.getByRole('row', { name: /Ada Lovelace/ });
  await expect(ada).toContainText('ada@example.com');
  await expect(ada.getByRole('cell').nth(3)).toHaveText('2');
  await expect(ada.getByRole('cell').nth(4)).toHaveText('$830.00 CAD');
  await page.getByLabel('Search customers').fill('nobody');
  await expect(page.getByText('No customer matches the search.')).toBeVisible();
  await page.getByLabel('Search customers').fill('555-0101');
  await expect(table.getByRole('row', { name: /Ada Lovelace/ })).toBeVisible();

  // Her page: both events by date with their totals and balances, and what she owes.
  await table.getByRole('link', { name: 'Ada Lovelace' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  const events = page.getByRole('table', { name: 'Events of Ada Lovelace' });
  await expect(events.getByRole('row')).toHaveCount(3);
  const gala = events.getByRole('row', { name: /Harbour Gala/ });
  await expect(gala).toContainText('$1,130.00 CAD');
  await expect(gala.getByRole('cell').nth(4)).toHaveText('$830.00 CAD');
  await expect(events.getByRole('row', { name: /Ada Birthday Lunch/ })).toContainText('$0.00 CAD');
  await expect(page.getByTestId('customer-owed')).toHaveText('Owed in total: $830.00 CAD');

  // Her e-mail under another name: asked, never merged. Keep as a new customer makes a second customer.
  await page.goto('/ManageEvents');
  dialog = await newEvent(page, 'Engine Dinner', date);
  await dialog.getByLabel('Customer First Name').fill('Charles');
  await dialog.getByLabel('Customer Last Name').fill('Babbage');
  await dialog.getByLabel('Customer Email').fill('ADA@example.com');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const question = page.getByRole('alertdialog', {
    name: 'This e-mail belongs to Ada Lovelace. Use that customer, or keep as a new customer?',
  });
  await expect(question).toBeVisible();
  // Go back keeps the typing; Save asks again.
  await question.getByRole('button', { name: 'Go back' }).click();
  await expect(dialog.getByLabel('Customer First Name')).toHaveValue('Charles');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await question.getByRole('button', { name: 'Keep as a new customer' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/Customers');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(
    table
      .getByRole('row', { name: /Charles Babbage/ })
      .getByRole('cell')
      .nth(3),
  ).toHaveText('1');
  await expect(
    table
      .getByRole('row', { name: /Ada Lovelace/ })
      .getByRole('cell')
      .nth(3),
  ).toHaveText('2');

  // Use that customer: the event becomes Ada's, with her details.
  await page.goto('/ManageEvents');
  dialog = await newEvent(page, 'Second Engine Dinner', date);
  await dialog.getByLabel('Customer First Name').fill('Augusta');
  await dialog.getByLabel('Customer Email').fill('ada@example.com');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await question.getByRole('button', { name: 'Use that customer' }).click();
  await expect(dialog).toBeHidden();
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('events') ?? '[]'));
  const second = stored.find((e: { EventName: string }) => e.EventName === 'Second Engine Dinner');
  expect(second).toMatchObject({ CustomerFirstName: 'Ada', CustomerLastName: 'Lovelace', customerId: 'c301' });
  await page.goto('/Customers');
  await expect(
    table
      .getByRole('row', { name: /Ada Lovelace/ })
      .getByRole('cell')
      .nth(3),
  ).toHaveText('3');
});

test('the event sheet, quote and invoice link to the event’s customer page, on screen only (never printed)', async ({
  page,
}) => {
  await seed(page);
  // The event linked to her record (as a save in the event form links it).
  await page.evaluate(() => {
    const events = JSON.parse(window.localStorage.getItem('events') ?? '[]') as Array<Record<string, unknown>>;
    window.localStorage.setItem('events', JSON.stringify(events.map((e) => ({ ...e, customerId: 'C-ada' }))));
    window.localStorage.setItem(
      'customers',
      JSON.stringify([
        { id: 'C-ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '6135550101' },
      ]),
    );
  });
  for (const path of ['/events/301/sheet', '/events/301/quote', '/events/301/invoice']) {
    await page.goto(path);
    const link = page.getByRole('link', { name: 'Customer page: Ada Lovelace' });
    await expect(link).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(link).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
  }
  await page.getByRole('link', { name: 'Customer page: Ada Lovelace' }).click();
  await expect(page).toHaveURL(/\/customers\/C-ada$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ada Lovelace');
});

test('many customers: the first 100 are listed, Show more customers adds the next with what they owe, and a search looks at all of them', async ({
  page,
}) => {
  await signUpFresh(page);
  await page.goto('/Dashboard');
  const date = await localDate(page, 30);
  // 250 customers, one event each; the last by name (Zoe Zed, event 250) owes $565.00 ($500 + 13% tax).
  await page.evaluate((date) => {
    const pad = (n: number) => String(n).padStart(3, '0');
    const events = Array.from({ length: 250 }, (_, i) => ({
      id: i + 1,
      EventName: `Party ${i + 1}`,
      CustomerFirstName: i === 249 ? 'Zoe' : 'Guest',
      CustomerLastName: i === 249 ? 'Zed' : pad(i + 1),
      CustomerPhoneNumber: 6135550000 + i,
      CustomerEmail: `guest${i + 1}@example.com`,
      EventType: 'Party',
      NumberOfGuests: 10,
      EventDate: date,
      StartTime: '18:00',
      EndTime: '22:00',
      VenueName: 'Hall',
      VenueStreetAddress: '1 Main St',
      VenueCity: 'Halifax',
      ingredients: [],
      pricing: i === 249 ? [{ id: 'L1', name: 'Dinner', price: 500, currency: 'CAD' }] : [],
    }));
    localStorage.setItem('events', JSON.stringify(events));
    localStorage.setItem('250-taxPercentage', '13');
  }, date);
  await page.goto('/Customers');
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(page.getByRole('status').filter({ hasText: 'customers' })).toHaveText('250 customers');
  await expect(table.getByRole('row')).toHaveCount(101);
  await expect(page.getByText('Showing 100 of 250 customers.')).toBeVisible();
  await expect(table.getByRole('row', { name: /Zoe Zed/ })).toHaveCount(0);

  const more = page.getByRole('button', { name: 'Show more customers' });
  await more.click();
  await expect(table.getByRole('row')).toHaveCount(201);
  // The focus goes to the first row added, also when the last click takes the button away.
  await expect(table.getByRole('row').nth(101).getByRole('link')).toBeFocused();
  await more.press('Enter');
  await expect(table.getByRole('row')).toHaveCount(251);
  await expect(more).toHaveCount(0);
  await expect(table.getByRole('row').nth(201).getByRole('link')).toBeFocused();
  const zoe = table.getByRole('row', { name: /Zoe Zed/ });
  await expect(zoe.getByRole('cell').nth(4)).toHaveText('$565.00 CAD');
  await expect(
    table
      .getByRole('row', { name: /Guest 001/ })
      .getByRole('cell')
      .nth(4),
  ).toHaveText('$0.00 CAD');

  // A search looks at every customer and starts the list again from its first rows.
  await page.getByLabel('Search customers').fill('zed');
  await expect(page.getByRole('status').filter({ hasText: 'customers' })).toHaveText('1 of 250 customers');
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Search customers').fill('');
  await expect(table.getByRole('row')).toHaveCount(101);
});
