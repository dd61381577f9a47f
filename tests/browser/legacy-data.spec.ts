import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';

/**
 * localStorage as the earlier app left it (spec section 3's fields, with that app's quirks): every
 * record shows, nothing is set aside, the money works out, and reading writes nothing back.
 */

/** Inventory items: numbers typed into inputs were kept as the input's text. */
const inventoryItems = [
  {
    id: '1699990000001',
    name: 'Butter',
    sku: 'BUT-1',
    category: 'Dairy',
    amountPerUnit: '1',
    unit: 'kg',
    packageType: 'box',
    quantity: '12',
    costPerUnit: '4.20',
    whenToOrder: '3',
    supplierName: 'Harbour Dairy',
  },
  {
    id: '1699990000002',
    name: 'Flour',
    sku: 'FLO-2',
    category: 'Dry Storage',
    amountPerUnit: 2.5,
    unit: 'kg',
    packageType: 'bag',
    quantity: 40,
    costPerUnit: 1.75,
    whenToOrder: 10,
    supplierName: 'Dockside Mills',
  },
  {
    id: '1699990000003',
    name: 'Saffron',
    sku: 'SAF-3',
    category: 'Other',
    amountPerUnit: '0.01',
    unit: 'grams',
    packageType: 'container',
    quantity: '2',
    costPerUnit: '18',
    whenToOrder: '5',
    supplierName: 'Harbour Dairy',
  },
  {
    id: '1699990000004',
    name: 'Peas',
    sku: 'PEA-4',
    category: 'Frozen',
    amountPerUnit: '1',
    unit: 'lbs',
    packageType: 'bag',
    quantity: ' 7 ',
    costPerUnit: '2.5',
    whenToOrder: 7,
    supplierName: '',
  },
];

/** Suppliers: the phone kept as text or as a number. */
const suppliers = [
  {
    supplierID: 'S1',
    supplierName: 'Harbour Dairy',
    email: 'orders@harbour.ca',
    phone: '902-555-0101',
    contractStatus: 'active',
    startDate: '2024-01-01',
    endDate: '2026-12-31',
  },
  {
    supplierID: 'S2',
    supplierName: 'Dockside Mills',
    email: 'hello@dockside.ca',
    phone: 9025550102,
    contractStatus: 'inactive',
    startDate: '2023-05-01',
    endDate: '2025-05-01',
  },
];

/** Employees: no id at all, phone as text or number. */
const employees = [
  {
    firstName: 'Marina',
    lastName: 'Hull',
    email: 'marina@galley.ca',
    role: 'Chef',
    phone: 9025550111,
    fullTimePartTime: 'fulltime',
    department: 'Kitchen',
    startDate: '2022-03-01',
  },
  {
    firstName: 'Sofia',
    lastName: 'Bow',
    email: 'sofia@galley.ca',
    role: 'Waiter',
    phone: '902-555-0112',
    fullTimePartTime: 'parttime',
    department: 'Floor',
    startDate: '2023-06-15',
  },
  {
    firstName: 'Noah',
    lastName: 'Stern',
    email: 'noah@galley.ca',
    role: 'Manager',
    phone: 9025550113,
    fullTimePartTime: 'fulltime',
    department: 'Office',
    startDate: '2021-09-01',
  },
];

/** Specialty ingredients: unitQuantity and costPerUnit as the input's text. */
const specialty = (name: string, unitQuantity: string, quantityNeeded: number | string, costPerUnit: string) => ({
  name,
  units: 'Kg',
  unitQuantity,
  quantityNeeded,
  onHand: false,
  needToOrder: true,
  costPerUnit,
  packageType: 'box',
  supplierName: 'Harbour Dairy',
});
const event = (id: number, name: string, date: string, extra: Record<string, unknown>) => ({
  id,
  EventName: name,
  CustomerFirstName: 'Ada',
  CustomerLastName: 'Quay',
  CustomerPhoneNumber: 9025550199,
  CustomerEmail: 'ada@quay.ca',
  EventType: 'Wedding',
  NumberOfGuests: 120,
  EventDate: date,
  StartTime: '17:00',
  EndTime: '23:00',
  VenueName: 'Pier 21',
  VenueStreetAddress: '1055 Marginal Rd',
  VenueCity: 'Halifax',
  ...extra,
});
/** Events: CustomerPhoneNumber a number; menuItems, notes and pricing missing on the older ones. */
const events = [
  // Hand-worked below: its pricing has no custom lines.
  event(4, 'Harbour Wedding', '2031-06-20', {
    ingredients: [specialty('Lobster', '0.5', 3, '16.50'), specialty('Sea salt', '1.5', '2', '3.25')],
  }),
  event(5, 'Dockside Gala', '2031-07-04', {
    ingredients: [],
    NumberOfGuests: '80',
    menuItems: ['Chowder', 'Scallops'],
    notes: ['Nut allergy', { notes: 'Arrive 15:00' }],
    pricing: [{ name: 'Service', price: '250', currency: 'CAD' }],
  }),
  event(6, 'Retirement Lunch', '2031-08-01', {
    ingredients: [specialty('Cream', '1', 1, '7.80')],
    EventType: 'Retirement',
    VenueStreetAddress: 100,
  }),
];
/** The inventory items chosen for event 4, quantities as text. */
const ingredientList4 = [
  {
    id: '1699990000001',
    name: 'Butter',
    category: 'Dairy',
    supplierName: 'Harbour Dairy',
    costPerUnit: '4.20',
    amountPerUnit: '1',
    unit: 'kg',
    packageType: 'box',
    quantity: '2.5',
  },
  {
    id: '1699990000002',
    name: 'Flour',
    category: 'Dry Storage',
    supplierName: 'Dockside Mills',
    costPerUnit: 1.75,
    amountPerUnit: 2.5,
    unit: 'kg',
    packageType: 'bag',
    quantity: '2',
  },
];
const selectedItems = [
  { id: '1699990000003', orderPlaced: false },
  { id: '1699990000004', orderPlaced: 'true' },
];

/** The raw text of every key, exactly as the earlier app wrote it (percentages as bare input text). */
const fixture: Record<string, string> = {
  inventoryItems: JSON.stringify(inventoryItems),
  suppliers: JSON.stringify(suppliers),
  employees: JSON.stringify(employees),
  events: JSON.stringify(events),
  selectedItems: JSON.stringify(selectedItems),
  'ingredientList-4': JSON.stringify(ingredientList4),
  '4-discountPercentage': '10',
  '4-taxPercentage': '"13"',
  '5-discountPercentage': '"5"',
  '5-taxPercentage': '15',
};

/*
 * Event 4 by hand (spec section 9):
 *   inventory total  = 2.5 × 4.20 + 2 × 1.75           = 10.50 + 3.50 = 14.00
 *   specialty total  = 3 × 16.50 + 2 × 3.25             = 49.50 + 6.50 = 56.00
 *   total            = 0 (no custom prices) + 14.00 + 56.00           = 70.00
 *   discounted (10%) = 70.00 × (1 − 10/100)                          = 63.00
 *   taxed (13%)      = 63.00 × (1 + 13/100)                          = 71.19
 */

const rawSnapshot = (page: Page) =>
  page.evaluate(
    () =>
      Object.fromEntries(
        Object.keys(localStorage)
          .sort()
          .map((k) => [k, localStorage.getItem(k)]),
      ) as Record<string, string>,
  );

const setAsideToast = (page: Page) => page.getByText(/could not be read/);

async function expectUntouched(page: Page, before: Record<string, string>, where: string) {
  const after = await rawSnapshot(page);
  for (const key of Object.keys(fixture)) expect(after[key], `${key} after ${where}`).toBe(fixture[key]);
  expect(
    Object.keys(after).filter((k) => !(k in before)),
    `keys written by ${where}`,
  ).toEqual([]);
  expect(
    Object.keys(after).filter((k) => k.startsWith('recovered:') || k.includes('.corrupt.')),
    `set aside by ${where}`,
  ).toEqual([]);
  await expect(setAsideToast(page), `set-aside warning on ${where}`).toHaveCount(0);
}

test("the earlier app's data: every record shows, nothing set aside or written back; event 4 prices 14.00 + 56.00 = 70.00 → 63.00 (−10%) → 71.19 (+13%)", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  // The sign-in binds this browser's data to the account (accounts.ts writes dataOwner) after the
  // Dashboard shows: the snapshot is taken once that is done, so it measures only what pages write.
  await page.waitForFunction(() => localStorage.getItem('dataOwner') !== null);
  await page.evaluate((f) => {
    for (const [key, value] of Object.entries(f)) localStorage.setItem(key, value);
  }, fixture);
  const before = await rawSnapshot(page);

  await page.goto('/Inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  const items = page.getByRole('list', { name: 'Inventory items' });
  await expect(items.getByRole('listitem')).toHaveCount(inventoryItems.length);
  for (const i of inventoryItems) await expect(items.getByRole('listitem', { name: i.name })).toBeVisible();
  await expect(items.getByRole('listitem', { name: 'Butter' })).toContainText('On-hand Quantity: 12');
  await expectUntouched(page, before, '/Inventory');

  await page.goto('/SupplierManagement');
  await expect(page.getByRole('heading', { level: 1, name: 'Supplier Management' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Suppliers' }).getByRole('listitem')).toHaveCount(suppliers.length);
  await expect(page.getByRole('listitem', { name: 'Dockside Mills' })).toContainText('9025550102');
  await expectUntouched(page, before, '/SupplierManagement');

  await page.goto('/EmployeeManagement');
  await expect(page.getByRole('heading', { level: 1, name: 'Employee Management' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Employees' }).getByRole('listitem')).toHaveCount(employees.length);
  for (const e of employees)
    await expect(page.getByRole('listitem', { name: `${e.firstName} ${e.lastName}` })).toContainText(String(e.phone));
  await expectUntouched(page, before, '/EmployeeManagement');

  await page.goto('/ManageEvents');
  await expect(page.getByRole('heading', { level: 1, name: 'Event Management' })).toBeVisible();
  const eventList = page.getByRole('list', { name: 'Events' });
  for (const e of events) await expect(eventList.getByRole('article', { name: e.EventName })).toBeVisible();
  // The three built-in samples (ids 1 to 3) show beside the stored events.
  await expect(eventList.getByRole('article')).toHaveCount(events.length + 3);

  await page.getByRole('button', { name: 'Tool Kit for Harbour Wedding' }).click();
  const kit = page.getByRole('dialog');
  await kit.getByRole('button', { name: 'Pricing', exact: true }).click();
  const pricing = kit.getByRole('region', { name: 'Pricing' });
  const fixedRow = (name: string) => pricing.getByRole('row', { name: new RegExp(`^${name}`) });
  await expect(fixedRow('Total Inventory Items')).toContainText('$14.00 CAD');
  await expect(fixedRow('Total Specialty Ingredients')).toContainText('$56.00 CAD');
  await expect(pricing.getByLabel('Discount (%)')).toHaveValue('10');
  await expect(pricing.getByLabel('Tax (%)')).toHaveValue('13');
  await expect(pricing.getByLabel('Total before discount and tax')).toHaveText('$70.00 CAD');
  await expect(pricing.getByLabel('Total after discount')).toHaveText('$63.00 CAD');
  await expect(pricing.getByLabel('Total after tax')).toHaveText('$71.19 CAD');
  await page.keyboard.press('Escape');
  await expect(kit).toBeHidden();
  await expectUntouched(page, before, '/ManageEvents and the Tool Kit');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The events are those Event Management shows: the stored ones and the three built-in samples (issue 25).
  for (const [collection, count] of [
    ['inventoryItems', inventoryItems.length],
    ['events', events.length + 3],
    ['employees', employees.length],
    ['suppliers', suppliers.length],
  ] as const) {
    await page.getByRole('button', { name: `Show ${collection}` }).click();
    const table = page.getByRole('region', { name: `${collection} table` }).getByRole('table');
    await expect(table, collection).toHaveAttribute('aria-rowcount', String(count + 1));
  }
  await expectUntouched(page, before, 'the Dashboard data view');
});
