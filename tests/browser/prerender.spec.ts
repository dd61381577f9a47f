/**
 * Prerendered public pages (issue 12): the HTML carries the page before any script runs, React
 * hydrates it without a mismatch, the saved colour mode still paints first, and protected routes carry
 * only their loading state.
 */
import { expect, test, type Page } from '@playwright/test';

// These tests make the app's code fail to load (a route that aborts it): that is a browser without the offline
// app's worker, which would answer from its kept files (public/sw.js, tested in offline-app.spec.ts).
test.use({ serviceWorkers: 'block' });

const publicPages = [
  {
    path: '/',
    heading: 'Cater Captain',
    button: /Play video: Cater Captain overview/,
    links: ['Get Started', 'Learn', 'Sign Up Now'],
  },
  { path: '/About', heading: 'About Cater Captain', links: ['Get Started'] },
  { path: '/tutorials', heading: 'Learn the ropes', button: /Play video: Event Management/, links: ['Join The Crew'] },
  { path: '/login', heading: 'Login', button: /^Login$/, links: ['Sign up here'] },
  { path: '/signup', heading: 'Sign up', button: /^Sign Up$/, links: ['Log In'] },
  { path: '/signout', heading: 'Sign out', links: ['Get Started'] },
  { path: '/no-such-page', heading: '404 - Page Not Found', links: ['Homepage'] },
];

/** Console errors and warnings, and uncaught errors, from the moment the page starts loading. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });
  for (const { path, heading, button, links } of publicPages) {
    test(`${path} is in the HTML: heading, nav, text, buttons and links`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Cater Captain: home' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Dark Mode' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('All rights reserved.');
      if (button) await expect(page.getByRole('button', { name: button }).first()).toBeVisible();
      for (const name of links) await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();
      expect(await page.title()).toContain('Cater Captain');
    });
  }

  test('the landing page has its six blurbs and the calls to action', async ({ page }) => {
    await page.goto('/');
    for (const title of [
      'Plan every event',
      'Keep inventory shipshape',
      'Know your suppliers',
      'Export your data tables',
      'Manage your crew',
      'A tool kit for each event',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    await expect(page.getByText('Take the helm of your catering business')).toBeVisible();
    expect(await page.title()).toBe('Home · Cater Captain');
  });

  test('the login form is there with its labelled fields', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByText('demo@catercaptain.com')).toBeVisible();
  });
});

for (const { path, heading } of publicPages) {
  test(`${path} hydrates without a warning or error in the console`, async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Hydrated and working: the sound toggle answers a click.
    await page.getByRole('button', { name: 'Unmute Button Sounds' }).click();
    await expect(page.getByRole('button', { name: 'Mute Button Sounds' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The 404 page's own document answers 404, which Chromium logs; nothing else may be logged.
    expect(problems.filter((p) => !(path === '/no-such-page' && /status of 404/.test(p)))).toEqual([]);
  });
}

test('hydration with saved settings (dark, unmuted) gives no mismatch and shows them', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('colorMode', '"dark"');
    localStorage.setItem('soundMuted', 'false');
  });
  const problems = collectProblems(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Light Mode' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mute Button Sounds' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('the landing page buttons work after hydration', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Dark Mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Light Mode' }).click();
  await expect(page.locator('html')).toHaveClass(/light/);
  await page.getByRole('button', { name: 'Play video: Cater Captain overview' }).click();
  await expect(page.locator('video[aria-label="Cater Captain overview"]')).toHaveCount(1);
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  expect(problems).toEqual([]);
});

test("a prerendered page's first paint waits for no app chunk: they are preloaded all at once right after it, each fetched once", async ({
  page,
  request,
}) => {
  for (const path of ['/', '/login']) {
    const html = await (await request.get(path)).text();
    // Nothing but the entry, the stylesheet and the heading font is requested before the first paint.
    expect(html).not.toContain('rel="modulepreload"');
    const listed = /<meta name="start-chunks" content="([^"]+)"/.exec(html)?.[1]?.split(' ') ?? [];
    expect(listed.some((file) => /\/assets\/react-[\w-]+\.js$/.test(file))).toBe(true);
    expect(listed.some((file) => /\/assets\/boot-[\w-]+\.js$/.test(file))).toBe(true);
    if (path === '/login') expect(listed.some((file) => /\/assets\/LoginPage-[\w-]+\.js$/.test(file))).toBe(true);

    const requested: string[] = [];
    const others = listed.filter((file) => !/\/react-/.test(file));
    let releaseReact!: () => void;
    const reactHeld = new Promise<void>((resolve) => (releaseReact = resolve));
    const watch = (r: { url(): string }) => {
      requested.push(new URL(r.url()).pathname);
      if (others.every((file) => requested.includes(file))) releaseReact();
    };
    page.on('request', watch);
    // React's chunk (the first stage) is held back until every other chunk has been requested, or 3 s:
    // preloaded all at once, none of them waits for it (no waterfall).
    let requestedWhileHeld: string[] = [];
    await page.route('**/assets/react-*.js', async (route) => {
      await Promise.race([reactHeld, new Promise((resolve) => setTimeout(resolve, 3000))]);
      requestedWhileHeld = others.filter((file) => requested.includes(file));
      await route.continue();
    });
    await page.goto(path);
    // Disabled until the app has started (hydrated).
    await expect(
      page.getByRole('button', { name: path === '/' ? 'Play video: Cater Captain overview' : 'Login', exact: true }),
    ).toBeEnabled();
    page.off('request', watch);
    await page.unroute('**/assets/react-*.js');
    expect(requestedWhileHeld).toEqual(others);
    for (const file of listed)
      expect(
        requested.filter((p) => p === file),
        file,
      ).toHaveLength(1);
  }
});

test('the menu works offline on its first use: its code was fetched while the page was idle, not run', async ({
  page,
  context,
}) => {
  const menuScripts: string[] = [];
  page.on(
    'request',
    (request) => void (/\/assets\/NavMenu-[\w-]+\.js$/.test(request.url()) && menuScripts.push(request.resourceType())),
  );
  await page.goto('/');
  await expect(page.locator('link[rel="prefetch"][href*="/assets/NavMenu-"]')).toHaveCount(1);
  await expect.poll(() => menuScripts.length).toBeGreaterThan(0);
  // Every prefetched chunk (the menu's and what it imports) has arrived before the network goes: the
  // page's own resource timing says so (Playwright reports no finish for a prefetch).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const arrived = new Set(
          performance
            .getEntriesByType('resource')
            .filter((entry) => (entry as PerformanceResourceTiming).responseEnd > 0)
            .map((entry) => new URL(entry.name).pathname),
        );
        return [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')]
          .map((link) => new URL(link.href).pathname)
          .filter((path) => !arrived.has(path));
      }),
    )
    .toEqual([]);
  // Fetched but not run: no menu is mounted until it is used.
  await expect(page.getByRole('menu')).toHaveCount(0);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'About' })).toBeVisible();
});

test('the login form cannot be used before the app has started: nothing typed is lost, the password never goes in the address', async ({
  page,
}) => {
  const addresses: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'document' && addresses.push(request.url())));
  // The app never starts: the prerendered form is all there is.
  await page.route('**/assets/boot-*.js', (route) => route.abort());
  await page.goto('/login');
  const email = page.getByLabel('Email');
  await expect(email).toBeVisible();
  await expect(email).not.toBeEditable();
  await expect(page.getByLabel('Password')).not.toBeEditable();
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await expect(login).toBeDisabled();
  await page.getByLabel('Password').press('Enter');
  await page.waitForTimeout(300);
  expect(addresses.filter((url) => /password=|email=/.test(url))).toEqual([]);
  expect(page.url()).not.toMatch(/password=/);
});

test("the page's buttons are disabled until the app has started, then work: a press is never silently lost", async ({
  page,
}) => {
  let release!: () => void;
  const started = new Promise<void>((resolve) => (release = resolve));
  // The app's start is held back: the prerendered poster is all there is until it is released.
  await page.route('**/assets/boot-*.js', async (route) => {
    await started;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const play = page.getByRole('button', { name: 'Play video: Cater Captain overview' });
  const buttons = ['Unmute Button Sounds', 'Dark Mode', 'Menu', 'Statecharts'].map((name) =>
    page.getByRole('button', { name, exact: true }),
  );
  await expect(play).toBeVisible();
  for (const button of [play, ...buttons]) await expect(button).toBeDisabled();
  release();
  for (const button of [play, ...buttons]) await expect(button).toBeEnabled();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'About' })).toBeVisible();
  await page.keyboard.press('Escape');
  await play.click();
  await expect(page.locator('video[aria-label="Cater Captain overview"]')).toBeFocused();
});

test("when the app's code cannot be loaded (offline), the page stays as prerendered and starts once the browser is back online", async ({
  page,
  context,
}) => {
  await page.route('**/assets/boot-*.js', (route) => route.abort('internetdisconnected'));
  await page.goto('/login');
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await expect(login).toBeDisabled();
  await page.waitForTimeout(500);
  await expect(login).toBeDisabled();
  await page.unroute('**/assets/boot-*.js');
  await context.setOffline(true);
  await context.setOffline(false);
  // Back online, the page loads again and the app starts: the form works.
  await expect(login).toBeEnabled();
  await expect(page.getByLabel('Email')).toBeEditable();
});

test('once the app has started, the login form takes input and signs in', async ({ page }) => {
  await page.goto('/login');
  // Playwright waits for the fields to be editable: they become so when the app has started.
  await page.getByLabel('Email').fill('demo@catercaptain.com');
  await page.getByLabel('Password').fill('democatercaptain');
  await expect(page.getByLabel('Email')).toHaveValue('demo@catercaptain.com');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
});

test('the menu opens from the keyboard on its first use and gives the focus back when closed', async ({ page }) => {
  await page.goto('/');
  // The page is idle (the on-demand code is being fetched), so hydration is done.
  await expect(page.locator('link[rel="prefetch"][href*="/assets/NavMenu-"]')).toHaveCount(1);
  const trigger = page.getByRole('button', { name: 'Menu' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();
});

test('a saved dark mode paints the prerendered page dark before any module script runs', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('colorMode', '"dark"'));
  // No app script runs: only the HTML (with the colour-mode script inline in <head>, allowed by its hash) arrives.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: 'Cater Captain' })).toBeVisible();
  const painted = await page.evaluate(() => ({
    dark: document.documentElement.classList.contains('dark'),
    background: getComputedStyle(document.body).backgroundColor,
  }));
  expect(painted.dark).toBe(true);
  // The dark theme's background (bg token), not the light one.
  const [r, g, b] = painted.background.match(/\d+/g)!.map(Number);
  expect(r! + g! + b!).toBeLessThan(3 * 80);
});

test('without a saved mode the prerendered page paints light', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = background.match(/\d+/g)!.map(Number);
  expect(r! + g! + b!).toBeGreaterThan(3 * 200);
});

test('a protected route is its loading state in the HTML, with no private data', async ({ request }) => {
  for (const path of [
    '/Inventory',
    '/dashboard',
    '/ManageEvents',
    '/Calendar',
    '/EmployeeManagement',
    '/SupplierManagement',
    '/RecoveredData',
    '/Settings',
    '/Customers',
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain('Checking your session…');
    expect(html, path).not.toMatch(/inventoryItems|Need to Order|Use Mock Data|supabase/i);
  }
});

test('a protected route hydrates into the redirect to /login when signed out', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto('/Inventory');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('unknown paths get the 404 page with status 404; known routes, any case, get 200', async ({ request }) => {
  for (const path of ['/no-such-page', '/About/extra', '/inventory/5', '/tutorial']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('404 - Page Not Found');
  }
  for (const path of ['/', '/About', '/about/', '/TUTORIALS', '/login', '/reset-password', '/Inventory']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});
