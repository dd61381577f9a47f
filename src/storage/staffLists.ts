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
 * Calls back when any `staffList-{id}` key changes in another tab (or the storage is cleared): one
 * listener for all of them, whatever the number of events (a listener per event made every change of
 * the events list add and remove thousands of listeners). A write in this tab fires no storage event
 * (as before): its readers read again on their own triggers (the Tool Kit closing, a change of events).
 */
export function watchStaffLists(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || /^staffList-\d+$/.test(event.key)) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
