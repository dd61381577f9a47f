/**
 * All events' staff lists at once (issue 21), for the overlap warnings, the calendar's double-booked
 * days and the employee cards' upcoming shifts. Kept out of keys.ts so the landing page's bundle does
 * not carry it.
 */
import { staffListStore } from './keys';
import type { StaffAssignment } from './schemas';

/** The staff lists of these events, by event id as text (an event with no staff has none). */
export function readStaffLists(eventIds: readonly number[]): Record<string, StaffAssignment[]> {
  const lists: Record<string, StaffAssignment[]> = {};
  for (const id of eventIds) {
    const list = staffListStore(id).read();
    if (list.length) lists[String(id)] = list;
  }
  return lists;
}

/**
 * Calls back when any `staffList-{id}` key changes, in this tab or another (the per-event accessors
 * of these events, and the storage event for other ids or a cleared storage).
 */
export function watchStaffLists(eventIds: readonly number[], onChange: () => void): () => void {
  const stops = eventIds.map((id) => staffListStore(id).subscribe(onChange));
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || /^staffList-\d+$/.test(event.key)) onChange();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    stops.forEach((stop) => stop());
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
