// @vitest-environment jsdom
/**
 * Issue 25, item 12: a change waiting for room (storage full) is kept where a reload finds it (the
 * pending store; IndexedDB in the browser, tests/browser/waiting-change.spec.ts, an in-memory backend
 * here) and offered back to its own account only; a retry once there is room saves it without losing
 * what was done meanwhile (old records deleted to free room), and a value changed since is never
 * overwritten.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';

vi.mock('../../src/views/shell/toaster', () => ({ notify: vi.fn() }));
vi.mock('../../src/views/shell/download', () => ({ downloadBlob: vi.fn() }));

import { notify } from '../../src/views/shell/toaster';
import { downloadBlob } from '../../src/views/shell/download';
import {
  applyPending,
  createPendingStore,
  memoryBackend,
  type PendingChange,
  type PendingStore,
} from '../../src/storage/pendingStore';
import { discountPercentageStore, suppliersStore } from '../../src/storage/keys';
import { createPersister, createValueWriter, setPendingStoreForTests } from '../../src/app/shell/persister';
import { pendingChangesLogic, pendingFileName, pendingFileText } from '../../src/app/shell/usePendingChanges';

const supplier = (id: string, name: string) => ({
  supplierID: id,
  supplierName: name,
  email: `${id.toLowerCase()}@example.com`,
  phone: '555-0100',
  contractStatus: 'active' as const,
  startDate: '2026-01-01',
  endDate: '2027-01-01',
});
const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
const names = () => ((stored('suppliers') as Array<{ supplierName: string }> | null) ?? []).map((s) => s.supplierName);

const realSetItem = Storage.prototype.setItem;
/** Storage is full for these keys: setItem throws the browser's quota error. */
function fillStorageFor(...keys: string[]) {
  Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
    if (keys.includes(key)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return realSetItem.call(this, key, value);
  };
}
const freeRoom = () => {
  Storage.prototype.setItem = realSetItem;
};

let store: PendingStore;
let backend: ReturnType<typeof memoryBackend>;
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('dataOwner', 'user-A');
  backend = memoryBackend();
  store = createPendingStore(backend);
  setPendingStoreForTests(store);
  vi.mocked(notify).mockClear();
});
afterEach(() => {
  freeRoom();
  setPendingStoreForTests(null);
});

const change = (over: Partial<PendingChange>): PendingChange => ({
  id: 'c1',
  owner: 'user-A',
  key: 'suppliers',
  label: 'Suppliers',
  kind: 'collection',
  next: [],
  base: [],
  keptAt: 1_800_000_000_000,
  ...over,
});

describe('the pending store', () => {
  it('keeps changes per account, oldest first, and forgets them in the order asked', async () => {
    void store.keep(change({ id: 'b', keptAt: 2 }));
    void store.keep(change({ id: 'a', keptAt: 1 }));
    void store.keep(change({ id: 'other', owner: 'user-B' }));
    expect((await store.list('user-A')).map((c) => c.id)).toEqual(['a', 'b']);
    expect((await store.list('user-B')).map((c) => c.id)).toEqual(['other']);
    // A keep then a forget right away: the forget wins (writes are queued in order).
    void store.keep(change({ id: 'c', keptAt: 3 }));
    void store.forget('c');
    expect((await store.list('user-A')).map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('ignores entries that are not changes', async () => {
    backend.entries.set('junk', { id: 'junk', owner: 'user-A' } as PendingChange);
    void store.keep(change({ id: 'ok' }));
    expect((await store.list('user-A')).map((c) => c.id)).toEqual(['ok']);
  });

  it('tells its subscribers of every keep, forget and live change', async () => {
    const heard = vi.fn();
    store.subscribe(heard);
    await store.keep(change({}));
    store.setLive('c1', true);
    store.setLive('c1', true);
    await store.forget('c1');
    expect(heard).toHaveBeenCalledTimes(3);
  });
});

describe('a retry (applyPending)', () => {
  it('applies a kept collection change onto what is stored now: records deleted to free room stay deleted', async () => {
    const old = supplier('S1', 'Old Mill');
    const keep = supplier('S2', 'Harbour Fish');
    localStorage.setItem('suppliers', JSON.stringify([old, keep]));
    const base = suppliersStore.read();
    const added = supplier('S3', 'Fog Bank Fisheries');
    // Meanwhile the caterer deleted the old supplier to free room.
    localStorage.setItem('suppliers', JSON.stringify([keep]));
    const result = applyPending(change({ next: [...base, added], base }));
    expect(result).toEqual({ ok: true, conflicts: 0 });
    expect(names()).toEqual(['Harbour Fish', 'Fog Bank Fisheries']);
  });

  it('says storage is still full, and writes nothing', () => {
    fillStorageFor('suppliers');
    const result = applyPending(change({ next: [supplier('S3', 'Fog Bank Fisheries')], base: [] }));
    expect(result).toMatchObject({ ok: false, reason: 'quota' });
    expect(!result.ok && result.message).toMatch(/Browser storage is full/);
    expect(localStorage.getItem('suppliers')).toBeNull();
  });

  it('never writes another account’s change into the data set open now', () => {
    localStorage.setItem('dataOwner', 'user-B');
    const result = applyPending(change({ next: [supplier('S3', 'Fog Bank Fisheries')], base: [] }));
    expect(result).toMatchObject({ ok: false, reason: 'otherAccount' });
    expect(localStorage.getItem('suppliers')).toBeNull();
  });

  it('refuses a change it cannot read', () => {
    expect(applyPending(change({ next: [{ supplierID: 7 }] }))).toMatchObject({ ok: false, reason: 'unreadable' });
    expect(applyPending(change({ key: 'somethingElse' }))).toMatchObject({ ok: false, reason: 'unreadable' });
  });

  it('writes a kept value, unless the value was changed since (then it is kept, not written)', () => {
    localStorage.setItem('4-discountPercentage', '10');
    expect(applyPending(change({ key: '4-discountPercentage', kind: 'value', next: 15, base: 10 }))).toEqual({
      ok: true,
      conflicts: 0,
    });
    expect(stored('4-discountPercentage')).toBe(15);
    // Changed to 20 since the change to 12 was kept (from 15): the newer 20 stays.
    localStorage.setItem('4-discountPercentage', '20');
    expect(applyPending(change({ key: '4-discountPercentage', kind: 'value', next: 12, base: 15 }))).toEqual({
      ok: true,
      conflicts: 1,
    });
    expect(stored('4-discountPercentage')).toBe(20);
  });

  it('forgets a change once saved whole, keeps one that still waits or met a newer value', async () => {
    localStorage.setItem('4-discountPercentage', '20');
    const stale = change({ id: 'stale', key: '4-discountPercentage', kind: 'value', next: 12, base: 15 });
    const full = change({ id: 'full', next: [supplier('S3', 'Fog Bank Fisheries')], base: [] });
    await store.keep(stale);
    await store.keep(full);
    fillStorageFor('suppliers');
    expect((await store.retry(full)).ok).toBe(false);
    expect((await store.retry(stale)).ok).toBe(true);
    expect((await store.list('user-A')).map((c) => c.id).sort()).toEqual(['full', 'stale']);
    freeRoom();
    expect(await store.retry(full)).toEqual({ ok: true, conflicts: 0 });
    expect((await store.list('user-A')).map((c) => c.id)).toEqual(['stale']);
    expect(names()).toEqual(['Fog Bank Fisheries']);
  });
});

describe('issue 24, sixth pass: what a retry says and writes, each case', () => {
  const value = (over: Partial<PendingChange>) =>
    change({ key: '4-discountPercentage', label: 'Discount of event 4', kind: 'value', ...over });

  it('says why, in the caterer’s words, when another account’s data is open or the change cannot be read', () => {
    localStorage.setItem('dataOwner', 'user-B');
    expect(applyPending(change({}))).toEqual({
      ok: false,
      reason: 'otherAccount',
      message: 'Another account’s data is open on this browser, so this change was not saved.',
    });
    localStorage.setItem('dataOwner', 'user-A');
    expect(applyPending(change({ key: 'somethingElse' }))).toEqual({
      ok: false,
      reason: 'unreadable',
      message: 'This change could not be read, so it was not saved. Download it to keep it.',
    });
  });

  it('refuses a change whose kind is not its key’s (a value for a list, a list for a value), writing nothing', () => {
    localStorage.setItem('4-discountPercentage', '10');
    expect(applyPending(change({ kind: 'value', next: [supplier('S3', 'Fog Bank Fisheries')] }))).toMatchObject({
      ok: false,
      reason: 'unreadable',
    });
    expect(localStorage.getItem('suppliers')).toBeNull();
    expect(applyPending(value({ kind: 'collection', next: [], base: [] }))).toMatchObject({
      ok: false,
      reason: 'unreadable',
    });
    expect(stored('4-discountPercentage')).toBe(10);
  });

  it('a list change kept without the list it was made from is applied onto an empty one', () => {
    localStorage.setItem('suppliers', JSON.stringify([supplier('S2', 'Harbour Fish')]));
    const result = applyPending(change({ next: [supplier('S3', 'Fog Bank Fisheries')], base: undefined }));
    expect(result).toEqual({ ok: true, conflicts: 0 });
    expect(names()).toEqual(['Harbour Fish', 'Fog Bank Fisheries']);
  });

  it('a list that cannot be written for another reason than a full storage: unknown, with the storage’s words', () => {
    Storage.prototype.setItem = function () {
      throw new DOMException('denied', 'SecurityError');
    };
    const result = applyPending(change({ next: [supplier('S3', 'Fog Bank Fisheries')], base: [] }));
    expect(result).toMatchObject({ ok: false, reason: 'unknown' });
    expect(!result.ok && result.message).toBe('Your last change could not be saved to browser storage.');
  });

  it('refuses a kept value it cannot read, writing nothing', () => {
    localStorage.setItem('4-discountPercentage', '10');
    expect(applyPending(value({ next: 'a lot', base: 10 }))).toMatchObject({ ok: false, reason: 'unreadable' });
    expect(stored('4-discountPercentage')).toBe(10);
  });

  it('a value kept without the value it replaced is written over whatever is stored', () => {
    localStorage.setItem('4-discountPercentage', '20');
    expect(applyPending(value({ next: 12, base: undefined }))).toEqual({ ok: true, conflicts: 0 });
    expect(stored('4-discountPercentage')).toBe(12);
  });

  it('a value changed since to the very value kept is no conflict: saved (and forgotten)', async () => {
    localStorage.setItem('4-discountPercentage', '12');
    const same = value({ id: 'same', next: 12, base: 15 });
    await store.keep(same);
    expect(await store.retry(same)).toEqual({ ok: true, conflicts: 0 });
    expect(stored('4-discountPercentage')).toBe(12);
    expect(await store.list('user-A')).toEqual([]);
  });

  it('a value that cannot be written: still full (quota) or another failure (unknown); nothing written, the change kept', async () => {
    localStorage.setItem('4-discountPercentage', '10');
    const kept = value({ id: 'v', next: 15, base: 10 });
    await store.keep(kept);
    fillStorageFor('4-discountPercentage');
    const full = await store.retry(kept);
    expect(full).toMatchObject({ ok: false, reason: 'quota' });
    expect(!full.ok && full.message).toMatch(/Browser storage is full/);
    Storage.prototype.setItem = function () {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(await store.retry(kept)).toEqual({
      ok: false,
      reason: 'unknown',
      message: 'Your last change could not be saved to browser storage.',
    });
    expect(stored('4-discountPercentage')).toBe(10);
    expect((await store.list('user-A')).map((c) => c.id)).toEqual(['v']);
  });
});

describe('issue 24, sixth pass: the store lists only what is a change, and stops telling a listener that left', () => {
  it('leaves out every entry that is not a whole change, whatever field is wrong or missing', async () => {
    const good = change({ id: 'good' });
    const junk: Array<[string, unknown]> = [
      ['null', null],
      ['text', 'a change'],
      ['number id', { ...good, id: 7 }],
      ['no owner', { ...good, id: 'no owner', owner: undefined }],
      ['number key', { ...good, id: 'number key', key: 4 }],
      ['no label', { ...good, id: 'no label', label: null }],
      ['other kind', { ...good, id: 'other kind', kind: 'list' }],
      ['text keptAt', { ...good, id: 'text keptAt', keptAt: '2027-01-15' }],
      ['no next', Object.fromEntries(Object.entries({ ...good, id: 'no next' }).filter(([k]) => k !== 'next'))],
    ];
    for (const [id, entry] of junk) backend.entries.set(id, entry as PendingChange);
    await store.keep(good);
    await store.keep(
      change({ id: 'value', kind: 'value', key: '4-taxPercentage', next: 13, keptAt: 1_900_000_000_000 }),
    );
    expect((await store.list('user-A')).map((c) => c.id)).toEqual(['good', 'value']);
  });

  it('a listener that unsubscribed hears nothing more; the others still do', async () => {
    const gone = vi.fn();
    const stays = vi.fn();
    const unsubscribe = store.subscribe(gone);
    store.subscribe(stays);
    await store.keep(change({}));
    unsubscribe();
    await store.forget('c1');
    store.setLive('c1', true);
    expect(gone).toHaveBeenCalledTimes(1);
    expect(stays).toHaveBeenCalledTimes(3);
  });
});

describe('the writers keep a change waiting for room in the pending store', () => {
  it('a collection writer: kept while it waits (not offered while this screen retries), offered once the screen is left', async () => {
    const persister = createPersister(suppliersStore, [], { label: 'Suppliers' });
    fillStorageFor('suppliers');
    const added = supplier('S3', 'Fog Bank Fisheries');
    expect(persister.save([added]).ok).toBe(false);
    const [kept] = await store.list('user-A');
    expect(kept).toMatchObject({ owner: 'user-A', key: 'suppliers', label: 'Suppliers', kind: 'collection', base: [] });
    expect(kept!.next).toEqual([added]);
    expect(store.isLive(kept!.id)).toBe(true);
    persister.stop();
    expect(store.isLive(kept!.id)).toBe(false);
    expect(await store.list('user-A')).toHaveLength(1);
    // "Reload": a retry from the kept entry alone, once there is room.
    freeRoom();
    expect(await store.retry(kept!)).toEqual({ ok: true, conflicts: 0 });
    expect(names()).toEqual(['Fog Bank Fisheries']);
    expect(await store.list('user-A')).toEqual([]);
  });

  it('a collection writer whose own retry saves the change forgets it', async () => {
    vi.useFakeTimers();
    try {
      const persister = createPersister(suppliersStore, [], { label: 'Suppliers' });
      fillStorageFor('suppliers');
      persister.save([supplier('S3', 'Fog Bank Fisheries')]);
      await vi.waitFor(async () => expect(await store.list('user-A')).toHaveLength(1));
      freeRoom();
      vi.advanceTimersByTime(10_000);
      await vi.waitFor(async () => expect(await store.list('user-A')).toEqual([]));
      expect(names()).toEqual(['Fog Bank Fisheries']);
      persister.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a value writer keeps the value and the value it replaces; nothing is kept for another failure than a full storage', async () => {
    localStorage.setItem('4-discountPercentage', '5');
    const writer = createValueWriter(discountPercentageStore(4), 'Discount of event 4');
    fillStorageFor('4-discountPercentage');
    writer.write(10);
    writer.write(12.5);
    const kept = await store.list('user-A');
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ key: '4-discountPercentage', kind: 'value', next: 12.5, base: 5 });
    writer.stop();
    freeRoom();
    expect(await store.retry(kept[0]!)).toEqual({ ok: true, conflicts: 0 });
    expect(stored('4-discountPercentage')).toBe(12.5);

    localStorage.removeItem('dataOwner');
    localStorage.setItem('dataOwner', 'user-A');
    Storage.prototype.setItem = function () {
      throw new DOMException('denied', 'SecurityError');
    };
    const other = createValueWriter(discountPercentageStore(4), 'Discount of event 4');
    expect(other.write(30).ok).toBe(false);
    other.stop();
    expect(await store.list('user-A')).toEqual([]);
  });
});

describe('the offer after a reload (pendingChanges actor with its app-layer effects)', () => {
  it('lists only the signed-in account’s changes; Retry saving once there is room saves it; Discard asks first', async () => {
    const mine = change({ id: 'mine', next: [supplier('S3', 'Fog Bank Fisheries')], base: [] });
    const second = change({ id: 'second', key: '4-taxPercentage', label: 'Tax of event 4', kind: 'value', next: 13 });
    await store.keep(mine);
    await store.keep(second);
    await store.keep(change({ id: 'theirs', owner: 'user-B', label: 'Their suppliers' }));
    const actor = createActor(pendingChangesLogic(store, 'user-A')).start();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.changes.map((c) => c.id)).toEqual(['mine', 'second']);

    fillStorageFor('suppliers');
    actor.send({ type: 'change.retry', id: 'mine' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.notes.mine).toBe(
      'Storage is still full, so it was not saved. Free some room, then retry saving.',
    );
    expect(actor.getSnapshot().context.changes.map((c) => c.id)).toEqual(['mine', 'second']);

    freeRoom();
    actor.send({ type: 'change.retry', id: 'mine' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.changes.length === 1);
    expect(names()).toEqual(['Fog Bank Fisheries']);
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ type: 'success', title: 'Suppliers saved' }));
    expect(actor.getSnapshot().context.notes).toEqual({});

    actor.send({ type: 'change.download', id: 'second' });
    expect(downloadBlob).toHaveBeenCalledWith(expect.any(Blob), 'pending-change-4-taxPercentage-2027-01-15.json');

    actor.send({ type: 'change.discard', id: 'second' });
    expect(actor.getSnapshot().hasTag('confirm discard')).toBe(true);
    actor.send({ type: 'discard.cancel' });
    expect((await store.list('user-A')).map((c) => c.id)).toEqual(['second']);
    actor.send({ type: 'change.discard', id: 'second' });
    actor.send({ type: 'discard.confirm' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.changes.length === 0);
    expect(await store.list('user-A')).toEqual([]);
    expect((await store.list('user-B')).map((c) => c.id)).toEqual(['theirs']);
    actor.stop();
  });

  it('the download holds the change, its key and when it was kept', () => {
    const c = change({ key: 'ingredientList-4', label: 'Ingredients of event 4', next: [{ lineId: 'l1' }] });
    expect(pendingFileName(c)).toBe('pending-change-ingredientList-4-2027-01-15.json');
    expect(JSON.parse(pendingFileText(c))).toEqual({
      label: 'Ingredients of event 4',
      key: 'ingredientList-4',
      keptAt: '2027-01-15T08:00:00.000Z',
      change: [{ lineId: 'l1' }],
      changedFrom: [],
    });
  });
});
