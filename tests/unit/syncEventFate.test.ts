/**
 * An event's Tool Kit follows the event when a delete on one device meets a change on another
 * (src/sync/engine.ts "an event's per-event records follow its fate", docs/sync.md): while the caterer is
 * asked, the event's lines, staff, discount and tax wait here (the other device's delete of them is not
 * written, nothing of them is sent); "Save mine again" brings the event back whole everywhere, lines the
 * delete took included, and takes it off the deleted ids; "Keep it deleted" takes every line of it away here
 * too, so none is left behind for a deleted event, here or in the account.
 */
import { describe, expect, it } from 'vitest';
import { chooseForConflict, chooseWithAccount, pullChanges, pushChanges } from '../../src/sync/cycle';
import {
  applyPulled,
  collectionsOfChoice,
  DELETED,
  emptySyncState,
  hashRecord,
  perEventCollectionsOf,
  recordChanges,
  resolveConflict,
  type PulledChange,
  type Snapshot,
  type SyncState,
} from '../../src/sync/engine';
import { FakeSyncServer, NarrowDevice, testId } from '../support/fakeSyncServer';

const sync = async (device: NarrowDevice, server: FakeSyncServer) => {
  await pullChanges(device, server.remote(), testId);
  return pushChanges(device, server.remote(), testId);
};

const event = (name: string) => ({ id: 4, EventName: name, EventDate: '2027-03-01', rev: 1 });
const line = (id: string, qty: number) => ({ id, itemId: 'I-1', qty });

/** A and B both hold event 4 with its ingredient line L1 and tax; then A deletes it as the events page does. */
async function twoDevicesThenADeletes(onB: (b: NarrowDevice) => void) {
  const server = new FakeSyncServer();
  const a = new NarrowDevice();
  const b = new NarrowDevice();
  a.put('events', '4', event('Gala'));
  a.put('ingredientList-4', 'L1', line('L1', 3));
  a.put('4-taxPercentage', 'value', { value: 8 });
  await sync(a, server);
  await sync(b, server);
  expect(b.get('ingredientList-4', 'L1')).toEqual(line('L1', 3));
  // B, offline, changes the event; A deletes it meanwhile and syncs.
  onB(b);
  a.remove('events', '4');
  a.data.delete('ingredientList-4');
  a.data.delete('4-taxPercentage');
  a.put('deletedEventIds', '4', { id: 4 });
  await sync(a, server);
  expect(server.record('ingredientList-4', 'L1')).toBeNull();
  // B comes back: asked, with the event's Tool Kit still here and nothing of it sent.
  const outcome = await sync(b, server);
  expect(outcome.conflicts.map((c) => c.key)).toEqual(['events|4']);
  expect(b.get('ingredientList-4', 'L1')).toBeDefined();
  expect(b.get('4-taxPercentage', 'value')).toEqual({ value: 8 });
  expect(server.record('ingredientList-4', 'L2')).toBeUndefined();
  return { server, a, b };
}

describe('an event deleted on one device and changed on another', () => {
  it('"Save mine again" brings it back whole on both: the lines the delete took, the one added offline, the tax', async () => {
    const { server, a, b } = await twoDevicesThenADeletes((b) => {
      b.put('events', '4', event('Gala dinner'));
      b.put('ingredientList-4', 'L2', line('L2', 5));
    });
    chooseForConflict(b, 'events|4', { keep: 'mine' });
    const done = await sync(b, server);
    expect(done.conflicts).toEqual([]);
    expect(done.pending).toBe(0);
    expect(server.record('ingredientList-4', 'L1')).toEqual(line('L1', 3));
    expect(server.record('ingredientList-4', 'L2')).toEqual(line('L2', 5));
    expect(server.record('4-taxPercentage', 'value')).toEqual({ value: 8 });
    // No longer a deleted event, here or in the account.
    expect(b.get('deletedEventIds', '4')).toBeUndefined();
    expect(server.record('deletedEventIds', '4')).toBeNull();
    await sync(a, server);
    expect(a.get('events', '4')).toMatchObject({ EventName: 'Gala dinner' });
    expect([...(a.data.get('ingredientList-4')?.keys() ?? [])].sort()).toEqual(['L1', 'L2']);
    expect(a.get('4-taxPercentage', 'value')).toEqual({ value: 8 });
    expect(a.get('deletedEventIds', '4')).toBeUndefined();
  });

  it('"Keep it deleted" takes every line of it away here, the one added offline too, and sends none of them', async () => {
    const { server, a, b } = await twoDevicesThenADeletes((b) => {
      b.put('events', '4', event('Gala dinner'));
      b.put('ingredientList-4', 'L2', line('L2', 5));
    });
    chooseForConflict(b, 'events|4', { keep: 'theirs' });
    const done = await sync(b, server);
    expect(done.pending).toBe(0);
    expect(b.get('events', '4')).toBeUndefined();
    expect(b.data.get('ingredientList-4')).toBeUndefined();
    expect(b.data.get('4-taxPercentage')).toBeUndefined();
    expect(b.get('deletedEventIds', '4')).toEqual({ id: 4 });
    expect(server.record('ingredientList-4', 'L2')).toBeUndefined();
    expect(server.record('events', '4')).toBeNull();
    await sync(a, server);
    expect(a.data.get('ingredientList-4')).toBeUndefined();
  });

  it('a Tool Kit changed offline is a change to the event: asked, not dropped, though the event itself is unchanged', async () => {
    const { server, b } = await twoDevicesThenADeletes((b) => {
      b.put('ingredientList-4', 'L1', line('L1', 7));
    });
    chooseForConflict(b, 'events|4', { keep: 'mine' });
    await sync(b, server);
    expect(server.record('events', '4')).toMatchObject({ EventName: 'Gala' });
    expect(server.record('ingredientList-4', 'L1')).toEqual(line('L1', 7));
  });

  it('an event nothing changed of here is simply deleted with its Tool Kit, nothing asked', async () => {
    const server = new FakeSyncServer();
    const a = new NarrowDevice();
    const b = new NarrowDevice();
    a.put('events', '4', event('Gala'));
    a.put('ingredientList-4', 'L1', line('L1', 3));
    await sync(a, server);
    await sync(b, server);
    a.remove('events', '4');
    a.data.delete('ingredientList-4');
    await sync(a, server);
    const outcome = await sync(b, server);
    expect(outcome.conflicts).toEqual([]);
    expect(b.get('events', '4')).toBeUndefined();
    expect(b.data.get('ingredientList-4')).toBeUndefined();
  });

  it('another device deleting one line of an event changed here deletes that line: only a deleted event holds its lines', async () => {
    const server = new FakeSyncServer();
    const a = new NarrowDevice();
    const b = new NarrowDevice();
    a.put('events', '4', event('Gala'));
    a.put('ingredientList-4', 'L1', line('L1', 3));
    a.put('ingredientList-4', 'L9', line('L9', 1));
    await sync(a, server);
    await sync(b, server);
    b.put('events', '4', event('Gala dinner'));
    a.remove('ingredientList-4', 'L9');
    await sync(a, server);
    const outcome = await sync(b, server);
    expect(outcome.conflicts).toEqual([]);
    expect([...b.data.get('ingredientList-4')!.keys()]).toEqual(['L1']);
    expect(server.record('events', '4')).toMatchObject({ EventName: 'Gala dinner' });
  });
});

/** A and B both hold event 4 with L1 and tax; B renames it and syncs while A, offline, deletes it. */
async function deletedHereChangedThere() {
  const server = new FakeSyncServer();
  const a = new NarrowDevice();
  const b = new NarrowDevice();
  a.put('events', '4', event('Gala'));
  a.put('ingredientList-4', 'L1', line('L1', 3));
  a.put('4-taxPercentage', 'value', { value: 8 });
  await sync(a, server);
  await sync(b, server);
  b.put('events', '4', event('Gala dinner'));
  await sync(b, server);
  a.remove('events', '4');
  a.data.delete('ingredientList-4');
  a.data.delete('4-taxPercentage');
  a.put('deletedEventIds', '4', { id: 4 });
  const outcome = await sync(a, server);
  expect(outcome.conflicts.map((c) => [c.key, c.mine])).toEqual([['events|4', null]]);
  // Nothing of the event left the account while A is asked.
  expect(server.record('ingredientList-4', 'L1')).toEqual(line('L1', 3));
  expect(server.record('4-taxPercentage', 'value')).toEqual({ value: 8 });
  return { server, a, b };
}

describe('an event deleted on this device and changed on another', () => {
  it('"Keep theirs" brings it back whole here from the account: its lines and tax, no longer a deleted event', async () => {
    const { server, a, b } = await deletedHereChangedThere();
    await chooseWithAccount(a, server.archive(), 'events|4', { keep: 'theirs' });
    expect(a.get('events', '4')).toMatchObject({ EventName: 'Gala dinner' });
    expect(a.get('ingredientList-4', 'L1')).toEqual(line('L1', 3));
    expect(a.get('4-taxPercentage', 'value')).toEqual({ value: 8 });
    expect(a.get('deletedEventIds', '4')).toBeUndefined();
    const done = await sync(a, server);
    expect(done.pending).toBe(0);
    expect(done.conflicts).toEqual([]);
    expect(server.record('ingredientList-4', 'L1')).toEqual(line('L1', 3));
    expect(server.record('deletedEventIds', '4')).toBeNull();
    await sync(b, server);
    expect(b.get('ingredientList-4', 'L1')).toEqual(line('L1', 3));
    expect(b.get('4-taxPercentage', 'value')).toEqual({ value: 8 });
  });

  it('out of reach, "Keep theirs" chooses nothing: the question stays and nothing here changes', async () => {
    const { server, a } = await deletedHereChangedThere();
    server.failures.push('offline');
    await expect(chooseWithAccount(a, server.archive(), 'events|4', { keep: 'theirs' })).rejects.toMatchObject({
      kind: 'offline',
    });
    expect(Object.keys(a.load().conflicts)).toEqual(['events|4']);
    expect(a.get('events', '4')).toBeUndefined();
  });

  it('"Keep it deleted" deletes it with its lines and tax in the account, in the same sync', async () => {
    const { server, a, b } = await deletedHereChangedThere();
    await chooseWithAccount(a, server.archive(), 'events|4', { keep: 'mine' });
    const done = await sync(a, server);
    expect(done.pending).toBe(0);
    expect(server.record('events', '4')).toBeNull();
    expect(server.record('ingredientList-4', 'L1')).toBeNull();
    expect(server.record('4-taxPercentage', 'value')).toBeNull();
    await sync(b, server);
    expect(b.get('events', '4')).toBeUndefined();
    expect(b.data.get('ingredientList-4')).toBeUndefined();
  });

  it('a delete nobody else changed takes the lines from the account in the same push, right after the event', async () => {
    const server = new FakeSyncServer();
    const a = new NarrowDevice();
    a.put('events', '4', event('Gala'));
    a.put('ingredientList-4', 'L1', line('L1', 3));
    await sync(a, server);
    a.remove('events', '4');
    a.data.delete('ingredientList-4');
    const pushes = server.pushes;
    const done = await pushChanges(a, server.remote(), testId);
    expect(done.pending).toBe(0);
    expect(server.pushes - pushes).toBe(2);
    expect(server.record('events', '4')).toBeNull();
    expect(server.record('ingredientList-4', 'L1')).toBeNull();
    // Numbered by the account after the event's: a pull meets the event's tombstone first.
    expect(server.rows.get('events|4')!.change_seq).toBeLessThan(server.rows.get('ingredientList-4|L1')!.change_seq);
  });
});

describe('a page that deletes an event, change by change (the order the account sends them in)', () => {
  const agreedAt = (records: Record<string, object>): SyncState => ({
    ...emptySyncState(),
    device: 'on',
    shadow: Object.fromEntries(Object.entries(records).map(([key, r]) => [key, { rev: 2, hash: hashRecord(r) }])),
  });
  const here = (records: Record<string, object>): Snapshot => {
    const snapshot: Snapshot = new Map();
    for (const [key, record] of Object.entries(records)) {
      const [collection, id] = key.split('|') as [string, string];
      if (!snapshot.has(collection)) snapshot.set(collection, new Map());
      snapshot.get(collection)!.set(id, record);
    }
    return snapshot;
  };
  const gone = (key: string, rev = 3): PulledChange => {
    const [collection, record_id] = key.split('|') as [string, string];
    return { collection, record_id, rev, record: null, deleted: true };
  };
  const L1 = line('L1', 3);
  const agreed = { 'events|4': event('Gala'), 'ingredientList-4|L1': L1 };
  /** Agreed as above, with a question open about event 4 (account revision 3). */
  const askedAbout = (mine: object | null, theirs: object | null): SyncState => ({
    ...agreedAt(agreed),
    conflicts: { 'events|4': { key: 'events|4', collection: 'events', record_id: '4', mine, theirs, theirsRev: 3 } },
  });

  for (const order of [
    ['ingredientList-4|L1', 'events|4'],
    ['events|4', 'ingredientList-4|L1'],
  ])
    it(`the line waits with its changed event whichever comes first (${order.join(', then ')})`, () => {
      const { state, writes } = applyPulled(
        agreedAt(agreed),
        here({ ...agreed, 'events|4': event('Gala dinner') }),
        order.map((key) => gone(key)),
      );
      expect(Object.keys(state.conflicts)).toEqual(['events|4']);
      expect(writes).toEqual([]);
      // The delete is agreed (a later "Save mine again" sends the line over the account's tombstone).
      expect(state.shadow['ingredientList-4|L1']).toEqual({ rev: 3, hash: DELETED });
      // Nothing of it is sent while the caterer is asked; all of it once the event is saved again.
      expect(recordChanges(state, here({ ...agreed, 'ingredientList-4|L2': line('L2', 1) }), testId).outbox).toEqual(
        {},
      );
      const chosen = resolveConflict(state, 'events|4', { keep: 'mine' }, here({ 'deletedEventIds|4': { id: 4 } }));
      expect(chosen.writes).toEqual([
        { collection: 'events', record_id: '4', record: event('Gala dinner') },
        { collection: 'deletedEventIds', record_id: '4', record: null },
      ]);
      const outbox = recordChanges(chosen.state, here({ ...agreed, 'events|4': event('Gala dinner') }), testId).outbox;
      expect(outbox['ingredientList-4|L1']).toMatchObject({ base_rev: 3, deleted: false, record: L1 });
      expect(outbox['events|4']).toMatchObject({ base_rev: 3, deleted: false });
    });

  for (const order of [
    ['ingredientList-4|L1', 'events|4'],
    ['events|4', 'ingredientList-4|L1'],
  ])
    it(`an unchanged event and its line are both deleted here, nothing asked (${order.join(', then ')})`, () => {
      const { state, writes } = applyPulled(
        agreedAt(agreed),
        here(agreed),
        order.map((key) => gone(key)),
      );
      expect(state.conflicts).toEqual({});
      expect(writes.map((w) => [w.collection, w.record])).toEqual(order.map((key) => [key.split('|')[0], null]));
    });

  it('a line the same page changed elsewhere is not a change here: the unchanged event is deleted, nothing asked', () => {
    const changedThere: PulledChange = {
      collection: 'ingredientList-4',
      record_id: 'L1',
      rev: 3,
      record: line('L1', 9),
      deleted: false,
    };
    const { state, writes } = applyPulled(agreedAt(agreed), here(agreed), [changedThere, gone('events|4', 4)]);
    expect(state.conflicts).toEqual({});
    expect(writes.map((w) => w.collection)).toEqual(['ingredientList-4', 'events']);
  });

  it('a question already open about the event (changed on both) holds its lines when the page deletes it', () => {
    const open: SyncState = askedAbout(event('Mine'), event('Theirs'));
    const { state, writes } = applyPulled(open, here({ ...agreed, 'events|4': event('Mine') }), [
      gone('ingredientList-4|L1', 4),
      gone('events|4', 4),
    ]);
    expect(writes).toEqual([]);
    expect(state.conflicts['events|4']).toMatchObject({ theirs: null, theirsRev: 4 });
  });

  it('a line deleted elsewhere of an event only changed elsewhere is deleted here (only a deleted event holds its lines)', () => {
    const open: SyncState = askedAbout(event('Mine'), event('Theirs'));
    const { writes } = applyPulled(open, here(agreed), [gone('ingredientList-4|L1', 4)]);
    expect(writes).toEqual([{ collection: 'ingredientList-4', record_id: 'L1', record: null }]);
  });

  it('deleted here and kept as the other device changed it: no longer a deleted event here; kept deleted: its lines go', () => {
    const deletedHere: SyncState = askedAbout(null, event('Theirs'));
    const data = here({ 'deletedEventIds|4': { id: 4 }, 'ingredientList-4|L7': line('L7', 2) });
    expect(resolveConflict(deletedHere, 'events|4', { keep: 'theirs' }, data).writes).toEqual([
      { collection: 'events', record_id: '4', record: event('Theirs') },
      { collection: 'deletedEventIds', record_id: '4', record: null },
    ]);
    expect(resolveConflict(deletedHere, 'events|4', { keep: 'mine' }, data).writes).toEqual([
      { collection: 'events', record_id: '4', record: null },
      { collection: 'ingredientList-4', record_id: 'L7', record: null },
    ]);
  });

  it('a choice about any other record writes only that record', () => {
    const supplierConflict: SyncState = {
      ...emptySyncState(),
      conflicts: {
        'suppliers|4': {
          key: 'suppliers|4',
          collection: 'suppliers',
          record_id: '4',
          mine: null,
          theirs: null,
          theirsRev: 2,
        },
      },
    };
    expect(collectionsOfChoice('suppliers|4')).toEqual([]);
    expect(collectionsOfChoice('events|4')).toEqual([...perEventCollectionsOf(4), 'deletedEventIds']);
    const data = here({ 'deletedEventIds|4': { id: 4 }, 'ingredientList-4|L7': line('L7', 2) });
    expect(resolveConflict(supplierConflict, 'suppliers|4', { keep: 'mine' }, data).writes).toHaveLength(1);
  });
});
