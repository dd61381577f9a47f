/**
 * The Payments tool (issue 22, part 3), walked: a valid payment is recorded and saved, a bad one shows
 * its messages and saves nothing, Remove saves and offers Undo for that payment only, Undo puts it back
 * in its place, another tab's change is followed, the deposit's due date is saved. The Record payment
 * form is kept as a draft while it holds typing (dropped when emptied, recorded or discarded) and comes
 * back from one with "Draft restored.". Thousands typed with commas ('1,000.50') record that amount; a comma
 * typed for cents ('10,50') is refused and says to use a point.
 */
import { expect } from 'vitest';
import {
  draftToPayment,
  emptyPaymentDraft,
  validatePayment,
  type Payment,
  type PaymentDraft,
} from '../../src/domain/payments';
import {
  hasPaymentTyping,
  paymentsMachine,
  type PaymentsContext,
  type PaymentsEvent,
} from '../../src/machines/payments/payments.machine';
import { createWorld, describeModel, type Expectation } from '../support/model';

type Store = { payments: Payment[]; depositDueDate: string; draft: PaymentDraft | null };
const world = createWorld<Store>();
const machine = paymentsMachine.provide({
  actions: {
    persistPayments: ({ context }) => {
      world.record('persistPayments', context.payments);
      world.store.payments = context.payments;
    },
    persistDepositDate: ({ context }) => {
      world.record('persistDepositDate', context.depositDueDate);
      world.store.depositDueDate = context.depositDueDate;
    },
    persistDraft: ({ context }) => {
      world.record('persistDraft', context.draft);
      world.store.draft = context.draft;
    },
    discardDraft: () => {
      world.record('discardDraft');
      world.store.draft = null;
    },
  },
});

const today = '2026-12-01';
const p1: Payment = { id: 'P1', amount: 300, date: '2026-11-20', method: 'Cash', note: '', reason: '' };
const p2: Payment = { id: 'P2', amount: -50, date: '2026-11-25', method: 'Card', note: '', reason: 'Overpaid' };
const typed: PaymentDraft = { amount: '120', date: '2026-11-28', method: 'Cheque', note: 'Deposit cheque', reason: '' };
type Expect = Expectation<typeof machine, Store>;
type Ctx = PaymentsContext;
const saves = (): Expect['effects'] => (step) => [['persistPayments', step.after.payments]];
/** What each amount the walk types records, by hand (thousands may be typed with commas). */
const recordedAmount: Record<string, number> = { '300': 300, '-20': -20, '120': 120, '1,000.50': 1000.5 };
const checksAmount: Expect['check'] = ({ before, after }) =>
  expect(after.payments.at(-1)!.amount).toBe(recordedAmount[before.draft.amount.trim()]);
/** Recorded: saved, and the form's draft dropped. */
const savesAndDrops = (): Expect['effects'] => (step) => [['persistPayments', step.after.payments], ['discardDraft']];

describeModel('payments', {
  machine,
  world,
  inputs: [
    { payments: [], depositDueDate: '', today },
    { payments: [p1, p2], depositDueDate: '2026-11-15', today },
    // A reload with a payment typed and not recorded.
    { payments: [p1], depositDueDate: '', today, draft: typed },
    // A reload with a payment typed with a date far outside the sane range (2000-01-01 to a year after today).
    { payments: [p1], depositDueDate: '', today, draft: { ...typed, date: '2099-01-01' } },
  ],
  store: (input) => ({ payments: input.payments, depositDueDate: input.depositDueDate, draft: input.draft ?? null }),
  // The draft is kept exactly while the form holds typing.
  persisted: (c) => ({
    payments: c.payments,
    depositDueDate: c.depositDueDate,
    draft: hasPaymentTyping(c) ? c.draft : null,
  }),
  external: (event, store) => {
    if (event.type === 'storage.change') {
      store.payments = event.payments;
      store.depositDueDate = event.depositDueDate;
    }
  },
  // The same payment id recorded twice is one state for the walk (the list is told apart by the ids in it).
  limit: 20000,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      [...new Set(s.context.payments.map((p) => p.id))],
      s.context.draft,
      s.context.draftRestored,
      Object.keys(s.context.errors),
      s.context.removed?.payment.id ?? null,
      s.context.depositDueDate,
    ]),
  events: {
    'draft.change': [
      { type: 'draft.change', field: 'amount', value: '300' },
      { type: 'draft.change', field: 'amount', value: '-20' },
      // Thousands typed with a comma are an amount; a comma for cents is refused.
      { type: 'draft.change', field: 'amount', value: '1,000.50' },
      { type: 'draft.change', field: 'amount', value: '10,50' },
      { type: 'draft.change', field: 'amount', value: '' },
    ],
    'draft.discard': [{ type: 'draft.discard' }],
    'payment.record': [{ type: 'payment.record', id: 'P9' }],
    'payment.remove': [
      { type: 'payment.remove', id: 'P1' },
      { type: 'payment.remove', id: 'P2' },
      { type: 'payment.remove', id: 'nope' },
    ],
    'remove.undo': [
      { type: 'remove.undo', id: 'P1' },
      { type: 'remove.undo', id: 'P2' },
    ],
    'depositDate.change': [
      { type: 'depositDate.change', date: '2026-11-30' },
      { type: 'depositDate.change', date: 'soon' },
    ],
    'storage.change': [{ type: 'storage.change', payments: [p2], depositDueDate: '' }],
  },
  transitions: {
    '(machine)|draft.change|0': {
      context: (b, e) => {
        const { field, value } = e as Extract<PaymentsEvent, { type: 'draft.change' }>;
        const { [field]: _gone, ...errors } = b.errors;
        return { ...b, draft: { ...b.draft, [field]: value }, errors };
      },
      effects: ({ after }) => (hasPaymentTyping(after) ? [['persistDraft', after.draft]] : [['discardDraft']]),
    },
    '(machine)|draft.discard|0': {
      context: (b) => ({ ...b, draft: emptyPaymentDraft(today), draftRestored: false, errors: {} }),
      effects: [['discardDraft']],
    },
    '(machine)|depositDate.change|0': {
      context: (b, e) => ({ ...b, depositDueDate: (e as { date: string }).date }),
      effects: ({ after }) => [['persistDepositDate', after.depositDueDate]],
    },
    'ready|payment.record|0': {
      context: (b: Ctx) => ({
        ...b,
        payments: [...b.payments, draftToPayment(b.draft, 'P9')],
        draft: emptyPaymentDraft(today),
        draftRestored: false,
        errors: {},
      }),
      effects: savesAndDrops(),
      check: checksAmount,
    },
    'ready|payment.record|1': {
      context: (b) => ({ ...b, errors: validatePayment(b.draft, b.payments, today) }),
      check: ({ before, after }) => {
        expect(Object.keys(after.errors).length).toBeGreaterThan(0);
        // A comma for cents is never recorded; it says to use a point.
        if (before.draft.amount === '10,50') expect(after.errors.amount).toMatch(/use a point for cents/);
        if (before.draft.date === '2099-01-01')
          expect(after.errors.date).toBe('Date must be from 2000-01-01 to 2027-12-01 (a year from today).');
        else expect(after.errors.date).toBeUndefined();
      },
    },
    'ready|payment.remove|0': {
      target: 'removed',
      context: (b, e) => {
        const index = b.payments.findIndex((p) => p.id === (e as { id: string }).id);
        return {
          ...b,
          payments: b.payments.filter((_, i) => i !== index),
          removed: { payment: b.payments[index]!, index },
        };
      },
      effects: saves(),
    },
    'ready|storage.change|0': {
      context: (b, e) => ({ ...b, payments: (e as { payments: Payment[] }).payments, depositDueDate: '' }),
    },
    'removed|remove.undo|0': {
      target: 'ready',
      context: (b) => {
        const payments = [...b.payments];
        payments.splice(b.removed!.index, 0, b.removed!.payment);
        return { ...b, payments, removed: null };
      },
      effects: saves(),
    },
    'removed|payment.record|0': {
      target: 'ready',
      context: (b: Ctx) => ({
        ...b,
        payments: [...b.payments, draftToPayment(b.draft, 'P9')],
        draft: emptyPaymentDraft(today),
        draftRestored: false,
        errors: {},
        removed: null,
      }),
      effects: savesAndDrops(),
      check: checksAmount,
    },
    'removed|payment.record|1': {
      context: (b) => ({ ...b, errors: validatePayment(b.draft, b.payments, today) }),
    },
    'removed|payment.remove|0': {
      target: 'removed',
      context: (b, e) => {
        const index = b.payments.findIndex((p) => p.id === (e as { id: string }).id);
        return {
          ...b,
          payments: b.payments.filter((_, i) => i !== index),
          removed: { payment: b.payments[index]!, index },
        };
      },
      effects: saves(),
    },
    'removed|storage.change|0': {
      target: 'ready',
      context: (b, e) => ({
        ...b,
        payments: (e as { payments: Payment[] }).payments,
        depositDueDate: '',
        removed: null,
      }),
    },
  },
  states: {
    ready: (s) => {
      expect(s.hasTag('undo')).toBe(false);
      // "Draft restored." shows only while the form holds what the draft brought back (or typing after it).
      if (s.context.draftRestored) expect(s.context.draft.note).toBe(typed.note);
      // A payment dated 2099 is never recorded.
      expect(s.context.payments.every((p) => p.date !== '2099-01-01')).toBe(true);
    },
    removed: (s) => {
      expect(s.hasTag('undo')).toBe(true);
      // Undo names a payment no longer in the list.
      expect(s.context.payments.some((p) => p.id === s.context.removed!.payment.id)).toBe(false);
    },
  },
});
