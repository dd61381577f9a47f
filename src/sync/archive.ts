/**
 * Events kept only in the account (issue 24, part 7; docs/sync.md "Events kept in your account").
 * With sync on, the account holds everything and this browser holds what it needs: a past event
 * dated more than the device's chosen time ago ("Keep events on this device for", default 12
 * months) may leave this browser once it and its per-event records (ingredient list, discount, tax,
 * staff) are agreed with the account. Its sync bookkeeping stays, marked `away`, so its absence is
 * never taken for a delete (no tombstone goes out), and the account's later changes to it keep it
 * up to date without bringing it back. Opening it fetches it from the account (`applyFetched`).
 *
 * Pure: the device's data and sync state in, the plan out. src/sync/cycle.ts carries it out.
 */
import { statusOf } from '../domain/eventStatus';
import {
  eventIdOfCollection,
  hashRecord,
  keyOf,
  type LocalWrite,
  type PulledChange,
  type Snapshot,
  type SyncState,
} from './engine';

export const DEFAULT_KEEP_MONTHS = 12;
/** The choices of "Keep events on this device for" (0: every event). */
export const keepMonthChoices = [3, 6, 12, 24, 36, 0] as const;

export const keepMonthsOf = (state: SyncState): number =>
  typeof state.keepMonths === 'number' && Number.isInteger(state.keepMonths) && state.keepMonths >= 0
    ? state.keepMonths
    : DEFAULT_KEEP_MONTHS;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The first date an event must have to stay on this device: `today` less `months` (the last day of a
 * shorter month when the day does not exist); null when every event stays (0 months).
 */
export function cutoffOf(today: string, months: number): string | null {
  const m = ISO_DATE.exec(today);
  if (!m || months <= 0) return null;
  const total = Number(m[1]) * 12 + (Number(m[2]) - 1) - months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(m[3]), last);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export { eventIdOfCollection };

const collectionOfKey = (key: string) => key.slice(0, key.indexOf('|'));
const idOfKey = (key: string) => key.slice(key.indexOf('|') + 1);

/** Whether a sync key (`collection|id`) is the event's own record or one of its per-event records. */
function belongsTo(key: string, eventId: number): boolean {
  const collection = collectionOfKey(key);
  if (collection === 'events') return idOfKey(key) === String(eventId);
  return eventIdOfCollection(collection) === eventId;
}

export interface EvictionOptions {
  /** Events dated before this (ISO) may go; null: none goes. */
  cutoff: string | null;
  /** Events that stay whatever their date (the built-in samples, one open right now). */
  keep?: (eventId: number) => boolean;
}

export interface Eviction {
  eventIds: number[];
  /** The sync keys that become `away` (each event's record and its per-event records). */
  keys: string[];
}

/**
 * Which events this device may let go now: dated before the cutoff, past (not an open enquiry or
 * quote), not kept, and agreed with the account, with every one of its per-event records (nothing
 * of it in the outbox, refused or not, nor in a conflict, and each record here as the account has
 * it). The event with the highest id (of the events here and the deleted ids) always stays, so a
 * new event never takes the id of one kept in the account. Call it with the outbox up to date
 * (`recordChanges`).
 */
export function selectEvictions(state: SyncState, snapshot: Snapshot, options: EvictionOptions): Eviction {
  const none: Eviction = { eventIds: [], keys: [] };
  if (!options.cutoff) return none;
  const events = snapshot.get('events');
  if (!events?.size) return none;
  const deletedIds = [...(snapshot.get('deletedEventIds')?.keys() ?? [])].map(Number).filter(Number.isFinite);
  const ids = [...events.keys()].map(Number).filter(Number.isInteger);
  const highest = Math.max(...ids, ...deletedIds);
  const unsettled = new Set<number>();
  const settle = (key: string) => {
    const collection = collectionOfKey(key);
    const id = collection === 'events' ? Number(idOfKey(key)) : eventIdOfCollection(collection);
    if (id !== null && Number.isInteger(id)) unsettled.add(id);
  };
  for (const key of Object.keys(state.outbox)) settle(key);
  for (const key of Object.keys(state.conflicts)) settle(key);
  for (const [collection, records] of snapshot) {
    const id = collection === 'events' ? null : eventIdOfCollection(collection);
    for (const [recordId, record] of records) {
      const eventId = collection === 'events' ? Number(recordId) : id;
      if (eventId === null || !Number.isInteger(eventId)) continue;
      const agreed = state.shadow[keyOf(collection, recordId)];
      if (!agreed || agreed.hash !== hashRecord(record)) unsettled.add(eventId);
    }
  }
  const chosen: number[] = [];
  for (const [recordId, event] of events) {
    const id = Number(recordId);
    if (!Number.isInteger(id) || id === highest || unsettled.has(id) || options.keep?.(id)) continue;
    const date = (event as { EventDate?: unknown }).EventDate;
    if (typeof date !== 'string' || !ISO_DATE.test(date) || date >= options.cutoff) continue;
    const status = statusOf(event);
    if (status === 'enquiry' || status === 'quoted') continue;
    chosen.push(id);
  }
  if (!chosen.length) return none;
  const going = new Set(chosen);
  const keys = Object.keys(state.shadow).filter((key) => {
    if (state.shadow[key]!.hash === hashRecord(null)) return false;
    const collection = collectionOfKey(key);
    const id = collection === 'events' ? Number(idOfKey(key)) : eventIdOfCollection(collection);
    return id !== null && going.has(id);
  });
  return { eventIds: chosen.sort((a, b) => a - b), keys };
}

/** The state once the plan's events are kept only in the account. */
export function markAway(state: SyncState, plan: Eviction): SyncState {
  if (!plan.keys.length) return state;
  const shadow = { ...state.shadow };
  for (const key of plan.keys) if (shadow[key]) shadow[key] = { ...shadow[key]!, away: true };
  return { ...state, shadow };
}

/** The ids of the events this device keeps only in the account. */
export function awayEventIds(state: SyncState): number[] {
  const ids: number[] = [];
  for (const [key, entry] of Object.entries(state.shadow))
    if (entry.away && collectionOfKey(key) === 'events') {
      const id = Number(idOfKey(key));
      if (Number.isInteger(id)) ids.push(id);
    }
  return ids.sort((a, b) => a - b);
}

/**
 * An event fetched from the account to be opened here: its records are written here and agreed
 * (no longer `away`). A record this device holds already (changed here, say) is left as it is, and
 * so is one waiting in a conflict.
 */
export function applyFetched(
  state: SyncState,
  snapshot: Snapshot,
  eventId: number,
  changes: readonly PulledChange[],
): { state: SyncState; writes: LocalWrite[] } {
  const shadow = { ...state.shadow };
  const writes: LocalWrite[] = [];
  for (const change of changes) {
    const key = keyOf(change.collection, change.record_id);
    if (change.deleted || !change.record || !belongsTo(key, eventId)) continue;
    if (snapshot.get(change.collection)?.has(change.record_id) || state.conflicts[key] || state.outbox[key]) continue;
    shadow[key] = { rev: change.rev, hash: hashRecord(change.record) };
    writes.push({ collection: change.collection, record_id: change.record_id, record: change.record });
  }
  // What of the event is still away was not sent: the account no longer has it (deleted since).
  for (const [key, entry] of Object.entries(shadow))
    if (entry.away && belongsTo(key, eventId)) shadow[key] = { rev: entry.rev, hash: hashRecord(null) };
  return { state: { ...state, shadow }, writes };
}
