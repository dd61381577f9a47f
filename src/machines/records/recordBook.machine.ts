/**
 * Record book: the form and card list of the Supplier and Employee pages (spec section 4). In
 * `adding` a valid Submit appends a record; Edit on a card enters `editing` with that record's id,
 * where a valid Submit replaces it and returns to `adding`. Cancel clears the form and leaves edit
 * mode. Records are found by id, never by position, so another tab's deletes cannot shift the edit
 * onto a stranger. If another tab changed or deleted the record while it was being edited, Submit
 * goes to `conflict`, where the caterer keeps theirs, keeps mine, or merges field by field. What a
 * record looks like (empty form, validation, conversion) comes in through `input.form`.
 */
import { assertEvent, assign, fromCallback, setup } from 'xstate';
import { mergeDrafts, type Side } from '../../domain/conflict';
import type { Draft, Errors, RecordForm } from '../../domain/inventoryRecords';
import type { SecretsOf } from '../../domain/inspection';

export type BookRecord = object;

export interface RecordBookInput {
  records: BookRecord[];
  form: RecordForm<BookRecord>;
}

export interface RecordBookContext {
  records: BookRecord[];
  form: RecordForm<BookRecord>;
  draft: Draft;
  errors: Errors;
  /** Id of the record being edited; set in `editing` and `conflict`. */
  editingId: string | null;
  /** The record as it was when Edit was pressed: what this view's changes are based on. */
  editBase: BookRecord | null;
  /** In `conflict`: the stored version now (null when another tab deleted it). */
  theirs: BookRecord | null;
  /** The last replacement, for `syncDependents` (a renamed supplier renames its inventory items). */
  lastReplaced: { before: BookRecord; after: BookRecord } | null;
}

export type RecordBookEvent =
  /** Form input typed or chosen. */
  | { type: 'field.change'; field: string; value: string }
  /** Submit button of the form. */
  | { type: 'form.submit' }
  /** Cancel button of the form. */
  | { type: 'form.cancel' }
  /** Edit button on a card. */
  | { type: 'record.edit'; id: string }
  /** Delete button on a card (no confirmation, as the spec says for deletes). */
  | { type: 'record.delete'; id: string }
  /** Another tab saved the list (storage subscription), or this tab's save met newer data. */
  | { type: 'storage.change'; records: BookRecord[] }
  /** The storage refused a save of this record: another tab changed it at the same moment. */
  | { type: 'save.conflict'; mine: BookRecord; theirs: BookRecord | null }
  /** Conflict dialog: keep the version saved in the other tab, drop this form's changes. */
  | { type: 'conflict.keepTheirs' }
  /** Conflict dialog: save this form as it is over the other tab's version. */
  | { type: 'conflict.keepMine' }
  /** Conflict dialog: save the other tab's version with the fields chosen as mine taken from this form. */
  | { type: 'conflict.merge'; choices: Record<string, Side> };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const recordBookSecrets = { events: { 'field.change': [], 'record.edit': [], 'record.delete': [], 'storage.change': [], 'save.conflict': [], 'conflict.merge': [] } } as const satisfies SecretsOf<RecordBookEvent, RecordBookContext>;

const find = (context: Pick<RecordBookContext, 'records' | 'form'>, id: string | null) =>
  id === null ? undefined : context.records.find((r) => context.form.key(r) === id);

const sameDraft = (form: RecordForm<BookRecord>, a: BookRecord, b: BookRecord) => JSON.stringify(form.toDraft(a)) === JSON.stringify(form.toDraft(b));

/** True when the record under edit was changed or deleted elsewhere since Edit was pressed (the view shows a notice). */
export function isEditedElsewhere(context: RecordBookContext): boolean {
  if (context.editingId === null || context.editBase === null) return false;
  const current = find(context, context.editingId);
  return !current || !sameDraft(context.form, current, context.editBase);
}

export const recordBookMachine = setup({
  types: {
    context: {} as RecordBookContext,
    events: {} as RecordBookEvent,
    input: {} as RecordBookInput,
    tags: {} as 'editing' | 'conflict',
  },
  actions: {
    setField: assign({
      draft: ({ context, event }) => (event.type === 'field.change' ? { ...context.draft, [event.field]: event.value } : context.draft),
      errors: ({ context, event }) => {
        if (event.type !== 'field.change' || !(event.field in context.errors)) return context.errors;
        const { [event.field]: _cleared, ...rest } = context.errors;
        return rest;
      },
    }),
    setErrors: assign({
      errors: ({ context }) => context.form.validate(context.draft, context.records.filter((r) => context.form.key(r) !== context.editingId)),
    }),
    clearForm: assign({ draft: ({ context }) => context.form.empty(), errors: {}, editingId: null, editBase: null, theirs: null }),
    loadRecord: assign(({ context, event }) => {
      assertEvent(event, 'record.edit');
      const record = find(context, event.id)!;
      return { editingId: event.id, editBase: record, draft: context.form.toDraft(record), errors: {} };
    }),
    appendRecord: assign({
      records: ({ context }) => [...context.records, context.form.toRecord(context.draft, undefined, Date.now())],
    }),
    replaceRecord: assign(({ context }) => {
      const before = find(context, context.editingId)!;
      const after = context.form.toRecord(context.draft, before, Date.now());
      return { records: context.records.map((r) => (r === before ? after : r)), lastReplaced: { before, after } };
    }),
    /** Keep mine: this form over their version, or the record again if they deleted it. */
    writeMine: assign(({ context }) => {
      const theirs = find(context, context.editingId);
      if (!theirs) {
        const again = context.form.toRecord(context.draft, context.editBase ?? undefined, Date.now());
        return { records: [...context.records, again], lastReplaced: null };
      }
      const after = context.form.toRecord(context.draft, theirs, Date.now());
      return { records: context.records.map((r) => (r === theirs ? after : r)), lastReplaced: { before: theirs, after } };
    }),
    mergeDraft: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'conflict.merge');
        return mergeDrafts(context.draft, context.form.toDraft(context.theirs!), event.choices);
      },
    }),
    /** The form continues from their version: a Submit from here is no longer stale. */
    adoptTheirs: assign({ editBase: ({ context }) => context.theirs ?? context.editBase }),
    setTheirs: assign({ theirs: ({ context }) => find(context, context.editingId) ?? null }),
    loadConflict: assign(({ context, event }) => {
      assertEvent(event, 'save.conflict');
      const id = context.form.key(event.mine);
      // The stored list arrived just before (storage.change): their version is the one in it.
      return { editingId: id, editBase: event.theirs ?? event.mine, draft: context.form.toDraft(event.mine), errors: {}, theirs: find(context, id) ?? null };
    }),
    removeRecord: assign(({ context, event }) => {
      assertEvent(event, 'record.delete');
      return { records: context.records.filter((r) => context.form.key(r) !== event.id) };
    }),
    setRecords: assign({ records: ({ context, event }) => (event.type === 'storage.change' ? event.records : context.records) }),
    persistRecords: () => {
      throw new Error('recordBook: provide persistRecords');
    },
    syncDependents: () => {
      throw new Error('recordBook: provide syncDependents');
    },
  },
  guards: {
    isDraftValid: ({ context }) =>
      Object.keys(context.form.validate(context.draft, context.records.filter((r) => context.form.key(r) !== context.editingId))).length === 0,
    isEditStale: ({ context }) => isEditedElsewhere(context),
    hasRecord: ({ context, event }) => (event.type === 'record.edit' || event.type === 'record.delete') && find(context, event.id) !== undefined,
    isDeletingEdited: ({ context, event }) => event.type === 'record.delete' && event.id === context.editingId,
    hasTheirs: ({ context }) => context.theirs !== null,
    isMergeValid: ({ context, event }) => {
      if (event.type !== 'conflict.merge' || context.theirs === null) return false;
      const merged = mergeDrafts(context.draft, context.form.toDraft(context.theirs), event.choices);
      return Object.keys(context.form.validate(merged, context.records.filter((r) => context.form.key(r) !== context.editingId))).length === 0;
    },
  },
  actors: {
    watchStorage: fromCallback(() => {
      throw new Error('recordBook: provide watchStorage');
    }),
  },
}).createMachine({
  id: 'recordBook',
  meta: { secrets: recordBookSecrets },
  context: ({ input }) => ({
    records: input.records,
    form: input.form,
    draft: input.form.empty(),
    errors: {},
    editingId: null,
    editBase: null,
    theirs: null,
    lastReplaced: null,
  }),
  invoke: { id: 'storageSync', src: 'watchStorage' },
  on: {
    'field.change': { actions: 'setField' },
    'save.conflict': { target: '.conflict', actions: ['loadConflict'] },
  },
  initial: 'adding',
  states: {
    adding: {
      on: {
        'form.submit': [{ guard: 'isDraftValid', actions: ['appendRecord', 'persistRecords', 'clearForm'] }, { actions: 'setErrors' }],
        'form.cancel': { actions: 'clearForm' },
        'record.edit': { guard: 'hasRecord', target: 'editing', actions: 'loadRecord' },
        'record.delete': { guard: 'hasRecord', actions: ['removeRecord', 'persistRecords'] },
        'storage.change': { actions: 'setRecords' },
      },
    },
    editing: {
      tags: ['editing'],
      on: {
        'form.submit': [
          // Another tab changed or deleted this record since Edit: ask, never overwrite.
          { guard: 'isEditStale', target: 'conflict', actions: 'setTheirs' },
          { guard: 'isDraftValid', target: 'adding', actions: ['replaceRecord', 'persistRecords', 'syncDependents', 'clearForm'] },
          { actions: 'setErrors' },
        ],
        'form.cancel': { target: 'adding', actions: 'clearForm' },
        'record.edit': { guard: 'hasRecord', target: 'editing', reenter: true, actions: 'loadRecord' },
        'record.delete': [
          // Deleting the record under edit leaves edit mode: there is nothing left to replace.
          { guard: 'isDeletingEdited', target: 'adding', actions: ['removeRecord', 'persistRecords', 'clearForm'] },
          { guard: 'hasRecord', actions: ['removeRecord', 'persistRecords'] },
        ],
        // The draft being typed survives other tabs' saves; a change to this very record shows at Submit.
        'storage.change': { actions: 'setRecords' },
      },
    },
    conflict: {
      tags: ['editing', 'conflict'],
      on: {
        'conflict.keepTheirs': { target: 'adding', actions: 'clearForm' },
        'conflict.keepMine': [
          { guard: 'isDraftValid', target: 'adding', actions: ['writeMine', 'persistRecords', 'syncDependents', 'clearForm'] },
          // Mine no longer passes validation (another tab's record took my Supplier ID): back to the form to fix it.
          { target: 'editing', actions: ['adoptTheirs', 'setErrors'] },
        ],
        'conflict.merge': [
          { guard: 'isMergeValid', target: 'adding', actions: ['mergeDraft', 'writeMine', 'persistRecords', 'syncDependents', 'clearForm'] },
          { guard: 'hasTheirs', target: 'editing', actions: ['mergeDraft', 'adoptTheirs', 'setErrors'] },
        ],
        'storage.change': { actions: ['setRecords', 'setTheirs'] },
      },
    },
  },
});
