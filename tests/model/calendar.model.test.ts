import { expect } from 'vitest';
import { fromCallback } from 'xstate';
import { shiftPeriod, moveFocus, type CalendarView } from '../../src/domain/calendar';
import { startOfNextMonth } from '../../src/domain/eventDates';
import { sampleEvents } from '../../src/domain/sampleEvents';
import { calendarMachine, type CalendarEvent } from '../../src/machines/calendar/calendar.machine';
import { createWorld, describeModel, type EventSamples, type Expectation } from '../support/model';

// The fakes record the download (with the events it was given) and the toasts.
const world = createWorld();
const machine = calendarMachine.provide({
  actions: {
    downloadCalendar: (_, { events }) =>
      world.record(
        'downloadCalendar',
        events.map((e) => e.id),
      ),
    notifyExported: (_, { count }) => world.record('notifyExported', count),
    notifyNothingToExport: () => world.record('notifyNothingToExport'),
  },
  // The clock never ticks by itself: the walk sends its day.change events.
  actors: { dayClock: fromCallback(() => {}) },
});

const TODAY = '2026-11-26';
const TOMORROW = '2026-11-27';
const samples = sampleEvents(TODAY);
const events = {
  'view.set': [
    { type: 'view.set', view: 'month' },
    { type: 'view.set', view: 'week' },
    { type: 'view.set', view: 'agenda' },
  ],
  'nav.previous': [{ type: 'nav.previous' }],
  'nav.next': [{ type: 'nav.next' }],
  'nav.today': [{ type: 'nav.today' }],
  'nav.jump': [
    { type: 'nav.jump', to: 'week' },
    { type: 'nav.jump', to: 'month' },
    { type: 'nav.jump', to: 'nextMonth' },
  ],
  'focus.move': [
    { type: 'focus.move', key: 'ArrowRight', shift: false },
    { type: 'focus.move', key: 'ArrowUp', shift: false },
    { type: 'focus.move', key: 'End', shift: false },
    { type: 'focus.move', key: 'PageDown', shift: false },
    { type: 'focus.move', key: 'PageUp', shift: true },
  ],
  'focus.set': [
    { type: 'focus.set', date: '2026-12-25' },
    { type: 'focus.set', date: '2026-02-30' },
    { type: 'focus.set', date: '' },
  ],
  'event.open': [
    { type: 'event.open', id: 3 },
    { type: 'event.open', id: 1 },
    { type: 'event.open', id: Number.NaN },
  ],
  'details.close': [{ type: 'details.close' }],
  'calendar.export': [
    { type: 'calendar.export', events: samples },
    { type: 'calendar.export', events: [] },
  ],
  // Midnight passed; the same day again; a malformed date.
  'day.change': [
    { type: 'day.change', today: TOMORROW },
    { type: 'day.change', today: TODAY },
    { type: 'day.change', today: '2026-13-01' },
  ],
} satisfies EventSamples<typeof machine>;

type Expect = Expectation<typeof machine>;
const ev = <T extends CalendarEvent['type']>(e: CalendarEvent, _type: T) => e as Extract<CalendarEvent, { type: T }>;

/** Previous / Next: the focused day moves by the view's period, nothing else changes. */
const period = (view: CalendarView, direction: -1 | 1): Expect => ({
  context: (b) => ({ ...b, focused: shiftPeriod(view, b.focused, direction) }),
  check: ({ before, after }) => {
    if (view === 'month') expect(after.focused.slice(0, 7)).not.toBe(before.focused.slice(0, 7));
    else
      expect(Math.abs(Date.parse(after.focused) - Date.parse(before.focused)) / 86_400_000).toBe(
        view === 'week' ? 7 : 14,
      );
  },
});
/** Keys on a day of the grid (month and week only). */
const keys: Expect = {
  context: (b, e) => ({
    ...b,
    focused: moveFocus(b.focused, ev(e, 'focus.move').key, ev(e, 'focus.move').shift),
  }),
};
const click: Expect = {
  context: (b, e) => ({ ...b, focused: ev(e, 'focus.set').date }),
  check: ({ event }) => expect(ev(event, 'focus.set').date).toBe('2026-12-25'),
};
const open: Expect = {
  target: 'details.open',
  context: (b, e) => ({ ...b, selectedId: ev(e, 'event.open').id }),
  check: ({ event }) =>
    expect(Number.isInteger(ev(event, 'event.open').id), 'only an event id opens details').toBe(true),
};

describeModel('calendar', {
  machine,
  world,
  inputs: (['month', 'week', 'agenda'] as const).map((view) => ({
    today: TODAY,
    view,
  })),
  // The focused day is unbounded: states differ by where it is relative to today, not by the day itself.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.selectedId,
      s.context.startView,
      Math.sign(Date.parse(s.context.focused) - Date.parse(TODAY)),
      s.context.focused.slice(0, 7) === TODAY.slice(0, 7),
      s.context.today,
      s.context.focused === s.context.today,
    ]),
  limit: 5000,
  initial: { started: () => [{ id: 'dayClock', input: undefined }] },
  events,
  sequences: [
    // Keys in the agenda (a list, no grid) do nothing; nor does a click on a day there.
    [
      { type: 'view.set', view: 'agenda' },
      { type: 'focus.move', key: 'ArrowRight', shift: false },
      { type: 'focus.set', date: '2026-12-25' },
    ],
    // Past midnight with the focus moved elsewhere: it stays; Today then goes to the new day.
    [{ type: 'nav.next' }, { type: 'day.change', today: TOMORROW }, { type: 'nav.today' }],
    // Today comes back from anywhere.
    [
      { type: 'nav.next' },
      { type: 'nav.next' },
      { type: 'focus.move', key: 'ArrowDown', shift: false },
      { type: 'nav.today' },
    ],
  ],
  transitions: {
    'view.choosing||0': {
      target: 'view.agenda',
      check: ({ snapshot }) => expect(snapshot.context.startView).toBe('agenda'),
    },
    'view.choosing||1': {
      target: 'view.week',
      check: ({ snapshot }) => expect(snapshot.context.startView).toBe('week'),
    },
    'view.choosing||2': {
      target: 'view.month',
      check: ({ snapshot }) => expect(snapshot.context.startView).toBe('month'),
    },
    'view|view.set|0': {
      target: 'view.month',
      check: ({ event }) => expect(ev(event, 'view.set').view).toBe('month'),
    },
    'view|view.set|1': {
      target: 'view.week',
      check: ({ event }) => expect(ev(event, 'view.set').view).toBe('week'),
    },
    'view|view.set|2': {
      target: 'view.agenda',
      check: ({ event }) => expect(ev(event, 'view.set').view).toBe('agenda'),
    },
    'view|nav.today|0': { context: (b) => ({ ...b, focused: b.today }) },
    // This Week: today's week; This Month: today's month; Next Month: its first day.
    'view|nav.jump|0': {
      target: 'view.week',
      context: (b) => ({ ...b, focused: b.today }),
    },
    'view|nav.jump|1': {
      target: 'view.month',
      context: (b, e) => ({
        ...b,
        focused: ev(e, 'nav.jump').to === 'nextMonth' ? startOfNextMonth(b.today) : b.today,
      }),
      check: ({ event }) => expect(ev(event, 'nav.jump').to).not.toBe('week'),
    },
    'view.month|nav.previous|0': period('month', -1),
    'view.month|nav.next|0': period('month', 1),
    'view.week|nav.previous|0': period('week', -1),
    'view.week|nav.next|0': period('week', 1),
    'view.agenda|nav.previous|0': period('agenda', -1),
    'view.agenda|nav.next|0': period('agenda', 1),
    'view.month|focus.move|0': keys,
    'view.week|focus.move|0': keys,
    'view.month|focus.set|0': click,
    'view.week|focus.set|0': click,
    'details.closed|event.open|0': open,
    'details.open|event.open|0': open,
    'details.open|details.close|0': {
      target: 'details.closed',
      context: (b) => ({ ...b, selectedId: null }),
    },
    // A new valid date becomes today; a focus still on the old today follows it, one moved elsewhere stays.
    '(machine)|day.change|0': {
      context: (b, e) => ({
        ...b,
        today: ev(e, 'day.change').today,
        focused: b.focused === b.today ? ev(e, 'day.change').today : b.focused,
      }),
      check: ({ before, event }) => {
        expect(ev(event, 'day.change').today).not.toBe(before.today);
        expect(ev(event, 'day.change').today).not.toBe('2026-13-01');
      },
    },
    // Every event goes into the file; none: a warning and no file.
    '(machine)|calendar.export|0': {
      effects: ({ event }) => [
        ['downloadCalendar', ev(event, 'calendar.export').events.map((e) => e.id)],
        ['notifyExported', ev(event, 'calendar.export').events.length],
      ],
    },
    '(machine)|calendar.export|1': {
      effects: [['notifyNothingToExport']],
      check: ({ event }) => expect(ev(event, 'calendar.export').events).toEqual([]),
    },
  },
  states: {
    'view.choosing': () => {
      throw new Error('transient');
    },
    'view.month': (s) => expect(s.hasTag('grid')).toBe(true),
    'view.week': (s) => expect(s.hasTag('grid')).toBe(true),
    'view.agenda': (s) => expect(s.hasTag('grid')).toBe(false),
    'details.closed': (s) => {
      expect(s.context.selectedId).toBeNull();
      expect(s.hasTag('details')).toBe(false);
    },
    'details.open': (s) => {
      expect(Number.isInteger(s.context.selectedId)).toBe(true);
      expect(s.hasTag('details')).toBe(true);
    },
  },
});
