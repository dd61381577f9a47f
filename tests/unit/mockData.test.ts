import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { buildMockData } from '../../src/domain/mockData';
import { describeCollections, existingCollections } from '../../src/domain/mockDataInfo';
import { needToOrderItems } from '../../src/domain/needToOrder';
import { upcomingEvents } from '../../src/domain/upcoming';
import { employeeSchema, eventSchema, inventoryItemSchema, supplierSchema } from '../../src/storage/schemas';

describe('mock data', () => {
  const today = '2026-11-21';
  const mock = buildMockData(today);

  it('has 10 of each collection and events with ids 4 to 13', () => {
    expect(mock.inventoryItems).toHaveLength(10);
    expect(mock.suppliers).toHaveLength(10);
    expect(mock.employees).toHaveLength(10);
    expect(mock.events.map((e) => e.id)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('passes the storage schemas', () => {
    expect(z.array(inventoryItemSchema).safeParse(mock.inventoryItems).success).toBe(true);
    expect(z.array(supplierSchema).safeParse(mock.suppliers).success).toBe(true);
    expect(z.array(employeeSchema).safeParse(mock.employees).success).toBe(true);
    expect(z.array(eventSchema).safeParse(mock.events).success).toBe(true);
  });

  it.each(['2026-11-21', '2027-02-27', '2028-12-31'])('has past, upcoming and later events on any day (%s)', (day) => {
    const events = buildMockData(day).events;
    expect(events.filter((e) => e.EventDate < day).length).toBeGreaterThanOrEqual(2);
    expect(upcomingEvents(events, day).length).toBeGreaterThanOrEqual(4);
    expect(upcomingEvents(events, day)[0]!.EventDate).toBe(day);
    expect(events.filter((e) => e.EventDate > upcomingEvents(events, day).at(-1)!.EventDate).length).toBeGreaterThanOrEqual(2);
  });

  it('has at least two items to order and suppliers that exist', () => {
    expect(needToOrderItems(mock.inventoryItems).length).toBeGreaterThanOrEqual(2);
    const names = new Set(mock.suppliers.map((s) => s.supplierName));
    expect(mock.inventoryItems.every((i) => names.has(i.supplierName))).toBe(true);
    expect(new Set(mock.inventoryItems.map((i) => i.id)).size).toBe(10);
  });

  it('gives a fresh copy each time', () => {
    const again = buildMockData(today);
    again.inventoryItems[0]!.quantity = 999;
    expect(buildMockData(today).inventoryItems[0]!.quantity).not.toBe(999);
  });

  it('names the collections that would be replaced', () => {
    const existing = existingCollections({ inventoryItems: [1, 2, 3], events: [1], employees: [], suppliers: [] });
    expect(existing).toEqual([
      { collection: 'inventoryItems', count: 3 },
      { collection: 'events', count: 1 },
    ]);
    expect(describeCollections(existing)).toBe('inventoryItems (3 records) and events (1 record)');
    expect(describeCollections([])).toBe('');
  });
});
