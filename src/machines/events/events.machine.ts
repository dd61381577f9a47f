/**
 * The Event Management page: the list of events and which overlay is open. `browsing` shows the list;
 * `formOpen` runs the event form as a child (new or edit) and stores what it saves; `toolkitOpen` is
 * the Tool Kit overlay of one event. Delete works from the list at once and can be undone while the
 * toast lasts. This machine is the only writer of the `events` key (named `persist*` actions).
 */
import { assertEvent, assign, sendTo, setup } from 'xstate';
import { blankEventForm, eventToForm, formToEvent, patchEvent, removeEvent, saveEvent, sortEvents, type EventFormValues } from '../../domain/events';
import type { CateringEvent } from '../../storage/schemas';
import { eventFormMachine } from './eventForm.machine';

export interface EventsInput {
  /** Stored events with the built-in samples already merged in. */
  events: CateringEvent[];
}

export interface EventsContext {
  events: CateringEvent[];
  /** Values the form starts from (blank for New Event). */
  formValues: EventFormValues;
  /** The event whose Tool Kit is open. */
  toolkitId: number | null;
  /** The last deleted event, while it can still be undone. */
  lastDeleted: CateringEvent | null;
  /** The event the last save stored (for the toast). */
  lastSaved: CateringEvent | null;
}

export type EventsEvent =
  /** The New Event button. */
  | { type: 'form.new' }
  /** An event card's Edit Event button. */
  | { type: 'form.edit'; id: number }
  /** Sent by the event form child when it is valid and wants to be stored. */
  | { type: 'form.save'; values: EventFormValues }
  /** An event card's Delete Event button. */
  | { type: 'event.delete'; id: number }
  /** The Undo action of the delete toast. */
  | { type: 'delete.undo' }
  /** Tool Kit panels changing the event's own fields (ingredients, menu, notes, pricing, image). */
  | { type: 'event.patch'; id: number; patch: Partial<CateringEvent> }
  /** An event card's Tool Kit button. */
  | { type: 'toolkit.open'; id: number }
  /** The Tool Kit's Close button, Escape or a click outside. */
  | { type: 'toolkit.close' }
  /** Another tab changed the `events` key. */
  | { type: 'storage.change'; events: CateringEvent[] };

const stub = (name: string) => () => {
  throw new Error(`events: provide ${name}`);
};

export const eventsMachine = setup({
  types: {
    context: {} as EventsContext,
    events: {} as EventsEvent,
    input: {} as EventsInput,
  },
  actors: { eventForm: eventFormMachine },
  actions: {
    setBlankForm: assign({ formValues: () => blankEventForm() }),
    setFormFromEvent: assign({
      formValues: ({ context, event }) => {
        assertEvent(event, 'form.edit');
        const found = context.events.find((e) => e.id === event.id);
        return found ? eventToForm(found) : blankEventForm();
      },
    }),
    applySave: assign(({ context, event }) => {
      assertEvent(event, 'form.save');
      const base = event.values.id !== 0 ? context.events.find((e) => e.id === event.values.id) : undefined;
      const result = saveEvent(context.events, formToEvent(event.values, base));
      // A new id may equal the one of an undoable delete: that undo would then overwrite it.
      const lastDeleted = context.lastDeleted && context.lastDeleted.id === result.saved.id ? null : context.lastDeleted;
      return { events: result.events, lastSaved: result.saved, lastDeleted };
    }),
    confirmSave: sendTo('eventForm', ({ context }) => ({ type: 'save.done' as const, id: context.lastSaved?.id ?? 0 })),
    stashDeleted: assign({
      lastDeleted: ({ context, event }) => {
        assertEvent(event, 'event.delete');
        return context.events.find((e) => e.id === event.id) ?? null;
      },
    }),
    removeFromList: assign({
      events: ({ context, event }) => {
        assertEvent(event, 'event.delete');
        return removeEvent(context.events, event.id);
      },
    }),
    restoreDeleted: assign({
      events: ({ context }) => (context.lastDeleted ? sortEvents([...context.events, context.lastDeleted]) : context.events),
    }),
    clearDeleted: assign({ lastDeleted: () => null }),
    applyPatch: assign({
      events: ({ context, event }) => {
        assertEvent(event, 'event.patch');
        return patchEvent(context.events, event.id, event.patch);
      },
    }),
    setEventsFromStorage: assign({
      events: ({ event }) => {
        assertEvent(event, 'storage.change');
        return sortEvents(event.events);
      },
    }),
    setToolkitId: assign({
      toolkitId: ({ event }) => {
        assertEvent(event, 'toolkit.open');
        return event.id;
      },
    }),
    clearToolkitId: assign({ toolkitId: () => null }),
    // Side effects, provided by useEventsActor (real storage + toasts) or by tests (fakes).
    persistEvents: stub('persistEvents'),
    /** Removes ingredientList-{id}, {id}-discountPercentage, {id}-taxPercentage, keeping a copy for undo. */
    removeEventKeys: stub('removeEventKeys'),
    /** Writes back the copy taken by removeEventKeys. */
    restoreEventKeys: stub('restoreEventKeys'),
    notifySaved: stub('notifySaved'),
    /** The toast with the Undo action. */
    notifyDeleted: stub('notifyDeleted'),
  },
  guards: {
    hasEvent: ({ context, event }) => 'id' in event && context.events.some((e) => e.id === event.id),
    isToolkitEventGone: ({ context }) => !context.events.some((e) => e.id === context.toolkitId),
    canUndo: ({ context }) => context.lastDeleted !== null && !context.events.some((e) => e.id === context.lastDeleted?.id),
  },
}).createMachine({
  id: 'events',
  context: ({ input }) => ({
    events: sortEvents(input.events),
    formValues: blankEventForm(),
    toolkitId: null,
    lastDeleted: null,
    lastSaved: null,
  }),
  initial: 'browsing',
  on: {
    'storage.change': { actions: 'setEventsFromStorage' },
    'event.patch': { guard: 'hasEvent', actions: ['applyPatch', 'persistEvents'] },
  },
  states: {
    browsing: {
      tags: ['list'],
      on: {
        'form.new': { target: 'formOpen', actions: 'setBlankForm' },
        'form.edit': { guard: 'hasEvent', target: 'formOpen', actions: 'setFormFromEvent' },
        'toolkit.open': { guard: 'hasEvent', target: 'toolkitOpen', actions: 'setToolkitId' },
        'event.delete': {
          guard: 'hasEvent',
          actions: ['stashDeleted', 'removeFromList', 'removeEventKeys', 'persistEvents', 'notifyDeleted'],
        },
        'delete.undo': { guard: 'canUndo', actions: ['restoreDeleted', 'restoreEventKeys', 'persistEvents', 'clearDeleted'] },
      },
    },
    formOpen: {
      tags: ['list', 'form'],
      invoke: {
        id: 'eventForm',
        src: 'eventForm',
        input: ({ context }) => ({ values: context.formValues }),
        onDone: { target: 'browsing' },
      },
      on: {
        'form.save': { actions: ['applySave', 'persistEvents', 'notifySaved', 'confirmSave'] },
      },
    },
    toolkitOpen: {
      tags: ['list', 'toolkit'],
      // Another tab may delete the event whose Tool Kit is open: close it then.
      always: { guard: 'isToolkitEventGone', target: 'browsing', actions: 'clearToolkitId' },
      on: { 'toolkit.close': { target: 'browsing', actions: 'clearToolkitId' } },
    },
  },
});
