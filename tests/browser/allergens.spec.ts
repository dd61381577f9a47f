import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addDays, toISODate } from '../../src/domain/eventDates';
import { signIn } from './support/auth';
import { shots } from './support/shots';

/** Issue 21 part 4: allergens on menu items, the event's dietary needs, and the flags. */
const inTenDays = addDays(toISODate(new Date()), 10);

function event(id: number, name: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    EventName: name,
    CustomerFirstName: 'Ada',
    CustomerLastName: 'Quay',
    CustomerPhoneNumber: 5550100,
    CustomerEmail: 'ada@example.com',
    EventType: 'Wedding',
    NumberOfGuests: 40,
    EventDate: inTenDays,
    StartTime: '18:00',
    EndTime: '22:00',
    VenueName: 'Dock Hall',
    VenueStreetAddress: '1 Pier Road',
    VenueCity: 'Halifax',
    ingredients: [],
    menuItems: [],
    notes: [],
    pricing: [],
    ...extra,
  };
}

/** Seeds once per test (not again on reload, so a reload shows what the app kept). */
async function openEvents(page: Page, events: unknown[]) {
  await page.addInitScript((seed) => {
    if (window.sessionStorage.getItem('seeded')) return;
    window.sessionStorage.setItem('seeded', '1');
    window.localStorage.setItem('events', JSON.stringify(seed));
  }, events);
  await signIn(page);
  await page.goto('/ManageEvents');
  await expect(page.getByRole('heading', { level: 1, name: 'Event Management' })).toBeVisible();
}

type Stored = { id: number; menuItems?: string[]; menuLines?: Array<{ name: string; allergens: string[] }> };
const stored = async (page: Page, id: number) =>
  ((await page.evaluate(() => JSON.parse(window.localStorage.getItem('events') ?? '[]') as unknown)) as Stored[]).find(
    (e) => e.id === id,
  );
const storedTags = async (page: Page, id: number) =>
  ((await stored(page, id))?.menuLines ?? []).map((l) => [l.name, l.allergens]);

async function openMenu(page: Page, name: string) {
  await page.getByRole('article', { name }).getByRole('button', { name: 'Tool Kit' }).click();
  const kit = page.getByRole('dialog', { name: new RegExp(`Tool Kit: ${name}`) });
  await kit.getByRole('button', { name: 'Menu', exact: true }).click();
  return kit;
}

const axeFindings = async (page: Page, include?: string) => {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const result = await builder.analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
};

test('a peanut dish on a peanut-free event is flagged in the Menu tool, on the card and on the sheet, which prints the allergen table and dietary counts; axe finds nothing', async ({
  page,
}) => {
  await openEvents(page, [event(201, 'Harbour Gala')]);

  // The event form's Dietary needs: a count above the guests is refused with a clear message, nothing lost.
  await page.getByRole('article', { name: 'Harbour Gala' }).getByRole('button', { name: 'Edit Event' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Event' });
  const dietary = form.getByRole('group', { name: 'Dietary needs' });
  await dietary.getByLabel('Vegetarian guests').fill('4');
  await dietary.getByLabel('Vegan guests').fill('50');
  await dietary.getByLabel('Gluten-free guests').fill('1');
  await dietary.getByRole('group', { name: 'Allergies to avoid' }).getByLabel('Peanuts').check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Vegan guests (50) cannot be more than the number of guests (40).')).toBeVisible();
  await expect(dietary.getByLabel('Vegetarian guests')).toHaveValue('4');
  await expect(dietary.getByLabel('Peanuts')).toBeChecked();
  expect(await axeFindings(page)).toEqual([]);
  await dietary.getByLabel('Vegan guests').fill('2');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  // The Menu tool: an Allergens button per row, a checkbox per allergen, the chosen ones as tags, and the flag.
  const kit = await openMenu(page, 'Harbour Gala');
  for (const dish of ['Satay skewers', 'Garden salad']) {
    await kit.getByRole('textbox', { name: 'Menu Item' }).fill(dish);
    await kit.getByRole('button', { name: 'Add Menu Item' }).click();
  }
  await kit.getByRole('button', { name: 'Allergens of Satay skewers' }).click();
  const picker = kit.getByRole('group', { name: 'Allergens in Satay skewers' });
  await expect(picker.getByRole('checkbox')).toHaveCount(14);
  await picker.getByLabel('Peanuts').check();
  await picker.getByLabel('Soy').check();
  expect(await axeFindings(page)).toEqual([]);
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(picker).toBeHidden();
  await expect(kit.getByRole('list', { name: 'Allergens in Satay skewers' }).getByRole('listitem')).toHaveText([
    'Peanuts',
    'Soy',
  ]);
  const satayRow = kit.getByRole('row').filter({ hasText: 'Satay skewers' });
  await expect(satayRow.getByRole('note')).toHaveText('⚠ Contains Peanuts — this event avoids Peanuts');
  await expect(kit.getByRole('row').filter({ hasText: 'Garden salad' }).getByRole('note')).toHaveCount(0);
  await expect
    .poll(() => storedTags(page, 201))
    .toEqual([
      ['Satay skewers', ['peanuts', 'soy']],
      ['Garden salad', []],
    ]);
  // The spec's text list is kept as earlier builds read it.
  expect((await stored(page, 201))?.menuItems).toEqual(['Satay skewers', 'Garden salad']);
  await kit.getByRole('button', { name: 'Close Tool Kit' }).click();
  await expect(kit).toBeHidden();

  // The card.
  const card = page.getByRole('article', { name: 'Harbour Gala' });
  await expect(card.getByRole('list', { name: 'Allergen warnings for Harbour Gala' })).toHaveText(
    '⚠ Satay skewers: Contains Peanuts — this event avoids Peanuts',
  );
  expect(await axeFindings(page)).toEqual([]);

  // The sheet: the flagged menu item, the dietary counts and the allergen table.
  await card.getByRole('link', { name: 'Event Sheet for Harbour Gala' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Gala' })).toBeVisible();
  const menu = page.getByRole('region', { name: 'Menu' });
  await expect(menu.getByRole('listitem').filter({ hasText: 'Satay skewers' })).toContainText(
    'Contains Peanuts — this event avoids Peanuts',
  );
  await expect(menu.getByRole('listitem').filter({ hasText: 'Garden salad' })).not.toContainText('Contains');
  const section = page.getByRole('region', { name: 'Allergens and Dietary Needs' });
  for (const [term, value] of [
    ['Vegetarian guests', '4'],
    ['Vegan guests', '2'],
    ['Gluten-free guests', '1'],
    ['Allergies to avoid', 'Peanuts'],
  ])
    await expect(section.locator(`dt:text-is("${term}") + dd`)).toHaveText(value!);
  const table = section.getByRole('table', { name: 'Allergen table' });
  await expect(table.getByRole('columnheader')).toHaveText(['Menu Item', 'Peanuts (avoid)', 'Soy']);
  await expect(table.getByRole('row').filter({ hasText: 'Satay skewers' }).getByRole('cell')).toHaveText([
    'Yes, avoid',
    'Yes',
  ]);
  await expect(table.getByRole('row').filter({ hasText: 'Garden salad' }).getByRole('cell')).toHaveText(['—', '—']);
  expect(await axeFindings(page)).toEqual([]);
  // Printed: the table and the counts are on the page the printer gets.
  await page.emulateMedia({ media: 'print' });
  await expect(table).toBeVisible();
  await expect(section).toContainText('Vegetarian guests');
});

const tagged = [
  event(202, 'Bosun Lunch', {
    menuItems: ['Bread basket', 'Satay skewers', 'Fish tacos'],
    menuLines: [
      { id: 'm-bread', name: 'Bread basket', allergens: ['wheatGluten'] },
      { id: 'm-satay', name: 'Satay skewers', allergens: ['peanuts'] },
      { id: 'm-fish', name: 'Fish tacos', allergens: ['fish'] },
    ],
  }),
];
const tagsOf = (kit: ReturnType<Page['getByRole']>, dish: string) =>
  kit.getByRole('list', { name: `Allergens in ${dish}` }).getByRole('listitem');

test('deleting the first menu item keeps the tags on the right dishes (this tab, and another tab)', async ({
  page,
}) => {
  await openEvents(page, tagged);
  const kit = await openMenu(page, 'Bosun Lunch');
  // Another tab has the same menu open.
  const other = await page.context().newPage();
  await other.goto('/ManageEvents');
  const otherKit = await openMenu(other, 'Bosun Lunch');
  await expect(tagsOf(otherKit, 'Fish tacos')).toHaveText(['Fish']);

  await kit.getByRole('button', { name: 'Delete menu item Bread basket' }).click();
  await expect(kit.getByRole('row').filter({ hasText: 'Bread basket' })).toHaveCount(0);
  await expect(tagsOf(kit, 'Satay skewers')).toHaveText(['Peanuts']);
  await expect(tagsOf(kit, 'Fish tacos')).toHaveText(['Fish']);
  await expect
    .poll(() => storedTags(page, 202))
    .toEqual([
      ['Satay skewers', ['peanuts']],
      ['Fish tacos', ['fish']],
    ]);

  // The other tab follows, and a tag it sets lands on the dish it was set on.
  await expect(otherKit.getByRole('row').filter({ hasText: 'Bread basket' })).toHaveCount(0);
  await expect(tagsOf(otherKit, 'Satay skewers')).toHaveText(['Peanuts']);
  await otherKit.getByRole('button', { name: 'Allergens of Fish tacos' }).click();
  await otherKit.getByRole('group', { name: 'Allergens in Fish tacos' }).getByLabel('Mustard').check();
  await expect
    .poll(() => storedTags(page, 202))
    .toEqual([
      ['Satay skewers', ['peanuts']],
      ['Fish tacos', ['fish', 'mustard']],
    ]);
  await expect(tagsOf(kit, 'Fish tacos')).toHaveText(['Fish', 'Mustard']);
  await expect(tagsOf(kit, 'Satay skewers')).toHaveText(['Peanuts']);

  // An earlier build (menuItems only) deleting the first item moves no tag either.
  await page.evaluate(() => {
    const events = JSON.parse(window.localStorage.getItem('events') ?? '[]') as Array<Record<string, unknown>>;
    const e = events.find((x) => x.id === 202)!;
    e.menuItems = ['Fish tacos'];
    window.localStorage.setItem('events', JSON.stringify(events));
  });
  await page.reload();
  const again = await openMenu(page, 'Bosun Lunch');
  await expect(again.getByRole('row').filter({ hasText: 'Satay skewers' })).toHaveCount(0);
  await expect(tagsOf(again, 'Fish tacos')).toHaveText(['Fish', 'Mustard']);
});

/** Inventory items carry allergens too (issue 21): the Add Item form and the Edit Item dialog, kept in their drafts. */
const cream = {
  id: '1',
  sku: 'SKU-1',
  name: 'Cream',
  category: 'Dairy',
  amountPerUnit: 1,
  unit: 'liters',
  packageType: 'carton',
  quantity: 9,
  costPerUnit: 4,
  whenToOrder: 2,
  supplierName: '',
};
const storedItems = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('inventoryItems') ?? '[]') as Array<Record<string, unknown>>);

async function openInventory(page: Page) {
  await signIn(page);
  await page.evaluate((items) => localStorage.setItem('inventoryItems', JSON.stringify(items)), [cream]);
  await page.goto('/Inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
}

test('inventory: the Add Item form and Edit Item have an Allergens picker; its ticks survive a reload as the draft, are saved with the item and shown on its card', async ({
  page,
}) => {
  await openInventory(page);
  const form = page.getByRole('form', { name: 'Add Item' });
  const group = form.getByRole('group', { name: 'Allergens', exact: true });
  await expect(group).toBeVisible();
  await expect(group).toContainText('None chosen');
  await form.getByLabel('SKU', { exact: true }).fill('PB-1');
  await form.getByLabel('Item Name', { exact: true }).fill('Peanut butter');
  await form.getByLabel('Amount per Unit', { exact: true }).fill('1');
  await form.getByLabel('Cost per Unit', { exact: true }).fill('8');
  await form.getByLabel('On-hand Quantity', { exact: true }).fill('3');
  await form.getByLabel('Re-order Qty', { exact: true }).fill('1');
  await group.getByRole('button', { name: 'Allergens of Peanut butter' }).click();
  const checks = group.getByRole('group', { name: 'Allergens in Peanut butter' });
  await checks.getByRole('checkbox', { name: 'Soy' }).check();
  await checks.getByRole('checkbox', { name: 'Peanuts' }).check();
  await expect(group.getByRole('list', { name: 'Allergens in Peanut butter' })).toHaveText(['Peanuts', 'Soy'].join(''));
  await shots(page, 'inventory-allergens-picker');

  // The ticks are part of the add form's draft (issue 25): a reload brings them back.
  await page.reload();
  await expect(form.getByText('This item was typed before and not added yet.')).toBeVisible();
  await expect(group.getByRole('list', { name: 'Allergens in Peanut butter' }).getByRole('listitem')).toHaveText([
    'Peanuts',
    'Soy',
  ]);
  await form.getByRole('button', { name: 'Add Item' }).click();
  await expect(group).toContainText('None chosen');
  const card = page.getByRole('listitem', { name: 'Peanut butter' });
  await expect(card.getByRole('list', { name: 'Allergens in Peanut butter' }).getByRole('listitem')).toHaveText([
    'Peanuts',
    'Soy',
  ]);
  await expect
    .poll(async () => (await storedItems(page)).find((i) => i.name === 'Peanut butter')?.allergens)
    .toEqual(['peanuts', 'soy']);

  // Edit Item: tick Milk; a reload reopens the dialog with it (its draft); Save keeps it.
  await page.getByRole('listitem', { name: 'Cream' }).getByRole('button', { name: 'Edit item Cream' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Item' });
  const editGroup = dialog.getByRole('group', { name: 'Allergens', exact: true });
  await editGroup.getByRole('button', { name: 'Allergens of Cream' }).click();
  await editGroup.getByRole('checkbox', { name: 'Milk' }).check();
  await page.reload();
  await expect(dialog.getByText('Your changes to this item were typed before and not saved yet.')).toBeVisible();
  await expect(editGroup.getByRole('list', { name: 'Allergens in Cream' })).toHaveText('Milk');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('listitem', { name: 'Cream' }).getByRole('list', { name: 'Allergens in Cream' }),
  ).toHaveText('Milk');
  await expect.poll(async () => (await storedItems(page)).find((i) => i.name === 'Cream')?.allergens).toEqual(['milk']);
  expect(await axeFindings(page)).toEqual([]);
});

test('inventory: a conflict over an item’s allergens names them, not their ids', async ({ page }) => {
  await openInventory(page);
  await page.getByRole('listitem', { name: 'Cream' }).getByRole('button', { name: 'Edit item Cream' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Item' });
  await dialog.getByRole('button', { name: 'Allergens of Cream' }).click();
  await dialog.getByRole('checkbox', { name: 'Milk' }).check();
  await dialog.getByRole('checkbox', { name: 'Wheat and gluten' }).check();
  // Another tab saves Sesame on the same item meanwhile.
  const other = await page.context().newPage();
  await other.goto('/Inventory');
  // The Edit Item draft is the account's: the other tab opens on it (Milk, Wheat and gluten) and saves Sesame instead.
  const otherDialog = other.getByRole('dialog', { name: 'Edit Item' });
  await expect(otherDialog.getByText('Your changes to this item were typed before and not saved yet.')).toBeVisible();
  await otherDialog.getByRole('button', { name: 'Allergens of Cream' }).click();
  await otherDialog.getByRole('checkbox', { name: 'Milk' }).uncheck();
  await otherDialog.getByRole('checkbox', { name: 'Wheat and gluten' }).uncheck();
  await otherDialog.getByRole('checkbox', { name: 'Sesame' }).check();
  await otherDialog.getByRole('button', { name: 'Save' }).click();
  await expect(otherDialog).toBeHidden();
  await other.close();

  await page.bringToFront();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const conflict = page.getByRole('alertdialog', { name: 'Changed in another tab' });
  const field = conflict.getByRole('group', { name: 'Allergens' });
  await expect(field).toContainText('Theirs:Sesame');
  await expect(field).toContainText('Mine:Milk, Wheat and gluten');
  await expect(conflict).not.toContainText('wheatGluten');
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect
    .poll(async () => (await storedItems(page)).find((i) => i.name === 'Cream')?.allergens)
    .toEqual(['milk', 'wheatGluten']);
});

test('ingredients: an inventory item or specialty ingredient carrying an avoided allergen is flagged in the Tool Kit (before and after adding) and on the sheet', async ({
  page,
}) => {
  const peanutOil = {
    ...cream,
    id: 'item-peanut-oil',
    name: 'Peanut oil',
    category: 'Dry Storage',
    allergens: ['peanuts'],
  };
  await page.addInitScript(
    (items) => {
      if (window.sessionStorage.getItem('seeded-items')) return;
      window.sessionStorage.setItem('seeded-items', '1');
      window.localStorage.setItem('inventoryItems', JSON.stringify(items));
    },
    [peanutOil, cream],
  );
  await openEvents(page, [
    event(205, 'Pier Dinner', { dietary: { vegetarian: 0, vegan: 0, glutenFree: 0, avoid: ['peanuts', 'sesame'] } }),
  ]);
  await page.getByRole('article', { name: 'Pier Dinner' }).getByRole('button', { name: 'Tool Kit' }).click();
  const kit = page.getByRole('dialog', { name: /Tool Kit: Pier Dinner/ });
  await kit.getByRole('button', { name: 'Ingredients', exact: true }).click();

  // Inventory: the flag shows as soon as the item is chosen, and stays on the added line.
  const inventory = kit.getByRole('region', { name: 'Add Items from Inventory.' });
  await inventory.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Dry Storage' }).click();
  await inventory.getByRole('combobox', { name: 'Inventory Item' }).click();
  await page.getByRole('option', { name: /Peanut oil/ }).click();
  await expect(inventory.getByRole('note')).toHaveText('⚠ Contains Peanuts — this event avoids Peanuts');
  await inventory.locator('#inv-quantity').fill('2');
  await inventory.getByRole('button', { name: 'Add Ingredient' }).click();
  const line = inventory.getByRole('list', { name: 'Inventory ingredients' }).getByRole('listitem').first();
  await expect(line).toContainText('Peanut oil');
  await expect(line.getByRole('note')).toHaveText('⚠ Contains Peanuts — this event avoids Peanuts');
  await expect(line.getByRole('list', { name: 'Allergens in Peanut oil' })).toHaveText('Peanuts');

  // Specialty: ticking Sesame on a saved line flags it; a line without avoided allergens is not flagged.
  const specialty = kit.getByRole('region', { name: 'Add Specialty Ingredients.' });
  for (const [name, value] of [
    ['Ingredient Name', 'Tahini'],
    ['Unit Quantity', '1'],
    ['Quantity Needed', '1'],
    ['Cost per Unit', '6'],
  ])
    await specialty.getByLabel(name!, { exact: true }).fill(value!);
  await specialty.getByRole('button', { name: 'Add Specialty Ingredient' }).click();
  const tahini = specialty.getByRole('list', { name: 'Specialty ingredients' }).getByRole('listitem').first();
  await expect(tahini).toContainText('Tahini');
  await expect(tahini.getByRole('note')).toHaveCount(0);
  await tahini.getByRole('button', { name: 'Allergens of Tahini' }).click();
  await tahini.getByRole('group', { name: 'Allergens in Tahini' }).getByLabel('Sesame').check();
  await tahini.getByRole('button', { name: 'Done' }).click();
  await expect(tahini.getByRole('note')).toHaveText('⚠ Contains Sesame — this event avoids Sesame');
  expect(await axeFindings(page)).toEqual([]);
  await shots(page, 'ingredient-allergen-flags');
  await kit.getByRole('button', { name: 'Close Tool Kit' }).click();

  // The sheet flags both lines where the kitchen pulls and orders them.
  await page
    .getByRole('article', { name: 'Pier Dinner' })
    .getByRole('link', { name: 'Event Sheet for Pier Dinner' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pier Dinner' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Peanut oil' })).toContainText(
    'Contains Peanuts — this event avoids Peanuts',
  );
  await expect(page.getByRole('row').filter({ hasText: 'Tahini' })).toContainText(
    'Contains Sesame — this event avoids Sesame',
  );
});

test('the keyboard reaches a menu line’s allergen checkboxes from its Allergens button, and Done or Escape gives the focus back to it', async ({
  page,
}) => {
  await openEvents(page, [event(203, 'Quay Supper')]);
  const kit = await openMenu(page, 'Quay Supper');
  await kit.getByRole('textbox', { name: 'Menu Item' }).fill('Crab cakes');
  await kit.getByRole('button', { name: 'Add Menu Item' }).click();
  const toggle = kit.getByRole('button', { name: 'Allergens of Crab cakes' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const picker = kit.getByRole('group', { name: 'Allergens in Crab cakes' });
  // The first checkbox has the focus (it comes before the button in the line's markup).
  await expect(picker.getByRole('checkbox').first()).toBeFocused();
  // Tab on to Crustaceans and tick it with Space.
  for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
  await expect(picker.getByLabel('Crustaceans')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(picker.getByLabel('Crustaceans')).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(toggle).toBeFocused();
  // The Tool Kit stayed open (Escape closed only the picker), and the choice is kept.
  await expect(kit).toBeVisible();
  await expect(kit.getByRole('list', { name: 'Allergens in Crab cakes' })).toHaveText('Crustaceans');
  await expect.poll(() => storedTags(page, 203)).toEqual([['Crab cakes', ['crustaceans']]]);

  // Done: the same.
  await page.keyboard.press('Enter');
  await expect(picker.getByRole('checkbox').first()).toBeFocused();
  await picker.getByRole('button', { name: 'Done' }).focus();
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(toggle).toBeFocused();

  // A mouse click on the button closes it and leaves the focus where the click put it.
  await toggle.click();
  await toggle.click();
  await expect(picker).toBeHidden();
  await expect(toggle).toBeFocused();
});
