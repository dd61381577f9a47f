/**
 * The calendar's connect (Zag's `connect`): the calendar machine's state, with the events it shows,
 * + send → the view, the focused day, the grid's weeks, the agenda's days, each day's entries and the
 * callbacks the Calendar page uses. Pure, unit-tested without React; src/app/calendar/useCalendar.ts
 * binds it to the live actor.
 */
import type { SnapshotFrom } from 'xstate';
import {
  agenda,
  dayChips,
  entriesByDay,
  monthGrid,
  weekDays,
  type CalendarView,
  type GridKey,
} from '../../domain/calendar';
import type { CateringEvent } from '../events/events.machine';
import type { CalendarEvent, CalendarJump, calendarMachine } from './calendar.machine';

export type CalendarSnapshot = SnapshotFrom<typeof calendarMachine>;

export function connectCalendar(s: CalendarSnapshot, events: CateringEvent[], send: (event: CalendarEvent) => void) {
  const view: CalendarView = s.matches({ view: 'week' }) ? 'week' : s.matches({ view: 'agenda' }) ? 'agenda' : 'month';
  const { focused } = s.context;
  const entries = entriesByDay(events);
  return {
    events,
    view,
    focused,
    selectedId: s.hasTag('details') ? s.context.selectedId : null,
    /** The month's weeks, or the one week of the week view. */
    weeks: view === 'month' ? monthGrid(focused) : [weekDays(focused)],
    /** The agenda: the 14 days from the focused day, days with events only. */
    agenda: agenda(events, focused),
    /** Each day's events, in time order. */
    entries,
    /**
     * A day's chips in the month view: a few, and how many more (shown as "+N more", which opens the
     * day: its events listed under the grid). The week view shows every event.
     */
    chipsOf: (day: string) =>
      view === 'month' ? dayChips(entries.get(day)) : { shown: entries.get(day) ?? [], more: 0 },
    setView: (next: CalendarView) => send({ type: 'view.set', view: next }),
    previous: () => send({ type: 'nav.previous' }),
    next: () => send({ type: 'nav.next' }),
    goToday: () => send({ type: 'nav.today' }),
    jump: (to: CalendarJump) => send({ type: 'nav.jump', to }),
    move: (key: GridKey, shift: boolean) => send({ type: 'focus.move', key, shift }),
    focus: (date: string) => send({ type: 'focus.set', date }),
    /** "+N more": the day becomes the focused day, whose events are all listed under the grid. */
    showDay: (date: string) => send({ type: 'focus.set', date }),
    open: (id: number) => send({ type: 'event.open', id }),
    close: () => send({ type: 'details.close' }),
    exportAll: () => send({ type: 'calendar.export', events }),
  };
}
