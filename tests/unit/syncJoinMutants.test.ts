/**
 * What the eighth mutation pass of src/sync (docs/testing.md, "Eighth pass") found unchecked in
 * src/sync/cycle.ts since the join that keeps old events in the account on arrival and the push that notes
 * the outbox in slices: storage full told apart from other failures, the events held in the account
 * (`holdChange`, `settleHeld`), and the slices of the outbox (`slicesOf`, `noteSlice`).
 */
import { describe, expect, it } from 'vitest';
import { isStorageFull, pullChanges, SyncStorageFull, type ArchiveRule } from '../../src/sync/cycle';
import type { LocalWrite } from '../../src/sync/engine';
import { FakeDevice, FakeSyncServer, testId } from '../support/fakeSyncServer';

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
