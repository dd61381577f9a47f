/**
 * What the tenth mutation pass of src/sync (docs/testing.md, "Tenth pass") found unchecked in
 * src/sync/cycle.ts's pull (`decidePage`, `pullChanges`) and push (`pushChanges`, `archiveFrom`, `bringBack`).
 */
import { describe, expect, it } from 'vitest';
import {
  batchesOf,
  noteLocalChanges,
  pullChanges,
  pushChanges,
  NOTE_FIRST_SLICE,
  PAGE_TRIES,
  type ArchiveRule,
  type Pacing,
  type PullPage,
  type RemotePort,
} from '../../src/sync/cycle';
import { changeSizeOf, emptySyncState, recordChanges, type PulledChange, type SyncState } from '../../src/sync/engine';
import { FakeDevice, FakeSyncServer, NarrowDevice, testId } from '../support/fakeSyncServer';

const item = (n: number, name = `Item ${n}`) => ({ id: `I-${n}`, name, rev: 1 });

/** An account of `count` items, uploaded by another device. */
async function account(count: number) {
  const server = new FakeSyncServer();
  const other = new FakeDevice();
  for (let n = 0; n < count; n++) other.put('inventoryItems', `I-${n}`, item(n));
  await pushChanges(other, server.remote(), testId);
  return { server, other };
}

/** A device whose stored state reads as the same object until saved again (as the browser's port), with a version. */
function stable<D extends FakeDevice>(device: D) {
  let version = 0;
  let known: { raw: string; state: SyncState } | null = null;
  const saved: SyncState[] = [];
  const save = device.save.bind(device);
  return Object.assign(device, {
    version: () => version,
    bump: () => void version++,
    saved,
    load: () => {
      if (known?.raw !== device.stored) known = { raw: device.stored, state: JSON.parse(device.stored) as SyncState };
      return known.state;
    },
    save: (state: SyncState) => {
      saved.push(state);
      save(state);
    },
  });
}

/** A clock that moves 1 ms at each look, slices of `sliceMs`, and a pause that runs `onPause` first. */
function pacing(sliceMs: number, onPause: (n: number) => void = () => {}): Pacing & { pauses: number } {
  let t = 0;
  const pace = {
    pauses: 0,
    now: () => t++,
    sliceMs,
    pause: async () => {
      onPause(++pace.pauses);
      await Promise.resolve();
    },
  };
  return pace;
}

describe('pulling: what is read, asked and saved', () => {
  it('asks the account nothing when already stopped', async () => {
    const { server } = await account(2);
    const device = new FakeDevice();
    const remote = server.remote();
    let pulls = 0;
    const counted: RemotePort = { ...remote, pull: (since, rows) => (pulls++, remote.pull(since, rows)) };
    const stop = new AbortController();
    stop.abort();
    await expect(pullChanges(device, counted, testId, undefined, undefined, stop.signal)).rejects.toThrow();
    expect(pulls).toBe(0);
  });

  it('reads the records of the page’s collections, so one changed here is a conflict, not written over', async () => {
    const { server, other } = await account(2);
    const device = new NarrowDevice();
    await pullChanges(device, server.remote(), testId);
    // Changed here (not noted yet) and, differently, on the other device.
    device.put('inventoryItems', 'I-1', item(1, 'Changed here'));
    other.put('inventoryItems', 'I-1', item(1, 'Changed there'));
    await pushChanges(other, server.remote(), testId);
    await pullChanges(device, server.remote(), testId);
    expect(device.get('inventoryItems', 'I-1')).toEqual(item(1, 'Changed here'));
    const conflict = device.load().conflicts['inventoryItems|I-1'];
    expect(conflict?.mine).toEqual(item(1, 'Changed here'));
    expect(conflict?.theirs).toEqual(item(1, 'Changed there'));
  });

  it('writes nothing here for a page whose records are here already as the account has them', async () => {
    const { server } = await account(3);
    const device = new FakeDevice();
    for (let n = 0; n < 3; n++) device.put('inventoryItems', `I-${n}`, item(n));
    await pullChanges(device, server.remote(), testId);
    expect(device.writes).toEqual([]);
    expect(Object.keys(device.load().shadow)).toHaveLength(3);
  });

  it('never saves a cursor behind the one another tab saved while the page was asked for', async () => {
    const { server, other } = await account(3);
    const device = stable(new FakeDevice());
    const remote = server.remote();
    let pulls = 0;
    const racing: RemotePort = {
      ...remote,
      pull: async (since, rows) => {
        const page = await remote.pull(since, rows);
        if (++pulls === 1) {
          // Another tab pulls the same page, and one more change, while this answer is on its way.
          other.put('inventoryItems', 'I-9', item(9));
          await pushChanges(other, server.remote(), testId);
          const tab = device.reload();
          await pullChanges(tab, server.remote(), testId);
          device.data = tab.snapshot();
          device.save(tab.load());
        }
        return page;
      },
    };
    await pullChanges(device, racing, testId);
    const cursors = device.saved.map((s) => s.cursor);
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
    expect(device.load().cursor).toBe(4);
    expect(device.get('inventoryItems', 'I-9')).toEqual(item(9));
  });

  it(`decides a page at most ${PAGE_TRIES} times when this browser's data keeps changing, the last in one go`, async () => {
    const { server } = await account(30);
    const device = stable(new FakeDevice());
    let reads = 0;
    const snapshot = device.snapshot.bind(device);
    device.snapshot = (collections?: ReadonlySet<string>) => {
      if (collections) reads++;
      return snapshot();
    };
    // Another tab writes during every slice's pause.
    const pace = pacing(5, () => device.bump());
    await pullChanges(device, server.remote(), testId, undefined, pace);
    expect(reads).toBe(PAGE_TRIES);
    expect(device.data.get('inventoryItems')?.size).toBe(30);
    expect(Object.keys(device.load().shadow)).toHaveLength(30);
  });
});

describe('pulling in slices: when the browser gets a turn', () => {
  it('a turn before each try, one every slice of the page (not after its last change), and one before the state', async () => {
    const { server } = await account(30);
    const device = stable(new FakeDevice());
    // The clock moves 1 ms a look: a slice is 5 changes, so 5 turns inside the page.
    const pace = pacing(5);
    await pullChanges(device, server.remote(), testId, undefined, pace);
    expect(pace.pauses).toBe(1 + 5 + 1);
  });

  it('a change here stops the try at the next turn, and the page is decided again from its start', async () => {
    const { server } = await account(30);
    const device = stable(new FakeDevice());
    // Turn 1 starts the first try, turn 2 is its first slice's end: another tab writes there.
    const pace = pacing(5, (n) => n === 2 && device.bump());
    await pullChanges(device, server.remote(), testId, undefined, pace);
    // The first try stops at turn 2; the second has all its turns; then the one before the state.
    expect(pace.pauses).toBe(2 + 1 + 5 + 1);
    expect(device.data.get('inventoryItems')?.size).toBe(30);
  });
});

describe('pulling in slices: another writer of the state', () => {
  it('a change noted here between the page’s records and its state is kept: the page is agreed on that state', async () => {
    const { server } = await account(30);
    const device = stable(new FakeDevice());
    let noted = false;
    const pace = pacing(5, () => {
      // The page's records are stored; before its state is, this tab notes a new item.
      if (!noted && device.writes.length) {
        noted = true;
        device.put('inventoryItems', 'I-NEW', item(99, 'New here'));
        noteLocalChanges(device, testId);
      }
    });
    await pullChanges(device, server.remote(), testId, undefined, pace);
    expect(noted).toBe(true);
    const state = device.load();
    expect(Object.keys(state.outbox)).toEqual(['inventoryItems|I-NEW']);
    expect(Object.keys(state.shadow)).toHaveLength(30);
    expect(state.cursor).toBe(30);
  });
});

describe('letting old events go while joining, with a rule that could not tell today at first', () => {
  const TODAY = '2026-11-26';
  const event = (id: number, date: string) => ({ id, EventName: `Event ${id}`, EventDate: date, status: 'completed' });
  const change = (collection: string, record_id: string, record: object): PulledChange => ({
    collection,
    record_id,
    rev: 1,
    record,
    deleted: false,
  });
  // Three pages: old events (and an item), then items only, then the last.
  const pages: PullPage[] = [
    {
      changes: [
        change('events', '5', event(5, '2023-04-01')),
        change('inventoryItems', 'I-1', item(1)),
        change('events', '12', event(12, '2022-02-02')),
      ],
      cursor: 3,
      more: true,
      head: 5,
    },
    { changes: [change('inventoryItems', 'I-2', item(2))], cursor: 4, more: true, head: 5 },
    { changes: [change('inventoryItems', 'I-3', item(3))], cursor: 5, more: false, head: 5 },
  ];

  it('lets old events here go at the end of a pull alone (no push after it)', async () => {
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    device.put('events', '5', event(5, '2023-04-01'));
    device.put('events', '12', event(12, '2022-02-02'));
    // Agreed with the account without a rule (so kept here until now); the highest id stays.
    await pushChanges(device, server.remote(), testId);
    await pullChanges(device, server.remote(), testId, { today: () => TODAY, keep: () => false });
    expect(device.evicted).toEqual([[5]]);
    expect(device.get('events', '5')).toBeUndefined();
    expect(device.load().shadow['events|5']?.away).toBe(true);
  });

  it('lets them go after each page that wrote events, not after a page of other records', async () => {
    const device = new FakeDevice();
    let days = 0;
    const rule: ArchiveRule = {
      today: () => {
        if (++days === 1) throw new Error('no clock yet');
        return TODAY;
      },
      keep: () => false,
    };
    const asked: { evicted: number[][]; days: number }[] = [];
    const remote: RemotePort = {
      push: async () => [],
      pull: async (since) => {
        asked.push({ evicted: device.evicted.map((ids) => [...ids]), days });
        return pages.find((page) => page.cursor > since)!;
      },
    };
    await pullChanges(device, remote, testId, rule);
    // Before the second page: the first page's old event (not the highest id) went. Before the third:
    // nothing more was looked at, the second page bringing no event.
    expect(asked.map((a) => a.evicted)).toEqual([[], [[5]], [[5]]]);
    expect(asked[2]!.days).toBe(asked[1]!.days);
    expect(device.get('events', '5')).toBeUndefined();
    expect(device.get('events', '12')).toEqual(event(12, '2022-02-02'));
    expect(device.get('inventoryItems', 'I-3')).toEqual(item(3));
  });
});

describe('sizing the batches of a push', () => {
  it('a batch takes a change that fills it to exactly its characters', () => {
    const device = new FakeDevice();
    for (let n = 0; n < 4; n++) device.put('inventoryItems', `I-${n}`, item(n));
    const queue = Object.values(recordChanges(emptySyncState(), device.snapshot(), testId).outbox);
    const two = changeSizeOf(queue[0]!) + changeSizeOf(queue[1]!);
    expect(batchesOf(queue, 10, two).map((b) => b.length)).toEqual([2, 2]);
    expect(batchesOf(queue, 10, two - 1).map((b) => b.length)).toEqual([1, 1, 1, 1]);
  });
});

describe('pushing while the outbox is noted in slices', () => {
  it('notes the next slice while a request waits for its answer, once no more batches wait to go', async () => {
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    for (let n = 0; n < NOTE_FIRST_SLICE; n++) device.put('inventoryItems', `I-${n}`, item(n));
    device.put('suppliers', 'S-1', { supplierID: 'S-1', supplierName: 'Harbour' });
    // Reads of the data: the plan, the first slice, then the rest (the second and last slice).
    let reads = 0;
    const snapshot = device.snapshot.bind(device);
    device.snapshot = () => (reads++, snapshot());
    const remote = server.remote();
    let answeredBeforeNoted = false;
    const readsAtCall: number[] = [];
    const waiting: RemotePort = {
      ...remote,
      push: async (changes) => {
        readsAtCall.push(reads);
        // The account answers the first slice's last request (the 4th of 500) only once this device has
        // noted the rest (or after 500 ms); the others after 20 ms (longer than a turn of the event loop).
        if (readsAtCall.length === 4) {
          for (let t = 0; reads < 3 && t < 50; t++) await new Promise((resolve) => setTimeout(resolve, 10));
          if (reads < 3) answeredBeforeNoted = true;
        } else await new Promise((resolve) => setTimeout(resolve, 20));
        return remote.push(changes);
      },
    };
    await pushChanges(device, waiting, testId);
    // The first slice's four requests left before the rest was noted (three batches waiting were enough
    // work for the account), and the rest was noted while the fourth waited for its answer.
    expect(readsAtCall).toEqual([2, 2, 2, 2, 3]);
    expect(answeredBeforeNoted).toBe(false);
    expect(server.rows.size).toBe(NOTE_FIRST_SLICE + 1);
  });
});
