/**
 * A record-book actor for one collection, with its side effects: saves by id and revision (a
 * failed write is kept and retried; another tab's simultaneous change becomes the machine's
 * conflict), `syncDependents` (a renamed supplier renames its inventory items) and the cross-tab
 * watcher.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromCallback, type ActorRefFrom } from 'xstate';
import type { RecordForm } from '../../domain/inventoryRecords';
import {
  isEditedElsewhere,
  recordBookMachine,
  type BookRecord,
  type RecordBookEvent,
} from '../../machines/records/recordBook.machine';
import type { CollectionAccessor } from '../../storage/collection';
import { employeesStore, suppliersStore } from '../../storage/keys';
import { createPersister, handConflicts, type Persister } from '../shell/persister';
import { draftStore, type DraftForm } from '../../storage/drafts';
import { notify } from '../../views/shell/toaster';
import { inspect } from '../../views/shell/inspector';
import { useConflict } from '../conflict/useConflict';
import { fieldWarning, isDirty, recordConflict } from '../../machines/records/recordBook.connect';

export type RecordBookRef = ActorRefFrom<typeof recordBookMachine>;

/** The collection each record book saves to, by the name its draft is kept under. */
const bookStores = { suppliers: suppliersStore, employees: employeesStore };

export interface RecordBookSetup<R extends BookRecord> {
  form: RecordForm<R>;
  /** After a replacement, update what depends on the record (`records`: the whole list after it). */
  onReplaced?: (before: R, after: R, records: readonly R[]) => void;
  label: string;
  /** What one record is called in messages ('supplier Acme'). */
  name: (record: R) => string;
  /** The collection, which is also where the form's draft is kept (issue 25). */
  draft: Extract<DraftForm, 'suppliers' | 'employees'>;
}

export function useRecordBook<R extends BookRecord>({
  form,
  onReplaced,
  label,
  name,
  draft,
}: RecordBookSetup<R>): RecordBookRef {
  const store = bookStores[draft] as unknown as CollectionAccessor<R>;
  const [input] = useState(() => {
    const saved = draftStore(draft).read();
    const asDraft = (values: object) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
    return {
      records: store.read() as BookRecord[],
      form: form as RecordForm<BookRecord>,
      saved: saved
        ? {
            values: asDraft(saved.values),
            recordId: saved.recordId ?? null,
            base: saved.base ? asDraft(saved.base) : null,
          }
        : null,
    };
  });
  const [link] = useState(() => {
    const state: { send: ((event: RecordBookEvent) => void) | null; persister: Persister<R> } = {
      send: null,
      persister: null as never,
    };
    state.persister = createPersister(store, input.records as R[], {
      label,
      onConflicts: handConflicts(
        (stored) => state.send?.({ type: 'storage.change', records: stored }),
        (mine, theirs) => state.send?.({ type: 'save.conflict', mine, theirs }),
        name,
      ),
    });
    return state;
  });
  const machine = useMemo(
    () =>
      recordBookMachine.provide({
        actions: {
          persistRecords: ({ context, self }) => {
            link.send = (event) => self.send(event);
            link.persister.save(context.records as R[]);
          },
          persistDraft: ({ context }) =>
            void draftStore(draft).write({
              values: { ...context.draft },
              recordId: context.editingId,
              base: context.editBase ? { ...context.form.toDraft(context.editBase) } : null,
              savedAt: Date.now(),
            }),
          discardDraft: () => void draftStore(draft).remove(),
          notifyDraftDropped: () =>
            void notify({
              type: 'warning',
              title: 'Unsaved edit dropped',
              description: `An unsaved edit on ${label} was not restored: its record was changed or deleted since.`,
              duration: 10_000,
            }),
          syncDependents: ({ context }) => {
            if (context.lastReplaced && onReplaced)
              onReplaced(context.lastReplaced.before as R, context.lastReplaced.after as R, context.records as R[]);
          },
        },
        actors: {
          watchStorage: fromCallback(({ sendBack }) =>
            store.subscribe((records) => {
              link.persister.rebase(records);
              sendBack({ type: 'storage.change', records });
            }),
          ),
        },
      }),
    // The page's setup is fixed for its lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  useEffect(() => () => link.persister.stop(), [link]);
  return useActorRef(machine, { input, inspect });
}

/** Narrow selectors and the small api the record-book views use. */
export function useRecordBookView(ref: RecordBookRef) {
  const editing = useSelector(ref, (s) => s.hasTag('editing'));
  const changedElsewhere = useSelector(ref, (s) => s.matches('editing') && isEditedElsewhere(s.context));
  return {
    editing,
    changedElsewhere,
    submit: () => ref.send({ type: 'form.submit' }),
    cancel: () => ref.send({ type: 'form.cancel' }),
    /** Issue 25: the form's values came from its saved draft. */
    draftRestored: useSelector(ref, (s) => s.context.draftRestored),
    /** Typed and not saved (asked about before leaving the page). */
    dirty: useSelector(ref, isDirty),
    discardDraft: () => ref.send({ type: 'draft.discard' }),
  };
}

/** The conflict dialog's view of the machine: what differs, and the three ways out. */
export const useRecordConflict = (ref: RecordBookRef) => useConflict(ref, recordConflict);

/** A field's non-blocking warning (issue 11: a supplier name another supplier already has), from the form's `warn`. */
export function useFieldWarning(ref: RecordBookRef, field: string): string | undefined {
  return useSelector(ref, (s) => fieldWarning(s, field));
}
