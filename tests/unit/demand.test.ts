import { describe, expect, it } from 'vitest';
import {
  computeDemand,
  computeDemandFromScratch,
  demandWindow,
  eventItemQuantities,
  isDemandWindow,
} from '../../src/domain/demand';
import {
  describeEventNeeds,
  estimatedCost,
  needsOrder,
  needToOrderLines,
  needToOrderRows,
  neededForEventsText,
  suggestedPackages,
} from '../../src/domain/needToOrder';
import type { CateringEvent, ChosenIngredient, InventoryItem } from '../../src/storage/schemas';

const ev = (id: number, EventName: string, EventDate: string, StartTime = '10:00'): CateringEvent => ({
  id,
  EventName,
  CustomerFirstName: 'A',
  CustomerLastName: 'B',
  CustomerPhoneNumber: 1,
  CustomerEmail: 'a@b.c',
  EventType: 'Other',
  NumberOfGuests: 10,
  EventDate,
  StartTime,
  EndTime: '23:00',
  VenueName: '',
  VenueStreetAddress: '',
  VenueCity: '',
  ingredients: [],
});
const line = (id: string, quantity: number, lineId = `L-${id}-${quantity}`): ChosenIngredient => ({
  lineId,
  id,
  name: id,
  category: 'Dairy',
  supplierName: 'Harbour Dairy',
  costPerUnit: 4.5,
  amountPerUnit: 1,
  unit: 'L',
  packageType: 'carton',
  quantity,
});
const item = (id: string, quantity: number, whenToOrder: number, costPerUnit = 4.5): InventoryItem => ({
  id,
  name: id,
  sku: `SKU-${id}`,
  category: 'Dairy',
  amountPerUnit: 1,
  unit: 'L',
  packageType: 'carton',
  quantity,
  costPerUnit,
  whenToOrder,
  supplierName: 'Harbour Dairy',
});

const today = '2026-11-23';

describe('demand window', () => {
  it('is today through today + N days, both ends inclusive (2026-11-23 + 7 = 2026-11-30; + 30 = 2026-12-23)', () => {
    expect(demandWindow(today, 7)).toEqual({ from: '2026-11-23', to: '2026-11-30' });
    expect(demandWindow(today, 14)).toEqual({ from: '2026-11-23', to: '2026-12-07' });
    expect(demandWindow(today, 30)).toEqual({ from: '2026-11-23', to: '2026-12-23' });
  });

  it('counts today and the last day, not yesterday nor the day after the window; unreadable dates are reported, not counted', () => {
    const events = [
      ev(1, 'Today', '2026-11-23', '23:30'),
      ev(2, 'Last day', '2026-11-30'),
      ev(3, 'Yesterday', '2026-11-22'),
      ev(4, 'Day after', '2026-12-01'),
      ev(5, 'Typo', '2026-02-30'),
      ev(6, 'Blank', ''),
    ];
    const lists = Object.fromEntries(events.map((e) => [String(e.id), [line('cream', 1)]]));
    const result = computeDemand(events, lists, today, 7);
    expect(result.byItem.get('cream')?.events.map((e) => e.eventName)).toEqual(['Today', 'Last day']);
    expect(result.byItem.get('cream')?.total).toBe(2);
    expect(result.counted).toBe(2);
    expect(result.undated.map((e) => e.id)).toEqual([5, 6]);
  });
});

describe('demand per item', () => {
  it('Smith Wedding 8 + Gala 4 = 12 cream; a line chosen twice adds (3 + 5 = 8); matched by item id, not name', () => {
    const events = [ev(2, 'Gala', '2026-11-30'), ev(1, 'Smith Wedding', '2026-11-25')];
    const lists = {
      '1': [line('cream', 3, 'a'), line('cream', 5, 'b'), { ...line('butter', 2), name: 'cream' }],
      '2': [line('cream', 4)],
    };
    const result = computeDemand(events, lists, today, 14);
    expect(result.byItem.get('cream')).toEqual({
      total: 12,
      events: [
        { eventId: 1, eventName: 'Smith Wedding', eventDate: '2026-11-25', quantity: 8 },
        { eventId: 2, eventName: 'Gala', eventDate: '2026-11-30', quantity: 4 },
      ],
    });
    expect(result.byItem.get('butter')?.total).toBe(2);
    expect(describeEventNeeds(result.byItem.get('cream')!.events)).toBe('Smith Wedding 8, Gala 4');
  });

  it('0.1 + 0.2 packages = 0.3; negative, zero and non-finite quantities add nothing', () => {
    expect(eventItemQuantities([line('x', 0.1, 'a'), line('x', 0.2, 'b')]).get('x')).toBeCloseTo(0.3, 12);
    const events = [ev(1, 'A', '2026-11-24'), ev(2, 'B', '2026-11-24')];
    const result = computeDemand(
      events,
      { '1': [line('x', 0.1)], '2': [line('x', 0.2), line('y', -3), line('y', 0, 'z'), line('y', Number.NaN, 'n')] },
      today,
      7,
    );
    expect(result.byItem.get('x')?.total).toBe(0.3);
    expect(result.byItem.has('y')).toBe(false);
  });

  it('an event with no ingredient list needs nothing; a changed list is summed again, an unchanged one is reused', () => {
    const events = [ev(1, 'A', '2026-11-24'), ev(2, 'B', '2026-11-24')];
    const listA = [line('x', 2)];
    const first = computeDemand(events, { '1': listA }, today, 7);
    expect(first.byItem.get('x')?.total).toBe(2);
    expect(eventItemQuantities(listA)).toBe(eventItemQuantities(listA));
    const second = computeDemand(events, { '1': listA, '2': [line('x', 5)] }, today, 7);
    expect(second.byItem.get('x')?.total).toBe(7);
  });
});

describe('demand after a change', () => {
  it('updating a few lists gives exactly what summing everything again gives (200 random changes)', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const events = Array.from({ length: 30 }, (_, i) =>
      ev(i + 1, `E${i + 1}`, `2026-11-${String(20 + (i % 10)).padStart(2, '0')}`, `${10 + (i % 3)}:00`),
    );
    const makeList = () =>
      Array.from({ length: Math.floor(rnd() * 4) }, (_, n) =>
        line(ids[Math.floor(rnd() * ids.length)]!, Math.round(rnd() * 50) / 10, `l${n}`),
      );
    let lists: Record<string, ChosenIngredient[]> = Object.fromEntries(events.map((e) => [String(e.id), makeList()]));
    computeDemand(events, lists, today, 7);
    for (let step = 0; step < 200; step++) {
      const changes = 1 + Math.floor(rnd() * 3);
      lists = { ...lists };
      for (let c = 0; c < changes; c++) {
        const id = String(1 + Math.floor(rnd() * events.length));
        if (rnd() < 0.2) delete lists[id];
        else lists[id] = makeList();
      }
      const updated = computeDemand(events, lists, today, 7);
      const fresh = computeDemandFromScratch(events, lists, today, 7);
      expect(updated.byItem.size).toBe(fresh.byItem.size);
      for (const [itemId, entry] of fresh.byItem) expect(updated.byItem.get(itemId)).toEqual(entry);
      expect(updated.counted).toBe(fresh.counted);
    }
  });
});

describe('need to order with demand', () => {
  it('on hand 20 - needed 12 = 8 <= re-order 8 needs ordering; on hand 21 - 12 = 9 > 8 does not', () => {
    expect(needsOrder(item('a', 20, 8), 12)).toBe(true);
    expect(needsOrder(item('a', 21, 8), 12)).toBe(false);
  });

  it('with no events it is the spec rule: on hand 5, re-order 5 needs ordering; on hand 6 does not', () => {
    expect(needsOrder(item('a', 5, 5))).toBe(true);
    expect(needsOrder(item('a', 6, 5))).toBe(false);
  });

  it('suggests 12 packages for on hand 5, needed 12, re-order 4 (5 + n - 12 > 4, n > 11)', () => {
    expect(suggestedPackages(item('a', 5, 4), 12)).toBe(12);
  });

  it('suggests 1 package for on hand 3, re-order 3, no events (3 + n > 3); 0 for on hand 4', () => {
    expect(suggestedPackages(item('a', 3, 3))).toBe(1);
    expect(suggestedPackages(item('a', 4, 3))).toBe(0);
  });

  it('suggests 1 package for on hand 2.5, needed 1.2, re-order 2 (1.3 + n > 2, n > 0.7, so 1)', () => {
    // 2.5 - 1.2 = 1.3 <= 2: needs ordering; smallest whole n with 1.3 + n > 2 is 1.
    expect(suggestedPackages(item('a', 2.5, 2), 1.2)).toBe(1);
  });

  it('suggests 3 packages for on hand 1.1, needed 2.9, re-order 1 (1.1 + n - 2.9 > 1, n > 2.8, so 3)', () => {
    expect(suggestedPackages(item('a', 1.1, 1), 2.9)).toBe(3);
  });

  it('suggests 2 packages for on hand 0.1 + 0.2 = 0.3, needed 0.3, re-order 1 (0 + n > 1), no binary artefact', () => {
    expect(suggestedPackages(item('a', 0.1 + 0.2, 1), 0.3)).toBe(2);
  });

  it('and the result clears the re-order level: after ordering, on hand - demand > re-order', () => {
    for (const [q, w, d] of [
      [5, 4, 12],
      [0, 0, 0],
      [7.5, 2.25, 9.1],
      [100, 10, 0.5],
    ] as const) {
      const n = suggestedPackages(item('a', q, w), d);
      expect(q + n - d).toBeGreaterThan(w);
      if (n > 0) expect(q + n - 1 - d).toBeLessThanOrEqual(w + 1e-9);
    }
  });

  it('estimates 12 packages x $4.50 = $54.00 and 3 x $1.005 = $3.02 (half away from zero)', () => {
    expect(estimatedCost(item('a', 0, 0, 4.5), 12)).toBe(54);
    expect(estimatedCost(item('a', 0, 0, 1.005), 3)).toBe(3.02);
  });

  it('lists the lines with demand, events, suggestion, cost and flag, and exports them as columns', () => {
    const events = [ev(1, 'Smith Wedding', '2026-11-25'), ev(2, 'Gala', '2026-11-30')];
    const demand = computeDemand(events, { '1': [line('cream', 8)], '2': [line('cream', 4)] }, today, 14).byItem;
    const items = [item('cream', 10, 2), item('flour', 50, 5), item('salt', 1, 2)];
    const lines = needToOrderLines(items, demand, [{ id: 'salt', orderPlaced: true }]);
    expect(lines.map((l) => [l.item.id, l.demand, l.suggested, l.estimatedCost, l.placed])).toEqual([
      ['cream', 12, 5, 22.5, false],
      ['salt', 0, 2, 9, true],
    ]);
    expect(neededForEventsText(lines[0]!)).toBe('Needed for events: 12 (Smith Wedding 8, Gala 4)');
    expect(neededForEventsText(lines[1]!)).toBe('Needed for events: 0');
    const [row] = needToOrderRows(lines);
    expect(row).toMatchObject({
      id: 'cream',
      orderPlaced: false,
      onHand: 10,
      neededForEvents: 12,
      neededFor: 'Smith Wedding 8, Gala 4',
      reorderLevel: 2,
      suggestedPackages: 5,
      estimatedCost: 22.5,
    });
  });
});

describe('demand windows offered', () => {
  it('7, 14 and 30 days are windows; other numbers are not', () => {
    expect([7, 14, 30].map(isDemandWindow)).toEqual([true, true, true]);
    expect([0, 10, 31].map(isDemandWindow)).toEqual([false, false, false]);
  });
});

describe('the events behind a total are in date order, then start time, then id', () => {
  it('whatever order the events are stored in', () => {
    const events = [
      ev(8, 'Early same day', '2026-11-25', '09:00'),
      ev(1, 'Last', '2026-11-29', '08:00'),
      ev(7, 'Tie B', '2026-11-25', '12:00'),
      ev(3, 'First', '2026-11-24', '20:00'),
      ev(9, 'Late same day', '2026-11-25', '18:00'),
      ev(4, 'Tie A', '2026-11-25', '12:00'),
    ];
    const lists = Object.fromEntries(events.map((e) => [String(e.id), [line('cream', 1)]]));
    const names = computeDemandFromScratch(events, lists, today, 7)
      .byItem.get('cream')!
      .events.map((e) => e.eventName);
    expect(names).toEqual(['First', 'Early same day', 'Tie A', 'Tie B', 'Late same day', 'Last']);
  });
});

describe('demand memo: a change of window, day or events is never answered from the last result', () => {
  const events = [ev(1, 'Soon', '2026-11-25'), ev(2, 'Later', '2026-12-10')];
  const lists = { '1': [line('cream', 2)], '2': [line('cream', 3)] };
  it('the same events and lists over 7 days, then 30 days, then 7 days again', () => {
    expect(computeDemand(events, lists, today, 7).byItem.get('cream')?.total).toBe(2);
    expect(computeDemand(events, lists, today, 30).byItem.get('cream')?.total).toBe(5);
    expect(computeDemandFromScratch(events, lists, today, 7).counted).toBe(1);
    expect(computeDemandFromScratch(events, lists, today, 30).counted).toBe(2);
    expect(computeDemand(events, lists, today, 7).byItem.get('cream')?.total).toBe(2);
  });
  it('another day moves the window', () => {
    expect(computeDemand(events, lists, today, 7).counted).toBe(1);
    expect(
      computeDemand(events, lists, '2026-12-05', 7)
        .byItem.get('cream')
        ?.events.map((e) => e.eventName),
    ).toEqual(['Later']);
  });
  it('a new events list (an event added) is counted with the same lists', () => {
    expect(computeDemand(events, lists, today, 7).counted).toBe(1);
    const more = [...events, ev(3, 'Added', '2026-11-26')];
    const result = computeDemand(more, { ...lists, '3': [line('cream', 4)] }, today, 7);
    expect(result.counted).toBe(2);
    expect(result.byItem.get('cream')?.total).toBe(6);
    const sameLists = computeDemand([ev(5, 'Only', '2026-11-27')], lists, today, 7);
    expect(sameLists.counted).toBe(1);
    expect(sameLists.byItem.size).toBe(0);
  });
  it('asking again with the same events and lists, or with the lists record rebuilt unchanged, gives back the same result object', () => {
    const first = computeDemand(events, lists, today, 7);
    expect(computeDemand(events, lists, today, 7)).toBe(first);
    expect(computeDemand(events, { ...lists }, today, 7)).toBe(first);
  });
});
