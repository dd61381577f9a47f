/**
 * The one XState inspector of the app, passed as `inspect` wherever a view creates a root actor (child
 * actors report through their root). It is on the landing page, so it stays tiny and does no work of
 * its own: it keeps the running root actors (started and not stopped yet, so the statechart explorer
 * can show actors that started before it was opened) and a ring of the last 200 inspection events, each
 * with its time and, for an event received, the actor's snapshot just before it (the "from" state of the log). The
 * explorer (a lazy chunk, src/views/shell/explorer/) reads both and listens from when it opens;
 * nothing is redacted here because nothing leaves memory here: the explorer redacts what it shows.
 */
import type { AnyActorRef, InspectionEvent, Snapshot } from 'xstate';

export interface Inspected {
  e: InspectionEvent;
  /** Date.now() when it happened. */
  t: number;
  /** For `@xstate.event`: the receiving actor's snapshot before it handles the event. */
  s: Snapshot<unknown> | undefined;
}

export const liveRoots = new Set<AnyActorRef>();
export const recent: Inspected[] = [];
let listener: ((item: Inspected) => void) | undefined;

export function inspect(e: InspectionEvent) {
  const ref = e.actorRef as AnyActorRef;
  if (ref.sessionId == e.rootId) {
    if (e.type == '@xstate.event' && e.event.type == 'xstate.init') liveRoots.add(ref);
    if (e.type == '@xstate.snapshot' && e.snapshot.status != 'active') liveRoots.delete(ref);
  }
  // Only for events received: the dev build throws when an actor's snapshot is read while it is built.
  const item = {
    e,
    t: Date.now(),
    s: e.type == '@xstate.event' ? (ref.getSnapshot() as Snapshot<unknown>) : undefined,
  };
  if (recent.push(item) > 200) recent.shift();
  listener?.(item);
}

/** The explorer's subscription; one at a time. */
export function listen(next: ((item: Inspected) => void) | undefined) {
  listener = next;
}
