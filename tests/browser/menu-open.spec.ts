/**
 * Issue 23: the nav's Menu and the first toast show in their click's own work once their code is here.
 * Behind React.lazy and Suspense, the first render of each suspended, and React 19 held what followed the
 * fallback for 300 ms, on a timer: here the page's timers are stopped before the click, so anything that
 * waits on a timer never shows.
 */
import { expect, test } from '@playwright/test';
import { signUpFresh } from './support/auth';

test('the Menu opens on the first click without waiting on a timer', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Cater Captain' })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeEnabled();
  const loaded = page.waitForResponse(/\/assets\/NavMenu-[^/]+\.js$/).catch(() => undefined);
  await menu.hover();
  await loaded;
  await page.waitForLoadState('networkidle');
  await page.clock.pauseAt(Date.now() + 60_000);
  await menu.click();
  await expect(page.getByRole('menu')).toBeAttached({ timeout: 2000 });
  await expect(page.getByRole('menuitem', { name: 'About', exact: true })).toBeAttached();
});

test('the first toast shows without waiting on a timer', async ({ page }) => {
  await page.clock.install();
  await signUpFresh(page);
  await page.goto('/Settings');
  const form = page.getByRole('form', { name: 'Business Settings' });
  await form.getByLabel('Business name').fill('Harbour Kitchen');
  await page.waitForLoadState('networkidle');
  await page.clock.pauseAt(Date.now() + 60_000);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved')).toBeAttached({ timeout: 2000 });
});
