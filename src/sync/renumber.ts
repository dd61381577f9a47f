/**
 * A new event added on two devices before they sync (issue 24, docs/sync.md "A new event added on two
 * devices"). The spec numbers a new event "max id + 1" on the device that adds it, so two devices can give
 * two bookings one id; merged by id, they would be two versions of one record, and either choice in the
 * conflict dialog would keep only one booking. So before a pull, a device that has synced before asks the
 * account about its events the account has never agreed with it (`newEventIds`), and moves each whose id
 * the account already holds for another booking to an id free everywhere (`planRenumbering`), with what
 * names it: its per-event keys, the quotes and invoices issued for it here, and the customer made for it.
 * Pure: src/sync/cycle.ts `renumberNewEvents` asks the account and writes the plan.
 */
import { customerIdOf } from '../domain/customers';
import {
  eventIdOfCollection,
  hashRecord,
  keyOf,
  type LocalWrite,
  type OutboxEntry,
  type Snapshot,
  type SyncState,
} from './engine';

/** What the account answers about some event ids (`sync_event_ids`). */
export interface TakenEventIds {
  /** The asked ids the account holds an event row of (a deleted one too: its id stays taken). */
  events: Array<{ id: string; rev: number; record: object | null; deleted: boolean }>;
  /** The highest event id among the account's events and deleted-event ids (0: none). */
  highest: number;
}

/** One event moved to a free id, with its name (what the caterer is told). */
export interface EventMove {
  from: number;
  to: number;
  name: string;
}

export interface Renumbering {
  moves: EventMove[];
  /** The local writes that move them (all of it or none: src/app/sync/browserPort.ts `moveEvents`). */
  writes: LocalWrite[];
  /** The sync state without the moved records' outbox entries (the push notes them under their new keys). */
  state: SyncState;
}

const EVENTS = 'events';
const isEventId = (id: string) => /^[1-9][0-9]{0,14}$/.test(id);

/**
 * This device's events the account has never agreed with it (no shadow entry): added here since the last
 * sync, or pushed without the answer arriving. Not one waiting in a conflict.
 */
export function newEventIds(state: SyncState, events: ReadonlyMap<string, object> | undefined): string[] {
  const ids: string[] = [];
  for (const id of events?.keys() ?? []) {
    const key = keyOf(EVENTS, id);
    if (isEventId(id) && !state.shadow[key] && !state.conflicts[key]) ids.push(id);
  }
  return ids;
}

/**
 * Whether the account's event is this device's own: the content it holds here, or one this device sent
 * before (a push the account applied whose answer never came back).
 */
function isOwn(held: { record: object | null; deleted: boolean }, local: object, outbox: OutboxEntry | undefined) {
  if (held.deleted || !held.record) return false;
  const theirs = hashRecord(held.record);
  return theirs === hashRecord(local) || theirs === outbox?.hash || !!outbox?.previous.includes(theirs);
}

/**
 * The moves for this device's new events whose ids the account holds for another booking (`taken`, the
 * account's answer about `asked`), against the device's whole data and sync state: each to the next id above
 * every id here (events, deleted ids, ids agreed or kept only in the account, per-event keys) and the
 * account's highest, in the order of their ids. A new event the account holds as this device sent it stays.
 */
export function planRenumbering(
  state: SyncState,
  data: Snapshot,
  asked: readonly string[],
  taken: TakenEventIds,
): Renumbering {
  const events = data.get(EVENTS);
  const held = new Map(taken.events.map((e) => [String(e.id), e]));
  const colliding = asked
    .filter((id) => {
      const local = events?.get(id);
      const account = held.get(id);
      // Agreed or in a conflict since it was asked (another tab's pull): the pull decides it.
      if (!local || !account || state.shadow[keyOf(EVENTS, id)] || state.conflicts[keyOf(EVENTS, id)]) return false;
      return !isOwn(account, local, state.outbox[keyOf(EVENTS, id)]);
    })
    .map(Number)
    .sort((a, b) => a - b);
  if (!colliding.length) return { moves: [], writes: [], state };

  let next = Number.isSafeInteger(taken.highest) && taken.highest > 0 ? taken.highest : 0;
  for (const id of usedIds(state, data)) if (id > next) next = id;
  next++;
  const moves: EventMove[] = colliding.map((from) => {
    const record = events!.get(String(from)) as { EventName?: unknown };
    return { from, to: next++, name: typeof record.EventName === 'string' ? record.EventName : '' };
  });
  const writes: LocalWrite[] = [];
  const outbox = { ...state.outbox };
  const put = (collection: string, id: string, record: object | null) => {
    writes.push({ collection, record_id: id, record });
    // The push notes it again under its new key; under its old one it was never agreed: nothing to send.
    if (!record) delete outbox[keyOf(collection, id)];
  };
  const unagreed = (collection: string, id: string) =>
    !state.shadow[keyOf(collection, id)] && !state.conflicts[keyOf(collection, id)];
  const customers = data.get('customers');
  const takenCustomerIds = new Set(customers?.keys() ?? []);
  for (const key of Object.keys(state.shadow)) if (key.startsWith('customers|')) takenCustomerIds.add(key.slice(10));
  const movedCustomers = new Map<string, string>();

  for (const { from, to } of moves) {
    const event = events!.get(String(from))!;
    // The customer made for it here (`c<id>`, domain/customers.ts), never agreed: another device's new
    // customer of its own event of that id would have the same id. It moves with its event.
    const customerId = customerIdOf(event);
    if (customerId && new RegExp(`^c${from}(?:-\\d+)?$`).test(customerId) && customers?.has(customerId)) {
      if (unagreed('customers', customerId) && !movedCustomers.has(customerId)) {
        let id = `c${to}`;
        for (let n = 2; takenCustomerIds.has(id); n++) id = `c${to}-${n}`;
        takenCustomerIds.add(id);
        movedCustomers.set(customerId, id);
        put('customers', customerId, null);
        put('customers', id, { ...customers.get(customerId)!, id });
      }
    }
    put(EVENTS, String(from), null);
    put(EVENTS, String(to), { ...event, id: to });
    // Its per-event keys: what of them was never agreed (an agreed line there would be the account's).
    for (const [collection, records] of data) {
      if (eventIdOfCollection(collection) !== from) continue;
      const moved = collection.startsWith(`${from}-`)
        ? `${to}${collection.slice(String(from).length)}`
        : `${collection.slice(0, collection.length - String(from).length)}${to}`;
      for (const [id, record] of records)
        if (unagreed(collection, id)) {
          put(collection, id, null);
          put(moved, id, record);
        }
    }
  }
  // Quotes and invoices issued here for them (their `eventId`), never agreed.
  const byFrom = new Map(moves.map((m) => [m.from, m.to]));
  for (const [id, doc] of data.get('issuedDocuments') ?? []) {
    const to = byFrom.get((doc as { eventId?: unknown }).eventId as number);
    if (to !== undefined && unagreed('issuedDocuments', id)) put('issuedDocuments', id, { ...doc, eventId: to });
  }
  // Other events here that name a moved customer (this device's new events of that customer).
  if (movedCustomers.size)
    for (const [id, event] of events ?? []) {
      const customer = movedCustomers.get(customerIdOf(event));
      if (!customer) continue;
      const moved = byFrom.get(Number(id));
      const target = moved !== undefined ? String(moved) : id;
      const at = writes.findIndex((w) => w.collection === EVENTS && w.record_id === target && w.record);
      const base = at >= 0 ? writes[at]!.record! : event;
      const record = { ...base, customerId: customer };
      if (at >= 0) writes[at] = { collection: EVENTS, record_id: target, record };
      else put(EVENTS, id, record);
    }
  return { moves, writes, state: { ...state, outbox } };
}

/** Every event id this device knows of: its events, deleted ids, ids agreed with the account, per-event keys. */
function usedIds(state: SyncState, data: Snapshot): number[] {
  const ids: number[] = [];
  const add = (id: string | number | null) => {
    const n = Number(id);
    if (id !== null && Number.isSafeInteger(n) && n > 0) ids.push(n);
  };
  for (const id of data.get(EVENTS)?.keys() ?? []) add(id);
  for (const id of data.get('deletedEventIds')?.keys() ?? []) add(id);
  for (const collection of data.keys()) add(eventIdOfCollection(collection));
  for (const key of Object.keys(state.shadow)) {
    const at = key.indexOf('|');
    const collection = key.slice(0, at);
    if (collection === EVENTS || collection === 'deletedEventIds') add(key.slice(at + 1));
    else add(eventIdOfCollection(collection));
  }
  return ids;
}
