/**
 * The Payments tool's actor (issue 22, part 3) with its effects: payments and the deposit's due date are
 * saved on the event through the events list (`event.patch`, by id); the event total is the pricing
 * tool's total after discount then tax, read from the open Tool Kit's actors; the deposit % and the
 * balance days are the business profile's (50% and 7 days until one is saved). The Record payment form's
 * draft is kept per event as the Tool Kit's other forms' are (../toolkit/toolkitDrafts.ts).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { emptyProfile } from '../../domain/businessProfile';
import { toISODate } from '../../domain/eventDates';
import { inventoryTotal, specialtyTotal } from '../../domain/ingredients';
import { pricingSummary } from '../../domain/money';
import { depositDueDateOf, paymentsOf } from '../../domain/payments';
import { connectPayments } from '../../machines/payments/payments.connect';
import { paymentsMachine } from '../../machines/payments/payments.machine';
import type { CateringEvent } from '../../storage/schemas';
import type { EventsRef } from '../events/useEventsActor';
import { inspect } from '../../views/shell/inspector';
import { dropToolkitDraft, keepToolkitDraft, readToolkitDraft } from '../toolkit/toolkitDrafts';
import type { ToolkitActors } from '../toolkit/useToolkitActors';
import { useBusinessProfile } from '../settings/useSettings';

let sequence = 0;
const newId = () => `P-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

export function usePayments(event: CateringEvent, eventsRef: EventsRef, actors: ToolkitActors) {
  const [machine] = useState(() =>
    paymentsMachine.provide({
      actions: {
        persistPayments: ({ context }) =>
          eventsRef.send({ type: 'event.patch', id: event.id, patch: { payments: context.payments } }),
        persistDepositDate: ({ context }) =>
          eventsRef.send({ type: 'event.patch', id: event.id, patch: { depositDueDate: context.depositDueDate } }),
        persistDraft: ({ context }) => keepToolkitDraft(event.id, 'payment', context.draft),
        discardDraft: () => dropToolkitDraft(event.id, 'payment'),
      },
    }),
  );
  // The actor's input is read once (the saved draft from storage), not on every render: only the first is used.
  const [input] = useState(() => ({
    payments: paymentsOf(event),
    depositDueDate: depositDueDateOf(event),
    today: toISODate(new Date()),
    draft: readToolkitDraft(event.id, 'payment'),
  }));
  const ref = useActorRef(machine, { input, inspect });
  // The events list's copy changes when another tab saves: the tool follows it (its own patches come back unchanged).
  // The deposit's due date too: changed elsewhere with no payment, it showed the old date.
  const stored = (event as { payments?: unknown }).payments;
  const storedDue = depositDueDateOf(event);
  useEffect(() => {
    const snapshot = ref.getSnapshot();
    const payments = paymentsOf(event);
    if (
      JSON.stringify(payments) !== JSON.stringify(snapshot.context.payments) ||
      storedDue !== snapshot.context.depositDueDate
    )
      ref.send({ type: 'storage.change', payments, depositDueDate: storedDue });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, stored, storedDue]);
  const lines = useSelector(actors.pricing, (s) => s.context.lines);
  const discount = useSelector(actors.pricing, (s) => s.context.discount);
  const tax = useSelector(actors.pricing, (s) => s.context.tax);
  const invLines = useSelector(actors.inventory, (s) => s.context.lines);
  const spLines = useSelector(actors.specialty, (s) => s.context.lines);
  const total = useMemo(
    () => pricingSummary(lines, inventoryTotal(invLines), specialtyTotal(spLines), discount, tax)?.taxed ?? null,
    [lines, invLines, spLines, discount, tax],
  );
  const profile = useBusinessProfile() ?? emptyProfile();
  const snapshot = useSelector(ref, (s) => s);
  // Issue 23, sixth pass: the same tool (figures, text, callbacks) while none of what it shows changed, so that a
  // change elsewhere in the event (a note, a menu line) neither works out the figures again nor renders the tool.
  const { depositPercent, balanceDays } = profile;
  const eventDate = event.EventDate;
  return useMemo(
    () => connectPayments(snapshot, ref.send, { total, eventDate, terms: { depositPercent, balanceDays }, newId }),
    [snapshot, ref, total, eventDate, depositPercent, balanceDays],
  );
}
