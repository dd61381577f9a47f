/**
 * The delete-confirmation actor of a record-book page (issue 11): Delete on a card asks the page how
 * many records point at this one; with none it deletes at once, otherwise the dialog asks first and
 * only Delete there releases the dependents and deletes the record from the book.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { deleteConfirmMachine, type PendingDelete } from '../../machines/records/deleteConfirm.machine';
import { inspect } from '../../views/shell/inspector';
import type { RecordBookRef } from './useRecordBook';

export type DeleteConfirmRef = ActorRefFrom<typeof deleteConfirmMachine>;

export function useDeleteConfirm(book: RecordBookRef, release: (pending: PendingDelete) => void): DeleteConfirmRef {
  const machine = useMemo(
    () =>
      deleteConfirmMachine.provide({
        actions: {
          deleteRecord: ({ context }) => {
            if (context.pending) book.send({ type: 'record.delete', id: context.pending.id });
          },
          releaseDependents: ({ context }) => {
            if (context.pending) release(context.pending);
          },
        },
      }),
    // The page's setup is fixed for its lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [book],
  );
  return useActorRef(machine, { inspect });
}

/** The dialog's view: open, what it asks about, and its two buttons. */
export function useDeleteConfirmView(ref: DeleteConfirmRef) {
  return {
    open: useSelector(ref, (s) => s.hasTag('confirm delete')),
    pending: useSelector(ref, (s) => s.context.pending),
    confirm: () => ref.send({ type: 'delete.confirm' }),
    cancel: () => ref.send({ type: 'delete.cancel' }),
  };
}
