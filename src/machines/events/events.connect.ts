/**
 * The events machine's connect: state → the values the events page shows (Zag's `connect`), pure and
 * unit-tested without React. The app layer's hooks (src/app/events/) bind it to the live actor.
 */
import { matchesStatus, type StatusFilter } from '../../domain/eventStatus';
import type { SnapshotFrom } from 'xstate';
import type { FormDraft } from '../../domain/conflict';
import { eventToForm, filterEvents, type EventFilter } from '../../domain/events';
import type { ConflictSource } from '../conflict.connect';
import { isEditedElsewhere, type CateringEvent, type EventsEvent, type eventsMachine } from './events.machine';

export type EventsSnapshot = SnapshotFrom<typeof eventsMachine>;

const eventDraft = (event: CateringEvent): FormDraft => eventToForm(event);

/** Where the events machine keeps a stale save's conflict (src/machines/conflict.connect.ts). */
export function eventsConflict(s: EventsSnapshot): ConflictSource<CateringEvent> {
  const { editBase, draft, theirs } = s.context;
  return {
    open: s.hasTag('conflict'),
    name: editBase?.EventName || draft?.EventName || '',
    base: editBase,
    mine: draft,
    theirs,
    toDraft: eventDraft,
  };
}

/** The events page's values and callbacks: the list, the open form (its child actor), the Tool Kit's event. */
export function connectEventsPage<FormRef>(s: EventsSnapshot, send: (event: EventsEvent) => void) {
  return {
    events: s.context.events,
    formRef: s.hasTag('form') ? (s.children.eventForm as FormRef | undefined) : undefined,
    changedElsewhere: s.hasTag('form') && isEditedElsewhere(s.context),
    toolkitEvent: s.hasTag('toolkit') ? s.context.events.find((e) => e.id === s.context.toolkitId) : undefined,
    /** The event the Edit Event form (or its conflict question) is about; null for a new event or none. */
    editingId: s.hasTag('form') || s.hasTag('conflict') ? (s.context.editBase?.id ?? null) : null,
    newEvent: () => send({ type: 'form.new' }),
    closeToolkit: () => send({ type: 'toolkit.close' }),
  };
}

/** The events the list shows under the filter and the status select (newest first, as stored). */
export function shownEvents(
  events: readonly CateringEvent[],
  filter: EventFilter,
  today: string,
  status: StatusFilter = 'any',
): CateringEvent[] {
  const shown = filterEvents(events, filter, today);
  return status === 'any' ? shown : shown.filter((e) => matchesStatus(e, status));
}
