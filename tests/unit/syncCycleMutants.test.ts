/**
 * The sync cycle (src/sync/cycle.ts, and one helper of src/sync/engine.ts) where the sixth mutation pass's run with every sync test file left
 * mutants alive (docs/testing.md, "Sixth pass (src/sync)"): what the cycle does when storage refuses the
 * answers part way through a push, and which answers from the account open an event kept only there.
 */
import { describe, expect, it } from 'vitest';
import {
  PUSH_BATCH,
  SAVE_EVERY_MS,
  archiveOld,
  bringBack,
  fetchEvent,
  pullChanges,
  pushChanges,
  type ArchivePort,
  type ArchiveRule,
  type RemotePort,
} from '../../src/sync/cycle';
import {
  applyPulled,
  applyPushed,
  emptySyncState,
  eventIdOfCollection,
  hashRecord,
  keyOf,
  recordChanges,
  resolveConflict,
  type PulledChange,
} from '../../src/sync/engine';
import { awayEventIds } from '../../src/sync/archive';
import { FakeDevice, FakeSyncServer, testId } from '../support/fakeSyncServer';

describe('storage refusing the answers part way through a push', () => {
  it('stops sending at the batch whose answers could not be written, and fails with storage’s error', async () => {
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    for (let n = 0; n <= PUSH_BATCH; n++) device.put('inventoryItems', `I-${n}`, { id: `I-${n}`, name: `Item ${n}` });
    let saves = 0;
    const save = device.save.bind(device);
    device.save = (state) => {
      // The changes' ids are stored before sending; the first batch's answers then cannot be.
      if (++saves > 1) throw new Error('Browser storage is full.');
      save(state);
    };
    // Each batch's answers are due for writing down (SAVE_EVERY_MS passes between two readings).
    let clock = 0;
    const now = () => (clock += SAVE_EVERY_MS);
    // Storage's own error (not just any rejection: vitest's toThrow(message) also passes for `undefined`).
    const error = await pushChanges(device, server.remote(), testId, undefined, now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Browser storage is full.');
    expect(server.pushes).toBe(1);
    expect(server.rows.size).toBe(PUSH_BATCH);
    // Nothing of the answers written: the outbox still holds every change, to be sent again by the same ids.
    expect(Object.keys(device.load().outbox)).toHaveLength(PUSH_BATCH + 1);
  });
});

describe('opening an event kept only in the account: what the account answers', () => {
  const rule: ArchiveRule = { today: () => '2026-11-26', keep: () => false };
  const old = { id: 5, EventName: 'Wedding', EventDate: '2023-04-01', status: 'completed' };
  async function awayDevice() {
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    device.put('events', '5', old);
    device.put('events', '12', { id: 12, EventName: 'Next', EventDate: '2026-12-01' }); // the highest id stays
    await pushChanges(device, server.remote(), testId);
    await pullChanges(device, server.remote(), testId);
    expect(archiveOld(device, testId, rule)).toBe(1);
    expect(awayEventIds(device.load())).toEqual([5]);
    return device;
  }
  const answering = (changes: PulledChange[]): ArchivePort => ({ eventRecords: async () => ({ changes }) });
  const change = (collection: string, record_id: string, extra: Partial<PulledChange> = {}): PulledChange => ({
    collection,
    record_id,
    rev: 1,
    record: { id: record_id },
    deleted: false,
    ...extra,
  });

  it.each([
    ['only its tool data (a record of its list whose id is the event’s)', [change('ingredientList-5', '5')]],
    ['another event', [change('events', '6', { record: { id: 6, EventName: 'Other' } })]],
    ['the event deleted', [change('events', '5', { record: null, deleted: true })]],
  ])('is false, nothing written, when the answer holds %s', async (_what, changes) => {
    const device = await awayDevice();
    const stored = device.stored;
    const writes = device.writes.length;
    expect(await fetchEvent(device, answering(changes), 5)).toBe(false);
    expect(device.writes.length).toBe(writes);
    expect(device.stored).toBe(stored);
    expect(device.get('events', '5')).toBeUndefined();
  });

  it('writes nothing when the event is here again already (opened or brought back)', async () => {
    const device = await awayDevice();
    device.put('events', '5', old);
    const { rev } = device.load().shadow['events|5']!;
    const account = answering([change('events', '5', { rev, record: old })]);
    const writes = device.writes.length;
    expect(await fetchEvent(device, account, 5)).toBe(true);
    device.save({ ...device.load(), returning: [5] });
    // Away again in the state (as another tab may have left it), yet here: brought back with nothing to write.
    device.save({
      ...device.load(),
      shadow: { ...device.load().shadow, 'events|5': { rev, hash: hashRecord(old), away: true } },
    });
    expect(await bringBack(device, account, rule)).toBe(1);
    expect(device.writes.length).toBe(writes);
  });

  it('is true with the event itself, which is here again and no longer away', async () => {
    const device = await awayDevice();
    const { rev } = device.load().shadow['events|5']!;
    expect(await fetchEvent(device, answering([change('events', '5', { rev, record: old })]), 5)).toBe(true);
    expect(device.get('events', '5')).toEqual(old);
    expect(awayEventIds(device.load())).toEqual([]);
  });
});

describe('pulling', () => {
  it('moves the cursor (saved) over a page the account answers with no changes but a later cursor', async () => {
    const device = new FakeDevice();
    device.save({ ...emptySyncState(), cursor: 3 });
    const remote: RemotePort = {
      push: async () => [],
      pull: async () => ({ changes: [], cursor: 8, more: false, head: 8 }),
    };
    await pullChanges(device, remote, testId);
    expect(device.load().cursor).toBe(8);
  });

  it('saves that an event kept only in the account is here again, even on a page with nothing new', async () => {
    const event = { id: 5, EventName: 'Wedding', EventDate: '2024-01-10' };
    const KEY = keyOf('events', '5');
    const device = new FakeDevice();
    device.save({
      ...emptySyncState(),
      cursor: 3,
      shadow: { [KEY]: { rev: 2, hash: hashRecord(event), away: true, date: '2024-01-10' } },
    });
    device.put('events', '5', event);
    const remote: RemotePort = {
      push: async () => [],
      pull: async (since) => ({ changes: [], cursor: since, more: false, head: since }),
    };
    await pullChanges(device, remote, testId);
    expect(device.load().shadow[KEY]).toEqual({ rev: 2, hash: hashRecord(event) });
  });
});

describe('pushing: the account’s odd answers', () => {
  const deviceWith = (n: number) => {
    const device = new FakeDevice();
    for (let i = 0; i < n; i++) device.put('suppliers', `S-${i}`, { supplierID: `S-${i}`, supplierName: `S ${i}` });
    return device;
  };

  it('records when it ended (the clock given), in the state and the outcome', async () => {
    const server = new FakeSyncServer();
    const device = deviceWith(1);
    const outcome = await pushChanges(device, server.remote(), testId, undefined, () => 1_700_000_000_000);
    expect(outcome.at).toBe(1_700_000_000_000);
    expect(device.load().lastSyncedAt).toBe(1_700_000_000_000);
  });

  it('a batch answered only in part: the answered changes agreed, the rest sent again later', async () => {
    const server = new FakeSyncServer();
    const device = deviceWith(3);
    const remote = server.remote();
    const short: RemotePort = { ...remote, push: async (changes) => (await remote.push(changes)).slice(0, 2) };
    const outcome = await pushChanges(device, short, testId);
    expect(outcome.pending).toBe(1);
    expect(Object.keys(device.load().outbox)).toHaveLength(1);
    await pushChanges(device, remote, testId);
    expect(device.load().outbox).toEqual({});
    expect(server.rows.size).toBe(3);
  });

  it('one change the account finds too large (413) fails the push; it is not split for ever', async () => {
    const server = new FakeSyncServer();
    const device = deviceWith(1);
    await expect(pushChanges(device, server.remote({ tooLargeOver: 10 }), testId)).rejects.toMatchObject({
      status: 413,
    });
    expect(server.manyCalls).toEqual([1]);
    expect(Object.keys(device.load().outbox)).toHaveLength(1);
  });

  it('a request that fails with no reason at all still keeps the answers before it, and fails the push', async () => {
    const server = new FakeSyncServer();
    const device = deviceWith(PUSH_BATCH + 1);
    const remote = server.remote();
    let calls = 0;
    const failing: RemotePort = {
      ...remote,
      push: (changes) => (++calls === 2 ? Promise.reject(null) : remote.push(changes)),
    };
    await expect(pushChanges(device, failing, testId)).rejects.toBeNull();
    expect(Object.keys(device.load().outbox)).toHaveLength(1);
  });
});

describe('letting old events go when none may go', () => {
  it('lets none go and touches nothing: no save, no eviction', async () => {
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    device.put('events', '5', { id: 5, EventName: 'Soon', EventDate: '2026-12-01' });
    await pushChanges(device, server.remote(), testId);
    let saves = 0;
    const save = device.save.bind(device);
    device.save = (state) => {
      saves++;
      save(state);
    };
    expect(archiveOld(device, testId, { today: () => '2026-11-26', keep: () => false })).toBe(0);
    expect(saves).toBe(0);
    expect(device.evicted).toEqual([]);
  });
});

describe('which event a per-event collection belongs to (engine.ts)', () => {
  it('reads a several-digit event id, and only from a name that is exactly a per-event key', () => {
    expect(eventIdOfCollection('ingredientList-12')).toBe(12);
    expect(eventIdOfCollection('staffList-305')).toBe(305);
    expect(eventIdOfCollection('12-taxPercentage')).toBe(12);
    expect(eventIdOfCollection('305-discountPercentage')).toBe(305);
    expect(eventIdOfCollection('oldingredientList-4')).toBeNull();
    expect(eventIdOfCollection('ingredientList-4-copy')).toBeNull();
    expect(eventIdOfCollection('events')).toBeNull();
  });
});

describe('records kept only in the account that are here again, and choices (engine.ts)', () => {
  it('every one here again loses its away mark, and the other agreed records are kept', () => {
    const a = { id: 5, EventName: 'A', EventDate: '2024-01-10' };
    const b = { id: 6, EventName: 'B', EventDate: '2024-02-10' };
    const other = { supplierID: 'S-1', supplierName: 'Harbour' };
    const state = {
      ...emptySyncState(),
      shadow: {
        'events|5': { rev: 2, hash: hashRecord(a), away: true as const },
        'events|6': { rev: 3, hash: hashRecord(b), away: true as const },
        'suppliers|S-1': { rev: 4, hash: hashRecord(other) },
      },
    };
    const data = new Map([
      [
        'events',
        new Map<string, object>([
          ['5', a],
          ['6', b],
        ]),
      ],
      ['suppliers', new Map<string, object>([['S-1', other]])],
    ]);
    const next = recordChanges(state, data, testId);
    expect(next.shadow).toEqual({
      'events|5': { rev: 2, hash: hashRecord(a) },
      'events|6': { rev: 3, hash: hashRecord(b) },
      'suppliers|S-1': { rev: 4, hash: hashRecord(other) },
    });
    expect(next.outbox).toEqual({});
  });

  it('choosing for one conflict leaves the others waiting', () => {
    const conflict = (id: string) => ({
      key: `suppliers|${id}`,
      collection: 'suppliers',
      record_id: id,
      mine: { supplierID: id, supplierName: 'Mine' },
      theirs: { supplierID: id, supplierName: 'Theirs' },
      theirsRev: 2,
    });
    const state = {
      ...emptySyncState(),
      conflicts: { 'suppliers|S-1': conflict('S-1'), 'suppliers|S-2': conflict('S-2') },
    };
    const { state: next } = resolveConflict(state, 'suppliers|S-1', { keep: 'mine' });
    expect(next.conflicts).toEqual({ 'suppliers|S-2': conflict('S-2') });
  });
});

describe('answers that leave the rest of the state alone (engine.ts)', () => {
  const conflict = {
    key: 'suppliers|S-1',
    collection: 'suppliers',
    record_id: 'S-1',
    mine: { supplierID: 'S-1', supplierName: 'Mine' },
    theirs: { supplierID: 'S-1', supplierName: 'Theirs' },
    theirsRev: 2,
  };

  it('a pulled page of other records keeps a conflict waiting for the user', () => {
    const state = { ...emptySyncState(), conflicts: { 'suppliers|S-1': conflict } };
    const item = { id: 'I-1', name: 'Flour' };
    const { state: next } = applyPulled(state, new Map(), [
      { collection: 'inventoryItems', record_id: 'I-1', rev: 1, record: item, deleted: false },
    ]);
    expect(next.conflicts).toEqual({ 'suppliers|S-1': conflict });
  });

  it('an applied answer for a change no longer in the outbox adds nothing to it', () => {
    const record = { id: 'I-1', name: 'Flour' };
    const entry = {
      collection: 'inventoryItems',
      record_id: 'I-1',
      base_rev: null,
      record,
      deleted: false,
      client_change_id: 'c-1',
      hash: hashRecord(record),
      localRev: 0,
      previous: [],
    };
    const next = applyPushed(
      emptySyncState(),
      new Map(),
      [entry],
      [{ status: 'applied', client_change_id: 'c-1', collection: 'inventoryItems', record_id: 'I-1', rev: 1 }],
      testId,
    );
    expect(next.outbox).toEqual({});
    expect(next.shadow).toEqual({ 'inventoryItems|I-1': { rev: 1, hash: hashRecord(record) } });
  });
});

describe('events to bring back, as pulled changes touch them (engine.ts)', () => {
  const event = { id: 5, EventName: 'Wedding', EventDate: '2024-01-10' };
  const line = { lineId: 'L1', quantity: 1 };
  const awayState = () => ({
    ...emptySyncState(),
    shadow: {
      'events|5': { rev: 2, hash: hashRecord(event), away: true as const, date: '2024-01-10' },
      'ingredientList-5|L1': { rev: 3, hash: hashRecord(line), away: true as const },
    },
    returning: [5],
  });

  it('an event deleted elsewhere is no longer to be brought back', () => {
    const { state } = applyPulled(awayState(), new Map(), [
      { collection: 'events', record_id: '5', rev: 4, record: null, deleted: true },
    ]);
    expect(state.returning).toEqual([]);
  });

  it('one of its records deleted elsewhere still leaves the event to be brought back', () => {
    const { state } = applyPulled(awayState(), new Map(), [
      { collection: 'ingredientList-5', record_id: 'L1', rev: 4, record: null, deleted: true },
    ]);
    expect(state.returning).toEqual([5]);
  });
});
