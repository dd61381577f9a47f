/**
 * Every event's placed shifts, kept between Tool Kit opens (issue 23): reading the 2,000 events'
 * `staffList-{id}` keys and placing their shifts took ~15 ms at 4x CPU, twice per open. Kept while the
 * events' schedules (id, name, date, times) stay the same; a staff list that changed since (another tab's
 * write, or one this tab announced: a Tool Kit closing announces its own) is read again, alone. Kept for
 * one account: after a switch in this tab (sign out, sign in as another) everything is read again, even if
 * the switch's announcement never came (the index holds whose lists it was worked out from).
 */
import { placeShifts, sameSchedules, type PlacedShift } from '../../domain/staff';
import type { CateringEvent } from '../../storage';
import { readStaffLists, staffListChanges, staffListsOwner } from '../../storage/staffLists';

let kept: {
  /** The account whose staff lists these are (`staffListsOwner`). */
  owner: string | null;
  events: readonly CateringEvent[];
  /** The count of staff list changes this was worked out at (`staffListChanges`). */
  at: number;
  byEvent: Map<number, PlacedShift[]>;
  /** Every event's shifts, in the events' order (as `placeShifts` of them all). */
  all: PlacedShift[];
  /** The last answer, so that an unchanged answer is the same array. */
  others: { eventId: number; shifts: PlacedShift[] } | null;
} | null = null;

function shiftsOf(events: readonly CateringEvent[]): Map<number, PlacedShift[]> {
  const byEvent = new Map<number, PlacedShift[]>();
  for (const shift of placeShifts(events, readStaffLists(events.map((e) => e.id)))) {
    const list = byEvent.get(shift.eventId);
    if (list) list.push(shift);
    else byEvent.set(shift.eventId, [shift]);
  }
  return byEvent;
}

const flatten = (events: readonly CateringEvent[], byEvent: Map<number, PlacedShift[]>) =>
  events.flatMap((e) => byEvent.get(e.id) ?? []);

/** Brings the kept index up to date with these events and the staff lists' changes; answers it. */
function indexOf(events: readonly CateringEvent[]): NonNullable<typeof kept> {
  const changed = staffListChanges(kept?.at ?? 0);
  const owner = staffListsOwner();
  if (!kept || changed.all || kept.owner !== owner || !sameSchedules(kept.events, events)) {
    const byEvent = shiftsOf(events);
    kept = { owner, events, at: changed.now, byEvent, all: flatten(events, byEvent), others: null };
  } else {
    kept.events = events;
    kept.at = changed.now;
    if (changed.eventIds.length) {
      const ids = new Set(changed.eventIds);
      const again = shiftsOf(events.filter((e) => ids.has(e.id)));
      for (const id of ids) {
        const shifts = again.get(id);
        if (shifts) kept.byEvent.set(id, shifts);
        else kept.byEvent.delete(id);
      }
      kept.all = flatten(events, kept.byEvent);
      kept.others = null;
    }
  }
  return kept;
}

/** The shifts of every event but `eventId` (what changed since the last answer is read again). */
export function otherShifts(events: readonly CateringEvent[], eventId: number): PlacedShift[] {
  const index = indexOf(events);
  if (index.others?.eventId !== eventId)
    index.others = { eventId, shifts: index.all.filter((s) => s.eventId !== eventId) };
  return index.others.shifts;
}

/**
 * Works the index out ahead of a Tool Kit's first open (issue 23, `useToolkitReady`), as that open's
 * first answer would: the open then only picks its event's shifts out.
 */
export function prepareOtherShifts(events: readonly CateringEvent[]): void {
  indexOf(events);
}
