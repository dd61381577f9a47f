/**
 * Event status (issue 22, part 2), walked from every stored status: each change saves the status, a
 * Confirm waits for the deposit unless "confirm without deposit" is chosen, a cancellation needs a reason,
 * Completed and Cancelled are final.
 */
import { expect } from 'vitest';
import { eventStatuses, MAX_REASON_LENGTH, type EventStatus } from '../../src/domain/eventStatus';
import {
  eventStatusMachine,
  type EventStatusContext,
  type EventStatusEvent,
} from '../../src/machines/events/eventStatus.machine';
import { statusPatch } from '../../src/machines/events/eventStatus.connect';
import { createWorld, describeModel, type Expectation } from '../support/model';

const world = createWorld<{ status: EventStatus }>();
const machine = eventStatusMachine.provide({
  actions: {
    persistStatus: ({ context }, params) => world.record('persistStatus', statusPatch(params.status, context)),
  },
});

type Expect = Expectation<typeof machine>;
type Ctx = EventStatusContext;
const to = (target: EventStatus, context?: (b: Ctx, e: EventStatusEvent) => Ctx): Expect => ({
  target,
  // What is saved: the status entered, with the reason of a cancellation and the without-deposit choice.
  effects: ({ after }) => [['persistStatus', statusPatch(target, after)]],
  ...(context ? { context } : {}),
});
const cancel = (from: string): Record<string, Expect> => ({
  [`${from}|status.cancel|0`]: to('cancelled', (b, e) => ({ ...b, reason: (e as { reason: string }).reason.trim() })),
});
const confirm = (from: string): Record<string, Expect> => ({
  [`${from}|status.confirm|0`]: { ...to('confirmed'), check: ({ before }) => expect(before.depositPaid).toBe(true) },
  [`${from}|status.confirmWithoutDeposit|0`]: to('confirmed', (b) => ({ ...b, confirmedWithoutDeposit: true })),
});

describeModel('eventStatus', {
  machine,
  world,
  inputs: eventStatuses.flatMap((status) => [
    { status, depositPaid: false, ...(status === 'cancelled' ? { reason: 'Venue closed' } : {}) },
    { status, depositPaid: true, ...(status === 'cancelled' ? { reason: 'Venue closed' } : {}) },
  ]),
  events: {
    'status.quote': [{ type: 'status.quote' }],
    'status.confirm': [{ type: 'status.confirm' }],
    'status.confirmWithoutDeposit': [{ type: 'status.confirmWithoutDeposit' }],
    'status.complete': [{ type: 'status.complete' }],
    'status.cancel': [
      { type: 'status.cancel', reason: '  Client postponed to spring ' },
      { type: 'status.cancel', reason: '   ' },
      { type: 'status.cancel', reason: 'x'.repeat(MAX_REASON_LENGTH + 1) },
    ],
    'deposit.change': [
      { type: 'deposit.change', depositPaid: true },
      { type: 'deposit.change', depositPaid: false },
    ],
    // Saved elsewhere (another tab, a sync): confirmed by another tab, cancelled there with its reason.
    'status.stored': [
      { type: 'status.stored', status: 'confirmed', reason: '', confirmedWithoutDeposit: true },
      { type: 'status.stored', status: 'cancelled', reason: 'Venue flooded', confirmedWithoutDeposit: false },
    ],
  },
  transitions: {
    'resolving||0': { target: 'enquiry', check: ({ before }) => expect(before.stored).toBe('enquiry') },
    'resolving||1': { target: 'quoted', check: ({ before }) => expect(before.stored).toBe('quoted') },
    'resolving||2': { target: 'completed', check: ({ before }) => expect(before.stored).toBe('completed') },
    'resolving||3': { target: 'cancelled', check: ({ before }) => expect(before.stored).toBe('cancelled') },
    // Anything else (confirmed, or an event from before statuses) is Confirmed.
    'resolving||4': { target: 'confirmed', check: ({ before }) => expect(before.stored).toBe('confirmed') },
    '(machine)|deposit.change|0': {
      context: (b, e) => ({ ...b, depositPaid: (e as { depositPaid: boolean }).depositPaid }),
    },
    // Nothing is saved: the chart follows the event's stored status (then one of the resolving branches above).
    '(machine)|status.stored|0': {
      target: 'resolving',
      context: (b, e) => {
        const { status, reason, confirmedWithoutDeposit } = e as Extract<EventStatusEvent, { type: 'status.stored' }>;
        return { ...b, stored: status, reason, confirmedWithoutDeposit };
      },
    },
    'enquiry|status.quote|0': to('quoted'),
    ...confirm('enquiry'),
    ...cancel('enquiry'),
    ...confirm('quoted'),
    ...cancel('quoted'),
    'confirmed|status.complete|0': to('completed'),
    ...cancel('confirmed'),
  },
  states: {
    resolving: () => {
      throw new Error('transient');
    },
    enquiry: (s) => expect([s.hasTag('open'), s.status]).toEqual([true, 'active']),
    quoted: (s) => expect([s.hasTag('open'), s.can({ type: 'status.quote' })]).toEqual([true, false]),
    confirmed: (s) => expect([s.hasTag('booked'), s.can({ type: 'status.confirm' })]).toEqual([true, false]),
    completed: (s) => expect([s.hasTag('open'), s.status]).toEqual([false, 'done']),
    cancelled: (s) => {
      expect([s.hasTag('open'), s.status]).toEqual([false, 'done']);
      expect(s.context.reason.trim()).not.toBe('');
    },
  },
});
