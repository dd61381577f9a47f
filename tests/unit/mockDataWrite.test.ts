// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMockData } from '../../src/domain/mockData';
import {
  discountPercentageStore,
  eventsStore,
  ingredientListStore,
  inventoryItemsStore,
  taxPercentageStore,
} from '../../src/storage/keys';
import { writeMockData } from '../../src/storage/mockData';

const snapshot = () =>
  Object.fromEntries(
    Object.keys(localStorage)
      .sort()
      .map((k) => [k, localStorage.getItem(k)]),
  );

describe('Use Mock Data writes all or nothing', () => {
  const mock = buildMockData('2026-11-21');
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(
      'inventoryItems',
      JSON.stringify([
        {
          id: '1',
          name: 'My Own Flour',
          sku: 'F1',
          category: 'Dry Storage',
          amountPerUnit: 1,
          unit: 'kg',
          packageType: 'bag',
          quantity: 1,
          costPerUnit: 2,
          whenToOrder: 3,
          supplierName: '',
        },
      ]),
    );
    localStorage.setItem('ingredientList-6', JSON.stringify([]));
    localStorage.setItem('6-taxPercentage', '7');
  });
  afterEach(() => vi.restoreAllMocks());

  it('writes the four collections and each mock event’s ingredient list, discount and tax (34 keys)', () => {
    expect(writeMockData(mock)).toEqual({ ok: true });
    expect(inventoryItemsStore.read()).toHaveLength(10);
    // Stored newest first, as the spec keeps events (issue 25).
    expect(eventsStore.read().map((e) => e.id)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    expect(
      ingredientListStore(6)
        .read()
        .map((l) => l.name),
    ).toEqual(['Atlantic Salmon Fillet', 'Frozen Puff Pastry', 'Granny Smith Apples', 'Heavy Cream']);
    expect(ingredientListStore(6).read()[0]).toMatchObject({ per: 'guest', perGuest: 0.15, quantity: 6 });
    expect(taxPercentageStore(6).read()).toBe(5);
    expect(discountPercentageStore(11).read()).toBe(12);
    expect(Object.keys(localStorage)).toHaveLength(4 + 30);
  });

  it.each([1, 4, 5, 20, 34])('a full quota at write %i leaves every key as it was', (failAt) => {
    const before = snapshot();
    const setItem = Storage.prototype.setItem;
    let calls = 0;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      calls++;
      if (calls === failAt) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    const result = writeMockData(mock);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.reason).toBe('quota');
    vi.restoreAllMocks();
    expect(snapshot()).toEqual(before);
  });
});
