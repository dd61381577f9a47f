import { expect, test, type Page } from '@playwright/test';
import { addDays, toISODate } from '../../src/domain/eventDates';
import { signIn } from './support/auth';

/** Issue 21, part 3: staff on events, the overlap warning, the event sheet's staff and labour in the margin. */
const today = toISODate(new Date());
const date = addDays(today, 3);

const event = (id: number, EventName: string, StartTime: string, EndTime: string) => ({
  id,
  EventName,
  CustomerFirstName: 'Ada',
  CustomerLastName: 'Quay',
  CustomerPhoneNumber: '5550101',
  CustomerEmail: 'ada@example.com',
  EventType: 'Fundraiser',
  NumberOfGuests: 40,
  EventDate: date,
  StartTime,
  EndTime,
  VenueName: 'Dock Hall',
  VenueStreetAddress: '1 Pier Road',
  VenueCity: 'Halifax',
  ingredients: [],
  menuItems: [],
  notes: [],
  pricing: [{ id: 'p-catering', name: 'Catering', price: 1000, currency: 'CAD' }],
});
const employee = (id: string, firstName: string, lastName: string, role: string, hourlyRate: number) => ({
  id,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.com`,
  role,
  phone: '',
  fullTimePartTime: 'fulltime',
  department: 'Service',
  startDate: '2024-01-01',
  hourlyRate,
});
const gala = event(201, 'Harbour Gala', '18:00', '22:00');
const party = event(202, 'Birthday Party', '19:00', '01:00');
const marina = employee('E-marina', 'Marina', 'Costa', 'Server', 22.5);
const omar = employee('E-omar', 'Omar', 'Haddad', 'Chef', 30);
/** Marina works the gala 18:00 to 22:00: 4 h x $22.50 = $90.00. */
const marinaAtGala = {
  id: 'st-gala-marina',
  employeeId: 'E-marina',
  name: 'Marina Costa',
  role: 'Server',
  shiftStart: '18:00',
  shiftEnd: '22:00',
};

async function open(page: Page, seed: Record<string, unknown>) {
  await page.addInitScript((values) => {
    if (window.sessionStorage.getItem('seeded')) return;
    window.sessionStorage.setItem('seeded', '1');
    for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, JSON.stringify(value));
  }, seed);
  await signIn(page);
  await page.goto('/ManageEvents');
  await expect(page.getByRole('heading', { level: 1, name: 'Event Management' })).toBeVisible();
}

const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(window.localStorage.getItem(k) ?? 'null') as unknown, key);

async function openTool(page: Page, eventName: string, tool: string) {
  await page.getByRole('button', { name: `Tool Kit for ${eventName}` }).click();
  const kit = page.getByRole('dialog');
  await kit.getByRole('button', { name: tool, exact: true }).click();
  return kit;
}

test('an employee put on two overlapping events is warned, naming the other event, and can still be assigned', async ({
  page,
}) => {
  await open(page, { events: [party, gala], employees: [marina, omar], 'staffList-201': [marinaAtGala] });
  const kit = await openTool(page, 'Birthday Party', 'Staff');
  const staff = kit.getByRole('region', { name: 'Staff' });
  // The shift starts as the event's times; choosing Marina fills her role.
  await expect(staff.getByLabel('Shift start')).toHaveValue('19:00');
  await expect(staff.getByLabel('Shift end')).toHaveValue('01:00');
  await staff.getByLabel('Employee').selectOption({ label: 'Marina Costa (Server)' });
  await expect(staff.getByLabel('Role at event')).toHaveValue('Server');
  await expect(
    staff.getByRole('status').filter({ hasText: 'Marina Costa is already working Harbour Gala then' }),
  ).toBeVisible();
  await staff.getByLabel('Role at event').fill('Bartender');
  await staff.getByRole('button', { name: 'Assign' }).click();
  const table = staff.getByRole('table', { name: 'Staff on this event' });
  const row = table.getByRole('row').filter({ hasText: 'Marina Costa' });
  await expect(row).toContainText('Bartender');
  await expect(row).toContainText('19:00 – 01:00 (next day)');
  await expect(row).toContainText('Marina Costa is already working Harbour Gala then');
  await expect(row.getByRole('button', { name: 'Remove Marina Costa' })).toBeVisible();
  // Stored under the event's own key, identified by its own id.
  const list = (await stored(page, 'staffList-202')) as Array<Record<string, unknown>>;
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({
    employeeId: 'E-marina',
    role: 'Bartender',
    shiftStart: '19:00',
    shiftEnd: '01:00',
  });
  expect(typeof list[0]!.id).toBe('string');
  // Omar is free then: no warning. Remove takes away only the person it names.
  await staff.getByLabel('Employee').selectOption({ label: 'Omar Haddad (Chef)' });
  await expect(staff.getByText(/is already working/)).toHaveCount(1);
  await staff.getByRole('button', { name: 'Assign' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await row.getByRole('button', { name: 'Remove Marina Costa' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Omar Haddad');
  expect(((await stored(page, 'staffList-202')) as Array<{ employeeId: string }>).map((a) => a.employeeId)).toEqual([
    'E-omar',
  ]);
});

test('the same employee on the same shift of one event is refused beside Employee, keeping what was typed', async ({
  page,
}) => {
  await open(page, { events: [gala], employees: [marina, omar], 'staffList-201': [marinaAtGala] });
  const kit = await openTool(page, 'Harbour Gala', 'Staff');
  const staff = kit.getByRole('region', { name: 'Staff' });
  const table = staff.getByRole('table', { name: 'Staff on this event' });
  await expect(table.getByRole('row')).toHaveCount(2);
  // Marina already works the gala 18:00 to 22:00, the times the form starts with.
  const employeeField = staff.getByLabel('Employee');
  await employeeField.selectOption({ label: 'Marina Costa (Server)' });
  await staff.getByLabel('Role at event').fill('Head server');
  await staff.getByRole('button', { name: 'Assign' }).click();
  await expect(staff.getByRole('alert')).toHaveText('Marina Costa is already on this shift.');
  await expect(employeeField).toHaveAttribute('aria-invalid', 'true');
  await expect(employeeField).toHaveAccessibleDescription('Marina Costa is already on this shift.');
  // Nothing saved, nothing lost from the form.
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(employeeField).toHaveValue('E-marina');
  await expect(staff.getByLabel('Role at event')).toHaveValue('Head server');
  await expect(staff.getByLabel('Shift start')).toHaveValue('18:00');
  await expect(staff.getByLabel('Shift end')).toHaveValue('22:00');
  expect(((await stored(page, 'staffList-201')) as Array<{ id: string }>).map((a) => a.id)).toEqual(['st-gala-marina']);
  // Another shift of hers on the same event (setting up before it) is hers to work: assigned.
  await staff.getByLabel('Shift start').fill('15:00');
  await expect(staff.getByRole('alert')).toHaveCount(0);
  await staff.getByLabel('Shift end').fill('18:00');
  await staff.getByRole('button', { name: 'Assign' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').filter({ hasText: 'Head server' })).toContainText('15:00 – 18:00');
  await expect(staff.getByRole('alert')).toHaveCount(0);
});

test('a staff list stored with the same person on the same shift twice still shows both', async ({ page }) => {
  await open(page, {
    events: [gala],
    employees: [marina],
    'staffList-201': [marinaAtGala, { ...marinaAtGala, id: 'st-gala-marina-again' }],
  });
  const kit = await openTool(page, 'Harbour Gala', 'Staff');
  const table = kit.getByRole('region', { name: 'Staff' }).getByRole('table', { name: 'Staff on this event' });
  await expect(table.getByRole('row').filter({ hasText: 'Marina Costa' })).toHaveCount(2);
  await expect(
    table.getByRole('row').filter({ hasText: 'Marina Costa is already working this event then' }),
  ).toHaveCount(2);
  await expect(kit.getByRole('region', { name: 'Staff' })).toContainText(/Labour cost:\s*\$180\.00 CAD/);
});

test('the event sheet lists the staff with their roles and shifts', async ({ page }) => {
  await open(page, {
    events: [party, gala],
    employees: [marina, omar],
    'staffList-202': [
      { ...marinaAtGala, id: 'st-1', role: 'Bartender', shiftStart: '19:30', shiftEnd: '01:00' },
      { id: 'st-2', employeeId: 'E-omar', name: 'Omar Haddad', role: 'Chef', shiftStart: '16:00', shiftEnd: '22:00' },
    ],
  });
  await page.goto('/events/202/sheet');
  const staff = page.getByRole('region', { name: 'Staff' });
  await expect(staff.getByRole('row')).toHaveCount(3);
  const rows = staff.getByRole('row');
  await expect(rows.nth(1)).toHaveText(/Omar Haddad\s*Chef\s*16:00 – 22:00/);
  await expect(rows.nth(2)).toHaveText(/Marina Costa\s*Bartender\s*19:30 – 01:00 \(next day\)/);
});

test('labour cost shows in the Pricing tool’s margin and follows the Staff tool', async ({ page }) => {
  await open(page, { events: [gala], employees: [marina, omar], 'staffList-201': [marinaAtGala] });
  const kit = await openTool(page, 'Harbour Gala', 'Pricing');
  const figures = kit.getByRole('region', { name: 'Cost, price and margin' });
  // Price $1,000; food $0; labour: Marina 4 h x $22.50 = $90.00; margin $910.00 = 91.0 %; per guest (40) $22.75.
  await expect(figures).toContainText(/Labour cost\s*\$90\.00 CAD/);
  await expect(figures).toContainText(/Total cost\s*\$90\.00 CAD/);
  await expect(figures).toContainText(/Margin\s*\$910\.00 CAD/);
  await expect(figures).toContainText(/Margin %\s*91\.0 %/);
  await expect(figures).toContainText(/Margin per guest\s*\$22\.75 CAD/);
  // Omar on the gala 18:00 to 22:00: 4 h x $30 = $120 more; margin $790.00.
  await kit.getByRole('button', { name: 'Staff', exact: true }).click();
  const staff = kit.getByRole('region', { name: 'Staff' });
  await staff.getByLabel('Employee').selectOption({ label: 'Omar Haddad (Chef)' });
  await staff.getByRole('button', { name: 'Assign' }).click();
  await expect(staff).toContainText(/Labour cost:\s*\$210\.00 CAD/);
  await expect(figures).toContainText(/Labour cost\s*\$210\.00 CAD/);
  await expect(figures).toContainText(/Margin\s*\$790\.00 CAD/);
  // The event's details read the same once the Tool Kit closes.
  await kit.getByRole('button', { name: 'Close Tool Kit' }).click();
  const card = page.getByRole('article', { name: 'Harbour Gala' });
  await card.getByRole('button', { name: 'More Details' }).click();
  await expect(card.getByRole('region', { name: 'Cost, price and margin' })).toContainText(/Margin\s*\$790\.00 CAD/);
});

test('the hourly rate on the employee form: a bad one is refused with its message, a good one is kept; the card lists upcoming shifts', async ({
  page,
}) => {
  await open(page, {
    events: [party, gala],
    employees: [{ ...marina, hourlyRate: undefined }],
    'staffList-201': [marinaAtGala],
  });
  await page.goto('/EmployeeManagement');
  const card = page.getByRole('listitem', { name: 'Marina Costa' });
  await expect(card).toContainText(`Upcoming shifts${date} 18:00 – 22:00: Harbour Gala (Server)`);
  await page.getByRole('button', { name: 'Edit employee Marina Costa' }).click();
  await page.getByLabel('Hourly rate (CAD)').fill('-5');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Hourly rate cannot be negative: enter a number from 0 to 10,000.')).toBeVisible();
  await expect(page.getByLabel('Hourly rate (CAD)')).toHaveValue('-5');
  await page.getByLabel('Hourly rate (CAD)').fill('24.75');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(card).toContainText('Hourly rate$24.75 CAD');
  expect(((await stored(page, 'employees')) as Array<{ hourlyRate?: number }>)[0]!.hourlyRate).toBe(24.75);
});

test('the calendar marks the day where someone on staff is booked twice', async ({ page }) => {
  await open(page, {
    events: [party, gala],
    employees: [marina],
    'staffList-201': [marinaAtGala],
    'staffList-202': [{ ...marinaAtGala, id: 'st-party-marina', shiftStart: '19:00', shiftEnd: '01:00' }],
  });
  await page.goto('/Calendar');
  await page.getByRole('button', { name: 'Agenda', exact: true }).click();
  // In the agenda (the month grid, shown first, stays in the page hidden).
  const day = page.getByRole('list', { name: 'Agenda' }).locator(`[data-staff-twice]`);
  await expect(day).toHaveCount(1);
  await expect(day).toContainText('Staff booked twice');
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  const cell = page.locator(`[role="gridcell"][data-date="${date}"]`);
  await expect(page.locator(`[role="gridcell"][data-date="${today}"]`)).toBeVisible();
  // Three days ahead may be in next month's grid.
  if ((await cell.count()) === 0) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(cell).toHaveAttribute('aria-label', /staff booked twice/);
  await expect(page.locator('[role="gridcell"][data-staff-twice]')).toHaveCount(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 320, height: 700 } });
  test('the Staff tool with a person listed has no sideways scroll at 320 px', async ({ page }) => {
    await open(page, { events: [party, gala], employees: [marina, omar], 'staffList-201': [marinaAtGala] });
    const kit = await openTool(page, 'Birthday Party', 'Staff');
    const staff = kit.getByRole('region', { name: 'Staff' });
    await staff.getByLabel('Employee').selectOption({ label: 'Marina Costa (Server)' });
    await staff.getByRole('button', { name: 'Assign' }).click();
    await expect(staff.getByRole('button', { name: 'Remove Marina Costa' })).toBeVisible();
    // The table fits (its wrapper would scroll it sideways otherwise), and so does the Tool Kit.
    const table = staff.getByRole('table', { name: 'Staff on this event' });
    const fit = await table.evaluate((el) => ({ table: el.scrollWidth, box: el.parentElement!.clientWidth }));
    expect(fit.table, `the staff table is ${fit.table}px wide in ${fit.box}px`).toBeLessThanOrEqual(fit.box);
    const widths = await kit.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(widths.scroll, `Tool Kit is ${widths.scroll}px wide in ${widths.client}px`).toBeLessThanOrEqual(
      widths.client,
    );
  });
});

test('the Staff tool, with a warning, a refusal and a listed person, has no serious accessibility violations (light and dark)', async ({
  page,
}) => {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, { events: [party, gala], employees: [marina, omar], 'staffList-201': [marinaAtGala] });
  const scan = async (what: string) => {
    await page.mouse.move(0, 0);
    await page.waitForTimeout(50);
    const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, what).toEqual([]);
  };
  for (const mode of ['light', 'dark']) {
    if (mode === 'dark') await page.getByRole('button', { name: 'Dark Mode' }).click();
    const kit = await openTool(page, 'Birthday Party', 'Staff');
    const staff = kit.getByRole('region', { name: 'Staff' });
    await staff.getByLabel('Employee').selectOption({ label: 'Marina Costa (Server)' });
    if (mode === 'light') await staff.getByRole('button', { name: 'Assign' }).click();
    // Marina is on this shift now: Assign refuses her beside Employee.
    await staff.getByLabel('Employee').selectOption({ label: 'Marina Costa (Server)' });
    await staff.getByRole('button', { name: 'Assign' }).click();
    await expect(staff.getByRole('alert')).toHaveText('Marina Costa is already on this shift.');
    await scan(`${mode}, refused`);
    // Another start is a different shift, only warned about (it overlaps hers and the gala's).
    await staff.getByLabel('Shift start').fill('19:30');
    await expect(staff.getByRole('status').filter({ hasText: 'is already working' })).toBeVisible();
    await scan(`${mode}, warned`);
    await kit.getByRole('button', { name: 'Close Tool Kit' }).click();
  }
});
