/**
 * The customers' views (issue 22, part 6): the Customers page's rows (their events and what those
 * owe), one customer's events with their totals and balances, and which customer an event card links
 * to. Reads the events as the events page lists them (stored ones and the built-in samples), the
 * customers (with those earlier events need derived, never written by reading), each event's total
 * after tax as the Payments tool shows it, its payments and status; follows other tabs' changes.
 */
import { useEffect, useMemo, useReducer, useState } from 'react';
import { emptyProfile } from '../../domain/businessProfile';
import {
  customerOfEvent,
  customerRows,
  eventsOfCustomer,
  owedCents,
  owedTogether,
  type Customer,
  type CustomerRow,
} from '../../domain/customers';
import { toISODate } from '../../domain/eventDates';
import { statusOf, type EventStatus } from '../../domain/eventStatus';
import { depositDueDateOf, paymentFigures, paymentsOf } from '../../domain/payments';
import { deletedEventIdsStore, employeesStore, eventsStore, type CateringEvent, type Employee } from '../../storage';
import { readEventCosting, watchEventCosting } from '../events/costingData';
import { loadEvents } from '../events/eventsData';
import { useBusinessProfile } from '../settings/useSettings';
import { customersStore, loadCustomers } from './customersData';
import { afterNextPaint } from '../shell/afterPaint';

export type { Customer, CustomerRow };

/** One event on a customer's page. */
export interface CustomerEventRow {
  event: CateringEvent;
  status: EventStatus;
  totalCents: number;
  /** Total less payments (negative when overpaid). */
  balanceCents: number;
  /** What it still owes (0 when cancelled or overpaid). */
  owedCents: number;
}

/** Reads again when the events, the deleted ids, the customers or a per-event key of the events change. */
function useBookVersion(ids: readonly number[]): number {
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const stops = [eventsStore.subscribe(bump), deletedEventIdsStore.subscribe(bump), customersStore.subscribe(bump)];
    return () => stops.forEach((stop) => stop());
  }, []);
  const key = ids.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => watchEventCosting(ids, bump), [key]);
  return version;
}

/** The account's customers, each with their events and what those owe, and each event's figures. */
export function useCustomerBook() {
  const [today] = useState(() => toISODate(new Date()));
  const [ids, setIds] = useState<number[]>([]);
  const version = useBookVersion(ids);
  const profile = useBusinessProfile() ?? emptyProfile();
  const book = useMemo(() => {
    const { events } = loadEvents(today);
    const customers = loadCustomers(events);
    let employees: Employee[] | undefined;
    // Each event's figures are worked out when a row or a customer's page shows it, then kept until
    // something changes (issue 23: all 2,000 read first held the page's first load).
    const figures = new Map<number, CustomerEventRow>();
    const figuresOf = (event: CateringEvent): CustomerEventRow => {
      const known = figures.get(event.id);
      if (known) return known;
      const status = statusOf(event);
      const total = readEventCosting(event, (employees ??= employeesStore.read())).taxed ?? 0;
      const terms = {
        depositPercent: profile.depositPercent,
        balanceDays: profile.balanceDays,
        depositDueDate: depositDueDateOf(event),
      };
      const f = paymentFigures(total, paymentsOf(event), event.EventDate, terms, today);
      const row = {
        event,
        status,
        totalCents: f.totalCents,
        balanceCents: f.balanceCents,
        owedCents: owedCents(f.balanceCents, status === 'cancelled'),
      };
      figures.set(event.id, row);
      return row;
    };
    return { events, customers, rows: customerRows(customers, events), figuresOf };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [today, version, profile.depositPercent, profile.balanceDays]);
  const eventIds = book.events.map((e) => e.id).join(',');
  useEffect(() => setIds(eventIds ? eventIds.split(',').map(Number) : []), [eventIds]);
  return {
    rows: book.rows,
    /** What a row's events still owe together, in cents. */
    owedOf: (row: CustomerRow<CateringEvent>) => owedTogether(row.events, (e) => book.figuresOf(e).owedCents),
    /** One customer, their events by date with each one's figures, and what they owe together; null when unknown. */
    customer: (id: string) => {
      const customer = book.customers.find((c) => c.id === id);
      if (!customer) return null;
      const events = eventsOfCustomer(book.customers, book.events, id).map(book.figuresOf);
      return { customer, events, owedCents: owedTogether(events, (e) => e.owedCents) };
    },
  };
}

/**
 * The customers as stored with those the events need (derived, never written by reading), shared by every
 * card of the page: read again only after the events, the deleted ids or the customers change. The cards
 * hear of a change just after the next paint (issue 23): an event's save stores its customer, and reading
 * the 2,000 events and deriving their customers again right then held the dialog's close (and made the
 * events list's after-paint write) before the screen showed it.
 */
let shared: Customer[] | null = null;
const listeners = new Set<() => void>();
let stopWatching: (() => void) | null = null;
let cancelTell: (() => void) | null = null;
function sharedCustomers(): Customer[] {
  shared ??= loadCustomers(loadEvents(toISODate(new Date())).events);
  return shared;
}
function watchShared(listener: () => void): () => void {
  listeners.add(listener);
  if (!stopWatching) {
    const changed = () => {
      shared = null;
      cancelTell ??= afterNextPaint(() => {
        cancelTell = null;
        listeners.forEach((l) => l());
      });
    };
    const stops = [
      eventsStore.subscribe(changed),
      deletedEventIdsStore.subscribe(changed),
      customersStore.subscribe(changed),
    ];
    stopWatching = () => {
      stops.forEach((stop) => stop());
      cancelTell?.();
      cancelTell = null;
    };
  }
  return () => {
    listeners.delete(listener);
    // Issue 23: a filter or a search that shows other cards unmounts every card before the new ones mount
    // (in the same commit): the customers are let go only if no card has come back by then, else the new
    // cards would read the 2,000 events and derive their customers again, and render twice.
    if (!listeners.size) queueMicrotask(letGoIfUnused);
  };
}
function letGoIfUnused() {
  if (listeners.size || !stopWatching) return;
  stopWatching();
  stopWatching = null;
  shared = null;
}

/** Which customer an event card links to: its `customerId`, else the customer its details match. */
export function useCustomerIdOf(event: CateringEvent): string | null {
  const [customers, setCustomers] = useState<Customer[]>(sharedCustomers);
  useEffect(() => {
    setCustomers(sharedCustomers());
    return watchShared(() => setCustomers(sharedCustomers()));
  }, []);
  return useMemo(() => customerOfEvent(customers, event)?.id ?? null, [customers, event]);
}
