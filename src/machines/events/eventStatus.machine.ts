/**
 * One event's status (issue 22, part 2): Enquiry → Quoted → Confirmed → Completed, or Cancelled from any
 * open state with a reason. Confirming needs the deposit paid (`depositPaid`, from the event's payments)
 * unless the caterer chooses "confirm without deposit", which is remembered. Completed and Cancelled are
 * final. Every change is saved on the event (`persistStatus`, provided); the start state comes from the
 * event (`input.status`; events from before statuses read as Confirmed), and so does the state after the
 * event's status is changed elsewhere (`status.stored`: another tab, another device's sync).
 */
import { assign, setup } from 'xstate';
import { MAX_REASON_LENGTH, type EventStatus } from '../../domain/eventStatus';
import type { SecretsOf } from '../../domain/inspection';

export interface EventStatusInput {
  status: EventStatus;
  depositPaid: boolean;
  reason?: string;
  confirmedWithoutDeposit?: boolean;
}

export interface EventStatusContext {
  /** The status the event was saved with (where the chart starts). */
  stored: EventStatus;
  depositPaid: boolean;
  /** Why it was cancelled ('' until it is). */
  reason: string;
  confirmedWithoutDeposit: boolean;
}

export type EventStatusEvent =
  /** Mark as quoted (the quote was sent). */
  | { type: 'status.quote' }
  /** Confirm: needs the deposit paid. */
  | { type: 'status.confirm' }
  /** Confirm without deposit: the caterer's explicit choice. */
  | { type: 'status.confirmWithoutDeposit' }
  /** Mark completed (the event took place). */
  | { type: 'status.complete' }
  /** Cancel event, with the reason typed. */
  | { type: 'status.cancel'; reason: string }
  /** The event's payments changed (the Payments tool, another tab). */
  | { type: 'deposit.change'; depositPaid: boolean }
  /** The event's status was saved elsewhere (another tab, a sync): the chart goes where the event now is. */
  | { type: 'status.stored'; status: EventStatus; reason: string; confirmedWithoutDeposit: boolean };

export const eventStatusSecrets = {
  events: { 'status.cancel': [], 'deposit.change': [], 'status.stored': [] },
} as const satisfies SecretsOf<EventStatusEvent, EventStatusContext>;

export const eventStatusMachine = setup({
  types: {
    context: {} as EventStatusContext,
    events: {} as EventStatusEvent,
    input: {} as EventStatusInput,
  },
  actions: {
    setDeposit: assign({
      depositPaid: ({ context, event }) => (event.type === 'deposit.change' ? event.depositPaid : context.depositPaid),
    }),
    setReason: assign({
      reason: ({ context, event }) => (event.type === 'status.cancel' ? event.reason.trim() : context.reason),
    }),
    markWithoutDeposit: assign({ confirmedWithoutDeposit: true }),
    setStored: assign(({ context, event }) =>
      event.type === 'status.stored'
        ? {
            ...context,
            stored: event.status,
            reason: event.reason,
            confirmedWithoutDeposit: event.confirmedWithoutDeposit,
          }
        : context,
    ),
    /** Saves the status entered on the event, with the context's reason and choice (provided: the events list's patch). */
    persistStatus: (_: unknown, _params: { status: EventStatus }) => {
      throw new Error('eventStatus: provide persistStatus');
    },
  },
  guards: {
    isStoredEnquiry: ({ context }) => context.stored === 'enquiry',
    isStoredQuoted: ({ context }) => context.stored === 'quoted',
    isStoredCompleted: ({ context }) => context.stored === 'completed',
    isStoredCancelled: ({ context }) => context.stored === 'cancelled',
    hasDepositPaid: ({ context }) => context.depositPaid,
    hasReason: ({ event }) =>
      event.type === 'status.cancel' && event.reason.trim() !== '' && event.reason.trim().length <= MAX_REASON_LENGTH,
  },
}).createMachine({
  id: 'eventStatus',
  meta: { secrets: eventStatusSecrets },
  context: ({ input }) => ({
    stored: input.status,
    depositPaid: input.depositPaid,
    reason: input.reason ?? '',
    confirmedWithoutDeposit: input.confirmedWithoutDeposit ?? false,
  }),
  initial: 'resolving',
  on: {
    'deposit.change': { actions: 'setDeposit' },
    'status.stored': { target: '.resolving', actions: 'setStored' },
  },
  states: {
    // Hydrated from the stored status.
    resolving: {
      always: [
        { guard: 'isStoredEnquiry', target: 'enquiry' },
        { guard: 'isStoredQuoted', target: 'quoted' },
        { guard: 'isStoredCompleted', target: 'completed' },
        { guard: 'isStoredCancelled', target: 'cancelled' },
        { target: 'confirmed' },
      ],
    },
    enquiry: {
      tags: ['open'],
      on: {
        'status.quote': { target: 'quoted', actions: { type: 'persistStatus', params: { status: 'quoted' } } },
        'status.confirm': {
          guard: 'hasDepositPaid',
          target: 'confirmed',
          actions: { type: 'persistStatus', params: { status: 'confirmed' } },
        },
        'status.confirmWithoutDeposit': {
          target: 'confirmed',
          actions: ['markWithoutDeposit', { type: 'persistStatus', params: { status: 'confirmed' } }],
        },
        'status.cancel': {
          guard: 'hasReason',
          target: 'cancelled',
          actions: ['setReason', { type: 'persistStatus', params: { status: 'cancelled' } }],
        },
      },
    },
    quoted: {
      tags: ['open'],
      on: {
        'status.confirm': {
          guard: 'hasDepositPaid',
          target: 'confirmed',
          actions: { type: 'persistStatus', params: { status: 'confirmed' } },
        },
        'status.confirmWithoutDeposit': {
          target: 'confirmed',
          actions: ['markWithoutDeposit', { type: 'persistStatus', params: { status: 'confirmed' } }],
        },
        'status.cancel': {
          guard: 'hasReason',
          target: 'cancelled',
          actions: ['setReason', { type: 'persistStatus', params: { status: 'cancelled' } }],
        },
      },
    },
    confirmed: {
      tags: ['open', 'booked'],
      on: {
        'status.complete': { target: 'completed', actions: { type: 'persistStatus', params: { status: 'completed' } } },
        'status.cancel': {
          guard: 'hasReason',
          target: 'cancelled',
          actions: ['setReason', { type: 'persistStatus', params: { status: 'cancelled' } }],
        },
      },
    },
    completed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
