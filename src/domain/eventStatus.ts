/**
 * Event status (issue 22, part 2): Enquiry → Quoted → Confirmed (booked) → Completed, or Cancelled from
 * any open state with a reason. Stored on the event as `status` (and `statusReason` for a cancellation,
 * `confirmedWithoutDeposit` when confirmed without one): fields earlier builds ignore. An event saved
 * before statuses existed has none and reads as Confirmed: it was booked. The transitions and their
 * guards are the machine src/machines/events/eventStatus.machine.ts; this module is what everyone reads.
 */

export const eventStatuses = ['enquiry', 'quoted', 'confirmed', 'completed', 'cancelled'] as const;
export type EventStatus = (typeof eventStatuses)[number];

export const statusLabels: Record<EventStatus, string> = {
  enquiry: 'Enquiry',
  quoted: 'Quoted',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The status fields an event may carry (not in the record schema: a value of another type reads as no status). */
export interface StatusFields {
  status?: unknown;
  statusReason?: unknown;
  confirmedWithoutDeposit?: unknown;
}
/** Any event record. */
type Fields = object;
const fields = (event: Fields) => event as StatusFields;

export const isStatus = (value: unknown): value is EventStatus => (eventStatuses as readonly unknown[]).includes(value);

/**
 * A new booking's status (`saveEvent` in events.ts): an Enquiry. Confirmed needs a deposit paid or "confirm without
 * deposit" (the status machine's guards); only events saved before statuses existed read as Confirmed.
 */
export const NEW_EVENT_STATUS: EventStatus = 'enquiry';

/** An event's status; one without a (readable) status reads as Confirmed. */
export function statusOf(event: Fields): EventStatus {
  const { status } = fields(event);
  return isStatus(status) ? status : 'confirmed';
}

/** Open: not completed and not cancelled (can still be cancelled, and money can still be due). */
export function isOpenStatus(status: EventStatus): boolean {
  return status === 'enquiry' || status === 'quoted' || status === 'confirmed';
}

/** The cancellation reason, '' when none. */
export function cancelReasonOf(event: Fields): string {
  const { statusReason } = fields(event);
  return statusOf(event) === 'cancelled' && typeof statusReason === 'string' ? statusReason : '';
}

/** "Cancelled: the client postponed" / "Confirmed" — what a card or the calendar says. */
export function statusText(event: Fields): string {
  const status = statusOf(event);
  const reason = cancelReasonOf(event).trim();
  return reason ? `${statusLabels[status]}: ${reason}` : statusLabels[status];
}

/** The status filter's choices: every status, or any. */
export type StatusFilter = EventStatus | 'any';
export const statusFilterOptions: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: 'any', label: 'Any status' },
  ...eventStatuses.map((value) => ({ value, label: statusLabels[value] })),
];

export function matchesStatus(event: Fields, filter: StatusFilter): boolean {
  return filter === 'any' || statusOf(event) === filter;
}

/** Whether the event was confirmed without a deposit (the caterer's explicit choice). */
export function confirmedWithoutDepositOf(event: Fields): boolean {
  return fields(event).confirmedWithoutDeposit === true;
}

export const CANCEL_REASON_REQUIRED = 'Give a reason for cancelling.';
export const MAX_REASON_LENGTH = 500;
