/**
 * Demand of the events ahead (issue 11, part 1): how many packages of each inventory item the
 * upcoming events need, read from their Tool Kit ingredient lists (`ingredientList-{eventId}`).
 *
 * "Upcoming" is the Dashboard's rule with a window the user picks: events dated from today through
 * today + N days, both ends inclusive (N = 7, 14 or 30; 14 is the Upcoming Events window). Today's
 * events count all day, whatever their start time. An event whose date is not a real calendar day
 * (empty, mistyped) is not counted and is reported in `undated`, so the caterer can fix it.
 *
 * A line counts for the item whose id it carries (`line.id`, never its name or position); its
 * `quantity` is in the item's packages and is already the event's total (per-guest lines are stored
 * scaled, see schemas.ts). Lines with a quantity that is not a finite positive number add nothing.
 *
 * Pure. The per-event sums are memoised by the list's identity, so after one change (an item's stock,
 * one event's list) only what changed is summed again; see scripts/bench/demand.ts.
 */
import type { CateringEvent, ChosenIngredient } from '../storage/schemas';
import { addDays, isISODate } from './eventDates';
import { UPCOMING_WINDOW_DAYS } from './upcoming';

export const DEMAND_WINDOWS = [7, 14, 30] as const;
export type DemandWindowDays = (typeof DEMAND_WINDOWS)[number];
/** The Dashboard's upcoming window. */
export const DEFAULT_DEMAND_WINDOW: DemandWindowDays = UPCOMING_WINDOW_DAYS;

export function isDemandWindow(days: number): days is DemandWindowDays {
  return (DEMAND_WINDOWS as readonly number[]).includes(days);
}

/** One event's share of an item's demand. */
export interface EventNeed {
  eventId: number;
  eventName: string;
  eventDate: string;
  quantity: number;
}

export interface ItemDemand {
  /** Packages needed over the window. */
  total: number;
  /** The events behind the total, by date, then start time, then id. */
  events: EventNeed[];
}

export interface DemandResult {
  byItem: Map<string, ItemDemand>;
  /** Events in the window (counted, with or without an ingredient list). */
  counted: number;
  /** Events whose date cannot be read: not counted. */
  undated: CateringEvent[];
}

/** Ingredient lists by event id (the key is the id as text, as in `ingredientList-{id}`). */
export type IngredientLists = Readonly<Record<string, readonly ChosenIngredient[] | undefined>>;

/** Inclusive window: today through today + days. */
export function demandWindow(today: string, days: DemandWindowDays): { from: string; to: string } {
  return { from: today, to: addDays(today, days) };
}

const perEvent = new WeakMap<readonly ChosenIngredient[], ReadonlyMap<string, number>>();

/** Packages per item id in one event's list (a line chosen twice adds up). */
export function eventItemQuantities(lines: readonly ChosenIngredient[]): ReadonlyMap<string, number> {
  let sums = perEvent.get(lines);
  if (sums) return sums;
  const next = new Map<string, number>();
  for (const line of lines) {
    const q = line.quantity;
    if (typeof q !== 'number' || !Number.isFinite(q) || q <= 0) continue;
    next.set(line.id, (next.get(line.id) ?? 0) + q);
  }
  sums = next;
  perEvent.set(lines, sums);
  return sums;
}

// Plain code-unit order: YYYY-MM-DD and HH:MM compare correctly, and it is far cheaper than localeCompare.
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byDate = (a: CateringEvent, b: CateringEvent) =>
  cmp(a.EventDate, b.EventDate) || cmp(a.StartTime, b.StartTime) || a.id - b.id;

interface WindowEvents {
  inWindow: CateringEvent[];
  undated: CateringEvent[];
  /** Position of each counted event in date order. */
  rank: Map<number, number>;
}
/** The events of a window, sorted, memoised per events list, day and window (a list change reuses them). */
const windows = new WeakMap<readonly CateringEvent[], Map<string, WindowEvents>>();
function eventsInWindow(events: readonly CateringEvent[], today: string, days: DemandWindowDays): WindowEvents {
  const key = `${today}/${days}`;
  let byKey = windows.get(events);
  const hit = byKey?.get(key);
  if (hit) return hit;
  const { from, to } = demandWindow(today, days);
  const undated: CateringEvent[] = [];
  const inWindow: CateringEvent[] = [];
  for (const event of events) {
    if (!isISODate(event.EventDate)) undated.push(event);
    else if (event.EventDate >= from && event.EventDate <= to) inWindow.push(event);
  }
  inWindow.sort(byDate);
  const result = { inWindow, undated, rank: new Map(inWindow.map((e, i) => [e.id, i])) };
  if (!byKey) {
    byKey = new Map();
    windows.set(events, byKey);
  }
  byKey.set(key, result);
  return result;
}

/** Sums a total without binary artefacts piling up (0.1 + 0.2 reads 0.3). */
const tidy = (value: number) => Number(value.toPrecision(12));

/** The last result, so a change of a few lists updates only the items they touch (see `updateDemand`). */
let last: { events: readonly CateringEvent[]; lists: IngredientLists; key: string; result: DemandResult } | null = null;

/** Demand per item id over the events from `today` to `today + days`. */
export function computeDemand(
  events: readonly CateringEvent[],
  lists: IngredientLists,
  today: string,
  days: DemandWindowDays,
): DemandResult {
  const key = `${today}/${days}`;
  const win = eventsInWindow(events, today, days);
  let result: DemandResult | null = null;
  if (last && last.events === events && last.key === key) {
    if (last.lists === lists) return last.result;
    result = updateDemand(last.result, last.lists, lists, win);
  }
  result ??= sumDemand(win, lists);
  last = { events, lists, key, result };
  return result;
}

/** The demand summed from every list, without the memo (what `computeDemand` must always equal). */
export function computeDemandFromScratch(
  events: readonly CateringEvent[],
  lists: IngredientLists,
  today: string,
  days: DemandWindowDays,
): DemandResult {
  return sumDemand(eventsInWindow(events, today, days), lists);
}

function sumDemand({ inWindow, undated }: WindowEvents, lists: IngredientLists): DemandResult {
  const byItem = new Map<string, ItemDemand>();
  for (const event of inWindow) {
    const lines = lists[String(event.id)];
    if (!lines || lines.length === 0) continue;
    for (const [itemId, quantity] of eventItemQuantities(lines)) {
      let entry = byItem.get(itemId);
      if (!entry) {
        entry = { total: 0, events: [] };
        byItem.set(itemId, entry);
      }
      entry.total += quantity;
      entry.events.push({ eventId: event.id, eventName: event.EventName, eventDate: event.EventDate, quantity });
    }
  }
  for (const entry of byItem.values()) entry.total = tidy(entry.total);
  return { byItem, counted: inWindow.length, undated: [...undated] };
}

/**
 * The same result as `sumDemand`, made from the previous one when only a few events' lists changed:
 * the items those lists name get new entries (their events re-sorted, their totals summed again from
 * the events, so no rounding drifts), every other entry is reused. Null when many lists changed.
 */
function updateDemand(
  previous: DemandResult,
  before: IngredientLists,
  lists: IngredientLists,
  { inWindow, rank }: WindowEvents,
): DemandResult | null {
  const changed: CateringEvent[] = [];
  for (const event of inWindow) {
    const id = String(event.id);
    if (before[id] !== lists[id]) changed.push(event);
    if (changed.length > 50) return null;
  }
  if (changed.length === 0) return previous;
  const changedIds = new Set(changed.map((e) => e.id));
  const touched = new Set<string>();
  for (const event of changed) {
    for (const source of [before[String(event.id)], lists[String(event.id)]]) {
      if (source) for (const itemId of eventItemQuantities(source).keys()) touched.add(itemId);
    }
  }
  const byItem = new Map(previous.byItem);
  for (const itemId of touched) {
    const kept = (previous.byItem.get(itemId)?.events ?? []).filter((need) => !changedIds.has(need.eventId));
    for (const event of changed) {
      const source = lists[String(event.id)];
      const quantity = source ? eventItemQuantities(source).get(itemId) : undefined;
      if (quantity !== undefined)
        kept.push({ eventId: event.id, eventName: event.EventName, eventDate: event.EventDate, quantity });
    }
    if (kept.length === 0) {
      byItem.delete(itemId);
      continue;
    }
    kept.sort((a, b) => (rank.get(a.eventId) ?? 0) - (rank.get(b.eventId) ?? 0));
    let total = 0;
    for (const need of kept) total += need.quantity;
    byItem.set(itemId, { total: tidy(total), events: kept });
  }
  return { byItem, counted: previous.counted, undated: previous.undated };
}
