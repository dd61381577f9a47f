/**
 * Record book: the form and card list of the Supplier and Employee pages (spec section 4). In
 * `adding` a valid Submit appends a record; Edit on a card enters `editing` with that record's id,
 * where a valid Submit replaces it and returns to `adding`. Cancel clears the form and leaves edit
 * mode. Records are found by id, never by position, so another tab's deletes cannot shift the edit
 * onto a stranger. If another tab changed or deleted the record while it was being edited, Submit
 * goes to `conflict`, where the caterer keeps theirs, keeps mine, or merges field by field. What a
 * record looks like (empty form, validation, conversion) comes in through `input.form`.
 *
 * Drafts (issue 25): the form's values are kept as they are typed (`persistDraft`, with the id of
 * the record under edit and its values when editing began) and come back through `input.saved`
 * after a reload or a visit elsewhere ("Draft restored."). A saved edit goes back into `editing`
 * (from the transient `restoring`) only while its record is unchanged; otherwise it is dropped
 * (`discardDraft`) and the caterer told (`notifyDraftDropped`). Discard draft, Cancel, Edit on another
 * card and a successful Submit drop the draft.
 */
import { assertEvent, assign, fromCallback, setup } from 'xstate';
import { mergeDrafts, type Side } from '../../domain/conflict';
import type { Draft, Errors, RecordForm } from '../../domain/inventoryRecords';
import type { SecretsOf } from '../../domain/inspection';
import { applicableEditDraft } from '../../domain/drafts';

/** A saved draft of the form: the values typed and, when a record was under edit, its id and its values then. */
export interface SavedBookDraft {
  values: Draft;
  recordId?: string | null;
  base?: Draft | null;
}

export type BookRecord = object;

export interface RecordBookInput {
  records: BookRecord[];
  form: RecordForm<BookRecord>;
  /** The form's saved draft (issue 25). */
  saved?: SavedBookDraft | null;
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
  /** The form's values came from its saved draft (issue 25). */
  draftRestored: boolean;
  /** Until the page has opened: a saved draft of an edit (then null). */
  savedEdit: SavedBookDraft | null;
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
  | { type: 'conflict.merge'; choices: Record<string, Side> }
  /** The Discard draft button: an empty form, or the record's stored values while editing. */
  | { type: 'draft.discard' };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const recordBookSecrets = {
  events: {
    'field.change': [],
    'record.edit': [],
    'record.delete': [],
    'storage.change': [],
    'save.conflict': [],
    'conflict.merge': [],
  },
} as const satisfies SecretsOf<RecordBookEvent, RecordBookContext>;

const find = (context: Pick<RecordBookContext, 'records' | 'form'>, id: string | null) =>
  id === null ? undefined : context.records.find((r) => context.form.key(r) === id);

const sameDraft = (form: RecordForm<BookRecord>, a: BookRecord, b: BookRecord) =>
  JSON.stringify(form.toDraft(a)) === JSON.stringify(form.toDraft(b));

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
      draft: ({ context, event }) =>
        event.type === 'field.change' ? { ...context.draft, [event.field]: event.value } : context.draft,
      errors: ({ context, event }) => {
        if (event.type !== 'field.change' || !(event.field in context.errors)) return context.errors;
        const { [event.field]: _cleared, ...rest } = context.errors;
        return rest;
      },
    }),
    setErrors: assign({
      errors: ({ context }) =>
        context.form.validate(
          context.draft,
          context.records.filter((r) => context.form.key(r) !== context.editingId),
        ),
    }),
    clearForm: assign({
      draft: ({ context }) => context.form.empty(),
      errors: {},
      editingId: null,
      editBase: null,
      theirs: null,
      draftRestored: false,
    }),
    /** Issue 25: the saved draft of an edit, on its (unchanged) record. */
    loadSavedEdit: assign(({ context }) => {
      const saved = context.savedEdit!;
      const record = find(context, saved.recordId ?? null)!;
      return {
        editingId: saved.recordId!,
        editBase: record,
        draft: { ...context.form.toDraft(record), ...saved.values },
        errors: {},
        draftRestored: true,
        savedEdit: null,
      };
    }),
    forgetSavedEdit: assign({ savedEdit: () => null }),
    /** Discard draft while editing: the record's stored values again. */
    reloadRecord: assign(({ context }) => ({
      draft: context.editBase ? context.form.toDraft(context.editBase) : context.draft,
      errors: {},
      draftRestored: false,
    })),
    loadRecord: assign(({ context, event }) => {
      assertEvent(event, 'record.edit');
      const record = find(context, event.id)!;
      return {
        editingId: event.id,
        editBase: record,
        draft: context.form.toDraft(record),
        errors: {},
        draftRestored: false,
      };
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
      return {
        records: context.records.map((r) => (r === theirs ? after : r)),
        lastReplaced: { before: theirs, after },
      };
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
      return {
        editingId: id,
        editBase: event.theirs ?? event.mine,
        draft: context.form.toDraft(event.mine),
        errors: {},
        theirs: find(context, id) ?? null,
      };
    }),
    removeRecord: assign(({ context, event }) => {
      assertEvent(event, 'record.delete');
      return { records: context.records.filter((r) => context.form.key(r) !== event.id) };
    }),
    setRecords: assign({
      records: ({ context, event }) => (event.type === 'storage.change' ? event.records : context.records),
    }),
    persistRecords: () => {
      throw new Error('recordBook: provide persistRecords');
    },
    syncDependents: () => {
      throw new Error('recordBook: provide syncDependents');
    },
    /** Keeps the form's values as its draft (provided: src/storage drafts). */
    persistDraft: () => {
      throw new Error('recordBook: provide persistDraft');
    },
    discardDraft: () => {
      throw new Error('recordBook: provide discardDraft');
    },
    /** Tells the caterer a saved draft of an edit was dropped: its record changed or was deleted since. */
    notifyDraftDropped: () => {
      throw new Error('recordBook: provide notifyDraftDropped');
    },
  },
  guards: {
    isSavedEditApplicable: ({ context }) =>
      applicableEditDraft(context.savedEdit, (id) => {
        const record = find(context, id);
        return record ? context.form.toDraft(record) : undefined;
      }).status === 'ok',
    hasSavedEdit: ({ context }) => context.savedEdit !== null,
    isDraftValid: ({ context }) =>
      Object.keys(
        context.form.validate(
          context.draft,
          context.records.filter((r) => context.form.key(r) !== context.editingId),
        ),
      ).length === 0,
    isEditStale: ({ context }) => isEditedElsewhere(context),
    hasRecord: ({ context, event }) =>
      (event.type === 'record.edit' || event.type === 'record.delete') && find(context, event.id) !== undefined,
    isDeletingEdited: ({ context, event }) => event.type === 'record.delete' && event.id === context.editingId,
    hasTheirs: ({ context }) => context.theirs !== null,
    isMergeValid: ({ context, event }) => {
      if (event.type !== 'conflict.merge' || context.theirs === null) return false;
      const merged = mergeDrafts(context.draft, context.form.toDraft(context.theirs), event.choices);
      return (
        Object.keys(
          context.form.validate(
            merged,
            context.records.filter((r) => context.form.key(r) !== context.editingId),
          ),
        ).length === 0
      );
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
    draft: input.saved && !input.saved.recordId ? { ...input.form.empty(), ...input.saved.values } : input.form.empty(),
    errors: {},
    editingId: null,
    editBase: null,
    theirs: null,
    lastReplaced: null,
    draftRestored: !!input.saved && !input.saved.recordId,
    savedEdit: input.saved?.recordId ? input.saved : null,
  }),
  invoke: { id: 'storageSync', src: 'watchStorage' },
  on: {
    'field.change': { actions: ['setField', 'persistDraft'] },
    'save.conflict': { target: '.conflict', actions: ['loadConflict'] },
  },
  initial: 'restoring',
  states: {
    // Transient (issue 25): a saved draft of an edit goes back to editing its record, if that record is unchanged.
    restoring: {
      always: [
        { guard: 'isSavedEditApplicable', target: 'editing', actions: 'loadSavedEdit' },
        { guard: 'hasSavedEdit', target: 'adding', actions: ['forgetSavedEdit', 'discardDraft', 'notifyDraftDropped'] },
        { target: 'adding' },
      ],
    },
    adding: {
      on: {
        'form.submit': [
          { guard: 'isDraftValid', actions: ['appendRecord', 'persistRecords', 'clearForm', 'discardDraft'] },
          { actions: 'setErrors' },
        ],
        'form.cancel': { actions: ['clearForm', 'discardDraft'] },
        'draft.discard': { actions: ['clearForm', 'discardDraft'] },
        'record.edit': { guard: 'hasRecord', target: 'editing', actions: ['loadRecord', 'discardDraft'] },
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
          {
            guard: 'isDraftValid',
            target: 'adding',
            actions: ['replaceRecord', 'persistRecords', 'syncDependents', 'clearForm', 'discardDraft'],
          },
          { actions: 'setErrors' },
        ],
        'form.cancel': { target: 'adding', actions: ['clearForm', 'discardDraft'] },
        'draft.discard': { actions: ['reloadRecord', 'discardDraft'] },
        'record.edit': {
          guard: 'hasRecord',
          target: 'editing',
          reenter: true,
          actions: ['loadRecord', 'discardDraft'],
        },
        'record.delete': [
          // Deleting the record under edit leaves edit mode: there is nothing left to replace.
          {
            guard: 'isDeletingEdited',
            target: 'adding',
            actions: ['removeRecord', 'persistRecords', 'clearForm', 'discardDraft'],
          },
          { guard: 'hasRecord', actions: ['removeRecord', 'persistRecords'] },
        ],
        // The draft being typed survives other tabs' saves; a change to this very record shows at Submit.
        'storage.change': { actions: 'setRecords' },
      },
    },
    conflict: {
      tags: ['editing', 'conflict'],
      on: {
        'conflict.keepTheirs': { target: 'adding', actions: ['clearForm', 'discardDraft'] },
        'conflict.keepMine': [
          {
            guard: 'isDraftValid',
            target: 'adding',
            actions: ['writeMine', 'persistRecords', 'syncDependents', 'clearForm', 'discardDraft'],
          },
          // Mine no longer passes validation (another tab's record took my Supplier ID): back to the form to fix it.
          { target: 'editing', actions: ['adoptTheirs', 'setErrors'] },
        ],
        'conflict.merge': [
          {
            guard: 'isMergeValid',
            target: 'adding',
            actions: ['mergeDraft', 'writeMine', 'persistRecords', 'syncDependents', 'clearForm', 'discardDraft'],
          },
          { guard: 'hasTheirs', target: 'editing', actions: ['mergeDraft', 'adoptTheirs', 'setErrors'] },
        ],
        'storage.change': { actions: ['setRecords', 'setTheirs'] },
      },
    },
  },
});
