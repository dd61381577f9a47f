/**
 * Issue 10 part 5: no page scrolls sideways at 320, 390 and 768 px with any content. Every text field
 * of every record holds a 200-character word (and URLs), every route is measured (scrollWidth), and
 * the Tool Kit and card details are opened too.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';

const word = (tag: string) => `${tag}${'x'.repeat(200 - tag.length)}`;
const url = 'https://www.example.com/a/very/long/venue/address/that/never/breaks/on/its/own/' + 'segment-'.repeat(20);
const today = new Date().toISOString().slice(0, 10);

function seed() {
  const item = (id: string) => ({
    id,
    name: word(`Item${id}`),
    sku: word('SKU'),
    category: word('Cat'),
    amountPerUnit: 1,
    unit: word('unit'),
    packageType: word('pkg'),
    quantity: 1,
    costPerUnit: 2.5,
    whenToOrder: 5,
    supplierName: word('Supplier'),
  });
  const event = {
    id: 40,
    EventName: word('Event'),
    CustomerFirstName: word('First'),
    CustomerLastName: word('Last'),
    CustomerPhoneNumber: word('555'),
    CustomerEmail: `${word('mail')}@example.com`,
    EventType: word('Type'),
    NumberOfGuests: 12,
    EventDate: today,
    StartTime: '10:00',
    EndTime: '12:00',
    VenueName: url,
    VenueStreetAddress: word('Street'),
    VenueCity: word('City'),
    ingredients: [
      {
        name: word('Saffron'),
        units: 'grams',
        unitQuantity: 1,
        quantityNeeded: 2,
        onHand: false,
        needToOrder: true,
        costPerUnit: 3,
        packageType: word('box'),
        supplierName: word('Sup'),
      },
    ],
    menuItems: [word('Menu')],
    notes: [{ notes: word('Note') }],
    pricing: [{ id: 'p1', name: word('Price'), price: 10, currency: 'CAD' }],
    payments: [{ id: 'P1', amount: 1234567.89, date: today, method: 'E-transfer', note: word('Paid'), reason: '' }],
  };
  return {
    inventoryItems: [item('1'), item('2')],
    suppliers: [
      {
        supplierID: word('S'),
        supplierName: word('Supplier'),
        email: `${word('sup')}@example.com`,
        phone: '555 0100',
        contractStatus: 'active',
        startDate: '2025-01-01',
        endDate: '2026-01-01',
      },
    ],
    employees: [
      {
        id: 'E1',
        firstName: word('Ann'),
        lastName: word('Lee'),
        email: `${word('ann')}@example.com`,
        role: word('Chef'),
        phone: '555',
        fullTimePartTime: 'fulltime',
        department: word('Kitchen'),
        startDate: '2024-01-01',
      },
    ],
    events: [event, { ...event, id: 41, EventName: 'Ten thousand '.repeat(800) }],
    'ingredientList-40': [{ ...item('1'), quantity: 2 }],
    businessProfile: {
      businessName: word('Business'),
      address: word('Address'),
      phone: '555 0100',
      email: `${word('owner')}@example.com`,
      taxNumber: word('RT'),
      taxName: word('Tax'),
      logo: '',
      depositPercent: 50,
      balanceDays: 7,
      paymentTerms: word('Terms'),
      updatedAt: 1,
    },
  };
}

async function noSidewaysScroll(page: Page, where: string) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect.soft(scroll, `${where}: page is ${scroll}px wide in a ${client}px window`).toBeLessThanOrEqual(client);
}

const publicRoutes = ['/', '/About', '/tutorials', '/login', '/signup', '/signout', '/reset-password', '/no-such-page'];
const protectedRoutes = [
  '/dashboard',
  '/ManageEvents',
  '/Calendar',
  '/Inventory',
  '/EmployeeManagement',
  '/SupplierManagement',
  '/RecoveredData',
  '/Settings',
  '/events/40/sheet',
  '/events/40/quote',
  '/events/40/invoice',
  // Issue 22 part 6: the customers, and the customer of event 40 (derived from its details: c40).
  '/Customers',
  '/customers/c40',
];

test('the header logo keeps its full 44 px on a phone, beside the name and the long subtitle', async ({ page }) => {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/');
    const logo = page.getByRole('link', { name: 'Cater Captain: home' }).locator('svg');
    await expect
      .poll(async () => logo.boundingBox().then((box) => box && [box.width, box.height]), { message: `${width} px` })
      .toEqual([44, 44]);
  }
});

for (const width of [320, 390, 768]) {
  test(`no page scrolls sideways at ${width} px, with 200-character words in every field`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    for (const route of publicRoutes) {
      await page.goto(route);
      await expect(page.locator('main')).toBeVisible();
      await noSidewaysScroll(page, route);
    }
    await signIn(page);
    await page.evaluate((data) => {
      for (const [key, value] of Object.entries(data)) localStorage.setItem(key, JSON.stringify(value));
    }, seed());
    for (const route of protectedRoutes) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForTimeout(300);
      await noSidewaysScroll(page, route);
    }
    // The calendar's three views, and an event's details.
    await page.goto('/Calendar');
    for (const view of ['Month', 'Week', 'Agenda']) {
      await page.getByRole('button', { name: view, exact: true }).click();
      await noSidewaysScroll(page, `calendar ${view}`);
    }
    await page
      .getByRole('list', { name: 'Agenda' })
      .getByRole('button')
      .filter({ hasText: word('Event') })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: word('Event') })).toBeFocused();
    await noSidewaysScroll(page, 'calendar event details');
    // Opened details, the Tool Kit with every tool, and the data view's tables.
    await page.goto('/ManageEvents');
    await page.getByRole('button', { name: 'More Details' }).first().click();
    await noSidewaysScroll(page, 'event details');
    await page.getByRole('button', { name: 'Tool Kit' }).first().click();
    for (const tool of ['Choose Event Image', 'Ingredients', 'Menu', 'Notes', 'Pricing', 'Staff'])
      await page.getByRole('button', { name: tool, exact: true }).click();
    await noSidewaysScroll(page, 'Tool Kit');
    await page.keyboard.press('Escape');
    await page.goto('/dashboard');
    for (const name of ['Show inventoryItems', 'Show events', 'Show employees', 'Show suppliers'])
      await page.getByRole('button', { name }).click();
    await noSidewaysScroll(page, 'data view');
    await page.goto('/Inventory');
    await page.getByRole('button', { name: 'More Details' }).first().click();
    await expect(page.getByRole('button', { name: 'Hide Details' })).toBeVisible();
    await noSidewaysScroll(page, 'inventory card details');
    await page
      .getByRole('button', { name: /^Edit item / })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Edit Item' })).toBeVisible();
    await noSidewaysScroll(page, 'Edit Item dialog');
  });
}

test('a 10,000-character event name does not make its card screens tall', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page);
  await page.evaluate((data) => {
    for (const [key, value] of Object.entries(data)) localStorage.setItem(key, JSON.stringify(value));
  }, seed());
  await page.goto('/ManageEvents');
  const card = page.getByRole('listitem').filter({ hasText: 'Ten thousand' }).first();
  await expect(card).toBeVisible();
  const height = await card.evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeLessThan(800);
});

/** The events form opened for a new event at this screen size, its first field focused. */
async function openNewEventForm(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await signIn(page);
  await page.goto('/ManageEvents');
  await page.getByRole('button', { name: 'New Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Event' });
  await expect(dialog.getByLabel('Event Name')).toBeFocused();
  return dialog;
}

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test(`the events form's Save bar sits on the dialog's bottom edge at ${width} px: no field shows below it`, async ({
    page,
  }) => {
    const dialog = await openNewEventForm(page, width, height);
    // The form is longer than the screen: the bar sticks while the fields scroll under it.
    expect(await dialog.evaluate((d) => d.scrollHeight > d.clientHeight)).toBe(true);
    const bar = dialog.getByRole('button', { name: 'Save' }).locator('..');
    const gap = async () => {
      const [box, edge] = await Promise.all([
        bar.boundingBox(),
        dialog.evaluate((d) => d.getBoundingClientRect().top + d.clientHeight),
      ]);
      return Math.round(edge - (box!.y + box!.height));
    };
    expect(await gap()).toBe(0);
    // Part way down (at the very end the bar is in its place, the dialog's padding under it).
    await dialog.evaluate((d) => (d.scrollTop = (d.scrollHeight - d.clientHeight) / 2));
    expect(await gap()).toBe(0);
  });

  test(`the events form at ${width} px: every field Tab reaches is scrolled into view above the Save bar`, async ({
    page,
  }) => {
    const dialog = await openNewEventForm(page, width, height);
    const bar = dialog.getByRole('button', { name: 'Save' }).locator('..');
    const barTop = (await bar.boundingBox())!.y;
    const hidden: string[] = [];
    for (let n = 0; n < 40; n++) {
      await page.keyboard.press('Tab');
      const at = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const box = el.getBoundingClientRect();
        const name =
          el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent;
        return { name: (name ?? '').trim(), bottom: box.bottom, inBar: !!el.closest('form > div:last-child') };
      });
      if (at.name === 'Save') break;
      if (!at.inBar && at.bottom > barTop) hidden.push(`${at.name} (${Math.round(at.bottom - barTop)} px under)`);
    }
    expect(hidden).toEqual([]);
  });
}

test('a dialog opened with the keyboard gets the characters typed before its first frame', async ({ page }) => {
  await signIn(page);
  await page.goto('/ManageEvents');
  const open = page.getByRole('button', { name: 'New Event' });
  await open.focus();
  // A slow phone: no frame comes for a while after the Enter (the dialog's focus waits for its first frame,
  // or 200 ms without one), and the caterer is already typing.
  await page.evaluate(() => {
    window.requestAnimationFrame = () => 0;
  });
  await page.keyboard.press('Enter');
  await page.keyboard.type('ZY');
  const dialog = page.getByRole('dialog', { name: 'Create New Event' });
  await expect(dialog.getByLabel('Event Name')).toBeFocused();
  await expect(dialog.getByLabel('Event Name')).toHaveValue('ZY');
});

test('the public nav shows the Login button on a phone, and every button uses bold 16px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  await signIn(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Show events' })).toBeVisible();
  const fonts = await page.evaluate(() =>
    [...document.querySelectorAll('main button')]
      .map((b) => getComputedStyle(b))
      .map((s) => `${s.fontSize} ${s.fontWeight}`),
  );
  expect(new Set(fonts)).toEqual(new Set(['16px 700']));
});

test('the colour-mode control offers Light, Dark and System, keeping the moon/sun toggle', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Dark Mode' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitemradio', { name: 'System' }).click();
  await expect(page.getByRole('button', { name: 'Light Mode' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('colorMode'))).toBe('"system"');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(page.locator('html')).toHaveClass(/light/);
  expect(await page.evaluate(() => localStorage.getItem('colorMode'))).toBe('"light"');
});
