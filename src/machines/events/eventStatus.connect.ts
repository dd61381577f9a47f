/**
 * What the Event status panel shows and offers, from the status machine's snapshot (no React): the
 * status, which changes are possible now (`snapshot.can`), why Confirm is not, and the callbacks.
 * Also `statusPatch`: the event fields a status snapshot saves.
 */
import type { SnapshotFrom } from 'xstate';
import { statusLabels, type EventStatus } from '../../domain/eventStatus';
import type { eventStatusMachine, EventStatusContext, EventStatusEvent } from './eventStatus.machine';

type Snapshot = SnapshotFrom<typeof eventStatusMachine>;

const leaf = (snapshot: Snapshot): EventStatus => snapshot.value as EventStatus;

/** The fields saved on the event when it enters `status` (what `persistStatus` writes). */
export function statusPatch(
  status: EventStatus,
  context: Pick<EventStatusContext, 'reason' | 'confirmedWithoutDeposit'>,
): { status: EventStatus; statusReason?: string; confirmedWithoutDeposit?: boolean } {
  return {
    status,
    ...(status === 'cancelled' ? { statusReason: context.reason } : {}),
    ...(context.confirmedWithoutDeposit ? { confirmedWithoutDeposit: true } : {}),
  };
}

export function connectEventStatus(snapshot: Snapshot, send: (event: EventStatusEvent) => void) {
  const status = leaf(snapshot);
  const open = snapshot.hasTag('open');
  const canConfirm = snapshot.can({ type: 'status.confirm' });
  const canConfirmWithout = snapshot.can({ type: 'status.confirmWithoutDeposit' });
  return {
    status,
    label: statusLabels[status],
    reason: snapshot.context.reason,
    confirmedWithoutDeposit: status === 'confirmed' && snapshot.context.confirmedWithoutDeposit,
    open,
    canQuote: snapshot.can({ type: 'status.quote' }),
    canConfirm,
    /** Confirm is offered but waits for the deposit. */
    confirmWaitsForDeposit: canConfirmWithout && !canConfirm,
    canConfirmWithoutDeposit: canConfirmWithout,
    canComplete: snapshot.can({ type: 'status.complete' }),
    canCancel: open,
    quote: () => send({ type: 'status.quote' }),
    confirm: () => send({ type: 'status.confirm' }),
    confirmWithoutDeposit: () => send({ type: 'status.confirmWithoutDeposit' }),
    complete: () => send({ type: 'status.complete' }),
    /** False (and nothing changes) when the reason is blank. */
    cancel: (reason: string) => {
      if (!snapshot.can({ type: 'status.cancel', reason })) return false;
      send({ type: 'status.cancel', reason });
      return true;
    },
  };
}
export type EventStatusApi = ReturnType<typeof connectEventStatus>;
