/**
 * Issue 11, part 6 (sane values and references), driven through the built app by labels and roles:
 * guests, overnight events, past dates, the Edit Item dialog's refusals, duplicate warnings, and
 * supplier renames and deletes that touch only the supplier's own items.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
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
});

const supplier = (supplierID: string, supplierName: string) => ({
  supplierID,
  supplierName,
  email: `${supplierID.toLowerCase()}@example.com`,
  phone: '555',
  contractStatus: 'active',
  startDate: '2025-01-01',
  endDate: '2027-01-01',
});
const item = (id: string, name: string, supplierName: string, supplierID?: string) => ({
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
  supplierName,
  ...(supplierID ? { supplierID } : {}),
});

/** Signs in, then stores the given collections (this account's data) and opens the page. */
async function openWith(page: Page, path: string, data: Record<string, unknown>) {
  await signIn(page);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
  }, data);
  await page.goto(path);
}

const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]') as Array<Record<string, unknown>>, key);

async function choose(scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await scope.getByRole('option', { name: option, exact: true }).click();
}

test.describe('events', () => {
  test('1e20 guests is refused with the message; 20:00 to 01:00 saves and shows as ending the next day', async ({
    page,
  }) => {
    await openWith(page, '/ManageEvents', { events: [] });
    await page.getByRole('button', { name: 'New Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Event' });
    await dialog.getByLabel('Event Name').fill('Harbour Night Party');
    await choose(dialog, 'Event Type', 'Birthday');
    await dialog.getByLabel('Number of Guests').fill('1e20');
    await dialog.getByLabel('Event Date').fill(addDays(today, 3));
    await dialog.getByLabel('Start Time').fill('20:00');
    await dialog.getByLabel('End Time').fill('01:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel('Number of Guests')).toHaveAccessibleDescription(
      'Number of Guests is too large: enter a whole number from 1 to 100,000.',
    );
    await expect(dialog.getByLabel('Number of Guests')).toBeFocused();
    expect(await stored(page, 'events')).toEqual([]);

    await dialog.getByLabel('Number of Guests').fill('120');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Issue 25: an end before the start is asked about first.
    await page
      .getByRole('alertdialog', { name: 'This event ends the next day at 01:00. Is that right?' })
      .getByRole('button', { name: 'Ends next day' })
      .click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole('article', { name: 'Harbour Night Party' });
    await expect(card.getByText('Time: 20:00 – 01:00 (next day)')).toBeVisible();
    await card.getByRole('button', { name: 'More Details' }).click();
    await expect(card.getByText('01:00 (next day)', { exact: true })).toBeVisible();
    await expect
      .poll(async () => (await stored(page, 'events')).find((e) => e.EventName === 'Harbour Night Party'))
      .toMatchObject({ NumberOfGuests: 120, StartTime: '20:00', EndTime: '01:00' });
  });

  test('a past date asks: Go back keeps the form, Save anyway saves; editing a past event keeping its date does not ask', async ({
    page,
  }) => {
    const past = addDays(today, -10);
    await openWith(page, '/ManageEvents', { events: [event(301, 'Last Week Lunch', past)] });
    await page.getByRole('button', { name: 'New Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Event' });
    await dialog.getByLabel('Event Name').fill('Backdated Brunch');
    await dialog.getByLabel('Number of Guests').fill('12');
    await dialog.getByLabel('Event Date').fill(addDays(today, -2));
    await dialog.getByRole('button', { name: 'Save' }).click();
    const question = page.getByRole('alertdialog', { name: "This event's date is in the past. Save it anyway?" });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Go back' }).click();
    await expect(question).toBeHidden();
    await expect(dialog.getByLabel('Event Name')).toHaveValue('Backdated Brunch');
    await expect(dialog.getByLabel('Event Date')).toHaveValue(addDays(today, -2));
    // Ids 1 to 3 are the built-in samples, stored alongside once the list is saved.
    const mine = async () =>
      (await stored(page, 'events'))
        .filter((e) => Number(e.id) > 3)
        .map((e) => e.EventName)
        .sort();
    expect(await mine()).toEqual(['Last Week Lunch']);

    // Escape answers the question only (Go back); the form stays open.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(question).toBeVisible();
    // The question takes the focus when it opens; Escape goes to what has the focus.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="alertdialog"]') !== null))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await question.getByRole('button', { name: 'Save anyway' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: 'Backdated Brunch' })).toBeVisible();
    await expect.poll(mine).toEqual(['Backdated Brunch', 'Last Week Lunch']);

    await page.getByRole('button', { name: 'Edit Event Last Week Lunch' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Event' });
    await edit.getByLabel('Venue Name').fill('Sail Loft');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(question).toHaveCount(0);
    await expect
      .poll(async () => (await stored(page, 'events')).find((e) => e.id === 301))
      .toMatchObject({ VenueName: 'Sail Loft', EventDate: past });
  });
});

test.describe('inventory', () => {
  const suppliers = [supplier('S1', 'Harbour Dairy')];
  const items = [item('1', 'Butter', 'Harbour Dairy', 'S1'), item('2', 'Cream', 'Harbour Dairy', 'S1')];

  test('Edit Item refuses a negative on-hand with the message, stays open and saves nothing', async ({ page }) => {
    await openWith(page, '/Inventory', { suppliers, inventoryItems: items });
    const butter = page.getByRole('list', { name: 'Inventory items' }).getByRole('listitem', { name: 'Butter' });
    await butter.getByRole('button', { name: 'Edit item Butter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Item' });
    await dialog.getByLabel('On-hand Quantity').fill('-5');
    await dialog.getByLabel('Re-order Qty').fill('1e20');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('On-hand Quantity')).toHaveAccessibleDescription(
      'On-hand Quantity cannot be negative: enter a whole number from 0 to 1,000,000.',
    );
    await expect(dialog.getByLabel('Re-order Qty')).toHaveAccessibleDescription(
      'Re-order Qty is too large: enter a whole number from 0 to 1,000,000.',
    );
    expect((await stored(page, 'inventoryItems')).map((i) => i.quantity)).toEqual([5, 5]);
    await dialog.getByLabel('On-hand Quantity').fill('7');
    await dialog.getByLabel('Re-order Qty').fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await stored(page, 'inventoryItems'))[0])
      .toMatchObject({ quantity: 7, whenToOrder: 2, supplierID: 'S1' });
  });

  test('the add form says why it refuses a negative on-hand; a duplicate SKU is warned about, naming the other item, in add and edit', async ({
    page,
  }) => {
    await openWith(page, '/Inventory', { suppliers, inventoryItems: items });
    const form = page.getByRole('form', { name: 'Add Item' });
    await form.getByLabel('SKU', { exact: true }).fill('sku-1');
    await expect(form.getByLabel('SKU', { exact: true })).toHaveAccessibleDescription(
      'SKU sku-1 is already used by Butter (Harbour Dairy). You can still save it.',
    );
    await form.getByLabel('SKU', { exact: true }).fill('SKU-9');
    await expect(form.getByText(/is already used by/)).toHaveCount(0);
    await form.getByLabel('Item Name', { exact: true }).fill('Yogurt');
    await form.getByLabel('Amount per Unit', { exact: true }).fill('1');
    await form.getByLabel('Cost per Unit', { exact: true }).fill('3');
    await form.getByLabel('On-hand Quantity', { exact: true }).fill('-2');
    await form.getByLabel('Re-order Qty', { exact: true }).fill('1');
    await form.getByRole('button', { name: 'Add Item' }).click();
    await expect(form.getByLabel('On-hand Quantity', { exact: true })).toHaveAccessibleDescription(
      'On-hand Quantity cannot be negative: enter a whole number from 0 to 1,000,000.',
    );
    expect(await stored(page, 'inventoryItems')).toHaveLength(2);
    await form.getByLabel('On-hand Quantity', { exact: true }).fill('2');
    await form.getByRole('button', { name: 'Add Item' }).click();
    await expect(
      page.getByRole('list', { name: 'Inventory items' }).getByRole('listitem', { name: 'Yogurt' }),
    ).toBeVisible();

    await page
      .getByRole('list', { name: 'Inventory items' })
      .getByRole('listitem', { name: 'Cream' })
      .getByRole('button', { name: 'Edit item Cream' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Item' });
    await expect(dialog.getByText(/is already used by/)).toHaveCount(0);
    await dialog.getByLabel('SKU').fill('SKU-1');
    await expect(dialog.getByLabel('SKU')).toHaveAccessibleDescription(
      'SKU SKU-1 is already used by Butter (Harbour Dairy). You can still save it.',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await stored(page, 'inventoryItems')).map((i) => i.sku))
      .toEqual(['SKU-1', 'SKU-1', 'SKU-9']);
  });
});

test.describe('suppliers', () => {
  test('a duplicate name warns, a duplicate Supplier ID is refused naming its owner', async ({ page }) => {
    await openWith(page, '/SupplierManagement', { suppliers: [supplier('S1', 'Acme Foods')], inventoryItems: [] });
    const form = page.getByRole('form', { name: 'Add Supplier' });
    await form.getByLabel('Supplier Name').fill('acme foods');
    await expect(form.getByLabel('Supplier Name')).toHaveAccessibleDescription(
      'Another supplier is already called Acme Foods (Supplier ID S1). You can still save it.',
    );
    await form.getByLabel('Supplier ID').fill('S1');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByLabel('Supplier ID')).toHaveAccessibleDescription(
      'Supplier ID S1 is already used by Acme Foods. Choose another ID.',
    );
    expect(await stored(page, 'suppliers')).toHaveLength(1);
    await form.getByLabel('Supplier ID').fill('S2');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('listitem', { name: 'acme foods', exact: true })).toBeVisible();
    expect((await stored(page, 'suppliers')).map((s) => s.supplierID)).toEqual(['S1', 'S2']);
  });

  test('renaming one of two suppliers called Acme Foods renames only its own items', async ({ page }) => {
    await openWith(page, '/SupplierManagement', {
      suppliers: [supplier('S1', 'Acme Foods'), supplier('S2', 'Acme Foods'), supplier('S3', 'Bolt Produce')],
      inventoryItems: [
        item('1', 'Butter', 'Acme Foods', 'S1'),
        item('2', 'Flour', 'Acme Foods', 'S2'),
        item('3', 'Kale', 'Bolt Produce'),
        item('4', 'Cream', 'Acme Foods', 'S1'),
      ],
    });
    await page.getByRole('button', { name: 'Edit supplier Acme Foods' }).first().click();
    const form = page.getByRole('form', { name: 'Edit Supplier' });
    await expect(form.getByLabel('Supplier ID')).toHaveValue('S1');
    await form.getByLabel('Supplier Name').fill('Acme Fine Foods');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('listitem', { name: 'Acme Fine Foods' })).toBeVisible();
    await expect
      .poll(async () => (await stored(page, 'inventoryItems')).map((i) => [i.name, i.supplierName]))
      .toEqual([
        ['Butter', 'Acme Fine Foods'],
        ['Flour', 'Acme Foods'],
        ['Kale', 'Bolt Produce'],
        ['Cream', 'Acme Fine Foods'],
      ]);
  });

  test('deleting a supplier says how many items use it; Keep keeps it, Delete leaves the items with the name and no supplier on record', async ({
    page,
  }) => {
    await openWith(page, '/SupplierManagement', {
      suppliers: [supplier('S1', 'Acme Foods'), supplier('S3', 'Bolt Produce'), supplier('S4', 'Cove Spices')],
      inventoryItems: [
        item('1', 'Butter', 'Acme Foods', 'S1'),
        item('2', 'Flour', 'Acme Foods'),
        item('3', 'Kale', 'Bolt Produce'),
        item('4', 'Cream', 'Acme Foods', 'S1'),
      ],
    });
    await page.getByRole('button', { name: 'Delete supplier Acme Foods' }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete supplier Acme Foods?' });
    await expect(question).toContainText(
      '3 inventory items use Acme Foods. They will keep the name but have no supplier on record.',
    );
    await question.getByRole('button', { name: 'Keep Supplier' }).click();
    await expect(question).toBeHidden();
    await expect(page.getByRole('listitem', { name: 'Acme Foods' })).toBeVisible();
    expect(await stored(page, 'suppliers')).toHaveLength(3);

    await page.getByRole('button', { name: 'Delete supplier Acme Foods' }).click();
    await question.getByRole('button', { name: 'Delete Supplier' }).click();
    await expect(page.getByRole('listitem', { name: 'Acme Foods' })).toHaveCount(0);
    await expect.poll(async () => (await stored(page, 'suppliers')).map((s) => s.supplierID)).toEqual(['S3', 'S4']);
    const left = await stored(page, 'inventoryItems');
    expect(left.map((i) => [i.name, i.supplierName, i.supplierID ?? null])).toEqual([
      ['Butter', 'Acme Foods', null],
      ['Flour', 'Acme Foods', null],
      ['Kale', 'Bolt Produce', null],
      ['Cream', 'Acme Foods', null],
    ]);

    // A supplier nothing uses is deleted at once, as before.
    await page.getByRole('button', { name: 'Delete supplier Cove Spices' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect.poll(async () => (await stored(page, 'suppliers')).map((s) => s.supplierID)).toEqual(['S3']);
  });
});

test.describe('issue 25: two suppliers of one name', () => {
  test('the Supplier Name choices tell them apart by Supplier ID, the item keeps the chosen one, and the supplier list says they share a name', async ({
    page,
  }) => {
    const twins = [
      supplier('S1', 'Coastal Seafood Co.'),
      supplier('S2', 'Coastal Seafood Co.'),
      supplier('S3', 'Harbour Dairy'),
    ];
    await openWith(page, '/Inventory', {
      suppliers: twins,
      inventoryItems: [item('1', 'Cod', 'Coastal Seafood Co.', 'S2')],
    });
    const form = page.getByRole('form', { name: 'Add Item' });
    await form.getByRole('combobox', { name: 'Supplier Name' }).click();
    await expect(page.getByRole('option')).toHaveText([
      'Select a Supplier',
      'Coastal Seafood Co. (Supplier ID S1)',
      'Coastal Seafood Co. (Supplier ID S2)',
      'Harbour Dairy',
    ]);
    await page.getByRole('option', { name: 'Coastal Seafood Co. (Supplier ID S2)' }).click();
    await form.getByLabel('SKU', { exact: true }).fill('HAKE-1');
    await form.getByLabel('Item Name', { exact: true }).fill('Hake');
    await form.getByLabel('Amount per Unit', { exact: true }).fill('1');
    await form.getByLabel('Cost per Unit', { exact: true }).fill('3');
    await form.getByLabel('On-hand Quantity', { exact: true }).fill('2');
    await form.getByLabel('Re-order Qty', { exact: true }).fill('1');
    await form.getByRole('button', { name: 'Add Item' }).click();
    await expect
      .poll(async () => (await stored(page, 'inventoryItems')).find((i) => i.name === 'Hake'))
      .toMatchObject({ supplierName: 'Coastal Seafood Co.', supplierID: 'S2' });

    // Edit shows the item's own supplier; choosing the other one moves it there.
    await page
      .getByRole('list', { name: 'Inventory items' })
      .getByRole('listitem', { name: 'Cod' })
      .getByRole('button', { name: 'Edit item Cod' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Item' });
    await expect(dialog.getByRole('combobox', { name: 'Supplier Name' })).toHaveText(
      /Coastal Seafood Co\. \(Supplier ID S2\)/,
    );
    await dialog.getByRole('combobox', { name: 'Supplier Name' }).click();
    await page.getByRole('option', { name: 'Coastal Seafood Co. (Supplier ID S1)' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await stored(page, 'inventoryItems')).find((i) => i.name === 'Cod'))
      .toMatchObject({ supplierName: 'Coastal Seafood Co.', supplierID: 'S1' });

    await page.goto('/SupplierManagement');
    const cards = page.getByRole('listitem', { name: 'Coastal Seafood Co.', exact: true });
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText(
      "Same name asSupplier ID S2: Inventory's Supplier Name choices show the Supplier ID to tell them apart.",
    );
    await expect(cards.nth(1)).toContainText('Same name asSupplier ID S1: ');
    await expect(page.getByRole('listitem', { name: 'Harbour Dairy', exact: true })).not.toContainText('Same name as');
  });
});

test.describe('Tool Kit numbers typed with commas', () => {
  test('a price of 1,250.50 is read as such; 10,50 is refused with its reason, not stored as 1050; the same for a specialty cost and quantity', async ({
    page,
  }) => {
    const eventDate = addDays(today, 20);
    await openWith(page, '/ManageEvents', { events: [{ ...event(301, 'Harbour Lunch', eventDate), pricing: [] }] });
    await page.getByRole('article', { name: 'Harbour Lunch' }).getByRole('button', { name: 'Tool Kit' }).click();
    const kit = page.getByRole('dialog', { name: /Tool Kit: Harbour Lunch/ });
    const tools = kit.getByRole('group', { name: 'Tools' });
    await tools.getByRole('button', { name: 'Pricing', exact: true }).click();

    await kit.getByLabel('Item Name').fill('Marquee');
    await kit.getByLabel('Price', { exact: true }).fill('10,50');
    await kit.getByRole('button', { name: 'Add Price', exact: true }).click();
    await expect(
      kit.getByText('Price: use a point for cents, e.g. 10.50 (a comma only separates thousands, as in 1,000).'),
    ).toBeVisible();
    // Nothing added, the typing kept.
    await expect(kit.getByRole('button', { name: /^Delete price / })).toHaveCount(0);
    await expect(kit.getByLabel('Price', { exact: true })).toHaveValue('10,50');

    await kit.getByLabel('Price', { exact: true }).fill('1,250.50');
    await kit.getByRole('button', { name: 'Add Price', exact: true }).click();
    await expect(kit.getByRole('table', { name: 'Price list' }).getByRole('row', { name: /Marquee/ })).toContainText(
      '$1,250.50',
    );
    await expect
      .poll(async () => ((await stored(page, 'events'))[0]?.pricing as Array<{ name: string; price: number }>) ?? [])
      .toEqual([expect.objectContaining({ name: 'Marquee', price: 1250.5 })]);

    // A specialty ingredient: the same reading of its numbers.
    await tools.getByRole('button', { name: 'Ingredients', exact: true }).click();
    const form = kit.getByRole('region', { name: 'Add Specialty Ingredients.' });
    await form.getByLabel('Ingredient Name', { exact: true }).fill('Saffron');
    await form.getByLabel('Unit Quantity', { exact: true }).fill('1');
    await form.getByLabel('Quantity Needed', { exact: true }).fill('2,5');
    await form.getByLabel('Cost per Unit', { exact: true }).fill('1,000,00');
    await kit.getByRole('button', { name: 'Add Specialty Ingredient', exact: true }).click();
    await expect(
      kit.getByText(
        'Quantity Needed: use a point for decimals, e.g. 2.5 (a comma only separates thousands, as in 1,000).',
      ),
    ).toBeVisible();
    await expect(
      kit.getByText('Cost per Unit: put commas only between groups of three digits, e.g. 1,000.50.'),
    ).toBeVisible();
    await expect(kit.getByRole('button', { name: /^Delete Saffron/ })).toHaveCount(0);
    await form.getByLabel('Quantity Needed', { exact: true }).fill('2.5');
    await form.getByLabel('Cost per Unit', { exact: true }).fill('1,000.00');
    await kit.getByRole('button', { name: 'Add Specialty Ingredient', exact: true }).click();
    await expect(kit.getByRole('button', { name: /^Delete Saffron/ })).toBeVisible();
    await expect
      .poll(async () =>
        (((await stored(page, 'events'))[0]?.ingredients as Array<Record<string, unknown>>) ?? []).map(
          ({ name, quantityNeeded, costPerUnit }) => ({ name, quantityNeeded, costPerUnit }),
        ),
      )
      .toEqual([{ name: 'Saffron', quantityNeeded: 2.5, costPerUnit: 1000 }]);
  });
});
