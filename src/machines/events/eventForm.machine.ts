/**
 * The full-screen event form (Create New Event / Edit Event). The user edits fields; Save validates,
 * and a valid form asks its parent (the events list) to save it, then ends as `saved`. Cancel (or
 * Escape) ends as `cancelled`. Field messages live in context next to the values they describe.
 * A valid form dated before today first asks "Save it anyway?" (`confirmingPastDate`, issue 11),
 * unless the edited event already had that date. Likewise (issue 25) an end time before the start time
 * first asks "This event ends the next day at 17:00. Is that right?" (`confirmingNextDay`), unless the
 * edited event already had those times.
 *
 * Guest scaling (issue 11): when an edit changes the Number of Guests of an event with per-guest
 * ingredient lines, the form first shows each such line's old and new quantity (`reviewingRescale`);
 * Save there sends the rescaled lines with the save, Cancel goes back to the form and changes nothing.
 *
 * Drafts (issue 25): a new event's values are its draft. Every change is kept by `persistDraft` (so a
 * reload or browser Back loses nothing); the form is hydrated from a saved draft through `input`
 * (`restored`), Discard draft (`draft.discard`) empties it and `discardDraft` drops the saved copy, as
 * do Cancel and a successful save. An edited event keeps no draft (its changes ask before leaving).
 *
 * Customers (issue 22, part 6): **Existing customer** (`customer.choose`) fills the customer fields from
 * a stored customer and remembers the choice (`values.customerId`). A valid save whose e-mail or phone
 * belongs to a customer of another name is never merged silently: `confirmingCustomer` asks "This e-mail
 * belongs to <name>. Use that customer, or keep as a new customer?" (Use that customer fills their
 * details and chooses them; Keep as a new customer saves the event as a new customer; Go back edits).
 */
import { and, assertEvent, assign, fromPromise, sendParent, setup } from 'xstate';
import { toISODate } from '../../domain/eventDates';
import { avoidFromText, avoidToText, toggleAllergen, type AllergenId } from '../../domain/allergens';
import {
  blankEventForm,
  needsNextDayConfirmation,
  needsPastDateConfirmation,
  validateEvent,
  type EventErrors,
  type EventField,
  type EventFormValues,
} from '../../domain/events';
import { isPlanSane, planRescale, type RescalePlan } from '../../domain/scaling';
import { chooseCustomer, customerClash, NEW_CUSTOMER, type Customer } from '../../domain/customers';
import type { CateringEvent, ChosenIngredient } from '../../storage/schemas';
import type { SecretsOf } from '../../domain/inspection';

export interface EventFormInput {
  values: EventFormValues;
  /** Today as YYYY-MM-DD (the events page's day); the real date when absent. */
  today?: string;
  /** The edited event's stored date (null or absent for a new event): keeping it never asks. */
  originalDate?: string | null;
  /** The event as it was when Edit Event was pressed (absent or null for a new event). */
  event?: CateringEvent | null;
  /** True when `values` are a new event's draft saved before a reload or a visit elsewhere. */
  restored?: boolean;
  /** The stored customers (issue 22 part 6): the Existing customer choice and the e-mail/phone check. */
  customers?: readonly Customer[];
}

/** The rescaled lines a save carries, with the stored list they were computed from (the base of a conflict-aware save). */
export interface RescaleRequest {
  plan: RescalePlan;
  inventoryBase: ChosenIngredient[];
}

export interface EventFormContext {
  values: EventFormValues;
  errors: EventErrors;
  /** Set when the parent confirms the save. */
  savedId: number | null;
  today: string;
  originalDate: string | null;
  /** The event being edited, as it was (its guests and specialty lines). */
  original: CateringEvent | null;
  /** In `reviewingRescale` and `saving`: the per-guest lines at the new guest count. */
  rescale: RescaleRequest | null;
  /** Why the last save was not made (the parent's all-or-nothing write failed); nothing was changed. */
  saveError: string | null;
  /** The values the form opened with (blank for a new event): different values are unsaved changes. */
  startValues: EventFormValues;
  /** The values came from a saved draft ("Draft restored", until Discard draft or a save). */
  draftRestored: boolean;
  /** The stored customers as the form opened. */
  customers: readonly Customer[];
  /** Fields whose typed text the browser could not read at the last Save (a date such as 31 February), until changed. */
  unreadable: EventField[];
}

export type EventFormEvent =
  /** A form control changed. */
  | { type: 'field.change'; field: EventField; value: string }
  /** A checkbox of Allergies to avoid (issue 21): ticks or unticks that allergen. */
  | { type: 'avoid.toggle'; allergen: AllergenId }
  /** The Save button; `unreadable`: the fields whose typed text the browser could not read (its `validity.badInput`). */
  | { type: 'form.submit'; unreadable?: EventField[] }
  /** The Cancel button, Escape or a click outside the dialog. */
  | { type: 'form.cancel' }
  /** The parent (events list) stored the event. */
  | { type: 'save.done'; id: number }
  /** The past-date question's Save anyway button. */
  | { type: 'pastDate.confirm' }
  /** The past-date question's Go back button (or Escape). */
  | { type: 'pastDate.back' }
  /** The next-day question's Ends next day button. */
  | { type: 'nextDay.confirm' }
  /** The next-day question's Go back button (or Escape). */
  | { type: 'nextDay.back' }
  /** The parent could not store the event and its rescaled lines (nothing was written). */
  | { type: 'save.failed'; message: string }
  /** The rescale review's Save button. */
  | { type: 'rescale.confirm' }
  /** The rescale review's Cancel button. */
  | { type: 'rescale.cancel' }
  /** The Discard draft button (a new event's restored draft): the form empties. */
  | { type: 'draft.discard' }
  /** The Existing customer choice: that customer's details fill the customer fields ('' clears the choice only). */
  | { type: 'customer.choose'; id: string }
  /** The customer question's Use that customer button: the known customer's details, and the save goes on. */
  | { type: 'customer.use' }
  /** The customer question's Keep as a new customer button: saved as a customer of its own. */
  | { type: 'customer.keepNew' }
  /** The customer question's Go back button (or Escape). */
  | { type: 'customer.back' }
  /** Sync moved new events to free ids (the parent's `events.moved`): the edited event follows to its new id. */
  | { type: 'event.moved'; moves: ReadonlyArray<{ from: number; to: number }> };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const eventFormSecrets = {
  events: {
    'field.change': [],
    'form.submit': [],
    'avoid.toggle': [],
    'save.done': [],
    'save.failed': [],
    'customer.choose': [],
    'event.moved': [],
  },
} as const satisfies SecretsOf<EventFormEvent, EventFormContext>;

/** What the parent receives when the form asks to be saved. */
export type EventFormSaveRequest = { type: 'form.save'; values: EventFormValues; rescale?: RescaleRequest | null };

const newGuests = (context: EventFormContext) => Number(context.values.NumberOfGuests);
const linesOf = (event: unknown) => ((event as { output?: ChosenIngredient[] }).output ?? []) as ChosenIngredient[];
const planFor = (context: EventFormContext, lines: ChosenIngredient[]) =>
  planRescale(lines, context.original?.ingredients ?? [], newGuests(context));

export const eventFormMachine = setup({
  types: {
    context: {} as EventFormContext,
    events: {} as EventFormEvent,
    input: {} as EventFormInput,
    output: {} as { saved: boolean; id: number | null },
  },
  actors: {
    /** Reads ingredientList-{id} now (the per-guest lines to rescale). */
    loadIngredientLines: fromPromise<ChosenIngredient[], { id: number }>(async () => {
      throw new Error('eventForm: provide loadIngredientLines');
    }),
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.field]: _cleared, ...errors } = context.errors;
      const unreadable = context.unreadable.filter((f) => f !== event.field);
      return { values: { ...context.values, [event.field]: event.value }, errors, unreadable };
    }),
    toggleAvoid: assign(({ context, event }) => {
      assertEvent(event, 'avoid.toggle');
      const { AllergiesToAvoid: _cleared, ...errors } = context.errors;
      const avoid = toggleAllergen(avoidFromText(context.values.AllergiesToAvoid ?? ''), event.allergen);
      return { values: { ...context.values, AllergiesToAvoid: avoidToText(avoid) }, errors };
    }),
    chooseCustomer: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'customer.choose');
        return chooseCustomer(context.customers, context.values, event.id);
      },
    }),
    /** Use that customer: the known customer's details and id in place of the ones typed. */
    useClashCustomer: assign({
      values: ({ context }) => {
        const clash = customerClash(context.customers, context.values, context.values.customerId ?? '');
        return clash ? chooseCustomer(context.customers, context.values, clash.customer.id) : context.values;
      },
    }),
    keepNewCustomer: assign({ values: ({ context }) => ({ ...context.values, customerId: NEW_CUSTOMER }) }),
    setUnreadable: assign({
      unreadable: ({ event }) => {
        assertEvent(event, 'form.submit');
        return event.unreadable ?? [];
      },
    }),
    setErrors: assign({ errors: ({ context }) => validateEvent(context.values, context.unreadable) }),
    clearErrors: assign({ errors: () => ({}), saveError: () => null }),
    /** The edited event's new id (a new event, id 0, is not one of them). */
    followMove: assign(({ context, event }) => {
      assertEvent(event, 'event.moved');
      const move = event.moves.find((m) => m.from === context.values.id && m.from !== 0);
      if (!move) return {};
      const follow = <T extends { id: number } | null>(v: T): T =>
        v && v.id === move.from ? { ...v, id: move.to } : v;
      return {
        values: follow(context.values),
        startValues: follow(context.startValues),
        original: follow(context.original),
      };
    }),
    setSavedId: assign(({ context, event }) => {
      assertEvent(event, 'save.done');
      return { values: { ...context.values, id: event.id }, savedId: event.id };
    }),
    setRescale: assign({
      rescale: ({ context, event }) => ({ plan: planFor(context, linesOf(event)), inventoryBase: linesOf(event) }),
    }),
    clearRescale: assign({ rescale: () => null }),
    setSaveError: assign({
      saveError: ({ event }) => {
        if (event.type === 'save.failed') return event.message;
        const error = (event as { error?: unknown }).error;
        return `The ingredient list could not be read: ${error instanceof Error ? error.message : String(error)}`;
      },
      rescale: () => null,
    }),
    /** Back to the values the form opened with; the draft is no longer shown as restored. */
    resetValues: assign({
      values: ({ context }) => context.startValues,
      errors: () => ({}),
      saveError: () => null,
      draftRestored: () => false,
    }),
    /** Keeps the new event's values as its draft (provided: src/storage drafts). */
    persistDraft: () => {
      throw new Error('eventForm: provide persistDraft');
    },
    /** Drops the new event's saved draft (provided). */
    discardDraft: () => {
      throw new Error('eventForm: provide discardDraft');
    },
    // Why sendParent: the events list is the one writer of the `events` key (ids, order, undo).
    requestSave: sendParent(({ context }): EventFormSaveRequest => ({
      type: 'form.save',
      values: context.values,
      rescale: context.rescale,
    })),
  },
  guards: {
    /** A new event keeps a draft; an edited event does not. */
    isDraftable: ({ context }) => context.values.id === 0,
    isValid: ({ context }) => Object.keys(validateEvent(context.values, context.unreadable)).length === 0,
    isNewPastDate: ({ context }) => needsPastDateConfirmation(context.values, context.today, context.originalDate),
    /** The end time is before the start (the next day), and the edited event did not already have these times. */
    isNewNextDay: ({ context }) => needsNextDayConfirmation(context.values, context.original),
    /** The e-mail or phone typed belongs to a customer of another name who is not the chosen one. */
    isCustomerClash: ({ context }) =>
      customerClash(context.customers, context.values, context.values.customerId ?? '') !== null,
    /** An edit that changes the Number of Guests (a new event has no lines yet). */
    isGuestsChanged: ({ context }) =>
      context.original !== null && context.values.id !== 0 && newGuests(context) !== context.original.NumberOfGuests,
    hasPerGuestLines: ({ context, event }) => planFor(context, linesOf(event)).rows.length > 0,
    /** No new total above the ceiling of limits.ts. */
    isRescaleSane: ({ context }) => context.rescale !== null && isPlanSane(context.rescale.plan),
  },
}).createMachine({
  id: 'eventForm',
  meta: { secrets: eventFormSecrets },
  context: ({ input }) => ({
    values: input.values,
    errors: {},
    savedId: null,
    today: input.today ?? toISODate(new Date()),
    originalDate: input.originalDate ?? null,
    original: input.event ?? null,
    rescale: null,
    saveError: null,
    startValues: input.values.id === 0 ? blankEventForm() : input.values,
    draftRestored: input.restored === true && input.values.id === 0,
    customers: input.customers ?? [],
    unreadable: [],
  }),
  initial: 'editing',
  on: { 'event.moved': { actions: 'followMove' } },
  states: {
    editing: {
      tags: ['form'],
      on: {
        'field.change': [{ guard: 'isDraftable', actions: ['setField', 'persistDraft'] }, { actions: 'setField' }],
        'avoid.toggle': [
          { guard: 'isDraftable', actions: ['toggleAvoid', 'persistDraft'] },
          { actions: 'toggleAvoid' },
        ],
        // Why the browser's word comes with Save: a date it cannot read has the value '' and sends no change.
        'form.submit': { target: 'validating', actions: 'setUnreadable' },
        // Cancel is the caterer's own "no": a new event's draft goes with it.
        'form.cancel': [
          { guard: 'isDraftable', target: 'cancelled', actions: 'discardDraft' },
          { target: 'cancelled' },
        ],
        'draft.discard': { guard: 'isDraftable', actions: ['resetValues', 'discardDraft'] },
        'customer.choose': [
          { guard: 'isDraftable', actions: ['chooseCustomer', 'persistDraft'] },
          { actions: 'chooseCustomer' },
        ],
      },
    },
    // Transient: a valid form goes on to saving, an invalid one back with its messages.
    validating: {
      always: [
        { guard: and(['isValid', 'isNewPastDate']), target: 'confirmingPastDate', actions: 'clearErrors' },
        { guard: and(['isValid', 'isNewNextDay']), target: 'confirmingNextDay', actions: 'clearErrors' },
        { guard: 'isValid', target: 'checkingCustomer', actions: 'clearErrors' },
        { target: 'editing', actions: 'setErrors' },
      ],
    },
    // Transient: a known e-mail or phone under another name is asked about, never merged silently.
    checkingCustomer: {
      always: [{ guard: 'isCustomerClash', target: 'confirmingCustomer' }, { target: 'checkingRescale' }],
    },
    confirmingCustomer: {
      tags: ['form', 'confirm customer'],
      on: {
        'customer.use': { target: 'checkingRescale', actions: 'useClashCustomer' },
        'customer.keepNew': { target: 'checkingRescale', actions: 'keepNewCustomer' },
        'customer.back': { target: 'editing' },
      },
    },
    // Transient: only a change of guests can rescale lines.
    checkingRescale: {
      always: [{ guard: 'isGuestsChanged', target: 'loadingLines' }, { target: 'saving' }],
    },
    loadingLines: {
      tags: ['form', 'saving'],
      invoke: {
        id: 'loadIngredientLines',
        src: 'loadIngredientLines',
        input: ({ context }) => ({ id: context.values.id }),
        onDone: [
          { guard: 'hasPerGuestLines', target: 'reviewingRescale', actions: 'setRescale' },
          { target: 'saving' },
        ],
        onError: { target: 'editing', actions: 'setSaveError' },
      },
    },
    // Old and new quantities of every per-guest line, before anything is written.
    reviewingRescale: {
      tags: ['form', 'review'],
      on: {
        'rescale.confirm': { guard: 'isRescaleSane', target: 'saving' },
        'rescale.cancel': { target: 'editing', actions: 'clearRescale' },
      },
    },
    // Issue 11: a date before today is probably a typo; the caterer says so before anything is saved.
    confirmingPastDate: {
      tags: ['form', 'confirm past date'],
      on: {
        'pastDate.confirm': [{ guard: 'isNewNextDay', target: 'confirmingNextDay' }, { target: 'checkingCustomer' }],
        'pastDate.back': { target: 'editing' },
      },
    },
    // Issue 25: an end before the start is saved as ending the next day; the caterer says that is meant.
    confirmingNextDay: {
      tags: ['form', 'confirm next day'],
      on: {
        'nextDay.confirm': { target: 'checkingCustomer' },
        'nextDay.back': { target: 'editing' },
      },
    },
    saving: {
      tags: ['form', 'saving'],
      entry: 'requestSave',
      on: {
        'save.done': [
          { guard: 'isDraftable', target: 'saved', actions: ['discardDraft', 'setSavedId'] },
          { target: 'saved', actions: 'setSavedId' },
        ],
        'save.failed': { target: 'editing', actions: 'setSaveError' },
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ saved: context.savedId !== null, id: context.savedId }),
});
