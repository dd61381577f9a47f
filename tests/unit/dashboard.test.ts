import { describe, expect, it } from 'vitest';
import {
  isOrderPlaced,
  needToOrderItems,
  needToOrderLines,
  needToOrderRows,
  pruneOrderFlags,
  toggleOrderFlag,
} from '../../src/domain/needToOrder';
import { addDays, isoDate, msUntilNextDay, upcomingEvents } from '../../src/domain/upcoming';
import type { CateringEvent, InventoryItem } from '../../src/storage/schemas';

const ev = (id: number, EventDate: string, StartTime = '10:00'): CateringEvent => ({
  id,
  EventName: `E${id}`,
  CustomerFirstName: 'A',
  CustomerLastName: 'B',
  CustomerPhoneNumber: 1,
  CustomerEmail: 'a@b.c',
  EventType: 'Other',
  NumberOfGuests: 1,
  EventDate,
  StartTime,
  EndTime: '11:00',
  VenueName: '',
  VenueStreetAddress: '',
  VenueCity: '',
  ingredients: [],
});

const item = (id: string, quantity: number, whenToOrder: number): InventoryItem => ({
  id,
  name: id,
  sku: id,
  category: 'Other',
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'box',
  quantity,
  costPerUnit: 1,
  whenToOrder,
  supplierName: '',
});

describe('upcoming events', () => {
  it('keeps today through 14 days ahead, both ends inclusive, sorted by date', () => {
    const events = [
      ev(1, '2026-03-15'),
      ev(2, '2026-03-01'),
      ev(3, '2026-02-28'),
      ev(4, '2026-03-16'),
      ev(5, '2026-03-05', '09:00'),
      ev(6, '2026-03-05', '08:00'),
      ev(7, 'not a date'),
    ];
    expect(upcomingEvents(events, '2026-03-01').map((e) => e.id)).toEqual([2, 6, 5, 1]);
  });

  it('crosses month and year ends and daylight-saving changes by calendar day', () => {
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    expect(addDays('2028-02-20', 14)).toBe('2028-03-05');
    expect(addDays('2026-03-01', 14)).toBe('2026-03-15');
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31');
    expect(isoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('knows how long until the window moves', () => {
    expect(msUntilNextDay(new Date(2026, 0, 5, 23, 59, 0))).toBe(60_000);
  });
});

describe('need to order', () => {
  it('lists items where whenToOrder >= quantity', () => {
    const items = [item('a', 5, 5), item('b', 6, 5), item('c', 0, 1), item('d', 2, 1)];
    expect(needToOrderItems(items).map((i) => i.id)).toEqual(['a', 'c']);
  });

  it('toggles the Order placed flag, adding a record the first time', () => {
    let flags = toggleOrderFlag([], 'a');
    expect(flags).toEqual([{ id: 'a', orderPlaced: true }]);
    expect(isOrderPlaced(flags, 'a')).toBe(true);
    flags = toggleOrderFlag(flags, 'a');
    expect(isOrderPlaced(flags, 'a')).toBe(false);
  });

  it('drops flags of items that no longer exist', () => {
    expect(
      pruneOrderFlags(
        [
          { id: 'a', orderPlaced: true },
          { id: 'gone', orderPlaced: true },
        ],
        [item('a', 1, 1)],
      ),
    ).toEqual([{ id: 'a', orderPlaced: true }]);
  });

  it('exports need-to-order rows with their flag and the demand columns (on hand 1, re-order 1, no events: 1 package)', () => {
    const lines = needToOrderLines([item('a', 1, 1), item('b', 9, 1)], new Map(), [{ id: 'a', orderPlaced: true }]);
    expect(needToOrderRows(lines)).toEqual([
      {
        ...item('a', 1, 1),
        kind: 'inventory',
        orderPlaced: true,
        onHand: 1,
        neededForEvents: 0,
        neededFor: '',
        reorderLevel: 1,
        suggestedPackages: 1,
        estimatedCost: 1,
      },
    ]);
  });
});
