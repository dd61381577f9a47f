// @vitest-environment jsdom
/**
 * This browser's side of events kept only in the account (src/storage/syncData.ts, issue 24 part 7):
 * letting events go takes their records out of `events` and their per-event keys away, and nothing else.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { evictEvents, readSyncSnapshot, syncedCharacters } from '../../src/storage/syncData';

const event = (id: number) => ({
  id,
  EventName: `Event ${id}`,
  CustomerFirstName: 'Ada',
  CustomerLastName: 'Hart',
  CustomerPhoneNumber: '555',
  CustomerEmail: 'ada@example.com',
  EventType: 'Gala',
  NumberOfGuests: 40,
  EventDate: '2023-01-01',
  StartTime: '18:00',
  EndTime: '22:00',
  VenueName: 'Hall',
  VenueStreetAddress: '1 Main St',
  VenueCity: 'Halifax',
  ingredients: [],
});
const line = (lineId: string) => ({
  lineId,
  id: `INV-${lineId}`,
  name: 'Flour',
  category: 'Dry',
  supplierName: 'Mill',
  costPerUnit: 1,
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'bag',
  quantity: 2,
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('events', JSON.stringify([event(4), event(5), event(44)]));
  localStorage.setItem('ingredientList-4', JSON.stringify([line('a')]));
  localStorage.setItem('ingredientList-44', JSON.stringify([line('b')]));
  localStorage.setItem('4-discountPercentage', '5');
  localStorage.setItem('4-taxPercentage', '13');
  localStorage.setItem('staffList-4', '[]');
  localStorage.setItem('suppliers', '[]');
  localStorage.setItem('deletedEventIds', '[4]');
});

describe('evictEvents', () => {
  it('takes the events and their per-event keys out, and leaves every other event and key', () => {
    const before = syncedCharacters();
    evictEvents([4]);
    const left = (JSON.parse(localStorage.getItem('events')!) as { id: number }[]).map((e) => e.id);
    expect(left.sort((a, b) => a - b)).toEqual([5, 44]);
    for (const key of ['ingredientList-4', '4-discountPercentage', '4-taxPercentage', 'staffList-4'])
      expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('ingredientList-44')).toContain('"b"');
    expect(localStorage.getItem('suppliers')).toBe('[]');
    // deletedEventIds is not an event's data: it stays.
    expect(localStorage.getItem('deletedEventIds')).toBe('[4]');
    expect([...readSyncSnapshot().get('events')!.keys()].sort()).toEqual(['44', '5']);
    const after = syncedCharacters();
    expect(after.events).toBeLessThan(before.events);
    expect(after.other).toBe(before.other);
  });

  it('does nothing for no ids or ids it does not hold', () => {
    const events = localStorage.getItem('events');
    evictEvents([]);
    evictEvents([99]);
    expect(localStorage.getItem('events')).toBe(events);
    expect(localStorage.getItem('ingredientList-4')).not.toBeNull();
  });
});
