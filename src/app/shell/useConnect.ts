/**
 * Binds a machine's pure connect module (`src/machines/<x>/<x>.connect.ts`: snapshot + send → the
 * values and callbacks a view uses) to a live actor: computed again when the actor's snapshot changes.
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRef, EventObject, Snapshot } from 'xstate';

export function useConnect<S extends Snapshot<unknown>, E extends EventObject, R>(
  ref: ActorRef<S, E>,
  connect: (snapshot: S, send: (event: E) => void) => R,
): R {
  const snapshot = useSelector(ref, (s) => s);
  return useMemo(() => connect(snapshot, (event) => ref.send(event)), [snapshot, ref, connect]);
}
