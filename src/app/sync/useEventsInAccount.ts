/**
 * /ManageEvents' link to the events this device keeps only in the account (issue 24 part 7): how
 * many there are, and the search-and-open statechart with its effects (the account's
 * `sync_event_summaries` and `sync_event_records`, the fetched event written into this browser).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { eventsInAccountMachine, type AccountEvent, type OpenView } from '../../machines/sync/eventsInAccount.machine';
import { eventsInAccountView } from '../../machines/sync/eventsInAccount.connect';
import type { EventSummary } from '../../sync/remote';
import { inspect } from '../../views/shell/inspector';
import { currentSyncActor, eventsInAccount, openEventFromAccount, searchEventsInAccount } from './syncService';
import { useSync } from './useSync';

const toAccountEvent = (e: EventSummary): AccountEvent => ({
  id: Number(e.id),
  name: e.name,
  date: e.date,
  customer: e.customer,
  guests: typeof e.guests === 'number' ? e.guests : Number.isFinite(Number(e.guests)) ? Number(e.guests) : null,
});

/** The number of events this device keeps only in the account (0 while sync is off), after each sync. */
export function useEventsInAccountCount(): number {
  const sync = useSync();
  const [count, setCount] = useState(0);
  const last = sync.status?.last ?? null;
  const tone = sync.status?.tone ?? null;
  useEffect(() => {
    setCount(sync.on && currentSyncActor() ? eventsInAccount().length : 0);
  }, [sync.on, last, tone]);
  return count;
}

/** The search and open of events kept in the account; `onOpened` opens the fetched event's Tool Kit or sheet. */
export function useEventsInAccount(onOpened: (id: number, view: OpenView) => void) {
  const opened = useRef(onOpened);
  useEffect(() => {
    opened.current = onOpened;
  }, [onOpened]);
  const machine = useMemo(
    () =>
      eventsInAccountMachine.provide({
        actors: {
          search: fromPromise(async ({ input }) => {
            const found = await searchEventsInAccount(input.query);
            return { events: found.events.map(toAccountEvent), more: found.more };
          }),
          fetchEvent: fromPromise(({ input }) => openEventFromAccount(input.id)),
        },
        actions: {
          showOpened: (_, params) => opened.current(params.id, params.view),
        },
      }),
    [],
  );
  const ref = useActorRef(machine, { input: { query: '' }, inspect });
  const snapshot = useSelector(ref, (s) => s);
  return {
    ...eventsInAccountView(snapshot),
    search: (query: string) => ref.send({ type: 'archive.search', query }),
    open: (event: AccountEvent, view: OpenView) =>
      ref.send({ type: 'archive.open', id: event.id, name: event.name, view }),
  };
}

/** Keeps the event a view shows on this device while it shows it, whichever tab syncs (./holds.ts). */
export { useHoldEventHere } from './holds';
