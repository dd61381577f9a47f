/**
 * The event list filters. Three parallel regions: the Filter Events toggle (quick filters shown or
 * hidden), the More Filtering Options toggle (date range and customer-name panels), and the filter in
 * force: a quick filter, a date range or a name search. The matching itself is src/domain/events.ts.
 * A range whose start is after its end is refused (issue 25): the filter in force stays and
 * `rangeError` says why, next to the date fields, until a range is accepted or another filter chosen.
 * The status filter (issue 22) is chosen beside them and narrows whichever filter is in force.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { QuickFilter } from '../../domain/eventDates';
import type { EventFilter } from '../../domain/events';
import type { StatusFilter } from '../../domain/eventStatus';
import type { SecretsOf } from '../../domain/inspection';

export interface EventFiltersContext {
  filter: EventFilter;
  /** Why the last date range was refused (null when none was). */
  rangeError: string | null;
  /** The status filter: one status, or any (issue 22). */
  status: StatusFilter;
}

export const BACKWARDS_RANGE_MESSAGE = 'The start date is after the end date';

/** Both dates given and the start after the end (ISO dates compare as text). */
export const isBackwardsRange = (start: string, end: string) => start !== '' && end !== '' && start > end;

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
  | { type: 'name.search'; first: string; last: string }
  /** The Status select beside the filter buttons. */
  | { type: 'status.select'; status: StatusFilter };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const eventFiltersSecrets = {
  events: { 'quick.select': [], 'range.submit': [], 'name.search': [], 'status.select': [] },
} as const satisfies SecretsOf<EventFiltersEvent, EventFiltersContext>;

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
    setStatus: assign({
      status: ({ event }) => {
        assertEvent(event, 'status.select');
        return event.status;
      },
    }),
    setRangeError: assign({ rangeError: () => BACKWARDS_RANGE_MESSAGE }),
    clearRangeError: assign({ rangeError: () => null }),
    setName: assign({
      filter: ({ event }) => {
        assertEvent(event, 'name.search');
        return { kind: 'name', first: event.first, last: event.last } as EventFilter;
      },
    }),
  },
  guards: {
    isBackwards: ({ event }) => event.type === 'range.submit' && isBackwardsRange(event.start, event.end),
  },
}).createMachine({
  id: 'eventFilters',
  meta: { secrets: eventFiltersSecrets },
  context: { filter: { kind: 'quick', filter: 'all' }, rangeError: null, status: 'any' },
  type: 'parallel',
  on: { 'status.select': { actions: 'setStatus' } },
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
        'quick.select': { target: '.quick', actions: ['setQuick', 'clearRangeError'] },
        'range.submit': [
          // Backwards: refused with its message; the list keeps the filter in force.
          { guard: 'isBackwards', actions: 'setRangeError' },
          { target: '.range', actions: ['setRange', 'clearRangeError'] },
        ],
        'name.search': { target: '.name', actions: ['setName', 'clearRangeError'] },
      },
      states: {
        quick: {},
        range: { tags: ['range filter'] },
        name: { tags: ['name filter'] },
      },
    },
  },
});
