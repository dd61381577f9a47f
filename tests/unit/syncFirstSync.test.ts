/**
 * A first sync of a big account (issue 24, "first sync of 5,000 items and 2,000 events ≤ 3 s"): the
 * push keeps the account's answers in memory and writes the sync state every few batches instead of
 * after each one, the pull cursor moves over this device's own changes, and nothing of that may lose
 * or duplicate a change when the page reloads in the middle.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  noteLocalChanges,
  pullChanges,
  pushChanges,
  sameOutbox,
  SAVE_EVERY_BATCHES,
  SAVE_EVERY_MS,
  type RemotePort,
} from '../../src/sync/cycle';
import {
  applyPushed,
  canonical,
  cursorAfterOwn,
  emptySyncState,
  hashRecord,
  recordChanges,
  type OutboxEntry,
  type PushResult,
  type SyncState,
} from '../../src/sync/engine';
import { FakeDevice, FakeSyncServer, testId } from '../support/fakeSyncServer';

const item = (n: number) => ({ id: `I-${n}`, name: `Item ${n}`, rev: 1 });
const deviceWith = (count: number) => {
  const device = new FakeDevice();
  for (let n = 0; n < count; n++) device.put('inventoryItems', `I-${n}`, item(n));
  return device;
};
/** Counts the saves of the device's sync state. */
const countSaves = (device: FakeDevice) => {
  const counter = { saves: 0 };
  const save = device.save.bind(device);
  device.save = (state: SyncState) => {
    counter.saves++;
    save(state);
  };
  return counter;
};
const BATCHES = SAVE_EVERY_BATCHES + 3;
const RECORDS = BATCHES * 500;

describe('a first push of many batches', () => {
  it('writes the sync state every few batches, not after each one', async () => {
    const server = new FakeSyncServer();
    const device = deviceWith(RECORDS);
    const counter = countSaves(device);
    await pullChanges(device, server.remote(), testId);
    counter.saves = 0;
    // What a reload would find stored at each batch: nothing agreed until SAVE_EVERY_BATCHES were answered.
    const remote = server.remote();
    const storedAtEachBatch: number[] = [];
    const watched: RemotePort = {
      ...remote,
      push: async (changes) => {
        storedAtEachBatch.push(Object.keys(device.reload().load().shadow).length);
        return remote.push(changes);
      },
    };
    const outcome = await pushChanges(device, watched, testId, undefined, () => 0);
    expect(server.pushes).toBe(BATCHES);
    expect(storedAtEachBatch[SAVE_EVERY_BATCHES - 1]).toBe(0);
    expect(storedAtEachBatch[SAVE_EVERY_BATCHES]).toBe(SAVE_EVERY_BATCHES * 500);
    expect(outcome).toMatchObject({ pending: 0, rejected: 0, conflicts: [] });
    // The outbox noted (the pull notes nothing: the push notes it, one collection here, before its first
    // request), once after SAVE_EVERY_BATCHES batches, once at the end.
    expect(counter.saves).toBe(3);
    expect(Object.keys(device.load().shadow)).toHaveLength(RECORDS);
  });

  it('also writes it once SAVE_EVERY_MS have passed since the last time', async () => {
    const server = new FakeSyncServer();
    const device = deviceWith(1500);
    await pullChanges(device, server.remote(), testId);
    const counter = countSaves(device);
    let clock = 0;
    const remote = server.remote();
    const slow: RemotePort = {
      ...remote,
      push: async (changes) => {
        clock += SAVE_EVERY_MS; // each batch takes that long
        return remote.push(changes);
      },
    };
    await pushChanges(device, slow, testId, undefined, () => clock);
    expect(counter.saves).toBe(5); // the outbox noted, after each of the three batches, then at the end

    // Half as long a batch: written after the second (SAVE_EVERY_MS since the start), not after the third.
    const otherServer = new FakeSyncServer();
    const other = deviceWith(1500);
    await pullChanges(other, otherServer.remote(), testId);
    const otherCounter = countSaves(other);
    clock = 0;
    const otherRemote = otherServer.remote();
    const halfSlow: RemotePort = {
      ...otherRemote,
      push: async (changes) => {
        clock += SAVE_EVERY_MS / 2;
        return otherRemote.push(changes);
      },
    };
    await pushChanges(other, halfSlow, testId, undefined, () => clock);
    expect(otherCounter.saves).toBe(3); // the outbox noted, after the second batch, at the end
  });

  it('a reload before the answers were written sends the same changes again: nothing lost, nothing applied twice', async () => {
    const server = new FakeSyncServer();
    const device = deviceWith(RECORDS);
    await pullChanges(device, server.remote(), testId);
    const remote = server.remote();
    let reloaded: FakeDevice | null = null;
    const dying: RemotePort = {
      ...remote,
      push: async (changes) => {
        // The page goes away during the fourth batch: what is stored now is all the next page has.
        if (server.pushes === 3) {
          reloaded = device.reload();
          throw new Error('the page was closed');
        }
        return remote.push(changes);
      },
    };
    await expect(pushChanges(device, dying, testId, undefined, () => 0)).rejects.toThrow('closed');
    expect(server.rows.size).toBe(1500);
    // The three acknowledged batches were not written down before the page went away.
    expect(Object.keys(reloaded!.load().shadow)).toHaveLength(0);
    expect(Object.keys(reloaded!.load().outbox)).toHaveLength(RECORDS);

    await pullChanges(reloaded!, server.remote(), testId);
    const outcome = await pushChanges(reloaded!, server.remote(), testId);
    expect(outcome).toMatchObject({ pending: 0, rejected: 0, conflicts: [] });
    // Every record once, at its first revision: the resent changes were answered from the stored results.
    expect(server.rows.size).toBe(RECORDS);
    expect([...server.rows.values()].every((row) => row.rev === 1)).toBe(true);
    expect(server.seq).toBe(RECORDS);
    expect(server.record('inventoryItems', `I-${RECORDS - 1}`)).toEqual(item(RECORDS - 1));
    const state = reloaded!.load();
    expect(Object.keys(state.shadow)).toHaveLength(RECORDS);
    expect(state.cursor).toBe(RECORDS);
    // And a later sync has nothing to do.
    await pullChanges(reloaded!, server.remote(), testId);
    expect((await pushChanges(reloaded!, server.remote(), testId)).pending).toBe(0);
    expect(server.seq).toBe(RECORDS);
  });

  it('a failed batch keeps the answers of the batches before it', async () => {
    const server = new FakeSyncServer();
    const device = deviceWith(1500);
    await pullChanges(device, server.remote(), testId);
    const remote = server.remote();
    const failing: RemotePort = {
      ...remote,
      push: async (changes) => {
        if (server.pushes === 2) server.failures.push('offline');
        return remote.push(changes);
      },
    };
    await expect(pushChanges(device, failing, testId, undefined, () => 0)).rejects.toMatchObject({ kind: 'offline' });
    const stored = device.reload().load();
    expect(Object.keys(stored.shadow)).toHaveLength(1000);
    expect(Object.keys(stored.outbox)).toHaveLength(500);
    expect(stored.cursor).toBe(1000);

    // A first batch that fails has no answer to write: only the outbox noted before it was sent.
    const empty = new FakeSyncServer();
    const again = deviceWith(600);
    await pullChanges(again, empty.remote(), testId);
    const counter = countSaves(again);
    empty.failures.push('offline');
    await expect(pushChanges(again, empty.remote(), testId)).rejects.toMatchObject({ kind: 'offline' });
    expect(counter.saves).toBe(1);
    expect(Object.keys(again.load().outbox)).toHaveLength(600);
    expect(again.load().shadow).toEqual({});
  });

  it('a change noted here during the push is kept: the answers are written onto the stored state', async () => {
    const server = new FakeSyncServer();
    const device = deviceWith(1000);
    await pullChanges(device, server.remote(), testId);
    const remote = server.remote();
    const busy: RemotePort = {
      ...remote,
      push: async (changes) => {
        const results = await remote.push(changes);
        if (server.pushes === 1) {
          // The user adds a supplier; this tab notes it in the outbox while the push goes on.
          device.put('suppliers', 'S-1', { supplierID: 'S-1', supplierName: 'Harbour' });
          noteLocalChanges(device, testId);
        }
        return results;
      },
    };
    const outcome = await pushChanges(device, busy, testId, undefined, () => 0);
    expect(outcome.pending).toBe(1);
    expect(device.load().outbox['suppliers|S-1']).toMatchObject({ base_rev: null });
    await pushChanges(device, server.remote(), testId);
    expect(server.record('suppliers', 'S-1')).toEqual({ supplierID: 'S-1', supplierName: 'Harbour' });
  });
});

describe('the pull cursor after this device’s own changes', () => {
  const applied = (seq: number): PushResult => ({
    status: 'applied',
    client_change_id: `c-${seq}`,
    collection: 'suppliers',
    record_id: `S-${seq}`,
    rev: 1,
    change_seq: seq,
  });

  it('moves over the changes right after it that are this device’s own, and stops at the first that is not', () => {
    expect(cursorAfterOwn(4, [applied(5), applied(6), applied(7)])).toBe(7);
    expect(cursorAfterOwn(4, [applied(7), applied(5), applied(6)])).toBe(7);
    expect(cursorAfterOwn(4, [applied(5), applied(7)])).toBe(5);
    expect(cursorAfterOwn(4, [applied(6), applied(7)])).toBe(4);
    expect(cursorAfterOwn(4, [])).toBe(4);
    expect(cursorAfterOwn(4, [applied(3), applied(4)])).toBe(4);
  });

  it('counts only applied changes with a number', () => {
    const { change_seq: _seq, ...unnumbered } = applied(5) as PushResult & { change_seq: number };
    const conflict = {
      status: 'conflict',
      client_change_id: 'c',
      collection: 'suppliers',
      record_id: 'S-5',
      server: null,
      change_seq: 5,
    } as unknown as PushResult;
    expect(cursorAfterOwn(4, [unnumbered, undefined, applied(6)])).toBe(4);
    expect(cursorAfterOwn(4, [conflict, applied(6)])).toBe(4);
  });

  it('after a first sync the next pull brings nothing back; another device’s change in between still comes', async () => {
    const server = new FakeSyncServer();
    const a = deviceWith(1200);
    await pullChanges(a, server.remote(), testId);
    await pushChanges(a, server.remote(), testId);
    expect(a.load().cursor).toBe(1200);
    const remote = server.remote();
    const pulls: number[] = [];
    const watched: RemotePort = {
      ...remote,
      pull: async (since, max) => {
        const page = await remote.pull(since, max);
        pulls.push(page.changes.length);
        return page;
      },
    };
    await pullChanges(a, watched, testId);
    expect(pulls).toEqual([0]);

    // Device B pushes between A's batches: A's cursor stops before B's change, and A pulls it.
    const b = new FakeDevice();
    for (let n = 0; n < 600; n++) a.put('suppliers', `S-${n}`, { supplierID: `S-${n}`, supplierName: `S ${n}` });
    const interleaved: RemotePort = {
      ...remote,
      push: async (changes) => {
        const results = await remote.push(changes);
        if (b.data.size === 0) {
          b.put('employees', 'E-1', { id: 'E-1', name: 'Ana' });
          await pushChanges(b, server.remote(), testId);
        }
        return results;
      },
    };
    await pushChanges(a, interleaved, testId);
    expect(a.load().cursor).toBe(1700);
    await pullChanges(a, server.remote(), testId);
    expect(a.get('employees', 'E-1')).toEqual({ id: 'E-1', name: 'Ana' });
    expect(a.load().cursor).toBe(1801);
  });
});

describe('writing the sync state only when it changed', () => {
  const entry = (over: Partial<OutboxEntry> = {}): OutboxEntry => ({
    collection: 'suppliers',
    record_id: 'S-1',
    base_rev: 1,
    record: null,
    deleted: false,
    client_change_id: 'c-1',
    hash: 'h',
    localRev: 1,
    previous: [],
    ...over,
  });
  const withOutbox = (...entries: OutboxEntry[]): SyncState => ({
    ...emptySyncState(),
    outbox: Object.fromEntries(entries.map((e) => [`${e.collection}|${e.record_id}`, e])),
  });

  it('compares what the outbox stores: the changes, their ids, bases, fingerprints and refusals', () => {
    const base = withOutbox(entry());
    expect(sameOutbox(base, withOutbox(entry({ record: { a: 1 }, localRev: 5 })))).toBe(true);
    expect(sameOutbox(base, withOutbox(entry({ client_change_id: 'c-2' })))).toBe(false);
    expect(sameOutbox(base, withOutbox(entry({ hash: 'other' })))).toBe(false);
    expect(sameOutbox(base, withOutbox(entry({ base_rev: 2 })))).toBe(false);
    expect(sameOutbox(base, withOutbox(entry({ rejected: { code: 'bad_record', message: 'x' } })))).toBe(false);
    expect(sameOutbox(base, withOutbox(entry({ record_id: 'S-2' })))).toBe(false);
    expect(sameOutbox(base, withOutbox(entry(), entry({ record_id: 'S-2' })))).toBe(false);
    expect(sameOutbox(withOutbox(entry(), entry({ record_id: 'S-2' })), base)).toBe(false);
    expect(sameOutbox(emptySyncState(), emptySyncState())).toBe(true);
  });

  it('noting changes writes only when there is something new; a pull or push with nothing to do writes once', async () => {
    const server = new FakeSyncServer();
    const device = deviceWith(3);
    const counter = countSaves(device);
    noteLocalChanges(device, testId);
    expect(counter.saves).toBe(1);
    noteLocalChanges(device, testId);
    expect(counter.saves).toBe(1);
    await pushChanges(device, server.remote(), testId);
    await pullChanges(device, server.remote(), testId);
    counter.saves = 0;
    await pullChanges(device, server.remote(), testId);
    expect(counter.saves).toBe(0);
    await pushChanges(device, server.remote(), testId);
    expect(counter.saves).toBe(1); // the time of the last sync
    device.put('inventoryItems', 'I-9', item(9));
    noteLocalChanges(device, testId);
    expect(counter.saves).toBe(2);
  });
});

describe('reading the data only when needed', () => {
  it('takes the push answers without reading the data unless a conflict needs this device’s version', () => {
    const record = { supplierID: 'S-1', supplierName: 'Mine' };
    const state = recordChanges(emptySyncState(), new Map([['suppliers', new Map([['S-1', record]])]]), testId);
    const sent = state.outbox['suppliers|S-1']!;
    const read = vi.fn(() => new Map([['suppliers', new Map([['S-1', record]])]]));
    const ok: PushResult = {
      status: 'applied',
      client_change_id: sent.client_change_id,
      collection: 'suppliers',
      record_id: 'S-1',
      rev: 1,
    };
    expect(applyPushed(state, read, [sent], [ok], testId).shadow['suppliers|S-1']).toEqual({
      rev: 1,
      hash: hashRecord(record),
    });
    expect(read).not.toHaveBeenCalled();
    const theirs = { supplierID: 'S-1', supplierName: 'Theirs' };
    const conflict: PushResult = {
      status: 'conflict',
      client_change_id: sent.client_change_id,
      collection: 'suppliers',
      record_id: 'S-1',
      server: { rev: 2, record: theirs, deleted: false },
    };
    const next = applyPushed(state, read, [sent], [conflict], testId);
    expect(next.conflicts['suppliers|S-1']).toMatchObject({ mine: record, theirs, theirsRev: 2 });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('builds the canonical text of lists and nested records as JSON with sorted keys', () => {
    expect(canonical({ list: [1, { b: 2, a: undefined, rev: 3 }, null, 'x'], rev: 1, z: [] })).toBe(
      '{"list":[1,{"b":2,"rev":3},null,"x"],"z":[]}',
    );
    expect(canonical([undefined, { updatedAt: 2 }])).toBe('[null,{"updatedAt":2}]');
    expect(canonical({})).toBe('{}');
    expect(canonical({ 'a"b': 'c"d' })).toBe('{"a\\"b":"c\\"d"}');
    expect(JSON.parse(canonical({ b: [{ d: 1, c: 2 }], a: 'é' }))).toEqual({ a: 'é', b: [{ c: 2, d: 1 }] });
  });

  it('fingerprints a record object once (records are never changed in place)', () => {
    const record = { id: 'I-1', name: 'Flour' };
    const first = hashRecord(record);
    record.name = 'Sugar';
    expect(hashRecord(record)).toBe(first);
    expect(hashRecord({ ...record })).not.toBe(first);
  });
});
