import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
const storedList = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]') as Array<Record<string, unknown>>, key);

test('suppliers: add (with validation), edit (renaming their inventory items), cancel, delete', async ({ page }) => {
  await signIn(page);
  await page.evaluate(() =>
    localStorage.setItem(
      'inventoryItems',
      JSON.stringify([
        {
          id: '1',
          sku: 'B1',
          name: 'Butter',
          category: 'Dairy',
          amountPerUnit: 1,
          unit: 'kg',
          packageType: 'box',
          quantity: 5,
          costPerUnit: 2,
          whenToOrder: 1,
          supplierName: 'Harbour Dairy',
        },
      ]),
    ),
  );
  await page.goto('/SupplierManagement');
  await expect(page.getByRole('heading', { level: 1, name: 'Supplier Management' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Phone')).toHaveAttribute('type', 'tel');
  await expect(page.getByLabel('Start Date')).toHaveAttribute('type', 'date');

  await page.getByLabel('Email').fill('not-mail');
  await page.getByLabel('Start Date').fill('2025-06-01');
  await page.getByLabel('End Date').fill('2025-01-01');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByLabel('Supplier Name')).toHaveAccessibleDescription('Supplier name is required.');
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The contract end date cannot be before its start date.')).toBeVisible();

  await page.getByLabel('Supplier ID').fill('S-1');
  await page.getByLabel('Supplier Name').fill('Harbour Dairy');
  await page.getByLabel('Email').fill('orders@harbour.ca');
  await page.getByLabel('Phone').fill('+1 (902) 555-0101');
  await page.getByLabel('End Date').fill('2026-06-01');
  await choose(page, 'Contract Status', 'inactive');
  await page.getByRole('button', { name: 'Submit' }).click();
  const card = page.getByRole('listitem', { name: 'Harbour Dairy' });
  await expect(card).toContainText('orders@harbour.ca');
  await expect(card).toContainText('inactive');
  await expect(page.getByLabel('Supplier Name')).toHaveValue('');

  await page.getByLabel('Supplier Name').fill('Dockside Produce');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('listitem', { name: 'Dockside Produce' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit supplier Harbour Dairy' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Supplier' })).toBeVisible();
  await expect(page.getByLabel('Supplier Name')).toHaveValue('Harbour Dairy');
  await page.getByLabel('Supplier Name').fill('Harbour Dairy Co');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Add Supplier' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Harbour Dairy Co' })).toBeVisible();
  expect((await storedList(page, 'suppliers')).map((s) => s.supplierName)).toEqual([
    'Harbour Dairy Co',
    'Dockside Produce',
  ]);
  expect((await storedList(page, 'inventoryItems'))[0]!.supplierName).toBe('Harbour Dairy Co');

  await page.getByRole('button', { name: 'Edit supplier Dockside Produce' }).click();
  await page.getByLabel('Supplier Name').fill('Something else');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Add Supplier' })).toBeVisible();
  await expect(page.getByLabel('Supplier Name')).toHaveValue('');
  await expect(page.getByRole('listitem', { name: 'Dockside Produce' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete supplier Dockside Produce' }).click();
  await expect(page.getByRole('listitem', { name: 'Dockside Produce' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('listitem', { name: 'Harbour Dairy Co' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Dockside Produce' })).toHaveCount(0);

  await page.goto('/Inventory');
  await page.getByRole('combobox', { name: 'Supplier Name' }).click();
  await expect(page.getByRole('option', { name: 'Harbour Dairy Co' })).toBeVisible();
});

test('employees: add, edit, cancel and delete', async ({ page }) => {
  await signIn(page);
  await page.goto('/EmployeeManagement');
  await expect(page.getByRole('heading', { level: 1, name: 'Employee Management' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('First name is required.')).toBeVisible();
  await expect(page.getByText('Last name is required.')).toBeVisible();

  await page.getByLabel('First Name').fill('Marin');
  await page.getByLabel('Last Name').fill('Keel');
  await page.getByLabel('Email').fill('marin@galley.ca');
  await page.getByLabel('Role').fill('Chef');
  await page.getByLabel('Phone').fill('902-555-0199');
  await choose(page, 'Full-time / Part-time', 'parttime');
  await page.getByLabel('Department').fill('Kitchen');
  await page.getByLabel('Start Date').fill('2024-03-01');
  await page.getByRole('button', { name: 'Submit' }).click();
  const card = page.getByRole('listitem', { name: 'Marin Keel' });
  await expect(card).toContainText('parttime');
  await expect(card).toContainText('Chef');
  expect((await storedList(page, 'employees'))[0]!.id).toBeTruthy();

  await page.getByLabel('First Name').fill('Ross');
  await page.getByLabel('Last Name').fill('Stern');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('listitem', { name: 'Ross Stern' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit employee Marin Keel' }).click();
  await expect(page.getByLabel('First Name')).toBeFocused();
  await expect(page.getByLabel('Role')).toHaveValue('Chef');
  await page.getByLabel('Role').fill('Head Chef');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('listitem', { name: 'Marin Keel' })).toContainText('Head Chef');
  await expect(page.getByLabel('Role')).toHaveValue('');

  await page.getByRole('button', { name: 'Edit employee Ross Stern' }).click();
  await page.getByLabel('First Name').fill('Changed');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue('');
  await expect(page.getByRole('listitem', { name: 'Ross Stern' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete employee Ross Stern' }).click();
  await expect(page.getByRole('listitem', { name: 'Ross Stern' })).toHaveCount(0);
  expect((await storedList(page, 'employees')).map((e) => e.firstName)).toEqual(['Marin']);
});

test('a supplier added in another tab shows up', async ({ page, context }) => {
  await signIn(page);
  await page.goto('/SupplierManagement');
  await expect(page.getByRole('heading', { level: 1, name: 'Supplier Management' })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/SupplierManagement');
  await other.getByLabel('Supplier Name').fill('Fog Bank Fisheries');
  await other.getByRole('button', { name: 'Submit' }).click();
  await expect(other.getByRole('listitem', { name: 'Fog Bank Fisheries' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Fog Bank Fisheries' })).toBeVisible();
});

test('the three pages have no serious accessibility violations, in light and dark mode', async ({ page }) => {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  await signIn(page);
  await page.evaluate(() => {
    localStorage.setItem(
      'suppliers',
      JSON.stringify([
        {
          supplierID: 'S1',
          supplierName: 'Harbour Dairy',
          email: 'h@d.ca',
          phone: '555',
          contractStatus: 'active',
          startDate: '2025-01-01',
          endDate: '2026-01-01',
        },
      ]),
    );
    localStorage.setItem(
      'employees',
      JSON.stringify([
        {
          id: 'E1',
          firstName: 'Marin',
          lastName: 'Keel',
          email: 'm@k.ca',
          role: 'Chef',
          phone: '555',
          fullTimePartTime: 'fulltime',
          department: 'Kitchen',
          startDate: '2025-01-01',
        },
      ]),
    );
    localStorage.setItem(
      'inventoryItems',
      JSON.stringify([
        {
          id: '1',
          sku: 'B1',
          name: 'Butter',
          category: 'Dairy',
          amountPerUnit: 1,
          unit: 'kg',
          packageType: 'box',
          quantity: 1,
          costPerUnit: 2,
          whenToOrder: 3,
          supplierName: 'Harbour Dairy',
        },
        {
          id: '2',
          sku: 'F1',
          name: 'Flour',
          category: 'Dry Storage',
          amountPerUnit: 1,
          unit: 'kg',
          packageType: 'bag',
          quantity: 9,
          costPerUnit: 2,
          whenToOrder: 3,
          supplierName: 'Harbour Dairy',
        },
      ]),
    );
  });
  for (const [path, heading] of [
    ['/Inventory', 'Inventory'],
    ['/SupplierManagement', 'Supplier Management'],
    ['/EmployeeManagement', 'Employee Management'],
  ]) {
    await page.goto(path!);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    for (const mode of ['light', 'dark']) {
      if (mode === 'dark') await page.getByRole('button', { name: 'Dark Mode' }).click();
      await page
        .getByRole('button', { name: 'Submit' })
        .or(page.getByRole('button', { name: 'Add Item' }))
        .first()
        .focus();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        serious.map((v) => `${path} ${mode} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
    await page.getByRole('button', { name: 'Light Mode' }).click();
  }
});
