import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';

/**
 * Issue 25, item 2: typed but unsaved work survives a reload and browser Back/Forward, as a draft
 * per form ("Draft restored", with Discard draft), and leaving a page with unsaved changes asks.
 */

/** Accepts the browser's "Leave site?" prompt and remembers that it was asked. */
function acceptLeavePrompts(page: Page): { asked: string[] } {
  const seen = { asked: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.asked.push(dialog.type());
    void dialog.accept();
  });
  return seen;
}

test('New Event form: typed values come back after a reload and after Back/Forward; Discard draft empties it', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/ManageEvents');
  await page.getByRole('button', { name: 'New Event' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create New Event' });
  await dialog.getByLabel('Event Name').fill('Harbour Wedding');
  await dialog.getByLabel('Venue City').fill('Lunenburg');
  await expect(dialog.getByText('Draft restored.')).toHaveCount(0);

  // Reload: the browser asks first (unsaved changes), then the form is back with what was typed.
  const prompts = acceptLeavePrompts(page);
  await page.reload();
  expect(prompts.asked).toContain('beforeunload');
  dialog = page.getByRole('dialog', { name: 'Create New Event' });
  await expect(dialog.getByLabel('Event Name')).toHaveValue('Harbour Wedding');
  await expect(dialog.getByLabel('Venue City')).toHaveValue('Lunenburg');
  await expect(dialog.getByRole('status').filter({ hasText: 'Draft restored.' })).toBeVisible();

  // Browser Back to the Dashboard and Forward again: still there.
  await page.goto('/Dashboard');
  await page.goBack();
  dialog = page.getByRole('dialog', { name: 'Create New Event' });
  await expect(dialog.getByLabel('Event Name')).toHaveValue('Harbour Wedding');

  // Discard draft: the form is empty, and a reload no longer brings anything back.
  await dialog.getByRole('button', { name: 'Discard draft' }).click();
  await expect(dialog.getByLabel('Event Name')).toHaveValue('');
  await expect(dialog.getByText('Draft restored.')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Event Management' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Create New Event' })).toHaveCount(0);
});

test('New Event form restored after a reload: Cancel puts the focus on New Event, not on the page body', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/ManageEvents');
  await page.getByRole('button', { name: 'New Event' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create New Event' });
  await dialog.getByLabel('Event Name').fill('Harbour Wedding');
  acceptLeavePrompts(page);
  await page.reload();
  // Opened by the page itself: no button had the focus before it.
  dialog = page.getByRole('dialog', { name: 'Create New Event' });
  await expect(dialog.getByLabel('Event Name')).toHaveValue('Harbour Wedding');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(false);
  await expect(page.getByRole('button', { name: 'New Event' })).toBeFocused();
});

test('Edit Item dialog restored after a reload: Cancel puts the focus on the item’s Edit button, not on the page body', async ({
  page,
}) => {
  await openInventory(page);
  const butter = page.getByRole('list', { name: 'Inventory items' }).getByRole('listitem', { name: 'Butter' });
  await butter.getByRole('button', { name: 'Edit item Butter' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit Item' });
  await dialog.getByLabel('Item Name', { exact: true }).fill('Salted Butter');
  acceptLeavePrompts(page);
  await page.reload();
  // Opened by the page itself: no button had the focus before it.
  dialog = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(dialog.getByLabel('Item Name', { exact: true })).toHaveValue('Salted Butter');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(false);
  await expect(butter.getByRole('button', { name: 'Edit item Butter' })).toBeFocused();
});

test('New Event form: a saved event leaves no draft behind', async ({ page }) => {
  await signIn(page);
  await page.goto('/ManageEvents');
  await page.getByRole('button', { name: 'New Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Event' });
  await dialog.getByLabel('Event Name').fill('Quay Lunch');
  await dialog.getByLabel('Event Date').fill('2099-06-01');
  await dialog.getByLabel('Number of Guests').fill('20');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Event Management' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Create New Event' })).toHaveCount(0);
});

const butter = {
  id: 'inv-1',
  sku: 'SKU-1',
  name: 'Butter',
  category: 'Dairy',
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'box',
  quantity: 2,
  costPerUnit: 2,
  whenToOrder: 5,
  supplierName: '',
};

async function openInventory(page: Page, items: unknown[] = [butter]) {
  await signIn(page);
  await page.evaluate((i) => localStorage.setItem('inventoryItems', JSON.stringify(i)), items);
  await page.goto('/Inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
}
const addForm = (page: Page) => page.getByRole('form', { name: 'Add Item' });

test('inventory add form: typed values come back after a reload; Discard draft empties it; Add Item drops it', async ({
  page,
}) => {
  await openInventory(page);
  await addForm(page).getByLabel('SKU', { exact: true }).fill('SAF-1');
  await addForm(page).getByLabel('Item Name', { exact: true }).fill('Saffron');
  const prompts = acceptLeavePrompts(page);
  await page.reload();
  expect(prompts.asked).toContain('beforeunload');
  await expect(addForm(page).getByLabel('Item Name', { exact: true })).toHaveValue('Saffron');
  await expect(addForm(page).getByLabel('SKU', { exact: true })).toHaveValue('SAF-1');
  await expect(addForm(page).getByRole('status').filter({ hasText: 'Draft restored.' })).toBeVisible();
  await addForm(page).getByRole('button', { name: 'Discard draft' }).click();
  await expect(addForm(page).getByLabel('Item Name', { exact: true })).toHaveValue('');
  await expect(addForm(page).getByText('Draft restored.')).toHaveCount(0);
  await page.reload();
  await expect(addForm(page).getByLabel('Item Name', { exact: true })).toHaveValue('');

  // Typed and added: nothing comes back.
  for (const [label, value] of Object.entries({
    SKU: 'CUM-1',
    'Item Name': 'Cumin',
    'Amount per Unit': '1',
    'Cost per Unit': '3',
    'On-hand Quantity': '4',
    'Re-order Qty': '2',
  }))
    await addForm(page).getByLabel(label, { exact: true }).fill(value);
  await addForm(page).getByRole('button', { name: 'Add Item' }).click();
  await expect(
    page.getByRole('list', { name: 'Inventory items' }).getByRole('heading', { name: 'Cumin' }),
  ).toBeVisible();
  await page.reload();
  await expect(addForm(page).getByLabel('Item Name', { exact: true })).toHaveValue('');
  await expect(addForm(page).getByText('Draft restored.')).toHaveCount(0);
});

test('Edit Item dialog: the edit comes back after a reload on its item; Discard draft goes back to the stored values', async ({
  page,
}) => {
  await openInventory(page);
  await page
    .getByRole('list', { name: 'Inventory items' })
    .getByRole('listitem', { name: 'Butter' })
    .getByRole('button', { name: 'Edit item Butter' })
    .click();
  let dialog = page.getByRole('dialog', { name: 'Edit Item' });
  await dialog.getByLabel('Item Name', { exact: true }).fill('Salted Butter');
  acceptLeavePrompts(page);
  await page.reload();
  dialog = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(dialog.getByLabel('Item Name', { exact: true })).toHaveValue('Salted Butter');
  await expect(dialog.getByRole('status').filter({ hasText: 'Draft restored.' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Discard draft' }).click();
  await expect(dialog.getByLabel('Item Name', { exact: true })).toHaveValue('Butter');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Edit Item' })).toHaveCount(0);
});

test('Edit Item dialog: a draft whose item was changed meanwhile is dropped, and the caterer is told', async ({
  page,
}) => {
  await openInventory(page);
  await page
    .getByRole('list', { name: 'Inventory items' })
    .getByRole('listitem', { name: 'Butter' })
    .getByRole('button', { name: 'Edit item Butter' })
    .click();
  await page.getByRole('dialog', { name: 'Edit Item' }).getByLabel('Item Name', { exact: true }).fill('Salted Butter');
  // Another tab (or device restore) changed the item while this page was away.
  await page.evaluate((i) => localStorage.setItem('inventoryItems', JSON.stringify([{ ...i, quantity: 40 }])), butter);
  acceptLeavePrompts(page);
  await page.reload();
  await expect(page.getByText('Unsaved edit dropped')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Edit Item' })).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Inventory items' }).getByRole('heading', { name: 'Butter', exact: true }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('draft:inventoryEdit'))).toBeNull();
});

test('supplier form: typed values come back after a reload and after Back/Forward; Discard draft empties it', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/SupplierManagement');
  const form = page.getByRole('form', { name: 'Add Supplier' });
  await form.getByLabel('Supplier Name').fill('Harbour Dairy');
  await form.getByLabel('Email').fill('orders@harbour.ca');
  const prompts = acceptLeavePrompts(page);
  await page.reload();
  expect(prompts.asked).toContain('beforeunload');
  await expect(form.getByLabel('Supplier Name')).toHaveValue('Harbour Dairy');
  await expect(form.getByLabel('Email')).toHaveValue('orders@harbour.ca');
  await expect(form.getByRole('status').filter({ hasText: 'Draft restored.' })).toBeVisible();
  await page.goto('/Dashboard');
  await page.goBack();
  await expect(form.getByLabel('Supplier Name')).toHaveValue('Harbour Dairy');
  await form.getByRole('button', { name: 'Discard draft' }).click();
  await expect(form.getByLabel('Supplier Name')).toHaveValue('');
  await page.reload();
  await expect(form.getByLabel('Supplier Name')).toHaveValue('');
  await expect(form.getByText('Draft restored.')).toHaveCount(0);
});

test('employee form: an edit in progress comes back after a reload on its employee; Discard draft goes back to the stored values', async ({
  page,
}) => {
  await signIn(page);
  const marin = {
    id: 'E-1',
    firstName: 'Marin',
    lastName: 'Keel',
    email: 'marin@x.ca',
    role: 'Chef',
    phone: '555',
    fullTimePartTime: 'fulltime',
    department: 'Kitchen',
    startDate: '2025-01-01',
  };
  await page.evaluate((e) => localStorage.setItem('employees', JSON.stringify([e])), marin);
  await page.goto('/EmployeeManagement');
  await page.getByRole('button', { name: 'Edit employee Marin Keel' }).click();
  await page.getByLabel('Role').fill('Head Chef');
  acceptLeavePrompts(page);
  await page.reload();
  const form = page.getByRole('form', { name: 'Edit Employee' });
  await expect(form.getByLabel('Role')).toHaveValue('Head Chef');
  await expect(form.getByRole('status').filter({ hasText: 'Draft restored.' })).toBeVisible();
  await form.getByRole('button', { name: 'Discard draft' }).click();
  await expect(form.getByLabel('Role')).toHaveValue('Chef');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Add Employee' }).getByLabel('First Name')).toHaveValue('');
});

test('leaving a page with unsaved changes by a link inside the app asks first; Cancel stays, OK leaves and the draft waits', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/SupplierManagement');
  const form = page.getByRole('form', { name: 'Add Supplier' });
  await form.getByLabel('Supplier Name').fill('Harbour Dairy');
  const questions: string[] = [];
  let answer = false;
  page.on('dialog', (dialog) => {
    questions.push(dialog.message());
    void (answer ? dialog.accept() : dialog.dismiss());
  });
  await page.getByRole('link', { name: 'Cater Captain: dashboard' }).click();
  await expect.poll(() => questions.length).toBe(1);
  expect(questions[0]).toContain('You have unsaved changes on this page.');
  await expect(page).toHaveURL(/\/SupplierManagement$/);
  await expect(form.getByLabel('Supplier Name')).toHaveValue('Harbour Dairy');
  answer = true;
  await page.getByRole('link', { name: 'Cater Captain: dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/i);
  await page.goBack();
  await expect(form.getByLabel('Supplier Name')).toHaveValue('Harbour Dairy');
});
