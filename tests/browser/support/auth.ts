import { expect, type Page } from '@playwright/test';

export const demo = { email: 'demo@catercaptain.com', password: 'democatercaptain' };

/** Signs in through the login form, the way a caterer does, and waits for the logged-in nav. */
export async function signIn(page: Page, credentials: { email: string; password: string } = demo) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
}

/** A fresh account per test, so tests never share a session (sign-out is global). */
export async function signUpFresh(page: Page): Promise<{ email: string; password: string }> {
  const credentials = {
    email: `cook-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'galley-secret-1',
  };
  await page.goto('/signup');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Signup successful!')).toBeVisible();
  return credentials;
}
