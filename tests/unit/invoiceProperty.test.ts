/**
 * Issue 22: money stays exact. For 1,000 random events (a seeded generator: fast-check is not installed),
 * the Tool Kit's Payments tool (the pricing tool's total through connectPayments), the invoice (domain/invoice.ts)
 * and the Payments Due export (the Dashboard's path: costing.ts's total, paymentsDue, then the JSON and CSV text)
 * agree to the cent on the total, what is received and the balance due; and the invoice's rows add up.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { eventCosting } from '../../src/domain/costing';
import { buildExportText } from '../../src/domain/export';
import { inventoryTotal, specialtyTotal } from '../../src/domain/ingredients';
import { documentView, issueDocument, emptyCounters, priceSnapshot } from '../../src/domain/invoice';
import { formatMoney, pricingSummary } from '../../src/domain/money';
import { daysBefore, paymentsDue, toCents, type Payment } from '../../src/domain/payments';
import { connectPayments } from '../../src/machines/payments/payments.connect';
import { paymentsMachine } from '../../src/machines/payments/payments.machine';
import type { ChosenIngredient, PriceLine, SpecialtyIngredient } from '../../src/storage/schemas';

/** mulberry32: a small seeded generator, so a failure names its seed and can be replayed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  /** A money-like amount with 0 to `decimals` decimals (3 gives fractions of a cent, as costs can). */
  const amount = (max: number, decimals: number) => int(0, max * 10 ** decimals) / 10 ** decimals;
  const pick = <T>(list: readonly T[]) => list[int(0, list.length - 1)]!;
  return { next, int, amount, pick };
}

const today = '2026-11-26';
const terms = { depositPercent: 50, balanceDays: 7 };

function randomEvent(seed: number) {
  const g = generator(seed);
  const priceLines: PriceLine[] = Array.from({ length: g.int(0, 8) }, (_, i) => ({
    id: `L${i}`,
    name: `Line ${i}`,
    price: g.amount(g.pick([50, 500, 5000, 50000]), g.int(0, 3)),
    currency: 'CAD',
  }));
  const inventoryLines = Array.from({ length: g.int(0, 6) }, (_, i) => ({
    id: `i${i}`,
    name: `Item ${i}`,
    category: 'Dry Storage',
    supplierName: 'Mill',
    costPerUnit: g.amount(200, g.int(0, 3)),
    amountPerUnit: 1,
    unit: 'kg',
    packageType: 'bag',
    quantity: g.amount(40, g.int(0, 2)),
  })) as ChosenIngredient[];
  const specialtyLines = Array.from({ length: g.int(0, 4) }, (_, i) => ({
    id: `s${i}`,
    name: `Special ${i}`,
    units: 'kg',
    unitQuantity: 1,
    quantityNeeded: g.amount(20, g.int(0, 2)),
    onHand: false,
    needToOrder: true,
    costPerUnit: g.amount(100, g.int(0, 3)),
    packageType: 'box',
    supplierName: 'Farm',
  })) as SpecialtyIngredient[];
  const discountPercent = g.pick([0, 0, 5, 10, 12.5, g.amount(100, 2)]);
  const taxPercent = g.pick([0, 5, 13, 14.975, 15, g.amount(30, 3)]);
  const payments: Payment[] = Array.from({ length: g.int(0, 5) }, (_, i) => {
    const refund = g.next() < 0.15;
    return {
      id: `p${i}`,
      amount: (refund ? -1 : 1) * (g.int(1, 300000) / 100),
      date: today,
      method: 'Card',
      note: '',
      reason: refund ? 'Refund' : '',
    };
  });
  return {
    event: {
      id: seed,
      EventName: `Event ${seed}`,
      // Within the Payments Due window: the balance is due 7 days before, at most 14 days from today.
      EventDate: daysBefore(today, -g.int(0, 21)),
      status: 'confirmed',
      payments,
    },
    priceLines,
    inventoryLines,
    specialtyLines,
    discountPercent,
    taxPercent,
    payments,
  };
}

describe('the Tool Kit, the invoice and the exports agree to the cent (1,000 random events)', () => {
  it('total, received and balance due are the same everywhere; the invoice rows add up', async () => {
    const events = Array.from({ length: 1000 }, (_, i) => randomEvent(i + 1));
    const invoices = new Map<number, ReturnType<typeof documentView>>();
    const toolKit = new Map<number, { total: string; paid: string; balance: string }>();
    let book = { counters: emptyCounters(), documents: [] as ReturnType<typeof issueDocument>['document'][] };
    for (const e of events) {
      const seed = `seed ${e.event.id}`;
      // The Tool Kit: usePayments' total (the pricing tool's actors' lines) through the Payments tool's connect module.
      const taxed = pricingSummary(
        e.priceLines,
        inventoryTotal(e.inventoryLines),
        specialtyTotal(e.specialtyLines),
        e.discountPercent,
        e.taxPercent,
      )!.taxed;
      const actor = createActor(paymentsMachine, {
        input: { payments: e.payments, depositDueDate: '', today },
      }).start();
      const tool = connectPayments(actor.getSnapshot(), actor.send, {
        total: taxed,
        eventDate: e.event.EventDate,
        terms,
        newId: () => 'x',
      });
      actor.stop();
      toolKit.set(e.event.id, tool.text!);

      // The invoice, issued (its figures frozen) with the business's HST.
      const live = priceSnapshot({
        priceLines: e.priceLines,
        inventoryTotal: inventoryTotal(e.inventoryLines),
        specialtyTotal: specialtyTotal(e.specialtyLines),
        discountPercent: e.discountPercent,
        taxPercent: e.taxPercent,
        taxName: 'HST',
        depositPercent: terms.depositPercent,
      })!;
      const issued = issueDocument(book, {
        kind: 'invoice',
        eventId: e.event.id,
        eventName: e.event.EventName,
        snapshot: live,
        issuedAt: today,
        id: `d${e.event.id}`,
      });
      book = issued.book;
      const view = documentView({
        kind: 'invoice',
        live,
        issued: issued.document,
        payments: e.payments,
        depositDueDate: '',
        balanceDueDate: daysBefore(e.event.EventDate, terms.balanceDays),
      });
      invoices.set(e.event.id, view);
      const snap = view.snapshot!;
      expect(view.changed, seed).toBe(false);
      expect(
        snap.lines.reduce((sum, l) => sum + l.cents, 0),
        seed,
      ).toBe(snap.subtotalCents);
      expect(snap.subtotalCents - snap.discountCents + snap.taxCents, seed).toBe(snap.totalCents);
      expect(view.paidCents + view.balanceCents, seed).toBe(snap.totalCents);
      expect(
        view.payments.reduce((sum, p) => sum + p.cents, 0),
        seed,
      ).toBe(view.paidCents);
      expect(snap.depositCents, seed).toBe(toCents(tool.figures!.depositCents / 100));

      const money = (cents: number) => formatMoney(cents / 100);
      expect(money(snap.totalCents), seed).toBe(tool.text!.total);
      expect(money(view.paidCents), seed).toBe(tool.text!.paid);
      expect(money(view.balanceCents), seed).toBe(tool.text!.balance);
    }
    // Every invoice got its own number, in order.
    expect(new Set(book.documents.map((d) => d.number)).size).toBe(1000);
    expect(book.documents.at(-1)!.number).toBe('INV-2026-1000');

    // The Dashboard's Payments Due, from the costing module's total as usePaymentsDue reads it, then exported.
    const byId = new Map(events.map((e) => [e.event.id, e]));
    const due = paymentsDue(
      events.map((e) => e.event),
      (event) => {
        const e = byId.get(event.id)!;
        return eventCosting({
          guests: 50,
          inventoryLines: e.inventoryLines,
          specialtyLines: e.specialtyLines,
          priceLines: e.priceLines,
          discountPercent: e.discountPercent,
          taxPercent: e.taxPercent,
        }).taxed;
      },
      () => 'confirmed',
      terms,
      today,
    );
    // Every event that still owes something is listed (the window holds them all).
    const owing = events.filter((e) => invoices.get(e.event.id)!.balanceCents > 0).length;
    expect(due.rows.length).toBe(owing);
    expect(owing).toBeGreaterThan(300);

    const json = JSON.parse(await buildExportText(due.rows, 'json')) as Array<Record<string, unknown>>;
    const csv = (await buildExportText(due.rows, 'csv')).split(/\r?\n/);
    // Every cell is quoted ("7162.39"); no generated name holds a comma or a quote.
    const cellsOf = (line: string) => line.split(',').map((cell) => cell.replace(/^"|"$/g, ''));
    const columns = cellsOf(csv[0]!);
    const col = (name: string) => columns.indexOf(name);
    expect(json).toHaveLength(due.rows.length);
    for (const [i, row] of json.entries()) {
      const id = row.eventId as number;
      const view = invoices.get(id)!;
      const seed = `seed ${id}`;
      const cells = cellsOf(csv[i + 1]!);
      for (const [field, cents] of [
        ['eventTotal', view.snapshot!.totalCents],
        ['received', view.paidCents],
        ['balanceDue', view.balanceCents],
      ] as const) {
        expect(toCents(row[field] as number), `${seed} JSON ${field}`).toBe(cents);
        expect(toCents(Number(cells[col(field)])), `${seed} CSV ${field}`).toBe(cents);
      }
      expect(formatMoney(view.balanceCents / 100)).toBe(toolKit.get(id)!.balance);
    }
  });
});
