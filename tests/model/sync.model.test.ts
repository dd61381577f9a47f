import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  BACKOFF_LIMIT,
  DEBOUNCE_MS,
  POLL_MS,
  backoffMs,
  offlineRetryMs,
  syncMachine,
  type SyncContext,
  type SyncFacts,
} from '../../src/machines/sync/sync.machine';
import { syncStatus } from '../../src/machines/sync/sync.connect';
import { chooseForConflict, pullChanges, pushChanges, type ArchiveRule, type SyncOutcome } from '../../src/sync/cycle';
import { awayEventIds } from '../../src/sync/archive';
import type { SyncConflict } from '../../src/sync/engine';
import { FakeDevice, FakeSyncServer, testId } from '../support/fakeSyncServer';
import { createWorld, describeModel, type Expectation, type Started } from '../support/model';

const world = createWorld();
const never = <T>() => fromPromise<T>(() => new Promise<T>(() => {}));
const machine = syncMachine.provide({
  actors: {
    pull: never<SyncOutcome>(),
    push: never<SyncOutcome>(),
    resolve: never<SyncOutcome>() as never,
    wait: never<void>() as never,
  },
  actions: {
    rememberOn: () => world.record('rememberOn'),
    rememberOff: () => world.record('rememberOff'),
    announceJoined: () => world.record('announceJoined'),
  },
});
type M = typeof machine;

const conflict: SyncConflict = {
  key: 'suppliers|S-1',
  collection: 'suppliers',
  record_id: 'S-1',
  mine: { supplierID: 'S-1', supplierName: 'Mine' },
  theirs: { supplierID: 'S-1', supplierName: 'Theirs' },
  theirsRev: 2,
};
const ok: SyncOutcome = { pending: 0, conflicts: [], rejected: 0, at: 1000 };
const refused: SyncOutcome = { pending: 1, conflicts: [], rejected: 1, at: 2000 };
const conflicted: SyncOutcome = { pending: 0, conflicts: [conflict], rejected: 0, at: 3000 };
const failure = (kind: string) => Object.assign(new Error(`failed: ${kind}`), { kind });

const facts = (over: Partial<SyncFacts>): SyncFacts => ({
  demo: false,
  device: 'undecided',
  accountSyncs: false,
  counts: {},
  pending: 0,
  ...over,
});
const factSamples = [
  facts({ demo: true, counts: { events: 2 } }),
  facts({ device: 'on', pending: 3 }), // a reload with a full outbox
  facts({ device: 'off', counts: { suppliers: 1 } }),
  facts({ accountSyncs: true, counts: { suppliers: 2 } }),
  facts({ counts: { suppliers: 2 } }),
  facts({ counts: {} }),
  facts({ accountSyncs: null, counts: { suppliers: 2 } }),
];

const pull: Started = { id: 'pull', input: undefined };
const push: Started = { id: 'push', input: undefined };
const poll: Started = { id: 'poll', input: { ms: POLL_MS, visibleOnly: true } };
const debounce: Started = { id: 'debounce', input: { ms: DEBOUNCE_MS, visibleOnly: false } };

const outputOf = (e: unknown) => (e as { output: SyncOutcome }).output;
const errorOf = (e: unknown) => (e as { error: { kind: string; message: string } }).error;
const factsOf = (e: unknown) => (e as { facts: SyncFacts }).facts;
const withFacts = (b: SyncContext, e: unknown): SyncContext => ({
  ...b,
  counts: factsOf(e).counts,
  pending: factsOf(e).pending,
});

const toPulling = (context?: Expectation<M>['context']): Expectation<M> => ({
  target: 'on.pulling',
  started: [pull],
  context: context ?? ((b) => ({ ...b, dirty: false })),
});
const pulled: Expectation<M> = {
  target: 'on.pushing',
  started: [push],
  context: (b, e) => ({ ...b, pending: outputOf(e).pending, conflicts: outputOf(e).conflicts }),
};
const afterPush = (target: string, started: Started[]): Expectation<M> => ({
  target,
  started,
  context: (b, e) => ({
    ...b,
    pending: outputOf(e).pending,
    conflicts: outputOf(e).conflicts,
    rejected: outputOf(e).rejected,
    lastSyncedAt: outputOf(e).at,
    failures: 0,
    offlineTries: 0,
    error: null,
  }),
});
/** Offline: the next try waits by how many tries went unanswered (2, 4, 8, 16 s, then the poll's 30 s). */
const offlineRetry = ({ after }: { after: SyncContext }): Started[] => [
  { id: 'poll', input: { ms: offlineRetryMs(after.offlineTries), visibleOnly: true } },
];
const toOffline: Expectation<M> = {
  target: 'on.offline',
  started: offlineRetry,
  context: (b) => ({ ...b, offlineTries: b.offlineTries + 1 }),
  check: ({ event }) => expect(errorOf(event).kind).toBe('offline'),
};
const wentOffline: Expectation<M> = { target: 'on.offline', started: offlineRetry };
const toBackoff: Expectation<M> = {
  target: 'on.backingOff',
  started: ({ after }) => [{ id: 'backoff', input: { ms: backoffMs(after.failures), visibleOnly: false } }],
  context: (b) => ({ ...b, failures: b.failures + 1 }),
  check: ({ event, before }) => {
    expect(errorOf(event).kind).toBe('retry');
    expect(before.failures).toBeLessThan(BACKOFF_LIMIT);
  },
};
const toError: Expectation<M> = {
  target: 'on.error',
  context: (b, e) => ({ ...b, error: errorOf(e).message }),
  check: ({ event, before }) => expect(errorOf(event).kind === 'fatal' || before.failures >= BACKOFF_LIMIT).toBe(true),
};
const noted: Expectation<M> = {
  context: (b, e) => ({ ...b, pending: (e as { pending: number }).pending, dirty: true }),
};
const turnedOff: Expectation<M> = { target: 'disabled.off', effects: [['rememberOff']] };

describeModel('sync', {
  machine,
  world,
  limit: 40000,
  events: {
    'sync.facts': factSamples.map((f) => ({ type: 'sync.facts' as const, facts: f })),
    'sync.turnOn': [{ type: 'sync.turnOn' }],
    'sync.turnOff': [{ type: 'sync.turnOff' }],
    'sync.decline': [{ type: 'sync.decline' }],
    'local.changed': [{ type: 'local.changed', pending: 2 }],
    'sync.now': [{ type: 'sync.now' }],
    'network.offline': [{ type: 'network.offline' }],
    'network.online': [{ type: 'network.online' }],
    'conflict.resolve': [{ type: 'conflict.resolve', key: conflict.key, choice: { keep: 'mine' } }],
  },
  actorEvents: [
    { type: 'xstate.done.actor.pull', output: ok },
    { type: 'xstate.done.actor.pull', output: conflicted },
    { type: 'xstate.error.actor.pull', error: failure('offline') },
    { type: 'xstate.error.actor.pull', error: failure('retry') },
    { type: 'xstate.error.actor.pull', error: failure('fatal') },
    { type: 'xstate.done.actor.push', output: ok },
    { type: 'xstate.done.actor.push', output: refused },
    { type: 'xstate.done.actor.push', output: conflicted },
    { type: 'xstate.error.actor.push', error: failure('offline') },
    { type: 'xstate.error.actor.push', error: failure('retry') },
    { type: 'xstate.error.actor.push', error: failure('fatal') },
    { type: 'xstate.done.actor.resolve', output: ok },
    { type: 'xstate.done.actor.resolve', output: conflicted },
    { type: 'xstate.error.actor.resolve', error: failure('fatal') },
    { type: 'xstate.done.actor.poll' },
    { type: 'xstate.done.actor.debounce' },
    { type: 'xstate.done.actor.backoff' },
  ],
  // Context is part of a state's key: one sample of each kind keeps the walk finite.
  serializeState: (s) => {
    const c = s.context;
    return JSON.stringify([s.value, c.failures, c.offlineTries > 0, c.conflicts.length, c.dirty, c.pending > 0]);
  },
  transitions: {
    'starting|sync.facts|0': {
      target: 'disabled.demo',
      context: withFacts,
      check: ({ event }) => expect(factsOf(event).demo).toBe(true),
    },
    'starting|sync.facts|1': { ...toPulling((b, e) => ({ ...withFacts(b, e), dirty: false })) },
    'starting|sync.facts|2': { target: 'disabled.off', context: withFacts },
    'starting|sync.facts|3': {
      ...toPulling((b, e) => ({ ...withFacts(b, e), dirty: false })),
      effects: [['rememberOn'], ['announceJoined']],
    },
    'starting|sync.facts|4': { target: 'asking', context: withFacts },
    'starting|sync.facts|5': {
      target: 'disabled.off',
      context: withFacts,
      check: ({ event }) =>
        expect(factsOf(event).accountSyncs === null || !Object.values(factsOf(event).counts).some(Boolean)).toBe(true),
    },
    'disabled.off|sync.turnOn|0': { ...toPulling(), effects: [['rememberOn']] },
    'asking|sync.turnOn|0': { ...toPulling(), effects: [['rememberOn']] },
    'asking|sync.decline|0': turnedOff,
    'on|sync.turnOff|0': turnedOff,
    'on|local.changed|0': noted,
    'on.idle|xstate.done.actor.poll|0': toPulling(),
    'on.idle|sync.now|0': toPulling(),
    'on.idle|local.changed|0': {
      target: 'on.waiting',
      started: [debounce],
      context: (b, e) => ({ ...b, pending: (e as { pending: number }).pending }),
    },
    'on.idle|network.offline|0': wentOffline,
    'on.waiting|xstate.done.actor.debounce|0': toPulling(),
    'on.waiting|sync.now|0': toPulling(),
    'on.waiting|local.changed|0': {
      target: 'on.waiting',
      started: [debounce],
      context: (b, e) => ({ ...b, pending: (e as { pending: number }).pending }),
    },
    'on.waiting|network.offline|0': wentOffline,
    'on.pulling|xstate.done.actor.pull|0': pulled,
    'on.pulling|xstate.error.actor.pull|0': toOffline,
    'on.pulling|xstate.error.actor.pull|1': toBackoff,
    'on.pulling|xstate.error.actor.pull|2': toError,
    'on.pushing|xstate.done.actor.push|0': {
      ...afterPush('on.conflict', []),
      check: ({ event }) => expect(outputOf(event).conflicts.length).toBeGreaterThan(0),
    },
    'on.pushing|xstate.done.actor.push|1': {
      ...afterPush('on.waiting', [debounce]),
      check: ({ before }) => expect(before.dirty).toBe(true),
    },
    'on.pushing|xstate.done.actor.push|2': {
      ...afterPush('on.idle', [poll]),
      check: ({ before }) => expect(before.dirty).toBe(false),
    },
    'on.pushing|xstate.error.actor.push|0': toOffline,
    'on.pushing|xstate.error.actor.push|1': toBackoff,
    'on.pushing|xstate.error.actor.push|2': toError,
    'on.offline|xstate.done.actor.poll|0': toPulling(),
    'on.offline|network.online|0': toPulling(),
    'on.offline|sync.now|0': toPulling(),
    'on.backingOff|xstate.done.actor.backoff|0': toPulling(),
    'on.backingOff|sync.now|0': toPulling(),
    'on.backingOff|network.offline|0': wentOffline,
    'on.conflict|conflict.resolve|0': {
      target: 'on.resolving',
      started: [{ id: 'resolve', input: { key: conflict.key, choice: { keep: 'mine' } } }],
      // A choice that failed before said why until this one.
      context: (b) => ({ ...b, error: null }),
    },
    'on.conflict|sync.now|0': toPulling(),
    'on.resolving|xstate.done.actor.resolve|0': {
      target: 'on.conflict',
      context: (b, e) => ({ ...b, pending: outputOf(e).pending, conflicts: outputOf(e).conflicts }),
      check: ({ event }) => expect(outputOf(event).conflicts.length).toBeGreaterThan(0),
    },
    'on.resolving|xstate.done.actor.resolve|1': {
      ...toPulling((b, e) => ({ ...b, pending: outputOf(e).pending, conflicts: [], dirty: false })),
    },
    'on.resolving|xstate.error.actor.resolve|0': {
      target: 'on.conflict',
      context: (b, e) => ({ ...b, error: errorOf(e).message }),
    },
    'on.error|sync.now|0': toPulling((b) => ({ ...b, failures: 0, error: null, dirty: false })),
    'on.error|network.online|0': toPulling((b) => ({ ...b, failures: 0, error: null, dirty: false })),
  },
  states: {
    starting: (s) => expect(syncStatus(s).tone).toBe('off'),
    'disabled.demo': (s) => {
      expect(syncStatus(s).text).toContain('Demo account');
      expect(s.can({ type: 'sync.turnOn' })).toBe(false);
    },
    'disabled.off': (s) => expect(syncStatus(s).text).toBe('Saved on this device only'),
    asking: (s) => expect(s.hasTag('asking')).toBe(true),
    'on.idle': (s) =>
      expect(syncStatus(s).text).toBe(s.context.pending > 0 ? 'Saving…' : 'All changes saved to your account'),
    'on.waiting': (s) => expect(syncStatus(s).text).toBe('Saving…'),
    'on.pulling': (s) => expect(syncStatus(s).text).toBe('Saving…'),
    'on.pushing': (s) => expect(syncStatus(s).text).toBe('Saving…'),
    'on.backingOff': (s) => {
      expect(syncStatus(s).text).toBe('Saving…');
      expect(s.context.failures).toBeGreaterThan(0);
    },
    'on.offline': (s) => expect(syncStatus(s).text).toMatch(/^Offline — \d+ changes? kept on this device$/),
    'on.conflict': (s) => expect(syncStatus(s).tone).toBe('conflict'),
    'on.resolving': (s) => expect(syncStatus(s).tone).toBe('conflict'),
    'on.error': (s) => {
      expect(syncStatus(s)).toMatchObject({ text: 'Could not sync — Retry', canRetry: true });
      expect(s.context.error).not.toBeNull();
    },
  },
});

/** The machine with the real pull, push and resolution over a fake device and a fake server; waits end when told. */
function running(device: FakeDevice, server: FakeSyncServer, rule?: ArchiveRule) {
  const waits: Array<() => void> = [];
  const actor = createActor(
    syncMachine.provide({
      actors: {
        pull: fromPromise(() => pullChanges(device, server.remote(), testId, rule)),
        push: fromPromise(() => pushChanges(device, server.remote(), testId, rule)),
        resolve: fromPromise(async ({ input }) => chooseForConflict(device, input.key, input.choice)),
        wait: fromPromise(() => new Promise<void>((resolve) => waits.push(resolve))),
      },
      actions: { rememberOn: () => {}, rememberOff: () => {}, announceJoined: () => {} },
    }),
  ).start();
  return { actor, tick: () => waits.splice(0).forEach((resolve) => resolve()) };
}

describe('the sync machine with fakes of the network and of storage', () => {
  it('a reload with a full outbox sends it all at start, and says so until then', async () => {
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    for (let n = 0; n < 3; n++) device.put('suppliers', `S-${n}`, { supplierID: `S-${n}` });
    const { actor } = running(device, server);
    actor.send({ type: 'sync.facts', facts: facts({ device: 'on', pending: 3 }) });
    expect(actor.getSnapshot().context.pending).toBe(3);
    await waitFor(actor, (s) => s.matches({ on: 'idle' }));
    expect(server.rows.size).toBe(3);
    expect(syncStatus(actor.getSnapshot()).text).toBe('All changes saved to your account');
  });

  it('offline keeps the changes; back online sends them', async () => {
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    server.failures.push('offline');
    const { actor } = running(device, server);
    actor.send({ type: 'sync.facts', facts: facts({ device: 'on' }) });
    await waitFor(actor, (s) => s.matches({ on: 'offline' }));
    device.put('suppliers', 'S-1', { supplierID: 'S-1' });
    actor.send({ type: 'local.changed', pending: 1 });
    expect(syncStatus(actor.getSnapshot()).text).toBe('Offline — 1 change kept on this device');
    actor.send({ type: 'network.online' });
    await waitFor(actor, (s) => s.matches({ on: 'idle' }));
    expect(server.record('suppliers', 'S-1')).toEqual({ supplierID: 'S-1' });
  });

  it('no answer while the browser is online (a server restarting): tries again after 2, 4, 8, 16 s, then every 30 s, and from 2 s after a sync', async () => {
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    device.put('suppliers', 'S-1', { supplierID: 'S-1' });
    server.failures.push(...Array.from({ length: 6 }, () => 'offline' as const));
    const waits: Array<{ ms: number; visibleOnly: boolean; done: () => void }> = [];
    const actor = createActor(
      syncMachine.provide({
        actors: {
          pull: fromPromise(() => pullChanges(device, server.remote(), testId)),
          push: fromPromise(() => pushChanges(device, server.remote(), testId)),
          wait: fromPromise<void, { ms: number; visibleOnly: boolean }>(
            ({ input }) => new Promise<void>((done) => waits.push({ ...input, done })),
          ),
        },
        actions: { rememberOn: () => {}, rememberOff: () => {}, announceJoined: () => {} },
      }),
    ).start();
    actor.send({ type: 'sync.facts', facts: facts({ device: 'on', pending: 1 }) });
    const offlineWaits: number[] = [];
    for (let n = 1; n <= 6; n++) {
      await waitFor(actor, (s) => s.matches({ on: 'offline' }) && waits.length === 1);
      const wait = waits.pop()!;
      expect(wait.visibleOnly).toBe(true);
      offlineWaits.push(wait.ms);
      wait.done();
    }
    expect(offlineWaits).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
    await waitFor(actor, (s) => s.matches({ on: 'idle' }));
    expect(server.record('suppliers', 'S-1')).toEqual({ supplierID: 'S-1' });
    expect(waits.pop()!.ms).toBe(POLL_MS);
    // Synced: the next time without an answer starts again from 2 s.
    server.failures.push('offline');
    actor.send({ type: 'sync.now' });
    await waitFor(actor, (s) => s.matches({ on: 'offline' }) && waits.length === 1);
    expect(waits.pop()!.ms).toBe(2000);
    expect(syncStatus(actor.getSnapshot()).text).toBe('Offline — 0 changes kept on this device');
  });

  it('server errors back off and try again, then stop with Retry; Retry sends', async () => {
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    device.put('suppliers', 'S-1', { supplierID: 'S-1' });
    server.failures.push('retry', 'retry', 'retry', 'retry', 'retry');
    const { actor, tick } = running(device, server);
    actor.send({ type: 'sync.facts', facts: facts({ device: 'on' }) });
    for (let n = 1; n <= BACKOFF_LIMIT; n++) {
      await waitFor(actor, (s) => s.matches({ on: 'backingOff' }) && s.context.failures === n);
      tick();
    }
    await waitFor(actor, (s) => s.matches({ on: 'error' }));
    expect(server.rows.size).toBe(0);
    actor.send({ type: 'sync.now' });
    await waitFor(actor, (s) => s.matches({ on: 'idle' }));
    expect(server.rows.size).toBe(1);
  });

  it('a conflict waits for the choice, then the choice is sent', async () => {
    const server = new FakeSyncServer();
    const other = new FakeDevice();
    other.put('suppliers', 'S-1', { supplierID: 'S-1', supplierName: 'Theirs' });
    await pullChanges(other, server.remote(), testId);
    await pushChanges(other, server.remote(), testId);
    const device = new FakeDevice();
    device.put('suppliers', 'S-1', { supplierID: 'S-1', supplierName: 'Mine' });
    const { actor } = running(device, server);
    actor.send({ type: 'sync.facts', facts: facts({ accountSyncs: true, counts: { suppliers: 1 } }) });
    await waitFor(actor, (s) => s.matches({ on: 'conflict' }));
    expect(actor.getSnapshot().context.conflicts).toHaveLength(1);
    actor.send({ type: 'conflict.resolve', key: 'suppliers|S-1', choice: { keep: 'mine' } });
    await waitFor(actor, (s) => s.matches({ on: 'idle' }));
    expect(server.record('suppliers', 'S-1')).toMatchObject({ supplierName: 'Mine' });
  });

  it('a change during a push syncs again after a debounce', async () => {
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    const { actor, tick } = running(device, server);
    actor.send({ type: 'sync.facts', facts: facts({ device: 'on' }) });
    device.put('suppliers', 'S-1', { supplierID: 'S-1' });
    actor.send({ type: 'local.changed', pending: 1 });
    await waitFor(actor, (s) => s.matches({ on: 'waiting' }));
    device.put('suppliers', 'S-2', { supplierID: 'S-2' });
    tick();
    await waitFor(actor, (s) => s.matches({ on: 'idle' }));
    expect(server.rows.size).toBe(2);
  });

  it('keeps old past events only in the account once synced, and no later sync sends a delete for them', async () => {
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    const old = (id: number) => ({ id, EventName: `Old ${id}`, EventDate: '2022-03-01', status: 'completed' });
    for (const id of [10, 11, 12]) device.put('events', String(id), old(id));
    device.put('events', '20', { id: 20, EventName: 'Soon', EventDate: '2099-01-01' });
    device.put('ingredientList-11', 'L1', { lineId: 'L1', id: 'INV-1', quantity: 2 });
    const rule: ArchiveRule = { today: () => '2026-11-26', keep: () => false };
    const { actor, tick } = running(device, server, rule);
    actor.send({ type: 'sync.facts', facts: facts({ device: 'on', pending: 5 }) });
    await waitFor(actor, (s) => s.matches({ on: 'idle' }));
    expect([...device.data.get('events')!.keys()]).toEqual(['20']);
    expect(device.data.has('ingredientList-11')).toBe(false);
    expect(awayEventIds(device.load())).toEqual([10, 11, 12]);
    // More syncs (a local change, the poll): still no delete, and the account keeps all of them.
    device.put('suppliers', 'S-1', { supplierID: 'S-1' });
    actor.send({ type: 'local.changed', pending: 1 });
    await waitFor(actor, (s) => s.matches({ on: 'waiting' }));
    tick();
    await waitFor(actor, (s) => s.matches({ on: 'idle' }) && s.context.pending === 0);
    actor.send({ type: 'sync.now' });
    await waitFor(actor, (s) => s.matches({ on: 'idle' }));
    expect([...server.rows.values()].filter((r) => r.deleted)).toEqual([]);
    expect(server.record('events', '11')).toMatchObject({ EventName: 'Old 11' });
    expect(server.record('ingredientList-11', 'L1')).toMatchObject({ quantity: 2 });
    expect(syncStatus(actor.getSnapshot()).text).toBe('All changes saved to your account');
  });
});
