/**
 * One event's status actor (issue 22, part 2) with its effect: a change is saved on the event through
 * the events list (`event.patch`, by id). The deposit comes from the event's payments.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { cancelReasonOf, confirmedWithoutDepositOf, statusOf } from '../../domain/eventStatus';
import { connectEventStatus, statusPatch } from '../../machines/events/eventStatus.connect';
import { eventStatusMachine } from '../../machines/events/eventStatus.machine';
import type { CateringEvent } from '../../storage/schemas';
import type { EventsRef } from '../events/useEventsActor';
import { inspect } from '../../views/shell/inspector';

export function useEventStatus(event: CateringEvent, eventsRef: EventsRef, depositPaid: boolean) {
  const [machine] = useState(() =>
    eventStatusMachine.provide({
      actions: {
        persistStatus: ({ context }, params) =>
          eventsRef.send({ type: 'event.patch', id: event.id, patch: statusPatch(params.status, context) }),
      },
    }),
  );
  const ref = useActorRef(machine, {
    input: {
      status: statusOf(event),
      depositPaid,
      reason: cancelReasonOf(event),
      confirmedWithoutDeposit: confirmedWithoutDepositOf(event),
    },
    inspect,
  });
  useEffect(() => ref.send({ type: 'deposit.change', depositPaid }), [ref, depositPaid]);
  // The event's status changed elsewhere (another tab, a sync): the tool shows it, and offers only what it allows.
  const status = statusOf(event);
  const reason = cancelReasonOf(event);
  const withoutDeposit = confirmedWithoutDepositOf(event);
  useEffect(() => {
    if (!ref.getSnapshot().matches(status))
      ref.send({ type: 'status.stored', status, reason, confirmedWithoutDeposit: withoutDeposit });
  }, [ref, status, reason, withoutDeposit]);
  const snapshot = useSelector(ref, (s) => s);
  // Issue 23, sixth pass: the same tool while its actor is unchanged (another change of the event renders it no more).
  return useMemo(() => connectEventStatus(snapshot, ref.send), [snapshot, ref]);
}
