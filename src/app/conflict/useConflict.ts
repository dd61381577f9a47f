/**
 * The one hook-up of the conflict dialog (src/views/components/ConflictDialog.tsx) to a machine: the
 * events page, Edit Item and the record books each pass their actor and where its conflict is
 * (their connect module's `conflictSource`).
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { AnyActorRef } from 'xstate';
import {
  connectConflict,
  sameConflictSource,
  type ConflictSource,
  type ConflictView,
} from '../../machines/conflict.connect';

export function useConflict<S, T>(
  ref: AnyActorRef & { getSnapshot(): S },
  conflictSource: (snapshot: S) => ConflictSource<T>,
): ConflictView {
  const source = useSelector(ref, conflictSource, sameConflictSource);
  // Recomputed only when the conflict changes: a new `initialChoices` resets the dialog's choices.
  return useMemo(() => connectConflict(source, (event) => ref.send(event)), [source, ref]);
}
