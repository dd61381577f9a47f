/**
 * What the Payments tool shows and can do, from the machine's snapshot, the event total (the pricing
 * tool's total after discount and tax) and the payment terms: the figures in cents and as text, the
 * state, the form and the callbacks. No React; unit-tested.
 */
import type { SnapshotFrom } from 'xstate';
import { formatMoney } from '../../domain/money';
import {
  fromCents,
  paymentFigures,
  paymentStateLabels,
  type PaymentDraft,
  type PaymentTerms,
} from '../../domain/payments';
import { hasPaymentTyping, type paymentsMachine, type PaymentsEvent } from './payments.machine';

export function connectPayments(
  snapshot: SnapshotFrom<typeof paymentsMachine>,
  send: (event: PaymentsEvent) => void,
  setup: { total: number | null; eventDate: string; terms: Omit<PaymentTerms, 'depositDueDate'>; newId: () => string },
) {
  const { context } = snapshot;
  const figures =
    setup.total === null
      ? null
      : paymentFigures(
          setup.total,
          context.payments,
          setup.eventDate,
          { ...setup.terms, depositDueDate: context.depositDueDate },
          context.today,
        );
  const money = (cents: number) => formatMoney(fromCents(cents));
  return {
    figures,
    text: figures
      ? {
          total: money(figures.totalCents),
          deposit: money(figures.depositCents),
          paid: money(figures.paidCents),
          balance: money(figures.balanceCents),
          state: paymentStateLabels[figures.state],
        }
      : null,
    depositPercent: setup.terms.depositPercent,
    depositDueDate: context.depositDueDate,
    payments: context.payments,
    draft: context.draft,
    /** The form came back from its saved draft: "Draft restored." with Discard draft. */
    restored: context.draftRestored,
    /** The form holds unsaved typing: leaving the page asks first. */
    dirty: hasPaymentTyping(context),
    errors: context.errors,
    /** The payment Undo would bring back, if any. */
    removed: snapshot.hasTag('undo') ? context.removed!.payment : null,
    ...paymentActions(send, setup.newId),
  };
}

const makePaymentActions = (send: (event: PaymentsEvent) => void, newId: () => string) => ({
  change: (field: keyof PaymentDraft, value: string) => send({ type: 'draft.change', field, value }),
  record: () => send({ type: 'payment.record', id: newId() }),
  remove: (id: string) => send({ type: 'payment.remove', id }),
  undo: (id: string) => send({ type: 'remove.undo', id }),
  setDepositDate: (date: string) => send({ type: 'depositDate.change', date }),
  discardDraft: () => send({ type: 'draft.discard' }),
});
type PaymentActions = ReturnType<typeof makePaymentActions>;
const paymentActionsOf = new WeakMap<
  (event: PaymentsEvent) => void,
  { newId: () => string; actions: PaymentActions }
>();

/**
 * The Payments tool's callbacks: the same functions for the same `send` and `newId` (issue 23), so that its form
 * draws again only when the form itself changes, not whenever the event total beside it does.
 */
export function paymentActions(send: (event: PaymentsEvent) => void, newId: () => string): PaymentActions {
  const kept = paymentActionsOf.get(send);
  if (kept?.newId === newId) return kept.actions;
  const actions = makePaymentActions(send, newId);
  paymentActionsOf.set(send, { newId, actions });
  return actions;
}
export type PaymentsApi = ReturnType<typeof connectPayments>;
