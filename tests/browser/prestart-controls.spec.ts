/**
 * Every control of every prerendered page either works before the app has started (a link, a scroll
 * box) or is visibly disabled until then (issue 25, item 15): a press is never silently lost. The
 * app's start is held back, as on a slow phone.
 */
import { expect, test, type Page } from '@playwright/test';

// These tests make the app's code fail to load (a route that aborts it): that is a browser without the offline
// app's worker, which would answer from its kept files (public/sw.js, tested in offline-app.spec.ts).
test.use({ serviceWorkers: 'block' });

const prerendered = [
  '/',
  '/About',
  '/tutorials',
  '/login',
  '/signup',
  '/signout',
  '/statecharts',
  '/no-such-page',
  '/dashboard',
];

const controls =
  'button, input, select, textarea, [role="button"], [role="menuitem"], [role="checkbox"], [role="switch"], [role="tab"], [contenteditable]';

/** The page's visible controls: whether each is disabled, and whether that shows (dimmed, or a not-allowed / progress pointer). */
function describeControls(page: Page) {
  return page.evaluate((selector) => {
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => {
        const disabled = (el as HTMLButtonElement).disabled === true || el.getAttribute('aria-disabled') === 'true';
        const style = getComputedStyle(el);
        const visiblyDisabled =
          disabled && (Number(style.opacity) < 1 || style.cursor === 'not-allowed' || style.cursor === 'progress');
        const name =
          el.getAttribute('aria-label') ??
          (el.textContent?.trim() ||
            (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent) ||
            el.tagName);
        return {
          name: `${el.tagName.toLowerCase()} ${name}`,
          disabled,
          visiblyDisabled,
        };
      });
  }, controls);
}

async function holdTheAppBack(page: Page): Promise<() => void> {
  let release!: () => void;
  const started = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/boot-*.js', async (route) => {
    await started;
    await route.continue();
  });
  return release;
}

for (const path of prerendered) {
  test(`${path}: before the app has started every control is visibly disabled, and each works once it has`, async ({
    page,
  }) => {
    const release = await holdTheAppBack(page);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    const before = await describeControls(page);
    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((c) => !c.visiblyDisabled).map((c) => c.name)).toEqual([]);
    release();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeEnabled();
    await expect
      .poll(async () => (await describeControls(page)).filter((c) => c.disabled).map((c) => c.name))
      .toEqual([]);
  });
}

test('"Forgot password?" cannot be pressed before the app has started, and opens the reset form once it has', async ({
  page,
}) => {
  const release = await holdTheAppBack(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  const forgot = page.getByRole('button', { name: 'Forgot password?' });
  await expect(forgot).toBeVisible();
  await expect(forgot).toBeDisabled();
  await expect(page.getByLabel('Email')).toBeDisabled();
  release();
  await expect(forgot).toBeEnabled();
  await forgot.click();
  await expect(page.getByRole('form', { name: 'Reset your password' })).toBeVisible();
});
