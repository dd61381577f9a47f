/**
 * The events machine's connect: state → the values the events page shows (Zag's `connect`), pure and
 * unit-tested without React. The app layer's hooks (src/app/events/) bind it to the live actor.
 */
import type { SnapshotFrom } from 'xstate';
import type { FormDraft } from '../../domain/conflict';
import { eventToForm } from '../../domain/events';
import type { ConflictSource } from '../conflict.connect';
import type { CateringEvent, eventsMachine } from './events.machine';

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
