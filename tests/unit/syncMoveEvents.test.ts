// @vitest-environment jsdom
/**
 * This browser's side of moving new events to free ids (src/storage/syncData.ts `moveEventsHere`, the plan of
 * src/sync/renumber.ts): the views are told first, the records and the events' Tool Kit drafts move, and if
 * storage refuses any of it, every key touched holds its earlier text again and the views hear the move undone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { moveEventsHere, readSyncSnapshot } from '../../src/storage/syncData';
import { toolkitDraftKey } from '../../src/storage/drafts';
import { planRenumbering } from '../../src/sync/renumber';
import { emptySyncState } from '../../src/sync/engine';

const event = (id: number, name: string) => ({
  id,
  EventName: name,
  CustomerFirstName: 'Ada',
  CustomerLastName: 'Client',
  CustomerPhoneNumber: '',
  CustomerEmail: '',
  EventType: '',
  NumberOfGuests: 40,
  EventDate: '2027-03-01',
  StartTime: '12:00',
  EndTime: '14:00',
  VenueName: '',
  VenueStreetAddress: '',
  VenueCity: '',
  ingredients: [],
});

const line = {
  lineId: 'L-INV-1-0',
  id: 'INV-1',
  name: 'Flour',
  category: 'Dry goods',
  supplierName: 'Acme',
  costPerUnit: 2,
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'bag',
  quantity: 5,
};

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('events', JSON.stringify([event(2, 'Mine'), event(1, 'Agreed')]));
  localStorage.setItem('ingredientList-2', JSON.stringify([line]));
  localStorage.setItem('2-taxPercentage', '13');
  localStorage.setItem(toolkitDraftKey('menu', 2), JSON.stringify({ value: { text: 'Soup of the day' }, savedAt: 1 }));
});
afterEach(() => vi.restoreAllMocks());

const plan = () =>
  planRenumbering({ ...emptySyncState(), lastSyncedAt: 1 }, readSyncSnapshot(), ['2'], {
    events: [{ id: '2', rev: 1, record: event(2, 'Theirs'), deleted: false }],
    highest: 2,
  });

describe('moving new events to free ids in this browser', () => {
  it('tells the views first, then moves the event, its per-event keys and its Tool Kit drafts', () => {
    const { moves, writes } = plan();
    expect(moves).toEqual([{ from: 2, to: 3, name: 'Mine' }]);
    const told: unknown[] = [];
    moveEventsHere(moves, writes, (m) => told.push({ m, events: localStorage.getItem('events') }));
    // Told before anything was written.
    expect(told).toEqual([{ m: [{ from: 2, to: 3 }], events: JSON.stringify([event(2, 'Mine'), event(1, 'Agreed')]) }]);
    const events = JSON.parse(localStorage.getItem('events')!) as Array<{ id: number; EventName: string }>;
    expect(events.map((e) => [e.id, e.EventName])).toEqual([
      [3, 'Mine'],
      [1, 'Agreed'],
    ]);
    expect(JSON.parse(localStorage.getItem('ingredientList-2') ?? '[]')).toEqual([]);
    expect(JSON.parse(localStorage.getItem('ingredientList-3')!)).toMatchObject([{ ...line, quantity: 5 }]);
    expect(localStorage.getItem('2-taxPercentage')).toBeNull();
    expect(localStorage.getItem('3-taxPercentage')).toBe('13');
    expect(localStorage.getItem(toolkitDraftKey('menu', 2))).toBeNull();
    expect(JSON.parse(localStorage.getItem(toolkitDraftKey('menu', 3))!)).toEqual({
      value: { text: 'Soup of the day' },
      savedAt: 1,
    });
  });

  it('storage refusing part of it leaves every key as it was, and the views hear the move undone', () => {
    const before = Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]));
    const { moves, writes } = plan();
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      // The events and the ingredient list are written; the tax is refused.
      if (key === '3-taxPercentage') throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    const told: unknown[] = [];
    expect(() => moveEventsHere(moves, writes, (m) => told.push(m))).toThrow();
    vi.restoreAllMocks();
    expect(told).toEqual([[{ from: 2, to: 3 }], [{ from: 3, to: 2 }]]);
    expect(Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))).toEqual(before);
  });
});
