import { expect, test, type Page } from '@playwright/test';
import { signIn, signUpFresh } from './support/auth';
import { device, FIRST_SYNC, pushed, saved, status, SYNC, turnSyncOn } from './support/sync';
import { addSupplier } from './support/suppliers';

/**
 * The offline app (issue 24: "the app keeps working offline"; public/sw.js): once a signed-in user has
 * opened the app, a reload or a page opened with no network still opens the app on this device's data, and
 * what is changed then is kept. Before, a reload offline showed the browser's "No internet" page.
 */

/** The offline worker is installed (the build's files kept) and answers this page's requests. */
async function keptOnDevice(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const ready = await navigator.serviceWorker?.getRegistration();
          return !!ready?.active && ready.active.state === 'activated' && !!navigator.serviceWorker.controller;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

test('with no network, a reload and a page not opened before still open the app on this device’s data', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUpFresh(page);
  await page.goto('/SupplierManagement');
  await addSupplier(page, 'SUP-O1', 'Harbour Fish');
  await keptOnDevice(page);

  await context.setOffline(true);
  // A reload: the page and its code come from this device; the data is this browser's.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Supplier Management' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Harbour Fish' })).toBeVisible();
  // Still signed in, and a change made offline is kept.
  await addSupplier(page, 'SUP-O2', 'Quay Bakery');

  // A page this tab never opened, typed in the address bar: the app draws it.
  await page.goto('/Inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  await page.goto('/SupplierManagement');
  await expect(page.getByRole('listitem', { name: 'Quay Bakery' })).toBeVisible();

  // Back online: the pages come from the network again, nothing lost.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('listitem', { name: 'Harbour Fish' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Quay Bakery' })).toBeVisible();
});

test('the offline worker keeps the app once, never the account’s data, the auth answers or a page per address', async ({
  page,
}) => {
  await signUpFresh(page);
  await page.goto('/Dashboard');
  await keptOnDevice(page);
  // Pages opened through the worker (an event's sheet is one address per event).
  for (const path of ['/Inventory', '/events/1/sheet', '/events/2/sheet', '/Dashboard']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(kept).toContain('/index.html');
  expect(kept.some((path) => /^\/assets\/EventsPage-[\w-]+\.js$/.test(path))).toBe(true);
  expect(kept.filter((path) => /^\/(auth|rest)\//.test(path) || path.includes('tutorials'))).toEqual([]);
  // One page, the build's shell, and the public settings: no copy per address.
  expect(kept.filter((path) => !/^\/(assets|media|sounds)\//.test(path)).sort()).toEqual([
    '/config.json',
    '/index.html',
  ]);
});

test('a file the worker does not hold (a replaced build’s code, for a tab opened before it) still comes from the server', async ({
  page,
}) => {
  await signUpFresh(page);
  await page.goto('/Dashboard');
  await keptOnDevice(page);
  const answered = await page.evaluate(async () => {
    const name = (await caches.keys()).find((n) => n.startsWith('cater-captain-'))!;
    const cache = await caches.open(name);
    const chunk = (await cache.keys()).map((r) => new URL(r.url).pathname).find((p) => /^\/assets\/.+\.js$/.test(p))!;
    await cache.delete(chunk);
    const response = await fetch(chunk);
    return { status: response.status, bytes: (await response.text()).length };
  });
  expect(answered.status).toBe(200);
  expect(answered.bytes).toBeGreaterThan(0);
});

test('with sync on, a reload with no network keeps working, and what is changed then reaches the other device once back online', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const a = await device(browser);
  const credentials = await signUpFresh(a);
  await turnSyncOn(a);
  await addSupplier(a, 'SUP-S1', 'Harbour Fish');
  await pushed(a);
  await keptOnDevice(a);

  await a.context().setOffline(true);
  await a.reload();
  await expect(a.getByRole('listitem', { name: 'Harbour Fish' })).toBeVisible();
  await addSupplier(a, 'SUP-S2', 'Quay Bakery');
  await expect(status(a)).toContainText('Offline — 1 change kept on this device', SYNC);

  await a.context().setOffline(false);
  await a.evaluate(() => window.dispatchEvent(new Event('online')));
  await pushed(a);
  const b = await device(browser);
  await signIn(b, credentials);
  await b.goto('/SupplierManagement');
  await saved(b, FIRST_SYNC);
  await expect(b.getByRole('listitem', { name: 'Quay Bakery' })).toBeVisible(SYNC);
});
