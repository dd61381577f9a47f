import { expect, type Page } from '@playwright/test';

/** Adds a supplier on /SupplierManagement (going there first if needed) and waits for it in the list. */
export async function addSupplier(page: Page, id: string, name: string) {
  if (!page.url().endsWith('/SupplierManagement')) await page.goto('/SupplierManagement');
  await page.getByLabel('Supplier ID').fill(id);
  await page.getByLabel('Supplier Name').fill(name);
  await page.getByLabel('Email').fill('orders@harbour.ca');
  await page.getByLabel('Phone').fill('+1 (902) 555-0101');
  await page.getByLabel('Start Date').fill('2025-01-01');
  await page.getByLabel('End Date').fill('2026-06-01');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('listitem', { name })).toBeVisible();
}
