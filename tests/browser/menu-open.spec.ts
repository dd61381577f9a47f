/**
 * Issue 23's full loads: the nav's Menu opens in its click's own work once its code is here. Behind
 * React.lazy and Suspense, the first click's render suspended, and React 19 held the menu back for
 * 300 ms after the fallback, on a timer: here the page's timers are stopped before the click, so a menu
 * that waits on a timer never opens.
 */
import { expect, test } from '@playwright/test';

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
