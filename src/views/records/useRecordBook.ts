/**
 * A record-book actor for one collection, with its side effects: saves by id and revision (a
 * failed write is kept and retried; another tab's simultaneous change becomes the machine's
 * conflict), `syncDependents` (a renamed supplier renames its inventory items) and the cross-tab
 * watcher.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromCallback, type ActorRefFrom } from 'xstate';
import { defaultChoices, differences, type Side } from '../../domain/conflict';
import type { RecordForm } from '../../domain/inventoryRecords';
import { isEditedElsewhere, recordBookMachine, type BookRecord, type RecordBookEvent } from '../../machines/records/recordBook.machine';
import type { CollectionAccessor } from '../../storage/collection';
import { createPersister, handConflicts, type Persister } from '../shell/persister';
import { inspect } from '../shell/inspector';

export type RecordBookRef = ActorRefFrom<typeof recordBookMachine>;

export interface RecordBookSetup<R extends BookRecord> {
  store: CollectionAccessor<R>;
  form: RecordForm<R>;
  /** After a replacement, update what depends on the record (`records`: the whole list after it). */
  onReplaced?: (before: R, after: R, records: readonly R[]) => void;
  label: string;
  /** What one record is called in messages ('supplier Acme'). */
  name: (record: R) => string;
}

export function useRecordBook<R extends BookRecord>({ store, form, onReplaced, label, name }: RecordBookSetup<R>): RecordBookRef {
  const [input] = useState(() => ({ records: store.read() as BookRecord[], form: form as RecordForm<BookRecord> }));
  const [link] = useState(() => {
    const state: { send: ((event: RecordBookEvent) => void) | null; persister: Persister<R> } = { send: null, persister: null as never };
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
          syncDependents: ({ context }) => {
            if (context.lastReplaced && onReplaced) onReplaced(context.lastReplaced.before as R, context.lastReplaced.after as R, context.records as R[]);
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
  };
}

/** The conflict dialog's view of the machine: what differs, and the three ways out. */
export function useRecordConflict(ref: RecordBookRef) {
  const open = useSelector(ref, (s) => s.hasTag('conflict'));
  const theirs = useSelector(ref, (s) => s.context.theirs);
  const draft = useSelector(ref, (s) => s.context.draft);
  const editBase = useSelector(ref, (s) => s.context.editBase);
  const form = useSelector(ref, (s) => s.context.form);
  const diffs = useMemo(
    () => (open && theirs ? differences(editBase ? form.toDraft(editBase) : draft, draft, form.toDraft(theirs)) : []),
    [open, theirs, draft, editBase, form],
  );
  return {
    open,
    deletedElsewhere: open && theirs === null,
    diffs,
    initialChoices: useMemo(() => defaultChoices(diffs), [diffs]),
    keepTheirs: () => ref.send({ type: 'conflict.keepTheirs' }),
    keepMine: () => ref.send({ type: 'conflict.keepMine' }),
    merge: (choices: Record<string, Side>) => ref.send({ type: 'conflict.merge', choices }),
  };
}

/** A field's non-blocking warning (issue 11: a supplier name another supplier already has), from the form's `warn`. */
export function useFieldWarning(ref: RecordBookRef, field: string): string | undefined {
  return useSelector(ref, (s) => {
    const { form, draft, records, editingId } = s.context;
    if (!form.warn) return undefined;
    return form.warn(draft, records.filter((r) => form.key(r) !== editingId))[field];
  });
}
