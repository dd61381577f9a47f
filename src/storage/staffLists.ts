/**
 * All events' staff lists at once (issue 21), for the overlap warnings, the calendar's double-booked
 * days and the employee cards' upcoming shifts. Kept out of keys.ts so the landing page's bundle does
 * not carry it.
 */
import { staffListStore } from './keys';
import { dataOwnerKey } from './owned';
import { rawGet } from './raw';
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
    if (!isStaffListKey(event.key)) return;
    noteChange(event.key); // (also noted below; noting twice does no harm, missing one would)
    onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * Whose data set the plain `staffList-{id}` keys hold now (the `dataOwner` key: the account bound last,
 * null before any sign-in). What is worked out from the lists is that account's, whatever was announced.
 */
export const staffListsOwner = (): string | null => rawGet(dataOwnerKey);

const isStaffListKey = (key: string | null) => key === null || /^staffList-\d+$/.test(key);
/** Issue 23: when each event's staff list last changed (a count of changes), and when they all may have. */
let changes = 0;
let allChangedAt = 0;
const changedAt = new Map<number, number>();
function noteChange(key: string | null) {
  changes++;
  if (key === null) allChangedAt = changes;
  else changedAt.set(Number(key.slice('staffList-'.length)), changes);
}
/**
 * What changed among the staff lists since `since` (a count from an earlier answer; 0 the first time):
 * `all` when any may have (the storage cleared or swapped, e.g. a restore or an account switch), else the
 * events whose list changed. Counts every change another tab makes and every one this tab announces (a
 * Tool Kit closing announces its own list, as do the sync, a pending write retried and a recovered
 * record). What is worked out from the lists can be kept, and only what changed read again.
 */
export function staffListChanges(since: number): { now: number; all: boolean; eventIds: number[] } {
  if (allChangedAt > since) return { now: changes, all: true, eventIds: [] };
  const eventIds: number[] = [];
  if (changes > since) for (const [id, at] of changedAt) if (at > since) eventIds.push(id);
  return { now: changes, all: false, eventIds };
}
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (isStaffListKey(event.key)) noteChange(event.key);
  });
