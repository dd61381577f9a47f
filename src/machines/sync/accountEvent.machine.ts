/**
 * One event opened by its address (/events/:id/sheet, /events/:id/quote, /events/:id/invoice,
 * /ManageEvents?toolkit=:id) that this browser does not hold (issue 24 part 7, docs/sync.md): with
 * sync on, an old event may be kept only in the account. This chart finds out whether the event is
 * one of those (`locate`: this device's sync state marks it kept in the account), fetches it
 * (`fetchEvent`, with its ingredient list and tool data) and then shows it (`showFetched`: the view
 * re-reads it, or opens its Tool Kit). Offline, it waits and says so, and fetches once the browser is
 * back online (or on Retry); an address of no event at all is "not found", as before.
 *
 * Pure: `locate` and `fetchEvent` are actors, `showFetched` an action, provided by
 * src/app/sync/useAccountEvent.ts (tests provide fakes).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SecretsOf } from '../../domain/inspection';

export interface AccountEventContext {
  /** The event's id (from the address). */
  id: number;
  /** Why the last fetch failed, when not offline. */
  error: string | null;
}

export type AccountEventEvent =
  /** The Retry button. */
  | { type: 'fetch.retry' }
  /** The browser is back online. */
  | { type: 'network.online' };

/** What the explorer never shows (docs/statecharts): nothing here is typed as a secret. */
export const accountEventSecrets = {
  events: {},
} as const satisfies SecretsOf<AccountEventEvent>;

/** Where the event is: kept only in the account, or nowhere (no event has that id). */
export type Whereabouts = 'account' | 'none';

const failureOf = (event: unknown): { offline: boolean; message: string } => {
  const error = (event as { error?: { kind?: unknown; message?: unknown } }).error;
  return {
    offline: error?.kind === 'offline',
    message: typeof error?.message === 'string' ? error.message : 'Your account could not be reached.',
  };
};

export const accountEventMachine = setup({
  types: {
    context: {} as AccountEventContext,
    events: {} as AccountEventEvent,
    input: {} as { id: number },
  },
  actors: {
    /** Whether this device keeps event `id` only in the account. */
    locate: fromPromise<Whereabouts, { id: number }>(async () => {
      throw new Error('accountEvent: provide locate');
    }),
    /** Fetches the event into this browser: false when the account no longer has it. */
    fetchEvent: fromPromise<boolean, { id: number }>(async () => {
      throw new Error('accountEvent: provide fetchEvent');
    }),
  },
  actions: {
    /** The event is here now: show it (its page re-reads it, or its Tool Kit opens). */
    showFetched: (_, _params: { id: number }) => {
      throw new Error('accountEvent: provide showFetched');
    },
  },
  guards: {
    inAccount: ({ event }) => (event as { output?: unknown }).output === 'account',
    found: ({ event }) => (event as { output?: unknown }).output === true,
    offline: ({ event }) => failureOf(event).offline,
  },
}).createMachine({
  id: 'accountEvent',
  meta: { secrets: accountEventSecrets },
  context: ({ input }) => ({ id: input.id, error: null }),
  initial: 'locating',
  states: {
    /** Is it kept in the account? (This device's sync state says.) */
    locating: {
      tags: ['busy'],
      invoke: {
        id: 'locate',
        src: 'locate',
        input: ({ context }) => ({ id: context.id }),
        onDone: [{ guard: 'inAccount', target: 'fetching' }, { target: 'notFound' }],
        onError: { target: 'notFound' },
      },
    },
    /** Fetching it from the account. */
    fetching: {
      tags: ['busy', 'inAccount'],
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchEvent',
        src: 'fetchEvent',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: 'found',
            target: 'fetched',
            actions: { type: 'showFetched', params: ({ context }) => ({ id: context.id }) },
          },
          { target: 'gone' },
        ],
        onError: [
          { guard: 'offline', target: 'offline' },
          { target: 'failed', actions: assign({ error: ({ event }) => failureOf(event).message }) },
        ],
      },
    },
    /** No answer: kept in the account, opens once back online. */
    offline: {
      tags: ['inAccount'],
      on: { 'network.online': 'fetching', 'fetch.retry': 'fetching' },
    },
    /** The account answered with an error. */
    failed: {
      tags: ['inAccount'],
      on: { 'fetch.retry': 'fetching' },
    },
    /** Here now. */
    fetched: { type: 'final' },
    /** No event of this browser or its account has this id. */
    notFound: { type: 'final' },
    /** Kept in the account once, deleted there since (on another device). */
    gone: { type: 'final' },
  },
});
