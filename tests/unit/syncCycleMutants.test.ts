/**
 * The sync cycle (src/sync/cycle.ts) where the sixth mutation pass's run with every sync test file left
 * mutants alive (docs/testing.md, "Sixth pass (src/sync)"): what the cycle does when storage refuses the
 * answers part way through a push, and which answers from the account open an event kept only there.
 */
import { describe, expect, it } from 'vitest';
import {
  PUSH_BATCH,
  SAVE_EVERY_MS,
  archiveOld,
  fetchEvent,
  pullChanges,
  pushChanges,
  type ArchivePort,
  type ArchiveRule,
} from '../../src/sync/cycle';
import type { PulledChange } from '../../src/sync/engine';
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
    await expect(pushChanges(device, server.remote(), testId, undefined, now)).rejects.toThrow(
      'Browser storage is full.',
    );
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

  it('is true with the event itself, which is here again and no longer away', async () => {
    const device = await awayDevice();
    const { rev } = device.load().shadow['events|5']!;
    expect(await fetchEvent(device, answering([change('events', '5', { rev, record: old })]), 5)).toBe(true);
    expect(device.get('events', '5')).toEqual(old);
    expect(awayEventIds(device.load())).toEqual([]);
  });
});
