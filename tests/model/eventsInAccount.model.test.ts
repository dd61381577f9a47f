import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import {
  eventsInAccountMachine,
  type AccountEvent,
  type EventsInAccountContext,
  type SearchOutput,
} from '../../src/machines/sync/eventsInAccount.machine';
import { eventsInAccountView, OFFLINE_SEARCH } from '../../src/machines/sync/eventsInAccount.connect';
import { createWorld, describeModel, type Expectation } from '../support/model';

const world = createWorld();
const never = <T>() => fromPromise<T>(() => new Promise<T>(() => {}));
const machine = eventsInAccountMachine.provide({
  actors: { search: never<SearchOutput>() as never, fetchEvent: never<boolean>() as never },
  actions: { showOpened: (_, params) => world.record('showOpened', params) },
});
type M = typeof machine;

const gala: AccountEvent = {
  id: 20,
  name: 'Harbour Lights Gala',
  date: '2023-05-06',
  customer: 'Amelia Hart',
  guests: 100,
};
const lunch: AccountEvent = {
  id: 21,
  name: 'Spring Board Lunch',
  date: '2023-04-01',
  customer: 'Raj Patel',
  guests: null,
};
const failure = (kind: string, message = `failed: ${kind}`) => Object.assign(new Error(message), { kind });
const outputOf = (e: unknown) => (e as { output: unknown }).output;
const errorOf = (e: unknown) => (e as { error: { kind: string; message: string } }).error;
const queryOf = (e: unknown) => (e as { query: string }).query;
const openOf = (e: unknown) => e as { id: number; name: string; view: 'toolkit' | 'sheet' };

const toSearching = (reentered: boolean): Expectation<M> => ({
  target: 'searching',
  started: ({ event }) => [{ id: 'search', input: { query: queryOf(event) } }],
  context: (b, e): EventsInAccountContext =>
    reentered
      ? { ...b, query: queryOf(e), openError: null }
      : { ...b, query: queryOf(e), openError: null, error: null },
});

describeModel('eventsInAccount', {
  machine,
  world,
  input: { query: '' },
  limit: 4000,
  initial: { started: [{ id: 'search', input: { query: '' } }] },
  events: {
    'archive.search': [{ type: 'archive.search', query: 'harbour' }],
    'archive.open': [
      { type: 'archive.open', id: 20, name: gala.name, view: 'toolkit' },
      { type: 'archive.open', id: 21, name: lunch.name, view: 'sheet' },
    ],
  },
  actorEvents: [
    { type: 'xstate.done.actor.search', output: { events: [gala, lunch], more: false } },
    { type: 'xstate.done.actor.search', output: { events: [], more: false } },
    { type: 'xstate.error.actor.search', error: failure('offline') },
    { type: 'xstate.error.actor.search', error: failure('fatal', 'The server answered 500.') },
    { type: 'xstate.done.actor.fetchEvent', output: true },
    { type: 'xstate.done.actor.fetchEvent', output: false },
    { type: 'xstate.error.actor.fetchEvent', error: failure('offline') },
  ],
  serializeState: (s) => {
    const c = s.context;
    return JSON.stringify([s.value, c.query, c.results.length, !!c.error, c.opening?.id, !!c.openError]);
  },
  transitions: {
    'searching|archive.search|0': toSearching(true),
    'searching|xstate.done.actor.search|0': {
      target: 'ready',
      context: (b, e) => ({
        ...b,
        results: (outputOf(e) as SearchOutput).events,
        more: (outputOf(e) as SearchOutput).more,
        error: null,
      }),
    },
    'searching|xstate.error.actor.search|0': {
      target: 'failed',
      context: (b, e) => ({ ...b, error: { offline: errorOf(e).kind === 'offline', message: errorOf(e).message } }),
    },
    'ready|archive.search|0': toSearching(true),
    'failed|archive.search|0': toSearching(false),
    'ready|archive.open|0': {
      target: 'opening',
      started: ({ event }) => [{ id: 'fetchEvent', input: { id: openOf(event).id } }],
      context: (b, e) => ({
        ...b,
        opening: { id: openOf(e).id, name: openOf(e).name, view: openOf(e).view },
        openError: null,
      }),
    },
    'opening|xstate.done.actor.fetchEvent|0': {
      target: 'ready',
      effects: ({ before }) => [['showOpened', { id: before.opening!.id, view: before.opening!.view }]],
      context: (b) => ({ ...b, opening: null }),
      check: ({ event }) => expect(outputOf(event)).toBe(true),
    },
    'opening|xstate.done.actor.fetchEvent|1': {
      target: 'ready',
      context: (b) => ({
        ...b,
        opening: null,
        results: b.results.filter((r) => r.id !== b.opening!.id),
        openError: {
          offline: false,
          message: 'It is no longer in your account (deleted on another device).',
          name: b.opening!.name,
        },
      }),
    },
    'opening|xstate.error.actor.fetchEvent|0': {
      target: 'ready',
      context: (b, e) => ({
        ...b,
        opening: null,
        openError: { offline: errorOf(e).kind === 'offline', message: errorOf(e).message, name: b.opening!.name },
      }),
    },
  },
  states: {
    searching: (s) => {
      expect(eventsInAccountView(s)).toMatchObject({ status: 'Searching your account…', busy: true });
    },
    ready: (s) => {
      const view = eventsInAccountView(s);
      expect(view.busy).toBe(false);
      expect(view.openingId).toBeNull();
      if (s.context.results.length) expect(view.status).toMatch(/^\d+ events?/);
      if (s.context.openError?.offline) expect(view.alert).toMatch(/^You are offline: “.+” is kept in your account/);
      else if (s.context.openError) expect(view.alert).toContain('is no longer in your account');
      else expect(view.alert).toBeNull();
    },
    failed: (s) => {
      const view = eventsInAccountView(s);
      expect(view.alert).toBe(
        s.context.error!.offline ? OFFLINE_SEARCH : `Your account could not be reached: ${s.context.error!.message}`,
      );
      expect(s.can({ type: 'archive.open', id: 20, name: gala.name, view: 'toolkit' })).toBe(false);
    },
    opening: (s) => {
      const view = eventsInAccountView(s);
      expect(view).toMatchObject({ busy: true, openingId: s.context.opening!.id });
      expect(view.status).toBe(`Fetching “${s.context.opening!.name}” from your account…`);
    },
  },
});
