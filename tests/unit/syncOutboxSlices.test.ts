/**
 * The first push before the whole outbox is noted (issue 24, "first sync ≤ 3 s"; docs/sync.md "A cycle"):
 * the push notes the outbox a slice of whole collections at a time and sends each slice once its change
 * ids are stored. A reload between slices sends the same ids again and notes the rest; a record another
 * tab removes meanwhile becomes a tombstone once; a collection's deletes are inferred only when it is
 * noted whole.
 */
import { describe, expect, it } from 'vitest';
import {
  pullChanges,
  pushChanges,
  slicesOf,
  NOTE_FIRST_SLICE,
  STORAGE_FULL_MESSAGE,
  SyncStorageFull,
  type RemotePort,
} from '../../src/sync/cycle';
import {
  changeSizeOf,
  DELETED,
  emptySyncState,
  hashRecord,
  keyOf,
  recordChangesOf,
  type SyncState,
} from '../../src/sync/engine';
import { FakeDevice, FakeSyncServer, testId } from '../support/fakeSyncServer';

const ITEMS = 2500; // the first slice (at least NOTE_FIRST_SLICE records)
const SUPPLIERS = 3000;
const EMPLOYEES = 100;
const RECORDS = ITEMS + SUPPLIERS + EMPLOYEES;

const item = (n: number) => ({ id: `I-${n}`, name: `Item ${n}`, rev: 1 });
const supplier = (n: number) => ({ supplierID: `S-${n}`, supplierName: `Supplier ${n}`, rev: 1 });
const employee = (n: number) => ({ id: `E-${n}`, name: `Employee ${n}`, rev: 1 });

/** A device whose data is three collections, in this order: items, suppliers, employees. */
function bigDevice(): FakeDevice {
  const device = new FakeDevice();
  for (let n = 0; n < ITEMS; n++) device.put('inventoryItems', `I-${n}`, item(n));
  for (let n = 0; n < SUPPLIERS; n++) device.put('suppliers', `S-${n}`, supplier(n));
  for (let n = 0; n < EMPLOYEES; n++) device.put('employees', `E-${n}`, employee(n));
  return device;
}

const storedOutbox = (device: FakeDevice) => Object.values(device.load().outbox);
const collectionsIn = (state: SyncState) => new Set(Object.values(state.outbox).map((e) => e.collection));

/** The account's port with sync_push_many, each call's changes recorded (and `onCall` run before it). */
function watched(server: FakeSyncServer, onCall: (call: number, changes: readonly Record<string, unknown>[]) => void) {
  const remote = server.remote({});
  const calls: Record<string, unknown>[][] = [];
  const port: RemotePort = {
    ...remote,
    pushMany: (changes) => {
      calls.push([...changes]);
      onCall(calls.length, changes);
      return remote.pushMany!(changes);
    },
  };
  return { port, calls };
}

/**
 * Three slices: the items (2,500), the suppliers (4,500: with the items' last 500, two full batches), the
 * employees; pulled once, so the push is next.
 */
async function threeSlices() {
  const server = new FakeSyncServer();
  const device = new FakeDevice();
  for (let n = 0; n < ITEMS; n++) device.put('inventoryItems', `I-${n}`, item(n));
  for (let n = 0; n < 4500; n++) device.put('suppliers', `S-${n}`, supplier(n));
  for (let n = 0; n < EMPLOYEES; n++) device.put('employees', `E-${n}`, employee(n));
  await pullChanges(device, server.remote(), testId);
  return { server, device };
}

describe('the outbox noted in slices', () => {
  it('plans slices of whole collections, the first of at least one batch, each next twice as large', () => {
    const snapshot = new Map([
      ['a', new Map(Array.from({ length: 2500 }, (_, n) => [String(n), {}]))],
      ['b', new Map(Array.from({ length: 1000 }, (_, n) => [String(n), {}]))],
      ['c', new Map(Array.from({ length: 3500 }, (_, n) => [String(n), {}]))],
      ['d', new Map([['1', {}]])],
    ]);
    expect(NOTE_FIRST_SLICE).toBe(2000);
    expect(slicesOf(snapshot, 2000)).toEqual([['a'], ['b', 'c'], ['d']]);
    expect(slicesOf(new Map([['a', new Map([['1', {}]])]]), 2000)).toEqual([['a']]);
    expect(slicesOf(new Map(), 2000)).toEqual([]);
  });

  it('notes only the collections asked for: the others’ entries kept as they are, their deletes not inferred', () => {
    const state: SyncState = {
      ...emptySyncState(),
      shadow: {
        [keyOf('suppliers', 'S-1')]: { rev: 1, hash: 'x' },
        [keyOf('inventoryItems', 'I-9')]: { rev: 1, hash: 'y' },
      },
    };
    const data = bigDevice().snapshot();
    const noted = recordChangesOf(state, data, testId, (c) => c === 'inventoryItems');
    expect(collectionsIn(noted)).toEqual(new Set(['inventoryItems']));
    // I-9 is here (changed): a change, not a delete; S-1 is changed too, but suppliers were not noted.
    expect(noted.outbox[keyOf('inventoryItems', 'I-9')]?.deleted).toBe(false);
    expect(noted.outbox[keyOf('suppliers', 'S-1')]).toBeUndefined();
    // Missing here: a delete only once its collection is noted.
    const gone = { ...noted, shadow: { ...noted.shadow, [keyOf('suppliers', 'S-gone')]: { rev: 1, hash: 'z' } } };
    const itemsAgain = recordChangesOf(gone, data, testId, (c) => c === 'inventoryItems');
    expect(itemsAgain.outbox[keyOf('suppliers', 'S-gone')]).toBeUndefined();
    // The items' entries are the same (same ids) when noted again.
    expect(itemsAgain.outbox[keyOf('inventoryItems', 'I-0')]?.client_change_id).toBe(
      noted.outbox[keyOf('inventoryItems', 'I-0')]?.client_change_id,
    );
    const suppliers = recordChangesOf(itemsAgain, data, testId, (c) => c === 'suppliers');
    expect(suppliers.outbox[keyOf('suppliers', 'S-gone')]).toMatchObject({ deleted: true, hash: DELETED });
    expect(suppliers.outbox[keyOf('inventoryItems', 'I-0')]).toBe(itemsAgain.outbox[keyOf('inventoryItems', 'I-0')]);
  });

  it('sends the first request before the whole outbox is noted, every change it sends already stored', async () => {
    const server = new FakeSyncServer();
    const device = bigDevice();
    await pullChanges(device, server.remote(), testId);
    let atFirst: SyncState | null = null;
    const { port, calls } = watched(server, (call) => {
      if (call === 1) atFirst = device.load();
    });
    const outcome = await pushChanges(device, port, testId);
    expect(outcome).toMatchObject({ pending: 0, rejected: 0, conflicts: [] });
    // The first request went out with the items noted and stored, the suppliers and employees not yet.
    const first = atFirst as SyncState | null;
    expect(first).not.toBeNull();
    expect(collectionsIn(first!)).toEqual(new Set(['inventoryItems']));
    expect(Object.keys(first!.outbox)).toHaveLength(ITEMS);
    const stored = new Set(Object.values(first!.outbox).map((e) => e.client_change_id));
    expect(calls[0]!.every((c) => stored.has(c.client_change_id as string))).toBe(true);
    // Every record reached the account once, in batches as large as before (2,000 a request).
    expect(server.manyCalls).toEqual([2000, 2000, 1600]);
    expect(server.rows.size).toBe(RECORDS);
    expect(server.seq).toBe(RECORDS);
    expect(Object.keys(device.load().shadow)).toHaveLength(RECORDS);
    expect(storedOutbox(device)).toHaveLength(0);
  });

  it('a first slice of exactly one full batch goes out at once, not held back for the next slice', async () => {
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    for (let n = 0; n < NOTE_FIRST_SLICE; n++) device.put('inventoryItems', `I-${n}`, item(n));
    for (let n = 0; n < SUPPLIERS; n++) device.put('suppliers', `S-${n}`, supplier(n));
    await pullChanges(device, server.remote(), testId);
    let atFirst: SyncState | null = null;
    const { port } = watched(server, (call) => {
      if (call === 1) atFirst = device.load();
    });
    await pushChanges(device, port, testId);
    // The first request went out with only the items noted: the suppliers were noted while it was out.
    expect(collectionsIn((atFirst as SyncState | null)!)).toEqual(new Set(['inventoryItems']));
    expect(server.manyCalls).toEqual([2000, 2000, 1000]);
    expect(server.rows.size).toBe(NOTE_FIRST_SLICE + SUPPLIERS);
    expect(storedOutbox(device)).toHaveLength(0);
  });

  it('a slow first answer: once two batches wait, the rest is noted after it, so the next two requests leave at once', async () => {
    const { server, device } = await threeSlices();
    const remote = server.remote({});
    const noted: Set<string>[] = [];
    const port: RemotePort = {
      ...remote,
      pushMany: async (changes) => {
        noted.push(collectionsIn(device.load()));
        // The account takes a while with the first request (longer than a turn of the event loop).
        if (noted.length === 1) await new Promise((resolve) => setTimeout(resolve, 30));
        return remote.pushMany!(changes);
      },
    };
    const outcome = await pushChanges(device, port, testId);
    expect(outcome).toMatchObject({ pending: 0, rejected: 0, conflicts: [] });
    expect(server.manyCalls).toEqual([2000, 2000, 2000, 1100]);
    // The second and third requests left as soon as the first was answered: the employees not noted yet.
    expect(noted[1]).toEqual(new Set(['inventoryItems', 'suppliers']));
    expect(noted[2]).toEqual(new Set(['inventoryItems', 'suppliers']));
    expect(noted[3]).toEqual(new Set(['inventoryItems', 'suppliers', 'employees']));
    expect(server.rows.size).toBe(ITEMS + 4500 + EMPLOYEES);
    expect(storedOutbox(device)).toHaveLength(0);
  });

  it('a failed first request while two batches wait: the push fails with the account’s error, every noted change kept', async () => {
    const { server, device } = await threeSlices();
    const remote = server.remote({});
    const refusal = Object.assign(new Error('the account is not available'), { status: 503 });
    let calls = 0;
    const port: RemotePort = {
      ...remote,
      pushMany: async (changes) => {
        // The first request fails after a while (the suppliers, two full batches, are noted meanwhile).
        if (++calls === 1) {
          await new Promise((resolve) => setTimeout(resolve, 30));
          throw refusal;
        }
        return remote.pushMany!(changes);
      },
    };
    await expect(pushChanges(device, port, testId)).rejects.toBe(refusal);
    expect(calls).toBe(1);
    expect(server.rows.size).toBe(0);
    // Every record is in the stored outbox, so the next push sends them all, with the ids already stored.
    expect(storedOutbox(device)).toHaveLength(ITEMS + 4500 + EMPLOYEES);
    const outcome = await pushChanges(device, remote, testId);
    expect(outcome).toMatchObject({ pending: 0, rejected: 0, conflicts: [] });
    expect(server.rows.size).toBe(ITEMS + 4500 + EMPLOYEES);
  });

  it('a batch full by characters goes out before the next slice is noted, not held back for it', async () => {
    // 2,000 items of ~2,999 characters a change: two batches of 1,000, each too full for one more item.
    const pad = (n: number) => `I-${String(n).padStart(4, '0')}`;
    const sizeOf = (record: object) => changeSizeOf({ hash: hashRecord(record) });
    const base = sizeOf({ id: pad(0), name: '', rev: 1 });
    const big = (n: number) => ({ id: pad(n), name: 'x'.repeat(2999 - base), rev: 1 });
    expect([sizeOf(big(0)), sizeOf(big(1999))]).toEqual([2999, 2999]);
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    for (let n = 0; n < NOTE_FIRST_SLICE; n++) device.put('inventoryItems', pad(n), big(n));
    for (let n = 0; n < SUPPLIERS; n++) device.put('suppliers', `S-${n}`, supplier(n));
    await pullChanges(device, server.remote(), testId);
    const noted: Set<string>[] = [];
    const { port } = watched(server, () => noted.push(collectionsIn(device.load())));
    await pushChanges(device, port, testId);
    expect(server.manyCalls).toEqual([1000, 1000, 2000, 1000]);
    // The second batch of items left with only the items noted: it did not wait for the suppliers.
    expect(noted[1]).toEqual(new Set(['inventoryItems']));
    expect(server.rows.size).toBe(NOTE_FIRST_SLICE + SUPPLIERS);
    expect(storedOutbox(device)).toHaveLength(0);
  });

  it('storage full while the outbox is noted: the storage-full message, nothing sent, nothing stored changed', async () => {
    const server = new FakeSyncServer();
    const device = bigDevice();
    await pullChanges(device, server.remote(), testId);
    const before = device.load();
    const save = device.save.bind(device);
    device.save = (state: SyncState) => {
      if (Object.keys(state.outbox).length) throw Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
      save(state);
    };
    const { port, calls } = watched(server, () => {});
    const failure = await pushChanges(device, port, testId).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SyncStorageFull);
    expect((failure as Error).message).toBe(STORAGE_FULL_MESSAGE);
    expect(calls).toHaveLength(0);
    expect(device.load()).toEqual(before);
  });

  it('a reload between slices sends the same change ids again and notes the rest: nothing lost, nothing applied twice', async () => {
    const server = new FakeSyncServer();
    const device = bigDevice();
    await pullChanges(device, server.remote(), testId);
    // The page reloads while the first request is with the account (it applies it; the answer is lost).
    let reloaded: FakeDevice | null = null;
    const remote = server.remote({});
    const cut: RemotePort = {
      ...remote,
      pushMany: async (changes) => {
        reloaded = device.reload();
        await remote.pushMany!(changes);
        return new Promise<never>(() => {}); // the old page is gone: no answer ever arrives
      },
    };
    void pushChanges(device, cut, testId);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = reloaded as FakeDevice | null;
    expect(again).not.toBeNull();
    const before = again!.load();
    // Stored at the reload: the first slice only (the rest was not noted yet).
    expect(collectionsIn(before)).toEqual(new Set(['inventoryItems']));
    expect(server.seq).toBe(2000);
    const idsBefore = new Map(Object.entries(before.outbox).map(([key, e]) => [key, e.client_change_id]));

    const { port, calls } = watched(server, () => {});
    const outcome = await pushChanges(again!, port, testId);
    expect(outcome).toMatchObject({ pending: 0, rejected: 0, conflicts: [] });
    // The items went again with the ids stored before the reload (the account answered the 2,000 it had).
    const sentIds = new Map(calls.flat().map((c) => [keyOf(c.collection as string, c.record_id as string), c]));
    for (const [key, id] of idsBefore) expect(sentIds.get(key)?.client_change_id).toBe(id);
    // The rest was noted after the reload and sent; every record applied once.
    expect(sentIds.size).toBe(RECORDS);
    expect(server.rows.size).toBe(RECORDS);
    expect([...server.rows.values()].every((row) => row.rev === 1)).toBe(true);
    expect(server.seq).toBe(RECORDS);
    expect(Object.keys(again!.load().shadow)).toHaveLength(RECORDS);
    expect(storedOutbox(again!)).toHaveLength(0);
  });

  it('a record another tab removes while the outbox is noted becomes a tombstone once', async () => {
    const server = new FakeSyncServer();
    const device = bigDevice();
    await pullChanges(device, server.remote(), testId);
    await pushChanges(device, server.remote(), testId);
    expect(server.seq).toBe(RECORDS);
    // Every record changed here (a big outbox again), then pushed; while the first request is out, another
    // tab removes a supplier (its collection not noted yet) and an item (noted and being sent).
    for (let n = 0; n < ITEMS; n++) device.put('inventoryItems', `I-${n}`, { ...item(n), name: `Item ${n}, again` });
    for (let n = 0; n < SUPPLIERS; n++)
      device.put('suppliers', `S-${n}`, { ...supplier(n), supplierName: `Supplier ${n}, again` });
    const { port, calls } = watched(server, (call) => {
      if (call === 1) {
        device.remove('suppliers', 'S-5');
        device.remove('inventoryItems', 'I-7');
      }
    });
    await pushChanges(device, port, testId);
    const deletes = (key: string) =>
      calls.flat().filter((c) => keyOf(c.collection as string, c.record_id as string) === key && c.deleted).length;
    // The supplier's collection was noted after the removal: its tombstone went in this push, once.
    expect(deletes('suppliers|S-5')).toBe(1);
    expect(server.rows.get('suppliers|S-5')?.deleted).toBe(true);
    expect(device.load().shadow['suppliers|S-5']?.hash).toBe(DELETED);
    // The item's change had gone out before the removal: its tombstone is noted at the next sync, once.
    expect(deletes('inventoryItems|I-7')).toBe(0);
    await pullChanges(device, server.remote(), testId);
    const next = watched(server, () => {});
    await pushChanges(device, next.port, testId);
    const later = (key: string) =>
      next.calls.flat().filter((c) => keyOf(c.collection as string, c.record_id as string) === key && c.deleted).length;
    expect(later('inventoryItems|I-7')).toBe(1);
    expect(later('suppliers|S-5')).toBe(0);
    expect(server.rows.get('inventoryItems|I-7')?.deleted).toBe(true);
    expect(storedOutbox(device)).toHaveLength(0);
    // Nothing more to send.
    const idle = watched(server, () => {});
    await pushChanges(device, idle.port, testId);
    expect(idle.calls).toHaveLength(0);
  });
});
