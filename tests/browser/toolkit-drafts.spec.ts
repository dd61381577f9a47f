import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, toISODate } from '../../src/domain/eventDates';
import { signIn } from './support/auth';

/**
 * Issue 25, item 2, the Tool Kit's forms: what was typed and not saved is kept per event as a draft,
 * comes back when that event's Tool Kit is opened again after a reload ("Draft restored." with
 * Discard draft), never shows on another event, is dropped by Discard draft and by saving, and a
 * reload with unsaved typing asks first.
 */
const today = toISODate(new Date());
const event = (id: number, EventName: string) => ({
  id,
  EventName,
  CustomerFirstName: 'Ada',
  CustomerLastName: 'Quay',
  CustomerPhoneNumber: 5550101,
  CustomerEmail: 'ada@example.com',
  EventType: 'Fundraiser',
  NumberOfGuests: 40,
  EventDate: addDays(today, 3),
  StartTime: '18:00',
  EndTime: '22:00',
  VenueName: 'Dock Hall',
  VenueStreetAddress: '1 Pier Road',
  VenueCity: 'Halifax',
  ingredients: [
    {
      id: 'sp-saffron',
      name: 'Saffron',
      units: 'grams',
      unitQuantity: 1,
      quantityNeeded: 2,
      onHand: false,
      needToOrder: true,
      costPerUnit: 12.5,
      packageType: 'each',
      supplierName: '',
    },
  ],
  menuItems: [],
  notes: [],
  pricing: [{ id: 'p-catering', name: 'Catering', price: 1000, currency: 'CAD' }],
});
const flour = {
  id: 'flour',
  name: 'Flour',
  sku: 'flour',
  category: 'Dry Storage',
  amountPerUnit: 10,
  unit: 'kg',
  packageType: 'box',
  quantity: 20,
  costPerUnit: 25,
  whenToOrder: 2,
  supplierName: 'Mill Co',
};

async function open(page: Page) {
  await page.addInitScript(
    ({ events, items }) => {
      if (window.sessionStorage.getItem('seeded')) return;
      window.sessionStorage.setItem('seeded', '1');
      window.localStorage.setItem('events', JSON.stringify(events));
      window.localStorage.setItem('201-discountPercentage', '10');
      window.localStorage.setItem('inventoryItems', JSON.stringify(items));
    },
    { events: [event(202, 'Quay Lunch'), event(201, 'Harbour Gala')], items: [flour] },
  );
  await signIn(page);
  await page.goto('/ManageEvents');
  await expect(page.getByRole('heading', { level: 1, name: 'Event Management' })).toBeVisible();
  // The browser's "Leave site?" questions are answered Leave; each is remembered.
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  return asked;
}

/** Opens the Tool Kit of an event and one of its tools. */
async function openTool(page: Page, eventName: string, tool: string): Promise<Locator> {
  await page.getByRole('button', { name: `Tool Kit for ${eventName}` }).click();
  const kit = page.getByRole('dialog', { name: `Tool Kit: ${eventName}` });
  await kit.getByRole('button', { name: tool, exact: true }).click();
  return kit;
}

async function reload(page: Page, asked: string[]) {
  asked.length = 0;
  await page.reload();
  expect(asked, 'a reload with unsaved typing asks first').toContain('beforeunload');
  await expect(page.getByRole('heading', { level: 1, name: 'Event Management' })).toBeVisible();
}

const restoredNote = (region: Locator) => region.getByRole('status').filter({ hasText: 'Draft restored.' });

async function closeKit(page: Page) {
  await page.getByRole('button', { name: 'Close Tool Kit' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** The same tool on the other event shows none of it. */
async function notOnOtherEvent(page: Page, tool: string, region: (kit: Locator) => Locator) {
  await closeKit(page);
  const other = await openTool(page, 'Quay Lunch', tool);
  await expect(restoredNote(region(other))).toHaveCount(0);
  return other;
}

test('Tool Kit, Add Items from Inventory: the choice and quantity come back on this event only; Discard draft and Add Ingredient drop them', async ({
  page,
}) => {
  const asked = await open(page);
  const region = (kit: Locator) => kit.getByRole('region', { name: 'Add Items from Inventory.' });
  let kit = await openTool(page, 'Harbour Gala', 'Ingredients');
  await region(kit).getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Dry Storage' }).click();
  await region(kit).getByRole('combobox', { name: 'Inventory Item' }).click();
  await page.getByRole('option', { name: /Flour/ }).click();
  await region(kit).locator('#inv-quantity').fill('7');
  await reload(page, asked);

  kit = await openTool(page, 'Harbour Gala', 'Ingredients');
  await expect(restoredNote(region(kit))).toBeVisible();
  await expect(region(kit).locator('#inv-quantity')).toHaveValue('7');
  await expect(region(kit).getByRole('combobox', { name: 'Inventory Item' })).toContainText('Flour');
  const other = await notOnOtherEvent(page, 'Ingredients', region);
  await expect(region(other).locator('#inv-quantity')).toHaveValue('');
  await closeKit(page);

  kit = await openTool(page, 'Harbour Gala', 'Ingredients');
  await region(kit).getByRole('button', { name: 'Discard draft' }).click();
  await expect(region(kit).locator('#inv-quantity')).toHaveValue('');
  await expect(restoredNote(region(kit))).toHaveCount(0);
  await closeKit(page);
  kit = await openTool(page, 'Harbour Gala', 'Ingredients');
  await expect(restoredNote(region(kit))).toHaveCount(0);

  // Chosen, typed and added: nothing comes back.
  await region(kit).getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Dry Storage' }).click();
  await region(kit).getByRole('combobox', { name: 'Inventory Item' }).click();
  await page.getByRole('option', { name: /Flour/ }).click();
  await region(kit).locator('#inv-quantity').fill('3');
  await region(kit).getByRole('button', { name: 'Add Ingredient' }).click();
  await expect(kit.getByRole('list', { name: 'Inventory ingredients' })).toContainText('Flour');
  await closeKit(page);
  kit = await openTool(page, 'Harbour Gala', 'Ingredients');
  await expect(restoredNote(region(kit))).toHaveCount(0);
  await expect(region(kit).locator('#inv-quantity')).toHaveValue('');
});

test('Tool Kit, Add Specialty Ingredients: a new line and an edit come back; Discard draft and Save drop them', async ({
  page,
}) => {
  const asked = await open(page);
  const region = (kit: Locator) => kit.getByRole('region', { name: 'Add Specialty Ingredients.' });
  let kit = await openTool(page, 'Harbour Gala', 'Ingredients');
  await region(kit).getByLabel('Ingredient Name').fill('Vanilla pods');
  await region(kit).getByLabel('Supplier Name').fill('Spice Merchant');
  await reload(page, asked);

  kit = await openTool(page, 'Harbour Gala', 'Ingredients');
  await expect(restoredNote(region(kit))).toBeVisible();
  await expect(region(kit).getByLabel('Ingredient Name')).toHaveValue('Vanilla pods');
  await expect(region(kit).getByLabel('Supplier Name')).toHaveValue('Spice Merchant');
  const other = await notOnOtherEvent(page, 'Ingredients', region);
  await expect(region(other).getByLabel('Ingredient Name')).toHaveValue('');
  await closeKit(page);

  kit = await openTool(page, 'Harbour Gala', 'Ingredients');
  await region(kit).getByRole('button', { name: 'Discard draft' }).click();
  await expect(region(kit).getByLabel('Ingredient Name')).toHaveValue('');
  await expect(restoredNote(region(kit))).toHaveCount(0);

  // An edit of the Saffron line comes back as an edit of that line; Save drops the draft.
  await kit.getByRole('button', { name: 'Edit Saffron' }).click();
  await region(kit).getByLabel('Ingredient Name').fill('Saffron threads');
  await reload(page, asked);
  kit = await openTool(page, 'Harbour Gala', 'Ingredients');
  await expect(restoredNote(region(kit))).toBeVisible();
  await expect(region(kit).getByLabel('Ingredient Name')).toHaveValue('Saffron threads');
  await region(kit).getByRole('button', { name: 'Save Ingredient' }).click();
  await expect(kit.getByRole('list', { name: 'Specialty ingredients' })).toContainText('Saffron threads');
  await expect(restoredNote(region(kit))).toHaveCount(0);
  await closeKit(page);
  kit = await openTool(page, 'Harbour Gala', 'Ingredients');
  await expect(restoredNote(region(kit))).toHaveCount(0);
  await expect(region(kit).getByLabel('Ingredient Name')).toHaveValue('');
});

for (const tool of [
  { name: 'Menu', label: 'Menu Item', add: 'Add Menu Item', text: 'Seared scallops', list: 'Seared scallops' },
  { name: 'Notes', label: 'Note', add: 'Add Note', text: 'Gluten-free table 4', list: 'Gluten-free table 4' },
])
  test(`Tool Kit, ${tool.name}: the text typed comes back on this event only; Discard draft and ${tool.add} drop it`, async ({
    page,
  }) => {
    const asked = await open(page);
    const region = (kit: Locator) => kit.getByRole('region', { name: tool.name, exact: true });
    let kit = await openTool(page, 'Harbour Gala', tool.name);
    await region(kit).getByLabel(tool.label, { exact: true }).fill(tool.text);
    await reload(page, asked);

    kit = await openTool(page, 'Harbour Gala', tool.name);
    await expect(restoredNote(region(kit))).toBeVisible();
    await expect(region(kit).getByLabel(tool.label, { exact: true })).toHaveValue(tool.text);
    const other = await notOnOtherEvent(page, tool.name, region);
    await expect(region(other).getByLabel(tool.label, { exact: true })).toHaveValue('');
    await closeKit(page);

    kit = await openTool(page, 'Harbour Gala', tool.name);
    await region(kit).getByRole('button', { name: 'Discard draft' }).click();
    await expect(region(kit).getByLabel(tool.label, { exact: true })).toHaveValue('');
    await expect(restoredNote(region(kit))).toHaveCount(0);
    await closeKit(page);
    kit = await openTool(page, 'Harbour Gala', tool.name);
    await expect(restoredNote(region(kit))).toHaveCount(0);

    await region(kit).getByLabel(tool.label, { exact: true }).fill(tool.text);
    await region(kit).getByRole('button', { name: tool.add }).click();
    await expect(region(kit)).toContainText(tool.list);
    await closeKit(page);
    kit = await openTool(page, 'Harbour Gala', tool.name);
    await expect(restoredNote(region(kit))).toHaveCount(0);
    await expect(region(kit).getByLabel(tool.label, { exact: true })).toHaveValue('');
  });

test('Tool Kit, Pricing: a price typed and a refused discount come back on this event only; Discard draft and Add Price drop them', async ({
  page,
}) => {
  const asked = await open(page);
  const region = (kit: Locator) => kit.getByRole('region', { name: 'Pricing', exact: true });
  let kit = await openTool(page, 'Harbour Gala', 'Pricing');
  await region(kit).getByLabel('Item Name').fill('Bar service');
  await region(kit).getByLabel('Price', { exact: true }).fill('300');
  await region(kit).getByLabel('Discount (%)').fill('150');
  await expect(region(kit).getByText('Discount is too large: enter a number from 0 to 100.')).toBeVisible();
  await reload(page, asked);

  kit = await openTool(page, 'Harbour Gala', 'Pricing');
  await expect(restoredNote(region(kit))).toHaveCount(2);
  await expect(region(kit).getByLabel('Item Name')).toHaveValue('Bar service');
  await expect(region(kit).getByLabel('Price', { exact: true })).toHaveValue('300');
  await expect(region(kit).getByLabel('Discount (%)')).toHaveValue('150');
  await expect(region(kit).getByText('Discount is too large: enter a number from 0 to 100.')).toBeVisible();
  // The refused value is still not stored, and the totals use the stored 10 %.
  expect(await page.evaluate(() => window.localStorage.getItem('201-discountPercentage'))).toBe('10');
  const other = await notOnOtherEvent(page, 'Pricing', region);
  await expect(region(other).getByLabel('Item Name')).toHaveValue('');
  await expect(region(other).getByLabel('Discount (%)')).toHaveValue('0');
  await closeKit(page);

  // Discard draft of the percentages: the stored 10 % again; of the price form: empty.
  kit = await openTool(page, 'Harbour Gala', 'Pricing');
  await restoredNote(region(kit))
    .filter({ hasText: 'discount or tax' })
    .getByRole('button', { name: 'Discard draft' })
    .click();
  await expect(region(kit).getByLabel('Discount (%)')).toHaveValue('10');
  await expect(region(kit).getByLabel('Item Name')).toHaveValue('Bar service');
  await restoredNote(region(kit)).getByRole('button', { name: 'Discard draft' }).click();
  await expect(region(kit).getByLabel('Item Name')).toHaveValue('');
  await expect(restoredNote(region(kit))).toHaveCount(0);
  await closeKit(page);
  kit = await openTool(page, 'Harbour Gala', 'Pricing');
  await expect(restoredNote(region(kit))).toHaveCount(0);

  // Typed and added: nothing comes back.
  await region(kit).getByLabel('Item Name').fill('Bar service');
  await region(kit).getByLabel('Price', { exact: true }).fill('300');
  await region(kit).getByRole('button', { name: 'Add Price' }).click();
  await expect(region(kit).getByRole('table', { name: 'Price list' })).toContainText('Bar service');
  await closeKit(page);
  kit = await openTool(page, 'Harbour Gala', 'Pricing');
  await expect(restoredNote(region(kit))).toHaveCount(0);
  await expect(region(kit).getByLabel('Item Name')).toHaveValue('');
});
