/**
 * The calendar's connect (Zag's `connect`): the calendar machine's state, with the events it shows,
 * + send → the view, the focused day, the grid's weeks, the agenda's days, each day's entries and the
 * callbacks the Calendar page uses. Pure, unit-tested without React; src/app/calendar/useCalendar.ts
 * binds it to the live actor.
 *
 * Built for 2,000 events (issue 21's bench): the events are indexed by day once per events array
 * (`calendarIndex`, kept by the array's identity), so Previous, Next, a focused day or an opened event
 * only look up the days shown. What does not change between two snapshots keeps its identity (the
 * index, each day's entries and chips, the grid's weeks, the callbacks for one `send`), so the view's
 * day cells that show the same thing are not drawn again.
 */
import type { SnapshotFrom } from 'xstate';
import {
  agenda,
  calendarIndex,
  dayChips,
  monthGrid,
  weekDays,
  type CalendarView,
  type DayEntry,
  type GridKey,
} from '../../domain/calendar';
import type { CateringEvent } from '../events/events.machine';
import type { CalendarEvent, CalendarJump, calendarMachine } from './calendar.machine';

export type CalendarSnapshot = SnapshotFrom<typeof calendarMachine>;

export interface DayChips {
  shown: ReadonlyArray<DayEntry<CateringEvent>>;
  more: number;
}

const noChips: DayChips = { shown: [], more: 0 };
/** Each day's chips, kept per entries list (the index's, which lives as long as its events array). */
const monthChipsOf = new WeakMap<ReadonlyArray<DayEntry<CateringEvent>>, DayChips>();
const weekChipsOf = new WeakMap<ReadonlyArray<DayEntry<CateringEvent>>, DayChips>();

function chips(list: ReadonlyArray<DayEntry<CateringEvent>> | undefined, month: boolean): DayChips {
  if (!list?.length) return noChips;
  const memo = month ? monthChipsOf : weekChipsOf;
  let value = memo.get(list);
  if (!value) memo.set(list, (value = month ? dayChips(list) : { shown: list, more: 0 }));
  return value;
}

/** The callbacks that only send: one set per `send`, so they keep their identity from snapshot to snapshot. */
function actionsFor(send: (event: CalendarEvent) => void) {
  return {
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
  };
}
const actions = new WeakMap<(event: CalendarEvent) => void, ReturnType<typeof actionsFor>>();
/** Export every event: one callback per events array (and `send`), so it keeps its identity too. */
const exports = new WeakMap<
  readonly CateringEvent[],
  { send: (event: CalendarEvent) => void; exportAll: () => void }
>();
function exportFor(events: CateringEvent[], send: (event: CalendarEvent) => void) {
  let value = exports.get(events);
  if (value?.send !== send)
    exports.set(events, (value = { send, exportAll: () => send({ type: 'calendar.export', events }) }));
  return value.exportAll;
}

export function connectCalendar(s: CalendarSnapshot, events: CateringEvent[], send: (event: CalendarEvent) => void) {
  const view: CalendarView = s.matches({ view: 'week' }) ? 'week' : s.matches({ view: 'agenda' }) ? 'agenda' : 'month';
  const { focused } = s.context;
  const index = calendarIndex(events);
  const entries = index.entries;
  let sends = actions.get(send);
  if (!sends) actions.set(send, (sends = actionsFor(send)));
  const selectedId = s.hasTag('details') ? s.context.selectedId : null;
  return {
    events,
    view,
    focused,
    selectedId,
    /** The open event, looked up by id in the index. */
    selected: selectedId === null ? undefined : index.byId.get(selectedId),
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
    chipsOf: (day: string) => chips(entries.get(day), view === 'month'),
    ...sends,
    exportAll: exportFor(events, send),
  };
}
