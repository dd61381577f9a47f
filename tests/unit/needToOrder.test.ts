import { describe, expect, it } from 'vitest';
import {
  describeEventNeeds,
  isOrderPlaced,
  needToOrderItems,
  needToOrderLines,
  pruneOrderFlags,
  specialtyNeedRows,
  specialtyOrderLines,
  toggleOrderFlag,
} from '../../src/domain/needToOrder';
import type { CateringEvent, InventoryItem } from '../../src/storage/schemas';

const item = (id: string, quantity: number, whenToOrder: number): InventoryItem => ({
  id,
  name: id,
  sku: `SKU-${id}`,
  category: 'Dairy',
  amountPerUnit: 1,
  unit: 'L',
  packageType: 'carton',
  quantity,
  costPerUnit: 2,
  whenToOrder,
  supplierName: 'Harbour Dairy',
});

describe('Order placed flags', () => {
  it('an item is marked placed only by its own flag set to true', () => {
    const flags = [
      { id: 'cream', orderPlaced: true },
      { id: 'butter', orderPlaced: false },
    ];
    expect(isOrderPlaced(flags, 'cream')).toBe(true);
    expect(isOrderPlaced(flags, 'butter')).toBe(false);
    expect(isOrderPlaced(flags, 'salt')).toBe(false);
    expect(isOrderPlaced([{ id: 'cream', orderPlaced: true }], 'salt')).toBe(false);
  });
  it('a need-to-order line is placed only when its flag is true (a flag set back to false does not count)', () => {
    const lines = needToOrderLines([item('cream', 0, 1), item('butter', 0, 1), item('salt', 0, 1)], new Map(), [
      { id: 'cream', orderPlaced: true },
      { id: 'butter', orderPlaced: false },
    ]);
    expect(lines.map((l) => [l.item.id, l.placed])).toEqual([
      ['cream', true],
      ['butter', false],
      ['salt', false],
    ]);
  });
  it('toggling an item with no flag adds one set to true; the other flags stay as they are', () => {
    expect(toggleOrderFlag([{ id: 'cream', orderPlaced: true }], 'butter')).toEqual([
      { id: 'cream', orderPlaced: true },
      { id: 'butter', orderPlaced: true },
    ]);
  });
  it('toggling an item with a flag flips only that flag', () => {
    const flags = [
      { id: 'cream', orderPlaced: true },
      { id: 'butter', orderPlaced: true },
    ];
    expect(toggleOrderFlag(flags, 'cream')).toEqual([
      { id: 'cream', orderPlaced: false },
      { id: 'butter', orderPlaced: true },
    ]);
    expect(toggleOrderFlag([{ id: 'cream', orderPlaced: false }], 'cream')).toEqual([
      { id: 'cream', orderPlaced: true },
    ]);
  });
});

describe('describeEventNeeds', () => {
  it('an event with no name is named by its id', () => {
    expect(describeEventNeeds([{ eventId: 4, eventName: '', eventDate: '2026-11-24', quantity: 2 }])).toBe('Event 4 2');
  });
});

describe('needToOrderItems (spec section 9: re-order level at or above on hand)', () => {
  it('lists the items at or below their re-order level, in inventory order', () => {
    const items = [item('cream', 5, 5), item('butter', 6, 5), item('salt', 0, 1)];
    expect(needToOrderItems(items).map((i) => i.id)).toEqual(['cream', 'salt']);
    expect(needToOrderItems([item('flour', 9, 2)])).toEqual([]);
  });
});

describe('pruneOrderFlags', () => {
  it('drops the flags of items that no longer exist and keeps the others as they are', () => {
    const flags = [
      { id: 'cream', orderPlaced: true },
      { id: 'gone', orderPlaced: true },
      { id: 'butter', orderPlaced: false },
    ];
    expect(pruneOrderFlags(flags, [{ id: 'butter' }, { id: 'cream' }])).toEqual([
      { id: 'cream', orderPlaced: true },
      { id: 'butter', orderPlaced: false },
    ]);
    expect(pruneOrderFlags(flags, [])).toEqual([]);
  });
});

describe('issue 25: specialty ingredients of the events ahead', () => {
  const event = (id: number, EventDate: string, ingredients: CateringEvent['ingredients']): CateringEvent => ({
    id,
    EventName: `Event ${id}`,
    CustomerFirstName: '',
    CustomerLastName: '',
    CustomerPhoneNumber: '',
    CustomerEmail: '',
    EventType: '',
    NumberOfGuests: 10,
    EventDate,
    StartTime: '12:00',
    EndTime: '13:00',
    VenueName: '',
    VenueStreetAddress: '',
    VenueCity: '',
    ingredients,
  });
  const line = (id: string, name: string, onHand: boolean, quantityNeeded: number) => ({
    id,
    name,
    units: 'g',
    unitQuantity: 1,
    quantityNeeded,
    onHand,
    needToOrder: !onHand,
    costPerUnit: 12.5,
    packageType: 'jar',
    supplierName: 'Spice Merchant',
  });
  const events = [
    event(7, '2026-12-01', [
      line('sp-1', 'Saffron threads', false, 2),
      line('sp-2', 'Vanilla', true, 1),
      line('sp-3', 'Nothing', false, 0),
    ]),
    event(8, '2026-11-24', [line('sp-4', 'Sumac', false, 1.5)]),
    event(9, '2026-12-30', [line('sp-5', 'Too late', false, 1)]),
    event(10, '2026-11-01', [line('sp-6', 'Past', false, 1)]),
  ];
  it('lists what is not On Hand, of the events in the window, by date, with cost and flag', () => {
    const lines = specialtyOrderLines(events, '2026-11-23', 14, [{ id: 'specialty:7:sp-1', orderPlaced: true }]);
    expect(lines.map((l) => [l.id, l.name, l.quantity, l.estimatedCost, l.placed])).toEqual([
      ['specialty:8:sp-4', 'Sumac', 1.5, 18.75, false],
      ['specialty:7:sp-1', 'Saffron threads', 2, 25, true],
    ]);
    expect(specialtyOrderLines(events, '2026-11-23', 7, [])).toHaveLength(1);
  });
  it('exports them with the demand columns, and their flags survive the pruning of inventory flags', () => {
    const rows = specialtyNeedRows(specialtyOrderLines(events, '2026-11-23', 14, []));
    expect(rows[1]).toMatchObject({
      kind: 'specialty',
      name: 'Saffron threads',
      supplierName: 'Spice Merchant',
      orderPlaced: false,
      neededForEvents: 2,
      neededFor: 'Event 7 2',
      estimatedCost: 25,
    });
    expect(
      pruneOrderFlags(
        [
          { id: 'specialty:7:sp-1', orderPlaced: true },
          { id: 'gone', orderPlaced: true },
        ],
        [],
      ),
    ).toEqual([{ id: 'specialty:7:sp-1', orderPlaced: true }]);
  });
});
