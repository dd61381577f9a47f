import { useSelector } from '@xstate/react';
import type { ActorRef, EventObject, Snapshot } from 'xstate';
import { css } from 'styled-system/css';
import type { DraftView } from '../../machines/toolkit/toolkitDrafts.connect';
import { DraftNote } from '../components/DraftNote';
import { useUnsavedChanges } from '../shell/unsaved';

type DraftOf<S, E> = (s: S, send: (event: E) => void) => DraftView;

/** Issue 25: a Tool Kit form's "Draft restored." note with Discard draft, while its values came from a draft. */
export function ToolkitDraftNote<S extends Snapshot<unknown>, E extends EventObject>({
  actorRef,
  of,
  what,
}: {
  actorRef: ActorRef<S, E>;
  of: DraftOf<S, NoInfer<E>>;
  what: string;
}) {
  const restored = useSelector(actorRef, (s) => of(s, actorRef.send).restored);
  if (!restored) return null;
  return (
    <div className={css({ gridColumn: '1 / -1', flexBasis: '100%' })}>
      <DraftNote what={what} onDiscard={() => of(actorRef.getSnapshot(), actorRef.send).discard()} />
    </div>
  );
}

/** Issue 25: while a Tool Kit form holds unsaved typing, leaving the page asks first. */
export function useToolkitFormUnsaved<S extends Snapshot<unknown>, E extends EventObject>(
  actorRef: ActorRef<S, E>,
  of: DraftOf<S, NoInfer<E>>,
): void {
  useUnsavedChanges(useSelector(actorRef, (s) => of(s, actorRef.send).dirty));
}
