/**
 * Minimal stored records that pass the app's schemas (src/storage/schemas.ts), for unit tests that write
 * localStorage themselves: an inventory item and an employee.
 */

/** An inventory item as `inventoryItems` stores it. */
export const inventoryItemFixture = (id: string, quantity = 3) => ({
  id,
  name: `Item ${id}`,
  sku: `SKU-${id}`,
  category: 'Dry Storage',
  amountPerUnit: 10,
  unit: 'kg',
  packageType: 'bag',
  quantity,
  costPerUnit: 12.5,
  whenToOrder: 5,
  supplierName: 'Mill Co',
});

/** An employee as `employees` stores it. */
export const employeeFixture = (id: string) => ({
  id,
  firstName: `First ${id}`,
  lastName: 'Last',
  email: `${id}@example.com`,
  role: 'Server',
  phone: '555-0100',
  fullTimePartTime: 'parttime',
  department: 'Service',
  startDate: '2026-01-05',
});
