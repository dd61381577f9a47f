// @vitest-environment jsdom
/**
 * Issue 23: a big list (events, inventory items) is written just after the frame that shows the change
 * (src/app/shell/afterPaint.ts). Nothing may be lost or read stale meanwhile: any read or write of the
 * key in this tab makes the write first, leaving or hiding the page makes it, a full storage still
 * reaches the user (and the pending store), and another tab's change to the same record is still a
 * conflict.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/views/shell/toaster', () => ({ notify: vi.fn() }));

import { notify } from '../../src/views/shell/toaster';
import { createPendingStore, memoryBackend, type PendingStore } from '../../src/storage/pendingStore';
import { suppliersStore } from '../../src/storage/keys';
import { readAppData } from '../../src/storage/batch';
import { createPersister, retryMs, setPendingStoreForTests } from '../../src/app/shell/persister';
import { createAfterPaintWriter, latestWriteMs } from '../../src/app/shell/afterPaint';
import type { Supplier } from '../../src/storage/schemas';

const supplier = (id: string, name: string): Supplier => ({
  supplierID: id,
  supplierName: name,
  email: `${id.toLowerCase()}@example.com`,
  phone: '555-0100',
  contractStatus: 'active',
  startDate: '2026-01-01',
  endDate: '2027-01-01',
});
/** What storage holds, read behind the app's back (no pending write is made by this). */
const storedNames = () =>
  ((JSON.parse(localStorage.getItem('suppliers') ?? 'null') as Supplier[] | null) ?? []).map((s) => s.supplierName);

const realSetItem = Storage.prototype.setItem;
let pending: PendingStore;
const stops: Array<() => void> = [];

function writerFor(initial: Supplier[], onConflicts?: Parameters<typeof createPersister<Supplier>>[2]['onConflicts']) {
  const persister = createPersister(suppliersStore, initial, { label: 'Suppliers', onConflicts });
  const writer = createAfterPaintWriter<Supplier[]>(suppliersStore.key, (list) => persister.save(list));
  stops.push(() => {
    writer.stop();
    persister.stop();
  });
  return writer;
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  localStorage.setItem('dataOwner', 'user-A');
  pending = createPendingStore(memoryBackend());
  setPendingStoreForTests(pending);
  vi.mocked(notify).mockClear();
});
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  Storage.prototype.setItem = realSetItem;
  setPendingStoreForTests(null);
  vi.useRealTimers();
});

describe('a write made just after the next paint', () => {
  it('is not made on the input path; several changes in one frame are one write of the latest', () => {
    const writer = writerFor([]);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    writer.schedule([supplier('S1', 'Fog Bank Fisheries')]);
    writer.schedule([supplier('S1', 'Fog Bank Fisheries'), supplier('S2', 'Harbour Greens')]);
    expect(storedNames()).toEqual([]);
    expect(writer.pending()).toBe(true);
    vi.advanceTimersByTime(latestWriteMs);
    expect(setItem.mock.calls.filter(([key]) => key === 'suppliers')).toHaveLength(1);
    expect(storedNames()).toEqual(['Fog Bank Fisheries', 'Harbour Greens']);
    expect(writer.pending()).toBe(false);
    setItem.mockRestore();
  });

  it('is made first when this tab reads the key (another tab’s change taken in), or backs up', () => {
    const writer = writerFor([]);
    writer.schedule([supplier('S1', 'Fog Bank Fisheries')]);
    expect(storedNames()).toEqual([]);
    expect(suppliersStore.read().map((s) => s.supplierName)).toEqual(['Fog Bank Fisheries']);
    expect(storedNames()).toEqual(['Fog Bank Fisheries']);

    writer.schedule([supplier('S1', 'Fog Bank Fisheries'), supplier('S2', 'Harbour Greens')]);
    const backup = readAppData();
    expect((JSON.parse(backup.suppliers!) as Supplier[]).map((s) => s.supplierName)).toEqual([
      'Fog Bank Fisheries',
      'Harbour Greens',
    ]);
  });

  it('is made at once when the page is hidden or left, or the view is left', () => {
    const writer = writerFor([]);
    writer.schedule([supplier('S1', 'Fog Bank Fisheries')]);
    window.dispatchEvent(new Event('pagehide'));
    expect(storedNames()).toEqual(['Fog Bank Fisheries']);

    writer.schedule([supplier('S1', 'Fog Bank Fisheries'), supplier('S2', 'Harbour Greens')]);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    expect(storedNames()).toEqual(['Fog Bank Fisheries', 'Harbour Greens']);

    writer.schedule([supplier('S2', 'Harbour Greens')]);
    stops.splice(0).forEach((stop) => stop());
    expect(storedNames()).toEqual(['Harbour Greens']);
  });

  it('a full storage still reaches the user, and the change is kept for a reload', async () => {
    const writer = writerFor([]);
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (key === 'suppliers') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return realSetItem.call(this, key, value);
    };
    writer.schedule([supplier('S1', 'Fog Bank Fisheries')]);
    vi.advanceTimersByTime(latestWriteMs);
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'error',
        title: 'Suppliers not saved',
        description: expect.stringMatching(/full/),
      }),
    );
    vi.useRealTimers();
    await vi.waitFor(async () => expect(await pending.list('user-A')).toHaveLength(1));
    expect((await pending.list('user-A'))[0]!.next).toEqual([supplier('S1', 'Fog Bank Fisheries')]);
  });

  it('another tab’s change to the same record, made before the write, is still a conflict', () => {
    const mine = supplier('S1', 'Fog Bank Fisheries');
    localStorage.setItem('suppliers', JSON.stringify([{ ...mine, rev: 1 }]));
    const base = suppliersStore.read();
    const conflicts = vi.fn();
    const writer = writerFor(base, conflicts);
    writer.schedule([{ ...base[0]!, supplierName: 'Fog Bank Fish Co.' }]);
    // The other tab writes first (behind this tab's back, as a storage event would report it).
    realSetItem.call(localStorage, 'suppliers', JSON.stringify([{ ...mine, supplierName: 'Fogbank', rev: 2 }]));
    vi.advanceTimersByTime(latestWriteMs);
    expect(conflicts).toHaveBeenCalledTimes(1);
    expect(conflicts.mock.calls[0]![0]).toEqual([
      expect.objectContaining({ id: 'S1', mine: expect.objectContaining({ supplierName: 'Fog Bank Fish Co.' }) }),
    ]);
    expect(storedNames()).toEqual(['Fogbank']);
  });
});

describe('a retry while a newer change waits for the paint', () => {
  it('saves the newer change once, and the next change is not taken for a conflict', () => {
    const conflicts = vi.fn();
    const writer = writerFor([], conflicts);
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (key === 'suppliers') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return realSetItem.call(this, key, value);
    };
    vi.stubGlobal('requestAnimationFrame', undefined); // no frames: the writer waits latestWriteMs
    const first = supplier('S1', 'Fog Bank Fisheries');
    writer.schedule([first]);
    writer.flush(); // fails: retried every retryMs from now
    vi.advanceTimersByTime(retryMs - 2);
    Storage.prototype.setItem = realSetItem; // room again
    const second = supplier('S2', 'Harbour Greens');
    writer.schedule([first, second]); // waits for the paint; the retry comes first
    vi.advanceTimersByTime(3);
    expect(storedNames()).toEqual(['Fog Bank Fisheries', 'Harbour Greens']);
    expect(writer.pending()).toBe(false);
    writer.schedule([first, { ...second, supplierName: 'Harbour Greens Co-op' }]);
    vi.advanceTimersByTime(latestWriteMs);
    expect(conflicts).not.toHaveBeenCalled();
    expect(storedNames()).toEqual(['Fog Bank Fisheries', 'Harbour Greens Co-op']);
    vi.unstubAllGlobals();
  });
});
