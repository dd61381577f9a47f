/**
 * Issue 23: a dialog opened over a scrolled page does not scroll the page behind it, and closing it leaves
 * the page where it was, scrolling again. The checks the dialogs' specs share (events, inventory).
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** The page's scroll position. */
export const pageScroll = (page: Page) => page.evaluate(() => window.scrollY);

/**
 * The wheel over the open `dialog` (`wheels` turns of `deltaY`, then End with `pressEnd`) scrolls nothing
 * behind it: the page stays at `at`.
 */
export async function expectPageBehindStill(
  page: Page,
  dialog: Locator,
  at: number,
  { wheels, deltaY, pressEnd = false }: { wheels: number; deltaY: number; pressEnd?: boolean },
) {
  await dialog.hover();
  for (let i = 0; i < wheels; i++) await page.mouse.wheel(0, deltaY);
  if (pressEnd) await page.keyboard.press('End');
  await page.waitForTimeout(300);
  expect(await pageScroll(page)).toBe(at);
}

/**
 * After the dialog closed: the page is at `at` and nothing keeps it from scrolling (no overflow left set). The lock
 * is let go after the frame that shows the page without the dialog (ModalDialog.tsx: at most 200 ms, the fallback of
 * `afterNextPaint`), so on a busy machine right after the close it may still hold: within a second it must not.
 */
export async function expectPageBehindRestored(page: Page, at: number) {
  await expect
    .poll(() => page.evaluate(() => [window.scrollY, getComputedStyle(document.documentElement).overflow]), {
      timeout: 1000,
    })
    .toEqual([at, 'visible']);
}
