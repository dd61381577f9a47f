/**
 * The changes kept while storage was full (issue 25, item 12), offered back on every signed-in page:
 * the pendingChanges actor with its effects (the account's entries of src/storage/pendingStore.ts,
 * not those a writer on this screen is still retrying itself; the retry; the download; the toasts).
 * Only the signed-in account's changes are listed: another account on this browser never sees them.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import {
  pendingChangesMachine,
  type PendingChange,
  type RetryResult,
} from '../../machines/storage/pendingChanges.machine';
import type { PendingStore } from '../../storage/pendingStore';
import { downloadBlob } from '../dashboard/useExportActor';
import { notify } from '../../views/shell/toaster';
import { inspect } from '../../views/shell/inspector';
import { pendingStoreInUse } from './persister';
import { useAuthRef } from '../auth/AuthContext';

export type PendingChangesRef = ActorRefFrom<typeof pendingChangesMachine>;

/** The file a kept change downloads as: `pending-change-<key>-<date>.json`. */
export function pendingFileName(change: PendingChange): string {
  const day = new Date(change.keptAt).toISOString().slice(0, 10);
  return `pending-change-${change.key.replace(/[^A-Za-z0-9-]+/g, '-')}-${day}.json`;
}

/** What the download holds: what it was, for which key, when, and the change itself. */
export function pendingFileText(change: PendingChange): string {
  return JSON.stringify(
    {
      label: change.label,
      key: change.key,
      keptAt: new Date(change.keptAt).toISOString(),
      change: change.next,
      changedFrom: change.base,
    },
    null,
    2,
  );
}

function listOf(store: PendingStore, owner: string) {
  return store.list(owner).then((changes) => changes.filter((c) => !store.isLive(c.id)));
}

export function pendingChangesLogic(store: PendingStore, owner: string) {
  return pendingChangesMachine.provide({
    actions: {
      downloadChange: (_, { change }) =>
        downloadBlob(new Blob([pendingFileText(change)], { type: 'application/json' }), pendingFileName(change)),
      notifySaved: (_, { change }) =>
        notify({
          type: 'success',
          title: `${change.label} saved`,
          description: 'The change that could not be saved earlier is saved now.',
        }),
      notifyDiscarded: (_, { change }) => notify({ type: 'info', title: `${change.label}: change discarded` }),
    },
    actors: {
      list: fromPromise<PendingChange[]>(() => listOf(store, owner)),
      retry: fromPromise<RetryResult, { change: PendingChange }>(({ input }) => store.retry(input.change)),
      discard: fromPromise<void, { change: PendingChange }>(({ input }) => store.forget(input.change.id)),
      watch: fromCallback(({ sendBack }) => {
        let stopped = false;
        const stop = store.subscribe(() => {
          void listOf(store, owner)
            .then((changes) => !stopped && sendBack({ type: 'pending.changed', changes }))
            .catch(() => {});
        });
        return () => {
          stopped = true;
          stop();
        };
      }),
    },
  });
}

/** The signed-in account's user id (whose data set the plain keys hold), else null (signed out, or still checking). */
export function useSignedInAccount(): string | null {
  return useSelector(useAuthRef(), (s) => (s.hasTag('signedIn') ? (s.context.user?.id ?? null) : null));
}

/** The signed-in account's kept changes (`owner`: its user id; the caller mounts anew, by key, for another account). */
export function usePendingChanges(owner: string) {
  const [logic] = useState(() => pendingChangesLogic(pendingStoreInUse(), owner));
  const ref = useActorRef(logic, { inspect });
  const changes = useSelector(ref, (s) => s.context.changes);
  const notes = useSelector(ref, (s) => s.context.notes);
  const problem = useSelector(ref, (s) => s.context.problem);
  const busyId = useSelector(ref, (s) => (s.hasTag('busy') ? (s.context.selected?.id ?? null) : null));
  const confirming = useSelector(ref, (s) => (s.hasTag('confirm discard') ? s.context.selected : null));
  return useMemo(
    () => ({
      changes,
      notes,
      problem,
      busyId,
      confirming,
      retry: (id: string) => ref.send({ type: 'change.retry', id }),
      download: (id: string) => ref.send({ type: 'change.download', id }),
      discard: (id: string) => ref.send({ type: 'change.discard', id }),
      confirmDiscard: () => ref.send({ type: 'discard.confirm' }),
      cancelDiscard: () => ref.send({ type: 'discard.cancel' }),
    }),
    [changes, notes, problem, busyId, confirming, ref],
  );
}
