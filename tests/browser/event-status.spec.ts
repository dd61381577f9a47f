import { expect, test, type Page } from '@playwright/test';
import { signUpFresh } from './support/auth';

/**
 * Issue 22, part 2: event status. Earlier events read as Confirmed; an enquiry is quoted, cannot be
 * confirmed without a deposit unless chosen, is cancelled only with a reason; the status shows on the
 * card, the calendar and the Dashboard, and the Status filter narrows the list.
 */

async function localDate(page: Page, days: number): Promise<string> {
  return page.evaluate((d) => {
    const now = new Date();
    const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + d);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  }, days);
}

const event = (id: number, EventName: string, EventDate: string, extra: Record<string, unknown> = {}) => ({
  id,
  EventName,
  CustomerFirstName: 'Ann',
  CustomerLastName: 'Smith',
  CustomerPhoneNumber: '555',
  CustomerEmail: 'ann@example.com',
  EventType: 'Wedding',
  NumberOfGuests: 80,
  EventDate,
  StartTime: '17:00',
  EndTime: '23:00',
  VenueName: 'Hall',
  VenueStreetAddress: '1 Main St',
  VenueCity: 'Halifax',
  ingredients: [],
  ...extra,
});

async function seed(page: Page) {
  await signUpFresh(page);
  await page.goto('/Dashboard');
  const in3 = await localDate(page, 3);
  await page.evaluate(
    (events) => {
      window.localStorage.setItem('events', JSON.stringify(events));
      window.localStorage.setItem('deletedEventIds', '[1,2,3]');
    },
    [event(201, 'Old Booking', in3), event(202, 'Harbour Gala', in3, { status: 'enquiry' })],
  );
  return in3;
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test('an enquiry is quoted, Confirm waits for a deposit, a cancellation needs a reason; cards, filter, calendar and Dashboard show it', async ({
  page,
}) => {
  await seed(page);
  await page.goto('/ManageEvents');
  // An event saved before statuses existed reads as Confirmed.
  await expect(card(page, 'Old Booking')).toContainText('Status: Confirmed');
  await expect(card(page, 'Harbour Gala')).toContainText('Status: Enquiry');

  await page.getByRole('button', { name: 'Tool Kit for Harbour Gala' }).click();
  const kit = page.getByRole('dialog', { name: 'Tool Kit: Harbour Gala' });
  const panel = kit.getByRole('region', { name: 'Event status' });
  await expect(panel).toContainText('Status: Enquiry');
  await expect(panel.getByRole('button', { name: 'Confirm', exact: true })).toBeDisabled();
  await expect(panel).toContainText('Confirm needs the deposit paid');
  await panel.getByRole('button', { name: 'Mark as quoted' }).click();
  await expect(panel).toContainText('Status: Quoted');
  await expect(panel.getByRole('button', { name: 'Mark as quoted' })).toHaveCount(0);

  await panel.getByRole('button', { name: 'Cancel event' }).click();
  await expect(panel.getByText('Give a reason for cancelling.')).toBeVisible();
  await expect(panel).toContainText('Status: Quoted');
  await panel.getByLabel('Reason for cancelling').fill('Client postponed to spring');
  await panel.getByRole('button', { name: 'Cancel event' }).click();
  await expect(panel).toContainText('Status: Cancelled: Client postponed to spring');
  await expect(panel.getByRole('button', { name: 'Cancel event' })).toHaveCount(0);
  await kit.getByRole('button', { name: 'Close Tool Kit' }).click();

  await expect(card(page, 'Harbour Gala')).toContainText('Status: Cancelled: Client postponed to spring');
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('events') ?? '[]'));
  expect(stored.find((e: { id: number }) => e.id === 202)).toMatchObject({
    status: 'cancelled',
    statusReason: 'Client postponed to spring',
  });
  expect(stored.find((e: { id: number }) => e.id === 201).status).toBeUndefined();

  await page.getByLabel('Status', { exact: true }).selectOption('cancelled');
  await expect(card(page, 'Harbour Gala')).toBeVisible();
  await expect(card(page, 'Old Booking')).toHaveCount(0);
  await expect(page.getByText(/Showing 1 of 2 events .* Status Cancelled/)).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('confirmed');
  await expect(card(page, 'Old Booking')).toBeVisible();
  await expect(card(page, 'Harbour Gala')).toHaveCount(0);

  // The status survives a reload and shows on the calendar and the Dashboard.
  await page.goto('/Calendar');
  await page.getByRole('button', { name: 'Agenda' }).click();
  await expect(page.getByRole('button', { name: /Harbour Gala \(Cancelled\)/ }).first()).toBeVisible();
  await page.goto('/Dashboard');
  const upcoming = page.getByRole('listitem', { name: 'Harbour Gala' });
  await expect(upcoming).toContainText('Cancelled: Client postponed to spring');
  await expect(page.getByRole('listitem', { name: 'Old Booking' })).toContainText('Confirmed');
});

test('confirm without deposit confirms, is remembered, and Mark completed ends it', async ({ page }) => {
  await seed(page);
  await page.goto('/ManageEvents');
  await page.getByRole('button', { name: 'Tool Kit for Harbour Gala' }).click();
  const panel = page
    .getByRole('dialog', { name: 'Tool Kit: Harbour Gala' })
    .getByRole('region', { name: 'Event status' });
  await panel.getByRole('button', { name: 'Confirm without deposit' }).click();
  await expect(panel).toContainText('Status: Confirmed (confirmed without deposit)');
  await panel.getByRole('button', { name: 'Mark completed' }).click();
  await expect(panel).toContainText('Status: Completed');
  await expect(panel).toContainText('A completed event cannot change status.');
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('events') ?? '[]'));
  expect(stored.find((e: { id: number }) => e.id === 202)).toMatchObject({
    status: 'completed',
    confirmedWithoutDeposit: true,
  });
});

test('Issue quote moves an Enquiry to Quoted; a confirmed event keeps its status; a cancelled one stays Cancelled and says so', async ({
  page,
}) => {
  const in3 = await seed(page);
  await page.evaluate(
    (events) => {
      const stored = JSON.parse(window.localStorage.getItem('events') ?? '[]') as object[];
      window.localStorage.setItem('events', JSON.stringify([...stored, ...events]));
    },
    [event(203, 'Garden Party', in3, { status: 'cancelled', statusReason: 'Venue closed' })],
  );
  const year = new Date().getFullYear();

  // An enquiry: the page says issuing marks it Quoted; once issued, its card says Quoted.
  await page.goto('/events/202/quote');
  await expect(page.getByText(/Issue quote gives it the next number .*, and marks the event Quoted\./)).toBeVisible();
  await page.getByRole('button', { name: 'Issue quote' }).click();
  await expect(page.getByTestId('document-number')).toHaveText(`Q-${year}-0001`);
  await page.getByRole('link', { name: 'Back to Events' }).click();
  await expect(card(page, 'Harbour Gala')).toContainText('Status: Quoted');
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('events') ?? '[]'));
  expect(stored.find((e: { id: number }) => e.id === 202)).toMatchObject({ status: 'quoted' });

  // An event booked before statuses (Confirmed) stays Confirmed.
  await page.goto('/events/201/quote');
  await expect(page.getByText(/marks the event Quoted/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Issue quote' }).click();
  await expect(page.getByTestId('document-number')).toHaveText(`Q-${year}-0002`);

  // A cancelled event: the quote can still be issued, and the event stays Cancelled (the page says so).
  await page.goto('/events/203/quote');
  await expect(page.getByRole('note').filter({ hasText: 'This event is cancelled' })).toContainText(
    'the event stays Cancelled',
  );
  await page.getByRole('button', { name: 'Issue quote' }).click();
  await expect(page.getByTestId('document-number')).toHaveText(`Q-${year}-0003`);

  await page.goto('/ManageEvents');
  await expect(card(page, 'Harbour Gala')).toContainText('Status: Quoted');
  await expect(card(page, 'Old Booking')).toContainText('Status: Confirmed');
  await expect(card(page, 'Garden Party')).toContainText('Status: Cancelled: Venue closed');
});

test('two tabs: a status changed in the other tab shows in an open Tool Kit, which then offers only what that status allows', async ({
  page,
  context,
}) => {
  await seed(page);
  await page.goto('/ManageEvents');
  await page.getByRole('button', { name: 'Tool Kit for Harbour Gala' }).click();
  const panelA = page
    .getByRole('dialog', { name: 'Tool Kit: Harbour Gala' })
    .getByRole('region', { name: 'Event status' });
  await expect(panelA).toContainText('Status: Enquiry');

  const other = await context.newPage();
  await other.goto('/ManageEvents');
  await other.getByRole('button', { name: 'Tool Kit for Harbour Gala' }).click();
  const panelB = other
    .getByRole('dialog', { name: 'Tool Kit: Harbour Gala' })
    .getByRole('region', { name: 'Event status' });
  await panelB.getByRole('button', { name: 'Confirm without deposit' }).click();
  await expect(panelB).toContainText('Status: Confirmed (confirmed without deposit)');

  // Tab A's open Tool Kit follows: Confirmed, no Mark as quoted any more, Mark completed offered.
  await expect(panelA).toContainText('Status: Confirmed (confirmed without deposit)');
  await expect(panelA.getByRole('button', { name: 'Mark as quoted' })).toHaveCount(0);
  await expect(panelA.getByRole('button', { name: 'Mark completed' })).toBeVisible();

  // Cancelled in tab B with a reason: tab A shows it, with nothing left to change.
  await panelB.getByLabel('Reason for cancelling').fill('Venue flooded');
  await panelB.getByRole('button', { name: 'Cancel event' }).click();
  await expect(panelA).toContainText('Status: Cancelled: Venue flooded');
  await expect(panelA.getByRole('button', { name: 'Cancel event' })).toHaveCount(0);
  await expect(panelA.getByRole('button', { name: 'Mark completed' })).toHaveCount(0);
});
