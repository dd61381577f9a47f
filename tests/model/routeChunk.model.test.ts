import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import {
  routeChunkMachine,
  routeChunkShows,
  type RouteChunkEvent,
  type RouteChunkInput,
} from '../../src/machines/shell/routeChunk.machine';
import { createWorld, describeModel, type Expectation } from '../support/model';

const reloads: number[] = [];
const world = createWorld();
const never = <T>() => new Promise<T>(() => {});
const machine = routeChunkMachine.provide({
  actors: {
    importChunk: fromPromise<unknown, { key: string }>(() => never()),
    fetchBuildId: fromPromise<string>(() => never()),
    watchConnectivity: fromCallback(() => {}),
  },
  actions: {
    reloadPage: () => {
      reloads.push(1);
      world.record('reloadPage');
    },
  },
});

const start: RouteChunkInput = { key: 'AboutPage', loaded: false, online: true, buildId: 'build-1' };
type Expect = Expectation<typeof machine>;
const importChunk = { id: 'importChunk', input: { key: 'AboutPage' } };
const check: Expect = { target: 'checking', started: [{ id: 'fetchBuildId', input: undefined }] };
const retry = (online: boolean): Expect => ({
  target: 'retrying',
  context: (b) => ({ ...b, attempt: b.attempt + 1, ...(online ? { online: true } : {}) }),
  started: [importChunk],
});
const buildOf = (event: unknown) => (event as { output: string }).output;

describeModel('routeChunk', {
  machine,
  inputs: [start, { ...start, loaded: true }, { ...start, online: false, buildId: null }],
  world,
  reset: () => void (reloads.length = 0),
  initial: {
    started: (input) => [{ id: 'watchConnectivity', input: undefined }, ...(input.loaded ? [] : [importChunk])],
  },
  transitions: {
    '(machine)|browser.online|0': { context: (b) => ({ ...b, online: true }) },
    '(machine)|browser.offline|0': { context: (b) => ({ ...b, online: false }) },
    'opening||0': { target: 'loaded', check: ({ before }) => expect(before.cached).toBe(true) },
    'opening||1': {
      target: 'loading',
      started: [importChunk],
      check: ({ before }) => expect(before.cached).toBe(false),
    },
    'loading|xstate.done.actor.importChunk|0': { target: 'loaded' },
    'loading|xstate.error.actor.importChunk|0': check,
    // A different build than this tab's: the chunk went with a redeploy.
    'checking|xstate.done.actor.fetchBuildId|0': {
      target: 'newVersion',
      check: ({ event, before }) => {
        expect(before.buildId).not.toBeNull();
        expect(buildOf(event)).not.toBe(before.buildId);
      },
    },
    'checking|xstate.done.actor.fetchBuildId|1': {
      target: 'failed.connection',
      check: ({ event, before }) => expect(before.buildId === null || buildOf(event) === before.buildId).toBe(true),
    },
    'checking|xstate.error.actor.fetchBuildId|0': {
      target: 'failed.offline',
      check: ({ before }) => expect(before.online).toBe(false),
    },
    'checking|xstate.error.actor.fetchBuildId|1': {
      target: 'failed.connection',
      check: ({ before }) => expect(before.online).toBe(true),
    },
    'failed|chunk.retry|0': retry(false),
    'failed|browser.online|0': retry(true),
    'retrying|xstate.done.actor.importChunk|0': { target: 'loaded' },
    'retrying|xstate.error.actor.importChunk|0': check,
    'newVersion|version.reload|0': { effects: [['reloadPage']] },
    'loaded|page.failed|0': check,
  },
  events: {
    'chunk.retry': [{ type: 'chunk.retry' }],
    'page.failed': [{ type: 'page.failed' }],
    'version.reload': [{ type: 'version.reload' }],
    'browser.online': [{ type: 'browser.online' }],
    'browser.offline': [{ type: 'browser.offline' }],
  },
  actorEvents: [
    { type: 'xstate.done.actor.importChunk', output: () => null },
    { type: 'xstate.error.actor.importChunk', error: new TypeError('Failed to fetch dynamically imported module') },
    { type: 'xstate.done.actor.fetchBuildId', output: 'build-1' },
    { type: 'xstate.done.actor.fetchBuildId', output: 'build-2' },
    { type: 'xstate.error.actor.fetchBuildId', error: new TypeError('Failed to fetch') },
  ],
  // Retries count up: tell states apart by what the chart decides on, not by the count.
  serializeState: (s) => JSON.stringify([s.value, s.context.online]),
  states: {
    opening: () => expect.unreachable('opening is passed through at once'),
    loading: (s) => {
      expect(s.hasTag('loading'), 'the status line says Loading…').toBe(true);
      expect(routeChunkShows(s)).toBe('loading');
      expect(s.can({ type: 'chunk.retry' })).toBe(false);
      expect(reloads).toEqual([]);
    },
    checking: (s) => {
      expect(s.hasTag('loading'), 'the status line says Loading…').toBe(true);
      expect(routeChunkShows(s)).toBe('loading');
      expect(reloads).toEqual([]);
    },
    'failed.connection': (s) => {
      expect(routeChunkShows(s)).toBe('failed');
      expect(s.can({ type: 'chunk.retry' })).toBe(true);
      expect(s.can({ type: 'version.reload' })).toBe(false);
    },
    'failed.offline': (s) => {
      expect(routeChunkShows(s)).toBe('offline');
      expect(s.context.online).toBe(false);
      expect(s.can({ type: 'chunk.retry' })).toBe(true);
    },
    retrying: (s) => {
      expect(s.hasTag('loading'), 'the status line says Loading…').toBe(true);
      expect(routeChunkShows(s)).toBe('retrying');
      expect(s.context.attempt).toBeGreaterThan(0);
    },
    newVersion: (s) => {
      expect(routeChunkShows(s)).toBe('newVersion');
      expect(s.context.buildId).toBe('build-1');
      expect(s.can({ type: 'version.reload' })).toBe(true);
      expect(s.can({ type: 'chunk.retry' })).toBe(false);
    },
    loaded: (s) => {
      expect(routeChunkShows(s)).toBe('page');
      expect(reloads).toEqual([]);
    },
  },
});

/** A live actor with scripted side effects: each import and build-id fetch takes the next result. */
function run(
  input: Partial<RouteChunkInput>,
  script: { imports?: Array<'ok' | 'fail'>; builds?: Array<string | 'unreachable'> },
) {
  const calls = { imports: 0, builds: 0, reloads: 0 };
  let toMachine: ((event: RouteChunkEvent) => void) | null = null;
  const actor = createActor(
    routeChunkMachine.provide({
      actors: {
        importChunk: fromPromise<unknown, { key: string }>(async () => {
          const result = script.imports?.[calls.imports] ?? 'ok';
          calls.imports++;
          if (result === 'fail') throw new TypeError('Failed to fetch dynamically imported module');
          return 'Page';
        }),
        fetchBuildId: fromPromise<string>(async () => {
          const result = script.builds?.[calls.builds] ?? 'build-1';
          calls.builds++;
          if (result === 'unreachable') throw new TypeError('Failed to fetch');
          return result;
        }),
        watchConnectivity: fromCallback<RouteChunkEvent>(({ sendBack }) => {
          toMachine = sendBack;
        }),
      },
      actions: { reloadPage: () => void calls.reloads++ },
    }),
    { input: { ...start, ...input } },
  ).start();
  return { actor, calls, browser: (event: RouteChunkEvent) => toMachine?.(event) };
}

describe('route chunk rules (issue 10, part 1)', () => {
  it('a chunk removed by a redeploy offers "new version — reload", and Reload reloads once', async () => {
    const { actor, calls } = run({}, { imports: ['fail'], builds: ['build-2'] });
    await waitFor(actor, (s) => s.matches('newVersion'));
    expect(routeChunkShows(actor.getSnapshot())).toBe('newVersion');
    actor.send({ type: 'version.reload' });
    expect(calls.reloads).toBe(1);
  });

  it('the same build on the server and online: a connection failure, and Retry imports again and shows the page', async () => {
    const { actor, calls } = run({}, { imports: ['fail', 'ok'], builds: ['build-1'] });
    await waitFor(actor, (s) => s.matches({ failed: 'connection' }));
    expect(calls.imports).toBe(1);
    actor.send({ type: 'chunk.retry' });
    expect(actor.getSnapshot().value).toBe('retrying');
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(calls.imports).toBe(2);
    expect(actor.getSnapshot().context.attempt).toBe(1);
  });

  it('server unreachable while online is a connection failure, not "offline"', async () => {
    const { actor } = run({}, { imports: ['fail'], builds: ['unreachable'] });
    await waitFor(actor, (s) => s.matches({ failed: 'connection' }));
  });

  it('offline: says so, and coming back online retries by itself', async () => {
    const { actor, calls, browser } = run({}, { imports: ['fail', 'ok'], builds: ['unreachable'] });
    browser({ type: 'browser.offline' });
    await waitFor(actor, (s) => s.matches({ failed: 'offline' }));
    browser({ type: 'browser.offline' });
    expect(actor.getSnapshot().matches({ failed: 'offline' })).toBe(true);
    browser({ type: 'browser.online' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(calls.imports).toBe(2);
  });

  it('an unknown build id (dev server) never claims a new version', async () => {
    const { actor } = run({ buildId: null }, { imports: ['fail'], builds: ['build-2'] });
    await waitFor(actor, (s) => s.matches({ failed: 'connection' }));
  });

  it('a chunk loaded on an earlier visit shows the page at once, without importing', () => {
    const { actor, calls } = run({ loaded: true }, {});
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(calls.imports).toBe(0);
  });

  it('going online while the first import runs does not start another import', async () => {
    const { actor, calls, browser } = run({ online: false }, {});
    browser({ type: 'browser.online' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(calls.imports).toBe(1);
  });

  it('a page that throws while rendering is checked, and Retry mounts it afresh', async () => {
    const { actor } = run({ loaded: true }, { builds: ['build-1'] });
    actor.send({ type: 'page.failed' });
    await waitFor(actor, (s) => s.matches({ failed: 'connection' }));
    actor.send({ type: 'chunk.retry' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.attempt).toBe(1);
  });

  for (const event of [{ type: 'chunk.retry' }, { type: 'browser.online' }] as const) {
    it(`pinned: from failed.offline, ${event.type} imports again (retrying, a fresh attempt)`, () => {
      const snapshot = machine.resolveState({
        value: { failed: 'offline' },
        context: { key: 'AboutPage', cached: false, online: false, buildId: 'build-1', attempt: 0 },
      });
      const actor = createActor(machine, { snapshot, input: start }).start();
      actor.send(event);
      expect(actor.getSnapshot().value).toBe('retrying');
      expect(actor.getSnapshot().context).toMatchObject({ attempt: 1, online: event.type === 'browser.online' });
    });
  }
});
