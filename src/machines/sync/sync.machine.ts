/**
 * Account sync on this device (issue 24, docs/sync.md). Starts from the facts the app gathers at
 * sign-in (the demo account? this device's choice, whether the account already syncs, how much this
 * browser holds) and then, while on, pulls other devices' changes and pushes this device's outbox:
 * after a local change (debounced), when asked (focus, back online, Retry) and every 30 s while the
 * page is visible. No answer: offline, trying again after 2, 4, 8, 16 s and then every 30 s (a server
 * restarting answers nothing while the browser is online), and at once when the network comes back.
 * A server error: back off and try again, then stop with "Could not sync — Retry". A record changed on
 * two devices: conflict, until the user chooses for each.
 *
 * Pure: the pull, the push, a conflict's resolution, the waits and what is remembered are actors and
 * actions provided by src/app/sync (tests provide fakes).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SecretsOf } from '../../domain/inspection';
import type { Choice, SyncConflict } from '../../sync/engine';
import type { SyncOutcome } from '../../sync/cycle';

export interface SyncFacts {
  demo: boolean;
  device: 'on' | 'off' | 'undecided';
  /** The account's own setting (null: not known, e.g. offline). */
  accountSyncs: boolean | null;
  /** Records this browser holds for the account, by collection (what turning sync on uploads): counted only when
   * the account does not sync yet (`accountSyncs` false), the one case the question is asked; else empty. */
  counts: Record<string, number>;
  /** Changes in this device's outbox (kept from before a reload). */
  pending: number;
}

export interface SyncContext {
  pending: number;
  lastSyncedAt: number | null;
  failures: number;
  /** Tries without an answer since the last whole sync (pull and push): how long `offline` waits. */
  offlineTries: number;
  conflicts: SyncConflict[];
  rejected: number;
  error: string | null;
  counts: Record<string, number>;
  /** A local change arrived during a pull or push: sync again once it ends. */
  dirty: boolean;
}

export type SyncEvent =
  | { type: 'sync.facts'; facts: SyncFacts }
  /** The switch (or the question's yes). */
  | { type: 'sync.turnOn' }
  | { type: 'sync.turnOff' }
  /** The question's "Not now". */
  | { type: 'sync.decline' }
  | { type: 'local.changed'; pending: number }
  /** Focus, back from hidden, Retry. */
  | { type: 'sync.now' }
  | { type: 'network.offline' }
  | { type: 'network.online' }
  | { type: 'conflict.resolve'; key: string; choice: Choice };

/** Fields the statechart explorer never shows: record contents stay out of the inspector. */
export const syncSecrets = {
  events: {
    'sync.facts': [],
    'local.changed': [],
    'conflict.resolve': ['choice'],
  },
  context: ['conflicts'],
} as const satisfies SecretsOf<SyncEvent, SyncContext>;

export const BACKOFF_LIMIT = 4;
export const DEBOUNCE_MS = 1000;
export const POLL_MS = 30_000;
/** 2 s, 4 s, 8 s, 16 s: then the caterer is asked. */
export const backoffMs = (failures: number) => Math.min(60_000, 1000 * 2 ** failures);
/** Offline: 2 s, 4 s, 8 s, 16 s after each try without an answer, then the poll's 30 s. */
export const offlineRetryMs = (tries: number) => Math.min(POLL_MS, 1000 * 2 ** Math.max(1, tries));

const failureOf = (event: unknown): { kind: string; message: string } => {
  const error = (event as { error?: unknown }).error as { kind?: unknown; message?: unknown } | undefined;
  return {
    kind: typeof error?.kind === 'string' ? error.kind : 'fatal',
    message: typeof error?.message === 'string' ? error.message : 'The account could not be reached.',
  };
};

const outcomeOf = (event: unknown) => (event as { output: SyncOutcome }).output;

export const syncMachine = setup({
  types: { context: {} as SyncContext, events: {} as SyncEvent },
  actors: {
    pull: fromPromise<SyncOutcome>(async () => {
      throw new Error('sync: provide pull');
    }),
    push: fromPromise<SyncOutcome>(async () => {
      throw new Error('sync: provide push');
    }),
    resolve: fromPromise<SyncOutcome, { key: string; choice: Choice }>(async () => {
      throw new Error('sync: provide resolve');
    }),
    wait: fromPromise<void, { ms: number; visibleOnly: boolean }>(async () => {
      throw new Error('sync: provide wait');
    }),
  },
  actions: {
    takeFacts: assign(({ event }) =>
      event.type === 'sync.facts' ? { counts: event.facts.counts, pending: event.facts.pending } : {},
    ),
    rememberOn: () => {
      throw new Error('sync: provide rememberOn');
    },
    rememberOff: () => {
      throw new Error('sync: provide rememberOff');
    },
    announceJoined: () => {
      throw new Error('sync: provide announceJoined');
    },
    countOfflineTry: assign({ offlineTries: ({ context }) => context.offlineTries + 1 }),
  },
  guards: {
    isDemo: ({ event }) => event.type === 'sync.facts' && event.facts.demo,
    deviceOn: ({ event }) => event.type === 'sync.facts' && event.facts.device === 'on',
    deviceOff: ({ event }) => event.type === 'sync.facts' && event.facts.device === 'off',
    accountSyncs: ({ event }) => event.type === 'sync.facts' && event.facts.accountSyncs === true,
    holdsData: ({ event }) =>
      event.type === 'sync.facts' &&
      event.facts.accountSyncs === false &&
      Object.values(event.facts.counts).some((n) => n > 0),
    hasConflicts: ({ event }) => outcomeOf(event).conflicts.length > 0,
    isDirty: ({ context }) => context.dirty,
    isOffline: ({ event }) => failureOf(event).kind === 'offline',
    mayRetry: ({ context, event }) => failureOf(event).kind === 'retry' && context.failures < BACKOFF_LIMIT,
  },
}).createMachine({
  id: 'sync',
  meta: { secrets: syncSecrets },
  context: {
    pending: 0,
    lastSyncedAt: null,
    failures: 0,
    offlineTries: 0,
    conflicts: [],
    rejected: 0,
    error: null,
    counts: {},
    dirty: false,
  },
  initial: 'starting',
  states: {
    /** Waiting for the facts the app gathers at sign-in. */
    starting: {
      on: {
        'sync.facts': [
          { guard: 'isDemo', target: 'disabled.demo', actions: 'takeFacts' },
          { guard: 'deviceOn', target: 'on', actions: 'takeFacts' },
          { guard: 'deviceOff', target: 'disabled.off', actions: 'takeFacts' },
          { guard: 'accountSyncs', target: 'on', actions: ['takeFacts', 'rememberOn', 'announceJoined'] },
          { guard: 'holdsData', target: 'asking', actions: 'takeFacts' },
          { target: 'disabled.off', actions: 'takeFacts' },
        ],
      },
    },
    disabled: {
      tags: ['disabled'],
      initial: 'off',
      states: {
        /** Its password is published: nothing of it goes to the server. */
        demo: { tags: ['demo'] },
        off: {
          on: { 'sync.turnOn': { target: '#sync.on', actions: 'rememberOn' } },
        },
      },
    },
    /** First sign-in on a device with data, for an account that does not sync yet: keep this business in the account? */
    asking: {
      tags: ['asking', 'disabled'],
      on: {
        'sync.turnOn': { target: 'on', actions: 'rememberOn' },
        'sync.decline': { target: 'disabled.off', actions: 'rememberOff' },
      },
    },
    on: {
      initial: 'pulling',
      on: {
        'sync.turnOff': { target: 'disabled.off', actions: 'rememberOff' },
        'local.changed': { actions: assign({ pending: ({ event }) => event.pending, dirty: true }) },
      },
      states: {
        idle: {
          tags: ['saved'],
          invoke: { id: 'poll', src: 'wait', input: { ms: POLL_MS, visibleOnly: true }, onDone: 'pulling' },
          on: {
            'sync.now': 'pulling',
            'local.changed': { target: 'waiting', actions: assign({ pending: ({ event }) => event.pending }) },
            'network.offline': 'offline',
          },
        },
        /** A local change: sync once the typing stops. */
        waiting: {
          tags: ['saving'],
          invoke: { id: 'debounce', src: 'wait', input: { ms: DEBOUNCE_MS, visibleOnly: false }, onDone: 'pulling' },
          on: {
            'sync.now': 'pulling',
            'local.changed': {
              target: 'waiting',
              reenter: true,
              actions: assign({ pending: ({ event }) => event.pending }),
            },
            'network.offline': 'offline',
          },
        },
        pulling: {
          tags: ['saving'],
          entry: assign({ dirty: false }),
          invoke: {
            id: 'pull',
            src: 'pull',
            onDone: {
              target: 'pushing',
              actions: assign({
                pending: ({ event }) => event.output.pending,
                conflicts: ({ event }) => event.output.conflicts,
              }),
            },
            onError: [
              { guard: 'isOffline', target: 'offline', actions: 'countOfflineTry' },
              {
                guard: 'mayRetry',
                target: 'backingOff',
                actions: assign({ failures: ({ context }) => context.failures + 1 }),
              },
              { target: 'error', actions: assign({ error: ({ event }) => failureOf(event).message }) },
            ],
          },
        },
        pushing: {
          tags: ['saving'],
          invoke: {
            id: 'push',
            src: 'push',
            onDone: [
              {
                guard: 'hasConflicts',
                target: 'conflict',
                actions: assign(({ event }) => ({
                  pending: event.output.pending,
                  conflicts: event.output.conflicts,
                  rejected: event.output.rejected,
                  lastSyncedAt: event.output.at,
                  failures: 0,
                  offlineTries: 0,
                  error: null,
                })),
              },
              {
                guard: 'isDirty',
                target: 'waiting',
                actions: assign(({ event }) => ({
                  pending: event.output.pending,
                  conflicts: [],
                  rejected: event.output.rejected,
                  lastSyncedAt: event.output.at,
                  failures: 0,
                  offlineTries: 0,
                  error: null,
                })),
              },
              {
                target: 'idle',
                actions: assign(({ event }) => ({
                  pending: event.output.pending,
                  conflicts: [],
                  rejected: event.output.rejected,
                  lastSyncedAt: event.output.at,
                  failures: 0,
                  offlineTries: 0,
                  error: null,
                })),
              },
            ],
            onError: [
              { guard: 'isOffline', target: 'offline', actions: 'countOfflineTry' },
              {
                guard: 'mayRetry',
                target: 'backingOff',
                actions: assign({ failures: ({ context }) => context.failures + 1 }),
              },
              { target: 'error', actions: assign({ error: ({ event }) => failureOf(event).message }) },
            ],
          },
        },
        /** No answer: changes stay in the outbox until the network is back, tried again after a growing wait. */
        offline: {
          tags: ['offline'],
          invoke: {
            id: 'poll',
            src: 'wait',
            input: ({ context }) => ({ ms: offlineRetryMs(context.offlineTries), visibleOnly: true }),
            onDone: 'pulling',
          },
          on: { 'network.online': 'pulling', 'sync.now': 'pulling' },
        },
        /** The server failed: try again after a growing wait. */
        backingOff: {
          tags: ['saving'],
          invoke: {
            id: 'backoff',
            src: 'wait',
            input: ({ context }) => ({ ms: backoffMs(context.failures), visibleOnly: false }),
            onDone: 'pulling',
          },
          on: { 'sync.now': 'pulling', 'network.offline': 'offline' },
        },
        /** Changed on two devices: the conflict dialog asks, one record at a time. */
        conflict: {
          tags: ['conflict'],
          on: {
            // A choice that failed (the account out of reach) said why until the next choice.
            'conflict.resolve': { target: 'resolving', actions: assign({ error: null }) },
            'sync.now': 'pulling',
          },
        },
        resolving: {
          tags: ['conflict'],
          invoke: {
            id: 'resolve',
            src: 'resolve',
            input: ({ event }) =>
              event.type === 'conflict.resolve'
                ? { key: event.key, choice: event.choice }
                : { key: '', choice: { keep: 'theirs' as const } },
            onDone: [
              {
                guard: 'hasConflicts',
                target: 'conflict',
                actions: assign(({ event }) => ({
                  pending: event.output.pending,
                  conflicts: event.output.conflicts,
                })),
              },
              {
                target: 'pulling',
                actions: assign(({ event }) => ({ pending: event.output.pending, conflicts: [] })),
              },
            ],
            onError: { target: 'conflict', actions: assign({ error: ({ event }) => failureOf(event).message }) },
          },
        },
        /** Stopped: "Could not sync — Retry". */
        error: {
          tags: ['failed'],
          on: {
            'sync.now': { target: 'pulling', actions: assign({ failures: 0, error: null }) },
            'network.online': { target: 'pulling', actions: assign({ failures: 0, error: null }) },
          },
        },
      },
    },
  },
});
