/**
 * Issue 25, tried as a caterer would: an inventory item's delete can be undone (and says which upcoming
 * events use it), a backwards date range is refused next to its fields, an end time before the start
 * is asked about, and a discount typed as '-' keeps the last valid value in the totals.
 */
import { expect, test, type Page } from '@playwright/test';
import { addDays, toISODate } from '../../src/domain/eventDates';
import { signIn } from './support/auth';

const today = toISODate(new Date());

const event = (id: number, name: string, date: string) => ({
  id,
  EventName: name,
  CustomerFirstName: 'Marin',
  CustomerLastName: 'Keel',
  CustomerPhoneNumber: 5550100,
  CustomerEmail: 'marin@example.com',
  EventType: 'Meeting',
  NumberOfGuests: 10,
  EventDate: date,
  StartTime: '10:00',
  EndTime: '12:00',
  VenueName: 'Dock Hall',
  VenueStreetAddress: '1 Pier Road',
  VenueCity: 'Halifax',
  ingredients: [],
  pricing: [{ id: 'p-catering', name: 'Catering', price: 1000, currency: 'CAD' }],
});
const item = (id: string, name: string) => ({
  id,
  sku: `SKU-${id}`,
  name,
  category: 'Dairy',
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'box',
  quantity: 5,
  costPerUnit: 2,
  whenToOrder: 1,
  supplierName: 'Harbour Dairy',
  rev: 4,
});
const line = (itemId: string, name: string) => ({
  lineId: `L-${itemId}`,
  id: itemId,
  name,
  category: 'Dairy',
  supplierName: 'Harbour Dairy',
  costPerUnit: 2,
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'box',
  quantity: 3,
});

/** Signs in, then stores the given keys (this account's data) and opens the page. */
async function openWith(page: Page, path: string, data: Record<string, unknown>) {
  await signIn(page);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
  }, data);
  await page.goto(path);
}

const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as unknown, key);

test('deleting an inventory item is undone from its toast: same id, same place, order-placed mark kept; the toast names the upcoming events using it', async ({
  page,
}) => {
  const items = [item('butter', 'Butter'), item('cream', 'Cream'), item('milk', 'Milk')];
  await openWith(page, '/Inventory', {
    inventoryItems: items,
    selectedItems: [{ id: 'cream', orderPlaced: true }],
    events: [event(11, 'Harbour Gala', addDays(today, 5)), event(12, 'Old Picnic', addDays(today, -5))],
    'ingredientList-11': [line('cream', 'Cream')],
    'ingredientList-12': [line('cream', 'Cream')],
  });
  const list = page.getByRole('list', { name: 'Inventory items' });
  await list.getByRole('listitem', { name: 'Cream' }).getByRole('button', { name: 'Delete item Cream' }).click();
  await expect(list.getByRole('listitem', { name: 'Cream' })).toHaveCount(0);
  await expect(page.getByText('Item deleted')).toBeVisible();
  // Only the upcoming event is named, with its date.
  await expect(page.getByText(`Cream. Used by an upcoming event: Harbour Gala (${addDays(today, 5)}).`)).toBeVisible();
  await expect
    .poll(async () => ((await stored(page, 'inventoryItems')) as Array<{ id: string }>).map((i) => i.id))
    .toEqual(['butter', 'milk']);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Item restored')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveText([/Butter/, /Cream/, /Milk/]);
  await expect
    .poll(async () => ((await stored(page, 'inventoryItems')) as Array<{ id: string }>).map((i) => i.id))
    .toEqual(['butter', 'cream', 'milk']);
  expect(((await stored(page, 'inventoryItems')) as Array<Record<string, unknown>>)[1]).toMatchObject({
    ...items[1],
    rev: expect.any(Number),
  });
  expect(await stored(page, 'selectedItems')).toEqual([{ id: 'cream', orderPlaced: true }]);
  // After a reload the item is where it was, and the event's line still finds it by its id.
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveText([/Butter/, /Cream/, /Milk/]);
});

test('a date range entered backwards is refused next to the fields and the list is not filtered by it', async ({
  page,
}) => {
  await openWith(page, '/ManageEvents', {
    events: [event(11, 'Harbour Gala', addDays(today, 5)), event(12, 'Old Picnic', addDays(today, -5))],
  });
  const status = page.getByRole('status').filter({ hasText: 'Showing' });
  await expect(status).toContainText('Showing 5 of 5 events · All Events');
  await page.getByRole('button', { name: 'More Filtering Options' }).click();
  await page.getByLabel('Start Date').fill(addDays(today, 30));
  await page.getByLabel('End Date').fill(addDays(today, -30));
  await page.getByRole('button', { name: 'Filter Events', exact: true }).last().click();
  await expect(page.getByRole('alert').filter({ hasText: 'The start date is after the end date' })).toBeVisible();
  await expect(page.getByLabel('Start Date')).toHaveAccessibleDescription('The start date is after the end date');
  await expect(page.getByLabel('Start Date')).toHaveAttribute('aria-invalid', 'true');
  await expect(status).toContainText('Showing 5 of 5 events · All Events');
  // Put the right way round, the range filters and the message goes.
  await page.getByLabel('Start Date').fill(addDays(today, -7));
  await page.getByLabel('End Date').fill(addDays(today, -1));
  await page.getByRole('button', { name: 'Filter Events', exact: true }).last().click();
  await expect(page.getByText('The start date is after the end date')).toHaveCount(0);
  await expect(status).toContainText(`Showing 1 of 5 events · Dates ${addDays(today, -7)} to ${addDays(today, -1)}`);
});

test('an end time before the start time asks first: Go back keeps the form, Ends next day saves it as ending the next day', async ({
  page,
}) => {
  await openWith(page, '/ManageEvents', { events: [] });
  await page.getByRole('button', { name: 'New Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Event' });
  await dialog.getByLabel('Event Name').fill('Harbour Supper');
  await dialog.getByLabel('Number of Guests').fill('40');
  await dialog.getByLabel('Event Date').fill(addDays(today, 3));
  await dialog.getByLabel('Start Time').fill('18:00');
  await dialog.getByLabel('End Time').fill('17:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const question = page.getByRole('alertdialog', { name: 'This event ends the next day at 17:00. Is that right?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Go back' }).click();
  await expect(question).toBeHidden();
  await expect(dialog.getByLabel('End Time')).toHaveValue('17:00');
  expect(
    ((await stored(page, 'events')) as Array<{ EventName: string }> | null)?.some(
      (e) => e.EventName === 'Harbour Supper',
    ) ?? false,
  ).toBe(false);

  await dialog.getByRole('button', { name: 'Save' }).click();
  await question.getByRole('button', { name: 'Ends next day' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('article', { name: 'Harbour Supper' }).getByText('Time: 18:00 – 17:00 (next day)'),
  ).toBeVisible();

  // A plain evening asks nothing.
  await page.getByRole('button', { name: 'New Event' }).click();
  await dialog.getByLabel('Event Name').fill('Harbour Tea');
  await dialog.getByLabel('Number of Guests').fill('10');
  await dialog.getByLabel('Event Date').fill(addDays(today, 3));
  await dialog.getByLabel('Start Time').fill('15:00');
  await dialog.getByLabel('End Time').fill('17:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('a discount typed as "-" is refused with its message and the totals and the stored value keep the last valid one', async ({
  page,
}) => {
  await openWith(page, '/ManageEvents', {
    events: [event(11, 'Harbour Gala', addDays(today, 5))],
    '11-discountPercentage': 10,
  });
  await page.getByRole('button', { name: 'Tool Kit for Harbour Gala' }).click();
  const kit = page.getByRole('dialog');
  await kit.getByRole('button', { name: 'Pricing', exact: true }).click();
  await expect(kit.getByLabel('Total after discount')).toHaveText('$900.00 CAD');
  const discount = kit.getByLabel('Discount (%)');
  // Typing a negative over the 10: first '-' alone, then '-5'. Neither is a discount the totals may use.
  await discount.selectText();
  await page.keyboard.type('-');
  await expect(discount).toHaveValue('-');
  await expect(kit.getByText('Discount must be a number from 0 to 100.')).toBeVisible();
  await expect(kit.getByLabel('Total after discount')).toHaveText('$900.00 CAD');
  await page.keyboard.type('5');
  await expect(kit.getByText('Discount cannot be negative: enter a number from 0 to 100.')).toBeVisible();
  await expect(kit.getByLabel('Total after discount')).toHaveText('$900.00 CAD');
  expect(await stored(page, '11-discountPercentage')).toBe(10);
  await discount.fill('12');
  await expect(kit.getByText(/Discount (must|cannot)/)).toHaveCount(0);
  await expect(kit.getByLabel('Total after discount')).toHaveText('$880.00 CAD');
  await expect.poll(() => stored(page, '11-discountPercentage')).toBe(12);
});
