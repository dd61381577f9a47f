/**
 * The calendar's days where someone on staff is booked twice (issue 21): every shown event's staff
 * list, read now and again when one changes (this tab's Tool Kit closing, another tab).
 */
import { useEffect, useMemo, useReducer } from 'react';
import { staffBookedTwiceDays } from '../../domain/calendar';
import type { CateringEvent } from '../../storage';
import { readStaffLists, watchStaffLists } from '../../storage/staffLists';

/** `version` only says when to read again. */
function read(events: readonly CateringEvent[], _version: number): Set<string> {
  return staffBookedTwiceDays(events, readStaffLists(events.map((e) => e.id)));
}

export function useStaffBookedTwice(events: readonly CateringEvent[]): Set<string> {
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => watchStaffLists(bump), []);
  return useMemo(() => read(events, version), [events, version]);
}
