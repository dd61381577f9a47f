/**
 * The events this device keeps only in the account (issue 24 part 7, docs/sync.md), on
 * /ManageEvents: searched on demand (name or customer), and opened on demand: opening one fetches it
 * from the account (with its ingredient list and tool data) before its Tool Kit or event sheet
 * shows it. No answer from the account: an offline message, and nothing lost.
 *
 * Pure: the search and the fetch are actors, showing the opened event an action, provided by
 * src/app/sync/useEventsInAccount.ts (tests provide fakes).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SecretsOf } from '../../domain/inspection';

/** One event kept in the account, as the list shows it. */
export interface AccountEvent {
  id: number;
  name: string;
  date: string;
  customer: string;
  guests: number | null;
}

export type OpenView = 'toolkit' | 'sheet';

export interface Failure {
  offline: boolean;
  message: string;
}

export interface EventsInAccountContext {
  query: string;
  results: AccountEvent[];
  /** More events match than the list shows. */
  more: boolean;
  error: Failure | null;
  /** The event being fetched, and what opens once it is here. */
  opening: { id: number; name: string; view: OpenView } | null;
  /** Why the last open failed ("gone": the account no longer has it). */
  openError: (Failure & { name: string }) | null;
}

export type EventsInAccountEvent =
  { type: 'archive.search'; query: string } | { type: 'archive.open'; id: number; name: string; view: OpenView };

/** What the explorer never shows (docs/statecharts): nothing here is typed as a secret. */
export const eventsInAccountSecrets = {
  events: { 'archive.search': [], 'archive.open': [] },
} as const satisfies SecretsOf<EventsInAccountEvent>;

export interface SearchOutput {
  events: AccountEvent[];
  more: boolean;
}

const failureOf = (event: unknown): Failure => {
  const error = (event as { error?: { kind?: unknown; message?: unknown } }).error;
  return {
    offline: error?.kind === 'offline',
    message: typeof error?.message === 'string' ? error.message : 'Your account could not be reached.',
  };
};

export const eventsInAccountMachine = setup({
  types: {
    context: {} as EventsInAccountContext,
    events: {} as EventsInAccountEvent,
    input: {} as { query?: string } | undefined,
  },
  actors: {
    search: fromPromise<SearchOutput, { query: string }>(async () => {
      throw new Error('eventsInAccount: provide search');
    }),
    /** Fetches the event into this browser: false when the account no longer has it. */
    fetchEvent: fromPromise<boolean, { id: number }>(async () => {
      throw new Error('eventsInAccount: provide fetchEvent');
    }),
  },
  actions: {
    /** The event is here now: open its Tool Kit or event sheet. */
    showOpened: (_, _params: { id: number; view: OpenView }) => {
      throw new Error('eventsInAccount: provide showOpened');
    },
  },
  guards: {
    found: ({ event }) => (event as { output?: unknown }).output === true,
  },
}).createMachine({
  id: 'eventsInAccount',
  meta: { secrets: eventsInAccountSecrets },
  context: ({ input }) => ({
    query: input?.query ?? '',
    results: [],
    more: false,
    error: null,
    opening: null,
    openError: null,
  }),
  initial: 'searching',
  states: {
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ query: context.query }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ results: event.output.events, more: event.output.more, error: null })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOf(event) }) },
      },
      on: {
        'archive.search': {
          target: 'searching',
          reenter: true,
          actions: assign({ query: ({ event }) => event.query, openError: null }),
        },
      },
    },
    ready: {
      on: {
        'archive.search': {
          target: 'searching',
          actions: assign({ query: ({ event }) => event.query, openError: null }),
        },
        'archive.open': {
          target: 'opening',
          actions: assign({
            opening: ({ event }) => ({ id: event.id, name: event.name, view: event.view }),
            openError: null,
          }),
        },
      },
    },
    /** The search could not reach the account. */
    failed: {
      on: {
        'archive.search': { target: 'searching', actions: assign({ query: ({ event }) => event.query, error: null }) },
      },
    },
    /** Fetching one event from the account. */
    opening: {
      tags: ['busy'],
      invoke: {
        id: 'fetchEvent',
        src: 'fetchEvent',
        input: ({ context }) => ({ id: context.opening?.id ?? 0 }),
        onDone: [
          {
            guard: 'found',
            target: 'ready',
            actions: [
              {
                type: 'showOpened',
                params: ({ context }) => ({ id: context.opening?.id ?? 0, view: context.opening?.view ?? 'toolkit' }),
              },
              assign({ opening: null }),
            ],
          },
          {
            target: 'ready',
            actions: assign(({ context }) => ({
              openError: {
                offline: false,
                message: 'It is no longer in your account (deleted on another device).',
                name: context.opening?.name ?? '',
              },
              results: context.results.filter((e) => e.id !== context.opening?.id),
              opening: null,
            })),
          },
        ],
        onError: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            openError: { ...failureOf(event), name: context.opening?.name ?? '' },
            opening: null,
          })),
        },
      },
    },
  },
});
