// @vitest-environment jsdom
/**
 * Issue 24 part 7: events kept only in the account are not here, yet a new event never takes one of
 * their ids (a push under that id would meet the account's event). Storage reports the ids from the
 * data owner's sync state; the events machine takes them with the deleted ids.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { blankEventForm, formToEvent } from '../../src/domain/events';
import { eventsMachine } from '../../src/machines/events/events.machine';
import { eventIdsKeptInAccount, saveSyncState } from '../../src/storage/syncData';
import { emptySyncState, hashRecord } from '../../src/sync/engine';

const values = (name: string) => ({
  ...blankEventForm(),
  EventName: name,
  CustomerFirstName: 'Ada',
  CustomerLastName: 'Hart',
  NumberOfGuests: '40',
  EventDate: '2027-01-10',
});
const stored = (id: number) => ({ ...formToEvent({ ...values(`Event ${id}`), id }), id });

function start(reservedIds: number[]) {
  const noop = () => {};
  const machine = eventsMachine.provide({
    actions: { persistEvents: noop, persistCustomers: noop, notifySaved: noop },
    actors: { watchStorage: fromCallback(() => noop) },
  });
  const actor = createActor(machine, {
    input: { events: [stored(4), stored(29)], deletedIds: [3], reservedIds, today: '2026-11-26' },
  });
  actor.start();
  return actor;
}

describe('a new event never takes the id of one kept only in the account', () => {
  it('saves a new event above the highest id here, deleted, or kept in the account', () => {
    const actor = start([30, 12]);
    actor.send({ type: 'form.new' });
    actor.send({ type: 'form.save', values: values('New party') });
    expect(actor.getSnapshot().context.lastSaved).toMatchObject({ id: 31, EventName: 'New party' });
  });

  it('follows the ids storage reports when the events change elsewhere', () => {
    const actor = start([]);
    actor.send({ type: 'storage.change', events: [stored(4)], deletedIds: [], reservedIds: [40] });
    actor.send({ type: 'form.new' });
    actor.send({ type: 'form.save', values: values('After eviction') });
    expect(actor.getSnapshot().context.lastSaved?.id).toBe(41);
  });
});

describe('eventIdsKeptInAccount (storage)', () => {
  beforeEach(() => localStorage.clear());

  it('reads them from the data owner’s sync state, none without an owner or a state', () => {
    expect(eventIdsKeptInAccount()).toEqual([]);
    localStorage.setItem('dataOwner', 'user-1');
    expect(eventIdsKeptInAccount()).toEqual([]);
    const hash = hashRecord({ id: 30 });
    saveSyncState('user-1', {
      ...emptySyncState(),
      shadow: {
        'events|30': { rev: 2, hash, away: true, date: '2023-01-01' },
        'events|7': { rev: 1, hash, away: true },
        'events|8': { rev: 1, hash },
        'ingredientList-9|L1': { rev: 1, hash, away: true },
      },
    });
    expect(eventIdsKeptInAccount()).toEqual([7, 30]);
    // Another account's state is not the data owner's.
    saveSyncState('user-2', { ...emptySyncState(), shadow: { 'events|50': { rev: 1, hash, away: true } } });
    expect(eventIdsKeptInAccount()).toEqual([7, 30]);
    localStorage.setItem('dataOwner', 'user-2');
    expect(eventIdsKeptInAccount()).toEqual([50]);
    // Asked again with nothing changed: the same list (a caller can tell nothing changed).
    expect(eventIdsKeptInAccount()).toBe(eventIdsKeptInAccount());
  });
});
