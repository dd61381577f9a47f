/** /Calendar (issue 21): month, week and agenda views over the merged events, the date grid's keys, the .ics files. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { readFile } from 'node:fs/promises';
import { signUpFresh } from './support/auth';
import { shots } from './support/shots';

test.use({ acceptDownloads: true });

async function loadMockData(page: Page) {
  await signUpFresh(page);
  await page.goto('/Dashboard');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Use Mock Data' }).click();
  await expect(page.getByText('Mock data is loaded. Refresh the page to view it.')).toBeVisible();
}

async function openCalendar(page: Page) {
  await page.goto('/Calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
}

/** YYYY-MM-DD of today + `days`, in the browser's local time. */
const dayFromToday = (page: Page, days: number) =>
  page.evaluate((n) => {
    const d = new Date();
    d.setDate(d.getDate() + n);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }, days);

async function downloadText(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return {
    name: file.suggestedFilename(),
    text: await readFile((await file.path())!, 'utf8'),
  };
}

function vevents(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  return root.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
}

const grid = (page: Page) => page.getByRole('grid');
const cell = (page: Page, date: string) => page.locator(`[role=gridcell][data-date="${date}"]`);
const period = (page: Page) => page.locator('#calendar-period');

test('month view shows the events; Previous, Next and Today; a busy day is marked; details link to the Tool Kit', async ({
  page,
}) => {
  await loadMockData(page);
  await openCalendar(page);
  await expect(page.getByRole('button', { name: 'Month', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const today = await dayFromToday(page, 0);
  // The mock event of today, with its start time, in today's cell (named with its full date).
  await expect(cell(page, today)).toContainText('10:30 Patel Engagement Brunch');
  await expect(cell(page, today)).toHaveAttribute('aria-selected', 'true');
  await expect(cell(page, today)).toHaveAttribute('aria-label', /^\w+day, \w+ \d{1,2}, \d{4}, today, 1 event/);

  const title = await period(page).textContent();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(period(page)).not.toHaveText(title!);
  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await expect(period(page)).not.toHaveText(title!);
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(period(page)).toHaveText(title!);

  // Today + 21: a sample (Harbourfront Wedding Reception) and a mock event (Summer Work Party): marked.
  await expect(cell(page, today)).not.toHaveAttribute('data-busy', 'true');
  const busy = await dayFromToday(page, 21);
  if (busy.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(cell(page, busy)).toHaveAttribute('data-busy', 'true');
  await expect(cell(page, busy)).toHaveAttribute('aria-label', /2 events, busy: two or more events/);

  // An event past midnight continues the next day.
  const oliver = await dayFromToday(page, 7);
  await page.getByRole('button', { name: 'This Month' }).click();
  if (oliver.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(cell(page, oliver)).toContainText("until 01:00 Oliver's 40th Birthday");

  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await cell(page, today)
    .getByRole('button', { name: /Patel Engagement Brunch/ })
    .click();
  const details = page.getByRole('region', { name: 'Patel Engagement Brunch' });
  await expect(details).toContainText('Priya Patel');
  await expect(details).toContainText('10:30 – 14:00');
  await expect(
    details.getByRole('link', {
      name: 'Event Sheet for Patel Engagement Brunch',
    }),
  ).toHaveAttribute('href', '/events/6/sheet');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  await details.getByRole('link', { name: 'Tool Kit for Patel Engagement Brunch' }).click();
  await expect(page).toHaveURL(/\/ManageEvents$/);
  await expect(page.getByRole('dialog')).toContainText('Patel Engagement Brunch');
});

test('agenda lists the next 14 days’ events in date order; week view; the whole calendar downloads as .ics', async ({
  page,
}) => {
  await loadMockData(page);
  await openCalendar(page);
  await page.getByRole('button', { name: 'Agenda', exact: true }).click();
  const agenda = page.getByRole('list', { name: 'Agenda' });
  // Mock events at today +0, +3, +6 (till 01:00 the next day), +10 and the sample at +5; +14 and later are not in the 14 days.
  await expect(agenda.getByRole('button')).toHaveText([
    /^10:30Patel Engagement Brunch$/,
    /^17:30Tech Meetup Catering$/,
    /^11:30Quarterly Sales Conference Lunch$/,
    /^19:00Oliver's 40th Birthday$/,
    /^until 01:00Oliver's 40th Birthday \(continued from the day before\)$/,
    /^14:00Baby Shower for Mia$/,
  ]);
  const headings = await agenda.getByRole('heading').allTextContents();
  // Five days with events, and the day after Oliver's 40th, which runs past midnight.
  expect(headings).toHaveLength(6);
  await expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(agenda.getByRole('button').first()).toHaveText(/Retirement Party for Frank/);

  await page.getByRole('button', { name: 'This Week' }).click();
  await expect(page.getByRole('button', { name: 'Week', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(grid(page).getByRole('row')).toHaveCount(2);
  await expect(grid(page).getByRole('gridcell')).toHaveCount(7);

  const file = await downloadText(page, () => page.getByRole('button', { name: 'Export calendar (.ics)' }).click());
  expect(file.name).toBe('CaterCaptain_calendar.ics');
  const stored = await page.evaluate(() =>
    (
      JSON.parse(localStorage.getItem('events') ?? '[]') as Array<{
        id: number;
      }>
    ).map((e) => e.id),
  );
  // Every event: the 10 mock events and the 3 built-in samples, one VEVENT each.
  const parsed = vevents(file.text);
  expect(parsed.map((e) => e.uid).sort()).toEqual(
    [...new Set([...stored, 1, 2, 3])].map((id) => `event-${id}@catercaptain.com`).sort(),
  );
  expect(parsed).toHaveLength(13);
  const oliver = parsed.find((e) => e.summary === "Oliver's 40th Birthday")!;
  expect(oliver.duration.toSeconds()).toBe(6 * 3600);
  expect(oliver.location).toBe('Reed Residence, 221 Cedar Avenue, North Vancouver');
  expect(oliver.description).toContain('Guests: 30');
});

test('keyboard: arrows, Home/End and PageUp/PageDown move the focus between days (roving tab stop)', async ({
  page,
}) => {
  await loadMockData(page);
  await openCalendar(page);
  const today = await dayFromToday(page, 0);
  const focusedDate = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.date ?? null);
  await expect(grid(page).locator('[tabindex="0"]')).toHaveCount(1);
  await cell(page, today).focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(focusedDate).toBe(await dayFromToday(page, 1));
  await page.keyboard.press('ArrowDown');
  await expect.poll(focusedDate).toBe(await dayFromToday(page, 8));
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await expect.poll(focusedDate).toBe(today);
  await expect(cell(page, today)).toHaveAttribute('aria-selected', 'true');
  await expect(cell(page, today)).toHaveAttribute('tabindex', '0');
  await page.keyboard.press('End');
  const saturday = await focusedDate();
  expect(new Date(`${saturday}T12:00`).getDay()).toBe(6);
  await page.keyboard.press('Home');
  expect(new Date(`${await focusedDate()}T12:00`).getDay()).toBe(0);
  const title = await period(page).textContent();
  await page.keyboard.press('PageDown');
  await expect(period(page)).not.toHaveText(title!);
  await page.keyboard.press('PageUp');
  await expect(period(page)).toHaveText(title!);
  await expect(grid(page).locator('[tabindex="0"]')).toHaveCount(1);
  // Enter goes to the day's events; activating one shows its details.
  await page.keyboard.press('Home');
  await cell(page, today).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#calendar-day-events button').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Patel Engagement Brunch' })).toBeFocused();
  // Escape closes the details and gives the focus back to the event it was opened from.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Patel Engagement Brunch' })).toHaveCount(0);
  await expect(page.locator('#calendar-day-events button').first()).toBeFocused();
});

for (const width of [320, 390]) {
  test(`at ${width} px: Agenda by default, no horizontal scroll in any view, no axe findings`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await loadMockData(page);
    await openCalendar(page);
    await expect(page.getByRole('button', { name: 'Agenda', exact: true })).toHaveAttribute('aria-pressed', 'true');
    for (const view of ['Agenda', 'Month', 'Week']) {
      await page.getByRole('button', { name: view, exact: true }).click();
      await expect(page.getByRole('button', { name: view, exact: true })).toHaveAttribute('aria-pressed', 'true');
      const { scroll, client } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(scroll, `${view} at ${width}px`).toBeLessThanOrEqual(client);
      // axe reads the settled page: the pointer off the buttons and their colour transitions finished
      // (CI once caught a view button mid-transition as a colour-contrast finding).
      await page.mouse.move(0, 0);
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((v) => `${view}: ${v.id}`)).toEqual([]);
    }
  });
}

test('an event card and an event sheet export their own event as .ics', async ({ page }) => {
  await loadMockData(page);
  await page.goto('/ManageEvents');
  const card = page.getByRole('article', { name: 'Patel Engagement Brunch' });
  const fromCard = await downloadText(page, () =>
    card
      .getByRole('button', {
        name: 'Export Patel Engagement Brunch to calendar (.ics)',
      })
      .click(),
  );
  expect(fromCard.name).toBe('event-6-patel-engagement-brunch.ics');
  const [one] = vevents(fromCard.text);
  expect(vevents(fromCard.text)).toHaveLength(1);
  expect(one!.summary).toBe('Patel Engagement Brunch');
  expect(one!.startDate.toString()).toBe(`${await dayFromToday(page, 0)}T10:30:00`);
  expect(one!.endDate.toString()).toBe(`${await dayFromToday(page, 0)}T14:00:00`);
  expect(one!.description).toContain('Customer: Priya Patel');

  await page.goto('/events/8/sheet');
  const fromSheet = await downloadText(page, () =>
    page
      .getByRole('button', {
        name: "Export Oliver's 40th Birthday to calendar (.ics)",
      })
      .click(),
  );
  const [sheetEvent] = vevents(fromSheet.text);
  expect(vevents(fromSheet.text)).toHaveLength(1);
  expect(sheetEvent!.uid).toBe('event-8@catercaptain.com');
  expect(sheetEvent!.endDate.toString()).toBe(`${await dayFromToday(page, 7)}T01:00:00`);
});

test('today follows the clock: a calendar left open past midnight moves to the new day', async ({ page }) => {
  await page.clock.install({ time: new Date(2026, 2, 31, 23, 58, 0) });
  await signUpFresh(page);
  await openCalendar(page);
  await expect(period(page)).toHaveText('March 2026');
  await expect(cell(page, '2026-03-31')).toHaveAttribute('aria-label', /, today, /);
  await expect(cell(page, '2026-03-31')).toHaveAttribute('aria-selected', 'true');
  await page.clock.runFor(3 * 60 * 1000);
  // The month turned with the day: the calendar shows April, with the 1st as today and focused.
  await expect(period(page)).toHaveText('April 2026');
  await expect(cell(page, '2026-04-01')).toHaveAttribute('aria-label', /, today, /);
  await expect(cell(page, '2026-04-01')).toHaveAttribute('aria-selected', 'true');
  await expect(cell(page, '2026-03-31')).not.toHaveAttribute('aria-label', /today/);
  // Today (the button) now means the new day.
  await page.getByRole('button', { name: 'Previous', exact: true }).click();
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  await expect(period(page)).toHaveText('April 2026');
});

test('a dense month: a day of 11 events shows three chips and "+8 more", which opens the day’s list of all eleven', async ({
  page,
}) => {
  await signUpFresh(page);
  const day = await dayFromToday(page, 0);
  const dense = Array.from({ length: 11 }, (_, i) => ({
    id: 700 + i,
    EventName: `Dense ${String(i + 1).padStart(2, '0')}`,
    CustomerFirstName: 'Ada',
    CustomerLastName: 'Quay',
    CustomerPhoneNumber: 5550100,
    CustomerEmail: 'ada@example.com',
    EventType: 'Meeting',
    NumberOfGuests: 20,
    EventDate: day,
    StartTime: `${String(7 + i).padStart(2, '0')}:00`,
    EndTime: `${String(7 + i).padStart(2, '0')}:45`,
    VenueName: 'Dock Hall',
    VenueStreetAddress: '1 Pier Road',
    VenueCity: 'Halifax',
    ingredients: [],
  }));
  await page.evaluate((events) => localStorage.setItem('events', JSON.stringify(events)), dense);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCalendar(page);
  const today = cell(page, day);
  await expect(today.getByRole('button', { name: /^\d\d:00 Dense/ })).toHaveText([
    '07:00 Dense 01',
    '08:00 Dense 02',
    '09:00 Dense 03',
  ]);
  const more = today.getByRole('button', { name: /^\+8 more on \w+day, / });
  await expect(more).toHaveText('+8 more');
  // The grid keeps one tab stop: like the chips, "+8 more" is reached through its day.
  await expect(more).toHaveAttribute('tabindex', '-1');
  await expect(today).toHaveAttribute('aria-label', /11 events, busy: two or more events/);
  await shots(page, 'calendar-dense-month');

  // Another day first, so "+8 more" has a day to open.
  const other = await dayFromToday(page, day.endsWith('-01') ? 1 : -1);
  await cell(page, other).focus();
  await expect(cell(page, day)).toHaveAttribute('aria-selected', 'false');
  await more.click();
  await expect(cell(page, day)).toHaveAttribute('aria-selected', 'true');
  const list = page.locator('#calendar-day-events');
  await expect(list.getByRole('button')).toHaveCount(11);
  await expect(list.getByRole('button').first()).toBeFocused();
  await expect(list.getByRole('button').last()).toContainText('Dense 11');
  expect((await new AxeBuilder({ page }).include('[role=grid]').analyze()).violations).toEqual([]);
});

test('the view not shown stays in the page but out of sight, of the tab order and of the accessibility tree', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loadMockData(page);
  await openCalendar(page);
  const today = await dayFromToday(page, 0);
  await page.getByRole('button', { name: 'Agenda', exact: true }).click();
  const agenda = page.getByRole('list', { name: 'Agenda' });
  await expect(agenda.getByRole('button').first()).toHaveText(/Patel Engagement Brunch/);
  // The month grid is still in the page (switching back does not build it again), hidden from everyone.
  await expect(cell(page, today)).toHaveCount(1);
  await expect(cell(page, today)).not.toBeVisible();
  await expect(grid(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Patel Engagement Brunch/ })).toHaveCount(1);
  // Tab from the view buttons through the page never lands in the hidden grid or its day's events.
  await page.getByRole('button', { name: 'Agenda', exact: true }).focus();
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[aria-hidden=true]') ?? null)).toBeNull();
  }
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  // Back to the month: the grid shows again, and the agenda is hidden the same way.
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  await expect(cell(page, today)).toBeVisible();
  await expect(cell(page, today)).toContainText('10:30 Patel Engagement Brunch');
  await expect(agenda).toHaveCount(0);
  await expect(grid(page).locator('[tabindex="0"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Next', exact: true }).focus();
  let reached = false;
  for (let i = 0; i < 30 && !reached; i++) {
    await page.keyboard.press('Tab');
    const active = await page.evaluate(() => ({
      hidden: document.activeElement?.closest('[aria-hidden=true]') !== null,
      date: (document.activeElement as HTMLElement | null)?.dataset.date ?? null,
    }));
    expect(active.hidden).toBe(false);
    reached = active.date === today;
  }
  expect(reached).toBe(true);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
});
