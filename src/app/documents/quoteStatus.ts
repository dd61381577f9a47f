/**
 * Issuing a quote and the event's status (issue 22, parts 2 and 4). A quote sent to the client moves
 * an Enquiry to Quoted: the status statechart (src/machines/events/eventStatus.machine.ts) decides,
 * from the event's stored status, with `status.quote`, and its `persistStatus` saves the change on the
 * event, by id and revision. An event already Quoted, Confirmed or Completed keeps its status (a quote
 * of a booked event is a revised price, not a step back), and so does a Cancelled one: the caterer may
 * still issue a quote (a client asking again), and the page says the event stays Cancelled.
 */
import { createActor } from 'xstate';
import { cancelReasonOf, confirmedWithoutDepositOf, statusOf, type EventStatus } from '../../domain/eventStatus';
import { statusPatch } from '../../machines/events/eventStatus.connect';
import { eventStatusMachine } from '../../machines/events/eventStatus.machine';
import { eventsStore, type CateringEvent } from '../../storage';
import { inspect } from '../../views/shell/inspector';

/** Saves `patch` on event `event.id`: onto the stored event (another tab's other changes kept), or adds a built-in sample never stored. */
function saveStatusPatch(event: CateringEvent, patch: Partial<CateringEvent>): string | null {
  const stored = eventsStore.read().find((e) => e.id === event.id);
  const base = stored ?? event;
  const result = eventsStore.save([{ ...base, ...patch }], stored ? [stored] : []);
  if (!result.ok) return `The event's status could not be saved: ${result.error.message}`;
  if (result.conflicts.length) return 'The event was changed in another tab meanwhile, so its status was not changed.';
  return null;
}

/**
 * A quote of `event` was issued: the status machine moves an Enquiry to Quoted (and saves it); any other
 * status stays. The status after it, and the message when the change could not be saved.
 */
export function quoteIssuedFor(
  event: CateringEvent,
  depositPaid: boolean,
): { status: EventStatus; error: string | null } {
  let error: string | null = null;
  const machine = eventStatusMachine.provide({
    actions: {
      persistStatus: ({ context }, params) => {
        error = saveStatusPatch(event, statusPatch(params.status, context) as Partial<CateringEvent>);
      },
    },
  });
  const actor = createActor(machine, {
    input: {
      status: statusOf(event),
      depositPaid,
      reason: cancelReasonOf(event),
      confirmedWithoutDeposit: confirmedWithoutDepositOf(event),
    },
    inspect,
  }).start();
  // Completed and Cancelled are final states: the machine takes no event there.
  if (actor.getSnapshot().can({ type: 'status.quote' })) actor.send({ type: 'status.quote' });
  const status = actor.getSnapshot().value as EventStatus;
  actor.stop();
  return { status: error ? statusOf(event) : status, error };
}
