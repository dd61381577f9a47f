import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from './support/auth';

/**
 * Two tabs of one browser (one localStorage) editing the same records: saves go by id and revision,
 * another tab's change is never silently overwritten, and a stale save ends in the conflict choice.
 */

type Row = Record<string, unknown>;

const employee = (id: string, firstName: string, lastName: string, role: string) => ({
  id,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@galley.ca`,
  role,
  phone: '902-555-0100',
  fullTimePartTime: 'fulltime',
  department: 'Kitchen',
  startDate: '2025-01-01',
});
const employees = [
  employee('E-marina', 'Marina', 'Hull', 'Server'),
  employee('E-sofia', 'Sofia', 'Bow', 'Cook'),
  employee('E-noah', 'Noah', 'Stern', 'Driver'),
];

const supplier = (supplierID: string, supplierName: string, email: string, phone: string) => ({
  supplierID,
  supplierName,
  email,
  phone,
  contractStatus: 'active',
  startDate: '2025-01-01',
  endDate: '2026-01-01',
});
const suppliers = [
  supplier('S-harbour', 'Harbour Dairy', 'h@dairy.ca', '555-0101'),
  supplier('S-bolt', 'Bolt', 'orders@bolt.ca', '555-0102'),
];

const item = (id: string, name: string, quantity: number) => ({
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
const items = [item('1', 'Butter', 10), item('2', 'Flour', 20), item('3', 'Cream', 30)];

const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]') as Row[], key);
const byId = (rows: Row[], field: string, id: string) => rows.find((r) => r[field] === id);

/** Tab A (`page`) and tab B (`other`), both signed in with the demo account, on `path` with `seed` in storage. */
async function twoTabs(
  page: Page,
  context: BrowserContext,
  path: string,
  heading: string,
  seed: Record<string, unknown>,
) {
  await signIn(page);
  await page.evaluate((s) => {
    for (const [key, value] of Object.entries(s)) localStorage.setItem(key, JSON.stringify(value));
  }, seed);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const other = await context.newPage();
  await other.goto(path);
  await expect(other.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  return other;
}

/** A conflict dialog radio's name: 'Theirs:' or 'Mine:' and the value. */
const side = (which: 'Theirs' | 'Mine', value: string) =>
  new RegExp(`^${which}:\\s*${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const conflictDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Changed in another tab' });

test.describe('two tabs: employees', () => {
  test('tab B edits Sofia while tab A deletes Marina: Sofia changes, Noah stays, Marina stays deleted', async ({
    page,
    context,
  }) => {
    const other = await twoTabs(page, context, '/EmployeeManagement', 'Employee Management', { employees });
    await other.getByRole('button', { name: 'Edit employee Sofia Bow' }).click();
    await expect(other.getByLabel('Role')).toHaveValue('Cook');

    await page.getByRole('button', { name: 'Delete employee Marina Hull' }).click();
    await expect(page.getByRole('listitem', { name: 'Marina Hull' })).toHaveCount(0);
    await expect(other.getByRole('listitem', { name: 'Marina Hull' })).toHaveCount(0);

    await other.getByLabel('Role').fill('Head Cook');
    await other.getByRole('button', { name: 'Submit' }).click();
    await expect(conflictDialog(other)).toHaveCount(0);
    await expect(other.getByRole('listitem', { name: 'Sofia Bow' })).toContainText('Head Cook');

    await expect.poll(async () => (await stored(page, 'employees')).map((e) => e.id)).toEqual(['E-sofia', 'E-noah']);
    const rows = await stored(page, 'employees');
    expect(byId(rows, 'id', 'E-sofia')).toMatchObject({ ...employees[1], role: 'Head Cook' });
    const { rev: _rev, ...noah } = byId(rows, 'id', 'E-noah')!;
    expect(noah).toEqual(employees[2]);
    expect(byId(rows, 'id', 'E-marina')).toBeUndefined();
    await expect(page.getByRole('listitem', { name: 'Sofia Bow' })).toContainText('Head Cook');
    await expect(page.getByRole('listitem', { name: 'Noah Stern' })).toContainText('Driver');
  });
});

test.describe('two tabs: suppliers', () => {
  /** B starts editing Bolt's phone, A saves a new email for Bolt, B submits: the conflict dialog. */
  async function raceOnBolt(page: Page, context: BrowserContext) {
    const other = await twoTabs(page, context, '/SupplierManagement', 'Supplier Management', { suppliers });
    await other.getByRole('button', { name: 'Edit supplier Bolt' }).click();
    await other.getByLabel('Phone').fill('555-9999');

    await page.getByRole('button', { name: 'Edit supplier Bolt' }).click();
    await page.getByLabel('Email').fill('sales@bolt.ca');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('listitem', { name: 'Bolt' })).toContainText('sales@bolt.ca');
    await expect(other.getByRole('listitem', { name: 'Bolt' })).toContainText('sales@bolt.ca');

    await other.getByRole('button', { name: 'Submit' }).click();
    const dialog = conflictDialog(other);
    await expect(dialog).toBeVisible();
    return { other, dialog };
  }

  test('stale Submit → "Changed in another tab"; Merge takes B\'s phone and A\'s email', async ({ page, context }) => {
    const { dialog } = await raceOnBolt(page, context);
    const phone = dialog.getByRole('group', { name: 'Phone' });
    const email = dialog.getByRole('group', { name: 'Email' });
    await expect(phone.getByRole('radio', { name: side('Theirs', '555-0102') })).toBeVisible();
    await expect(phone.getByRole('radio', { name: side('Mine', '555-9999') })).toBeChecked();
    await expect(email.getByRole('radio', { name: side('Theirs', 'sales@bolt.ca') })).toBeChecked();
    await expect(email.getByRole('radio', { name: side('Mine', 'orders@bolt.ca') })).toBeVisible();
    await phone.getByRole('radio', { name: /^Mine:/ }).check();
    await email.getByRole('radio', { name: /^Theirs:/ }).check();
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => byId(await stored(page, 'suppliers'), 'supplierID', 'S-bolt'))
      .toMatchObject({ phone: '555-9999', email: 'sales@bolt.ca' });
    expect(byId(await stored(page, 'suppliers'), 'supplierID', 'S-harbour')).toMatchObject(suppliers[0]!);
    await expect(page.getByRole('listitem', { name: 'Bolt' })).toContainText('555-9999');
  });

  test("Keep theirs: tab A's Bolt stays and B's phone is not saved", async ({ page, context }) => {
    const { other, dialog } = await raceOnBolt(page, context);
    const before = await page.evaluate(() => localStorage.getItem('suppliers'));
    await dialog.getByRole('button', { name: 'Keep theirs' }).click();
    await expect(dialog).toBeHidden();
    await expect(other.getByRole('listitem', { name: 'Bolt' })).toContainText('sales@bolt.ca');
    await expect(other.getByRole('listitem', { name: 'Bolt' })).not.toContainText('555-9999');
    await other.waitForTimeout(300);
    expect(await page.evaluate(() => localStorage.getItem('suppliers'))).toBe(before);
    expect(byId(await stored(page, 'suppliers'), 'supplierID', 'S-bolt')).toMatchObject({
      phone: '555-0102',
      email: 'sales@bolt.ca',
    });
  });

  test("Keep mine: tab B's Bolt is saved over tab A's", async ({ page, context }) => {
    const { other, dialog } = await raceOnBolt(page, context);
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => byId(await stored(page, 'suppliers'), 'supplierID', 'S-bolt'))
      .toMatchObject({ phone: '555-9999', email: 'orders@bolt.ca' });
    await expect(page.getByRole('listitem', { name: 'Bolt' })).toContainText('555-9999');
    await expect(other.getByRole('listitem', { name: 'Bolt' })).toContainText('orders@bolt.ca');
  });
});

test.describe('two tabs: inventory', () => {
  const list = (page: Page) => page.getByRole('list', { name: 'Inventory items' });

  test("B edits Flour's name while A saves its quantity: conflict (A's quantity never reverted), Merge keeps both", async ({
    page,
    context,
  }) => {
    const other = await twoTabs(page, context, '/Inventory', 'Inventory', { suppliers, inventoryItems: items });
    await list(other).getByRole('listitem', { name: 'Flour' }).getByRole('button', { name: 'Edit item Flour' }).click();
    const editB = other.getByRole('dialog', { name: 'Edit Item' });
    await expect(editB).toBeVisible();

    await list(page).getByRole('listitem', { name: 'Flour' }).getByRole('button', { name: 'Edit item Flour' }).click();
    const editA = page.getByRole('dialog', { name: 'Edit Item' });
    await editA.getByLabel('On-hand Quantity').fill('42');
    await editA.getByRole('button', { name: 'Save' }).click();
    await expect(editA).toBeHidden();
    await expect.poll(async () => byId(await stored(page, 'inventoryItems'), 'id', '2')?.quantity).toBe(42);
    await expect(editB.getByText('This item was changed in another tab.')).toBeVisible();

    await editB.getByLabel('Item Name').fill('Rye Flour');
    await editB.getByRole('button', { name: 'Save' }).click();
    const dialog = conflictDialog(other);
    await expect(dialog).toBeVisible();
    // Nothing is written while the choice is open: A's quantity stands.
    expect(byId(await stored(page, 'inventoryItems'), 'id', '2')).toMatchObject({ name: 'Flour', quantity: 42 });
    await expect(
      dialog.getByRole('group', { name: 'On-hand Quantity' }).getByRole('radio', { name: side('Theirs', '42') }),
    ).toBeChecked();
    await expect(
      dialog.getByRole('group', { name: 'Item Name' }).getByRole('radio', { name: side('Mine', 'Rye Flour') }),
    ).toBeChecked();
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await expect(dialog).toBeHidden();

    await expect
      .poll(async () => byId(await stored(page, 'inventoryItems'), 'id', '2'))
      .toMatchObject({ name: 'Rye Flour', quantity: 42 });
    const rows = await stored(page, 'inventoryItems');
    expect(rows.map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(byId(rows, 'id', '1')).toMatchObject(items[0]!);
    expect(byId(rows, 'id', '3')).toMatchObject(items[2]!);
    await expect(list(page).getByRole('listitem', { name: 'Rye Flour' })).toContainText('On-hand Quantity: 42');
  });
});

test.describe('two tabs: a record deleted in tab A while tab B edits it', () => {
  async function deleteWhileEditing(page: Page, context: BrowserContext) {
    const other = await twoTabs(page, context, '/EmployeeManagement', 'Employee Management', { employees });
    await other.getByRole('button', { name: 'Edit employee Sofia Bow' }).click();
    await other.getByLabel('Role').fill('Sous Chef');
    await page.getByRole('button', { name: 'Delete employee Sofia Bow' }).click();
    await expect.poll(async () => (await stored(page, 'employees')).map((e) => e.id)).toEqual(['E-marina', 'E-noah']);
    await expect(other.getByRole('listitem', { name: 'Sofia Bow' })).toHaveCount(0);
    await other.getByRole('button', { name: 'Submit' }).click();
    const dialog = conflictDialog(other);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep it deleted' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save mine again' })).toBeVisible();
    return { other, dialog };
  }

  test('Keep it deleted: Sofia stays deleted, the others untouched', async ({ page, context }) => {
    const { other, dialog } = await deleteWhileEditing(page, context);
    await dialog.getByRole('button', { name: 'Keep it deleted' }).click();
    await expect(dialog).toBeHidden();
    await expect(other.getByLabel('Role')).toHaveValue('');
    await other.waitForTimeout(300);
    expect((await stored(page, 'employees')).map((e) => e.id)).toEqual(['E-marina', 'E-noah']);
    await expect(other.getByRole('listitem', { name: 'Sofia Bow' })).toHaveCount(0);
  });

  test("Save mine again: Sofia comes back with B's role, the others untouched", async ({ page, context }) => {
    const { other, dialog } = await deleteWhileEditing(page, context);
    await dialog.getByRole('button', { name: 'Save mine again' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await stored(page, 'employees')).map((e) => e.id))
      .toEqual(['E-marina', 'E-noah', 'E-sofia']);
    expect(byId(await stored(page, 'employees'), 'id', 'E-sofia')).toMatchObject({
      ...employees[1],
      role: 'Sous Chef',
    });
    await expect(page.getByRole('listitem', { name: 'Sofia Bow' })).toContainText('Sous Chef');
    await expect(other.getByRole('listitem', { name: 'Sofia Bow' })).toContainText('Sous Chef');
  });

  test('inventory: an item deleted in A while B edits it → Keep it deleted / Save mine again', async ({
    page,
    context,
  }) => {
    const list = (p: Page) => p.getByRole('list', { name: 'Inventory items' });
    const other = await twoTabs(page, context, '/Inventory', 'Inventory', { suppliers, inventoryItems: items });
    const edit = async () => {
      await list(other)
        .getByRole('listitem', { name: 'Cream' })
        .getByRole('button', { name: 'Edit item Cream' })
        .click();
      await other.getByRole('dialog', { name: 'Edit Item' }).getByLabel('On-hand Quantity').fill('7');
      await list(page)
        .getByRole('listitem', { name: 'Cream' })
        .getByRole('button', { name: 'Delete item Cream' })
        .click();
      await expect.poll(async () => (await stored(page, 'inventoryItems')).map((i) => i.id)).toEqual(['1', '2']);
      await other.getByRole('dialog', { name: 'Edit Item' }).getByRole('button', { name: 'Save' }).click();
      const dialog = conflictDialog(other);
      await expect(dialog).toBeVisible();
      return dialog;
    };
    let dialog = await edit();
    await dialog.getByRole('button', { name: 'Keep it deleted' }).click();
    await expect(dialog).toBeHidden();
    await expect(other.getByRole('dialog', { name: 'Edit Item' })).toBeHidden();
    await other.waitForTimeout(300);
    expect((await stored(page, 'inventoryItems')).map((i) => i.id)).toEqual(['1', '2']);

    // Put Cream back from A, then race again and save B's version.
    await page.evaluate((cream) => {
      const rows = JSON.parse(localStorage.getItem('inventoryItems')!) as unknown[];
      localStorage.setItem('inventoryItems', JSON.stringify([...rows, cream]));
    }, items[2]!);
    await page.reload();
    await expect(list(other).getByRole('listitem', { name: 'Cream' })).toBeVisible();
    await expect(list(page).getByRole('listitem', { name: 'Cream' })).toBeVisible();
    dialog = await edit();
    await dialog.getByRole('button', { name: 'Save mine again' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await stored(page, 'inventoryItems')).map((i) => i.id)).toEqual(['1', '2', '3']);
    expect(byId(await stored(page, 'inventoryItems'), 'id', '3')).toMatchObject({ ...items[2], quantity: 7 });
    await expect(list(page).getByRole('listitem', { name: 'Cream' })).toContainText('On-hand Quantity: 7');
  });
});
