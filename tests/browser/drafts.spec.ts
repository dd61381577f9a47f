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

test('New Event form: typed values come back after a reload and after Back/Forward; Discard draft empties it', async ({ page }) => {
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
