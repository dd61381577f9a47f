// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { blankEventForm, formToEvent } from '../../src/domain/events';
import { loadEvents, rememberDeletedId, removeEventKeys, restoreDeletedEvent } from '../../src/app/events/eventsData';
import type { CateringEvent } from '../../src/storage/schemas';

const today = '2026-06-15';
const ev = (id: number, name = `E${id}`): CateringEvent =>
  formToEvent({ ...blankEventForm(), id, EventName: name, NumberOfGuests: '5', EventDate: '2026-01-01' });
const stored = () => JSON.parse(localStorage.getItem('events') ?? '[]') as CateringEvent[];

describe('events data (issue 9)', () => {
  beforeEach(() => localStorage.clear());

  it('a deleted sample event stays deleted after a reload', () => {
    expect(loadEvents(today).events.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(rememberDeletedId(2).ok).toBe(true);
    // What a reload reads: the samples minus the deleted one.
    const again = loadEvents(today);
    expect(again.events.map((e) => e.id)).toEqual([3, 1]);
    expect(again.deletedIds).toEqual([2]);
  });

  it('Undo puts back the exact event and its per-event keys, and takes the id off the deleted list', () => {
    localStorage.setItem('events', JSON.stringify([ev(1), ev(2), ev(3)]));
    localStorage.setItem(
      'ingredientList-2',
      JSON.stringify([
        {
          lineId: 'L1',
          id: 'inv-1',
          name: 'Salmon',
          category: 'Seafood',
          supplierName: 'Sea',
          costPerUnit: 3,
          amountPerUnit: 1,
          unit: 'kg',
          packageType: 'box',
          quantity: 2,
        },
      ]),
    );
    localStorage.setItem('2-discountPercentage', '10');
    localStorage.setItem('2-taxPercentage', '15');
    localStorage.setItem('3-taxPercentage', '5');
    const deleted = loadEvents(today).events.find((e) => e.id === 2)!;
    removeEventKeys(2);
    rememberDeletedId(2);
    localStorage.setItem('events', JSON.stringify([ev(1), ev(3)]));
    expect(localStorage.getItem('2-taxPercentage')).toBeNull();
    expect(localStorage.getItem('ingredientList-2')).toBeNull();
    // Meanwhile a new event was created: it took id 4, not 2.
    localStorage.setItem('events', JSON.stringify([ev(1), ev(3), ev(4, 'New')]));

    restoreDeletedEvent(deleted);
    const after = stored();
    expect(after.map((e) => e.id).sort()).toEqual([1, 2, 3, 4]);
    const { rev: _r, updatedAt: _u, ...back } = after.find((e) => e.id === 2) as CateringEvent & { updatedAt?: string };
    expect(back).toEqual(deleted);
    expect(after.find((e) => e.id === 4)?.EventName).toBe('New');
    expect(localStorage.getItem('2-discountPercentage')).toBe('10');
    expect(localStorage.getItem('2-taxPercentage')).toBe('15');
    expect(JSON.parse(localStorage.getItem('ingredientList-2')!)[0]).toMatchObject({ lineId: 'L1', quantity: 2 });
    expect(localStorage.getItem('3-taxPercentage')).toBe('5');
    expect(JSON.parse(localStorage.getItem('deletedEventIds')!)).toEqual([]);
  });

  it('a failed write leaves the event deleted and nothing half-restored, and says why', () => {
    localStorage.setItem('events', JSON.stringify([ev(1), ev(2), ev(3)]));
    localStorage.setItem('2-taxPercentage', '15');
    const deleted = loadEvents(today).events.find((e) => e.id === 2)!;
    removeEventKeys(2);
    rememberDeletedId(2);
    localStorage.setItem('events', JSON.stringify([ev(1), ev(3)]));
    const original = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key === 'events') throw new DOMException('full', 'QuotaExceededError');
      return original.call(this, key, value);
    };
    try {
      expect(() => restoreDeletedEvent(deleted)).toThrow(/Browser storage is full.*The event stays deleted/s);
    } finally {
      Storage.prototype.setItem = original;
    }
    expect(stored().map((e) => e.id)).toEqual([1, 3]);
    expect(localStorage.getItem('2-taxPercentage')).toBeNull();
    expect(JSON.parse(localStorage.getItem('deletedEventIds')!)).toEqual([2]);
  });
});
