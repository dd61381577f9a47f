/**
 * The calendar's grid arithmetic (issue 21, /Calendar): month and week grids, the agenda's days, the
 * events of each day, the days with two or more events, and keyboard moves between days (WAI-ARIA
 * grid pattern). Pure functions over local calendar days written YYYY-MM-DD (src/domain/eventDates.ts);
 * weeks run Sunday to Saturday, as the event filters' This Week does.
 *
 * An event sits on its EventDate at its StartTime. An event that ends past midnight (end before
 * start, 20:00 to 01:00) also shows on the next day as a continuation ("until 01:00"); a day counts as
 * busy (marked) when two or more events start on it. A day is also marked when someone on staff is
 * booked twice on it: two of their shifts overlap (issue 21, src/domain/staff.ts), on the day either starts.
 */
import type { CateringEvent, StaffAssignment } from '../storage/schemas';
import { doubleBookedDays, placeShifts } from './staff';
import {
  addDays,
  endOfMonth,
  endOfWeek,
  fromISODate,
  isISODate,
  startOfMonth,
  startOfWeek,
  toISODate,
} from './eventDates';
import { endsNextDay } from './events';

export type CalendarView = 'month' | 'week' | 'agenda';

/** How many days the agenda lists, from its first day (Previous and Next move by as many). */
export const AGENDA_DAYS = 14;
/** A day with this many events starting on it, or more, is marked. */
export const BUSY_THRESHOLD = 2;

export type CalendarEvent = Pick<
  CateringEvent,
  | 'id'
  | 'EventName'
  | 'EventDate'
  | 'StartTime'
  | 'EndTime'
  | 'CustomerFirstName'
  | 'CustomerLastName'
  | 'NumberOfGuests'
  | 'VenueName'
  | 'VenueCity'
  | 'EventType'
>;

/** One entry of a day: the event starting that day, or the part after midnight of one from the day before. */
export interface DayEntry<E extends CalendarEvent = CalendarEvent> {
  event: E;
  /** True on the day after the event's date (it ran past midnight). */
  continued: boolean;
}

/** Adds `months` to a day, keeping the day of the month where it exists (31 January + 1 month = 28/29 February). */
export function addMonths(iso: string, months: number): string {
  const date = fromISODate(iso);
  if (!date) return iso;
  const first = new Date(date.getFullYear(), date.getMonth() + months, 1, 12);
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0, 12).getDate();
  return toISODate(new Date(first.getFullYear(), first.getMonth(), Math.min(date.getDate(), last), 12));
}

/**
 * A small cache of values that depend only on their key (a month's grid, a day's label): the same
 * answer, and the same array, each time the calendar asks again. Forgets everything past `limit`.
 */
function cached<T>(limit: number, compute: (key: string) => T): (key: string) => T {
  const memo = new Map<string, T>();
  return (key) => {
    let value = memo.get(key);
    if (value === undefined) {
      if (memo.size >= limit) memo.clear();
      memo.set(key, (value = compute(key)));
    }
    return value;
  };
}

const monthGridOf = cached(48, (month: string): readonly (readonly string[])[] => {
  const first = startOfWeek(month);
  const last = endOfWeek(endOfMonth(month));
  const weeks: string[][] = [];
  for (let day = first; day <= last; day = addDays(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(day, i)));
  }
  return weeks;
});

/**
 * The weeks (Sunday to Saturday) that show the month holding `iso`: 4 to 6 rows of 7 days. Every day
 * of a month answers the same (read-only) arrays, so a view can tell an unchanged grid by identity.
 */
export function monthGrid(iso: string): readonly (readonly string[])[] {
  return monthGridOf(startOfMonth(iso));
}

const weekDaysOf = cached(64, (sunday: string): readonly string[] =>
  Array.from({ length: 7 }, (_, i) => addDays(sunday, i)),
);

/** The seven days (Sunday to Saturday) of the week holding `iso` (the same read-only array for every day of it). */
export function weekDays(iso: string): readonly string[] {
  return weekDaysOf(startOfWeek(iso));
}

/** The agenda's days: `from` and the 13 days after it. */
export function agendaDays(from: string, days = AGENDA_DAYS): string[] {
  return Array.from({ length: days }, (_, i) => addDays(from, i));
}

/** The days a view shows for the focused day. */
export function visibleDays(view: CalendarView, focused: string): string[] {
  if (view === 'month') return monthGrid(focused).flat();
  if (view === 'week') return [...weekDays(focused)];
  return agendaDays(focused);
}

const byStart = (a: CalendarEvent, b: CalendarEvent) =>
  (a.StartTime || '99:99').localeCompare(b.StartTime || '99:99') ||
  a.EventName.localeCompare(b.EventName) ||
  a.id - b.id;

/**
 * Each day's entries, by start time: events on their date, and the continuation of an event that ran
 * past midnight on the day after. Events without a valid date are left out (they have no day).
 */
export function entriesByDay<E extends CalendarEvent>(events: readonly E[]): Map<string, Array<DayEntry<E>>> {
  const days = new Map<string, Array<DayEntry<E>>>();
  const add = (day: string, entry: DayEntry<E>) => {
    const list = days.get(day);
    if (list) list.push(entry);
    else days.set(day, [entry]);
  };
  for (const event of events) {
    if (!isISODate(event.EventDate)) continue;
    add(event.EventDate, { event, continued: false });
    if (endsNextDay(event.StartTime, event.EndTime)) add(addDays(event.EventDate, 1), { event, continued: true });
  }
  for (const list of days.values()) {
    list.sort((a, b) => Number(b.continued) - Number(a.continued) || byStart(a.event, b.event));
  }
  return days;
}

/**
 * The events of one events snapshot, indexed once: each day's entries (as `entriesByDay`) and each
 * event by id. Kept per events array (by identity): Previous, Next, a day focused or an event opened
 * read the same index instead of going over every event again.
 */
export interface CalendarIndex<E extends CalendarEvent = CalendarEvent> {
  entries: ReadonlyMap<string, ReadonlyArray<DayEntry<E>>>;
  byId: ReadonlyMap<number, E>;
}

const indexes = new WeakMap<readonly CalendarEvent[], CalendarIndex>();

export function calendarIndex<E extends CalendarEvent>(events: readonly E[]): CalendarIndex<E> {
  let index = indexes.get(events) as CalendarIndex<E> | undefined;
  if (!index) {
    index = { entries: entriesByDay(events), byId: new Map(events.map((e) => [e.id, e])) };
    indexes.set(events, index);
  }
  return index;
}

/** The month view's chips per day: the rest of a busy day is one "+N more" button. */
export const MONTH_CHIPS = 3;

/**
 * A day's chips in the month view: its first `max` entries (in time order) and how many more there
 * are. A day of up to `max` entries shows them all; a day of eleven shows three and "+8 more".
 */
export function dayChips<E extends CalendarEvent>(
  entries: ReadonlyArray<DayEntry<E>> | undefined,
  max = MONTH_CHIPS,
): { shown: Array<DayEntry<E>>; more: number } {
  const list = entries ?? [];
  return list.length <= max ? { shown: [...list], more: 0 } : { shown: list.slice(0, max), more: list.length - max };
}

/** "+8 more" and, for its accessible name, "+8 more on Tuesday, December 1, 2026". */
export function moreLabel(more: number, day: string): { text: string; label: string } {
  return { text: `+${more} more`, label: `+${more} more on ${fullDate(day)}` };
}

/** How many events start on a day (a continuation from the day before does not count). */
export function startsOn(entries: readonly DayEntry[] | undefined): number {
  return (entries ?? []).filter((e) => !e.continued).length;
}

/** Whether a day is marked: two or more events start on it. */
export function isBusy(entries: readonly DayEntry[] | undefined): boolean {
  return startsOn(entries) >= BUSY_THRESHOLD;
}

/** The days among `days` that are marked busy, in order. */
export function busyDays(events: readonly CalendarEvent[], days: readonly string[]): string[] {
  const map = calendarIndex(events).entries;
  return days.filter((day) => isBusy(map.get(day)));
}

/** The days on which one employee has two overlapping shifts, from every event's staff list (by event id). */
export function staffBookedTwiceDays(
  events: ReadonlyArray<Pick<CateringEvent, 'id' | 'EventName' | 'EventDate' | 'StartTime' | 'EndTime'>>,
  staffLists: Readonly<Record<string, readonly StaffAssignment[]>>,
): Set<string> {
  return doubleBookedDays(placeShifts(events, staffLists));
}

/**
 * The agenda: the days from `from` that have entries, each with its entries, in date then time order.
 * Only the agenda's days are looked at, in the events' index (built once per events array).
 */
export function agenda<E extends CalendarEvent>(
  events: readonly E[],
  from: string,
  days = AGENDA_DAYS,
): Array<{ day: string; entries: ReadonlyArray<DayEntry<E>> }> {
  const map = calendarIndex(events).entries;
  const groups: Array<{ day: string; entries: ReadonlyArray<DayEntry<E>> }> = [];
  for (const day of agendaDays(from, days)) {
    const entries = map.get(day);
    if (entries?.length) groups.push({ day, entries });
  }
  return groups;
}

/** Keys that move the focused day in a date grid (WAI-ARIA grid pattern, as in the APG date picker). */
export type GridKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'PageUp' | 'PageDown';
export const gridKeys: readonly GridKey[] = [
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
];

export function isGridKey(key: string): key is GridKey {
  return (gridKeys as readonly string[]).includes(key);
}

/**
 * The day a key moves the focus to: arrows by a day or a week, Home and End to the first and last
 * day of the week, PageUp and PageDown by a month (by a year with Shift).
 */
export function moveFocus(iso: string, key: GridKey, shift = false): string {
  switch (key) {
    case 'ArrowLeft':
      return addDays(iso, -1);
    case 'ArrowRight':
      return addDays(iso, 1);
    case 'ArrowUp':
      return addDays(iso, -7);
    case 'ArrowDown':
      return addDays(iso, 7);
    case 'Home':
      return startOfWeek(iso);
    case 'End':
      return endOfWeek(iso);
    case 'PageUp':
      return addMonths(iso, shift ? -12 : -1);
    case 'PageDown':
      return addMonths(iso, shift ? 12 : 1);
  }
}

/** Previous (-1) or Next (+1): a month, a week, or the agenda's 14 days. */
export function shiftPeriod(view: CalendarView, iso: string, direction: -1 | 1): string {
  if (view === 'month') return addMonths(iso, direction);
  if (view === 'week') return addDays(iso, 7 * direction);
  return addDays(iso, AGENDA_DAYS * direction);
}

/**
 * One Intl.DateTimeFormat per set of options: `toLocaleDateString` builds a new one on every call,
 * which made a month's 42 day labels the slowest part of pressing Next (measured by the calendar bench).
 */
const formats = new Map<string, Intl.DateTimeFormat>();
const format = (iso: string, options: Intl.DateTimeFormatOptions) => {
  const date = fromISODate(iso);
  if (!date) return iso;
  const key = JSON.stringify(options);
  let formatter = formats.get(key);
  if (!formatter) formats.set(key, (formatter = new Intl.DateTimeFormat('en-US', options)));
  return formatter.format(date);
};

/** A day's label never changes: each is worked out (a date parsed, then formatted) once, not for every cell drawn. */
const fullDateOf = cached(1000, (iso) =>
  format(iso, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }),
);
const shortDateOf = cached(1000, (iso) => format(iso, { weekday: 'short', month: 'short', day: 'numeric' }));

/** 'Tuesday, December 1, 2026': a day's accessible name. */
export function fullDate(iso: string): string {
  return fullDateOf(iso);
}

/** 'Tue, Dec 1': a day as the week view and the agenda head it. */
export function shortDate(iso: string): string {
  return shortDateOf(iso);
}

/** What the calendar shows: 'December 2026', 'Nov 29 – Dec 5, 2026', or the agenda's 14 days. */
export function periodTitle(view: CalendarView, focused: string): string {
  if (view === 'month') return format(focused, { month: 'long', year: 'numeric' });
  const days = view === 'week' ? weekDays(focused) : agendaDays(focused);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const sameYear = first.slice(0, 4) === last.slice(0, 4);
  const from = format(
    first,
    sameYear ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' },
  );
  return `${from} – ${format(last, { month: 'short', day: 'numeric', year: 'numeric' })}`;
}

/** The weekday names, Sunday first: `long` for the column headers' accessible names. */
export const weekdayNames = {
  short: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  long: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
} as const;

/** The time an entry shows: its start ('18:00'), 'until 01:00' for a continuation, '' with no start. */
export function entryTime(entry: DayEntry): string {
  if (entry.continued) return `until ${entry.event.EndTime}`;
  return entry.event.StartTime ?? '';
}
