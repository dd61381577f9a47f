import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { accountEventMachine, type Whereabouts } from '../../src/machines/sync/accountEvent.machine';
import { accountEventView, FETCHING, GONE, LOCATING, OFFLINE_OPEN } from '../../src/machines/sync/accountEvent.connect';
import { createWorld, describeModel, type Expectation } from '../support/model';

const world = createWorld();
const never = <T>() => fromPromise<T>(() => new Promise<T>(() => {}));
const machine = accountEventMachine.provide({
  actors: { locate: never<Whereabouts>() as never, fetchEvent: never<boolean>() as never },
  actions: { showFetched: (_, params) => world.record('showFetched', params) },
});
type M = typeof machine;

const failure = (kind: string, message = `failed: ${kind}`) => Object.assign(new Error(message), { kind });
const errorOf = (e: unknown) => (e as { error: { kind: string; message: string } }).error;
const noop = () => {};

const toFetching: Expectation<M> = {
  target: 'fetching',
  started: [{ id: 'fetchEvent', input: { id: 20 } }],
  context: (b) => ({ ...b, error: null }),
};

describeModel('accountEvent', {
  machine,
  world,
  input: { id: 20 },
  initial: { started: [{ id: 'locate', input: { id: 20 } }] },
  events: {
    'fetch.retry': [{ type: 'fetch.retry' }],
    'network.online': [{ type: 'network.online' }],
  },
  actorEvents: [
    { type: 'xstate.done.actor.locate', output: 'account' },
    { type: 'xstate.done.actor.locate', output: 'none' },
    { type: 'xstate.error.actor.locate', error: new Error('storage unreadable') },
    { type: 'xstate.done.actor.fetchEvent', output: true },
    { type: 'xstate.done.actor.fetchEvent', output: false },
    { type: 'xstate.error.actor.fetchEvent', error: failure('offline') },
    { type: 'xstate.error.actor.fetchEvent', error: failure('fatal', 'The server answered 500.') },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.error]),
  transitions: {
    'locating|xstate.done.actor.locate|0': {
      ...toFetching,
      check: ({ event }) => expect((event as unknown as { output: unknown }).output).toBe('account'),
    },
    'locating|xstate.done.actor.locate|1': { target: 'notFound' },
    'locating|xstate.error.actor.locate|0': { target: 'notFound' },
    'fetching|xstate.done.actor.fetchEvent|0': {
      target: 'fetched',
      effects: [['showFetched', { id: 20 }]],
      check: ({ event }) => expect((event as unknown as { output: unknown }).output).toBe(true),
    },
    'fetching|xstate.done.actor.fetchEvent|1': { target: 'gone' },
    'fetching|xstate.error.actor.fetchEvent|0': {
      target: 'offline',
      check: ({ event }) => expect(errorOf(event).kind).toBe('offline'),
    },
    'fetching|xstate.error.actor.fetchEvent|1': {
      target: 'failed',
      context: (b, e) => ({ ...b, error: errorOf(e).message }),
    },
    'offline|network.online|0': toFetching,
    'offline|fetch.retry|0': toFetching,
    'failed|fetch.retry|0': toFetching,
  },
  states: {
    locating: (s) => {
      expect(accountEventView(s, noop)).toMatchObject({ loading: LOCATING, alert: null, notFound: false });
    },
    fetching: (s) => {
      expect(accountEventView(s, noop)).toMatchObject({ loading: FETCHING, alert: null, canRetry: false });
    },
    offline: (s) => {
      expect(accountEventView(s, noop)).toMatchObject({ loading: null, alert: OFFLINE_OPEN, canRetry: true });
    },
    failed: (s) => {
      const view = accountEventView(s, noop);
      expect(view.alert).toBe(
        `This event is kept in your account, but it could not be fetched: ${s.context.error ?? ''}`.trim(),
      );
      expect(view.canRetry).toBe(true);
    },
    fetched: (s) => {
      expect(accountEventView(s, noop)).toMatchObject({ fetched: true, notFound: false, loading: null, alert: null });
    },
    notFound: (s) => {
      expect(accountEventView(s, noop)).toMatchObject({ notFound: true, note: null, canRetry: false });
    },
    gone: (s) => {
      expect(accountEventView(s, noop)).toMatchObject({ notFound: true, note: GONE });
    },
  },
});
