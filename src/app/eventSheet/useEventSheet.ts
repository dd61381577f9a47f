/**
 * The event sheet's data, read through the storage accessors: the event (stored, or a built-in
 * sample), its Tool Kit ingredient lines, the inventory, discount and tax, its staff and the employees. Read again when any of
 * them changes (another tab, or this tab's Tool Kit), so a sheet left open stays current.
 */
import { useEffect, useState } from 'react';
import { toISODate } from '../../domain/eventDates';
import { buildEventSheet, type EventSheet } from '../../domain/eventSheet';
import {
  discountPercentageStore,
  employeesStore,
  eventsStore,
  ingredientListStore,
  inventoryItemsStore,
  staffListStore,
  taxPercentageStore,
  type CateringEvent,
} from '../../storage';
import type { EventCosting } from '../../domain/costing';
import { readEventCosting } from '../events/costingData';
import { loadEvents } from '../events/eventsData';

/** The sheet and the event's cost, price and margin (src/domain/costing.ts). */
export interface SheetData {
  /** The event as stored (or the built-in sample). */
  event: CateringEvent;
  sheet: EventSheet;
  costing: EventCosting;
}

function readSheet(id: number | null): SheetData | null {
  if (id === null) return null;
  const event = loadEvents(toISODate(new Date())).events.find((e) => e.id === id);
  if (!event) return null;
  const employees = employeesStore.read();
  const sheet = buildEventSheet({
    event,
    lines: ingredientListStore(id).read(),
    items: inventoryItemsStore.read(),
    discountPercent: discountPercentageStore(id).read(),
    taxPercent: taxPercentageStore(id).read(),
    staff: staffListStore(id).read(),
    employees,
  });
  return { event, sheet, costing: readEventCosting(event, employees) };
}

/** The sheet (and costing) of event `id`, or null when no event has that id (or the id is not one). */
export function useEventSheet(id: number | null): SheetData | null {
  const [read, setRead] = useState(() => ({ id, sheet: readSheet(id) }));
  useEffect(() => {
    const again = () => setRead({ id, sheet: readSheet(id) });
    if (read.id !== id) again();
    if (id === null) return;
    const stops = [
      eventsStore.subscribe(again),
      ingredientListStore(id).subscribe(again),
      inventoryItemsStore.subscribe(again),
      discountPercentageStore(id).subscribe(again),
      taxPercentageStore(id).subscribe(again),
      staffListStore(id).subscribe(again),
      employeesStore.subscribe(again),
    ];
    return () => stops.forEach((stop) => stop());
  }, [id, read.id]);
  return read.id === id ? read.sheet : readSheet(id);
}
