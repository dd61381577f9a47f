import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { eventCosting } from '../../src/domain/costing';
import { statusOf } from '../../src/domain/eventStatus';
import { pricingSummary } from '../../src/domain/money';
import { paymentsDue, receivedAndOutstanding, type Payment } from '../../src/domain/payments';
import { connectPayments } from '../../src/machines/payments/payments.connect';
import { paymentsMachine } from '../../src/machines/payments/payments.machine';

const today = '2026-12-01';
const terms = { depositPercent: 50, balanceDays: 7 };
const ev = (id: number, EventDate: string, extra: Record<string, unknown> = {}) => ({
  id,
  EventName: `Event ${id}`,
  EventDate,
  ...extra,
});
const pay = (amount: number): Payment => ({
  id: `P${amount}`,
  amount,
  date: today,
  method: 'Cash',
  note: '',
  reason: '',
});

describe('Payments Due (issue 22)', () => {
  it('lists open events with money due in 14 days or overdue; cancelled, completed, paid and far events are left out', () => {
    const events = [
      ev(1, '2026-12-30', { status: 'quoted', payments: [pay(300)] }), // deposit on booking: due now
      ev(2, '2026-12-05', { status: 'confirmed', payments: [pay(565)] }), // balance due 11-28: overdue
      ev(3, '2026-12-05', { status: 'cancelled', statusReason: 'x' }),
      ev(4, '2026-12-05', { status: 'completed' }),
      ev(5, '2026-12-05', { payments: [pay(1130)] }), // paid in full
      ev(6, '2027-03-01', { depositDueDate: '2027-01-15' }), // deposit and balance beyond 14 days
      ev(7, '2026-12-20', { payments: [pay(565)] }), // balance due 12-13: within the window
    ];
    const due = paymentsDue(events, () => 1130, statusOf, terms, today);
    expect(due.rows.map((r) => [r.eventId, r.nextDue, r.dueDate, r.amountDue, r.balanceDue, r.overdue])).toEqual([
      [2, 'Balance', '2026-11-28', 565, 565, true],
      [1, 'Deposit', '', 265, 830, false],
      [7, 'Balance', '2026-12-13', 565, 565, false],
    ]);
    expect(due.totals).toEqual({ amountDue: 1395, balanceDue: 1960, overdue: 1 });
  });

  it('an event whose total is unavailable is left out', () => {
    expect(paymentsDue([ev(1, '2026-12-05')], () => null, statusOf, terms, today).rows).toEqual([]);
  });
});

/** A small seeded generator (mulberry32): the same 1,000 events on every run. */
function random(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('money stays exact (property, 1,000 random events)', () => {
  it('the Tool Kit figure and the Payments Due export agree to the cent', () => {
    const rnd = random(22);
    const cents = (max: number) => Math.floor(rnd() * max) / 100;
    for (let i = 0; i < 1000; i++) {
      const priceLines = Array.from({ length: 1 + Math.floor(rnd() * 4) }, (_, k) => ({
        id: `L${k}`,
        name: 'x',
        price: cents(500_000),
        currency: 'CAD',
      }));
      const discount = Math.floor(rnd() * 3000) / 100;
      const tax = [0, 5, 13, 14.975, 15][Math.floor(rnd() * 5)]!;
      const payments = Array.from({ length: Math.floor(rnd() * 4) }, (_, k) => ({
        ...pay(0),
        id: `P${k}`,
        amount: (rnd() < 0.15 ? -1 : 1) * cents(200_000),
      }));
      const depositPercent = [0, 10, 25, 33.3, 50, 100][Math.floor(rnd() * 6)]!;
      const event = ev(i + 1, '2026-12-05', { payments, status: 'confirmed' });

      // The Tool Kit: the Pricing tool's summary, through the Payments tool's machine and connect api.
      const toolTotal = pricingSummary(priceLines, 0, 0, discount, tax)!.taxed;
      const actor = createActor(
        paymentsMachine.provide({ actions: { persistPayments: () => {}, persistDepositDate: () => {} } }),
        { input: { payments, depositDueDate: '', today } },
      ).start();
      const tool = connectPayments(actor.getSnapshot(), actor.send, {
        total: toolTotal,
        eventDate: event.EventDate,
        terms: { depositPercent, balanceDays: 7 },
        newId: () => 'n',
      });
      // The export: Payments Due from the stored figures (the event sheet's costing).
      const stored = eventCosting({
        guests: 10,
        inventoryLines: [],
        specialtyLines: [],
        priceLines,
        discountPercent: discount,
        taxPercent: tax,
      }).taxed;
      const exported = paymentsDue([event], () => stored, statusOf, { depositPercent, balanceDays: 7 }, today);
      const f = tool.figures!;
      expect(Number.isInteger(f.totalCents) && Number.isInteger(f.balanceCents)).toBe(true);
      expect(f.balanceCents).toBe(f.totalCents - f.paidCents);
      const row = exported.rows[0];
      if (f.balanceCents <= 0) expect(row).toBeUndefined();
      else {
        expect(Math.round(row!.eventTotal * 100)).toBe(f.totalCents);
        expect(Math.round(row!.received * 100)).toBe(f.paidCents);
        expect(Math.round(row!.balanceDue * 100)).toBe(f.balanceCents);
        // As CSV/JSON text the dollars carry at most two decimals.
        expect(String(row!.balanceDue)).toMatch(/^-?\d+(\.\d{1,2})?$/);
        expect(tool.text!.balance).toBe(
          `${f.balanceCents < 0 ? '-' : ''}$${(Math.abs(f.balanceCents) / 100).toLocaleString('en-CA', { minimumFractionDigits: 2 })} CAD`,
        );
      }
      actor.stop();
    }
  });
});

describe('Upcoming Events totals: received and outstanding (issue 22)', () => {
  it('sums payments received and what open events still owe, in cents; cancelled owes nothing, overpaid counts 0', () => {
    const events = [
      ev(1, '2026-12-05', { payments: [pay(300)] }), // $1,130.00 - $300 = $830.00 outstanding
      ev(2, '2026-12-06', { payments: [pay(0.1), pay(0.2)] }), // $0.30 received, $1,129.70 outstanding
      ev(3, '2026-12-07', { status: 'cancelled', payments: [pay(100)] }), // received, owes nothing
      ev(4, '2026-12-08', { payments: [pay(1200)] }), // overpaid: owes 0
    ];
    const isOpen = (e: object) => !['cancelled', 'completed'].includes(statusOf(e));
    expect(receivedAndOutstanding(events, () => 1130, isOpen)).toEqual({ received: 1600.3, outstanding: 1959.7 });
    expect(receivedAndOutstanding(events, () => null, isOpen)).toEqual({ received: 0, outstanding: 0 });
  });
});
