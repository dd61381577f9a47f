/**
 * The Dashboard's connect (Zag's `connect`): the dashboard machine's state + send → what the panels
 * show (upcoming events, the demand of the chosen window, what to order and the suppliers' order lists,
 * the mock-data and data-view controls). Pure, unit-tested without React; the app layer's hooks
 * (src/app/dashboard/useDashboardActor.ts) bind it to the live actor and memoize each step.
 */
import type { SnapshotFrom } from 'xstate';
import { computeDemand, DEMAND_WINDOWS, type DemandResult as Demand, type DemandWindowDays } from '../../domain/demand';
import { describeCollections, type CollectionName } from '../../domain/mockDataInfo';
import {
  needToOrderLines,
  needToOrderRows,
  specialtyNeedRows,
  specialtyOrderLines,
  type NeedToOrderLine,
  type SpecialtyOrderLine,
} from '../../domain/needToOrder';
import { orderListsBySupplier } from '../../domain/orderLists';
import { upcomingEvents } from '../../domain/upcoming';
import type { DashboardContext, DashboardEvent, dashboardMachine } from './dashboard.machine';

export type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;
type Send = (event: DashboardEvent) => void;

export function connectMockData(s: DashboardSnapshot, send: Send) {
  return {
    busy: s.hasTag('loading mock data'),
    confirming: s.hasTag('confirm replace'),
    refreshToView: s.hasTag('refresh to view'),
    replacing: describeCollections(s.context.replacing),
    load: () => send({ type: 'mock.load' }),
    confirm: () => send({ type: 'replace.confirm' }),
    cancel: () => send({ type: 'replace.cancel' }),
  };
}

export const upcoming = (c: Pick<DashboardContext, 'events' | 'today'>) => upcomingEvents(c.events, c.today);

/** Demand of the events in the chosen window. */
export const demandOf = (c: Pick<DashboardContext, 'events' | 'ingredientLists' | 'today' | 'demandDays'>) =>
  computeDemand(c.events, c.ingredientLists, c.today, c.demandDays);

/** What to order: inventory lines under the demand, specialty lines, and both by supplier. */
export function orderLines(
  c: Pick<DashboardContext, 'inventoryItems' | 'selectedItems' | 'suppliers' | 'events' | 'today' | 'demandDays'>,
  demand: Demand,
) {
  const lines = needToOrderLines(c.inventoryItems, demand.byItem, c.selectedItems);
  const specialty = specialtyOrderLines(c.events, c.today, c.demandDays, c.selectedItems);
  return { lines, specialty, lists: orderListsBySupplier(lines, c.suppliers, specialty) };
}

/** What the Need to Order panel shows for one window: the window's demand and what to order under it. */
export interface WindowOrder extends ReturnType<typeof orderLines> {
  demand: Demand;
}

/**
 * Need to Order for any window from one set of inputs, each window worked out once and kept: changing
 * the window back and forth (or after it was worked out ahead on idle) reuses the result instead of
 * recomputing the demand of every event and the lists of every supplier on the input (issue 23).
 * A new set of inputs (an event, an item, a flag changed) makes a new one. The demand is kept per window
 * in `demandFor`, which only depends on the events, their lists and the day, so ticking Order placed
 * does not sum the events again.
 */
export function demandByWindow(c: Pick<DashboardContext, 'events' | 'ingredientLists' | 'today'>): DemandFor {
  const kept = new Map<DemandWindowDays, Demand>();
  const demandFor = (demandDays: DemandWindowDays): Demand => {
    let demand = kept.get(demandDays);
    if (!demand) kept.set(demandDays, (demand = demandOf({ ...c, demandDays })));
    return demand;
  };
  return Object.assign(demandFor, { has: (demandDays: DemandWindowDays) => kept.has(demandDays) });
}

/** A window's demand, kept; `has` says whether it is worked out already. */
export type DemandFor = ((days: DemandWindowDays) => Demand) & { has?: (days: DemandWindowDays) => boolean };

export function orderByWindow(
  c: Pick<DashboardContext, 'inventoryItems' | 'selectedItems' | 'suppliers' | 'events' | 'today'>,
  demandFor: DemandFor,
) {
  const kept = new Map<DemandWindowDays, WindowOrder>();
  // A window's lines, worked out ahead before its lists (one step each).
  const lined = new Map<DemandWindowDays, Pick<WindowOrder, 'lines' | 'specialty' | 'demand'>>();
  const linesFor = (demandDays: DemandWindowDays) => {
    let parts = lined.get(demandDays);
    if (!parts) {
      const demand = demandFor(demandDays);
      parts = {
        demand,
        lines: needToOrderLines(c.inventoryItems, demand.byItem, c.selectedItems),
        specialty: specialtyOrderLines(c.events, c.today, demandDays, c.selectedItems),
      };
      lined.set(demandDays, parts);
    }
    return parts;
  };
  const orderFor = (demandDays: DemandWindowDays): WindowOrder => {
    let order = kept.get(demandDays);
    if (!order) {
      const { lines, specialty, demand } = linesFor(demandDays);
      kept.set(
        demandDays,
        (order = { lines, specialty, lists: orderListsBySupplier(lines, c.suppliers, specialty), demand }),
      );
      lined.delete(demandDays);
    }
    return order;
  };
  /** The windows not worked out yet (to do ahead, one at a time, when the page is idle). */
  const pending = () => DEMAND_WINDOWS.filter((days) => !kept.has(days));
  /**
   * One step of working out the next window ahead: its demand, then its lines, then its lists by supplier, each
   * in its own idle callback, so no step holds the page long (a click waits for at most one). False when none is
   * left.
   */
  const stepAhead = (): boolean => {
    const [days] = pending();
    if (days === undefined) return false;
    if (demandFor.has && !demandFor.has(days)) demandFor(days);
    else if (!lined.has(days)) linesFor(days);
    else orderFor(days);
    return pending().length > 0;
  };
  return { orderFor, pending, stepAhead };
}

export function connectNeedToOrder(
  parts: {
    lines: NeedToOrderLine[];
    specialty: SpecialtyOrderLine[];
    lists: ReturnType<typeof orderListsBySupplier>;
    today: string;
    days: DemandWindowDays;
    demand: Demand;
  },
  send: Send,
) {
  const { lines, specialty, lists, today, days, demand } = parts;
  return {
    lines,
    specialty,
    lists,
    today,
    days,
    windows: DEMAND_WINDOWS,
    eventsCounted: demand.counted,
    undated: demand.undated,
    exportRows: () => [...needToOrderRows(lines), ...specialtyNeedRows(specialty)],
    toggle: (id: string) => send({ type: 'order.toggle', id }),
    setWindow: (next: DemandWindowDays) => send({ type: 'demand.window', days: next }),
  };
}

export function connectOrderList(s: DashboardSnapshot, key: string, send: Send) {
  const mine = s.context.copiedList === key;
  return {
    copying: s.hasTag('copying') && mine,
    copied: s.hasTag('copied') && mine,
    copyError: s.hasTag('copy failed') && mine ? s.context.copyError : null,
    copy: (text: string) => send({ type: 'orderList.copy', key, text }),
    print: () => send({ type: 'orderList.print', key }),
  };
}

export function connectDataSection(s: DashboardSnapshot, collection: CollectionName, send: Send) {
  return {
    rows: s.context[collection] as readonly Record<string, unknown>[],
    shown: s.hasTag(`show ${collection}`),
    toggle: () => send({ type: 'section.toggle', collection }),
  };
}
