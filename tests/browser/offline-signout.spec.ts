/**
 * Issue 25, item 10: signing out offline is local at once, and the revocation on the server is sent
 * once the browser is back online (or on the next page load); the signed-out page says so while it
 * waits. Before, it was dropped: a copy of the storage from before the sign-out kept working.
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { signUpFresh } from './support/auth';

/** The stored session (what a copy of this browser's storage would carry). */
async function storedSession(page: Page): Promise<{ access_token: string; refresh_token: string }> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'))!;
    return JSON.parse(localStorage.getItem(key)!) as {
      access_token: string;
      refresh_token: string;
    };
  });
}

async function anonKey(request: APIRequestContext): Promise<string> {
  return (
    (await (await request.get('/config.json')).json()) as {
      supabaseAnonKey: string;
    }
  ).supabaseAnonKey;
}

/** Whether the copied session still works on the server: its access token, then its refresh token. */
async function copyWorks(request: APIRequestContext, session: { access_token: string; refresh_token: string }) {
  const apikey = await anonKey(request);
  const user = await request.get('/auth/v1/user', {
    headers: { apikey, Authorization: `Bearer ${session.access_token}` },
  });
  const refresh = await request.post('/auth/v1/token?grant_type=refresh_token', {
    headers: { apikey },
    data: { refresh_token: session.refresh_token },
  });
  return { user: user.ok(), refresh: refresh.ok() };
}

const pendingNote = (page: Page) =>
  page.getByText(
    'The server has not been told yet (no connection): it will be as soon as this browser is back online.',
  );

async function signOutOffline(context: BrowserContext, page: Page) {
  await page.goto('/signout');
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeEnabled();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully!')).toBeVisible();
  await expect(pendingNote(page)).toBeVisible();
}

test('signed out offline: the session is revoked on the server once the browser is back online, and the page says it is pending until then', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpFresh(page);
  // A copy of the storage from before the sign-out. (The refresh check is made last: it rotates the token.)
  const copy = await storedSession(page);
  expect((await copyWorks(request, { ...copy, refresh_token: 'not-used' })).user).toBe(true);

  await signOutOffline(context, page);
  // Still offline: nothing reached the server, the copy still works there.
  await page.waitForTimeout(500);
  expect((await copyWorks(request, { ...copy, refresh_token: 'not-used' })).user).toBe(true);

  const revoked = page.waitForRequest((r) => r.url().includes('/auth/v1/logout') && r.method() === 'POST');
  await context.setOffline(false);
  await revoked;
  await expect(pendingNote(page)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('pendingRevocations'))).toBeNull();
  expect(await copyWorks(request, copy)).toEqual({
    user: false,
    refresh: false,
  });
  await context.close();
});

test('signed out offline, then the tab closed: the next page load sends the revocation', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpFresh(page);
  const copy = await storedSession(page);
  await signOutOffline(context, page);
  await page.close();

  await context.setOffline(false);
  const next = await context.newPage();
  const revoked = next.waitForRequest((r) => r.url().includes('/auth/v1/logout') && r.method() === 'POST');
  await next.goto('/About');
  await revoked;
  await expect.poll(() => next.evaluate(() => localStorage.getItem('pendingRevocations'))).toBeNull();
  expect(await copyWorks(request, copy)).toEqual({
    user: false,
    refresh: false,
  });
  await context.close();
});
