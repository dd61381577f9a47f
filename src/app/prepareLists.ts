/**
 * Issue 23: what each page's first render reads of the big lists, read ahead while its code loads and the
 * session is checked (./readAhead.ts); each page's module exports its own as `prepare` (App.tsx `named`), and the
 * fallback pages' loaders await theirs (NotFoundPage.tsx). The Dashboard's is ./dashboard/prepareDashboard.ts.
 */
import { employeesStore, eventsStore, inventoryItemsStore, suppliersStore } from '../storage/keys';
import { readAhead, type ReadAheadOptions } from './readAhead';

/** The events page, the calendar, a quote and an invoice: the events (the rest is one small key each). */
export const prepareEvents = (options?: ReadAheadOptions) => readAhead([eventsStore], undefined, options);

/** An event's sheet: the events, the employees (its staff and costing) and the inventory. */
export const prepareEventSheet = (options?: ReadAheadOptions) =>
  readAhead([eventsStore, employeesStore, inventoryItemsStore], undefined, options);

/** The inventory page: the items and the suppliers (its supplier choices). */
export const prepareInventory = (options?: ReadAheadOptions) =>
  readAhead([inventoryItemsStore, suppliersStore], undefined, options);

/** The customers' page and one customer's page: the events (each customer's) and the employees (their costing). */
export const prepareCustomers = (options?: ReadAheadOptions) =>
  readAhead([eventsStore, employeesStore], undefined, options);

/** The employees' page: the employees, and the events (each employee's upcoming shifts). */
export const prepareEmployees = (options?: ReadAheadOptions) =>
  readAhead([employeesStore, eventsStore], undefined, options);

/** The suppliers' page: the suppliers. */
export const prepareSuppliers = (options?: ReadAheadOptions) => readAhead([suppliersStore], undefined, options);
