/**
 * A record-book actor for one storage key, with its side effects: writes (error toast on failure),
 * `syncDependents` (a renamed supplier renames its inventory items) and the cross-tab watcher.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromCallback, type ActorRefFrom } from 'xstate';
import type { RecordForm } from '../../domain/inventoryRecords';
import { recordBookMachine, type BookRecord } from '../../machines/records/recordBook.machine';
import type { KeyAccessor } from '../../storage/store';
import { notify } from '../shell/toaster';

export type RecordBookRef = ActorRefFrom<typeof recordBookMachine>;

export interface RecordBookSetup<R extends BookRecord> {
  store: KeyAccessor<R[]>;
  form: RecordForm<R>;
  /** Normalises what is read from storage (e.g. gives employees ids). */
  hydrate?: (records: R[]) => R[];
  /** After a replacement, update what depends on the record. */
  onReplaced?: (before: R, after: R) => void;
  label: string;
}

export function useRecordBook<R extends BookRecord>({ store, form, hydrate = (r) => r, onReplaced, label }: RecordBookSetup<R>): RecordBookRef {
  const machine = useMemo(
    () =>
      recordBookMachine.provide({
        actions: {
          persistRecords: ({ context }) => {
            const result = store.write(context.records as R[]);
            if (!result.ok) notify({ type: 'error', title: `${label} not saved`, description: result.error.message });
          },
          syncDependents: ({ context }) => {
            if (context.lastReplaced && onReplaced) onReplaced(context.lastReplaced.before as R, context.lastReplaced.after as R);
          },
        },
        actors: {
          watchStorage: fromCallback(({ sendBack }) => store.subscribe((records) => sendBack({ type: 'storage.change', records: hydrate(records) }))),
        },
      }),
    // The page's setup is fixed for its lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [input] = useState(() => ({ records: hydrate(store.read()), form: form as RecordForm<BookRecord> }));
  return useActorRef(machine, { input });
}

/** Narrow selectors and the small api the record-book views use. */
export function useRecordBookView(ref: RecordBookRef) {
  const editing = useSelector(ref, (s) => s.hasTag('editing'));
  return {
    editing,
    submit: () => ref.send({ type: 'form.submit' }),
    cancel: () => ref.send({ type: 'form.cancel' }),
  };
}
