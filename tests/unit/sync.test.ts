import { describe, expect, it } from 'vitest';
import { chooseForConflict, noteLocalChanges, pullChanges, pushChanges } from '../../src/sync/cycle';
import { canonical, emptySyncState, hashRecord, recordChanges } from '../../src/sync/engine';
import { classify } from '../../src/sync/remote';
import { FakeDevice, FakeSyncServer, testId } from '../support/fakeSyncServer';

const sync = async (device: FakeDevice, server: FakeSyncServer) => {
  await pullChanges(device, server.remote(), testId);
  return pushChanges(device, server.remote(), testId);
};
const supplier = (id: string, name: string, rev = 1) => ({ supplierID: id, supplierName: name, rev });

describe('fingerprints', () => {
  it('ignore key order and the local bookkeeping fields, but not nested ones or values', () => {
    expect(canonical({ b: 1, a: { d: 2, c: 3 }, rev: 4, updatedAt: 'x' })).toBe('{"a":{"c":3,"d":2},"b":1}');
    expect(hashRecord({ a: 1, rev: 1 })).toBe(hashRecord({ rev: 9, a: 1 }));
    expect(hashRecord({ a: 1 })).not.toBe(hashRecord({ a: 2 }));
    expect(hashRecord({ a: { rev: 1 } })).not.toBe(hashRecord({ a: { rev: 2 } }));
    expect(hashRecord(null)).not.toBe(hashRecord({}));
  });
});

describe('the outbox', () => {
  it('holds one change per record: new, changed (a new change id), changed back (gone) and deleted (a tombstone)', () => {
    const device = new FakeDevice();
    device.put('suppliers', 'S-1', supplier('S-1', 'Harbour', 3));
    let state = recordChanges(emptySyncState(), device.snapshot(), testId);
    const first = state.outbox['suppliers|S-1']!;
    expect(first).toMatchObject({ base_rev: null, deleted: false, localRev: 3, collection: 'suppliers' });
    // The same content again keeps the same change id (a retry is the same change).
    expect(recordChanges(state, device.snapshot(), testId).outbox['suppliers|S-1']!.client_change_id).toBe(
      first.client_change_id,
    );
    device.put('suppliers', 'S-1', supplier('S-1', 'Harbour Co', 4));
    state = recordChanges(state, device.snapshot(), testId);
    expect(state.outbox['suppliers|S-1']!.client_change_id).not.toBe(first.client_change_id);
    expect(state.outbox['suppliers|S-1']!.previous).toEqual([first.hash]);
    // Agreed with the server, then changed back: nothing to send.
    state = { ...state, shadow: { 'suppliers|S-1': { rev: 2, hash: hashRecord(supplier('S-1', 'Harbour')) } } };
    device.put('suppliers', 'S-1', supplier('S-1', 'Harbour', 7));
    expect(recordChanges(state, device.snapshot(), testId).outbox).toEqual({});
    device.remove('suppliers', 'S-1');
    expect(recordChanges(state, device.snapshot(), testId).outbox['suppliers|S-1']).toMatchObject({
      deleted: true,
      record: null,
      base_rev: 2,
    });
  });

  it('survives a reload with every change (kept without the records, which stay in the data)', async () => {
    const server = new FakeSyncServer();
    let device = new FakeDevice();
    for (let n = 0; n < 3; n++) device.put('inventoryItems', `I-${n}`, { id: `I-${n}`, name: `Item ${n}` });
    server.failures.push('offline');
    expect(noteLocalChanges(device, testId).pending).toBe(3);
    await expect(pushChanges(device, server.remote(), testId)).rejects.toMatchObject({ kind: 'offline' });
    expect(device.stored).not.toContain('Item 0');
    device = device.reload();
    const outcome = await sync(device, server);
    expect(outcome.pending).toBe(0);
    expect(server.record('inventoryItems', 'I-2')).toEqual({ id: 'I-2', name: 'Item 2' });
  });

  it('sends in batches of 500', async () => {
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    for (let n = 0; n < 1200; n++) device.put('inventoryItems', `I-${n}`, { id: `I-${n}` });
    await sync(device, server);
    expect(server.pushes).toBe(3);
    expect(server.rows.size).toBe(1200);
  });
});

describe('two devices of one account', () => {
  it('a record added on one shows on the other; a delete travels as a tombstone and stays deleted', async () => {
    const server = new FakeSyncServer();
    const a = new FakeDevice();
    const b = new FakeDevice();
    a.put('suppliers', 'S-1', supplier('S-1', 'Harbour'));
    a.put('4-taxPercentage', 'value', { value: 15 });
    await sync(a, server);
    await sync(b, server);
    expect(b.get('suppliers', 'S-1')).toEqual(supplier('S-1', 'Harbour'));
    expect(b.get('4-taxPercentage', 'value')).toEqual({ value: 15 });

    a.remove('suppliers', 'S-1');
    await sync(a, server);
    expect(server.rows.get('suppliers|S-1')).toMatchObject({ deleted: true, rev: 2 });
    await sync(b, server);
    expect(b.get('suppliers', 'S-1')).toBeUndefined();
    // Nothing brings it back: both sync again and it stays gone, with nothing left to send.
    expect((await sync(b, server)).pending).toBe(0);
    expect((await sync(a, server)).pending).toBe(0);
    expect(a.get('suppliers', 'S-1')).toBeUndefined();
    expect(server.rows.get('suppliers|S-1')).toMatchObject({ deleted: true, rev: 2 });
  });

  it('the same record changed on both becomes a conflict; keep mine ends the same on both', async () => {
    const server = new FakeSyncServer();
    const a = new FakeDevice();
    const b = new FakeDevice();
    a.put('suppliers', 'S-1', supplier('S-1', 'Harbour'));
    await sync(a, server);
    await sync(b, server);
    a.put('suppliers', 'S-1', supplier('S-1', 'Harbour A', 2));
    b.put('suppliers', 'S-1', supplier('S-1', 'Harbour B', 2));
    await sync(a, server);
    const outcome = await sync(b, server);
    expect(outcome.conflicts).toHaveLength(1);
    expect(outcome.conflicts[0]).toMatchObject({
      key: 'suppliers|S-1',
      mine: supplier('S-1', 'Harbour B', 2),
      theirs: supplier('S-1', 'Harbour A', 2),
      theirsRev: 2,
    });
    // Not sent, not overwritten, kept across a reload while it waits.
    expect(b.get('suppliers', 'S-1')).toMatchObject({ supplierName: 'Harbour B' });
    expect(outcome.pending).toBe(0);
    const reloaded = b.reload();
    expect(Object.keys(reloaded.load().conflicts)).toEqual(['suppliers|S-1']);
    chooseForConflict(reloaded, 'suppliers|S-1', { keep: 'mine' });
    await sync(reloaded, server);
    await sync(a, server);
    expect(a.get('suppliers', 'S-1')).toMatchObject({ supplierName: 'Harbour B' });
    expect(server.record('suppliers', 'S-1')).toMatchObject({ supplierName: 'Harbour B' });
  });

  it('keep theirs takes the account’s version here and sends nothing; a merge sends the chosen fields', async () => {
    const server = new FakeSyncServer();
    const a = new FakeDevice();
    const b = new FakeDevice();
    a.put('employees', 'E-1', { id: 'E-1', firstName: 'Marina', role: 'Server' });
    await sync(a, server);
    await sync(b, server);
    a.put('employees', 'E-1', { id: 'E-1', firstName: 'Marina A', role: 'Server' });
    b.put('employees', 'E-1', { id: 'E-1', firstName: 'Marina', role: 'Cook' });
    await sync(a, server);
    await sync(b, server);
    const pushes = server.pushes;
    chooseForConflict(b, 'employees|E-1', { keep: 'theirs' });
    expect(b.get('employees', 'E-1')).toEqual({ id: 'E-1', firstName: 'Marina A', role: 'Server' });
    expect((await sync(b, server)).pending).toBe(0);
    expect(server.pushes).toBe(pushes); // nothing to send

    a.put('employees', 'E-1', { id: 'E-1', firstName: 'Marina AA', role: 'Server' });
    b.put('employees', 'E-1', { id: 'E-1', firstName: 'Marina A', role: 'Chef' });
    await sync(a, server);
    await sync(b, server);
    chooseForConflict(b, 'employees|E-1', {
      keep: 'merged',
      record: { id: 'E-1', firstName: 'Marina AA', role: 'Chef' },
    });
    await sync(b, server);
    await sync(a, server);
    expect(a.get('employees', 'E-1')).toEqual({ id: 'E-1', firstName: 'Marina AA', role: 'Chef' });
  });

  it('a delete on one and a change on the other is a conflict, not a silent loss', async () => {
    const server = new FakeSyncServer();
    const a = new FakeDevice();
    const b = new FakeDevice();
    a.put('suppliers', 'S-1', supplier('S-1', 'Harbour'));
    await sync(a, server);
    await sync(b, server);
    a.remove('suppliers', 'S-1');
    b.put('suppliers', 'S-1', supplier('S-1', 'Harbour B', 2));
    await sync(a, server);
    const outcome = await sync(b, server);
    expect(outcome.conflicts).toEqual([
      expect.objectContaining({ theirs: null, mine: supplier('S-1', 'Harbour B', 2) }),
    ]);
    chooseForConflict(b, 'suppliers|S-1', { keep: 'mine' });
    await sync(b, server);
    await sync(a, server);
    expect(a.get('suppliers', 'S-1')).toMatchObject({ supplierName: 'Harbour B' });
  });

  it('joining: records merge by id, the same content agrees, different content asks, nothing is dropped', async () => {
    const server = new FakeSyncServer();
    const a = new FakeDevice();
    a.put('suppliers', 'S-1', supplier('S-1', 'Harbour'));
    a.put('suppliers', 'S-2', supplier('S-2', 'Bolt'));
    await sync(a, server);
    const b = new FakeDevice();
    b.put('suppliers', 'S-1', supplier('S-1', 'Harbour', 5)); // same content, other local rev
    b.put('suppliers', 'S-2', supplier('S-2', 'Bolt B'));
    b.put('suppliers', 'S-3', supplier('S-3', 'Dock'));
    const outcome = await sync(b, server);
    expect(outcome.conflicts.map((c) => c.key)).toEqual(['suppliers|S-2']);
    expect(server.record('suppliers', 'S-3')).toMatchObject({ supplierName: 'Dock' });
    expect(server.rows.get('suppliers|S-1')!.rev).toBe(1);
    await sync(a, server);
    expect(a.get('suppliers', 'S-3')).toMatchObject({ supplierName: 'Dock' });
    expect(a.get('suppliers', 'S-2')).toMatchObject({ supplierName: 'Bolt' });
  });
});

describe('retries and failures', () => {
  it('a push applied but not acknowledged is not applied twice, and raises no conflict', async () => {
    const server = new FakeSyncServer();
    const a = new FakeDevice();
    a.put('suppliers', 'S-1', supplier('S-1', 'Harbour'));
    server.loseNextAnswer = true;
    await expect(sync(a, server)).rejects.toMatchObject({ kind: 'offline' });
    const outcome = await sync(a, server);
    expect(outcome).toMatchObject({ pending: 0, conflicts: [] });
    expect(server.rows.get('suppliers|S-1')!.rev).toBe(1);
    expect(server.seq).toBe(1);
  });

  it('a change made after an unacknowledged push is sent on top of it, without a conflict', async () => {
    const server = new FakeSyncServer();
    const a = new FakeDevice();
    a.put('suppliers', 'S-1', supplier('S-1', 'Harbour'));
    server.loseNextAnswer = true;
    await expect(sync(a, server)).rejects.toMatchObject({ kind: 'offline' });
    a.put('suppliers', 'S-1', supplier('S-1', 'Harbour 2', 2));
    const outcome = await pushChanges(a, server.remote(), testId);
    expect(outcome.conflicts).toEqual([]);
    await pushChanges(a, server.remote(), testId);
    expect(server.record('suppliers', 'S-1')).toMatchObject({ supplierName: 'Harbour 2' });
    expect((await sync(a, server)).pending).toBe(0);
  });

  it('a refused change stays in the outbox, counted, and is sent again only once it changes', async () => {
    const server = new FakeSyncServer();
    const a = new FakeDevice();
    a.put('suppliers', 'S-1', { supplierID: 'S-1', bad: true });
    expect(await sync(a, server)).toMatchObject({ pending: 1, rejected: 1 });
    const pushes = server.pushes;
    await sync(a, server);
    expect(server.pushes).toBe(pushes);
    a.put('suppliers', 'S-1', supplier('S-1', 'Fixed'));
    expect(await sync(a, server)).toMatchObject({ pending: 0, rejected: 0 });
  });

  it('a cursor past the server’s head (the account was reset) pulls everything again and sends what it lacks', async () => {
    const server = new FakeSyncServer();
    const a = new FakeDevice();
    a.put('suppliers', 'S-1', supplier('S-1', 'Harbour'));
    await sync(a, server);
    await sync(a, server); // the pull after its own push moves the cursor to the head
    expect(a.load().cursor).toBe(1);
    const fresh = new FakeSyncServer();
    await sync(a, fresh);
    expect(fresh.record('suppliers', 'S-1')).toMatchObject({ supplierName: 'Harbour' });
    await sync(a, fresh);
    expect(a.load().cursor).toBe(1);
    expect(fresh.rows.get('suppliers|S-1')!.rev).toBe(1);
  });

  it('pages through more changes than one pull returns', async () => {
    const server = new FakeSyncServer();
    const a = new FakeDevice();
    for (let n = 0; n < 1100; n++) a.put('events', String(n), { id: n });
    await sync(a, server);
    const b = new FakeDevice();
    await sync(b, server);
    expect(b.data.get('events')!.size).toBe(1100);
    expect(b.load().cursor).toBe(1100);
  });

  it('a storage write refused while pulling keeps the cursor, so the changes come again', async () => {
    const server = new FakeSyncServer();
    const a = new FakeDevice();
    a.put('suppliers', 'S-1', supplier('S-1', 'Harbour'));
    await sync(a, server);
    const b = new FakeDevice();
    b.refuseWrites = true;
    await expect(pullChanges(b, server.remote(), testId)).rejects.toThrow('full');
    expect(b.load().cursor).toBe(0);
    b.refuseWrites = false;
    await sync(b, server);
    expect(b.get('suppliers', 'S-1')).toBeDefined();
  });

  it('classifies answers: no answer is offline, 401/408/429/5xx retry, other errors stop', () => {
    expect(classify(0, 'x').kind).toBe('offline');
    expect(classify(200, 'x', false).kind).toBe('offline');
    for (const status of [401, 408, 429, 500, 503]) expect(classify(status, 'x').kind).toBe('retry');
    for (const status of [400, 403, 404, 409, 413]) expect(classify(status, 'x').kind).toBe('fatal');
  });
});
