/**
 * Staff on events (issue 21, part 3). Pure: shifts as stretches of local time, which shifts of one
 * employee overlap, hours and the labour cost of an event in CAD (rounded to cents with money.ts).
 *
 * A shift is kept as two wall-clock times ('HH:MM') on its event (`staffList-{eventId}`). It starts on
 * the event's date, except that a shift of an event running past midnight that starts after midnight
 * (before the event's start and no later than its end: 00:30 for a 20:00 to 01:00 event) starts the
 * next day. A shift whose end is before its start ends the next day (22:00 to 02:00 is 4 hours); an end
 * equal to the start is refused. Two shifts overlap when each starts before the other ends (one
 * ending at 18:00 and another starting at 18:00 do not).
 */
import type { CateringEvent, Employee, StaffAssignment } from '../storage/schemas';
import { addDays, fromISODate } from './eventDates';
import { checkAmount } from './limits';
import { roundCents } from './money';

const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MINUTES_PER_DAY = 24 * 60;

/** The highest hourly rate an employee form accepts, in CAD. */
export const MAX_HOURLY_RATE = 10_000;

export const SHIFT_SAME_TIME_MESSAGE = 'Shift end must be different from Shift start.';
export const CHOOSE_EMPLOYEE_MESSAGE = 'Choose an employee to assign.';
export const shiftTimeMessage = (label: 'Shift start' | 'Shift end') =>
  `${label} is required: enter a time like 18:30.`;

/** Minutes since midnight of 'HH:MM', or null when it is not such a time. */
export function minutesOf(time: string): number | null {
  const match = timePattern.exec(time.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** The days since 1970-01-01 of a local calendar day 'YYYY-MM-DD' (whole days, no time zone), or null. */
function dayNumber(iso: string): number | null {
  const date = fromISODate(iso);
  if (!date) return null;
  return Math.round(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000);
}

/** A stretch of local time in minutes since 1970-01-01 00:00 (no time zone: wall-clock arithmetic). */
export interface Interval {
  start: number;
  end: number;
}

type EventTimes = Pick<CateringEvent, 'EventDate' | 'StartTime' | 'EndTime'>;

/** True when the shift starting at `start` belongs to the day after the event's date (see the header). */
export function shiftStartsNextDay(event: EventTimes, start: string): boolean {
  const shift = minutesOf(start);
  const eventStart = minutesOf(event.StartTime ?? '');
  const eventEnd = minutesOf(event.EndTime ?? '');
  if (shift === null || eventStart === null || eventEnd === null || eventEnd >= eventStart) return false;
  return shift < eventStart && shift <= eventEnd;
}

/** The shift as local time, or null when the event has no valid date or a time is not 'HH:MM' or the two are equal. */
export function shiftInterval(
  event: EventTimes,
  shift: Pick<StaffAssignment, 'shiftStart' | 'shiftEnd'>,
): Interval | null {
  const day = dayNumber(event.EventDate ?? '');
  const start = minutesOf(shift.shiftStart);
  const end = minutesOf(shift.shiftEnd);
  if (day === null || start === null || end === null || start === end) return null;
  const first = day * MINUTES_PER_DAY + (shiftStartsNextDay(event, shift.shiftStart) ? MINUTES_PER_DAY : 0) + start;
  const length = end > start ? end - start : MINUTES_PER_DAY - start + end;
  return { start: first, end: first + length };
}

/** Hours of a shift ('22:00' to '02:00' is 4); null when a time is not valid or the two are equal. */
export function shiftHours(shiftStart: string, shiftEnd: string): number | null {
  const start = minutesOf(shiftStart);
  const end = minutesOf(shiftEnd);
  if (start === null || end === null || start === end) return null;
  return (end > start ? end - start : MINUTES_PER_DAY - start + end) / 60;
}

/** Each starts before the other ends: shifts that only touch (one ends at 18:00, the next starts at 18:00) do not overlap. */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

/** The day 'YYYY-MM-DD' of a moment of an Interval. */
export function dayOf(minutes: number): string {
  const date = new Date(Math.floor(minutes / MINUTES_PER_DAY) * 86_400_000);
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

/** One shift of one employee on one event, placed in time. */
export interface PlacedShift {
  eventId: number;
  eventName: string;
  assignmentId: string;
  employeeId: string;
  role: string;
  shiftStart: string;
  shiftEnd: string;
  interval: Interval;
}

/** Every shift of these events with a valid time, from each event's staff list (by event id). */
export function placeShifts(
  events: ReadonlyArray<Pick<CateringEvent, 'id' | 'EventName' | 'EventDate' | 'StartTime' | 'EndTime'>>,
  staffLists: Readonly<Record<string, readonly StaffAssignment[]>>,
): PlacedShift[] {
  const placed: PlacedShift[] = [];
  for (const event of events) {
    for (const a of staffLists[String(event.id)] ?? []) {
      const interval = shiftInterval(event, a);
      if (!interval) continue;
      placed.push({
        eventId: event.id,
        eventName: event.EventName,
        assignmentId: a.id,
        employeeId: a.employeeId,
        role: a.role,
        shiftStart: a.shiftStart,
        shiftEnd: a.shiftEnd,
        interval,
      });
    }
  }
  return placed;
}

type Scheduled = Pick<CateringEvent, 'id' | 'EventName' | 'EventDate' | 'StartTime' | 'EndTime'>;

/**
 * True when the two lists hold the same events, in the same order, with the same id, name, date and
 * times: everything `placeShifts` reads of an event (a note or a menu changed elsewhere changes nothing).
 */
export function sameSchedules(a: readonly Scheduled[], b: readonly Scheduled[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (
      x !== y &&
      (x.id !== y.id ||
        x.EventName !== y.EventName ||
        x.EventDate !== y.EventDate ||
        x.StartTime !== y.StartTime ||
        x.EndTime !== y.EndTime)
    )
      return false;
  }
  return true;
}

/**
 * The other shifts of this employee that overlap `interval`, leaving out the assignment itself
 * (`exceptAssignment`), earliest first.
 */
export function clashesOf(
  shifts: readonly PlacedShift[],
  employeeId: string,
  interval: Interval,
  exceptAssignment?: string,
): PlacedShift[] {
  return shifts
    .filter((s) => s.employeeId === employeeId && s.assignmentId !== exceptAssignment && overlaps(s.interval, interval))
    .sort((a, b) => a.interval.start - b.interval.start);
}

/** The warning for a shift that overlaps others: 'Marina Costa is already working Harbour Gala then'. */
export function overlapWarning(name: string, clashes: readonly PlacedShift[], thisEventId: number): string | null {
  if (clashes.length === 0) return null;
  const names = [...new Set(clashes.map((c) => (c.eventId === thisEventId ? 'this event' : c.eventName)))];
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
  return `${name} is already working ${list} then`;
}

/** Days (the day each clashing shift starts) on which one employee has two overlapping shifts. */
export function doubleBookedDays(shifts: readonly PlacedShift[]): Set<string> {
  const days = new Set<string>();
  const byEmployee = new Map<string, PlacedShift[]>();
  for (const s of shifts) byEmployee.set(s.employeeId, [...(byEmployee.get(s.employeeId) ?? []), s]);
  for (const list of byEmployee.values()) {
    const sorted = [...list].sort((a, b) => a.interval.start - b.interval.start);
    for (let i = 0; i < sorted.length; i++) {
      for (let j = i + 1; j < sorted.length && sorted[j]!.interval.start < sorted[i]!.interval.end; j++) {
        days.add(dayOf(sorted[i]!.interval.start));
        days.add(dayOf(sorted[j]!.interval.start));
      }
    }
  }
  return days;
}

/** The employee's full name, or the name kept on the assignment when the employee is gone. */
export function employeeName(employee: Pick<Employee, 'firstName' | 'lastName'> | undefined, fallback = ''): string {
  if (!employee) return fallback || 'Former employee';
  return `${employee.firstName} ${employee.lastName}`.trim();
}

export interface LabourCost {
  /** CAD, rounded to cents: the sum of each shift's hours x rate, each rounded to cents. */
  cost: number;
  hours: number;
  /** Shifts whose employee has no hourly rate (or is gone): counted at 0. */
  unrated: number;
}

type Rated = ReadonlyArray<Pick<Employee, 'id' | 'hourlyRate'>>;

/**
 * Each employee's hourly rate by id, kept per employees list (the Dashboard costs 2,000 events against one
 * list of 1,000 employees: one map, not one per event). Lists are not changed in place once read; the
 * length is checked as well.
 */
const ratesByList = new WeakMap<Rated, { length: number; rates: Map<string, number | null | undefined> }>();
function ratesOf(employees: Rated): Map<string, number | null | undefined> {
  const kept = ratesByList.get(employees);
  if (kept && kept.length === employees.length) return kept.rates;
  const rates = new Map(employees.map((e) => [e.id ?? '', e.hourlyRate]));
  ratesByList.set(employees, { length: employees.length, rates });
  return rates;
}

/** The labour cost of one event's staff list, with each employee's current hourly rate. */
export function labourCost(assignments: readonly StaffAssignment[], employees: Rated): LabourCost {
  if (!assignments.length) return { cost: 0, hours: 0, unrated: 0 };
  const rates = ratesOf(employees);
  let cents = 0;
  let hours = 0;
  let unrated = 0;
  for (const a of assignments) {
    const h = shiftHours(a.shiftStart, a.shiftEnd);
    if (h === null) continue;
    hours += h;
    const rate = rates.get(a.employeeId);
    if (typeof rate !== 'number' || !Number.isFinite(rate)) {
      unrated++;
      continue;
    }
    cents += Math.round(roundCents(h * rate) * 100);
  }
  return { cost: cents / 100, hours: Math.round(hours * 100) / 100, unrated };
}

/** Checks a typed hourly rate: optional, a number from 0 to 10,000 (CAD). */
export function checkHourlyRate(text: string): { ok: true; value: number | null } | { ok: false; message: string } {
  return checkAmount(text, { label: 'Hourly rate', max: MAX_HOURLY_RATE, optional: true });
}

/** A shift's times as a list shows them: '18:00 – 23:00', '22:00 – 02:00 (next day)'. */
export function shiftLabel(shiftStart: string, shiftEnd: string): string {
  const start = minutesOf(shiftStart);
  const end = minutesOf(shiftEnd);
  return `${shiftStart} – ${shiftEnd}${start !== null && end !== null && end < start ? ' (next day)' : ''}`;
}

/** The date a shift starts on, 'YYYY-MM-DD' (the event's date, or the next day: see the header). */
export function shiftDate(event: EventTimes, shiftStart: string): string {
  return shiftStartsNextDay(event, shiftStart) ? addDays(event.EventDate, 1) : event.EventDate;
}

/** Why a shift cannot be assigned, and the form field the message goes beside. */
export interface ShiftProblem {
  field: 'employeeId' | 'shiftStart' | 'shiftEnd';
  message: string;
}

type ShiftDraft = Pick<StaffAssignment, 'employeeId' | 'shiftStart' | 'shiftEnd'>;

/** Why a shift cannot be assigned (first problem), or null. */
export function shiftProblem(draft: ShiftDraft): ShiftProblem | null {
  if (!draft.employeeId) return { field: 'employeeId', message: CHOOSE_EMPLOYEE_MESSAGE };
  if (minutesOf(draft.shiftStart) === null) return { field: 'shiftStart', message: shiftTimeMessage('Shift start') };
  if (minutesOf(draft.shiftEnd) === null) return { field: 'shiftEnd', message: shiftTimeMessage('Shift end') };
  if (minutesOf(draft.shiftStart) === minutesOf(draft.shiftEnd))
    return { field: 'shiftEnd', message: SHIFT_SAME_TIME_MESSAGE };
  return null;
}

/** The refusal for putting someone on a shift of this event they already work: 'Ana Lopez is already on this shift.' */
export const alreadyOnShiftMessage = (name: string) => `${name} is already on this shift.`;

/**
 * The assignment of this event's list that already puts this employee on this shift (the same start and
 * end), or undefined. A second one would count the same person, hours and cost twice, so Assign refuses
 * it. One employee on two different shifts of one event (setup, then service) is allowed; two that
 * overlap are only warned about (`overlapWarning`). Lists stored with such a pair still read and show.
 */
export function sameShiftAs(draft: ShiftDraft, assignments: readonly StaffAssignment[]): StaffAssignment | undefined {
  const start = minutesOf(draft.shiftStart);
  const end = minutesOf(draft.shiftEnd);
  if (!draft.employeeId || start === null || end === null) return undefined;
  return assignments.find(
    (a) => a.employeeId === draft.employeeId && minutesOf(a.shiftStart) === start && minutesOf(a.shiftEnd) === end,
  );
}

/** Local wall-clock time as minutes since 1970-01-01 00:00, on the same scale as Interval. */
export function localMinutes(date: Date): number {
  return (
    Math.round(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000) * MINUTES_PER_DAY +
    date.getHours() * 60 +
    date.getMinutes()
  );
}

/** One line of an employee card's upcoming shifts: '2026-12-05 18:00 – 23:00: Harbour Gala (Server)'. */
export function upcomingShiftText(shift: PlacedShift): string {
  return `${dayOf(shift.interval.start)} ${shiftLabel(shift.shiftStart, shift.shiftEnd)}: ${shift.eventName}${shift.role ? ` (${shift.role})` : ''}`;
}

/** Every employee's shifts that have not ended at `now`, soonest first, by employee id. */
export function upcomingShiftsByEmployee(shifts: readonly PlacedShift[], now: number): Map<string, PlacedShift[]> {
  const byEmployee = new Map<string, PlacedShift[]>();
  for (const s of [...shifts].sort((a, b) => a.interval.start - b.interval.start)) {
    if (s.interval.end <= now) continue;
    byEmployee.set(s.employeeId, [...(byEmployee.get(s.employeeId) ?? []), s]);
  }
  return byEmployee;
}
