/**
 * The full-screen event form (Create New Event / Edit Event). The user edits fields; Save validates,
 * and a valid form asks its parent (the events list) to save it, then ends as `saved`. Cancel (or
 * Escape) ends as `cancelled`. Field messages live in context next to the values they describe.
 * A valid form dated before today first asks "Save it anyway?" (`confirmingPastDate`, issue 11),
 * unless the edited event already had that date.
 */
import { and, assertEvent, assign, sendParent, setup } from 'xstate';
import { toISODate } from '../../domain/eventDates';
import { needsPastDateConfirmation, validateEvent, type EventErrors, type EventField, type EventFormValues } from '../../domain/events';

export interface EventFormInput {
  values: EventFormValues;
  /** Today as YYYY-MM-DD (the events page's day); the real date when absent. */
  today?: string;
  /** The edited event's stored date (null or absent for a new event): keeping it never asks. */
  originalDate?: string | null;
}

export interface EventFormContext {
  values: EventFormValues;
  errors: EventErrors;
  /** Set when the parent confirms the save. */
  savedId: number | null;
  today: string;
  originalDate: string | null;
}

export type EventFormEvent =
  /** A form control changed. */
  | { type: 'field.change'; field: EventField; value: string }
  /** The Save button. */
  | { type: 'form.submit' }
  /** The Cancel button, Escape or a click outside the dialog. */
  | { type: 'form.cancel' }
  /** The parent (events list) stored the event. */
  | { type: 'save.done'; id: number }
  /** The past-date question's Save anyway button. */
  | { type: 'pastDate.confirm' }
  /** The past-date question's Go back button (or Escape). */
  | { type: 'pastDate.back' };

/** What the parent receives when the form asks to be saved. */
export type EventFormSaveRequest = { type: 'form.save'; values: EventFormValues };

export const eventFormMachine = setup({
  types: {
    context: {} as EventFormContext,
    events: {} as EventFormEvent,
    input: {} as EventFormInput,
    output: {} as { saved: boolean; id: number | null },
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: event.value }, errors };
    }),
    setErrors: assign({ errors: ({ context }) => validateEvent(context.values) }),
    clearErrors: assign({ errors: () => ({}) }),
    setSavedId: assign(({ context, event }) => {
      assertEvent(event, 'save.done');
      return { values: { ...context.values, id: event.id }, savedId: event.id };
    }),
    // Why sendParent: the events list is the one writer of the `events` key (ids, order, undo).
    requestSave: sendParent(({ context }): EventFormSaveRequest => ({ type: 'form.save', values: context.values })),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateEvent(context.values)).length === 0,
    isNewPastDate: ({ context }) => needsPastDateConfirmation(context.values, context.today, context.originalDate),
  },
}).createMachine({
  id: 'eventForm',
  context: ({ input }) => ({
    values: input.values,
    errors: {},
    savedId: null,
    today: input.today ?? toISODate(new Date()),
    originalDate: input.originalDate ?? null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'field.change': { actions: 'setField' },
        'form.submit': { target: 'validating' },
        'form.cancel': { target: 'cancelled' },
      },
    },
    // Transient: a valid form goes on to saving, an invalid one back with its messages.
    validating: {
      always: [
        { guard: and(['isValid', 'isNewPastDate']), target: 'confirmingPastDate', actions: 'clearErrors' },
        { guard: 'isValid', target: 'saving', actions: 'clearErrors' },
        { target: 'editing', actions: 'setErrors' },
      ],
    },
    // Issue 11: a date before today is probably a typo; the caterer says so before anything is saved.
    confirmingPastDate: {
      tags: ['form', 'confirm past date'],
      on: {
        'pastDate.confirm': { target: 'saving' },
        'pastDate.back': { target: 'editing' },
      },
    },
    saving: {
      tags: ['form', 'saving'],
      entry: 'requestSave',
      on: { 'save.done': { target: 'saved', actions: 'setSavedId' } },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ saved: context.savedId !== null, id: context.savedId }),
});
