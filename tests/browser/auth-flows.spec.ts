import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn, signUpFresh } from './support/auth';

// Fresh accounts per test: sign-out is global, so the shared demo account is never signed out here.

const heavyCream = (page: Page) => page.getByRole('listitem', { name: 'Heavy Cream' });

async function useMockData(page: Page) {
  await page.goto('/Dashboard');
  const alert = new Promise<string>((resolve) =>
    page.once('dialog', (d) => void d.accept().then(() => resolve(d.message()))),
  );
  await page.getByRole('button', { name: 'Use Mock Data' }).click();
  expect(await alert).toBe('Mock data has been loaded successfully.');
}

/** An account made in a browser context of its own, so this page's session is untouched. */
async function accountElsewhere(browser: Browser) {
  const context = await browser.newContext();
  const credentials = await signUpFresh(await context.newPage());
  await context.close();
  return credentials;
}

test('Login as another account while signed in switches account, and the data set follows', async ({
  page,
  browser,
}) => {
  const a = await signUpFresh(page);
  await useMockData(page);
  await page.goto('/Dashboard');
  await expect(heavyCream(page)).toBeVisible();
  const b = await accountElsewhere(browser);

  await page.goto('/login');
  await expect(page.getByText(`You are logged in as ${a.email}.`)).toBeVisible();
  await page.getByLabel('Email').fill(b.email);
  await page.getByLabel('Password').fill(b.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(`Signed in as ${b.email}`)).toBeVisible();
  await page.getByRole('link', { name: 'Sail onto Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(heavyCream(page)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('dataOwner'))).not.toBeNull();

  // And back: A's data comes back with A.
  await page.goto('/login');
  await expect(page.getByText(`You are logged in as ${b.email}.`)).toBeVisible();
  await page.getByLabel('Email').fill(a.email);
  await page.getByLabel('Password').fill(a.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(`Signed in as ${a.email}`)).toBeVisible();
  await page.goto('/Dashboard');
  await expect(heavyCream(page)).toBeVisible();
});

test('a failed switch leaves the visitor signed out with the server message', async ({ page }) => {
  const a = await signUpFresh(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(a.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid login credentials')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await page.goto('/Inventory');
  await expect(page).toHaveURL(/\/login$/);
});

test('signed out everywhere from another browser: a reload here ends the session with a message', async ({
  page,
  browser,
}) => {
  const credentials = await signUpFresh(page);
  await page.goto('/Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signIn(other, credentials);
  await other.goto('/signout');
  const revoked = other.waitForResponse((r) => r.url().includes('/auth/v1/logout') && r.request().method() === 'POST');
  await other.getByRole('button', { name: 'Sign Out' }).click();
  await expect(other.getByText('Signed out successfully!')).toBeVisible();
  expect((await revoked).status()).toBe(204);
  await elsewhere.close();

  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your session ended, please log in again').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('sb-') && k.endsWith('-auth-token')),
    ),
  ).toEqual([]);
});

test('with the server unreachable at start-up, a stored session stays signed in, with a quiet note', async ({
  page,
}) => {
  await signUpFresh(page);
  await page.route('**/auth/v1/user', (route) => route.abort('internetdisconnected'));
  await page.goto('/Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Working offline')).toBeVisible();
});

test('sign-out with no network succeeds here and signs the other tab out', async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  await signUpFresh(first);
  const second = await context.newPage();
  await second.goto('/Inventory');
  await expect(second.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  await first.goto('/signout');
  await expect(first.getByRole('button', { name: 'Sign Out' })).toBeEnabled();

  await context.setOffline(true);
  await first.getByRole('button', { name: 'Sign Out' }).click();
  await expect(first.getByText('Signed out successfully!')).toBeVisible();
  await expect(first.getByText('Failed to fetch')).toHaveCount(0);
  await expect(second).toHaveURL(/\/login$/, { timeout: 10_000 });
  expect(
    await first.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('sb-') && k.endsWith('-auth-token')),
    ),
  ).toEqual([]);

  await context.setOffline(false);
  await first.goto('/Dashboard');
  await expect(first).toHaveURL(/\/login$/);
  await context.close();
});

/** The newest outbox message to `email` (the server writes one JSON file per mail under DATA_DIR/outbox). */
async function newestMailTo(email: string): Promise<{ link: string; subject: string }> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const outbox = join(dataDir, 'outbox');
  let found: { link: string; subject: string } | null = null;
  await expect
    .poll(
      () => {
        let names: string[];
        try {
          names = readdirSync(outbox)
            .filter((n) => n.endsWith('.json'))
            .sort();
        } catch {
          return false;
        }
        for (const name of names.reverse()) {
          const message = JSON.parse(readFileSync(join(outbox, name), 'utf8')) as {
            to: string;
            link: string;
            subject: string;
          };
          if (message.to === email) {
            found = message;
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${email} in ${outbox}` },
    )
    .toBe(true);
  return found!;
}

async function askForResetLink(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const form = page.getByRole('form', { name: 'Reset your password' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  return form;
}

test('forgot password, end to end through the outbox: a new password, a single-use link', async ({ browser }) => {
  const { email } = await accountElsewhere(browser);
  const context = await browser.newContext();
  const page = await context.newPage();

  const form = await askForResetLink(page, email);
  await expect(form.getByText('If an account exists for that e-mail, a reset link is on its way.')).toBeVisible();
  const { link } = await newestMailTo(email);
  expect(link).toContain('/auth/v1/verify?');

  await page.goto(link);
  // supabase-js took the tokens out of the address (an empty '#' may stay).
  await expect(page).toHaveURL(/\/reset-password#?$/);
  await page.getByLabel('New password', { exact: true }).fill('new-galley-secret');
  await page.getByLabel('Confirm new password').fill('new-galley-secreT');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('new-galley-secret');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();
  await page.getByRole('link', { name: 'Sail onto Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // The same link again: used up.
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password/);
  await expect(page.getByText('This reset link has expired or was already used. Ask for a new one.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to login to ask for a new link' })).toBeVisible();
  await context.close();

  // The new password signs in; the old one no longer does.
  const fresh = await browser.newContext();
  const login = await fresh.newPage();
  await login.goto('/login');
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill('galley-secret-1');
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(login.getByText('Invalid login credentials')).toBeVisible();
  await signIn(login, { email, password: 'new-galley-secret' });
  await fresh.close();
});

test('forgot password answers the same for an unknown e-mail, and says how long to wait when asked too often', async ({
  page,
}) => {
  const unknown = `nobody-${Date.now()}@example.com`;
  const form = await askForResetLink(page, unknown);
  await expect(form.getByText('If an account exists for that e-mail, a reset link is on its way.')).toBeVisible();
  // The per-e-mail limit (burst 3) answers 429; the form says how long to wait, from the server's message.
  for (let i = 0; i < 3; i++) {
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await expect(form.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  }
  await expect(form.getByText(/^Too many attempts\. Try again in \d+ (seconds?|minutes)\.$/)).toBeVisible();
});

test('a reset page opened without a link says where to get one', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Open the reset link from your e-mail to set a new password.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to login to ask for a new link' })).toBeVisible();
});

test('a session in a link never signs the visitor into another account: ignored on other pages, asked about on the reset page', async ({
  page,
  browser,
}) => {
  const a = await signUpFresh(page);
  const b = await accountElsewhere(browser);
  // B's own session, put in a link the way an attacker would.
  const { supabaseAnonKey } = (await (await page.request.get('/config.json')).json()) as { supabaseAnonKey: string };
  const answer = await page.request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: supabaseAnonKey },
    data: { email: b.email, password: b.password },
  });
  expect(answer.ok()).toBe(true);
  const s = (await answer.json()) as {
    access_token: string;
    refresh_token: string;
    expires_in: number;
    expires_at: number;
  };
  const fragment = (type: string) =>
    `#access_token=${s.access_token}&refresh_token=${s.refresh_token}&expires_in=${s.expires_in}&expires_at=${s.expires_at}&token_type=bearer&type=${type}`;
  const signedInAs = async (email: string) => {
    await page.goto('/login');
    await expect(page.getByText(`You are logged in as ${email}.`)).toBeVisible();
  };

  await page.goto(`/Dashboard${fragment('magiclink')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).not.toHaveURL(/access_token/);
  await signedInAs(a.email);

  // The reset page asks first; "Cancel" changes nothing.
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.message()))),
  );
  await page.goto(`/reset-password${fragment('recovery')}`);
  expect(await asked).toContain(`This reset link is for another account than ${a.email}`);
  await expect(page.getByText(`Nothing was changed: ${a.email} is still signed in on this browser.`)).toBeVisible();
  await expect(page).not.toHaveURL(/access_token/);
  await signedInAs(a.email);

  // "OK" signs A out here and sets the password of the link's account.
  page.once('dialog', (d) => void d.accept());
  await page.goto(`/reset-password${fragment('recovery')}`);
  await expect(page.getByText(`For ${b.email}`)).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
});
