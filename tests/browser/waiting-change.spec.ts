/**
 * Issue 25, item 12 (in part): while a change waits for room (storage full), leaving or reloading the
 * page asks first; once it is saved, the page is left without a question.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';

async function fillStorageFor(page: Page, key: string) {
  await page.evaluate((full) => {
    const w = window as unknown as { __realSetItem: Storage['setItem'] };
    w.__realSetItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, k: string, value: string) {
      if (k === full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return w.__realSetItem.call(this, k, value);
    };
  }, key);
}

/** Whether closing the page asks first (the browser's beforeunload question), answered "stay". */
async function asksBeforeLeaving(page: Page): Promise<boolean> {
  let asked = false;
  const onDialog = (dialog: import('@playwright/test').Dialog) => {
    if (dialog.type() === 'beforeunload') asked = true;
    void dialog.dismiss();
  };
  page.on('dialog', onDialog);
  await page.close({ runBeforeUnload: true });
  // Closed (no question), or the question was answered "stay".
  await expect.poll(() => page.isClosed() || asked, { timeout: 5_000 }).toBe(true);
  page.off('dialog', onDialog);
  return asked;
}

test('a supplier waiting for room: closing the page asks first; once saved it does not', async ({ page }) => {
  await signIn(page);
  await page.goto('/SupplierManagement');
  await fillStorageFor(page, 'suppliers');
  await page.getByLabel('Supplier ID').fill('S-fog');
  await page.getByLabel('Supplier Name').fill('Fog Bank Fisheries');
  await page.getByLabel('Email').fill('catch@fogbank.ca');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Suppliers not saved')).toBeVisible();

  expect(await asksBeforeLeaving(page)).toBe(true);
  // Stayed: the change is still on screen.
  expect(page.isClosed()).toBe(false);
  await expect(page.getByRole('listitem', { name: 'Fog Bank Fisheries' })).toBeVisible();

  // Room again: the retry saves it, and leaving asks nothing.
  await page.evaluate(() => {
    Storage.prototype.setItem = (window as unknown as { __realSetItem: Storage['setItem'] }).__realSetItem;
  });
  await expect(page.getByText('Suppliers saved')).toBeVisible({ timeout: 15_000 });
  expect(await asksBeforeLeaving(page)).toBe(false);
  expect(page.isClosed()).toBe(true);
});
