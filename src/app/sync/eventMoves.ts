/**
 * Sync moved this device's new events to free ids (src/sync/renumber.ts: another device had added events
 * with their ids). The sync's port tells this tab's views just before it writes the move (and again, undone,
 * if storage refused it), so an open Tool Kit or Edit Event form follows its event to its new id instead of
 * taking the other device's booking, which arrives under the old id, for its own.
 */
import { useEffect } from 'react';

export interface EventMoveIds {
  from: number;
  to: number;
}

type Listener = (moves: EventMoveIds[]) => void;
const listeners = new Set<Listener>();

/** Tells every listener of this tab (a listener that throws does not stop the others). */
export function announceEventMoves(moves: EventMoveIds[]): void {
  if (!moves.length) return;
  for (const listener of [...listeners]) {
    try {
      listener(moves);
    } catch {
      /* one view failing to follow must not stop the move */
    }
  }
}

/** Listens to the moves; gives the function that stops listening. */
export function onEventMoves(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * A page of one event (its sheet, its quote or invoice) follows it when sync moves it: `onMoved` gets the new
 * id (the page goes to its address), so the page never shows the other device's booking under the old number.
 */
export function useEventMoved(id: number | null, onMoved: (to: number) => void): void {
  useEffect(() => {
    if (id === null) return;
    return onEventMoves((moves) => {
      const move = moves.find((m) => m.from === id);
      if (move) onMoved(move.to);
    });
  }, [id, onMoved]);
}
