import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const publicPages = [
  { path: '/', heading: 'Cater Captain' },
  { path: '/About', heading: 'About Cater Captain' },
  { path: '/about', heading: 'About Cater Captain' },
  { path: '/tutorials', heading: 'Learn the ropes' },
  { path: '/login', heading: 'Login' },
  { path: '/signup', heading: 'Sign up' },
  { path: '/signout', heading: 'Sign out' },
  { path: '/no-such-page', heading: '404 - Page Not Found' },
];

for (const { path, heading } of publicPages) {
  test(`${path} renders with nav, footer and no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('Get Coding - Module 2 PROJECT')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('©');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('a deep link survives a reload', async ({ page }) => {
  await page.goto('/tutorials');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Learn the ropes' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Play video/ })).toHaveCount(4);
});

test('404 page has the soup message, an image and a Homepage button to /', async ({ page }) => {
  // The server knows the client's route table: an unknown path is answered with its 404 page and status.
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByText(/in the soup/)).toBeVisible();
  await expect(page.getByRole('img', { name: /soup bowl/ })).toBeVisible();
  await page.getByRole('link', { name: 'Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('colour mode toggles and survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/light/);
  await page.getByRole('button', { name: 'Dark Mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Light Mode' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Light Mode' }).click();
  await expect(page.locator('html')).toHaveClass(/light/);
});

test('mute label flips and is muted by default', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Unmute Button Sounds' }).click();
  await expect(page.getByRole('button', { name: 'Mute Button Sounds' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Mute Button Sounds' })).toBeVisible();
});

test('the menu lists every item and greys protected ones when signed out', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  for (const item of [
    'home',
    'About',
    'Dashboard',
    'Events',
    'Calendar',
    'Inventory',
    'Employees',
    'Suppliers',
    'Settings',
    'Learn',
    'login',
    'signup',
    'signout',
  ]) {
    await expect(page.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
  }
  await page.getByRole('menuitem', { name: 'About', exact: true }).click();
  await expect(page).toHaveURL(/\/About$/);
});

test('protected routes redirect to /login when signed out', async ({ page }) => {
  for (const path of [
    '/Dashboard',
    '/dashboard',
    '/ManageEvents',
    '/Inventory',
    '/EmployeeManagement',
    '/SupplierManagement',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('videos show a poster and insert the player only on click', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('video, iframe')).toHaveCount(0);
  await page.getByRole('button', { name: 'Play video: Cater Captain overview' }).click();
  await expect(page.locator('video[aria-label="Cater Captain overview"]')).toHaveCount(1);
});

test('the server sends security headers, caching and compression', async ({ request }) => {
  const index = await request.get('/', { headers: { 'Accept-Encoding': 'br, gzip' } });
  const csp = index.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain("'unsafe-inline' 'self'; script");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(index.headers()['x-content-type-options']).toBe('nosniff');
  expect(index.headers()['referrer-policy']).toBeTruthy();
  expect(index.headers()['cache-control']).toContain('no-cache');
  const html = await index.text();
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset).toBeTruthy();
  const js = await request.get(asset!, { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(js.headers()['cache-control']).toContain('immutable');
  expect(['br', 'gzip']).toContain(js.headers()['content-encoding']);
  for (const route of ['/Dashboard', '/ManageEvents', '/tutorials']) {
    expect((await request.head(route)).status(), `HEAD ${route}`).toBe(200);
  }
});
