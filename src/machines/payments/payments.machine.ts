/**
 * The Tool Kit's Payments tool (issue 22, part 3): the event's payments and the Record payment form.
 * `ready` takes payments; removing one goes to `removed`, which offers Undo for that payment (by its id)
 * until another payment is removed or recorded. Every change is saved on the event (`persistPayments`,
 * provided); the deposit's due date likewise (`persistDepositDate`). The figures (total, deposit,
 * balance, state) are src/domain/payments.ts, read through payments.connect.ts.
 *
 * Drafts (as the Tool Kit's other forms, issue 25): the Record payment form is kept as it is typed
 * (`persistDraft`; dropped once it is back to the empty form, `discardDraft`) and comes back through the
 * input after a reload or when the Tool Kit opens again, with "Draft restored." and Discard draft
 * (`draft.discard`). Recording the payment drops it.
 */
import { assign, enqueueActions, setup } from 'xstate';
import type { SecretsOf } from '../../domain/inspection';
import {
  draftToPayment,
  emptyPaymentDraft,
  validatePayment,
  type Payment,
  type PaymentDraft,
  type PaymentErrors,
} from '../../domain/payments';

export interface PaymentsInput {
  payments: Payment[];
  depositDueDate: string;
  today: string;
  /** The Record payment form's saved draft, if any. */
  draft?: PaymentDraft | null;
}

export interface PaymentsContext {
  payments: Payment[];
  depositDueDate: string;
  today: string;
  draft: PaymentDraft;
  /** The form's values came from its saved draft (until it is recorded or discarded). */
  draftRestored: boolean;
  errors: PaymentErrors;
  /** The payment last removed, with its place in the list (for Undo). */
  removed: { payment: Payment; index: number } | null;
}

export type PaymentsEvent =
  /** A Record payment field typed into. */
  | { type: 'draft.change'; field: keyof PaymentDraft; value: string }
  /** Record payment, with the new payment's id (made by the app layer). */
  | { type: 'payment.record'; id: string }
  /** A payment's Remove button. */
  | { type: 'payment.remove'; id: string }
  /** Undo of a removed payment, naming it. */
  | { type: 'remove.undo'; id: string }
  /** The Deposit due date field. */
  | { type: 'depositDate.change'; date: string }
  /** Another tab (or the events list) changed the event's payments. */
  | { type: 'storage.change'; payments: Payment[]; depositDueDate: string }
  /** The form's Discard draft button: back to the empty form. */
  | { type: 'draft.discard' };

export const paymentsSecrets = {
  events: {
    'draft.change': [],
    'payment.record': [],
    'payment.remove': [],
    'remove.undo': [],
    'depositDate.change': [],
    'storage.change': [],
  },
} as const satisfies SecretsOf<PaymentsEvent, PaymentsContext>;

/** Whether the Record payment form holds anything but the empty form (typing worth keeping). */
export const hasPaymentTyping = (context: Pick<PaymentsContext, 'draft' | 'today'>): boolean => {
  const empty = emptyPaymentDraft(context.today);
  return (Object.keys(empty) as Array<keyof PaymentDraft>).some((k) => context.draft[k].trim() !== empty[k]);
};

export const paymentsMachine = setup({
  types: { context: {} as PaymentsContext, events: {} as PaymentsEvent, input: {} as PaymentsInput },
  actions: {
    setDraftField: assign({
      draft: ({ context, event }) =>
        event.type === 'draft.change' ? { ...context.draft, [event.field]: event.value } : context.draft,
      errors: ({ context, event }) => {
        if (event.type !== 'draft.change') return context.errors;
        const { [event.field]: _gone, ...rest } = context.errors;
        return rest;
      },
    }),
    showErrors: assign({ errors: ({ context }) => validatePayment(context.draft, context.payments, context.today) }),
    addPayment: assign({
      payments: ({ context, event }) =>
        event.type === 'payment.record'
          ? [...context.payments, draftToPayment(context.draft, event.id)]
          : context.payments,
      draft: ({ context }) => emptyPaymentDraft(context.today),
      draftRestored: false,
      errors: {},
    }),
    clearDraft: assign({
      draft: ({ context }) => emptyPaymentDraft(context.today),
      draftRestored: false,
      errors: {},
    }),
    /** Keeps the form as typed as this event's draft (provided), or drops it once the form is empty again. */
    keepDraft: enqueueActions(({ context, enqueue }) => {
      enqueue(hasPaymentTyping(context) ? 'persistDraft' : 'discardDraft');
    }),
    persistDraft: () => {
      throw new Error('payments: provide persistDraft');
    },
    discardDraft: () => {
      throw new Error('payments: provide discardDraft');
    },
    removePayment: assign(({ context, event }) => {
      if (event.type !== 'payment.remove') return {};
      const index = context.payments.findIndex((p) => p.id === event.id);
      return {
        payments: context.payments.filter((p) => p.id !== event.id),
        removed: { payment: context.payments[index]!, index },
      };
    }),
    restorePayment: assign(({ context }) => {
      if (!context.removed) return {};
      const payments = [...context.payments];
      payments.splice(Math.min(context.removed.index, payments.length), 0, context.removed.payment);
      return { payments, removed: null };
    }),
    clearRemoved: assign({ removed: null }),
    setDepositDate: assign({
      depositDueDate: ({ context, event }) =>
        event.type === 'depositDate.change' ? event.date : context.depositDueDate,
    }),
    setFromStorage: assign(({ event }) =>
      event.type === 'storage.change' ? { payments: event.payments, depositDueDate: event.depositDueDate } : {},
    ),
    /** Saves the payments on the event (provided: the events list's patch). */
    persistPayments: () => {
      throw new Error('payments: provide persistPayments');
    },
    /** Saves the deposit's due date on the event (provided). */
    persistDepositDate: () => {
      throw new Error('payments: provide persistDepositDate');
    },
  },
  guards: {
    isDraftValid: ({ context }) =>
      Object.keys(validatePayment(context.draft, context.payments, context.today)).length === 0,
    hasPayment: ({ context, event }) =>
      event.type === 'payment.remove' && context.payments.some((p) => p.id === event.id),
    isRemovedPayment: ({ context, event }) =>
      event.type === 'remove.undo' &&
      context.removed?.payment.id === event.id &&
      !context.payments.some((p) => p.id === event.id),
    isDateOrEmpty: ({ event }) =>
      event.type === 'depositDate.change' && (event.date === '' || /^\d{4}-\d{2}-\d{2}$/.test(event.date)),
  },
}).createMachine({
  id: 'payments',
  meta: { secrets: paymentsSecrets },
  context: ({ input }) => ({
    payments: input.payments,
    depositDueDate: input.depositDueDate,
    today: input.today,
    draft: input.draft ?? emptyPaymentDraft(input.today),
    draftRestored: !!input.draft,
    errors: {},
    removed: null,
  }),
  on: {
    'draft.change': { actions: ['setDraftField', 'keepDraft'] },
    'draft.discard': { actions: ['clearDraft', 'discardDraft'] },
    'depositDate.change': { guard: 'isDateOrEmpty', actions: ['setDepositDate', 'persistDepositDate'] },
  },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'payment.record': [
          { guard: 'isDraftValid', actions: ['addPayment', 'persistPayments', 'discardDraft'] },
          { actions: 'showErrors' },
        ],
        'payment.remove': { guard: 'hasPayment', target: 'removed', actions: ['removePayment', 'persistPayments'] },
        'storage.change': { actions: 'setFromStorage' },
      },
    },
    // Undo is offered for the payment just removed.
    removed: {
      tags: ['undo'],
      on: {
        'remove.undo': { guard: 'isRemovedPayment', target: 'ready', actions: ['restorePayment', 'persistPayments'] },
        'payment.record': [
          {
            guard: 'isDraftValid',
            target: 'ready',
            actions: ['clearRemoved', 'addPayment', 'persistPayments', 'discardDraft'],
          },
          { actions: 'showErrors' },
        ],
        'payment.remove': { guard: 'hasPayment', target: 'removed', actions: ['removePayment', 'persistPayments'] },
        // Another tab's change: the list follows it; Undo is dropped (its place may be gone).
        'storage.change': { target: 'ready', actions: ['setFromStorage', 'clearRemoved'] },
      },
    },
  },
});
