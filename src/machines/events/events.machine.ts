/**
 * The Event Management page: the list of events and which overlay is open. `browsing` shows the list;
 * `formOpen` runs the event form as a child (new or edit) and stores what it saves; `toolkitOpen` is
 * the Tool Kit overlay of one event. Delete works from the list at once and can be undone while the
 * toast lasts: `undoing` puts the event back under its own id (new events never reuse a deleted id)
 * or, when a write fails, leaves it deleted and says why. Saving the form for an event another tab
 * changed or deleted meanwhile goes to `conflict` (keep theirs, keep mine, merge field by field).
 * This machine is the only writer of the `events` key (named `persist*` actions, saved by id).
 * Issue 22 part 6: a save also gives the event its customer (`customerId`, src/domain/customers.ts) and
 * hands the customer record it created or updated to `persistCustomers`. Edit Event opens with the event's
 * customer chosen: its `customerId`, else the stored customer its details are (`customerOfEvent`, kept index).
 */
import { assertEvent, assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { mergeDrafts, type FormDraft, type Side } from '../../domain/conflict';
import {
  blankEventForm,
  eventToForm,
  formToEvent,
  patchEvent,
  removeEvent,
  saveEvent,
  sortEvents,
  validateEvent,
  type EventFormValues,
} from '../../domain/events';
import type { CateringEvent } from '../../storage/schemas';
/** The record this machine lists, for the views (which do not import src/storage). */
export type { CateringEvent };
import { toISODate } from '../../domain/eventDates';
import { customerOfEvent, withCustomer, type Customer } from '../../domain/customers';
import { eventFormMachine, type RescaleRequest } from './eventForm.machine';
import type { SecretsOf } from '../../domain/inspection';

export interface EventsInput {
  /** Stored events with the built-in samples (those not deleted) already merged in. */
  events: CateringEvent[];
  /** Ids of deleted events (`deletedEventIds`). */
  deletedIds?: number[];
  /** Ids of events kept only in the account (issue 24 part 7): not here, and no new event takes one. */
  reservedIds?: number[];
  /** Today as YYYY-MM-DD, for the form's past-date question (the real date when absent). */
  today?: string;
  /** A new event's draft saved before a reload or a visit elsewhere: the form opens again with it (issue 25). */
  newEventDraft?: EventFormValues | null;
  /** The stored customers (issue 22 part 6), those the events need included. */
  customers?: Customer[];
}

export interface EventsContext {
  events: CateringEvent[];
  /** Ids no new event may take: deleted events, undoable or not. */
  deletedIds: number[];
  /** Ids no new event may take either: events kept only in the account. */
  reservedIds: number[];
  /** Values the form starts from (blank for New Event). */
  formValues: EventFormValues;
  /** The event as it was when Edit Event was pressed (null for New Event): what the form's changes are based on. */
  editBase: CateringEvent | null;
  /** The event whose Tool Kit is open. */
  toolkitId: number | null;
  /** The event the last delete, or the Undo under way, concerns (for its toast and its writes). */
  lastDeleted: CateringEvent | null;
  /** Every event deleted on this page that an Undo may still put back: each toast's Undo names its own by id. */
  undoable: CateringEvent[];
  /** The event the last save stored (for the toast). */
  lastSaved: CateringEvent | null;
  /** In `conflict`: the form's values (mine). */
  draft: EventFormValues | null;
  /** In `conflict`: the stored version now (null when another tab deleted it). */
  theirs: CateringEvent | null;
  /** Why the last Undo could not put the event back (for the toast). */
  undoError: string | null;
  /** The page's day (YYYY-MM-DD): the form asks before saving a date before it. */
  today: string;
  /** The event whose rescaled save persistRescaled is writing (its answer is awaited). */
  rescalingId: number | null;
  /** The form's values are a restored draft (the form says so, with Discard draft). */
  formRestored: boolean;
  /** Until the page has opened: a new event's saved draft (then null). */
  newEventDraft: EventFormValues | null;
  /** The stored customers: the form's Existing customer choice, and whose each saved event is. */
  customers: readonly Customer[];
  /** The customer record the last save created or updated (for persistCustomers), if any. */
  customerChanged: Customer | null;
}

export type EventsEvent =
  /** The New Event button. */
  | { type: 'form.new' }
  /** An event card's Edit Event button. */
  | { type: 'form.edit'; id: number }
  /** Sent by the event form child when it is valid and wants to be stored (with the rescaled lines when guests changed). */
  | { type: 'form.save'; values: EventFormValues; rescale?: RescaleRequest | null }
  /** Sent back by persistRescaled: the event and its ingredient list were written together. */
  | { type: 'rescale.saved'; event: CateringEvent }
  /** Sent back by persistRescaled: nothing was written, and why. */
  | { type: 'rescale.failed'; message: string }
  /** An event card's Delete Event button. */
  | { type: 'event.delete'; id: number }
  /** The Undo action of the delete toast. */
  | { type: 'delete.undo'; id: number }
  /** Tool Kit panels changing the event's own fields (ingredients, menu, notes, pricing, image). */
  | { type: 'event.patch'; id: number; patch: Partial<CateringEvent> }
  /** An event card's Tool Kit button. */
  | { type: 'toolkit.open'; id: number }
  /** The Tool Kit's Close button, Escape or a click outside. */
  | { type: 'toolkit.close' }
  /** Another tab changed `events` or `deletedEventIds` (the storage watcher; samples merged in). */
  | { type: 'storage.change'; events: CateringEvent[]; deletedIds: number[]; reservedIds?: number[] }
  /** The storage refused a save of this event: another tab changed it at the same moment (the persister). */
  | { type: 'save.conflict'; mine: CateringEvent; theirs: CateringEvent | null }
  /** Conflict dialog: keep the version saved in the other tab (or keep it deleted). */
  | { type: 'conflict.keepTheirs' }
  /** Conflict dialog: save the form as it is over the other tab's version (or save it again). */
  | { type: 'conflict.keepMine' }
  /** Conflict dialog: their version with the fields chosen as mine taken from the form. */
  | { type: 'conflict.merge'; choices: Record<string, Side> }
  /** The stored customers changed (a save here or in another tab). */
  | { type: 'customers.change'; customers: Customer[] }
  /**
   * Sync moved new events of this device to free ids (another device had added events with theirs), just
   * before it writes them: the open Tool Kit and Edit Event form follow their event to its new id.
   */
  | { type: 'events.moved'; moves: EventMoveIds[] };

/** An event's move to a free id (src/sync/renumber.ts `EventMove`). */
export interface EventMoveIds {
  from: number;
  to: number;
}

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const eventsSecrets = {
  events: {
    'form.edit': [],
    'form.save': [],
    'rescale.saved': [],
    'rescale.failed': [],
    'event.delete': [],
    'delete.undo': [],
    'event.patch': [],
    'toolkit.open': [],
    'storage.change': [],
    'save.conflict': [],
    'conflict.merge': [],
    'customers.change': [],
    'events.moved': [],
  },
} as const satisfies SecretsOf<EventsEvent, EventsContext>;

/** What the Undo actor is given: the deleted event, exactly as it was. */
export interface RestoreInput {
  event: CateringEvent;
}

const stub = (name: string) => () => {
  throw new Error(`events: provide ${name}`);
};

const find = (context: Pick<EventsContext, 'events'>, id: number | null | undefined) =>
  id == null ? undefined : context.events.find((e) => e.id === id);
const sameForm = (a: CateringEvent, b: CateringEvent) =>
  JSON.stringify(eventToForm(a)) === JSON.stringify(eventToForm(b));

/** True when the event under edit was changed or deleted elsewhere since Edit Event was pressed. */
export function isEditedElsewhere(context: Pick<EventsContext, 'events' | 'editBase'>): boolean {
  if (context.editBase === null) return false;
  const current = find(context, context.editBase.id);
  return !current || !sameForm(current, context.editBase);
}

/** The conflict's merge: their form values with the fields chosen as mine taken from the draft. */
const mergedValues = (context: EventsContext, choices: Record<string, Side>): EventFormValues =>
  mergeDrafts(
    asDraft(context.draft ?? blankEventForm()),
    asDraft(eventToForm(context.theirs!)),
    choices,
  ) as unknown as EventFormValues;
function asDraft(values: EventFormValues): FormDraft {
  return values as unknown as FormDraft;
}

export const eventsMachine = setup({
  types: {
    context: {} as EventsContext,
    events: {} as EventsEvent,
    input: {} as EventsInput,
    tags: {} as 'list' | 'form' | 'toolkit' | 'conflict' | 'undoing',
  },
  actors: {
    eventForm: eventFormMachine,
    /** Writes the event's per-event keys, the event and the deleted-id list back, all or nothing; rejects with the reason. */
    restoreDeleted: fromPromise<void, RestoreInput>(async () => {
      throw new Error('events: provide restoreDeleted');
    }),
    /** Sends `storage.change` when another tab changes `events` or `deletedEventIds`. */
    watchStorage: fromCallback(() => {
      throw new Error('events: provide watchStorage');
    }),
  },
  actions: {
    setBlankForm: assign({ formValues: () => blankEventForm(), editBase: () => null, formRestored: () => false }),
    /** Issue 25: the new event's saved draft, as the page opens. */
    setFormFromDraft: assign(({ context }) => ({
      formValues: { ...blankEventForm(), ...context.newEventDraft!, id: 0 },
      editBase: null,
      formRestored: true,
      newEventDraft: null,
    })),
    setFormFromEvent: assign(({ context, event }) => {
      assertEvent(event, 'form.edit');
      const found = find(context, event.id);
      // The event's customer: its stored customerId, else the customer its details are (found by trying it: an
      // event saved before customers existed showed "New customer"), through the customers' kept index.
      const customerId = found ? (customerOfEvent(context.customers, found)?.id ?? '') : '';
      return {
        formValues: found ? { ...eventToForm(found), ...(customerId ? { customerId } : {}) } : blankEventForm(),
        editBase: found ?? null,
        formRestored: false,
      };
    }),
    applySave: assign(({ context, event }) => {
      assertEvent(event, 'form.save');
      const base = event.values.id !== 0 ? find(context, event.values.id) : undefined;
      const taken = [...context.deletedIds, ...context.reservedIds];
      const result = saveEvent(context.events, formToEvent(event.values, base), taken);
      // The event's customer (issue 22 part 6): chosen, matched, or new; a clash was asked about in the form.
      const customer = withCustomer(context.customers, result.saved, event.values.customerId ?? '');
      return {
        events: result.events.map((e) => (e === result.saved ? customer.event : e)),
        lastSaved: customer.event,
        customers: customer.customers,
        customerChanged: customer.changed,
      };
    }),
    confirmSave: sendTo('eventForm', ({ context }) => ({ type: 'save.done' as const, id: context.lastSaved?.id ?? 0 })),
    /** The event as persistRescaled stored it (with its revision), in place of the old one. */
    applyRescaledSave: assign(({ context, event }) => {
      assertEvent(event, 'rescale.saved');
      return {
        events: sortEvents([...removeEvent(context.events, event.event.id), event.event]),
        lastSaved: event.event,
        rescalingId: null,
      };
    }),
    setRescalingId: assign({ rescalingId: ({ event }) => (event.type === 'form.save' ? event.values.id : null) }),
    clearRescalingId: assign({ rescalingId: () => null }),
    rejectSave: sendTo('eventForm', ({ event }) => {
      assertEvent(event, 'rescale.failed');
      return { type: 'save.failed' as const, message: event.message };
    }),
    /**
     * Guest scaling: writes the event (its rescaled specialty lines) and ingredientList-{id} all or
     * nothing, each saved by id and revision (another tab's newer list is never overwritten), then
     * sends rescale.saved or rescale.failed.
     */
    persistRescaled: stub('persistRescaled'),
    stashDeleted: assign(({ context, event }) => {
      assertEvent(event, 'event.delete');
      const gone = find(context, event.id) ?? null;
      const others = context.undoable.filter((e) => e.id !== event.id);
      return { lastDeleted: gone, undoable: gone ? [...others, gone] : others };
    }),
    /** The Undo of one toast: the event it names, not whichever was deleted last. */
    setUndoTarget: assign({
      lastDeleted: ({ context, event }) => {
        assertEvent(event, 'delete.undo');
        return context.undoable.find((e) => e.id === event.id) ?? null;
      },
    }),
    removeFromList: assign({
      events: ({ context, event }) => {
        assertEvent(event, 'event.delete');
        return removeEvent(context.events, event.id);
      },
    }),
    addDeletedId: assign({
      deletedIds: ({ context, event }) => {
        assertEvent(event, 'event.delete');
        return context.deletedIds.includes(event.id) ? context.deletedIds : [...context.deletedIds, event.id];
      },
    }),
    /** After the Undo actor wrote everything back: the exact event under its own id. */
    restoreInList: assign(({ context }) => {
      const back = context.lastDeleted;
      if (!back) return {};
      return {
        events: sortEvents([...removeEvent(context.events, back.id), back]),
        deletedIds: context.deletedIds.filter((id) => id !== back.id),
      };
    }),
    setUndoError: assign({
      undoError: ({ event }) => {
        const error = (event as { error?: unknown }).error;
        return error instanceof Error ? error.message : String(error ?? 'The event could not be put back.');
      },
    }),
    clearDeleted: assign(({ context }) => ({
      lastDeleted: null,
      undoable: context.undoable.filter((e) => e.id !== context.lastDeleted?.id),
    })),
    applyPatch: assign({
      events: ({ context, event }) => {
        assertEvent(event, 'event.patch');
        return patchEvent(context.events, event.id, event.patch);
      },
    }),
    setEventsFromStorage: assign(({ context, event }) => {
      assertEvent(event, 'storage.change');
      return {
        events: sortEvents(event.events),
        deletedIds: event.deletedIds,
        reservedIds: event.reservedIds ?? context.reservedIds,
      };
    }),
    setToolkitId: assign({
      toolkitId: ({ event }) => {
        assertEvent(event, 'toolkit.open');
        return event.id;
      },
    }),
    clearToolkitId: assign({ toolkitId: () => null }),
    /** The moved events under their new ids, here before storage says so: nothing open takes them for gone. */
    followMoves: assign(({ context, event }) => {
      assertEvent(event, 'events.moved');
      const to = new Map(event.moves.map((m) => [m.from, m.to]));
      const moved = <T extends { id: number } | null>(e: T): T =>
        e && to.has(e.id) ? ({ ...e, id: to.get(e.id)! } as T) : e;
      const id = (n: number | null) => (n !== null && to.has(n) ? to.get(n)! : n);
      return {
        events: sortEvents(context.events.map(moved)),
        toolkitId: id(context.toolkitId),
        editBase: moved(context.editBase),
        theirs: moved(context.theirs),
        draft:
          context.draft && to.has(context.draft.id)
            ? { ...context.draft, id: to.get(context.draft.id)! }
            : context.draft,
        rescalingId: id(context.rescalingId),
        formValues: to.has(context.formValues.id)
          ? { ...context.formValues, id: to.get(context.formValues.id)! }
          : context.formValues,
      };
    }),
    tellFormOfMoves: sendTo('eventForm', ({ event }) => {
      assertEvent(event, 'events.moved');
      return { type: 'event.moved' as const, moves: event.moves };
    }),
    /** A stale form's Save: the form's values are the draft; their version is the stored one now. */
    setConflictFromForm: assign(({ context, event }) => {
      assertEvent(event, 'form.save');
      return { draft: event.values, theirs: find(context, event.values.id) ?? null };
    }),
    /** A conflict the storage reported at save time; the stored list arrived just before (storage.change). */
    setConflictFromStorage: assign(({ context, event }) => {
      assertEvent(event, 'save.conflict');
      return {
        draft: eventToForm(event.mine),
        editBase: event.theirs ?? event.mine,
        theirs: find(context, event.mine.id) ?? null,
        toolkitId: null,
      };
    }),
    setTheirs: assign({ theirs: ({ context }) => find(context, context.draft?.id) ?? null }),
    mergeDraft: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'conflict.merge');
        return mergedValues(context, event.choices);
      },
    }),
    /** Keep mine: the form's fields over their version (their Tool Kit data kept), or the event again if they deleted it. */
    writeMine: assign(({ context }) => {
      const values = context.draft!;
      const theirs = find(context, values.id);
      const saved = formToEvent(values, theirs ?? context.editBase ?? undefined);
      return { events: sortEvents([...removeEvent(context.events, values.id), saved]), lastSaved: saved };
    }),
    /** The merge does not pass validation: back to the form with the merged values, based on their version. */
    reopenForm: assign(({ context }) => ({
      formValues: context.draft ?? blankEventForm(),
      editBase: context.theirs,
      draft: null,
      theirs: null,
      formRestored: false,
    })),
    clearConflict: assign({ draft: () => null, theirs: () => null, editBase: () => null }),
    setCustomers: assign({
      customers: ({ event }) => {
        assertEvent(event, 'customers.change');
        return event.customers;
      },
    }),
    /** Stores the customer record the save created or updated (by id onto the latest stored list); nothing when none. */
    persistCustomers: stub('persistCustomers'),
    // Side effects, provided by useEventsActor (real storage + toasts) or by tests (fakes).
    /** Saves the list by id and revision: only the records that changed are written. */
    persistEvents: stub('persistEvents'),
    /** Adds the deleted id to `deletedEventIds` (so no new event takes it, and a deleted sample stays deleted). */
    persistDeletedId: stub('persistDeletedId'),
    /** Removes ingredientList-{id}, {id}-discountPercentage, {id}-taxPercentage, keeping a copy for undo. */
    removeEventKeys: stub('removeEventKeys'),
    notifySaved: stub('notifySaved'),
    /** The toast with the Undo action. */
    notifyDeleted: stub('notifyDeleted'),
    notifyRestored: stub('notifyRestored'),
    /** The toast saying why Undo could not put the event back. */
    notifyUndoFailed: stub('notifyUndoFailed'),
    /** The Tool Kit closed because another tab deleted its event. */
    notifyToolkitGone: stub('notifyToolkitGone'),
  },
  guards: {
    hasNewEventDraft: ({ context }) => context.newEventDraft !== null,
    hasEvent: ({ context, event }) => 'id' in event && context.events.some((e) => e.id === event.id),
    isToolkitEventGone: ({ context }) => !context.events.some((e) => e.id === context.toolkitId),
    canUndo: ({ context, event }) =>
      event.type === 'delete.undo' &&
      context.undoable.some((e) => e.id === event.id) &&
      !context.events.some((e) => e.id === event.id),
    isEditStale: ({ context, event }) =>
      event.type === 'form.save' && event.values.id !== 0 && isEditedElsewhere(context),
    hasTheirs: ({ context }) => context.theirs !== null,
    /** The answer belongs to the save persistRescaled is writing. */
    isRescaling: ({ context, event }) =>
      context.rescalingId !== null && (event.type !== 'rescale.saved' || event.event.id === context.rescalingId),
    hasRescale: ({ event }) => event.type === 'form.save' && !!event.rescale && event.rescale.plan.rows.length > 0,
    isMergeValid: ({ context, event }) =>
      event.type === 'conflict.merge' &&
      context.theirs !== null &&
      Object.keys(validateEvent(mergedValues(context, event.choices))).length === 0,
  },
}).createMachine({
  id: 'events',
  meta: { secrets: eventsSecrets },
  context: ({ input }) => ({
    events: sortEvents(input.events),
    deletedIds: input.deletedIds ?? [],
    reservedIds: input.reservedIds ?? [],
    formValues: blankEventForm(),
    editBase: null,
    toolkitId: null,
    lastDeleted: null,
    undoable: [],
    lastSaved: null,
    draft: null,
    theirs: null,
    undoError: null,
    today: input.today ?? toISODate(new Date()),
    rescalingId: null,
    formRestored: false,
    newEventDraft: input.newEventDraft ?? null,
    customers: input.customers ?? [],
    customerChanged: null,
  }),
  invoke: { id: 'storageSync', src: 'watchStorage' },
  initial: 'restoring',
  on: {
    'storage.change': { actions: 'setEventsFromStorage' },
    'save.conflict': { target: '.conflict', actions: 'setConflictFromStorage' },
    'customers.change': { actions: 'setCustomers' },
    'events.moved': { actions: 'followMoves' },
  },
  states: {
    // Transient: a new event typed before a reload (or browser Back) opens again, its draft restored.
    restoring: {
      always: [{ guard: 'hasNewEventDraft', target: 'formOpen', actions: 'setFormFromDraft' }, { target: 'browsing' }],
    },
    browsing: {
      tags: ['list'],
      on: {
        'form.new': { target: 'formOpen', actions: 'setBlankForm' },
        'form.edit': { guard: 'hasEvent', target: 'formOpen', actions: 'setFormFromEvent' },
        'toolkit.open': { guard: 'hasEvent', target: 'toolkitOpen', actions: 'setToolkitId' },
        'event.delete': {
          guard: 'hasEvent',
          actions: [
            'stashDeleted',
            'removeFromList',
            'addDeletedId',
            'removeEventKeys',
            'persistEvents',
            'persistDeletedId',
            'notifyDeleted',
          ],
        },
        'delete.undo': { guard: 'canUndo', target: 'undoing', actions: 'setUndoTarget' },
      },
    },
    // The writes run in one actor so a failure leaves nothing half-restored: the event stays deleted.
    undoing: {
      tags: ['list', 'undoing'],
      invoke: {
        id: 'restoreDeleted',
        src: 'restoreDeleted',
        input: ({ context }) => ({ event: context.lastDeleted! }),
        onDone: { target: 'browsing', actions: ['restoreInList', 'notifyRestored', 'clearDeleted'] },
        onError: { target: 'browsing', actions: ['setUndoError', 'notifyUndoFailed', 'clearDeleted'] },
      },
    },
    formOpen: {
      tags: ['list', 'form'],
      invoke: {
        id: 'eventForm',
        src: 'eventForm',
        // The edited event's stored date: keeping it does not ask the past-date question again.
        input: ({ context }) => ({
          values: context.formValues,
          today: context.today,
          originalDate: context.editBase?.EventDate ?? null,
          event: context.editBase,
          restored: context.formRestored,
          customers: context.customers,
        }),
        onDone: { target: 'browsing' },
      },
      on: {
        'form.save': [
          // Another tab changed or deleted this event since Edit Event: ask, never overwrite.
          { guard: 'isEditStale', target: 'conflict', actions: 'setConflictFromForm' },
          // Guests changed and per-guest lines were rescaled: the event and its list are written together.
          { guard: 'hasRescale', actions: ['setRescalingId', 'persistRescaled'] },
          { actions: ['applySave', 'persistEvents', 'persistCustomers', 'notifySaved', 'confirmSave'] },
        ],
        'rescale.saved': { guard: 'isRescaling', actions: ['applyRescaledSave', 'notifySaved', 'confirmSave'] },
        'rescale.failed': { guard: 'isRescaling', actions: ['clearRescalingId', 'rejectSave'] },
        'events.moved': { actions: ['followMoves', 'tellFormOfMoves'] },
      },
    },
    conflict: {
      tags: ['list', 'conflict'],
      on: {
        'conflict.keepTheirs': { target: 'browsing', actions: 'clearConflict' },
        'conflict.keepMine': {
          target: 'browsing',
          actions: ['writeMine', 'persistEvents', 'notifySaved', 'clearConflict'],
        },
        'conflict.merge': [
          {
            guard: 'isMergeValid',
            target: 'browsing',
            actions: ['mergeDraft', 'writeMine', 'persistEvents', 'notifySaved', 'clearConflict'],
          },
          // Field by field the merge breaks a rule (an end time before the other side's start time): fix it in the form.
          { guard: 'hasTheirs', target: 'formOpen', actions: ['mergeDraft', 'reopenForm'] },
        ],
        'storage.change': { actions: ['setEventsFromStorage', 'setTheirs'] },
      },
    },
    toolkitOpen: {
      tags: ['list', 'toolkit'],
      // Another tab may delete the event whose Tool Kit is open: close it then, and say why.
      always: { guard: 'isToolkitEventGone', target: 'browsing', actions: ['clearToolkitId', 'notifyToolkitGone'] },
      on: {
        'toolkit.close': { target: 'browsing', actions: 'clearToolkitId' },
        // Only the Tool Kit changes an event's own lists; saved by id, so only that event is written.
        'event.patch': { guard: 'hasEvent', actions: ['applyPatch', 'persistEvents'] },
      },
    },
  },
});
