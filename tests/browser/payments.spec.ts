import { expect, test, type Page } from '@playwright/test';
import { latestDate } from '../../src/domain/limits';
import { signUpFresh } from './support/auth';

/**
 * Issue 22, part 3: the Tool Kit's Payments tool. A $1,000 event with 13% tax and a $300 payment shows
 * a balance of $830.00; a refund needs a reason; Remove offers Undo; the deposit, once paid, lets
 * Confirm through; an overdue balance is marked.
 */

async function localDate(page: Page, days: number): Promise<string> {
  return page.evaluate((d) => {
    const now = new Date();
    const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + d);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  }, days);
}

async function seed(page: Page, daysAhead: number) {
  await signUpFresh(page);
  await page.goto('/Dashboard');
  const date = await localDate(page, daysAhead);
  await page.evaluate(
    ({ date }) => {
      window.localStorage.setItem(
        'events',
        JSON.stringify([
          {
            id: 301,
            EventName: 'Harbour Gala',
            CustomerFirstName: 'Ann',
            CustomerLastName: 'Smith',
            CustomerPhoneNumber: '555',
            CustomerEmail: 'ann@example.com',
            EventType: 'Gala',
            NumberOfGuests: 50,
            EventDate: date,
            StartTime: '18:00',
            EndTime: '23:00',
            VenueName: 'Hall',
            VenueStreetAddress: '1 Main St',
            VenueCity: 'Halifax',
            ingredients: [],
            status: 'quoted',
            pricing: [{ id: 'L1', name: 'Dinner for 50', price: 1000, currency: 'CAD' }],
          },
        ]),
      );
      window.localStorage.setItem('deletedEventIds', '[1,2,3]');
      window.localStorage.setItem('301-taxPercentage', '13');
    },
    { date },
  );
  await page.goto('/ManageEvents');
  await page.getByRole('button', { name: 'Tool Kit for Harbour Gala' }).click();
  return page.getByRole('dialog', { name: 'Tool Kit: Harbour Gala' });
}

test('a $1,000 event with 13% tax and a $300 payment shows a balance of $830.00; a refund needs a reason; Remove has Undo', async ({
  page,
}) => {
  const kit = await seed(page, 30);
  const tool = kit.getByRole('region', { name: 'Payments' });
  await expect(tool.getByLabel('Event total')).toHaveText('$1,130.00 CAD');
  await expect(tool.getByLabel('Deposit due', { exact: true })).toHaveText('$565.00 CAD');
  await expect(tool.getByLabel('Balance due', { exact: true })).toHaveText('$1,130.00 CAD');
  await expect(tool).toContainText('Deposit due');

  const form = tool.getByRole('form', { name: 'Record payment' });
  await form.getByLabel('Amount').fill('300');
  await form.getByLabel('Method').selectOption('Cheque');
  await form.getByLabel('Payment note').fill('Cheque #104');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(tool.getByLabel('Paid', { exact: true })).toHaveText('$300.00 CAD');
  await expect(tool.getByLabel('Balance due', { exact: true })).toHaveText('$830.00 CAD');
  await expect(tool.getByRole('table', { name: 'Payments received' })).toContainText('Cheque #104');

  // A refund (negative) without a reason is refused, next to the field; nothing is lost.
  await form.getByLabel('Amount').fill('-20');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(form.getByText('A refund needs a reason.')).toBeVisible();
  await expect(form.getByLabel('Amount')).toHaveValue('-20');
  await form.getByLabel('Refund reason').fill('Fewer guests');
  // A refund of more than was received ($300) is refused too, with what can be given back.
  await form.getByLabel('Amount').fill('-2000');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(form.getByText('A refund gives back at most what was received: $300.00 CAD.')).toBeVisible();
  await expect(tool.getByLabel('Balance due', { exact: true })).toHaveText('$830.00 CAD');
  await form.getByLabel('Amount').fill('-20');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(tool.getByLabel('Balance due', { exact: true })).toHaveText('$850.00 CAD');
  await expect(tool.getByRole('table', { name: 'Payments received' })).toContainText('Refund: Fewer guests');

  // Remove the refund, then Undo it.
  await tool.getByRole('button', { name: /Remove payment of -\$20\.00 CAD/ }).click();
  await expect(tool.getByLabel('Balance due', { exact: true })).toHaveText('$830.00 CAD');
  await tool.getByRole('button', { name: 'Undo' }).click();
  await expect(tool.getByLabel('Balance due', { exact: true })).toHaveText('$850.00 CAD');
  await tool.getByRole('button', { name: /Remove payment of -\$20\.00 CAD/ }).click();
  await expect(tool.getByLabel('Balance due', { exact: true })).toHaveText('$830.00 CAD');

  // Saved on the event: after a reload the tool shows the same.
  await kit.getByRole('button', { name: 'Close Tool Kit' }).click();
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('events') ?? '[]'));
  expect(stored[0].payments).toEqual([
    expect.objectContaining({ amount: 300, method: 'Cheque', note: 'Cheque #104', reason: '' }),
  ]);
  await page.reload();
  await page.getByRole('button', { name: 'Tool Kit for Harbour Gala' }).click();
  await expect(page.getByRole('region', { name: 'Payments' }).getByLabel('Balance due', { exact: true })).toHaveText(
    '$830.00 CAD',
  );
});

test('amounts typed with thousands separators are recorded; a comma for cents is refused with what to type (found by trying it)', async ({
  page,
}) => {
  const kit = await seed(page, 30);
  const tool = kit.getByRole('region', { name: 'Payments' });
  const form = tool.getByRole('form', { name: 'Record payment' });
  const amount = form.getByLabel('Amount');
  const record = form.getByRole('button', { name: 'Record payment' });

  // "10,00" may mean ten dollars in a comma-decimal locale: refused, saying to use a point; nothing recorded.
  await amount.fill('10,00');
  await record.click();
  await expect(amount).toHaveAccessibleDescription(
    'Amount: use a point for cents, e.g. 10.50 (a comma only separates thousands, as in 1,000).',
  );
  await expect(tool.getByText('No payments recorded yet.')).toBeVisible();

  await amount.fill('1,000.50');
  await expect(amount).not.toHaveAttribute('aria-invalid');
  await record.click();
  await expect(tool.getByLabel('Paid', { exact: true })).toHaveText('$1,000.50 CAD');
  await expect(tool.getByLabel('Balance due', { exact: true })).toHaveText('$129.50 CAD');

  // A refund typed with separators: -1,000.00 gives back $1,000.00.
  await amount.fill('-1,000.00');
  await form.getByLabel('Refund reason').fill('Date moved');
  await record.click();
  await expect(tool.getByLabel('Paid', { exact: true })).toHaveText('$0.50 CAD');

  // Too large says what is allowed, not "from 0".
  await amount.fill('20,000,000');
  await record.click();
  await expect(amount).toHaveAccessibleDescription(
    /^Amount is too large: a payment or refund is at most \$10,000,000\.00 CAD/,
  );

  await kit.getByRole('button', { name: 'Close Tool Kit' }).click();
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('events') ?? '[]'));
  expect(stored[0].payments.map((p: { amount: number }) => p.amount)).toEqual([1000.5, -1000]);
});

test('a payment dated 1900 or 2099 is refused next to the Date; a post-dated cheque within the year is recorded (found by trying it)', async ({
  page,
}) => {
  const kit = await seed(page, 30);
  const tool = kit.getByRole('region', { name: 'Payments' });
  const form = tool.getByRole('form', { name: 'Record payment' });
  const date = form.getByLabel('Date');
  const record = form.getByRole('button', { name: 'Record payment' });
  const latest = latestDate(await localDate(page, 0));
  const range = `Date must be from 2000-01-01 to ${latest} (a year from today).`;

  await form.getByLabel('Amount').fill('100');
  for (const typo of ['1900-01-01', '2099-06-01']) {
    await date.fill(typo);
    await record.click();
    await expect(date).toHaveAccessibleDescription(range);
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await expect(tool.getByText('No payments recorded yet.')).toBeVisible();
  }
  // A cheque dated two months ahead is real.
  const postDated = await localDate(page, 60);
  await date.fill(postDated);
  await expect(date).not.toHaveAttribute('aria-invalid');
  await record.click();
  await expect(tool.getByRole('table', { name: 'Payments received' })).toContainText(postDated);
  await expect(tool.getByLabel('Paid', { exact: true })).toHaveText('$100.00 CAD');
});

test('a paid deposit lets Confirm through; an overdue balance is marked Overdue', async ({ page }) => {
  // The event is 3 days away: its balance (due 7 days before) is overdue.
  const kit = await seed(page, 3);
  const tool = kit.getByRole('region', { name: 'Payments' });
  await expect(tool.locator('[data-payment-state]')).toHaveText('Overdue');
  const status = kit.getByRole('region', { name: 'Event status' });
  await expect(status.getByRole('button', { name: 'Confirm', exact: true })).toBeDisabled();
  const form = tool.getByRole('form', { name: 'Record payment' });
  await form.getByLabel('Amount').fill('565');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(status.getByRole('button', { name: 'Confirm', exact: true })).toBeEnabled();
  await status.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(status).toContainText('Status: Confirmed');
  await form.getByLabel('Amount').fill('565');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(tool.locator('[data-payment-state]')).toHaveText('Paid in full');
  await expect(tool.getByLabel('Balance due', { exact: true })).toHaveText('$0.00 CAD');
});

test('Payments Due: the $830.00 balance is listed, an overdue one marked, CSV export named PaymentsDue_data.csv; a cancelled event leaves it', async ({
  page,
}) => {
  const kit = await seed(page, 3);
  const tool = kit.getByRole('region', { name: 'Payments' });
  const form = tool.getByRole('form', { name: 'Record payment' });
  await form.getByLabel('Amount').fill('300');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(tool.getByLabel('Balance due', { exact: true })).toHaveText('$830.00 CAD');
  await kit.getByRole('button', { name: 'Close Tool Kit' }).click();

  await page.goto('/Dashboard');
  const panel = page.getByRole('region', { name: 'Payments Due' });
  const row = panel.getByRole('row', { name: 'Harbour Gala' });
  await expect(row).toContainText('$830.00 CAD');
  await expect(row).toContainText('Overdue');
  await expect(row).toHaveAttribute('data-overdue', 'true');
  await expect(panel).toContainText('Total (1 overdue)');
  // The Upcoming Events totals gain received and outstanding.
  const totals = page.getByRole('region', { name: 'Upcoming Events' }).getByLabel('Totals of the 14 day period');
  await expect(totals).toContainText('Received$300.00 CAD');
  await expect(totals).toContainText('Outstanding$830.00 CAD');

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: /CSV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('PaymentsDue_data.csv');
  const csv = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
  expect(csv).toContain('"balanceDue"');
  expect(csv).toContain('"830"');

  // Cancelled: it leaves Payments Due.
  await page.goto('/ManageEvents');
  await page.getByRole('button', { name: 'Tool Kit for Harbour Gala' }).click();
  const status = page.getByRole('region', { name: 'Event status' });
  await status.getByLabel('Reason for cancelling').fill('Client cancelled');
  await status.getByRole('button', { name: 'Cancel event' }).click();
  await expect(status).toContainText('Status: Cancelled');
  await page.getByRole('button', { name: 'Close Tool Kit' }).click();
  await page.goto('/Dashboard');
  await expect(page.getByRole('region', { name: 'Payments Due' })).toContainText(
    'No deposits or balances due in the next 14 days, and none overdue.',
  );
});

test('two tabs: a deposit due date changed in the other tab, with no payment, shows in an open Payments tool', async ({
  page,
  context,
}) => {
  const kit = await seed(page, 30);
  const due = kit.getByRole('region', { name: 'Payments' }).getByLabel('Deposit due date');
  const first = await due.inputValue();
  const other = await context.newPage();
  await other.goto('/ManageEvents');
  await other.getByRole('button', { name: 'Tool Kit for Harbour Gala' }).click();
  const otherDue = other
    .getByRole('dialog', { name: 'Tool Kit: Harbour Gala' })
    .getByRole('region', { name: 'Payments' })
    .getByLabel('Deposit due date');
  const date = await localDate(other, 12);
  expect(date).not.toBe(first);
  await otherDue.fill(date);
  await expect(otherDue).toHaveValue(date);
  await expect(due).toHaveValue(date);
});

test('a payment typed and not recorded: a reload asks first, and it comes back as a draft; Close Tool Kit keeps it too; recording drops it', async ({
  page,
}) => {
  const kit = await seed(page, 30);
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  const form = () => page.getByRole('region', { name: 'Payments' }).getByRole('form', { name: 'Record payment' });
  await form().getByLabel('Amount').fill('750');
  await form().getByLabel('Method').selectOption('Cheque');
  await form().getByLabel('Payment note').fill('Deposit cheque #1042 from Jonas');

  await page.reload();
  expect(asked, 'a reload with a payment typed asks first').toContain('beforeunload');
  await page.getByRole('button', { name: 'Tool Kit for Harbour Gala' }).click();
  const tool = page.getByRole('region', { name: 'Payments' });
  await expect(tool.getByRole('status').filter({ hasText: 'Draft restored.' })).toBeVisible();
  await expect(form().getByLabel('Amount')).toHaveValue('750');
  await expect(form().getByLabel('Method')).toHaveValue('Cheque');
  await expect(form().getByLabel('Payment note')).toHaveValue('Deposit cheque #1042 from Jonas');

  // Closed and opened again: still there.
  await page.getByRole('button', { name: 'Close Tool Kit' }).click();
  await page.getByRole('button', { name: 'Tool Kit for Harbour Gala' }).click();
  await expect(form().getByLabel('Payment note')).toHaveValue('Deposit cheque #1042 from Jonas');

  // Recorded: the draft is gone, and a reload brings back an empty form with no note.
  await form().getByRole('button', { name: 'Record payment' }).click();
  await expect(tool.getByRole('table', { name: 'Payments received' })).toContainText('Deposit cheque #1042 from Jonas');
  await expect(tool.getByRole('status').filter({ hasText: 'Draft restored.' })).toHaveCount(0);
  await expect(form().getByLabel('Amount')).toHaveValue('');
  asked.length = 0;
  await page.reload();
  expect(asked, 'nothing typed: a reload does not ask').toEqual([]);
  await page.getByRole('button', { name: 'Tool Kit for Harbour Gala' }).click();
  await expect(page.getByRole('region', { name: 'Payments' }).getByLabel('Paid', { exact: true })).toHaveText(
    '$750.00 CAD',
  );
  await expect(form().getByLabel('Amount')).toHaveValue('');
  await expect(page.getByRole('region', { name: 'Payments' }).getByText('Draft restored.')).toHaveCount(0);
  void kit;
});
