/**
 * A first upload with `sync_push_many` (issue 24, "first sync ≤ 3 s"; docs/sync.md): larger batches,
 * sized by count and by characters, two requests in flight, `sync_push` when the server does not have
 * it, a request found too large sent again in halves, and every answer kept and no change applied
 * twice when a batch fails, the page reloads, or the retry is split otherwise.
 */
import { describe, expect, it } from 'vitest';
import {
  batchesOf,
  batchIsFull,
  pullChanges,
  pushChanges,
  PUSH_BATCH,
  PUSH_MANY_BATCH,
  PUSH_MANY_CHARS,
  SAVE_EVERY_MS,
  type RemotePort,
} from '../../src/sync/cycle';
import { changeSizeOf, emptySyncState, hashRecord, recordChanges, type OutboxEntry } from '../../src/sync/engine';
import { createRemote, type RpcAnswer } from '../../src/sync/remote';
import { FakeDevice, FakeSyncServer, testId } from '../support/fakeSyncServer';

const item = (n: number) => ({ id: `I-${n}`, name: `Item ${n}`, rev: 1 });
/** An event of about `chars` characters. */
const event = (id: number, chars: number) => ({ id, EventName: `Event ${id}`, notes: 'n'.repeat(chars), rev: 1 });
const deviceWith = (items: number, events = 0, eventChars = 0) => {
  const device = new FakeDevice();
  for (let n = 0; n < items; n++) device.put('inventoryItems', `I-${n}`, item(n));
  for (let e = 0; e < events; e++) device.put('events', String(100 + e), event(100 + e, eventChars));
  return device;
};
const outboxOf = (device: FakeDevice): OutboxEntry[] =>
  Object.values(recordChanges(emptySyncState(), device.snapshot(), testId).outbox);
const everyRecordOnce = (server: FakeSyncServer, records: number) => {
  expect(server.rows.size).toBe(records);
  expect([...server.rows.values()].every((row) => row.rev === 1)).toBe(true);
  expect(server.seq).toBe(records);
};

describe('sizing the batches', () => {
  it('knows a change’s size from its fingerprint, without serialising the record', () => {
    const record = event(7, 5000);
    const text = JSON.stringify(record).length;
    const size = changeSizeOf({ hash: hashRecord(record) });
    expect(size).toBeGreaterThan(text);
    expect(size).toBeLessThan(text + 300);
    expect(changeSizeOf({ hash: hashRecord(null) })).toBe(changeSizeOf({ hash: hashRecord({}) }) - 2);
  });

  it('cuts at the count or the characters, whichever comes first, and never leaves a change out', () => {
    const device = deviceWith(2500, 40, 100_000);
    const queue = outboxOf(device);
    const batches = batchesOf(queue, PUSH_MANY_BATCH, PUSH_MANY_CHARS);
    expect(batches.flat()).toEqual(queue);
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(PUSH_MANY_BATCH);
      expect(batch.reduce((sum, e) => sum + changeSizeOf(e), 0)).toBeLessThanOrEqual(PUSH_MANY_CHARS);
    }
    // 2,000 items; the other 500 with 28 events of ~100,000 characters (3 M); the last 12 events.
    expect(batches.map((b) => b.length)).toEqual([2000, 528, 12]);
    // A change larger than the limit goes alone rather than never.
    expect(batchesOf(queue.slice(-2), 10, 50_000).map((b) => b.length)).toEqual([1, 1]);
    expect(batchesOf([], 10)).toEqual([]);
  });

  it('a batch is full at the count, or when another change as large as its largest would not fit', () => {
    // Items 9 and 10: two changes of different sizes.
    const queue = outboxOf(deviceWith(11)).slice(-2);
    const sizes = queue.map(changeSizeOf);
    expect(sizes[0]).toBeLessThan(sizes[1]!);
    const total = sizes.reduce((a, b) => a + b, 0);
    const room = total + Math.max(...sizes);
    expect(batchIsFull(queue, 2)).toBe(true);
    expect(batchIsFull(queue, 3)).toBe(false);
    expect(batchIsFull(queue, 3, room)).toBe(false);
    expect(batchIsFull(queue, 3, room - 1)).toBe(true);
    expect(batchIsFull([], 4, 0)).toBe(false);
  });
});

describe('a first upload with sync_push_many', () => {
  it('sends fewer, larger requests, two in flight, the first alone, and agrees every record', async () => {
    const server = new FakeSyncServer();
    const device = deviceWith(5000, 30, 100_000);
    await pullChanges(device, server.remote(), testId);
    const remote = server.remote({ delays: [5, 5, 5, 5, 5, 5] });
    let inFlightAtFirst = -1;
    const watched: RemotePort = {
      ...remote,
      pushMany: (changes) => {
        if (inFlightAtFirst < 0) inFlightAtFirst = server.manyInFlight;
        return remote.pushMany!(changes);
      },
    };
    const outcome = await pushChanges(device, watched, testId);
    expect(outcome).toMatchObject({ pending: 0, rejected: 0, conflicts: [] });
    // 2,000 items a request, then the last 1,000 with 27 of the large events (3 M characters), then the rest.
    expect(server.manyCalls).toEqual([2000, 2000, 1027, 3]);
    expect(server.pushes).toBe(4);
    expect(inFlightAtFirst).toBe(0);
    expect(server.mostManyInFlight).toBe(2);
    everyRecordOnce(server, 5030);
    const state = device.load();
    expect(Object.keys(state.shadow)).toHaveLength(5030);
    expect(state.cursor).toBe(5030);
  });

  it('uses sync_push, 500 changes at a time, when the server does not have sync_push_many', async () => {
    const server = new FakeSyncServer();
    const device = deviceWith(1800);
    await pullChanges(device, server.remote(), testId);
    const outcome = await pushChanges(device, server.remote({ missing: true }), testId);
    expect(outcome.pending).toBe(0);
    expect(server.manyCalls).toEqual([1800]);
    expect(server.pushes).toBe(Math.ceil(1800 / PUSH_BATCH));
    everyRecordOnce(server, 1800);
  });

  it('sends a request the server finds too large again in two halves', async () => {
    const server = new FakeSyncServer();
    const device = deviceWith(0, 12, 200_000);
    await pullChanges(device, server.remote(), testId);
    // About 2.4 M characters fit our estimate, but this server takes only 1 M a request.
    const outcome = await pushChanges(device, server.remote({ tooLargeOver: 1_000_000 }), testId);
    expect(outcome.pending).toBe(0);
    // 12 refused, then 6 (alone until one is answered), then 3 and 3; then the other 6 and its halves.
    expect(server.manyCalls).toEqual([12, 6, 3, 3, 6, 3, 3]);
    everyRecordOnce(server, 12);
  });

  it('takes the answers in the order sent, and moves the cursor over both when the later one was numbered first', async () => {
    const server = new FakeSyncServer();
    const device = deviceWith(6000);
    await pullChanges(device, server.remote(), testId);
    // The second batch waits longer than the third: the account numbers the third's changes first.
    let clock = 0;
    const remote = server.remote({ delays: [0, 30, 0] });
    const timed: RemotePort = {
      ...remote,
      pushMany: async (changes) => {
        const results = await remote.pushMany!(changes);
        clock += SAVE_EVERY_MS; // the state is written after each batch's answers
        return results;
      },
    };
    await pushChanges(device, timed, testId, undefined, () => clock);
    expect(server.record('inventoryItems', 'I-2000')).toEqual(item(2000));
    const seqOf = (id: string) => server.rows.get(`inventoryItems|${id}`)!.change_seq;
    expect(seqOf('I-4000')).toBeLessThan(seqOf('I-2000'));
    expect(device.load().cursor).toBe(6000);
    // So the next pull brings nothing back.
    const pulled: number[] = [];
    await pullChanges(device, { ...remote, pull: async (s, m) => (pulled.push(s), remote.pull(s, m)) }, testId);
    expect(pulled).toEqual([6000]);
  });

  it('a failed batch keeps the answers before it and of the one in flight; the retry, split otherwise, applies nothing twice', async () => {
    const server = new FakeSyncServer();
    const device = deviceWith(9000);
    await pullChanges(device, server.remote(), testId);
    const remote = server.remote({ delays: [0, 0, 20, 0, 0] });
    const failing: RemotePort = {
      ...remote,
      pushMany: async (changes) => {
        // The second request fails (no answer) while the third is in flight and is applied.
        if (server.manyCalls.length === 1) {
          server.manyCalls.push(changes.length);
          throw Object.assign(new Error('The server could not be reached.'), { kind: 'offline', status: 0 });
        }
        return remote.pushMany!(changes);
      },
    };
    await expect(pushChanges(device, failing, testId)).rejects.toMatchObject({ kind: 'offline' });
    expect(server.manyCalls).toEqual([2000, 2000, 2000]);
    const stored = device.reload().load();
    expect(Object.keys(stored.shadow)).toHaveLength(4000);
    expect(Object.keys(stored.outbox)).toHaveLength(5000);
    // The failed batch was not applied, so the third's numbers follow the first's: all this device's own.
    expect(stored.cursor).toBe(4000);

    // Now a push is applied but its answer lost, then the page reloads: the retry goes through sync_push,
    // 500 at a time, a different split; every change is answered from the account, none applied twice.
    server.loseNextAnswer = true;
    const reloaded = device.reload();
    await expect(pushChanges(reloaded, server.remote({}), testId)).rejects.toMatchObject({ kind: 'offline' });
    expect(server.rows.size).toBe(6000);
    const again = reloaded.reload();
    const outcome = await pushChanges(again, server.remote(), testId);
    expect(outcome).toMatchObject({ pending: 0, rejected: 0, conflicts: [] });
    everyRecordOnce(server, 9000);
    expect(Object.keys(again.load().shadow)).toHaveLength(9000);
  });
});

describe('the account’s port', () => {
  const answer = (over: Partial<RpcAnswer>): RpcAnswer => ({ data: null, error: null, status: 200, ...over });

  it('calls sync_push_many with the changes; null when the server does not know it; other errors as failures', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [];
    let next = answer({ data: [{ status: 'applied' }] });
    const remote = createRemote(async (name, args) => {
      calls.push([name, args]);
      return next;
    });
    expect(await remote.pushMany!([{ a: 1 }])).toEqual([{ status: 'applied' }]);
    expect(calls).toEqual([['sync_push_many', { changes: [{ a: 1 }] }]]);
    next = answer({ status: 404, error: { message: 'Could not find the function', code: 'PGRST202' } });
    expect(await remote.pushMany!([])).toBeNull();
    next = answer({ status: 413, error: { message: 'too large', code: 'PGRST413' } });
    await expect(remote.pushMany!([])).rejects.toMatchObject({ kind: 'fatal', status: 413 });
    next = answer({ status: 503, error: { message: 'busy' } });
    await expect(remote.pushMany!([])).rejects.toMatchObject({ kind: 'retry', status: 503 });
  });
});
