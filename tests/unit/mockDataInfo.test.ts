import { describe, expect, it } from 'vitest';
import {
  COLLECTIONS,
  describeCollections,
  existingCollections,
  MOCK_LOADED_MESSAGE,
} from '../../src/domain/mockDataInfo';

describe('what Use Mock Data would replace', () => {
  it('lists the four collections in data-view order', () => {
    expect(COLLECTIONS).toEqual(['inventoryItems', 'events', 'employees', 'suppliers']);
  });

  it('alerts with the spec wording once loaded', () => {
    expect(MOCK_LOADED_MESSAGE).toBe('Mock data has been loaded successfully.');
  });

  it('names only the collections holding records, in data-view order, with their counts', () => {
    expect(existingCollections({ suppliers: [1], employees: [1, 2], events: [], inventoryItems: [1] })).toEqual([
      { collection: 'inventoryItems', count: 1 },
      { collection: 'employees', count: 2 },
      { collection: 'suppliers', count: 1 },
    ]);
    expect(existingCollections({ suppliers: [], employees: [], events: [], inventoryItems: [] })).toEqual([]);
  });

  it('describes one collection alone, without "and"', () => {
    expect(describeCollections([{ collection: 'events', count: 1 }])).toBe('events (1 record)');
    expect(describeCollections([{ collection: 'suppliers', count: 0 }])).toBe('suppliers (0 records)');
  });

  it('joins two with "and", and more with commas then "and" before the last', () => {
    expect(
      describeCollections([
        { collection: 'events', count: 2 },
        { collection: 'employees', count: 1 },
      ]),
    ).toBe('events (2 records) and employees (1 record)');
    expect(
      describeCollections([
        { collection: 'inventoryItems', count: 3 },
        { collection: 'events', count: 1 },
        { collection: 'employees', count: 4 },
        { collection: 'suppliers', count: 2 },
      ]),
    ).toBe('inventoryItems (3 records), events (1 record), employees (4 records) and suppliers (2 records)');
  });
});
