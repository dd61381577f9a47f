/**
 * Issue 10, part 1: a page whose code cannot be loaded shows an error inside the layout (nav and
 * footer stay) with Retry, retries by itself when the browser is back online, and after a redeploy
 * offers "A new version is available — reload" or keeps working from the retained old chunks.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT, spawnServer, waitForExit } from '../server/process.ts';
import { signUpFresh } from './support/auth';

// These tests make the app's code fail to load (a route that aborts it): that is a browser without the offline
// app's worker, which would answer from its kept files (public/sw.js, tested in offline-app.spec.ts).
test.use({ serviceWorkers: 'block' });

const failedMessage = 'This page could not be loaded. Check your connection, then try again.';
const offlineMessage = 'You are offline. This page will load as soon as you are back online.';
const newVersionMessage = 'A new version is available — reload';

/** Uncaught errors and "Failed to fetch dynamically imported module" reports, which a white page used to log. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Uncaught|dynamically imported module/i.test(message.text()))
      errors.push(`console: ${message.text()}`);
  });
  return errors;
}

async function openHome(page: Page, url = '/') {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Cater Captain' })).toBeVisible();
  // The menu's own chunk loads when the page is idle: wait for it, so only the page's chunk can fail.
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'About', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
}

async function goToAbout(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'About', exact: true }).click();
}

/** The layout is still there around the route error: no white page. */
async function expectLayout(page: Page) {
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('© ');
}

const aboutHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'About Cater Captain' });

test('a page whose chunk fails shows the route error inside the layout, and Retry loads it', async ({ page }) => {
  const errors = watchErrors(page);
  await openHome(page);
  await page.route('**/assets/AboutPage-*.js', (route) => route.abort());
  await goToAbout(page);
  const alert = page.getByRole('alert').filter({ hasText: failedMessage });
  await expect(alert).toBeVisible();
  await expectLayout(page);
  await expect(page).toHaveURL(/\/About$/);

  await page.unroute('**/assets/AboutPage-*.js');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(aboutHeading(page)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: failedMessage })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a prerendered page whose own chunk fails at the start still starts: the route error with Retry, the menu working', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.route('**/assets/AboutPage-*.js', (route) => route.abort());
  await page.goto('/About');
  const alert = page.getByRole('alert').filter({ hasText: failedMessage });
  await expect(alert).toBeVisible();
  await expectLayout(page);
  await expect(page.getByRole('button', { name: 'Menu' })).toBeEnabled();

  await page.unroute('**/assets/AboutPage-*.js');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(aboutHeading(page)).toBeVisible();
  // React says the prerendered page did not match (it shows the route error instead): nothing else.
  expect(errors.filter((e) => !/React error #418/.test(e))).toEqual([]);
});

test('offline: the route error says so, and coming back online loads the page by itself', async ({ page, context }) => {
  const errors = watchErrors(page);
  await openHome(page);
  await context.setOffline(true);
  await goToAbout(page);
  const alert = page.getByRole('alert').filter({ hasText: offlineMessage });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectLayout(page);

  await context.setOffline(false);
  await expect(aboutHeading(page)).toBeVisible();
  await expect(alert).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a signed-in page opened as the connection drops stays on screen: the sync and kept-changes code load by themselves later', async ({
  page,
}) => {
  // Before, these two were React.lazy with no error boundary above them: their failed load took the
  // whole app off the screen (a Sign Out button vanished under a caterer's finger).
  await signUpFresh(page);
  const errors = watchErrors(page);
  const parts = ['**/assets/SyncHost-*.js', '**/assets/PendingChanges-*.js'];
  for (const part of parts) await page.route(part, (route) => route.abort());
  const failed = page.waitForEvent('requestfailed', (r) => /\/SyncHost-/.test(r.url()));
  await page.goto('/dashboard');
  await failed;
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expectLayout(page);
  await expect(page.getByRole('switch', { name: 'Sync across devices' })).toHaveCount(0);

  // The code reachable again: it is loaded without a reload (the first timed retry is 2 s after the failure).
  for (const part of parts) await page.unroute(part);
  await expect(page.getByRole('switch', { name: 'Sync across devices' })).toBeVisible();
  await page.goto('/signout');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully!')).toBeVisible();
  expect(errors.filter((e) => !/dynamically imported module/.test(e))).toEqual([]);
});

test('a protected page whose route boundary cannot load says so, and shows the page once it can, with no reload', async ({
  page,
}) => {
  await signUpFresh(page);
  const errors = watchErrors(page);
  await page.route('**/assets/RouteBoundary-*.js', (route) => route.abort());
  await page.goto('/Inventory');
  await expect(page.getByText('This page could not be loaded yet. Trying again…')).toBeVisible();
  await expectLayout(page);
  await page.unroute('**/assets/RouteBoundary-*.js');
  // The first timed retry is 2 s after the failure.
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  expect(errors.filter((e) => !/dynamically imported module/.test(e))).toEqual([]);
});

test('after a redeploy removed the old chunk, the tab offers "A new version is available — reload", and Reload loads the new version', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await openHome(page);
  const running = await page.evaluate(
    async () => ((await (await fetch('/version.json')).json()) as { buildId: string }).buildId,
  );
  expect(await page.locator('meta[name="build-id"]').getAttribute('content')).toBe(running);
  await page.route('**/assets/AboutPage-*.js', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"code":404}' }),
  );
  await page.route('**/version.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ buildId: 'a-newer-build' }) }),
  );
  await goToAbout(page);
  const alert = page.getByRole('alert').filter({ hasText: newVersionMessage });
  await expect(alert).toBeVisible();
  await expectLayout(page);
  await expect(alert.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  // The "new build" is now what the server has: the reload must fetch a fresh document.
  await page.unrouteAll();
  await page.evaluate(() => Object.assign(window, { oldTab: true }));
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(aboutHeading(page)).toBeVisible();
  expect(await page.evaluate(() => 'oldTab' in window)).toBe(false);
  expect(errors).toEqual([]);
});

// The next two run their own server on a copy of the build, so stopping it or rebuilding cannot
// disturb the other tests.
test.describe('with a server of its own', () => {
  let work: string;
  let server: ChildProcess | null = null;
  const env = () => ({
    DIST_DIR: join(work, 'dist'),
    RETAINED_ASSETS_DIR: join(work, 'old-assets'),
    DATA_DIR: join(work, 'data'),
  });
  const start = async (port: number) => {
    server = (await spawnServer({ ...env(), PORT: String(port) })).child;
    return `http://127.0.0.1:${port}`;
  };
  const stop = async () => {
    if (!server) return;
    server.kill('SIGTERM');
    // A tab's open connections can hold a graceful close: do not wait for ever.
    const child = server;
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await waitForExit(child);
    clearTimeout(timer);
    server = null;
  };
  test.beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'cc-chunks-'));
    cpSync(join(ROOT, 'dist'), join(work, 'dist'), { recursive: true });
  });
  test.afterEach(async ({ page }) => {
    await page.close();
    await stop();
    rmSync(work, { recursive: true, force: true });
  });

  test('server stopped: the route error shows inside the layout; server back, Retry loads the page', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const port = await freePort();
    const url = await start(port);
    await openHome(page, `${url}/`);
    await stop();
    await goToAbout(page);
    const alert = page.getByRole('alert').filter({ hasText: failedMessage });
    await expect(alert).toBeVisible();
    await expectLayout(page);

    await start(port);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(aboutHeading(page)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a real rebuild while a tab is open: the tab keeps loading its old chunks, and a reload gets the new build', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const url = await start(await freePort());
    await openHome(page, `${url}/`);
    const oldAbout = readdirSync(join(work, 'dist', 'assets')).find((n) => /^AboutPage-.*\.js$/.test(n))!;

    // What `npm run build` does around vite build, on the running server's dist: retire the current
    // assets, write a new build (every hashed name changes), stamp it.
    const tsx = (step: string) =>
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-assets.ts', step], {
        cwd: ROOT,
        env: { ...process.env, ...env() },
      });
    tsx('retire');
    rebuildWithNewHashes(join(work, 'dist'));
    tsx('stamp');
    const newAbout = readdirSync(join(work, 'dist', 'assets')).find((n) => /^AboutPage-.*\.js$/.test(n))!;
    expect(newAbout).not.toBe(oldAbout);

    const oldChunk = page.waitForResponse((response) => response.url().endsWith(`/assets/${oldAbout}`));
    await goToAbout(page);
    await expect(aboutHeading(page)).toBeVisible();
    const response = await oldChunk;
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('immutable');
    await expect(page.getByRole('alert')).toHaveCount(0);

    const newChunk = page.waitForResponse((r) => r.url().endsWith(`/assets/${newAbout}`));
    await page.reload();
    await expect(aboutHeading(page)).toBeVisible();
    expect((await newChunk).status()).toBe(200);
    expect(errors).toEqual([]);
  });
});

/** A stand-in for a new `vite build`: the same code under new hashed names, references rewritten. */
function rebuildWithNewHashes(distDir: string) {
  const assets = join(distDir, 'assets');
  const names = readdirSync(assets).filter((n) => !/\.(br|gz)$/.test(n));
  const renamed = new Map(names.map((n) => [n, n.replace(/-([\w-]+)\.(\w+)$/, '-next$1.$2')]));
  const rewrite = (text: string) => [...renamed].reduce((t, [from, to]) => t.split(from).join(to), text);
  const files = names.map((n) => [n, readFileSync(join(assets, n))] as const);
  rmSync(assets, { recursive: true });
  mkdirSync(assets);
  for (const [name, data] of files)
    writeFileSync(join(assets, renamed.get(name)!), /\.(js|css)$/.test(name) ? rewrite(data.toString('utf8')) : data);
  // The shell and the prerendered pages (scripts/prerender.ts) name the new chunks too.
  const pages = existsSync(join(distDir, 'pages'))
    ? readdirSync(join(distDir, 'pages'))
        .filter((n) => n.endsWith('.html'))
        .map((n) => join('pages', n))
    : [];
  for (const html of ['index.html', ...pages]) {
    writeFileSync(join(distDir, html), rewrite(readFileSync(join(distDir, html), 'utf8')));
    // precompress would write these afresh; the copies from the old build must not be served.
    rmSync(join(distDir, `${html}.br`), { force: true });
    rmSync(join(distDir, `${html}.gz`), { force: true });
  }
}
