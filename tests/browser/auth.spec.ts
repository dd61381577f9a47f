import { expect, test } from '@playwright/test';
import { signIn, signUpFresh } from './support/auth';

test('sign up signs the new user in and switches to the logged-in nav', async ({ page }) => {
  await signUpFresh(page);
  await expect(page.getByRole('link', { name: 'Cater Captain: dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
});

test('signing up twice with one e-mail shows the server message', async ({ page, browser }) => {
  const { email, password } = await signUpFresh(page);
  const other = await browser.newPage();
  await other.goto('/signup');
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password').fill(password);
  await other.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(other.getByText('User already registered')).toBeVisible();
  await other.close();
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Demo account credentials:')).toBeVisible();
  await expect(
    page.getByText(
      'This account is shared by everyone: its password, e-mail and details cannot be changed, and it cannot be deleted or recovered.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
  await page.getByLabel('Email').fill('demo@catercaptain.com');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid login credentials')).toBeVisible();
});

test('a login submitted while the app is still starting up is not lost', async ({ page }) => {
  // A slow start-up check (here: /config.json held back for 1.5 s) must not swallow a quick submit.
  await page.route('**/config.json', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill('demo@catercaptain.com');
  await page.getByLabel('Password').fill('democatercaptain');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
});

test('the demo account reaches the dashboard and the session survives a reload', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Sail onto Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto('/Inventory');
  await expect(page).toHaveURL(/\/Inventory$/);
});

test('protected routes redirect to /login when signed out', async ({ page }) => {
  await page.goto('/ManageEvents');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-out visitor never downloads supabase-js', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r.url()));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((url) => /supabaseAuth/.test(url))).toBe(false);
});

test('sign-out in one tab signs the other tab out', async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  const credentials = await signUpFresh(first);
  const second = await context.newPage();
  await second.goto('/Inventory');
  await expect(second).toHaveURL(/\/Inventory$/);
  await first.goto('/signout');
  await first.getByRole('button', { name: 'Sign Out' }).click();
  await expect(first.getByText('Signed out successfully!')).toBeVisible();
  await expect(first.getByText('Thank you for using Cater Captain. See you soon!')).toBeVisible();
  await expect(second).toHaveURL(/\/login$/, { timeout: 10_000 });
  expect(credentials.email).toContain('@');
  await context.close();
});
