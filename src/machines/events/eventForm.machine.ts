/**
 * The full-screen event form (Create New Event / Edit Event). The user edits fields; Save validates,
 * and a valid form asks its parent (the events list) to save it, then ends as `saved`. Cancel (or
 * Escape) ends as `cancelled`. Field messages live in context next to the values they describe.
 */
import { assertEvent, assign, sendParent, setup } from 'xstate';
import { validateEvent, type EventErrors, type EventField, type EventFormValues } from '../../domain/events';

export interface EventFormInput {
  values: EventFormValues;
}

export interface EventFormContext {
  values: EventFormValues;
  errors: EventErrors;
  /** Set when the parent confirms the save. */
  savedId: number | null;
}

export type EventFormEvent =
  /** A form control changed. */
  | { type: 'field.change'; field: EventField; value: string }
  /** The Save button. */
  | { type: 'form.submit' }
  /** The Cancel button, Escape or a click outside the dialog. */
  | { type: 'form.cancel' }
  /** The parent (events list) stored the event. */
  | { type: 'save.done'; id: number };

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
  },
}).createMachine({
  id: 'eventForm',
  context: ({ input }) => ({ values: input.values, errors: {}, savedId: null }),
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
        { guard: 'isValid', target: 'saving', actions: 'clearErrors' },
        { target: 'editing', actions: 'setErrors' },
      ],
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
