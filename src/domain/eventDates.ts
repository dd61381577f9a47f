/**
 * Calendar arithmetic for the event filters. Dates are local calendar days written YYYY-MM-DD, so they
 * compare correctly as strings. Weeks run Sunday to Saturday; months use calendar boundaries.
 */

export type QuickFilter = 'past' | 'today' | 'week' | 'month' | 'nextMonth' | 'all';

export const quickFilterLabels: Record<QuickFilter, string> = {
  past: 'Past Events',
  today: 'Today',
  week: 'This Week',
  month: 'This Month',
  nextMonth: 'Next Month',
  all: 'All Events',
};

export const quickFilters: QuickFilter[] = ['past', 'today', 'week', 'month', 'nextMonth', 'all'];

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of a Date as YYYY-MM-DD. */
export function toISODate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Parses YYYY-MM-DD as a local date at noon (noon keeps DST shifts from changing the day). */
export function fromISODate(iso: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(y, m - 1, d, 12);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

export function isISODate(value: string): boolean {
  return fromISODate(value) !== null;
}

export function addDays(iso: string, days: number): string {
  const date = fromISODate(iso);
  if (!date) return iso;
  date.setDate(date.getDate() + days);
  return toISODate(date);
}

/** Sunday of the week holding `iso`. */
export function startOfWeek(iso: string): string {
  const date = fromISODate(iso);
  if (!date) return iso;
  return addDays(iso, -date.getDay());
}

/** Saturday of the week holding `iso`. */
export function endOfWeek(iso: string): string {
  return addDays(startOfWeek(iso), 6);
}

export function startOfMonth(iso: string): string {
  return `${iso.slice(0, 7)}-01`;
}

export function endOfMonth(iso: string): string {
  const date = fromISODate(startOfMonth(iso));
  if (!date) return iso;
  return toISODate(new Date(date.getFullYear(), date.getMonth() + 1, 0, 12));
}

/** First day of the month after the one holding `iso` (December rolls into January). */
export function startOfNextMonth(iso: string): string {
  const date = fromISODate(startOfMonth(iso));
  if (!date) return iso;
  return toISODate(new Date(date.getFullYear(), date.getMonth() + 1, 1, 12));
}

/** Inclusive [from, to] range of a quick filter; `from`/`to` null means open-ended. */
export function quickFilterRange(
  filter: QuickFilter,
  today: string,
): { from: string | null; to: string | null; before?: string } {
  switch (filter) {
    case 'past':
      return { from: null, to: null, before: today };
    case 'today':
      return { from: today, to: today };
    case 'week':
      return { from: startOfWeek(today), to: endOfWeek(today) };
    case 'month':
      return { from: startOfMonth(today), to: endOfMonth(today) };
    case 'nextMonth': {
      const next = startOfNextMonth(today);
      return { from: next, to: endOfMonth(next) };
    }
    case 'all':
      return { from: null, to: null };
  }
}
