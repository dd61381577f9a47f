/**
 * Need to Order (spec section 9, issue 11 part 1): an item needs ordering when what is on hand, less
 * what the upcoming events need, falls to or below its re-order level:
 * `quantity - demand <= whenToOrder`. With no events (demand 0) this is the spec's rule,
 * `whenToOrder >= quantity`. Order placed flags are kept per item id.
 */
import type { CateringEvent, InventoryItem, SelectedItem } from '../storage/schemas';
import { demandWindow, type DemandWindowDays, type ItemDemand } from './demand';
import { isISODate } from './eventDates';
import { formatAmount } from './ingredients';
import { roundCents } from './money';

/** Drops binary artefacts before comparing or rounding (5.1 - 0.1 - 5 reads 0). */
const tidy = (value: number) => Number(value.toPrecision(12));

export function needsOrder(item: Pick<InventoryItem, 'quantity' | 'whenToOrder'>, demand = 0): boolean {
  return tidy(item.quantity - demand) <= item.whenToOrder;
}

export function needToOrderItems(items: readonly InventoryItem[]): InventoryItem[] {
  return items.filter((item) => needsOrder(item));
}

/**
 * Suggested order, in whole packages: the fewest whole packages that bring on hand minus demand back
 * above the re-order level, i.e. the smallest whole n >= 0 with `quantity + n - demand > whenToOrder`,
 * which is `floor(whenToOrder + demand - quantity) + 1` when the item needs ordering, else 0.
 * Example: on hand 5, needed 12, re-order at 4: 5 + n - 12 > 4 gives n > 11, so 12 packages.
 */
export function suggestedPackages(item: Pick<InventoryItem, 'quantity' | 'whenToOrder'>, demand = 0): number {
  if (!needsOrder(item, demand)) return 0;
  const shortfall = tidy(item.whenToOrder + demand - item.quantity);
  return Math.max(0, Math.floor(shortfall) + 1);
}

/** Estimated cost of an order: packages x the item's cost per unit (one package), to the cent. */
export function estimatedCost(item: Pick<InventoryItem, 'costPerUnit'>, packages: number): number {
  return roundCents(packages * item.costPerUnit);
}

export interface NeedToOrderLine {
  item: InventoryItem;
  /** Packages the events in the window need (0 with no events). */
  demand: number;
  /** The events behind the demand. */
  events: ItemDemand['events'];
  suggested: number;
  estimatedCost: number;
  placed: boolean;
}

/** The items that need ordering, in inventory order, with demand, suggested packages and flags. */
export function needToOrderLines(
  items: readonly InventoryItem[],
  demand: ReadonlyMap<string, ItemDemand>,
  flags: readonly SelectedItem[],
): NeedToOrderLine[] {
  const placed = new Set(flags.filter((f) => f.orderPlaced).map((f) => f.id));
  const lines: NeedToOrderLine[] = [];
  for (const item of items) {
    const need = demand.get(item.id);
    const total = need?.total ?? 0;
    if (!needsOrder(item, total)) continue;
    const suggested = suggestedPackages(item, total);
    lines.push({
      item,
      demand: total,
      events: need?.events ?? [],
      suggested,
      estimatedCost: estimatedCost(item, suggested),
      placed: placed.has(item.id),
    });
  }
  return lines;
}

/** "Smith Wedding 8, Gala 4": the events behind a demand, with each one's packages. */
export function describeEventNeeds(events: ItemDemand['events']): string {
  return events.map((e) => `${e.eventName || `Event ${e.eventId}`} ${formatAmount(e.quantity)}`).join(', ');
}

/** "Needed for events: 12 (Smith Wedding 8, Gala 4)", or "Needed for events: 0". */
export function neededForEventsText(line: Pick<NeedToOrderLine, 'demand' | 'events'>): string {
  const names = describeEventNeeds(line.events);
  return `Needed for events: ${formatAmount(line.demand)}${names ? ` (${names})` : ''}`;
}

export function isOrderPlaced(flags: readonly SelectedItem[], id: string): boolean {
  return flags.some((f) => f.id === id && f.orderPlaced);
}

/** Flips one item's flag (adds the record when there is none). */
export function toggleOrderFlag(flags: readonly SelectedItem[], id: string): SelectedItem[] {
  if (!flags.some((f) => f.id === id)) return [...flags, { id, orderPlaced: true }];
  return flags.map((f) => (f.id === id ? { ...f, orderPlaced: !f.orderPlaced } : f));
}

/** Drops the flags of items that no longer exist (a specialty line's flag is kept: its event may be out of the window now). */
export function pruneOrderFlags(
  flags: readonly SelectedItem[],
  items: readonly Pick<InventoryItem, 'id'>[],
): SelectedItem[] {
  const ids = new Set(items.map((i) => i.id));
  return flags.filter((f) => ids.has(f.id) || f.id.startsWith(SPECIALTY_FLAG_PREFIX));
}

/** Order placed flags of specialty lines: `specialty:<eventId>:<line id>` (never an inventory id, which is a number). */
export const SPECIALTY_FLAG_PREFIX = 'specialty:';

/** A specialty ingredient an upcoming event still needs (not On Hand), to order from its supplier. */
export interface SpecialtyOrderLine {
  /** The Order placed flag's id. */
  id: string;
  eventId: number;
  eventName: string;
  eventDate: string;
  name: string;
  supplierName: string;
  /** Quantity needed, in packages. */
  quantity: number;
  packageType: string;
  unitQuantity: number;
  units: string;
  costPerUnit: number;
  estimatedCost: number;
  placed: boolean;
}

/**
 * Issue 25: the specialty ingredients of the events in the window (today through today + days, the
 * Need to Order window) that are not On Hand and have a quantity needed, by event date, then start
 * time, then event id, each event's lines in their order.
 */
export function specialtyOrderLines(
  events: readonly CateringEvent[],
  today: string,
  days: DemandWindowDays,
  flags: readonly SelectedItem[],
): SpecialtyOrderLine[] {
  const { from, to } = demandWindow(today, days);
  const placed = new Set(flags.filter((f) => f.orderPlaced).map((f) => f.id));
  const inWindow = events
    .filter((e) => isISODate(e.EventDate) && e.EventDate >= from && e.EventDate <= to)
    .sort(
      (a, b) =>
        (a.EventDate < b.EventDate ? -1 : a.EventDate > b.EventDate ? 1 : 0) ||
        (a.StartTime < b.StartTime ? -1 : a.StartTime > b.StartTime ? 1 : 0) ||
        a.id - b.id,
    );
  const lines: SpecialtyOrderLine[] = [];
  for (const event of inWindow) {
    (event.ingredients ?? []).forEach((line, index) => {
      const quantity = line.quantityNeeded;
      if (line.onHand || !Number.isFinite(quantity) || quantity <= 0) return;
      const id = `${SPECIALTY_FLAG_PREFIX}${event.id}:${line.id ?? index}`;
      const cost = Number.isFinite(line.costPerUnit) ? line.costPerUnit : 0;
      lines.push({
        id,
        eventId: event.id,
        eventName: event.EventName,
        eventDate: event.EventDate,
        name: line.name,
        supplierName: line.supplierName,
        quantity,
        packageType: line.packageType,
        unitQuantity: line.unitQuantity,
        units: line.units,
        costPerUnit: cost,
        estimatedCost: roundCents(quantity * cost),
        placed: placed.has(id),
      });
    });
  }
  return lines;
}

/** "Quarterly Sales Conference Lunch (2026-12-01)": the event a specialty line is for. */
export function specialtyForText(line: Pick<SpecialtyOrderLine, 'eventName' | 'eventId' | 'eventDate'>): string {
  return `${line.eventName || `Event ${line.eventId}`} (${line.eventDate})`;
}

/** Export rows of the specialty lines, with the same demand columns as the inventory rows. */
export interface SpecialtyNeedRow {
  id: string;
  kind: 'specialty';
  name: string;
  supplierName: string;
  packageType: string;
  unitQuantity: number;
  units: string;
  costPerUnit: number;
  orderPlaced: boolean;
  onHand: number;
  neededForEvents: number;
  neededFor: string;
  suggestedPackages: number;
  estimatedCost: number;
}

export function specialtyNeedRows(lines: readonly SpecialtyOrderLine[]): SpecialtyNeedRow[] {
  return lines.map((line) => ({
    id: line.id,
    kind: 'specialty',
    name: line.name,
    supplierName: line.supplierName,
    packageType: line.packageType,
    unitQuantity: line.unitQuantity,
    units: line.units,
    costPerUnit: line.costPerUnit,
    orderPlaced: line.placed,
    onHand: 0,
    neededForEvents: line.quantity,
    neededFor: `${line.eventName || `Event ${line.eventId}`} ${formatAmount(line.quantity)}`,
    suggestedPackages: line.quantity,
    estimatedCost: line.estimatedCost,
  }));
}

export type NeedToOrderRow = InventoryItem & {
  kind: 'inventory';
  orderPlaced: boolean;
  onHand: number;
  neededForEvents: number;
  neededFor: string;
  reorderLevel: number;
  suggestedPackages: number;
  estimatedCost: number;
};

/** Need-to-order rows for export: the item, its Order placed flag and the demand columns. */
export function needToOrderRows(lines: readonly NeedToOrderLine[]): NeedToOrderRow[] {
  return lines.map((line) => ({
    ...line.item,
    kind: 'inventory',
    orderPlaced: line.placed,
    onHand: line.item.quantity,
    neededForEvents: line.demand,
    neededFor: describeEventNeeds(line.events),
    reorderLevel: line.item.whenToOrder,
    suggestedPackages: line.suggested,
    estimatedCost: line.estimatedCost,
  }));
}
