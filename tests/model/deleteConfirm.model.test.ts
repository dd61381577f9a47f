import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  deleteConfirmMachine,
  type DeleteConfirmContext,
  type DeleteConfirmEvent,
  type PendingDelete,
} from '../../src/machines/records/deleteConfirm.machine';
import { createWorld, describeModel, failureAfter } from '../support/model';

/**
 * The fakes record which record they act on (the machine keeps no record book: which book to delete
 * from is the provider's business, so there is no store to compare, only the calls and their order).
 */
const world = createWorld();
const machine = deleteConfirmMachine.provide({
  actions: {
    deleteRecord: ({ context }) => world.record('deleteRecord', context.pending),
    releaseDependents: ({ context }) => world.record('releaseDependents', context.pending),
  },
});

// Three suppliers: the middle one is used by 3 items; the boundaries are 1 dependent (asks) and 0 (deleted at once).
const unused: PendingDelete = { id: 'S1', title: 'Bolt', dependents: 0, message: 'No inventory items use Bolt.' };
const used: PendingDelete = {
  id: 'S2',
  title: 'Acme Foods',
  dependents: 3,
  message: '3 inventory items use Acme Foods. They will keep the name but have no supplier on record.',
};
const once: PendingDelete = {
  id: 'S3',
  title: 'Cove',
  dependents: 1,
  message: '1 inventory item uses Cove. It will keep the name but have no supplier on record.',
};
const request = (pending: PendingDelete) => ({ type: 'delete.request' as const, ...pending });
/** The record an event asks about, as the machine must hold it (the event's type dropped). */
const asked = (event: DeleteConfirmEvent): PendingDelete => {
  expect(event.type).toBe('delete.request');
  const { id, title, dependents, message } = event as Extract<DeleteConfirmEvent, { type: 'delete.request' }>;
  return { id, title, dependents, message };
};
const cleared = (before: DeleteConfirmContext): DeleteConfirmContext => ({ ...before, pending: null });

describeModel('deleteConfirm', {
  machine,
  world,
  events: {
    'delete.request': [request(unused), request(used), request(once)],
    'delete.confirm': [{ type: 'delete.confirm' }],
    'delete.cancel': [{ type: 'delete.cancel' }],
  },
  transitions: {
    // Used by others: ask first; nothing is deleted or released yet.
    'idle|delete.request|0': {
      target: 'confirming',
      context: (before, event) => ({ ...before, pending: asked(event) }),
      check: ({ event }) => expect(asked(event).dependents).toBeGreaterThan(0),
    },
    // Used by nothing: deleted at once, without a question (spec section 4), and nothing is released.
    'idle|delete.request|1': {
      context: cleared,
      effects: ({ event }) => [['deleteRecord', asked(event)]],
      check: ({ event }) => expect(asked(event).dependents).toBe(0),
    },
    // Delete in the question: the dependents are released first, then the record asked about is deleted.
    'confirming|delete.confirm|0': {
      target: 'idle',
      context: cleared,
      effects: ({ before }) => [
        ['releaseDependents', before.pending],
        ['deleteRecord', before.pending],
      ],
      check: ({ before }) => expect(before.pending).not.toBeNull(),
    },
    // Keep (or Escape): nothing is deleted or released.
    'confirming|delete.cancel|0': { target: 'idle', context: cleared },
  },
  sequences: [
    // While asking, another Delete is ignored: the question stays about the first record, and Delete deletes that one.
    [request(used), request(unused), request(once), { type: 'delete.confirm' }],
    // Keep, then the record used once: asked, deleted with its dependent released; then one nothing uses.
    [request(used), { type: 'delete.cancel' }, request(once), { type: 'delete.confirm' }, request(unused)],
  ],
  states: {
    idle: (s) => {
      expect(s.hasTag('confirm delete')).toBe(false);
      expect(s.context.pending).toBeNull();
    },
    confirming: (s) => {
      expect(s.hasTag('confirm delete')).toBe(true);
      expect(s.context.pending?.dependents).toBeGreaterThan(0);
      expect([used, once]).toContainEqual(s.context.pending);
    },
  },
});

describe('deleteConfirm (pinned rules, issue 11)', () => {
  const start = () => {
    world.effects.length = 0;
    return createActor(machine).start();
  };
  it('a supplier 3 items use asks first; Keep deletes nothing, Delete releases the items then deletes', () => {
    const actor = start();
    actor.send(request(used));
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(world.effects).toEqual([]);
    actor.send(request(used));
    actor.send({ type: 'delete.confirm' });
    expect(world.effects).toEqual([
      ['releaseDependents', used],
      ['deleteRecord', used],
    ]);
    expect(actor.getSnapshot().context.pending).toBeNull();
  });
  it('a supplier nothing uses is deleted at once, without a question (spec section 4)', () => {
    const actor = start();
    actor.send(request(unused));
    expect(actor.getSnapshot().value).toBe('idle');
    expect(world.effects).toEqual([['deleteRecord', unused]]);
  });
  it('a supplier one item uses asks too, and asking deletes nothing', () => {
    const actor = start();
    actor.send(request(once));
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(world.effects).toEqual([]);
  });
});

describe('deleteConfirm (unprovided effects)', () => {
  it('without a provided deleteRecord, deleting fails loudly, naming what to provide', () => {
    expect(failureAfter(deleteConfirmMachine, undefined, [request(unused)])).toContain(
      'deleteConfirm: provide deleteRecord',
    );
  });
  it('without a provided releaseDependents, confirming fails loudly, naming what to provide', () => {
    expect(failureAfter(deleteConfirmMachine, undefined, [request(used), { type: 'delete.confirm' }])).toContain(
      'deleteConfirm: provide releaseDependents',
    );
  });
});
