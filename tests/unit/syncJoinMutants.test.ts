/**
 * What the eighth mutation pass of src/sync (docs/testing.md, "Eighth pass") found unchecked in
 * src/sync/cycle.ts since the join that keeps old events in the account on arrival and the push that notes
 * the outbox in slices: storage full told apart from other failures, the events held in the account
 * (`holdChange`, `settleHeld`), and the slices of the outbox (`slicesOf`, `noteSlice`).
 */
import { describe, expect, it } from 'vitest';
import { isStorageFull, pullChanges, slicesOf, SyncStorageFull, type ArchiveRule } from '../../src/sync/cycle';
import type { LocalWrite } from '../../src/sync/engine';
import { FakeDevice, FakeSyncServer, NarrowDevice, testId } from '../support/fakeSyncServer';

describe('storage full, told apart from other failures', () => {
  it('is a quota refusal of src/storage, the browser’s QuotaExceededError, or the sync’s own', () => {
    expect(isStorageFull({ reason: 'quota' })).toBe(true);
    expect(isStorageFull(Object.assign(new Error('full'), { name: 'QuotaExceededError' }))).toBe(true);
    expect(isStorageFull(new SyncStorageFull())).toBe(true);
  });

  it('is not any other failure, nor something that is not an error object', () => {
    expect(isStorageFull(null)).toBe(false);
    expect(isStorageFull(undefined)).toBe(false);
    expect(isStorageFull('quota')).toBe(false);
    expect(isStorageFull('QuotaExceededError')).toBe(false);
    expect(isStorageFull({ reason: 'unknown' })).toBe(false);
    expect(isStorageFull(new Error('Browser storage is full.'))).toBe(false);
    expect(isStorageFull({ name: 'TypeError', reason: 'corrupt' })).toBe(false);
  });

  it('SyncStorageFull is named, fatal and keeps what storage said', () => {
    const cause = { reason: 'quota' };
    const full = new SyncStorageFull(cause);
    expect(full.name).toBe('SyncStorageFull');
    expect(full.kind).toBe('fatal');
    expect(full.cause).toBe(cause);
  });
});

const TODAY = '2026-11-26';
const rule = (keep: number[] = []): ArchiveRule => ({ today: () => TODAY, keep: (id) => keep.includes(id) });
const oldEvent = (id: number) => ({
  id,
  EventName: `Event ${id}`,
  EventDate: '2020-03-10',
  status: 'completed',
});
const recentEvent = (id: number) => ({ id, EventName: `Event ${id}`, EventDate: '2026-10-01' });

/** A device whose writes fail with `error` (storage's own, the browser's, or something else). */
class FailingDevice extends FakeDevice {
  constructor(readonly error: unknown) {
    super();
  }
  override write(writes: readonly LocalWrite[]) {
    void writes;
    throw this.error;
  }
}

async function account(...events: object[]) {
  const server = new FakeSyncServer();
  const other = new FakeDevice();
  for (const e of events) other.put('events', String((e as { id: number }).id), e);
  const { pushChanges } = await import('../../src/sync/cycle');
  await pushChanges(other, server.remote(), testId);
  return server;
}

describe('a write of the pull that storage refuses', () => {
  it('storage full becomes SyncStorageFull, keeping storage’s error', async () => {
    const server = await account(recentEvent(1));
    const quota = Object.assign(new Error('Browser storage is full.'), { name: 'QuotaExceededError' });
    const failure = await pullChanges(new FailingDevice(quota), server.remote(), testId).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SyncStorageFull);
    expect((failure as SyncStorageFull).cause).toBe(quota);
  });

  it('another failure is passed on as it is', async () => {
    const server = await account(recentEvent(1));
    const other = new Error('something else');
    await expect(pullChanges(new FailingDevice(other), server.remote(), testId)).rejects.toBe(other);
  });

  it('a SyncStorageFull already is passed on as it is, not wrapped again', async () => {
    const server = await account(recentEvent(1));
    const full = new SyncStorageFull({ reason: 'quota' });
    await expect(pullChanges(new FailingDevice(full), server.remote(), testId)).rejects.toBe(full);
  });
});

describe('old events held in the account as they arrive', () => {
  it('an old completed event the rule keeps (open right now) is written with its page, not held to the end', async () => {
    const server = await account(oldEvent(1), oldEvent(5), recentEvent(9));
    const device = new FakeDevice();
    await pullChanges(device, server.remote(), testId, rule([5]));
    expect(device.get('events', '5')).toEqual(oldEvent(5));
    expect(device.get('events', '1')).toBeUndefined();
    expect(device.load().shadow['events|1']).toMatchObject({ away: true, date: '2020-03-10' });
    // One write, the page's: event 5 in it (a held event kept here after all is written at the end, apart).
    expect(device.writes).toHaveLength(1);
    expect(device.writes[0]!.map((w) => w.record_id).sort()).toEqual(['5', '9']);
  });

  it('a held event deleted in the account pages later is agreed as deleted, written nowhere, looked at no more', async () => {
    const server = await account(oldEvent(1), recentEvent(9));
    const remote = server.remote();
    const other = new FakeDevice();
    const device = new FakeDevice();
    let calls = 0;
    const paged = {
      ...remote,
      // One change a page; the event is deleted elsewhere once its page was taken.
      pull: async (since: number) => {
        if (++calls === 2) {
          // Held after the first page: agreed as kept only in the account, never written.
          expect(device.load().shadow['events|1']).toMatchObject({ away: true });
          other.put('events', '1', oldEvent(1));
          const { pullChanges: pull, pushChanges: push } = await import('../../src/sync/cycle');
          await pull(other, remote, testId);
          other.remove('events', '1');
          await push(other, remote, testId);
        }
        return remote.pull(since, 1);
      },
    };
    await pullChanges(device, paged, testId, rule());
    expect(server.record('events', '1')).toBeNull();
    const state = device.load();
    expect(state.shadow['events|1']).toMatchObject({ hash: '∅' });
    expect(state.shadow['events|1']?.away).toBeUndefined();
    expect(state.returning ?? []).toEqual([]);
    expect(
      device.writes
        .flat()
        .filter((w) => w.collection === 'events')
        .map((w) => w.record_id),
    ).toEqual(['9']);
  });
});

describe('what a pull held in the account, settled at its end', () => {
  it('an old event with records of its own here already is written here with them (never an orphaned tool kit)', async () => {
    for (const collection of ['ingredientList-1', 'staffList-1', '1-discountPercentage', '1-taxPercentage']) {
      const server = await account(oldEvent(1), oldEvent(2), recentEvent(9));
      const device = new NarrowDevice();
      device.put(collection, 'value', { value: 0 });
      await pullChanges(device, server.remote(), testId, rule());
      expect(device.get('events', '1'), collection).toEqual(oldEvent(1));
      expect(device.load().shadow['events|1'], collection).toEqual({ rev: 1, hash: expect.any(String) });
      // The other old event owes nothing and has nothing here: it stays in the account.
      expect(device.get('events', '2'), collection).toBeUndefined();
      expect(device.load().returning ?? [], collection).toEqual([]);
    }
  });

  it('the highest event id stays here, counted over the events here, the deleted ids and the held ones', async () => {
    // Held 1 and 5, nothing higher anywhere: 5 is the highest and stays here (new ids never reuse it).
    const alone = await account(oldEvent(1), oldEvent(5));
    const first = new NarrowDevice();
    await pullChanges(first, alone.remote(), testId, rule());
    expect([...(first.data.get('events')?.keys() ?? [])]).toEqual(['5']);
    // An event here with a higher id (made here, not synced yet): both held events go.
    const withHere = await account(oldEvent(1), oldEvent(5));
    const second = new NarrowDevice();
    second.put('events', '9', recentEvent(9));
    await pullChanges(second, withHere.remote(), testId, rule());
    expect([...(second.data.get('events')?.keys() ?? [])]).toEqual(['9']);
    // A deleted id higher than both (this device deleted event 9): both go too.
    const withDeleted = await account(oldEvent(1), oldEvent(5));
    const third = new NarrowDevice();
    third.put('deletedEventIds', '9', { id: 9 });
    await pullChanges(third, withDeleted.remote(), testId, rule());
    expect(third.data.get('events')).toBeUndefined();
    expect(third.load().shadow['events|5']).toMatchObject({ away: true });
    // Decided on arrival: never written here, then let go.
    expect(third.writes.flat()).toEqual([]);
    expect(third.evicted.flat()).toEqual([]);
    expect(second.writes.flat()).toEqual([]);
  });

  it('an event opened while the join runs (kept by the rule only then) is written here at the end', async () => {
    // Event 5 comes first (held on the first page), then it is opened.
    const server = await account(oldEvent(5), oldEvent(1), recentEvent(9));
    const remote = server.remote();
    let opened = false;
    const keepOpened: ArchiveRule = { today: () => TODAY, keep: (id) => opened && id === 5 };
    const paged = {
      ...remote,
      pull: (since: number) => {
        if (since > 0) opened = true;
        return remote.pull(since, 1);
      },
    };
    const device = new FakeDevice();
    await pullChanges(device, paged, testId, keepOpened);
    // Held on its page (not written), written at the end.
    expect(device.writes.map((ws) => ws.map((w) => w.record_id))).toEqual([['9'], ['5']]);
    expect(device.get('events', '5')).toEqual(oldEvent(5));
    expect(device.load().shadow['events|5']).toEqual({ rev: 1, hash: expect.any(String) });
    expect(device.get('events', '1')).toBeUndefined();
    expect(device.load().returning ?? []).toEqual([]);
  });
});

describe('the outbox’s slices', () => {
  const of = (sizes: Record<string, number>) =>
    new Map(
      Object.entries(sizes).map(([c, n]) => [c, new Map(Array.from({ length: n }, (_, i) => [String(i), {}]))]),
    ) as Map<string, Map<string, object>>;

  it('a slice ends at the collection that brings it to its size exactly', () => {
    expect(slicesOf(of({ a: 2, b: 4, c: 1 }), 2)).toEqual([['a'], ['b'], ['c']]);
    expect(slicesOf(of({ a: 1, b: 1, c: 2, d: 2, e: 8 }), 2)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });
});
