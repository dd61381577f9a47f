import { expect, type Browser, type Page } from '@playwright/test';

/** Shared by the sync specs (issue 24): two browser contexts are two devices of one account. */

// The first sync request opens (and on a fresh data dir creates) the embedded database: up to ~30 s under load.
export const FIRST_SYNC = { timeout: 90_000 };
export const SYNC = { timeout: 30_000 };

export const status = (page: Page) => page.getByRole('status', { name: 'Sync status' });
export const saved = (page: Page, options = SYNC) =>
  expect(status(page)).toContainText('All changes saved to your account', options);

/** A local change has reached the account: noted in the outbox (within 200 ms), then the outbox emptied by a push. */
export async function pushed(page: Page) {
  await page.waitForTimeout(500);
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const key = Object.keys(localStorage).find((k) => k.startsWith('sync:'));
          const state = key ? (JSON.parse(localStorage.getItem(key)!) as { outbox: object }) : null;
          return state ? Object.keys(state.outbox).length : -1;
        }),
      SYNC,
    )
    .toBe(0);
  await saved(page);
}

/** A second device: a browser context of its own. */
export async function device(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

export async function turnSyncOn(page: Page) {
  await page.goto('/Dashboard');
  const toggle = page.getByRole('switch', { name: 'Sync across devices' });
  await expect(toggle).toBeEnabled(SYNC);
  await toggle.check();
  await saved(page, FIRST_SYNC);
}
