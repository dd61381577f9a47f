/**
 * Holds on events (issue 24 part 7): an event a view shows (its Tool Kit, its sheet, its Edit Event
 * dialog, its quote or invoice page) stays on this device meanwhile: no sync, in this tab or another,
 * lets it go to the account. This tab counts its holds per view and publishes them for the other tabs
 * (src/storage/eventHolds.ts), refreshed while it holds any, so a closed or crashed tab's holds expire.
 * Small on purpose: pages that hold an event load none of the sync code.
 */
import { useEffect } from 'react';
import { heldEventIds, writeTabHolds } from '../../storage/eventHolds';

/** How long a published hold lasts without a refresh, and how often it is refreshed. */
export const HOLD_MS = 90_000;
const REFRESH_MS = 30_000;

const tabId =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `tab-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
/** Events shown in this tab now, counted per view showing them. */
const shownNow = new Map<number, number>();
let refresh: ReturnType<typeof setInterval> | undefined;
let listening = false;

function publish() {
  const ids = [...shownNow.keys()];
  writeTabHolds(tabId, ids, Date.now() + HOLD_MS);
  if (ids.length && refresh === undefined) refresh = setInterval(publish, REFRESH_MS);
  if (!ids.length && refresh !== undefined) {
    clearInterval(refresh);
    refresh = undefined;
  }
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    // The tab goes away: its holds go with it (those of a crashed tab expire).
    window.addEventListener('pagehide', () => writeTabHolds(tabId, [], 0));
  }
}

/** Keeps an event on this device while a view shows it; the returned function lets it go. */
export function holdEventHere(eventId: number): () => void {
  shownNow.set(eventId, (shownNow.get(eventId) ?? 0) + 1);
  publish();
  return () => {
    const n = (shownNow.get(eventId) ?? 1) - 1;
    if (n > 0) shownNow.set(eventId, n);
    else shownNow.delete(eventId);
    publish();
  };
}

/** Whether a view of this tab or of another tab of this browser shows the event now. */
export function isEventHeld(eventId: number): boolean {
  return shownNow.has(eventId) || heldEventIds().has(eventId);
}

/** Keeps the event a view shows on this device while it shows it: a sync never lets it go meanwhile. */
export function useHoldEventHere(eventId: number | null | undefined): void {
  useEffect(() => (typeof eventId === 'number' && eventId > 0 ? holdEventHere(eventId) : undefined), [eventId]);
}
