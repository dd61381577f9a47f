/**
 * Events kept only in the account (issue 24, part 7; docs/sync.md "Events kept in your account").
 * With sync on, the account holds everything and this browser holds what it needs: an event completed
 * (or cancelled) more than the device's chosen time ago ("Keep events on this device for", default 12
 * months) and owing nothing may leave this browser once it and its per-event records (ingredient list,
 * discount, tax, staff) are agreed with the account. Its sync bookkeeping stays, marked `away`, so its
 * absence is never taken for a delete (no tombstone goes out). The account's later changes to it bring
 * it back to be looked at again, and so does a longer keep time (`eventsToBringBack`); it leaves again
 * only if it still may. Opening it fetches it from the account (`applyFetched`).
 *
 * Pure: the device's data and sync state in, the plan out. src/sync/cycle.ts carries it out.
 */
import { eventCosting, type CostingInput } from '../domain/costing';
import { owedCents } from '../domain/customers';
import { statusOf } from '../domain/eventStatus';
import { paymentsOf, toCents } from '../domain/payments';
import {
  eventIdOfCollection,
  hashRecord,
  keyOf,
  type LocalWrite,
  type PulledChange,
  type ShadowEntry,
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

/** A per-event value (`4-taxPercentage`) as the snapshot holds it, 0 when absent (as its store reads it). */
function valueOf(snapshot: Snapshot, collection: string): number {
  const value = (snapshot.get(collection)?.get('value') as { value?: unknown } | undefined)?.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * What the event still owes, in cents, as the Customers page counts it (domain/customers `owedCents`):
 * its total after tax (the pricing tool's, from the event, its ingredient list, discount and tax here;
 * 0 when it has none) less its payments; nothing for a cancelled one or an overpaid one.
 */
export function owedHere(event: object, eventId: number, snapshot: Snapshot): number {
  const e = event as { NumberOfGuests?: unknown; ingredients?: unknown; pricing?: unknown };
  const costing = eventCosting({
    guests: typeof e.NumberOfGuests === 'number' ? e.NumberOfGuests : 0,
    inventoryLines: [...(snapshot.get(`ingredientList-${eventId}`)?.values() ?? [])] as CostingInput['inventoryLines'],
    specialtyLines: (Array.isArray(e.ingredients) ? e.ingredients : []) as CostingInput['specialtyLines'],
    priceLines: (Array.isArray(e.pricing) ? e.pricing : []) as CostingInput['priceLines'],
    discountPercent: valueOf(snapshot, `${eventId}-discountPercentage`),
    taxPercent: valueOf(snapshot, `${eventId}-taxPercentage`),
  });
  const paid = paymentsOf(event).reduce((sum, p) => sum + toCents(p.amount), 0);
  return owedCents(toCents(costing.taxed ?? 0) - paid, statusOf(event) === 'cancelled');
}

/**
 * Whether an event may be kept only in the account (issue 24: "events completed more than a chosen time
 * ago"): dated before the cutoff, Completed or Cancelled (issue 22), and owing nothing. An open event
 * (Enquiry, Quoted, Confirmed) or one with money still owed stays here, where Payments Due and the
 * Customers page count it.
 */
export function mayKeepOnlyInAccount(
  event: object,
  eventId: number,
  snapshot: Snapshot,
  cutoff: string | null,
): boolean {
  if (!cutoff) return false;
  const date = (event as { EventDate?: unknown }).EventDate;
  if (typeof date !== 'string' || !ISO_DATE.test(date) || date >= cutoff) return false;
  const status = statusOf(event);
  if (status !== 'completed' && status !== 'cancelled') return false;
  return owedHere(event, eventId, snapshot) === 0;
}

/**
 * Whether an event pulled from the account, not yet here, may go straight to "kept only in the account"
 * as far as its own record tells: dated before the cutoff, Completed or Cancelled. What it owes depends on
 * its per-event records too, which may come in later pages: that is decided once the pull has them all
 * (src/sync/cycle.ts `pullChanges`, with {@link mayKeepOnlyInAccount}).
 */
export function mayGoOnArrival(event: object | null, cutoff: string | null): boolean {
  if (!cutoff || !event) return false;
  const date = (event as { EventDate?: unknown }).EventDate;
  if (typeof date !== 'string' || !ISO_DATE.test(date) || date >= cutoff) return false;
  const status = statusOf(event);
  return status === 'completed' || status === 'cancelled';
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
  /** Each event's date (by event id), kept with its record's sync state. */
  dates?: Record<number, string>;
}

/**
 * Which events this device may let go now: those that may be kept only in the account
 * (`mayKeepOnlyInAccount`: dated before the cutoff, completed or cancelled, owing nothing), not kept,
 * and agreed with the account, with every one of its per-event records (nothing of it in the outbox,
 * refused or not, nor in a conflict, nor set aside here, and each record here as the account has it).
 * The event with the highest id (of the events here and the deleted ids) always stays; a new event
 * never takes the id of one kept in the account anyway (storage's `eventIdsKeptInAccount`). Call it
 * with the outbox up to date (`recordChanges`).
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
  // A per-event record set aside here (unreadable) is not agreed: its event stays.
  for (const item of snapshot.unknownHere ?? [])
    if (item !== 'events') settle(item.includes('|') ? item : keyOf(item, ''));
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
  const dates: Record<number, string> = {};
  for (const [recordId, event] of events) {
    const id = Number(recordId);
    if (!Number.isInteger(id) || id === highest || unsettled.has(id) || options.keep?.(id)) continue;
    if (!mayKeepOnlyInAccount(event, id, snapshot, options.cutoff)) continue;
    chosen.push(id);
    dates[id] = (event as { EventDate: string }).EventDate;
  }
  if (!chosen.length) return none;
  const going = new Set(chosen);
  const keys = Object.keys(state.shadow).filter((key) => {
    if (state.shadow[key]!.hash === hashRecord(null)) return false;
    const collection = collectionOfKey(key);
    const id = collection === 'events' ? Number(idOfKey(key)) : eventIdOfCollection(collection);
    return id !== null && going.has(id);
  });
  return { eventIds: chosen.sort((a, b) => a - b), keys, dates };
}

/** The state once the plan's events are kept only in the account. */
export function markAway(state: SyncState, plan: Eviction): SyncState {
  if (!plan.keys.length) return state;
  const shadow = { ...state.shadow };
  for (const key of plan.keys) {
    if (!shadow[key]) continue;
    const date = collectionOfKey(key) === 'events' ? plan.dates?.[Number(idOfKey(key))] : undefined;
    shadow[key] = { ...shadow[key]!, away: true, ...(date ? { date } : {}) };
  }
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
 * The events kept only in the account that should come back here: those a pulled change touched
 * (`returning`: looked at again once here) and those that may no longer be kept only there because the
 * keep time grew past their date (every one for "Every event"; one whose date is not known, to learn it).
 */
export function eventsToBringBack(state: SyncState, cutoff: string | null): number[] {
  const ids = new Set<number>();
  const away = (id: number): ShadowEntry | undefined => {
    const entry = state.shadow[keyOf('events', String(id))];
    return entry?.away ? entry : undefined;
  };
  for (const id of state.returning ?? []) if (away(id)) ids.add(id);
  for (const id of awayEventIds(state)) {
    const date = away(id)!.date;
    if (cutoff === null || date === undefined || date >= cutoff) ids.add(id);
  }
  return [...ids].sort((a, b) => b - a);
}

/**
 * An event fetched from the account (opened, or brought back): its records are written here and agreed
 * (no longer `away`). A record this device holds already (changed here, say) is left as it is, and so
 * is one waiting in a conflict; one of them still `away` is sent as new by `recordChanges`, so the
 * account answers with a conflict when the two differ.
 */
export function applyFetched(
  state: SyncState,
  snapshot: Snapshot,
  eventId: number,
  changes: readonly PulledChange[],
): { state: SyncState; writes: LocalWrite[] } {
  const shadow = { ...state.shadow };
  const writes: LocalWrite[] = [];
  const sent = new Set<string>();
  for (const change of changes) {
    const key = keyOf(change.collection, change.record_id);
    if (change.deleted || !change.record || !belongsTo(key, eventId)) continue;
    sent.add(key);
    // One here already stays as it is, still `away` when it was: `recordChanges` sends it as new, so a
    // difference with the account's becomes a conflict (never a silent overwrite of the account's).
    if (snapshot.get(change.collection)?.has(change.record_id) || state.conflicts[key] || state.outbox[key]) continue;
    shadow[key] = { rev: change.rev, hash: hashRecord(change.record) };
    writes.push({ collection: change.collection, record_id: change.record_id, record: change.record });
  }
  // What of the event is still away and was not sent: the account no longer has it (deleted since).
  for (const [key, entry] of Object.entries(shadow))
    if (entry.away && !sent.has(key) && belongsTo(key, eventId))
      shadow[key] = { rev: entry.rev, hash: hashRecord(null) };
  const returning = state.returning?.filter((id) => id !== eventId);
  return { state: { ...state, shadow, ...(returning ? { returning } : {}) }, writes };
}
