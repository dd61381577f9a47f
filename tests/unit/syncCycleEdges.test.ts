/**
 * The sync cycle's edges (src/sync/cycle.ts, src/sync/engine.ts) that the sixth mutation pass found untested
 * (docs/testing.md, "Sixth pass (src/sync: engine.ts, cycle.ts)"): an account that never stops paging,
 * archiving when storage fails, and a quote number counter changed elsewhere answered as a push conflict.
 */
import { describe, expect, it } from 'vitest';
import {
  archiveOld,
  noteLocalChanges,
  pullChanges,
  pushChanges,
  type ArchiveRule,
  type RemotePort,
} from '../../src/sync/cycle';
import {
  applyPushed,
  emptySyncState,
  hashRecord,
  keyOf,
  type OutboxEntry,
  type SyncState,
} from '../../src/sync/engine';
import { FakeDevice, FakeSyncServer, testId } from '../support/fakeSyncServer';

const rule: ArchiveRule = { today: () => '2026-11-26', keep: () => false };

describe('an account that never stops paging', () => {
  it('stops after 10,000 pages with a failure, never loops for ever', async () => {
    const device = new FakeDevice();
    let calls = 0;
    const remote: RemotePort = {
      push: async () => [],
      pull: async (since) => {
        calls++;
        return { changes: [], cursor: since, more: true, head: since };
      },
    };
    await expect(pullChanges(device, remote, testId)).rejects.toThrow('The account sent more pages than expected.');
    expect(calls).toBe(10_000);
  });
});

describe('letting old events go when storage fails', () => {
  it('archiveOld lets nothing go (0) when the sync state cannot be read', () => {
    const device = new FakeDevice();
    device.load = () => {
      throw new Error('Browser storage is unreadable.');
    };
    expect(archiveOld(device, testId, rule)).toBe(0);
  });

  it('a pull still ends, with its page applied, when reading the data to let events go fails', async () => {
    const server = new FakeSyncServer();
    const other = new FakeDevice();
    other.put('suppliers', 'S-1', { supplierID: 'S-1', supplierName: 'Theirs' });
    await pushChanges(other, server.remote(), testId);
    const device = new FakeDevice();
    const failing: ArchiveRule = {
      today: () => {
        throw new Error('no clock');
      },
      keep: () => false,
    };
    const outcome = await pullChanges(device, server.remote(), testId, failing);
    expect(outcome).toMatchObject({ pending: 0, conflicts: [] });
    expect(device.get('suppliers', 'S-1')).toEqual({ supplierID: 'S-1', supplierName: 'Theirs' });
    expect(device.load().cursor).toBe(1);
    expect(device.evicted).toEqual([]);
  });

  it('a push still ends, agreed, when reading the data to let events go fails', async () => {
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    device.put('suppliers', 'S-1', { supplierID: 'S-1', supplierName: 'Mine' });
    const failing: ArchiveRule = {
      today: () => {
        throw new Error('no clock');
      },
      keep: () => false,
    };
    const outcome = await pushChanges(device, server.remote(), testId, failing);
    expect(outcome).toMatchObject({ pending: 0, conflicts: [], rejected: 0 });
    expect(device.load().outbox).toEqual({});
    expect(device.evicted).toEqual([]);
  });
});

describe('a quote number counter answered as a push conflict', () => {
  const KEY = keyOf('documentNumbers', 'quote-2026');
  const mine = { id: 'quote-2026', kind: 'quote', year: 2026, last: 7 };
  const theirs = { id: 'quote-2026', kind: 'quote', year: 2026, last: 9 };
  const entry: OutboxEntry = {
    collection: 'documentNumbers',
    record_id: 'quote-2026',
    base_rev: 1,
    record: mine,
    deleted: false,
    client_change_id: 'c-1',
    hash: hashRecord(mine),
    localRev: 0,
    previous: [],
  };
  it('is never a dialog: the change leaves the outbox and the next pull merges the counts', () => {
    const state: SyncState = {
      ...emptySyncState(),
      shadow: { [KEY]: { rev: 1, hash: hashRecord({ ...mine, last: 6 }) } },
      outbox: { [KEY]: entry },
    };
    const data = new Map([['documentNumbers', new Map([['quote-2026', mine as object]])]]);
    const after = applyPushed(
      state,
      data,
      [entry],
      [
        {
          status: 'conflict',
          client_change_id: 'c-1',
          collection: 'documentNumbers',
          record_id: 'quote-2026',
          server: { rev: 2, record: theirs, deleted: false },
        },
      ],
      testId,
    );
    expect(after.conflicts).toEqual({});
    expect(after.outbox).toEqual({});
    // Nothing agreed yet: the pull brings revision 2 and merges it.
    expect(after.shadow[KEY]).toEqual(state.shadow[KEY]);
  });
});

describe('noting changes', () => {
  it('writes down that an event kept only in the account is here again, so deleting it later sends a delete', () => {
    const event = { id: 5, EventName: 'Wedding', EventDate: '2024-01-10' };
    const KEY = keyOf('events', '5');
    const device = new FakeDevice();
    device.save({
      ...emptySyncState(),
      cursor: 3,
      shadow: { [KEY]: { rev: 2, hash: hashRecord(event), away: true, date: '2024-01-10' } },
    });
    device.put('events', '5', event); // restored here as the account has it
    expect(noteLocalChanges(device, testId)).toMatchObject({ pending: 0 });
    expect(device.load().shadow[KEY]).toEqual({ rev: 2, hash: hashRecord(event) });
    device.remove('events', '5');
    expect(noteLocalChanges(device, testId)).toMatchObject({ pending: 1 });
    expect(device.load().outbox[KEY]).toMatchObject({ deleted: true, base_rev: 2 });
  });
});
