/**
 * The calendar of /Calendar (issue 21). Two parallel regions:
 *
 * - `view`: Month, Week or Agenda. Previous and Next move the focused day by the view's period (a
 *   month, a week, the agenda's 14 days); arrow keys, Home/End and PageUp/PageDown move it between
 *   days in the month and week grids (src/domain/calendar.ts does the arithmetic). The quick-filter
 *   words of the event list apply: This Week shows today's week, This Month and Next Month those
 *   months; Today (the button) goes back to today in any view.
 * - `details`: the event whose details are shown (activating one), or none.
 *
 * Today follows the clock: the `dayClock` actor (provided from outside: a timer to the next local
 * midnight) sends `day.change` with the new date, so a page left open past midnight moves "today" on;
 * a focused day still on the old today follows it, a day the caterer moved to stays.
 *
 * Export calendar (.ics) carries the events to export: with some, the named action `downloadCalendar`
 * (provided by the view: builds the file and downloads it) and a success toast; with none, a warning.
 */
import { assertEvent, assign, fromCallback, setup } from 'xstate';
import { moveFocus, shiftPeriod, type CalendarView, type GridKey } from '../../domain/calendar';
import { isISODate, startOfNextMonth } from '../../domain/eventDates';
import type { CateringEvent } from '../../storage/schemas';
import type { SecretsOf } from '../../domain/inspection';

export interface CalendarInput {
  /** Today, YYYY-MM-DD (local). */
  today: string;
  /** The first view: Agenda on a phone, Month otherwise (the view decides from the screen width). */
  view: CalendarView;
}

export interface CalendarContext {
  today: string;
  /** The focused (and selected) day: the grid's roving tab stop and the first day of the agenda. */
  focused: string;
  /** The event whose details are open, by id. */
  selectedId: number | null;
  /** The view the calendar opened in (from the input). */
  startView: CalendarView;
}

/** The quick-filter words that make sense on a calendar (src/domain/eventDates.ts quickFilterLabels). */
export type CalendarJump = 'week' | 'month' | 'nextMonth';

export type CalendarEvent =
  /** The Month / Week / Agenda buttons. */
  | { type: 'view.set'; view: CalendarView }
  /** Previous / Next. */
  | { type: 'nav.previous' }
  | { type: 'nav.next' }
  /** Today. */
  | { type: 'nav.today' }
  /** This Week, This Month, Next Month. */
  | { type: 'nav.jump'; to: CalendarJump }
  /** A key pressed on a day of the grid. */
  | { type: 'focus.move'; key: GridKey; shift: boolean }
  /** A day clicked. */
  | { type: 'focus.set'; date: string }
  /** An event activated (its name in a day or the agenda). */
  | { type: 'event.open'; id: number }
  /** The details' Close button or Escape. */
  | { type: 'details.close' }
  /** Export calendar (.ics), with every event. */
  | { type: 'calendar.export'; events: readonly CateringEvent[] }
  /** The dayClock actor: the local date is now `today` (YYYY-MM-DD), e.g. after midnight. */
  | { type: 'day.change'; today: string };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const calendarSecrets = {
  events: {
    'view.set': [],
    'nav.jump': [],
    'focus.move': [],
    'focus.set': [],
    'event.open': [],
    'calendar.export': [],
    'day.change': [],
  },
} as const satisfies SecretsOf<CalendarEvent, CalendarContext>;

const shift = (view: CalendarView, direction: -1 | 1) =>
  ({ type: 'shiftPeriod', params: { view, direction } }) as const;

/** The same Previous/Next in every view, with that view's period. */
const periodNav = (view: CalendarView) => ({
  'nav.previous': { actions: shift(view, -1) },
  'nav.next': { actions: shift(view, 1) },
});

/** The grid views take keys and clicks on days; the agenda is a list (its days are not focusable). */
const gridNav = {
  'focus.move': { actions: 'moveFocus' },
  'focus.set': { guard: 'isDate', actions: 'setFocus' },
} as const;

export const calendarMachine = setup({
  types: {
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
    input: {} as CalendarInput,
  },
  actors: {
    /** Sends `day.change` when the local date changes (a timer to the next midnight, provided from outside). */
    dayClock: fromCallback(() => {
      throw new Error('calendar: provide dayClock');
    }),
  },
  actions: {
    setToday: assign(({ context, event }) => {
      assertEvent(event, 'day.change');
      return {
        today: event.today,
        focused: context.focused === context.today ? event.today : context.focused,
      };
    }),
    shiftPeriod: assign({
      focused: ({ context }, params: { view: CalendarView; direction: -1 | 1 }) =>
        shiftPeriod(params.view, context.focused, params.direction),
    }),
    goToday: assign({ focused: ({ context }) => context.today }),
    jumpTo: assign({
      focused: ({ context, event }) => {
        assertEvent(event, 'nav.jump');
        return event.to === 'nextMonth' ? startOfNextMonth(context.today) : context.today;
      },
    }),
    moveFocus: assign({
      focused: ({ context, event }) => {
        assertEvent(event, 'focus.move');
        return moveFocus(context.focused, event.key, event.shift);
      },
    }),
    setFocus: assign({
      focused: ({ event }) => {
        assertEvent(event, 'focus.set');
        return event.date;
      },
    }),
    selectEvent: assign({
      selectedId: ({ event }) => {
        assertEvent(event, 'event.open');
        return event.id;
      },
    }),
    clearSelection: assign({ selectedId: () => null }),
    downloadCalendar: (_, _params: { events: readonly CateringEvent[] }) => {
      throw new Error('calendar: provide downloadCalendar');
    },
    notifyExported: (_, _params: { count: number }) => {
      throw new Error('calendar: provide notifyExported');
    },
    notifyNothingToExport: () => {
      throw new Error('calendar: provide notifyNothingToExport');
    },
  },
  guards: {
    startsIn: ({ context }, params: { view: CalendarView }) => context.startView === params.view,
    isDate: ({ event }) => event.type === 'focus.set' && isISODate(event.date),
    isView: ({ event }, params: { view: CalendarView }) => event.type === 'view.set' && event.view === params.view,
    jumpsToWeek: ({ event }) => event.type === 'nav.jump' && event.to === 'week',
    isEventId: ({ event }) => event.type === 'event.open' && Number.isInteger(event.id),
    isNewDay: ({ context, event }) =>
      event.type === 'day.change' && isISODate(event.today) && event.today !== context.today,
    hasEvents: ({ event }) => event.type === 'calendar.export' && event.events.length > 0,
  },
}).createMachine({
  meta: { secrets: calendarSecrets },
  id: 'calendar',
  type: 'parallel',
  context: ({ input }) => ({
    today: input.today,
    focused: input.today,
    selectedId: null,
    startView: input.view,
  }),
  invoke: { id: 'dayClock', src: 'dayClock' },
  on: {
    'day.change': { guard: 'isNewDay', actions: 'setToday' },
    'calendar.export': [
      {
        guard: 'hasEvents',
        actions: [
          {
            type: 'downloadCalendar',
            params: ({ event }) => ({ events: event.events }),
          },
          {
            type: 'notifyExported',
            params: ({ event }) => ({ count: event.events.length }),
          },
        ],
      },
      { actions: 'notifyNothingToExport' },
    ],
  },
  states: {
    view: {
      initial: 'choosing',
      on: {
        'view.set': [
          {
            guard: { type: 'isView', params: { view: 'month' } },
            target: '.month',
          },
          {
            guard: { type: 'isView', params: { view: 'week' } },
            target: '.week',
          },
          { target: '.agenda' },
        ],
        'nav.today': { actions: 'goToday' },
        'nav.jump': [
          { guard: 'jumpsToWeek', target: '.week', actions: 'jumpTo' },
          { target: '.month', actions: 'jumpTo' },
        ],
      },
      states: {
        // The first view comes from the input (the screen width).
        choosing: {
          always: [
            {
              guard: { type: 'startsIn', params: { view: 'agenda' } },
              target: 'agenda',
            },
            {
              guard: { type: 'startsIn', params: { view: 'week' } },
              target: 'week',
            },
            { target: 'month' },
          ],
        },
        month: { tags: ['grid'], on: { ...periodNav('month'), ...gridNav } },
        week: { tags: ['grid'], on: { ...periodNav('week'), ...gridNav } },
        agenda: { on: periodNav('agenda') },
      },
    },
    details: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'event.open': {
              guard: 'isEventId',
              target: 'open',
              actions: 'selectEvent',
            },
          },
        },
        open: {
          tags: ['details'],
          on: {
            'event.open': {
              guard: 'isEventId',
              target: 'open',
              actions: 'selectEvent',
            },
            'details.close': { target: 'closed', actions: 'clearSelection' },
          },
        },
      },
    },
  },
});
