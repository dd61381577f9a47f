// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deletedEventIdsStore,
  discountPercentageStore,
  eventsStore,
  inventoryItemsStore,
} from '../../src/storage/keys';
import { listRecovered, type RecoveredEntry } from '../../src/storage/recovered';
import { checkRecovered, countRecovered, discard, putBack } from '../../src/storage/recoveredActions';

const item = {
  id: '1',
  name: 'Flour',
  sku: 'F-1',
  category: 'Dry Storage',
  amountPerUnit: 10,
  unit: 'kg',
  packageType: 'bag',
  quantity: 3,
  costPerUnit: 12.5,
  whenToOrder: 5,
  supplierName: 'Mill Co',
};
const item2 = { ...item, id: '2', name: 'Sugar', sku: 'S-1' };
const item3 = { ...item, id: '3', name: 'Salt', sku: 'SA-1' };
const bad2 = { ...item2, quantity: 'lots' };
const fixed2 = JSON.stringify(item2);

/** Three items, the middle one unreadable: read once so it is set aside; returns its entry. */
function plantBadRecord(): RecoveredEntry {
  // The collection caches what it read by raw text: read something else first, as another test may have planted the same text.
  localStorage.setItem('inventoryItems', '[]');
  inventoryItemsStore.read();
  localStorage.setItem('inventoryItems', JSON.stringify([item, bad2, item3]));
  expect(inventoryItemsStore.read().map((i) => i.id)).toEqual(['1', '3']);
  const [entry] = listRecovered();
  expect(entry).toMatchObject({ key: 'inventoryItems', index: 1, id: '2' });
  return entry!;
}

/** What the next page load reads: the collection caches by raw text, so the same list is stored again with a harmless space to read it afresh. */
function readAfterReload() {
  const raw = localStorage.getItem('inventoryItems');
  if (raw !== null) localStorage.setItem('inventoryItems', `${raw} `);
  return inventoryItemsStore.read();
}

describe('recovered entries: check, put back, discard', () => {
  const storageEvents: Array<string | null> = [];
  const onStorage = (e: StorageEvent) => storageEvents.push(e.key);
  beforeEach(() => {
    localStorage.clear();
    storageEvents.length = 0;
    window.addEventListener('storage', onStorage);
  });
  afterEach(() => {
    window.removeEventListener('storage', onStorage);
    vi.restoreAllMocks();
  });

  it('checks a record as a reader would: the reason for the bad text, the record for the fixed one', () => {
    const entry = plantBadRecord();
    expect(checkRecovered(entry, entry.text)).toEqual({ ok: false, reason: expect.stringMatching(/^quantity: /) });
    expect(checkRecovered(entry, '{"id":')).toEqual({ ok: false, reason: expect.stringMatching(/not valid JSON/) });
    expect(checkRecovered(entry, fixed2)).toEqual({
      ok: true,
      value: expect.objectContaining({ id: '2', quantity: 3 }),
    });
  });

  it('puts a fixed record back: it is read, the entry is gone and it does not come back', () => {
    const entry = plantBadRecord();
    expect(putBack(entry, fixed2)).toEqual({ ok: true, added: 1, skipped: 0, replaced: false });
    expect(inventoryItemsStore.read().map((i) => [i.id, i.quantity])).toEqual([
      ['1', 3],
      ['3', 3],
      ['2', 3],
    ]);
    expect(listRecovered()).toEqual([]);
    expect(storageEvents).toContain('inventoryItems');
    expect(readAfterReload().map((i) => i.id)).toEqual(['1', '3', '2']);
    expect(listRecovered()).toEqual([]);
  });

  it('refuses a record whose id is taken, changing nothing, and replaces it only when asked', () => {
    const entry = plantBadRecord();
    const clash = JSON.stringify({ ...item2, id: '3', name: 'Salt (fixed)' });
    const before = localStorage.getItem('inventoryItems');
    const refused = putBack(entry, clash);
    expect(refused).toEqual({
      ok: false,
      reason: 'taken',
      message: 'Another record with the id "3" is already there.',
    });
    expect(localStorage.getItem('inventoryItems')).toBe(before);
    expect(listRecovered()).toHaveLength(1);

    expect(putBack(entry, clash, { replace: true })).toMatchObject({ ok: true, replaced: true, added: 0 });
    expect(inventoryItemsStore.read().map((i) => [i.id, i.name])).toEqual([
      ['1', 'Flour'],
      ['3', 'Salt (fixed)'],
    ]);
    expect(listRecovered()).toEqual([]);
  });

  it('refuses text that does not check, changing nothing', () => {
    const entry = plantBadRecord();
    expect(putBack(entry, entry.text)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(listRecovered()).toHaveLength(1);
  });

  it('merges a whole unreadable list by id: adds the missing records, counts those already there', () => {
    localStorage.setItem('inventoryItems', '[{"id":"1"');
    expect(inventoryItemsStore.read()).toEqual([]);
    inventoryItemsStore.write([item]);
    const [entry] = listRecovered();
    expect(entry).toMatchObject({ index: null, text: '[{"id":"1"' });
    expect(checkRecovered(entry!, JSON.stringify([item, bad2]))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^record 2, quantity/),
    });
    expect(putBack(entry!, JSON.stringify([{ ...item, name: 'Other flour' }, item2, item3]))).toEqual({
      ok: true,
      added: 2,
      skipped: 1,
      replaced: false,
    });
    expect(inventoryItemsStore.read().map((i) => [i.id, i.name])).toEqual([
      ['1', 'Flour'],
      ['2', 'Sugar'],
      ['3', 'Salt'],
    ]);
    expect(listRecovered()).toEqual([]);
  });

  it('puts a whole list back into a key that still holds the bad text, which then does not come back', () => {
    localStorage.setItem('inventoryItems', '{oops');
    inventoryItemsStore.read();
    const [entry] = listRecovered();
    expect(putBack(entry!, JSON.stringify([item]))).toMatchObject({ ok: true, added: 1 });
    expect(readAfterReload().map((i) => i.id)).toEqual(['1']);
    expect(listRecovered()).toEqual([]);
  });

  it('writes a fixed discount through its accessor', () => {
    localStorage.setItem('4-discountPercentage', '"ten"');
    expect(discountPercentageStore(4).read()).toBe(0);
    const [entry] = listRecovered();
    expect(entry).toMatchObject({ key: '4-discountPercentage', index: null });
    expect(checkRecovered(entry!, 'ten')).toMatchObject({ ok: false });
    expect(putBack(entry!, '10')).toEqual({ ok: true, added: 0, skipped: 0, replaced: false });
    expect(discountPercentageStore(4).read()).toBe(10);
    expect(listRecovered()).toEqual([]);
    expect(storageEvents).toContain('4-discountPercentage');
  });

  it('writes fixed deleted-event marks', () => {
    localStorage.setItem('deletedEventIds', '[1,"x"]');
    deletedEventIdsStore.read();
    const [entry] = listRecovered();
    expect(putBack(entry!, '[1, 2]')).toMatchObject({ ok: true });
    expect(deletedEventIdsStore.read()).toEqual([1, 2]);
  });

  it('discards a record of a list not saved since: it does not come back, the other records stay', () => {
    const entry = plantBadRecord();
    expect(discard(entry)).toEqual({ ok: true });
    expect(listRecovered()).toEqual([]);
    expect(readAfterReload().map((i) => i.id)).toEqual(['1', '3']);
    expect(listRecovered()).toEqual([]);
    expect(storageEvents).toContain('inventoryItems');
  });

  it('discards a whole unreadable value whose text is still stored', () => {
    localStorage.setItem('4-discountPercentage', '"ten"');
    discountPercentageStore(4).read();
    const [entry] = listRecovered();
    expect(discard(entry!)).toEqual({ ok: true });
    expect(localStorage.getItem('4-discountPercentage')).toBeNull();
    expect(discountPercentageStore(4).read()).toBe(0);
    expect(listRecovered()).toEqual([]);
  });

  it('discards a whole value without touching a readable value saved since', () => {
    localStorage.setItem('4-discountPercentage', '"ten"');
    discountPercentageStore(4).read();
    discountPercentageStore(4).write(15);
    const [entry] = listRecovered();
    expect(discard(entry!)).toEqual({ ok: true });
    expect(discountPercentageStore(4).read()).toBe(15);
  });

  it('just removes a legacy <key>.corrupt.<ts> backup', () => {
    localStorage.setItem('events', '[]');
    localStorage.setItem('events.corrupt.1700000000000', '[oops');
    const [entry] = listRecovered();
    expect(countRecovered()).toBe(1);
    expect(discard(entry!)).toEqual({ ok: true });
    expect(localStorage.getItem('events.corrupt.1700000000000')).toBeNull();
    expect(localStorage.getItem('events')).toBe('[]');
    expect(countRecovered()).toBe(0);
    expect(eventsStore.read()).toEqual([]);
  });

  it('a write failure changes nothing and is returned with its message, not thrown', () => {
    const entry = plantBadRecord();
    const before = { ...localStorage };
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const put = putBack(entry, fixed2);
    expect(put).toEqual({ ok: false, reason: 'failed', message: expect.stringMatching(/storage is full/) });
    const dropped = discard(entry);
    expect(dropped).toEqual({ ok: false, error: expect.stringMatching(/storage is full/) });
    vi.restoreAllMocks();
    expect({ ...localStorage }).toEqual(before);
    expect(listRecovered()).toEqual([entry]);
  });
});
