/**
 * Issue 23: the first Tool Kit open after the events page loaded read and checked the 5,000 inventory
 * items (~140 ms at 4x CPU slowdown, with its garbage) and every event's staff list, inside the click.
 * The events page does it ahead, once it is idle, in slices of a few milliseconds: the inventory
 * through its collection's sliced read (`prepareRead`), then each event's staff list, then the other
 * events' shifts (`prepareOtherShifts`), then the customers' index the Edit Event dialog's save uses.
 * Nothing changes what an open shows: a read still compares the stored text (another tab's change is
 * read again), an open before the end finishes the inventory's read where it is, and the shifts' index
 * follows the staff lists' changes as before.
 */
import { useEffect } from 'react';
import { employeesStore, inventoryItemsStore, staffListStore } from '../../storage';
import type { EventsRef } from '../events/useEventsActor';
import { prepareOtherShifts } from '../staff/otherShifts';
import { prepareCustomerIndex } from '../../domain/customers';

/** The longest slice: a click that lands on one waits at most about this long (plus one step) for it. */
const sliceMs = 6;

export function useToolkitReady(eventsRef: EventsRef): void {
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return;
    let handle = 0;
    // The Staff tool reads the 1,000 employees too.
    const collections = [inventoryItemsStore, employeesStore];
    let reading: ((timeLeft: () => number) => boolean) | null = null;
    let staffFrom = 0;
    let shiftsReady = false;
    const run = (deadline: IdleDeadline) => {
      const start = performance.now();
      const timeLeft = () => Math.min(deadline.timeRemaining(), sliceMs - (performance.now() - start));
      while (collections.length && timeLeft() > 0) {
        reading ??= collections[0]!.prepareRead();
        if (!reading(timeLeft)) break;
        collections.shift();
        reading = null;
      }
      if (!collections.length) {
        const events = eventsRef.getSnapshot().context.events;
        while (staffFrom < events.length && timeLeft() > 0) staffListStore(events[staffFrom++]!.id).read();
        if (staffFrom >= events.length && timeLeft() > 0) {
          // Then, in an idle callback of its own, the customers' index the Edit Event dialog's save checks the
          // customer with (issue 23).
          if (shiftsReady) return prepareCustomerIndex(eventsRef.getSnapshot().context.customers);
          prepareOtherShifts(events);
          shiftsReady = true;
        }
      }
      handle = window.requestIdleCallback(run);
    };
    handle = window.requestIdleCallback(run);
    return () => window.cancelIdleCallback(handle);
  }, [eventsRef]);
}
