// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { defineKey, listKeys, onCorruptValue, type CorruptValueReport } from '../../src/storage/store';
import { colorModeStore, soundMutedStore } from '../../src/storage/preferences';
import { discountPercentageStore, eventsStore, ingredientListStore, inventoryItemsStore, perEventStores } from '../../src/storage/keys';

const item = { id: '1', name: 'Flour', sku: 'F-1', category: 'Dry Storage', amountPerUnit: 10, unit: 'kg', packageType: 'bag', quantity: 3, costPerUnit: 12.5, whenToOrder: 5, supplierName: 'Mill Co' };

describe('storage layer', () => {
  const reports: CorruptValueReport[] = [];
  let stop: () => void;
  beforeEach(() => {
    localStorage.clear();
    reports.length = 0;
    stop = onCorruptValue((r) => reports.push(r));
  });
  afterEach(() => {
    stop();
    vi.restoreAllMocks();
  });

  it('gives the default for a missing key', () => {
    expect(inventoryItemsStore.read()).toEqual([]);
    expect(colorModeStore.read()).toBe('light');
    expect(soundMutedStore.read()).toBe(true);
    expect(discountPercentageStore(7).read()).toBe(0);
  });

  it('round-trips a valid value', () => {
    expect(inventoryItemsStore.write([item])).toEqual({ ok: true });
    expect(inventoryItemsStore.read()).toEqual([item]);
    expect(JSON.parse(localStorage.getItem('inventoryItems')!)).toEqual([item]);
  });

  it('keeps text that is not JSON under a backup key, gives the default and reports it once', () => {
    localStorage.setItem('inventoryItems', '{not json');
    expect(inventoryItemsStore.read()).toEqual([]);
    expect(inventoryItemsStore.read()).toEqual([]);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ key: 'inventoryItems', reason: 'invalid-json' });
    const backup = listKeys().find((k) => k.startsWith('inventoryItems.corrupt.'));
    expect(backup).toBe(reports[0]!.backupKey);
    expect(localStorage.getItem(backup!)).toBe('{not json');
  });

  it('treats a value that fails its schema as unreadable', () => {
    localStorage.setItem('events', JSON.stringify([{ id: 'one', EventName: 5 }]));
    expect(eventsStore.read()).toEqual([]);
    expect(reports[0]).toMatchObject({ key: 'events', reason: 'schema' });
  });

  it('never overwrites unreadable data without a backup first', () => {
    localStorage.setItem('inventoryItems', '[{"broken": true}');
    expect(inventoryItemsStore.write([item]).ok).toBe(true);
    const backup = listKeys().find((k) => k.startsWith('inventoryItems.corrupt.'));
    expect(localStorage.getItem(backup!)).toBe('[{"broken": true}');
    expect(inventoryItemsStore.read()).toEqual([item]);
  });

  it('refuses to overwrite unreadable data when even the backup cannot be written', () => {
    localStorage.setItem('suppliersX', 'garbage');
    const store = defineKey('suppliersX', z.array(z.string()), () => []);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const result = store.write(['a']);
    expect(result.ok).toBe(false);
    vi.restoreAllMocks();
    expect(localStorage.getItem('suppliersX')).toBe('garbage');
  });

  it('reports a full quota to the caller instead of throwing', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const result = inventoryItemsStore.write([item]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.reason).toBe('quota');
      expect(result.error.message).toMatch(/full/);
    }
  });

  it('reads the default when storage itself throws (disabled)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(inventoryItemsStore.read()).toEqual([]);
  });

  it('tells subscribers about changes made in another tab', () => {
    const seen: unknown[] = [];
    const unsubscribe = inventoryItemsStore.subscribe((v) => seen.push(v));
    localStorage.setItem('inventoryItems', JSON.stringify([item]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'inventoryItems' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'events' }));
    unsubscribe();
    window.dispatchEvent(new StorageEvent('storage', { key: 'inventoryItems' }));
    expect(seen).toEqual([[item]]);
  });

  it('has accessors for every per-event key', () => {
    expect(perEventStores(12).map((s) => s.key)).toEqual(['ingredientList-12', '12-discountPercentage', '12-taxPercentage']);
    expect(ingredientListStore(12)).toBe(ingredientListStore(12));
  });
});
