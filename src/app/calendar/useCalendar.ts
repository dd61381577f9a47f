/**
 * The calendar actor of /Calendar with its effects provided (the .ics download, toasts), and the
 * events it shows: the same merged list /ManageEvents and the event sheet read (stored events plus
 * the built-in samples not deleted), read again when another tab or page changes them.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromCallback, type ActorRefFrom } from 'xstate';
import { watchDayClock } from '../dayClock';
import type { CalendarView } from '../../domain/calendar';
import { toISODate } from '../../domain/eventDates';
import { buildIcs, CALENDAR_FILE_NAME, ICS_MIME } from '../../domain/ics';
import { calendarMachine } from '../../machines/calendar/calendar.machine';
import { connectCalendar } from '../../machines/calendar/calendar.connect';
import { deletedEventIdsStore, eventsStore, type CateringEvent } from '../../storage';
import { loadEvents } from '../events/eventsData';
import { downloadBlob } from '../../views/shell/download';
import { inspect } from '../../views/shell/inspector';
import { notify } from '../../views/shell/toaster';
import { useStaffBookedTwice } from '../staff/useStaffBookedTwice';

export type CalendarRef = ActorRefFrom<typeof calendarMachine>;

/** Phones (below Panda's `sm`, 640 px) open on the Agenda: a month of names does not fit. */
const PHONE_QUERY = '(max-width: 639.98px)';

const implementation = calendarMachine.provide({
  actions: {
    downloadCalendar: (_, { events }) => {
      const file = buildIcs(events, new Date());
      downloadBlob(new Blob([file.text], { type: ICS_MIME }), CALENDAR_FILE_NAME);
      if (file.skipped.length) {
        notify({
          type: 'warning',
          title: `${file.skipped.length} event${file.skipped.length === 1 ? '' : 's'} without a valid date left out of the calendar file`,
        });
      }
    },
    notifyExported: (_, { count }) =>
      void notify({
        type: 'success',
        title: `Calendar exported: ${count} event${count === 1 ? '' : 's'}`,
        description: CALENDAR_FILE_NAME,
        duration: 4000,
      }),
    notifyNothingToExport: () => void notify({ type: 'warning', title: 'There are no events to export.' }),
  },
  actors: {
    watchClock: fromCallback(({ sendBack }) => watchDayClock((today) => sendBack({ type: 'clock.tick', today }))),
  },
});

/** The merged events list, kept current. */
export function useCalendarEvents(today: string): CateringEvent[] {
  const [events, setEvents] = useState(() => loadEvents(today).events);
  useEffect(() => {
    const again = () => setEvents(loadEvents(today).events);
    const stops = [eventsStore.subscribe(again), deletedEventIdsStore.subscribe(again)];
    return () => stops.forEach((stop) => stop());
  }, [today]);
  return events;
}

export function useCalendar() {
  const [firstDay] = useState(() => toISODate(new Date()));
  const [view] = useState<CalendarView>(() =>
    typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches ? 'agenda' : 'month',
  );
  const ref = useActorRef(implementation, { input: { today: firstDay, view }, inspect });
  // Today follows the clock (the machine's clock actor); the samples, dated from today, with it.
  const today = useSelector(ref, (s) => s.context.today);
  const events = useCalendarEvents(today);
  const staffBookedTwice = useStaffBookedTwice(events);
  const snapshot = useSelector(ref, (s) => s);
  // One `send` for the actor: the connect's callbacks keep their identity, so unchanged day cells are not drawn again.
  const send = useMemo(() => (event: Parameters<CalendarRef['send']>[0]) => ref.send(event), [ref]);
  const api = useMemo(() => connectCalendar(snapshot, events, send), [snapshot, events, send]);
  /** Days where someone on staff is booked twice (issue 21). */
  return { ref, today, staffBookedTwice, ...api };
}

export type CalendarApi = ReturnType<typeof useCalendar>;
