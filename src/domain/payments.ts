/**
 * Payments (issue 22, part 3): what an event's customer owes and has paid, exact to the cent. Amounts
 * are kept on the event (`payments`, a field earlier builds ignore) in dollars with two decimals, and
 * every sum here is done in whole cents, so $0.10 + $0.20 is $0.30, never 0.30000000000000004.
 *
 * - Event total: the pricing tool's total after discount then tax (spec section 9), rounded to cents.
 * - Deposit due: the deposit percentage (the business default, 50%) of the total, rounded half away from
 *   zero to the cent ($1,130.01 x 50% = $565.005 -> $565.01), due on its date ('' = on booking, never overdue).
 * - Balance due date: N days (the business default, 7) before the event.
 * - Paid: the sum of the payments; refunds are negative payments with a reason. Balance due = total - paid.
 * - The state a person reads: Paid in full, Overpaid, Overdue (a deposit or balance past its date and not
 *   paid), Deposit paid, Deposit due.
 */
import { isISODate } from './eventDates';
import { checkDateRange, MAX_MONEY, misplacedCommaMessage, ungroupThousands } from './limits';
import { formatMoney, roundCents } from './money';

export const paymentMethods = ['Cash', 'Card', 'E-transfer', 'Cheque', 'Other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export interface Payment {
  id: string;
  /** Dollars, two decimals; negative for a refund. */
  amount: number;
  /** YYYY-MM-DD. */
  date: string;
  method: PaymentMethod;
  note: string;
  /** Why it was refunded (a refund only). */
  reason: string;
}

export type PaymentState = 'depositDue' | 'depositPaid' | 'paidInFull' | 'overpaid' | 'overdue';
export const paymentStateLabels: Record<PaymentState, string> = {
  depositDue: 'Deposit due',
  depositPaid: 'Deposit paid',
  paidInFull: 'Paid in full',
  overpaid: 'Overpaid',
  overdue: 'Overdue',
};

/** Dollars to whole cents (half away from zero). */
export function toCents(dollars: number): number {
  return Math.round(roundCents(dollars) * 100);
}
export const fromCents = (cents: number): number => cents / 100;

/** `percent` of `cents`, rounded half away from zero to the cent. */
export function percentOfCents(cents: number, percent: number): number {
  const exact = Number(((cents * percent) / 100).toPrecision(15));
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/** YYYY-MM-DD `days` before `date` (calendar days; '' when the date is not a date). */
export function daysBefore(date: string, days: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return '';
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) - days));
  return d.toISOString().slice(0, 10);
}

export interface PaymentTerms {
  depositPercent: number;
  balanceDays: number;
  /** The deposit's due date ('' = on booking). */
  depositDueDate: string;
}

export interface PaymentFigures {
  totalCents: number;
  depositCents: number;
  depositDueDate: string;
  balanceDueDate: string;
  paidCents: number;
  /** Total - paid (negative when overpaid). */
  balanceCents: number;
  /** What is still owed of the deposit (0 once paid). */
  depositOutstandingCents: number;
  state: PaymentState;
  /** The deposit has been paid (what Confirm needs). */
  depositPaid: boolean;
}

/** Every figure of the Payments tool for one event. `total`: the pricing tool's total after tax, in dollars. */
export function paymentFigures(
  total: number,
  payments: ReadonlyArray<Pick<Payment, 'amount'>>,
  eventDate: string,
  terms: PaymentTerms,
  today: string,
): PaymentFigures {
  const totalCents = Number.isFinite(total) ? toCents(total) : 0;
  const depositCents = percentOfCents(totalCents, terms.depositPercent);
  const paidCents = payments.reduce((sum, p) => sum + (Number.isFinite(p.amount) ? toCents(p.amount) : 0), 0);
  const balanceCents = totalCents - paidCents;
  const balanceDueDate = daysBefore(eventDate, terms.balanceDays);
  const depositPaid = paidCents >= depositCents && (depositCents > 0 || paidCents > 0);
  const depositOutstandingCents = Math.max(0, depositCents - paidCents);
  const past = (date: string) => date !== '' && today > date;
  let state: PaymentState;
  if (totalCents > 0 && paidCents > totalCents) state = 'overpaid';
  else if (totalCents > 0 && paidCents === totalCents) state = 'paidInFull';
  else if ((!depositPaid && past(terms.depositDueDate)) || (balanceCents > 0 && past(balanceDueDate)))
    state = 'overdue';
  else if (depositPaid) state = 'depositPaid';
  else state = 'depositDue';
  return {
    totalCents,
    depositCents,
    depositDueDate: terms.depositDueDate,
    balanceDueDate,
    paidCents,
    balanceCents,
    depositOutstandingCents,
    state,
    depositPaid,
  };
}

export interface PaymentDraft {
  amount: string;
  date: string;
  method: string;
  note: string;
  reason: string;
}
export type PaymentErrors = Partial<Record<keyof PaymentDraft, string>>;

export const emptyPaymentDraft = (today: string): PaymentDraft => ({
  amount: '',
  date: today,
  method: 'E-transfer',
  note: '',
  reason: '',
});

export const REFUND_REASON_REQUIRED = 'A refund needs a reason.';

/** What the Amount field takes, in the field's messages. */
const AMOUNT_EXAMPLE = 'e.g. 1,000.50 (or -50 for a refund)';

/**
 * Checks a typed payment: a non-zero amount with at most two decimals, thousands written with commas or
 * not ('1,000.50'), at most MAX_MONEY either way (negative = a refund, which needs a reason and can give back
 * at most what `recorded` has received); a real date from MIN_DATE to a year after `today` (a post-dated
 * cheque is fine; 1900 or 2099 is a typo); a method.
 */
export function validatePayment(
  d: PaymentDraft,
  recorded: ReadonlyArray<{ amount: number }>,
  today: string,
): PaymentErrors {
  const errors: PaymentErrors = {};
  const amount = checkPaymentAmount(d.amount, recorded);
  if (amount) errors.amount = amount;
  if (d.date === '') errors.date = 'Date is required.';
  else if (!isISODate(d.date)) errors.date = 'Enter a date as YYYY-MM-DD.';
  else {
    const range = checkDateRange(d.date, today, 'Date');
    if (range) errors.date = range;
  }
  if (!(paymentMethods as readonly string[]).includes(d.method)) errors.method = 'Choose a method.';
  if (d.amount.trim().startsWith('-') && d.reason.trim() === '') errors.reason = REFUND_REASON_REQUIRED;
  return errors;
}

/** The Amount field's message, or null when it is a payment or refund that can be recorded. */
function checkPaymentAmount(typed: string, recorded: ReadonlyArray<{ amount: number }>): string | null {
  const text = typed.trim();
  const negative = text.startsWith('-');
  const unsigned = negative ? text.slice(1) : text;
  if (text === '') return `Amount is required: enter what was paid, ${AMOUNT_EXAMPLE}.`;
  const plain = ungroupThousands(unsigned);
  if (plain === null) return misplacedCommaMessage('Amount', unsigned);
  if (!/^\d*(\.\d*)?$/.test(plain) || !/\d/.test(plain)) return `Type the amount in digits, ${AMOUNT_EXAMPLE}.`;
  if (!/^\d*(\.\d{0,2})?$/.test(plain)) return 'Amount has at most two decimals (cents).';
  const cents = toCents(Number(plain));
  if (cents === 0) return 'Amount must not be 0.';
  if (negative) {
    const received = recorded.reduce((sum, p) => sum + (Number.isFinite(p.amount) ? toCents(p.amount) : 0), 0);
    if (received <= 0) return 'Nothing has been received yet, so there is nothing to refund.';
    if (cents > received) return `A refund gives back at most what was received: ${formatMoney(received / 100)}.`;
  }
  if (cents > MAX_MONEY * 100)
    return `Amount is too large: a payment or refund is at most ${formatMoney(MAX_MONEY)} (a refund is typed with a minus, e.g. -50).`;
  return null;
}

/** The typed amount in dollars ('1,000.50' is 1000.5; NaN when it is not an amount `validatePayment` takes). */
export function paymentAmount(typed: string): number {
  const plain = ungroupThousands(typed);
  return plain === null ? NaN : Number(plain);
}

/** The payment a valid draft records. */
export function draftToPayment(d: PaymentDraft, id: string): Payment {
  const amount = fromCents(toCents(paymentAmount(d.amount)));
  return {
    id,
    amount,
    date: d.date,
    method: d.method as PaymentMethod,
    note: d.note.trim(),
    reason: amount < 0 ? d.reason.trim() : '',
  };
}

/** An event's stored payments; what is not a payment is left out (earlier builds have none). */
export function paymentsOf(event: object): Payment[] {
  const list = (event as { payments?: unknown }).payments;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (p): p is Payment =>
      typeof p === 'object' &&
      p !== null &&
      typeof (p as Payment).id === 'string' &&
      typeof (p as Payment).amount === 'number' &&
      Number.isFinite((p as Payment).amount) &&
      typeof (p as Payment).date === 'string',
  );
}

/** The event's own deposit due date ('' = on booking). */
export function depositDueDateOf(event: object): string {
  const value = (event as { depositDueDate?: unknown }).depositDueDate;
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
}

/** How far ahead the Payments Due panel looks (the Upcoming Events window, spec section 9). */
export const DUE_WINDOW_DAYS = 14;

/** One row of Payments Due: an open event with money due within the window or overdue. */
export interface PaymentDueRow {
  eventId: number;
  eventName: string;
  eventDate: string;
  status: string;
  /** What falls due next: the deposit while it is unpaid, then the balance. */
  nextDue: 'Deposit' | 'Balance';
  /** Its date ('' for a deposit due on booking). */
  dueDate: string;
  /** What is due next, in dollars (two decimals). */
  amountDue: number;
  eventTotal: number;
  received: number;
  /** Balance due, in dollars. */
  balanceDue: number;
  overdue: boolean;
}

export interface PaymentsDue {
  rows: PaymentDueRow[];
  /** Sums of the rows, in dollars, added in cents. */
  totals: { amountDue: number; balanceDue: number; overdue: number };
}

/**
 * Deposits and balances due in the next 14 days and overdue ones (issue 22, part 5): open events
 * (Enquiry, Quoted, Confirmed) with a balance, whose next due date (a deposit due on booking counts as
 * due now) or balance due date falls on or before today + 14 days. Sorted: overdue first, then by due date.
 * `totalOf` gives an event's total after tax (null when unavailable: the event is left out).
 */
export function paymentsDue<E extends { id: number; EventName: string; EventDate: string }>(
  events: readonly E[],
  totalOf: (event: E) => number | null,
  statusOf: (event: E) => string,
  terms: Omit<PaymentTerms, 'depositDueDate'>,
  today: string,
): PaymentsDue {
  const horizon = addDays(today, DUE_WINDOW_DAYS);
  const rows: PaymentDueRow[] = [];
  for (const event of events) {
    const status = statusOf(event);
    if (status !== 'enquiry' && status !== 'quoted' && status !== 'confirmed') continue;
    const total = totalOf(event);
    if (total === null || !Number.isFinite(total)) continue;
    const f = paymentFigures(
      total,
      paymentsOf(event),
      event.EventDate,
      { ...terms, depositDueDate: depositDueDateOf(event) },
      today,
    );
    if (f.balanceCents <= 0) continue;
    const depositNext = f.depositOutstandingCents > 0;
    const dueDate = depositNext ? f.depositDueDate : f.balanceDueDate;
    const effectiveDue = dueDate === '' ? today : dueDate;
    const within = effectiveDue <= horizon || (f.balanceDueDate !== '' && f.balanceDueDate <= horizon);
    if (!within) continue;
    rows.push({
      eventId: event.id,
      eventName: event.EventName,
      eventDate: event.EventDate,
      status,
      nextDue: depositNext ? 'Deposit' : 'Balance',
      dueDate,
      amountDue: fromCents(depositNext ? f.depositOutstandingCents : f.balanceCents),
      eventTotal: fromCents(f.totalCents),
      received: fromCents(f.paidCents),
      balanceDue: fromCents(f.balanceCents),
      overdue: f.state === 'overdue',
    });
  }
  rows.sort(
    (a, b) =>
      Number(b.overdue) - Number(a.overdue) ||
      (a.dueDate || today).localeCompare(b.dueDate || today) ||
      a.eventId - b.eventId,
  );
  const sum = (pick: (r: PaymentDueRow) => number) => fromCents(rows.reduce((s, r) => s + toCents(pick(r)), 0));
  return {
    rows,
    totals: {
      amountDue: sum((r) => r.amountDue),
      balanceDue: sum((r) => r.balanceDue),
      overdue: rows.filter((r) => r.overdue).length,
    },
  };
}

function addDays(date: string, days: number): string {
  return daysBefore(date, -days);
}

/**
 * What the upcoming events have received and still owe (the Upcoming Events totals, issue 22): summed
 * in cents over the open events whose total is available; a cancelled or completed event owes nothing
 * here, and an overpaid one counts as owing 0, not less.
 */
export function receivedAndOutstanding<E extends object>(
  events: readonly E[],
  totalOf: (event: E) => number | null,
  isOpen: (event: E) => boolean,
): { received: number; outstanding: number } {
  let received = 0;
  let outstanding = 0;
  for (const event of events) {
    const total = totalOf(event);
    if (total === null || !Number.isFinite(total)) continue;
    const paid = paymentsOf(event).reduce((sum, p) => sum + toCents(p.amount), 0);
    received += paid;
    if (isOpen(event)) outstanding += Math.max(0, toCents(total) - paid);
  }
  return { received: fromCents(received), outstanding: fromCents(outstanding) };
}
