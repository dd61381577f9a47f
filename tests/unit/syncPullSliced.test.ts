/**
 * Issues 23 and 24 ("long tasks while a big account joins"): a pulled page is applied in slices that give
 * the browser a turn between them; its records are stored before the sync state with its cursor; a reload
 * in the middle loses nothing; and a change made here while a page is decided is never written over.
 */
import { describe, expect, it } from 'vitest';
import { pullChanges, pushChanges, PULL_PAGE, type Pacing } from '../../src/sync/cycle';
import { hashRecord, type SyncState } from '../../src/sync/engine';
import { FakeDevice, FakeSyncServer, testId } from '../support/fakeSyncServer';

const RECORDS = 1200;
const item = (n: number) => ({ id: `I-${n}`, name: `Item ${n}`, rev: 1 });

/** An account of RECORDS items, uploaded by another device. */
async function account() {
  const server = new FakeSyncServer();
  const other = new FakeDevice();
  for (let n = 0; n < RECORDS; n++) other.put('inventoryItems', `I-${n}`, item(n));
  await pullChanges(other, server.remote(), testId);
  await pushChanges(other, server.remote(), testId);
  return server;
}

/** A clock that moves 1 ms at each look, slices of 10 ms, and a pause that runs `onPause` first. */
function pacing(onPause: (n: number) => void = () => {}): Pacing & { pauses: number } {
  let t = 0;
  const pace = {
    pauses: 0,
    now: () => t++,
    sliceMs: 10,
    pause: async () => {
      onPause(++pace.pauses);
      await Promise.resolve();
    },
  };
  return pace;
}

/** The device, its data's version bumped by `change`, and every state it saved. */
function joining() {
  const device = new FakeDevice();
  let version = 0;
  const saved: SyncState[] = [];
  const save = device.save.bind(device);
  const port: FakeDevice & { version(): number; device: FakeDevice; bump(): void; saved: SyncState[] } = Object.assign(
    device,
    {
      version: () => version,
      bump: () => void version++,
      device,
      saved,
    },
  );
  // As the browser's port: the same state object until the stored text changes.
  let known: { raw: string; state: SyncState } | null = null;
  port.load = () => {
    if (known?.raw !== device.stored) known = { raw: device.stored, state: JSON.parse(device.stored) as SyncState };
    return known.state;
  };
  port.save = (state: SyncState) => {
    saved.push(state);
    save(state);
  };
  return port;
}

describe('a pull applied in slices', () => {
  it('gives the browser a turn between slices of a page, and writes each page at once', async () => {
    const server = await account();
    const device = joining();
    const writesAtPause: number[] = [];
    const pace = pacing(() => writesAtPause.push(device.writes.length));
    await pullChanges(device, server.remote(), testId, undefined, pace);
    expect(device.get('inventoryItems', 'I-1199')).toEqual(item(1199));
    expect(device.data.get('inventoryItems')?.size).toBe(RECORDS);
    // Slices of ~10 changes: far more turns than pages, and one write per page (not per slice or record).
    const pages = Math.ceil(RECORDS / PULL_PAGE);
    expect(pace.pauses).toBeGreaterThan(RECORDS / 20);
    expect(device.writes).toHaveLength(pages);
    expect(device.writes.map((w) => w.length)).toEqual([500, 500, 200]);
    // Most turns come while a page is being decided, before its write.
    expect(new Set(writesAtPause).size).toBe(pages + 1);
  });

  it('saves the cursor only once the records up to it are stored', async () => {
    const server = await account();
    const device = joining();
    await pullChanges(device, server.remote(), testId, undefined, pacing());
    const cursors = device.saved.map((s) => s.cursor).filter((c, n, all) => c !== all[n - 1]);
    expect(cursors.length).toBeGreaterThan(1);
    // Each save: every record the state agrees on is stored here as agreed.
    for (const state of device.saved)
      for (const [key, agreed] of Object.entries(state.shadow)) {
        const id = key.slice(key.indexOf('|') + 1);
        expect(hashRecord(device.snapshot().get('inventoryItems')?.get(id) ?? null)).toBe(agreed.hash);
      }
  });

  it('resumes after a reload in the middle of the join: nothing lost, nothing sent back', async () => {
    const server = await account();
    const device = joining();
    // The page reloads during the second page's slices (the pull never finishes).
    const reload = new Error('reloaded');
    const pace = pacing((n) => {
      if (n === 70) throw reload;
    });
    await expect(pullChanges(device, server.remote(), testId, undefined, pace)).rejects.toBe(reload);
    const stored = device.load();
    expect(stored.cursor).toBeGreaterThan(0);
    expect(stored.cursor).toBeLessThan(RECORDS);
    const again = device.reload();
    await pullChanges(again, server.remote(), testId, undefined, pacing());
    const done = again.load();
    expect(again.data.get('inventoryItems')?.size).toBe(RECORDS);
    expect(Object.keys(done.shadow)).toHaveLength(RECORDS);
    expect(Object.keys(done.outbox)).toHaveLength(0);
    expect(Object.keys(done.conflicts)).toHaveLength(0);
  });

  it('does not write over a record changed here while its page was being decided', async () => {
    const server = await account();
    const device = joining();
    const mine = { id: 'I-3', name: 'Changed here meanwhile', rev: 1 };
    const pace = pacing((n) => {
      // Another tab (or this tab's Inventory page) saves item I-3 during the first page's slices.
      if (n === 5) {
        device.put('inventoryItems', 'I-3', mine);
        device.bump();
      }
    });
    await pullChanges(device, server.remote(), testId, undefined, pace);
    // Kept, and a conflict for the user (both sides have it, differently): nothing was overwritten silently.
    expect(device.get('inventoryItems', 'I-3')).toEqual(mine);
    const state = device.load();
    expect(state.conflicts['inventoryItems|I-3']?.mine).toEqual(mine);
    expect(device.data.get('inventoryItems')?.size).toBe(RECORDS);
  });
});

describe('letting old events go while joining', () => {
  it('after a page that wrote events, even when that page was decided again (its records already here)', async () => {
    const server = new FakeSyncServer();
    const other = new FakeDevice();
    const events = PULL_PAGE + 100; // two pages, the first with more to come
    for (let id = 1; id <= events; id++)
      other.put('events', String(id), { id, EventName: `Event ${id}`, EventDate: '2020-01-01', rev: 1 });
    await pullChanges(other, server.remote(), testId);
    await pushChanges(other, server.remote(), testId);
    const device = joining();
    let archived = 0;
    const rule = { today: () => (archived++, '2026-11-26'), keep: () => false };
    let written = 0;
    let moved = false;
    const pace = pacing(() => {
      // Just after the first page's records are written, this tab saves the sync state (noting a change):
      // the page is decided again, and this time writes nothing.
      if (!moved && device.writes.length > written) {
        moved = true;
        const { cursor, ...rest } = device.load();
        device.save({ ...rest, cursor } as SyncState); // the same state in other text: another save
      }
      written = device.writes.length;
    });
    const remote = server.remote();
    let archivedBeforeSecondPage = -1;
    let pulls = 0;
    const counting = {
      ...remote,
      pull: (...args: Parameters<typeof remote.pull>) => {
        if (++pulls === 2) archivedBeforeSecondPage = archived;
        return remote.pull(...args);
      },
    };
    await pullChanges(device, counting, testId, rule, pace);
    expect(moved).toBe(true);
    // The first page brought events: they were let go (or kept) before the second page was asked for.
    expect(archivedBeforeSecondPage).toBeGreaterThan(0);
  });
});

describe('a join stopped half way (signed out, another account signed in, sync turned off)', () => {
  it('writes and saves nothing more once its signal is aborted, and asks the account for no more pages', async () => {
    const server = await account();
    const device = joining();
    const stop = new AbortController();
    let pulls = 0;
    const remote = server.remote();
    const counted = { ...remote, pull: (since: number, rows: number) => (pulls++, remote.pull(since, rows)) };
    let after: { writes: number; saved: number } | null = null;
    const pace = pacing((n) => {
      // Stopped during the second page's slices.
      if (n === 70) {
        stop.abort();
        after = { writes: device.writes.length, saved: device.saved.length };
      }
    });
    await expect(pullChanges(device, counted, testId, undefined, pace, stop.signal)).rejects.toThrow();
    expect(after).not.toBeNull();
    expect(device.writes.length).toBe(after!.writes);
    expect(device.saved.length).toBe(after!.saved);
    expect(pulls).toBe(2);
    expect(device.data.get('inventoryItems')?.size).toBe(PULL_PAGE);
  });

  it('does not start when already stopped', async () => {
    const server = await account();
    const device = joining();
    const stop = new AbortController();
    stop.abort();
    await expect(pullChanges(device, server.remote(), testId, undefined, pacing(), stop.signal)).rejects.toThrow();
    expect(device.writes).toHaveLength(0);
    expect(device.saved).toHaveLength(0);
  });
});
