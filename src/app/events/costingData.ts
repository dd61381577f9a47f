/**
 * An event's cost, price and margin as stored now (domain/costing.ts on the event, its
 * ingredientList-{id}, its staffList-{id} at the employees' hourly rates, and its discount and tax), for the event's details, the Dashboard and the
 * event sheet. The figures follow other tabs' changes and the Tool Kit's (announced when it closes).
 */
import { useEffect, useMemo, useReducer } from 'react';
import { eventCosting, windowCosting, type EventCosting } from '../../domain/costing';
import { labourCost } from '../../domain/staff';
import {
  discountPercentageStore,
  employeesStore,
  eventCostingKeys,
  ingredientListStore,
  staffListStore,
  taxPercentageStore,
  type CateringEvent,
  type Employee,
} from '../../storage';
import { watchKeys } from '../../storage/watchKeys';

/** Every figure of one event, read from storage now (labour at the employees' hourly rates, issue 21). */
export function readEventCosting(
  event: CateringEvent,
  employees: readonly Employee[] = employeesStore.read(),
): EventCosting {
  return eventCosting({
    labour: labourCost(staffListStore(event.id).read(), employees),
    guests: event.NumberOfGuests,
    inventoryLines: ingredientListStore(event.id).read(),
    specialtyLines: event.ingredients ?? [],
    priceLines: event.pricing ?? [],
    discountPercent: discountPercentageStore(event.id).read(),
    taxPercent: taxPercentageStore(event.id).read(),
  });
}

/**
 * Each event's total after tax as stored now, for a pass over many events (the Dashboard's Payments Due and
 * Upcoming Events totals): the employees (their hourly rates) are read once for the pass, not once per event, a
 * read of the whole `employees` key each time (issue 23: a Dashboard with 1,000 employees read it for every open
 * event while drawing Payments Due).
 */
export function taxedTotals(): (event: CateringEvent) => number | null {
  let employees: readonly Employee[] | undefined;
  return (event) => readEventCosting(event, (employees ??= employeesStore.read())).taxed;
}

/** Calls back when one of these events' per-event keys, or the employees (their hourly rates), change. */
export function watchEventCosting(ids: readonly number[], onChange: () => void): () => void {
  return watchKeys([...ids.flatMap(eventCostingKeys), employeesStore.key], onChange);
}

function useCostingVersion(ids: readonly number[]): number {
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  const key = ids.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => watchEventCosting(ids, bump), [key]);
  return version;
}

export function useEventCosting(event: CateringEvent): EventCosting {
  const version = useCostingVersion([event.id]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => readEventCosting(event), [event, version]);
}

/** `version` only says when to read again. */
function windowTotals(events: readonly CateringEvent[], _version: number) {
  const employees = employeesStore.read();
  return windowCosting(events.map((event) => readEventCosting(event, employees)));
}

/** The totals of several events (the Dashboard's upcoming window). */
export function useWindowCosting(events: readonly CateringEvent[]) {
  const version = useCostingVersion(events.map((e) => e.id));
  return useMemo(() => windowTotals(events, version), [events, version]);
}
