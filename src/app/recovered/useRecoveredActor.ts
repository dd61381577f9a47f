/**
 * The Recovered data actor with its side effects (put back and discard through src/storage, the
 * download, the toasts, the storage watcher), and the narrow selectors and small api its views use.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { discardedTitle, putBackTitle, recoveredFileName } from '../../domain/recoveredInfo';
import { recoveredMachine, type PutBackInput } from '../../machines/recovered/recovered.machine';
import { listRecovered, type RecoveredEntry } from '../../storage/recovered';
import {
  checkRecovered,
  discard,
  putBack,
  watchRecovered,
  type DiscardResult,
  type PutBackResult,
} from '../../storage/recoveredActions';
import { downloadBlob } from '../dashboard/useExportActor';
import { notify } from '../../views/shell/toaster';
import { inspect } from '../../views/shell/inspector';

export type RecoveredRef = ActorRefFrom<typeof recoveredMachine>;

const implementation = recoveredMachine.provide({
  actions: {
    downloadEntry: (_, { entry }) =>
      downloadBlob(new Blob([entry.text], { type: 'application/octet-stream' }), recoveredFileName(entry)),
    notifyPutBack: (_, { entry, result }) => {
      if (result.ok) notify({ type: 'success', title: putBackTitle(entry, result) });
    },
    notifyDiscarded: (_, { entry }) => notify({ type: 'info', title: discardedTitle(entry) }),
  },
  actors: {
    putBack: fromPromise<PutBackResult, PutBackInput>(async ({ input }) =>
      putBack(input.entry, input.text, { replace: input.replace }),
    ),
    discard: fromPromise<DiscardResult, { entry: RecoveredEntry }>(async ({ input }) => discard(input.entry)),
    watchStorage: fromCallback(({ sendBack }) =>
      watchRecovered(() => sendBack({ type: 'storage.change', entries: listRecovered() })),
    ),
  },
});

export function useRecoveredActor(): RecoveredRef {
  const [input] = useState(() => ({ entries: listRecovered(), check: checkRecovered }));
  return useActorRef(implementation, { input, inspect });
}

export function useRecoveredEntries(ref: RecoveredRef) {
  return useSelector(ref, (s) => s.context.entries);
}

export type CardMode = 'idle' | 'viewing' | 'editing';

/** One entry's card: what it shows and what its buttons do. */
export function useEntryCard(ref: RecoveredRef, entryKey: string) {
  const mode = useSelector(ref, (s): CardMode => {
    if (s.context.selected?.entryKey !== entryKey) return 'idle';
    if (s.hasTag('viewing')) return 'viewing';
    return s.hasTag('editing') ? 'editing' : 'idle';
  });
  const canView = useSelector(ref, (s) => s.can({ type: 'entry.view', entryKey }));
  const canEdit = useSelector(ref, (s) => s.can({ type: 'entry.edit', entryKey }));
  const canDiscard = useSelector(ref, (s) => s.can({ type: 'entry.discard', entryKey }));
  return useMemo(
    () => ({
      mode,
      canView: canView || mode === 'viewing',
      canEdit,
      canDiscard,
      toggleView: () => ref.send(mode === 'viewing' ? { type: 'view.close' } : { type: 'entry.view', entryKey }),
      edit: () => ref.send({ type: 'entry.edit', entryKey }),
      discard: () => ref.send({ type: 'entry.discard', entryKey }),
      download: () => ref.send({ type: 'entry.download', entryKey }),
    }),
    [mode, canView, canEdit, canDiscard, ref, entryKey],
  );
}

/** The edit form of the selected entry. */
export function useEditor(ref: RecoveredRef) {
  const draft = useSelector(ref, (s) => s.context.draft);
  const validation = useSelector(ref, (s) => s.context.validation);
  const refusal = useSelector(ref, (s) => (s.hasTag('refused') && s.hasTag('editing') ? s.context.refusal : null));
  const idTaken = useSelector(ref, (s) => s.hasTag('id taken'));
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const canPutBack = useSelector(ref, (s) => s.can({ type: 'edit.putBack' }));
  return useMemo(
    () => ({
      draft,
      valid: validation?.ok === true,
      reason: validation && !validation.ok ? validation.reason : null,
      refusal,
      idTaken,
      busy,
      canPutBack,
      change: (text: string) => ref.send({ type: 'draft.change', text }),
      putBack: () => ref.send({ type: 'edit.putBack' }),
      replace: () => ref.send({ type: 'edit.replace' }),
      cancel: () => ref.send({ type: 'edit.cancel' }),
    }),
    [draft, validation, refusal, idTaken, busy, canPutBack, ref],
  );
}

/** The discard confirmation. */
export function useDiscardConfirmation(ref: RecoveredRef) {
  const open = useSelector(ref, (s) => s.hasTag('confirm discard'));
  const entry = useSelector(ref, (s) => s.context.selected);
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const refusal = useSelector(ref, (s) =>
    s.hasTag('refused') && s.hasTag('confirm discard') ? s.context.refusal : null,
  );
  return useMemo(
    () => ({
      open,
      entry,
      busy,
      refusal,
      confirm: () => ref.send({ type: 'discard.confirm' }),
      cancel: () => ref.send({ type: 'discard.cancel' }),
    }),
    [open, entry, busy, refusal, ref],
  );
}
