/** Upcoming Events (spec section 9): today through 14 days ahead, both ends inclusive, by date ascending. */
import type { CateringEvent } from '../storage/schemas';

export const UPCOMING_WINDOW_DAYS = 14;

/** YYYY-MM-DD of a local calendar day. */
export function isoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The YYYY-MM-DD `days` calendar days after (or before) the given YYYY-MM-DD. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return isoDate(new Date(y, m - 1, d + days));
}

export function upcomingWindow(today: string): { from: string; to: string } {
  return { from: today, to: addDays(today, UPCOMING_WINDOW_DAYS) };
}

/** Events dated from `today` to `today + 14`, sorted by date, then start time, then id. */
export function upcomingEvents(events: readonly CateringEvent[], today: string): CateringEvent[] {
  const { from, to } = upcomingWindow(today);
  return events
    .filter((e) => /^\d{4}-\d{2}-\d{2}$/.test(e.EventDate) && e.EventDate >= from && e.EventDate <= to)
    .sort((a, b) => a.EventDate.localeCompare(b.EventDate) || a.StartTime.localeCompare(b.StartTime) || a.id - b.id);
}

/** Milliseconds from `now` to the next local midnight (when the window moves). */
export function msUntilNextDay(now: Date): number {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return Math.max(1, next.getTime() - now.getTime());
}
