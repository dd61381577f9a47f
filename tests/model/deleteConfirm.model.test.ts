import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deleteConfirmMachine, type PendingDelete } from '../../src/machines/records/deleteConfirm.machine';
import { describeModel } from '../support/model';

/** What the fakes did, in order: 'release:S1', 'delete:S1'. */
const calls: string[] = [];
const machine = deleteConfirmMachine.provide({
  actions: {
    deleteRecord: ({ context }) => void calls.push(`delete:${context.pending?.id}`),
    releaseDependents: ({ context }) => void calls.push(`release:${context.pending?.id}`),
  },
});
const used: PendingDelete = { id: 'S1', title: 'Acme Foods', dependents: 3, message: '3 inventory items use Acme Foods. They will keep the name but have no supplier on record.' };
const unused: PendingDelete = { id: 'S2', title: 'Bolt', dependents: 0, message: 'No inventory items use Bolt.' };
let seen = 0;
const fresh = () => {
  const out = calls.slice(seen);
  seen = calls.length;
  return out;
};

describeModel('deleteConfirm', {
  machine,
  reset: () => {
    calls.length = 0;
    seen = 0;
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.pending?.id ?? null, calls.length]),
  limit: 200,
  events: {
    'delete.request': [
      { type: 'delete.request', ...used },
      { type: 'delete.request', ...unused },
    ],
    'delete.confirm': [{ type: 'delete.confirm' }],
    'delete.cancel': [{ type: 'delete.cancel' }],
  },
  states: {
    idle: (s) => {
      expect(s.hasTag('confirm delete')).toBe(false);
      expect(s.context.pending).toBeNull();
      const done = fresh();
      // A delete either happens alone (nothing used the record) or after its dependents were released.
      if (done.length) expect([['delete:S2'], ['release:S1', 'delete:S1']]).toContainEqual(done);
    },
    confirming: (s) => {
      expect(s.hasTag('confirm delete')).toBe(true);
      expect(s.context.pending).toEqual(used);
      // Asking deletes nothing.
      expect(fresh()).toEqual([]);
    },
  },
});

describe('deleteConfirm (pinned rules, issue 11)', () => {
  it('a supplier 3 items use asks first; Keep deletes nothing, Delete releases the items then deletes', () => {
    calls.length = 0;
    const actor = createActor(machine).start();
    actor.send({ type: 'delete.request', ...used });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual([]);
    actor.send({ type: 'delete.request', ...used });
    actor.send({ type: 'delete.confirm' });
    expect(calls).toEqual(['release:S1', 'delete:S1']);
    expect(actor.getSnapshot().context.pending).toBeNull();
  });
  it('a supplier nothing uses is deleted at once, without a question (spec section 4)', () => {
    calls.length = 0;
    const actor = createActor(machine).start();
    actor.send({ type: 'delete.request', ...unused });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual(['delete:S2']);
  });
});
