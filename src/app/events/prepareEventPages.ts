/**
 * Issue 23: the events page, an event's sheet, and its quote and invoice read the whole `events` key (2,000
 * events on a big business, read and checked) in their first render, and the sheet the employees and the
 * inventory too. Their loaders await these (App.tsx `named`, NotFoundPage.tsx): the same lists read ahead
 * in background slices (../readAhead.ts), so a click before the page is drawn does not wait for them.
 */
import { employeesStore, eventsStore, inventoryItemsStore } from '../../storage/keys';
import { readAhead, type ReadAheadOptions } from '../readAhead';

/** What the events page, a quote and an invoice read first: the events (the rest is one small key each). */
export const prepareEvents = (options?: ReadAheadOptions) => readAhead([eventsStore], undefined, options);

/** What an event's sheet reads first: the events, the employees (its staff and costing) and the inventory. */
export const prepareEventSheet = (options?: ReadAheadOptions) =>
  readAhead([eventsStore, employeesStore, inventoryItemsStore], undefined, options);
