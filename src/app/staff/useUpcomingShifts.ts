/**
 * The employee cards' upcoming shifts (issue 21): every event's staff list (stored events and the
 * built-in samples), placed in time, by employee, followed as events or staff lists change.
 */
import { useEffect, useMemo, useReducer } from 'react';
import { toISODate } from '../../domain/eventDates';
import { localMinutes, placeShifts, upcomingShiftText, upcomingShiftsByEmployee } from '../../domain/staff';
import { eventsStore } from '../../storage';
import { readStaffLists, watchStaffLists } from '../../storage/staffLists';
import { loadEvents } from '../events/eventsData';

export interface UpcomingShift {
  id: string;
  text: string;
}
export type ShiftsByEmployee = Map<string, UpcomingShift[]>;

/** Every employee's shifts that have not ended yet, as the card lists them. */
export function readUpcomingShifts(now: Date): ShiftsByEmployee {
  const { events } = loadEvents(toISODate(now));
  const shifts = placeShifts(events, readStaffLists(events.map((e) => e.id)));
  const out: ShiftsByEmployee = new Map();
  for (const [employeeId, list] of upcomingShiftsByEmployee(shifts, localMinutes(now)))
    out.set(
      employeeId,
      list.map((s) => ({ id: s.assignmentId, text: upcomingShiftText(s) })),
    );
  return out;
}

export function useUpcomingShifts(): ShiftsByEmployee {
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => eventsStore.subscribe(bump), []);
  useEffect(() => watchStaffLists(bump), []);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => readUpcomingShifts(new Date()), [version]);
}
