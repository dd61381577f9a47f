/**
 * The calendar's day clock (issue 21): tells when the local date changes, so a page left open past
 * midnight moves "today" on. A timer to the next local midnight (re-armed each day), and a check when
 * the tab becomes visible again (a sleeping laptop's timers fire late). Given to the calendar machine
 * as its `dayClock` actor; the clock (`now`) can be faked in tests.
 */
import { toISODate } from '../../domain/eventDates';

/** Milliseconds from `now` to the next local midnight (never 0: at midnight itself, the next one). */
export function msToNextMidnight(now: Date): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 0, 0);
  return Math.max(1, next.getTime() - now.getTime());
}

/** Calls `onDay` with the new local date each time it changes; returns the stop function. */
export function startDayClock(onDay: (today: string) => void, now: () => Date = () => new Date()): () => void {
  let current = toISODate(now());
  let timer: ReturnType<typeof setTimeout> | null = null;
  const check = () => {
    const today = toISODate(now());
    if (today !== current) {
      current = today;
      onDay(today);
    }
  };
  const arm = () => {
    // A little past midnight, so the new date has surely begun.
    timer = setTimeout(
      () => {
        check();
        arm();
      },
      msToNextMidnight(now()) + 500,
    );
  };
  arm();
  const visible = () => {
    if (document.visibilityState === 'visible') check();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', visible);
  return () => {
    if (timer) clearTimeout(timer);
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', visible);
  };
}
