// @vitest-environment jsdom
/**
 * The accessors of spec section 3 (src/storage/keys.ts): which accessor reads which key, the ids
 * given to employees and ingredient-list lines that had none (the same on every read, never one in
 * use), events kept newest first, the per-event keys an event deletion takes, and deleted-event ids.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  accessorFor,
  deletedEventIdsStore,
  discountPercentageStore,
  employeesStore,
  eventCostingKeys,
  eventsStore,
  ingredientListStore,
  inventoryItemsStore,
  perEventStores,
  selectedItemsStore,
  staffListStore,
  suppliersStore,
  taxPercentageStore,
} from '../../src/storage/keys';
import { listRecovered } from '../../src/storage/recovered';
import { checkRecovered, discard, putBack } from '../../src/storage/recoveredActions';

const employee = (fields: Record<string, unknown> = {}) => ({
  firstName: 'Ana',
  lastName: 'Li',
  email: '',
  role: 'Cook',
  phone: '555',
  fullTimePartTime: 'fulltime',
  department: 'Kitchen',
  startDate: '2026-01-01',
  ...fields,
});
const line = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  name: `Item ${id}`,
  category: 'Dry',
  supplierName: '',
  costPerUnit: 1,
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'bag',
  quantity: 2,
  ...fields,
});
const event = (id: number) => ({
  id,
  EventName: `Event ${id}`,
  CustomerFirstName: 'A',
  CustomerLastName: 'B',
  CustomerPhoneNumber: '555',
  CustomerEmail: '',
  EventType: 'Wedding',
  NumberOfGuests: 80,
  EventDate: '2026-12-01',
  StartTime: '18:00',
  EndTime: '22:00',
  VenueName: '',
  VenueStreetAddress: '',
  VenueCity: '',
  ingredients: [],
});

beforeEach(() => localStorage.clear());

describe('which accessor reads which key', () => {
  it('the five collections, by name', () => {
    expect(accessorFor('inventoryItems')).toEqual({ kind: 'collection', accessor: inventoryItemsStore });
    expect(accessorFor('suppliers')).toEqual({ kind: 'collection', accessor: suppliersStore });
    expect(accessorFor('employees')).toEqual({ kind: 'collection', accessor: employeesStore });
    expect(accessorFor('events')).toEqual({ kind: 'collection', accessor: eventsStore });
    expect(accessorFor('selectedItems')).toEqual({ kind: 'collection', accessor: selectedItemsStore });
  });

  it('the per-event keys, each for its own event', () => {
    expect(accessorFor('ingredientList-12')).toEqual({ kind: 'collection', accessor: ingredientListStore(12) });
    expect(accessorFor('staffList-3')).toEqual({ kind: 'collection', accessor: staffListStore(3) });
    expect(accessorFor('7-discountPercentage')).toEqual({ kind: 'value', accessor: discountPercentageStore(7) });
    expect(accessorFor('7-taxPercentage')).toEqual({ kind: 'value', accessor: taxPercentageStore(7) });
    expect(ingredientListStore(12).key).toBe('ingredientList-12');
    expect(staffListStore(3).key).toBe('staffList-3');
    expect(discountPercentageStore(7).key).toBe('7-discountPercentage');
    expect(taxPercentageStore(7).key).toBe('7-taxPercentage');
    expect(ingredientListStore(12)).not.toBe(ingredientListStore(13));
  });

  it('per-event keys of events with ids of several digits', () => {
    expect(accessorFor('staffList-123')).toEqual({ kind: 'collection', accessor: staffListStore(123) });
    expect(accessorFor('45-discountPercentage')).toEqual({ kind: 'value', accessor: discountPercentageStore(45) });
    expect(accessorFor('45-taxPercentage')).toEqual({ kind: 'value', accessor: taxPercentageStore(45) });
  });

  it('the deleted event ids', () => {
    expect(accessorFor('deletedEventIds')).toEqual({ kind: 'value', accessor: deletedEventIdsStore });
  });

  it.each([
    'colorMode',
    'ingredientList-',
    'ingredientList-x',
    'xingredientList-1',
    'ingredientList-1x',
    'staffList-1 ',
    'x-discountPercentage',
    '1-discountPercentagex',
    '1-taxPercentage2',
    'a1-taxPercentage',
    'recovered:events:1',
    'xstaffList-1',
    'a1-discountPercentage',
  ])('%s has no accessor', (key) => {
    expect(accessorFor(key)).toBeNull();
  });

  it('an event’s keys, to take (and undo) with it', () => {
    expect(perEventStores(5).map((s) => s.key)).toEqual([
      'ingredientList-5',
      'staffList-5',
      '5-discountPercentage',
      '5-taxPercentage',
    ]);
  });

  it('an event’s figures are followed by the keys its accessors read (named without making them)', () => {
    expect(eventCostingKeys(7)).toEqual(
      [ingredientListStore(7), staffListStore(7), discountPercentageStore(7), taxPercentageStore(7)].map((s) => s.key),
    );
  });
});

describe('employees of the earlier app had no id', () => {
  it('each gets one from its content, the same on every read; a twin gets the next one', () => {
    const a = employee();
    localStorage.setItem('employees', JSON.stringify([a, employee({ firstName: 'Bo' }), a]));
    const first = employeesStore.read().map((e) => e.id!);
    expect(first[0]).toMatch(/^E-[0-9a-f]{8}[0-9a-z]+$/);
    expect(first[1]).toMatch(/^E-/);
    expect(first[1]).not.toBe(first[0]);
    expect(first[2]).toBe(`${first[0]}-2`);
    localStorage.setItem('employees', `${localStorage.getItem('employees')} `);
    expect(employeesStore.read().map((e) => e.id)).toEqual(first);
    expect(listRecovered()).toEqual([]);
  });

  it('more twins count on: the third identical employee gets -3', () => {
    const a = employee();
    localStorage.setItem('employees', JSON.stringify([a, a, a]));
    const [first, second, third] = employeesStore.read().map((e) => e.id!);
    expect([second, third]).toEqual([`${first}-2`, `${first}-3`]);
  });

  it('an employee with an id keeps it', () => {
    localStorage.setItem('employees', JSON.stringify([employee({ id: 'emp-1' })]));
    expect(employeesStore.read()[0]!.id).toBe('emp-1');
  });
});

describe('lines of an event’s ingredient list', () => {
  it('a line without its own id gets one from the item and its place; a line id in use is not taken twice', () => {
    localStorage.setItem(
      'ingredientList-4',
      JSON.stringify([line('a'), line('b', { lineId: 'L1' }), line('c', { lineId: 'L1' }), line('d', { lineId: '' })]),
    );
    expect(
      ingredientListStore(4)
        .read()
        .map((l) => l.lineId),
    ).toEqual(['L-a-0', 'L1', 'L-c-2', 'L-d-3']);
  });

  it('a derived line id already used by another line gets the next free one', () => {
    localStorage.setItem(
      'ingredientList-4',
      JSON.stringify([line('x', { lineId: 'L-a-2' }), line('y', { lineId: 'L-a-2-2' }), line('a')]),
    );
    expect(
      ingredientListStore(4)
        .read()
        .map((l) => l.lineId),
    ).toEqual(['L-a-2', 'L-a-2-2', 'L-a-2-3']);
  });
});

describe('events and deleted ids', () => {
  it('events are written newest first (by id, descending)', () => {
    expect(eventsStore.write([event(2), event(10), event(5)]).ok).toBe(true);
    expect((JSON.parse(localStorage.getItem('events')!) as Array<{ id: number }>).map((e) => e.id)).toEqual([10, 5, 2]);
  });

  it('deleted event ids are whole numbers; anything else is set aside with the reason', () => {
    expect(deletedEventIdsStore.read()).toEqual([]);
    localStorage.setItem('deletedEventIds', '[3,4]');
    expect(deletedEventIdsStore.read()).toEqual([3, 4]);
    localStorage.setItem('deletedEventIds', '[3,4.5]');
    expect(deletedEventIdsStore.read()).toEqual([]);
    expect(listRecovered()).toEqual([
      expect.objectContaining({ key: 'deletedEventIds', reason: expect.stringMatching(/^1: /) }),
    ]);
  });

  it('a percentage must be a finite number', () => {
    expect(taxPercentageStore(3).check('12')).toEqual({ ok: true, value: 12 });
    expect(taxPercentageStore(3).check('"x"')).toMatchObject({ ok: false });
    expect(taxPercentageStore(3).read()).toBe(0);
  });
});

describe('keys named like the built-in properties of objects', () => {
  it.each(['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf'])('%s has no accessor', (key) => {
    expect(accessorFor(key)).toBeNull();
  });

  it('a set-aside entry of such a key is refused with words on the Recovered data screen, never thrown', () => {
    localStorage.setItem('recovered:toString:1', JSON.stringify({ key: 'toString', text: '[]', reason: 'bad' }));
    const [entry] = listRecovered();
    expect(entry).toMatchObject({ key: 'toString' });
    expect(checkRecovered(entry!, '[]')).toEqual({
      ok: false,
      reason: 'the app no longer reads "toString", so it cannot be put back',
    });
    expect(putBack(entry!, '[]')).toMatchObject({ ok: false, reason: 'invalid' });
    expect(discard(entry!)).toEqual({ ok: true });
    expect(listRecovered()).toEqual([]);
  });
});

describe('an event’s percentages and staff list', () => {
  beforeEach(() => localStorage.clear());

  it.each([
    ['discount', discountPercentageStore],
    ['tax', taxPercentageStore],
  ])('the %s is 0 until set, reads the earlier "15%%" as 15, and says why a value cannot be read', (_, store) => {
    expect(store(4).read()).toBe(0);
    localStorage.setItem(store(4).key, '"15%"');
    expect(store(4).read()).toBe(15);
    expect(store(4).check('true')).toEqual({ ok: false, reason: 'value: expected a number, found true' });
    expect(store(4).check('"abc"')).toEqual({ ok: false, reason: 'value: expected a number, found the text "abc"' });
  });

  it('staff assignments are found by their id: an edit of the middle one leaves the others as they were', () => {
    const assignment = (id: string, name: string) => ({
      id,
      employeeId: `E-${id}`,
      name,
      role: 'Chef',
      shiftStart: '16:00',
      shiftEnd: '23:00',
    });
    localStorage.setItem(
      'staffList-4',
      JSON.stringify([assignment('A1', 'Ana'), assignment('A2', 'Bo'), assignment('A3', 'Cy')]),
    );
    const base = staffListStore(4).read();
    const next = base.map((a) => (a.id === 'A2' ? { ...a, name: 'Bea' } : a));
    expect(staffListStore(4).save(next, base)).toMatchObject({ ok: true, conflicts: [] });
    expect(
      staffListStore(4)
        .read()
        .map((a) => [a.id, a.name]),
    ).toEqual([
      ['A1', 'Ana'],
      ['A2', 'Bea'],
      ['A3', 'Cy'],
    ]);
  });

  it('an assignment of an earlier build with numbers for its ids reads them as text', () => {
    localStorage.setItem(
      'staffList-4',
      JSON.stringify([{ id: 1, employeeId: 2, name: 'Ana', role: 'Chef', shiftStart: '16:00', shiftEnd: '23:00' }]),
    );
    expect(staffListStore(4).read()).toEqual([
      { id: '1', employeeId: '2', name: 'Ana', role: 'Chef', shiftStart: '16:00', shiftEnd: '23:00' },
    ]);
  });
});
