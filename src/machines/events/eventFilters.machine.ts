/**
 * The event list filters. Three parallel regions: the Filter Events toggle (quick filters shown or
 * hidden), the More Filtering Options toggle (date range and customer-name panels), and the filter in
 * force: a quick filter, a date range or a name search. The matching itself is src/domain/events.ts.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { QuickFilter } from '../../domain/eventDates';
import type { EventFilter } from '../../domain/events';
import type { SecretsOf } from '../../domain/inspection';

export interface EventFiltersContext {
  filter: EventFilter;
}

export type EventFiltersEvent =
  /** The Filter Events toggle button. */
  | { type: 'quick.toggle' }
  /** The More Filtering Options toggle button. */
  | { type: 'more.toggle' }
  /** A quick filter button (Past Events ... All Events). */
  | { type: 'quick.select'; filter: QuickFilter }
  /** The date-range panel's Filter Events submit. */
  | { type: 'range.submit'; start: string; end: string }
  /** The customer-name panel's Search submit. */
  | { type: 'name.search'; first: string; last: string };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const eventFiltersSecrets = { events: { 'quick.select': [], 'range.submit': [], 'name.search': [] } } as const satisfies SecretsOf<EventFiltersEvent, EventFiltersContext>;

export const eventFiltersMachine = setup({
  types: { context: {} as EventFiltersContext, events: {} as EventFiltersEvent },
  actions: {
    setQuick: assign({
      filter: ({ event }) => {
        assertEvent(event, 'quick.select');
        return { kind: 'quick', filter: event.filter } as EventFilter;
      },
    }),
    setRange: assign({
      filter: ({ event }) => {
        assertEvent(event, 'range.submit');
        return { kind: 'range', start: event.start, end: event.end } as EventFilter;
      },
    }),
    setName: assign({
      filter: ({ event }) => {
        assertEvent(event, 'name.search');
        return { kind: 'name', first: event.first, last: event.last } as EventFilter;
      },
    }),
  },
}).createMachine({
  id: 'eventFilters',
  meta: { secrets: eventFiltersSecrets },
  context: { filter: { kind: 'quick', filter: 'all' } },
  type: 'parallel',
  states: {
    quickPanel: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'quick.toggle': 'shown' } },
        shown: { tags: ['quick filters'], on: { 'quick.toggle': 'hidden' } },
      },
    },
    morePanel: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'more.toggle': 'shown' } },
        shown: { tags: ['more options'], on: { 'more.toggle': 'hidden' } },
      },
    },
    active: {
      initial: 'quick',
      on: {
        'quick.select': { target: '.quick', actions: 'setQuick' },
        'range.submit': { target: '.range', actions: 'setRange' },
        'name.search': { target: '.name', actions: 'setName' },
      },
      states: {
        quick: {},
        range: { tags: ['range filter'] },
        name: { tags: ['name filter'] },
      },
    },
  },
});
