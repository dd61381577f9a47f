import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { isAllergyNote } from '../../src/domain/eventSheet';
import { addDays } from '../../src/domain/eventDates';
import { buildMockData } from '../../src/domain/mockData';
import { describeCollections, existingCollections } from '../../src/domain/mockDataInfo';
import { needToOrderItems } from '../../src/domain/needToOrder';
import { upcomingEvents } from '../../src/domain/upcoming';
import {
  chosenIngredientSchema,
  employeeSchema,
  eventSchema,
  inventoryItemSchema,
  supplierSchema,
} from '../../src/storage/schemas';

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
    expect(
      events.filter((e) => e.EventDate > upcomingEvents(events, day).at(-1)!.EventDate).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('has at least two items to order and suppliers that exist', () => {
    expect(needToOrderItems(mock.inventoryItems).length).toBeGreaterThanOrEqual(2);
    const names = new Set(mock.suppliers.map((s) => s.supplierName));
    expect(mock.inventoryItems.every((i) => names.has(i.supplierName))).toBe(true);
    expect(new Set(mock.inventoryItems.map((i) => i.id)).size).toBe(10);
  });

  const days = ['2026-11-21', '2027-02-27', '2027-03-01', '2028-02-29', '2028-12-31'];

  it.each(days)('events differ in menu, guests, type and price lines, and some notes mention allergies (%s)', (day) => {
    const { events } = buildMockData(day);
    expect(new Set(events.map((e) => JSON.stringify(e.menuItems))).size).toBe(10);
    expect(new Set(events.map((e) => e.EventType)).size).toBe(10);
    expect(new Set(events.map((e) => e.NumberOfGuests)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(events.map((e) => JSON.stringify((e.pricing ?? []).map((p) => p.name)))).size).toBe(10);
    expect(events.every((e) => (e.menuItems ?? []).length >= 3 && (e.pricing ?? []).length >= 2)).toBe(true);
    const withAllergy = events.filter((e) => (e.notes ?? []).some((n) => isAllergyNote(n.notes)));
    expect(withAllergy.length).toBeGreaterThanOrEqual(3);
    expect(withAllergy.length).toBeLessThan(10);
    // One of the events within 7 days has an allergy note (the event sheet shows it).
    expect(withAllergy.some((e) => e.EventDate >= day && e.EventDate <= addDays(day, 7))).toBe(true);
    // One event ends after midnight (19:00 to 01:00).
    expect(events.some((e) => e.EndTime < e.StartTime)).toBe(true);
  });

  it.each(days)(
    'every event has its Tool Kit keys: ingredient lines of real items, some per guest, discount and tax in range (%s)',
    (day) => {
      const mock = buildMockData(day);
      const items = new Map(mock.inventoryItems.map((i) => [i.id, i]));
      expect(mock.perEvent.map((k) => k.eventId)).toEqual(mock.events.map((e) => e.id));
      let perGuest = 0;
      for (const keys of mock.perEvent) {
        const event = mock.events.find((e) => e.id === keys.eventId)!;
        expect(keys.ingredientList.length).toBeGreaterThanOrEqual(2);
        expect(z.array(chosenIngredientSchema).safeParse(keys.ingredientList).success).toBe(true);
        expect(new Set(keys.ingredientList.map((l) => l.lineId)).size).toBe(keys.ingredientList.length);
        for (const line of keys.ingredientList) {
          const item = items.get(line.id);
          expect(item, `${line.name} of event ${event.id}`).toBeDefined();
          expect({
            name: line.name,
            supplierName: line.supplierName,
            packageType: line.packageType,
            costPerUnit: line.costPerUnit,
          }).toEqual({
            name: item!.name,
            supplierName: item!.supplierName,
            packageType: item!.packageType,
            costPerUnit: item!.costPerUnit,
          });
          expect(line.quantity).toBeGreaterThan(0);
          const { per, perGuest: one } = line as { per?: string; perGuest?: number };
          if (per === 'guest') {
            perGuest++;
            // The total is already scaled to the event's guests (rounded up to a hundredth at most).
            expect(line.quantity).toBeGreaterThanOrEqual(one! * event.NumberOfGuests - 1e-9);
            expect(line.quantity - one! * event.NumberOfGuests).toBeLessThan(0.01);
          } else expect(per).toBeUndefined();
        }
        expect(keys.discountPercentage).toBeGreaterThanOrEqual(0);
        expect(keys.discountPercentage).toBeLessThanOrEqual(100);
        expect(keys.taxPercentage).toBeGreaterThanOrEqual(0);
        expect(keys.taxPercentage).toBeLessThanOrEqual(100);
      }
      expect(perGuest).toBeGreaterThanOrEqual(5);
      expect(new Set(mock.perEvent.map((k) => k.ingredientList.map((l) => `${l.id}:${l.quantity}`).join())).size).toBe(
        10,
      );
      expect(mock.events.filter((e) => e.ingredients.length > 0).length).toBeGreaterThanOrEqual(6);
    },
  );

  it.each(days)('demand of the events ahead pushes more items into Need to Order as the window grows (%s)', (day) => {
    const mock = buildMockData(day);
    expect(mock.events.some((e) => e.EventDate >= day && e.EventDate <= addDays(day, 7))).toBe(true);
    // Hand-worked demand (helper A's needToOrder owns the real one): the chosen quantities of the window's events.
    const pushedIn = (days: number) => {
      const ahead = new Set(
        mock.events.filter((e) => e.EventDate >= day && e.EventDate <= addDays(day, days)).map((e) => e.id),
      );
      const demand = new Map<string, number>();
      for (const keys of mock.perEvent) {
        if (!ahead.has(keys.eventId)) continue;
        for (const line of keys.ingredientList) demand.set(line.id, (demand.get(line.id) ?? 0) + line.quantity);
      }
      return mock.inventoryItems
        .filter((i) => i.quantity > i.whenToOrder && i.quantity - (demand.get(i.id) ?? 0) <= i.whenToOrder)
        .map((i) => i.name);
    };
    // 7 days (events 6, 7, 8): salmon 40 x 0.15 + 85 x 0.15 = 18.75 bags against 6 on hand.
    expect(pushedIn(7)).toEqual(['Atlantic Salmon Fillet']);
    // 14 days (+ 9, 10): tomatoes 4 + 3 + 60 x 0.05 = 10 of 12 (re-order 4); apples 2 + 2 of 5 (2); pinot 15 + 24 of 24 (6).
    expect(pushedIn(14)).toEqual(['Roma Tomatoes', 'Atlantic Salmon Fillet', 'Granny Smith Apples', 'Pinot Noir']);
    // 30 days (+ 11): flour 1 + 2 + 150 x 0.03 = 7.5 of 8 (2); San Marzano 6 + 150 x 0.1 = 21 of 30 (10).
    expect(pushedIn(30)).toEqual([
      'Roma Tomatoes',
      'Atlantic Salmon Fillet',
      'All-Purpose Flour',
      'Granny Smith Apples',
      'Pinot Noir',
      'San Marzano Tomatoes',
    ]);
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

describe('how the mock data is built from its sample records', () => {
  const build = () => buildMockData('2026-11-21');

  it('gives inventory items timestamp-like ids 1700000000001 to 1700000000010, each with a supplier of the mock suppliers', () => {
    const mock = build();
    expect(mock.inventoryItems.map((i) => i.id)).toEqual(
      Array.from({ length: 10 }, (_, n) => String(1700000000001 + n)),
    );
    expect(mock.inventoryItems.map((i) => i.supplierName)).toEqual(mock.suppliers.map((s) => s.supplierName));
  });

  it("numbers each event's ingredient lines L-mock-<event id>-1, -2, ...", () => {
    for (const keys of build().perEvent) {
      expect(keys.ingredientList.map((l) => l.lineId)).toEqual(
        keys.ingredientList.map((_, i) => `L-mock-${keys.eventId}-${i + 1}`),
      );
    }
  });

  it('numbers specialty ingredients spec-<event id>-1, -2, ...; a per-guest one is scaled to the guests, a fixed one keeps its quantity', () => {
    const { events } = build();
    let perGuest = 0;
    let fixed = 0;
    for (const event of events) {
      expect(event.ingredients.map((s) => s.id)).toEqual(event.ingredients.map((_, i) => `spec-${event.id}-${i + 1}`));
      for (const s of event.ingredients) {
        const line = s as typeof s & { per?: string; perGuest?: number };
        expect(line.name.length, `${event.id} ${line.id}`).toBeGreaterThan(0);
        expect(line.quantityNeeded).toBeGreaterThan(0);
        if (line.per === 'guest') {
          perGuest++;
          expect(line.quantityNeeded).toBe(Math.ceil(line.perGuest! * event.NumberOfGuests * 100) / 100);
        } else {
          fixed++;
          expect('perGuest' in line).toBe(false);
        }
      }
    }
    expect(perGuest).toBeGreaterThanOrEqual(1);
    expect(fixed).toBeGreaterThanOrEqual(1);
    // Event 7 (Tech Meetup, 85 guests): 0.02 kg of sushi rice per guest is 1.7 kg.
    expect(events.find((e) => e.id === 7)?.ingredients[0]).toMatchObject({
      id: 'spec-7-1',
      per: 'guest',
      perGuest: 0.02,
      quantityNeeded: 1.7,
      units: 'Kg',
    });
  });

  it('gives each event a phone number ending in its id and a lower-case first.last@example.com e-mail', () => {
    for (const event of build().events) {
      expect(event.CustomerPhoneNumber).toBe(6045550300 + event.id);
      expect(event.CustomerEmail).toBe(
        `${event.CustomerFirstName}.${event.CustomerLastName}@example.com`.toLowerCase(),
      );
    }
    expect(build().events[0]).toMatchObject({
      id: 4,
      CustomerPhoneNumber: 6045550304,
      CustomerEmail: 'eleanor.price@example.com',
    });
  });

  it('numbers notes note-<event id>-1, -2, ... and price lines price-<event id>-1, -2, ..., all priced in CAD', () => {
    for (const event of build().events) {
      expect((event.notes ?? []).map((n) => n.id)).toEqual(
        (event.notes ?? []).map((_, i) => `note-${event.id}-${i + 1}`),
      );
      expect((event.pricing ?? []).map((p) => p.id)).toEqual(
        (event.pricing ?? []).map((_, i) => `price-${event.id}-${i + 1}`),
      );
      expect((event.pricing ?? []).every((p) => p.currency === 'CAD')).toBe(true);
    }
  });

  it('prices service staff at 4.50 per guest on every event', () => {
    for (const event of build().events) {
      const staff = (event.pricing ?? []).find((p) => p.name === 'Service staff');
      expect(staff?.price, `event ${event.id}`).toBeCloseTo(event.NumberOfGuests * 4.5, 2);
    }
    expect(build().events[0]?.pricing?.find((p) => p.name === 'Service staff')?.price).toBe(540);
  });

  it('gives fresh copies of suppliers and employees too', () => {
    const first = build();
    first.suppliers[0]!.supplierName = 'Changed';
    first.employees[0]!.firstName = 'Changed';
    const again = build();
    expect(again.suppliers[0]!.supplierName).not.toBe('Changed');
    expect(again.employees[0]!.firstName).not.toBe('Changed');
    expect(again.employees.every((e) => typeof e.firstName === 'string' && e.firstName.length > 0)).toBe(true);
    expect(again.suppliers.every((s) => typeof s.supplierName === 'string' && s.supplierName.length > 0)).toBe(true);
  });
});
