/**
 * The offer of changes kept while storage was full (issue 25, item 12), walked: every transition of
 * the pendingChanges statechart with what it must do (which change is retried or discarded, the
 * toasts and downloads, the notes under a change), on every shortest path.
 */
import { expect } from 'vitest';
import { fromCallback, fromPromise, type SnapshotFrom } from 'xstate';
import {
  pendingChangesMachine,
  retryNote,
  type PendingChange,
  type RetryResult,
} from '../../src/machines/storage/pendingChanges.machine';
import { createWorld, describeModel, type EventSamples, type Expectation } from '../support/model';

const change = (id: string, key: string, label: string): PendingChange => ({
  id,
  owner: 'user-A',
  key,
  label,
  kind: 'collection',
  next: [{ id }],
  base: [],
  keptAt: 1_800_000_000_000,
});
const A = change('a', 'events', 'Events');
const B = change('b', 'ingredientList-4', 'Ingredients of event 4');
/** Kept meanwhile (another screen left with its change waiting). */
const C = change('c', 'suppliers', 'Suppliers');

const world = createWorld();
const machine = pendingChangesMachine.provide({
  actions: {
    downloadChange: (_, { change: c }) => world.record('downloadChange', c.id),
    notifySaved: (_, { change: c }) => world.record('notifySaved', c.id),
    notifyDiscarded: (_, { change: c }) => world.record('notifyDiscarded', c.id),
  },
  actors: {
    list: fromPromise<PendingChange[]>(() => new Promise(() => {})),
    retry: fromPromise<RetryResult, { change: PendingChange }>(() => new Promise(() => {})),
    discard: fromPromise<void, { change: PendingChange }>(() => new Promise(() => {})),
    watch: fromCallback(() => {}),
  },
});
type Snap = SnapshotFrom<typeof machine>;
type Ctx = Snap['context'];
type Expect = Expectation<typeof machine>;

const GONE = 'gone';
const events = {
  'change.retry': [
    { type: 'change.retry', id: A.id },
    { type: 'change.retry', id: GONE },
  ],
  'change.download': [
    { type: 'change.download', id: B.id },
    { type: 'change.download', id: GONE },
  ],
  'change.discard': [
    { type: 'change.discard', id: B.id },
    { type: 'change.discard', id: GONE },
  ],
  'discard.confirm': [{ type: 'discard.confirm' }],
  'discard.cancel': [{ type: 'discard.cancel' }],
  'pending.changed': (s) => [
    { type: 'pending.changed', changes: [...s.context.changes.filter((c) => c.id !== C.id), C] },
  ],
} satisfies EventSamples<typeof machine>;

const FULL: RetryResult = { ok: false, reason: 'quota', message: 'Browser storage is full.' };
const actorEvents = [
  { type: 'xstate.done.actor.list', output: [A, B] },
  { type: 'xstate.error.actor.list', error: new Error('IndexedDB is not available in this browser.') },
  { type: 'xstate.done.actor.retry', output: { ok: true, conflicts: 0 } },
  { type: 'xstate.done.actor.retry', output: { ok: true, conflicts: 2 } },
  { type: 'xstate.done.actor.retry', output: FULL },
  { type: 'xstate.error.actor.retry', error: new Error('boom') },
  { type: 'xstate.done.actor.discard' },
  { type: 'xstate.error.actor.discard', error: new Error('blocked') },
];

const idOf = (event: unknown) => (event as { id: string }).id;
const listed = (b: Ctx, event: unknown) => b.changes.find((c) => c.id === idOf(event))!;
const outputOf = (event: unknown) => (event as { output: RetryResult }).output;
const errorOf = (event: unknown) => (event as { error: Error }).error.message;
const without = (b: Ctx): Ctx => {
  const { [b.selected!.id]: _gone, ...notes } = b.notes;
  return { ...b, changes: b.changes.filter((c) => c.id !== b.selected!.id), notes, selected: null };
};
const noted = (b: Ctx, note: string): Ctx => ({ ...b, notes: { ...b.notes, [b.selected!.id]: note }, selected: null });

const transitions: Record<string, Expect> = {
  '(machine)|pending.changed|0': {
    context: (b, e) => {
      const changes = (e as { changes: PendingChange[] }).changes;
      return {
        ...b,
        changes,
        notes: Object.fromEntries(Object.entries(b.notes).filter(([id]) => changes.some((c) => c.id === id))),
        problem: null,
      };
    },
  },
  '(machine)|change.download|0': { effects: (s) => [['downloadChange', idOf(s.event)]] },
  'loading|xstate.done.actor.list|0': {
    target: 'idle',
    context: (b, e) => ({
      ...b,
      changes: (e as unknown as { output: PendingChange[] }).output,
      notes: {},
      problem: null,
    }),
  },
  'loading|xstate.error.actor.list|0': {
    target: 'idle',
    context: (b, e) => ({
      ...b,
      problem: `Changes kept while storage was full could not be read: ${errorOf(e)}`,
    }),
  },
  'idle|change.retry|0': {
    target: 'retrying',
    context: (b, e) => ({ ...b, selected: listed(b, e) }),
    started: ({ after }) => [{ id: 'retry', input: { change: after.selected } }],
  },
  'idle|change.discard|0': { target: 'confirmingDiscard', context: (b, e) => ({ ...b, selected: listed(b, e) }) },
  'retrying|xstate.done.actor.retry|0': {
    target: 'idle',
    context: without,
    effects: ({ before }) => [['notifySaved', before.selected!.id]],
    check: ({ event }) => expect(outputOf(event)).toEqual({ ok: true, conflicts: 0 }),
  },
  'retrying|xstate.done.actor.retry|1': {
    target: 'idle',
    context: (b, e) => noted(b, retryNote(outputOf(e))!),
  },
  'retrying|xstate.error.actor.retry|0': { target: 'idle', context: (b, e) => noted(b, errorOf(e)) },
  'confirmingDiscard|discard.confirm|0': {
    target: 'discarding',
    started: ({ before }) => [{ id: 'discard', input: { change: before.selected } }],
  },
  'confirmingDiscard|discard.cancel|0': { target: 'idle', context: (b) => ({ ...b, selected: null }) },
  'discarding|xstate.done.actor.discard|0': {
    target: 'idle',
    context: without,
    effects: ({ before }) => [['notifyDiscarded', before.selected!.id]],
  },
  'discarding|xstate.error.actor.discard|0': {
    target: 'idle',
    context: (b, e) => ({ ...b, selected: null, problem: `The change could not be discarded: ${errorOf(e)}` }),
  },
};

/** Holds everywhere: the kept changes are only ever those listed or reported, and a note belongs to a listed change. */
function invariant(s: Snap) {
  expect(s.status).toBe('active');
  for (const c of s.context.changes) expect([A, B, C]).toContainEqual(c);
  for (const id of Object.keys(s.context.notes)) expect(s.context.changes.some((c) => c.id === id)).toBe(true);
}

describeModel('pendingChanges', {
  machine,
  world,
  initial: {
    started: [
      { id: 'watch', input: undefined },
      { id: 'list', input: undefined },
    ],
  },
  transitions,
  events,
  actorEvents,
  limit: 3000,
  states: {
    loading: (s) => {
      invariant(s);
      expect(s.hasTag('busy')).toBe(false);
    },
    idle: (s) => {
      invariant(s);
      expect(s.context.selected).toBeNull();
      expect(s.hasTag('busy')).toBe(false);
    },
    retrying: (s) => {
      invariant(s);
      expect(s.context.selected).not.toBeNull();
      expect(s.hasTag('busy')).toBe(true);
    },
    confirmingDiscard: (s) => {
      invariant(s);
      expect(s.context.selected).toEqual(B);
      expect(s.hasTag('confirm discard')).toBe(true);
    },
    discarding: (s) => {
      invariant(s);
      expect(s.context.selected).toEqual(B);
      expect(s.hasTag('busy')).toBe(true);
    },
  },
});
