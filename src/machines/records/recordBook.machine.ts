/**
 * Record book: the form and card list of the Supplier and Employee pages (spec section 4). In
 * `adding` a valid Submit appends a record; Edit on a card enters `editing` with that record's index,
 * where a valid Submit replaces it and returns to `adding`. Cancel clears the form and leaves edit
 * mode. What a record looks like (empty form, validation, conversion) comes in through `input.form`.
 */
import { assign, fromCallback, setup } from 'xstate';
import type { Draft, Errors, RecordForm } from '../../domain/inventoryRecords';

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
  /** Index of the record being edited; set only in `editing`. */
  editingIndex: number | null;
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
  | { type: 'record.edit'; index: number }
  /** Delete button on a card (no confirmation, as the spec says for deletes). */
  | { type: 'record.delete'; index: number }
  /** Another tab saved the list (storage subscription). */
  | { type: 'storage.change'; records: BookRecord[] };

export const recordBookMachine = setup({
  types: {
    context: {} as RecordBookContext,
    events: {} as RecordBookEvent,
    input: {} as RecordBookInput,
    tags: {} as 'editing',
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
    setErrors: assign({ errors: ({ context }) => context.form.validate(context.draft) }),
    clearForm: assign({ draft: ({ context }) => context.form.empty(), errors: {}, editingIndex: null }),
    loadRecord: assign(({ context, event }) => {
      if (event.type !== 'record.edit') return {};
      return { editingIndex: event.index, draft: context.form.toDraft(context.records[event.index]!), errors: {} };
    }),
    appendRecord: assign({
      records: ({ context }) => [...context.records, context.form.toRecord(context.draft, undefined, Date.now())],
    }),
    replaceRecord: assign(({ context }) => {
      const index = context.editingIndex!;
      const before = context.records[index]!;
      const after = context.form.toRecord(context.draft, before, Date.now());
      return { records: context.records.map((r, i) => (i === index ? after : r)), lastReplaced: { before, after } };
    }),
    removeRecord: assign(({ context, event }) => {
      if (event.type !== 'record.delete') return {};
      const editingIndex = context.editingIndex !== null && event.index < context.editingIndex ? context.editingIndex - 1 : context.editingIndex;
      return { records: context.records.filter((_, i) => i !== event.index), editingIndex };
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
    isDraftValid: ({ context }) => Object.keys(context.form.validate(context.draft)).length === 0,
    hasRecordAt: ({ context, event }) =>
      (event.type === 'record.edit' || event.type === 'record.delete') && event.index >= 0 && event.index < context.records.length,
    isDeletingEdited: ({ context, event }) => event.type === 'record.delete' && event.index === context.editingIndex,
    isEditedRecordGone: ({ context, event }) =>
      event.type === 'storage.change' && (context.editingIndex === null || context.editingIndex >= event.records.length),
  },
  actors: {
    watchStorage: fromCallback(() => {
      throw new Error('recordBook: provide watchStorage');
    }),
  },
}).createMachine({
  id: 'recordBook',
  context: ({ input }) => ({
    records: input.records,
    form: input.form,
    draft: input.form.empty(),
    errors: {},
    editingIndex: null,
    lastReplaced: null,
  }),
  invoke: { id: 'storageSync', src: 'watchStorage' },
  on: {
    'field.change': { actions: 'setField' },
    'record.edit': { guard: 'hasRecordAt', target: '.editing', actions: 'loadRecord' },
  },
  initial: 'adding',
  states: {
    adding: {
      on: {
        'form.submit': [{ guard: 'isDraftValid', actions: ['appendRecord', 'persistRecords', 'clearForm'] }, { actions: 'setErrors' }],
        'form.cancel': { actions: 'clearForm' },
        'record.delete': { guard: 'hasRecordAt', actions: ['removeRecord', 'persistRecords'] },
        'storage.change': { actions: 'setRecords' },
      },
    },
    editing: {
      tags: ['editing'],
      on: {
        'form.submit': [
          { guard: 'isDraftValid', target: 'adding', actions: ['replaceRecord', 'persistRecords', 'syncDependents', 'clearForm'] },
          { actions: 'setErrors' },
        ],
        'form.cancel': { target: 'adding', actions: 'clearForm' },
        'record.delete': [
          // Deleting the record under edit leaves edit mode: there is nothing left to replace.
          { guard: 'isDeletingEdited', target: 'adding', actions: ['removeRecord', 'persistRecords', 'clearForm'] },
          { guard: 'hasRecordAt', actions: ['removeRecord', 'persistRecords'] },
        ],
        'storage.change': [
          // Another tab removed the record under edit: leave edit mode rather than replace a stranger.
          { guard: 'isEditedRecordGone', target: 'adding', actions: ['setRecords', 'clearForm'] },
          { actions: 'setRecords' },
        ],
      },
    },
  },
});
