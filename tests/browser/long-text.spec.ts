/**
 * Issue 25, item 11: every text field has a sane maximum length with a message, and a toast never
 * fills the screen (a 5,000-character event name put its close button above the top edge).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, toISODate } from '../../src/domain/eventDates';
import { signIn } from './support/auth';

const today = toISODate(new Date());
const long = (n: number) => 'Harbourfeast'.repeat(Math.ceil(n / 12)).slice(0, n);

const event = (id: number, name: string) => ({
  id,
  EventName: name,
  CustomerFirstName: 'Marin',
  CustomerLastName: 'Keel',
  CustomerPhoneNumber: 5550100,
  CustomerEmail: 'marin@example.com',
  EventType: 'Meeting',
  NumberOfGuests: 10,
  EventDate: addDays(today, 5),
  StartTime: '10:00',
  EndTime: '12:00',
  VenueName: 'Dock Hall',
  VenueStreetAddress: '1 Pier Road',
  VenueCity: 'Halifax',
  ingredients: [],
});

async function openWith(page: Page, path: string, data: Record<string, unknown>) {
  await signIn(page);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
  }, data);
  await page.goto(path);
}

test('a pasted 5,000-character event name is kept to 200 characters, and the field says so', async ({ page }) => {
  await openWith(page, '/ManageEvents', { events: [] });
  await page.getByRole('button', { name: 'New Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Event' });
  const name = dialog.getByLabel('Event Name');
  await expect(dialog.getByText(/can be at most/)).toHaveCount(0);
  await name.fill(long(5000));
  expect((await name.inputValue()).length).toBe(200);
  await expect(name).toHaveAccessibleDescription('Event Name can be at most 200 characters.');
  await expect(dialog.getByLabel('Venue Name')).toHaveAttribute('maxlength', '200');
  await name.fill('Short name');
  await expect(dialog.getByText(/can be at most/)).toHaveCount(0);
});

test('every text field of the forms has a maximum length: names 200, menu items and notes 2,000', async ({ page }) => {
  await openWith(page, '/Inventory', { inventoryItems: [] });
  for (const label of ['SKU', 'Item Name'])
    await expect(page.getByLabel(label, { exact: true }).first()).toHaveAttribute('maxlength', '200');
  await page.goto('/EmployeeManagement');
  await expect(page.getByLabel('First Name', { exact: true }).first()).toHaveAttribute('maxlength', '200');
  await page.goto('/SupplierManagement');
  await expect(page.getByLabel('Supplier Name', { exact: true }).first()).toHaveAttribute('maxlength', '200');

  await page.evaluate((events) => localStorage.setItem('events', JSON.stringify(events)), [event(1, 'Dock Supper')]);
  await page.goto('/ManageEvents');
  await page.getByRole('button', { name: 'Tool Kit for Dock Supper' }).click();
  const kit = page.getByRole('dialog', { name: /Tool Kit: Dock Supper/ });
  for (const tool of ['Ingredients', 'Menu', 'Notes', 'Pricing'])
    await kit.getByRole('button', { name: tool, exact: true }).click();
  const menu = kit.getByLabel('Menu Item', { exact: true });
  await menu.fill(long(2500));
  expect((await menu.inputValue()).length).toBe(2000);
  await expect(menu).toHaveAccessibleDescription('Menu Item can be at most 2,000 characters.');
  await expect(kit.getByLabel('Note', { exact: true })).toHaveAttribute('maxlength', '2000');
  await expect(
    kit.getByRole('region', { name: 'Add Specialty Ingredients.' }).getByLabel('Ingredient Name'),
  ).toHaveAttribute('maxlength', '200');
  await expect(kit.getByLabel('Currency')).toHaveAttribute('maxlength', '200');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the toast of an event with a 5,000-character name (saved by an older version) stays a few lines, its close button on screen', async ({
    page,
  }) => {
    await openWith(page, '/ManageEvents', { events: [event(1, long(5000))] });
    await page.getByRole('button', { name: /^Edit Event Harbourfeast/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const toast = page
      .getByRole('status')
      .filter({ hasText: 'Event saved' })
      .or(page.locator('[data-part="root"][data-type="success"]'))
      .first();
    await expect(toast).toBeVisible();
    const close = page.getByRole('button', { name: 'Close notification' });
    // The toast slides in (0.3 s): measure where it comes to rest, not a frame of the slide.
    await expect.poll(() => settled(toast)).toBe(true);
    const box = (await toast.boundingBox())!;
    const closeBox = (await close.boundingBox())!;
    expect(box.height).toBeLessThan(844 / 3);
    expect(closeBox.y).toBeGreaterThanOrEqual(0);
    expect(closeBox.y + closeBox.height).toBeLessThanOrEqual(844);
    await close.click();
    await expect(close).toHaveCount(0);
  });
});

/** True once the element's box is the same across two frames (its entering transition has ended). */
async function settled(locator: Locator): Promise<boolean> {
  const before = await locator.boundingBox();
  await locator.page().waitForTimeout(100);
  const after = await locator.boundingBox();
  return !!before && !!after && before.y === after.y && before.height === after.height;
}
