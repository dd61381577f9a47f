import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';

/** The retry interval of src/app/shell/persister.ts (`retryMs`). */
const retryMs = 10_000;

test('quota full: a supplier added while storage is full stays on screen, the error says what to do, and it is saved by the retry once there is room', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto('/SupplierManagement');
  await expect(page.getByRole('heading', { level: 1, name: 'Supplier Management' })).toBeVisible();

  // Storage is full for the suppliers key: setItem throws the browser's quota error.
  await page.evaluate(() => {
    const w = window as unknown as { __realSetItem: Storage['setItem'] };
    w.__realSetItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (key === 'suppliers') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return w.__realSetItem.call(this, key, value);
    };
  });

  await page.getByLabel('Supplier ID').fill('S-fog');
  await page.getByLabel('Supplier Name').fill('Fog Bank Fisheries');
  await page.getByLabel('Email').fill('catch@fogbank.ca');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('listitem', { name: 'Fog Bank Fisheries' })).toContainText('catch@fogbank.ca');
  await expect(page.getByText('Suppliers not saved')).toBeVisible();
  await expect(page.getByText(/Browser storage is full/)).toContainText(/download a backup/i);
  await expect(page.getByText(/Browser storage is full/)).toContainText(/delete old events/i);
  expect(await page.evaluate(() => localStorage.getItem('suppliers'))).toBeNull();

  // Room again: the kept change is written by the next retry, without any action.
  const freed = Date.now();
  await page.evaluate(() => {
    Storage.prototype.setItem = (window as unknown as { __realSetItem: Storage['setItem'] }).__realSetItem;
  });
  await expect
    .poll(
      async () =>
        (
          JSON.parse((await page.evaluate(() => localStorage.getItem('suppliers'))) ?? '[]') as Array<{
            supplierName: string;
          }>
        ).map((s) => s.supplierName),
      {
        timeout: retryMs + 3_000,
        intervals: [250],
      },
    )
    .toEqual(['Fog Bank Fisheries']);
  expect(Date.now() - freed).toBeLessThan(retryMs + 3_000);
  await expect(page.getByText('Suppliers saved')).toBeVisible();
  await expect(page.getByText('The change that could not be saved earlier is saved now.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('listitem', { name: 'Fog Bank Fisheries' })).toContainText('catch@fogbank.ca');
});
