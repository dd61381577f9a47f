import { describe, expect, it } from 'vitest';
import {
  daysBefore,
  draftToPayment,
  emptyPaymentDraft,
  paymentFigures,
  paymentsOf,
  percentOfCents,
  toCents,
  validatePayment,
} from '../../src/domain/payments';
import { pricingSummary } from '../../src/domain/money';

const terms = { depositPercent: 50, balanceDays: 7, depositDueDate: '' };
/** The day the payments below are typed on. */
const today = '2026-12-01';
const pay = (amount: number) => ({ amount });

describe('payments (issue 22, part 3), hand-worked', () => {
  it('a 50% deposit of $1,130.01 is $565.01 (565.005 rounds half away from zero)', () => {
    expect(percentOfCents(113001, 50)).toBe(56501);
    expect(paymentFigures(1130.01, [], '2026-12-20', terms, '2026-12-01').depositCents).toBe(56501);
    // 33% of $100.00 = $33.00; 12.5% of $0.99 = 12.375 cents -> 12 cents.
    expect(percentOfCents(10000, 33)).toBe(3300);
    expect(percentOfCents(99, 12.5)).toBe(12);
  });

  it('a $1,000 event with 13% tax and a $300 payment: total $1,130.00, balance $830.00, deposit paid? no ($565 due)', () => {
    const summary = pricingSummary([{ price: 1000 }], 0, 0, 0, 13)!;
    const f = paymentFigures(summary.taxed, [pay(300)], '2026-12-20', terms, '2026-12-01');
    expect(f).toMatchObject({
      totalCents: 113000,
      depositCents: 56500,
      paidCents: 30000,
      balanceCents: 83000,
      depositOutstandingCents: 26500,
      balanceDueDate: '2026-12-13',
      state: 'depositDue',
      depositPaid: false,
    });
  });

  it('discount then tax: $1,000 less 10% is $900, plus 13% is $1,017.00', () => {
    const summary = pricingSummary([{ price: 1000 }], 0, 0, 10, 13)!;
    expect(paymentFigures(summary.taxed, [], '2026-12-20', terms, '2026-12-01').totalCents).toBe(101700);
  });

  it('cents stay exact: ten payments of $0.10 and one of $0.20 are $1.20', () => {
    const f = paymentFigures(1.2, [...Array(10).fill(pay(0.1)), pay(0.2)], '2026-12-20', terms, '2026-12-01');
    expect(f.paidCents).toBe(120);
    expect(f.balanceCents).toBe(0);
    expect(f.state).toBe('paidInFull');
  });

  it('states: deposit paid, paid in full, overpaid, refunds bring it back, overdue after the dates', () => {
    const at = (payments: number[], today = '2026-12-01', depositDueDate = '') =>
      paymentFigures(1130, payments.map(pay), '2026-12-20', { ...terms, depositDueDate }, today).state;
    expect(at([565])).toBe('depositPaid');
    expect(at([564.99])).toBe('depositDue');
    expect(at([1130])).toBe('paidInFull');
    expect(at([1130, 50])).toBe('overpaid');
    // A $50 refund of the overpayment: paid in full again.
    expect(at([1130, 50, -50])).toBe('paidInFull');
    // Balance due 2026-12-13: on that day not yet overdue, the day after it is.
    expect(at([565], '2026-12-13')).toBe('depositPaid');
    expect(at([565], '2026-12-14')).toBe('overdue');
    // A deposit due 2026-11-15 and unpaid on 2026-11-16 is overdue; paid, it is not.
    expect(at([], '2026-11-16', '2026-11-15')).toBe('overdue');
    expect(at([565], '2026-11-16', '2026-11-15')).toBe('depositPaid');
    const over = paymentFigures(1130, [pay(1200)], '2026-12-20', terms, '2026-12-01');
    expect(over.balanceCents).toBe(-7000);
  });

  it('balance due date counts calendar days back across months and years', () => {
    expect(daysBefore('2027-01-03', 7)).toBe('2026-12-27');
    expect(daysBefore('2028-03-01', 1)).toBe('2028-02-29');
    expect(daysBefore('', 7)).toBe('');
  });

  it('a payment is checked: non-zero, two decimals, a date, a method; a refund (negative) needs a reason', () => {
    const d = emptyPaymentDraft('2026-12-01');
    expect(validatePayment({ ...d, amount: '300' }, [], today)).toEqual({});
    expect(validatePayment({ ...d, amount: '' }, [], today).amount).toMatch(/Amount is required/);
    expect(validatePayment({ ...d, amount: '0' }, [], today).amount).toBe('Amount must not be 0.');
    expect(validatePayment({ ...d, amount: '10.005' }, [], today).amount).toBe(
      'Amount has at most two decimals (cents).',
    );
    expect(validatePayment({ ...d, amount: 'ten' }, [], today).amount).toBeTruthy();
    const paid = [{ amount: 300 }];
    expect(validatePayment({ ...d, amount: '-50' }, paid, today)).toEqual({ reason: 'A refund needs a reason.' });
    expect(validatePayment({ ...d, amount: '-50', reason: 'Overpaid' }, paid, today)).toEqual({});
    expect(validatePayment({ ...d, amount: '5', date: '', method: 'Bitcoin' }, [], today)).toEqual({
      date: 'Date is required.',
      method: 'Choose a method.',
    });
    expect(draftToPayment({ ...d, amount: '-50', reason: ' Overpaid ', note: ' x ' }, 'P1')).toEqual({
      id: 'P1',
      amount: -50,
      date: '2026-12-01',
      method: 'E-transfer',
      note: 'x',
      reason: 'Overpaid',
    });
    expect(draftToPayment({ ...d, amount: '300', reason: 'ignored' }, 'P2').reason).toBe('');
  });

  it('a refund gives back at most what was received (found by trying it: -2,000 after 800 made the balance above the total)', () => {
    const d = { ...emptyPaymentDraft('2026-12-01'), reason: 'Cancelled' };
    const received = [{ amount: 500 }, { amount: 300 }, { amount: -100 }];
    // 500 + 300 - 100 = 700 received so far.
    expect(validatePayment({ ...d, amount: '-700' }, received, today)).toEqual({});
    expect(validatePayment({ ...d, amount: '-700.01' }, received, today).amount).toBe(
      'A refund gives back at most what was received: $700.00 CAD.',
    );
    expect(validatePayment({ ...d, amount: '-2000' }, received, today).amount).toBe(
      'A refund gives back at most what was received: $700.00 CAD.',
    );
    expect(validatePayment({ ...d, amount: '-5' }, [], today).amount).toBe(
      'Nothing has been received yet, so there is nothing to refund.',
    );
    expect(validatePayment({ ...d, amount: '-5' }, [{ amount: 50 }, { amount: -50 }], today).amount).toBe(
      'Nothing has been received yet, so there is nothing to refund.',
    );
    // A payment (not a refund) is not limited by what was received.
    expect(validatePayment({ ...d, amount: '5000' }, received, today)).toEqual({});
  });

  it('an amount typed as an exponent says to type digits', () => {
    const d = emptyPaymentDraft('2026-12-01');
    expect(validatePayment({ ...d, amount: '1e3' }, [], today).amount).toBe(
      'Type the amount in digits, e.g. 1,000.50 (or -50 for a refund).',
    );
    expect(validatePayment({ ...d, amount: '10.005' }, [], today).amount).toBe(
      'Amount has at most two decimals (cents).',
    );
  });

  it('thousands typed with commas are read (found by trying it: "1,000" was refused as not a number)', () => {
    const d = { ...emptyPaymentDraft(today), reason: 'Cancelled' };
    const received = [{ amount: 5000 }];
    for (const [typed, dollars] of [
      ['1,000', 1000],
      ['1,000.50', 1000.5],
      ['1,234,567.89', 1234567.89],
      [' 2,500.5 ', 2500.5],
      ['999', 999],
    ] as const) {
      expect(validatePayment({ ...d, amount: typed }, [], today), typed).toEqual({});
      expect(draftToPayment({ ...d, amount: typed }, 'P1').amount, typed).toBe(dollars);
    }
    // A refund with separators: -1,250.00 gives back $1,250.00.
    expect(validatePayment({ ...d, amount: '-1,250.00' }, received, today)).toEqual({});
    expect(draftToPayment({ ...d, amount: '-1,250.00' }, 'P2')).toMatchObject({ amount: -1250, reason: 'Cancelled' });
    // Well-formed but above the ceiling: refused as too large, not as a bad number.
    expect(validatePayment({ ...d, amount: '12,345,678.90' }, [], today).amount).toMatch(/^Amount is too large/);
  });

  it('commas that are not thousands groups are refused, and a comma for cents is told to use a point', () => {
    const d = emptyPaymentDraft(today);
    const cents = 'Amount: use a point for cents, e.g. 10.50 (a comma only separates thousands, as in 1,000).';
    const groups = 'Amount: put commas only between groups of three digits, e.g. 1,000.50.';
    expect(validatePayment({ ...d, amount: '1,00' }, [], today).amount).toBe(cents);
    expect(validatePayment({ ...d, amount: '10,00' }, [], today).amount).toBe(cents);
    expect(validatePayment({ ...d, amount: '10,5' }, [], today).amount).toBe(cents);
    expect(validatePayment({ ...d, amount: '-10,50' }, [{ amount: 100 }], today).amount).toBe(cents);
    for (const typed of ['1,0000', '12,34,567', '1,000,00', ',100', '1,000,', '1.000,50', '1,,000'])
      expect(validatePayment({ ...d, amount: typed }, [], today).amount, typed).toBe(groups);
  });

  it('an amount out of range says what is allowed: up to $10,000,000.00, a refund up to what was received', () => {
    const d = { ...emptyPaymentDraft(today), reason: 'Cancelled' };
    const tooLarge =
      'Amount is too large: a payment or refund is at most $10,000,000.00 CAD (a refund is typed with a minus, e.g. -50).';
    expect(validatePayment({ ...d, amount: '10,000,000' }, [], today)).toEqual({});
    expect(validatePayment({ ...d, amount: '10000000.01' }, [], today).amount).toBe(tooLarge);
    expect(validatePayment({ ...d, amount: '99999999999999999999' }, [], today).amount).toBe(tooLarge);
    // A refund above the ceiling that was received in full is still limited by the ceiling.
    expect(validatePayment({ ...d, amount: '-10,000,000.01' }, [{ amount: 9e6 }, { amount: 9e6 }], today).amount).toBe(
      tooLarge,
    );
    // No message of the range reads "from 0" any more (a refund is negative).
    for (const typed of ['', 'ten', '--5', '-', '10000000.01'])
      expect(validatePayment({ ...d, amount: typed }, [{ amount: 10 }], today).amount, typed).not.toMatch(/from 0/);
    expect(validatePayment({ ...d, amount: '' }, [], today).amount).toBe(
      'Amount is required: enter what was paid, e.g. 1,000.50 (or -50 for a refund).',
    );
  });

  it('a payment date from 2000-01-01 to a year after today (found by trying it: 1900 and 2099 were recorded)', () => {
    const d = { ...emptyPaymentDraft(today), amount: '100' };
    const range = 'Date must be from 2000-01-01 to 2027-12-01 (a year from today).';
    expect(validatePayment({ ...d, date: '1900-01-01' }, [], today)).toEqual({ date: range });
    expect(validatePayment({ ...d, date: '1999-12-31' }, [], today)).toEqual({ date: range });
    expect(validatePayment({ ...d, date: '2099-06-01' }, [], today)).toEqual({ date: range });
    expect(validatePayment({ ...d, date: '2027-12-02' }, [], today)).toEqual({ date: range });
    // Both ends and a post-dated cheque within the year are taken.
    for (const date of ['2000-01-01', '2026-11-30', today, '2027-03-15', '2027-12-01'])
      expect(validatePayment({ ...d, date }, [], today), date).toEqual({});
    // Not a real day: said so, not 'required'.
    expect(validatePayment({ ...d, date: '2026-02-31' }, [], today)).toEqual({ date: 'Enter a date as YYYY-MM-DD.' });
    expect(validatePayment({ ...d, date: '' }, [], today)).toEqual({ date: 'Date is required.' });
  });

  it('reads stored payments leniently: earlier events have none; what is not a payment is left out', () => {
    expect(paymentsOf({})).toEqual([]);
    expect(paymentsOf({ payments: 'x' })).toEqual([]);
    const good = { id: 'P1', amount: 10, date: '2026-12-01', method: 'Cash', note: '', reason: '' };
    expect(paymentsOf({ payments: [good, { id: 'P2', amount: 'ten' }, null] })).toEqual([good]);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });
});
