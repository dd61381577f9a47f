// @vitest-environment jsdom
/**
 * More of what earlier versions wrote (src/storage/normalize.ts), beyond
 * tests/unit/storageOldFormat.test.ts: every field each record type reads from text or from a
 * number (employees, staff, suppliers, specialty lines, selected items), numbers in every way a
 * person types them, fields left out staying left out, ids for notes that never take one in use,
 * and records or lines that are not records at all being set aside instead of breaking the read.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { decodePercent, giveEntryIds, normalizeRecord, numberFrom } from '../../src/storage/normalize';
import { listRecovered } from '../../src/storage/recovered';
import {
  discountPercentageStore,
  employeesStore,
  eventsStore,
  selectedItemsStore,
  staffListStore,
  suppliersStore,
} from '../../src/storage/keys';

const event = (id: number, fields: Record<string, unknown> = {}) => ({
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
  ...fields,
});
const employee = (fields: Record<string, unknown> = {}) => ({
  id: 'e1',
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

beforeEach(() => localStorage.clear());

describe('numbers as people type them', () => {
  it.each([
    ['12.75', 12.75],
    ['.25', 0.25],
    ['1E3', 1000],
    ['2e10', 2e10],
    ['1e-2', 0.01],
    ['1e+2', 100],
    ['-0.5', -0.5],
    ['  .125  ', 0.125],
  ])('%j is %j', (text, value) => {
    expect(numberFrom(text)).toBe(value);
  });

  it.each(['1e', 'e3', '1.2.3', '.', '-', '+', '1e2.5', '--1', '1 2', '٣'])('%j stays text', (text) => {
    expect(numberFrom(text)).toBe(text);
  });

  it('what is not text is left as it is', () => {
    expect(numberFrom(7)).toBe(7);
    expect(numberFrom(null)).toBeNull();
    expect(numberFrom(true)).toBe(true);
  });
});

describe('each record type’s fields', () => {
  it('an employee’s revision and hourly rate are read from text, its id and phone from numbers', () => {
    localStorage.setItem(
      'employees',
      JSON.stringify([employee({ id: 12, phone: 4165550000, rev: '3', hourlyRate: '22.5' })]),
    );
    expect(employeesStore.read()).toEqual([
      expect.objectContaining({ id: '12', phone: '4165550000', rev: 3, hourlyRate: 22.5 }),
    ]);
    expect(listRecovered()).toEqual([]);
  });

  it('an event’s revision is read from text', () => {
    localStorage.setItem('events', JSON.stringify([event(1, { rev: '3' })]));
    expect(eventsStore.read()).toMatchObject([{ id: 1, rev: 3 }]);
  });

  it('a staff assignment’s revision is read from text; its id, employee, name and role from numbers', () => {
    localStorage.setItem(
      'staffList-4',
      JSON.stringify([{ id: 1, employeeId: 2, name: 3, role: 4, shiftStart: '17:00', shiftEnd: '23:00', rev: '5' }]),
    );
    expect(staffListStore(4).read()).toEqual([
      { id: '1', employeeId: '2', name: '3', role: '4', shiftStart: '17:00', shiftEnd: '23:00', rev: 5 },
    ]);
  });

  it('a supplier’s revision is read from text', () => {
    localStorage.setItem(
      'suppliers',
      JSON.stringify([
        {
          supplierID: 's1',
          supplierName: 'Mill',
          email: '',
          phone: '555',
          contractStatus: 'active',
          startDate: '',
          endDate: '',
          rev: '2',
        },
      ]),
    );
    expect(suppliersStore.read()[0]).toMatchObject({ rev: 2 });
  });

  it('a specialty line’s name and supplier that were numbers are read as text', () => {
    const line = {
      id: 'sp-1',
      name: 42,
      units: 'g',
      unitQuantity: 1,
      quantityNeeded: 1,
      onHand: false,
      needToOrder: false,
      costPerUnit: 1,
      packageType: 'box',
      supplierName: 7,
    };
    localStorage.setItem('events', JSON.stringify([event(4, { ingredients: [line] })]));
    expect(eventsStore.read()[0]!.ingredients[0]).toMatchObject({ name: '42', supplierName: '7' });
  });

  it('a selected item’s id that was a number is read as text', () => {
    localStorage.setItem('selectedItems', JSON.stringify([{ id: 5, orderPlaced: false }]));
    expect(selectedItemsStore.read()).toEqual([{ id: '5', orderPlaced: false }]);
  });

  it('a number field holding something that is not a number is left for the schema to refuse', () => {
    localStorage.setItem('employees', JSON.stringify([employee({ hourlyRate: 'twenty' })]));
    expect(employeesStore.read()).toEqual([]);
    expect(listRecovered()).toEqual([expect.objectContaining({ key: 'employees' })]);
  });
});

describe('normalizeRecord leaves out what was left out', () => {
  it('a field named in the kinds but absent stays absent, not undefined', () => {
    const out = normalizeRecord({ other: '3' }, { numbers: ['n'], texts: ['t'], booleans: ['b'] }) as object;
    expect(Object.keys(out)).toEqual(['other']);
  });

  it('a nested list that is absent or not a list is left as it is', () => {
    const kinds = { nested: { lines: { numbers: ['n'] } } };
    expect(normalizeRecord({ a: 1 }, kinds)).toStrictEqual({ a: 1 });
    expect(normalizeRecord({ lines: 'none' }, kinds)).toStrictEqual({ lines: 'none' });
    expect(normalizeRecord({ lines: [{ n: '2' }, 'x'] }, kinds)).toStrictEqual({ lines: [{ n: 2 }, 'x'] });
  });

  it('without kinds, a record is copied as it is', () => {
    const record = { n: '1' };
    const out = normalizeRecord(record, {});
    expect(out).toStrictEqual({ n: '1' });
    expect(out).not.toBe(record);
  });
});

describe('records and lines that are not records', () => {
  it('an event that is not a record is set aside; the others still show', () => {
    localStorage.setItem('events', JSON.stringify([event(6), null, 'party', [1]]));
    expect(eventsStore.read().map((e) => e.id)).toEqual([6]);
    expect(
      listRecovered()
        .map((e) => e.text)
        .sort(),
    ).toEqual(['"party"', '[1]', 'null']);
  });

  it('an event whose menu holds something else than text or a number is set aside', () => {
    const bad = event(5, { menuItems: ['Soup', { dish: 'Salad' }] });
    localStorage.setItem('events', JSON.stringify([event(6), bad]));
    expect(eventsStore.read().map((e) => e.id)).toEqual([6]);
    expect(listRecovered()).toEqual([expect.objectContaining({ text: JSON.stringify(bad) })]);
  });

  it('an event whose specialty lines are not a list is set aside', () => {
    const bad = event(5, { ingredients: 'saffron' });
    localStorage.setItem('events', JSON.stringify([event(6), bad]));
    expect(eventsStore.read().map((e) => e.id)).toEqual([6]);
    expect(listRecovered()).toEqual([expect.objectContaining({ text: JSON.stringify(bad) })]);
  });

  it('an event with a note or a line that is null is set aside, not read with a broken note', () => {
    const badNote = event(5, { notes: [null] });
    const badLine = event(7, { ingredients: [null] });
    localStorage.setItem('events', JSON.stringify([event(6), badNote, badLine]));
    expect(eventsStore.read().map((e) => e.id)).toEqual([6]);
    expect(listRecovered()).toHaveLength(2);
  });
});

describe('ids for entries that had none', () => {
  it('never take an id already used by another entry', () => {
    const [derived] = giveEntryIds([{ notes: 'Nut allergy' }], 'note') as Array<{ id: string }>;
    expect(derived!.id).toMatch(/^note-[0-9a-f]{8}/);
    const out = giveEntryIds([{ id: derived!.id, notes: 'Other' }, { notes: 'Nut allergy' }], 'note');
    expect(out).toEqual([
      { id: derived!.id, notes: 'Other' },
      { notes: 'Nut allergy', id: `${derived!.id}-2` },
    ]);
  });

  it('three identical entries get the derived id, then -2, then -3', () => {
    const out = giveEntryIds([{ notes: 'Same' }, { notes: 'Same' }, { notes: 'Same' }], 'note') as Array<{
      id: string;
    }>;
    const base = out[0]!.id;
    expect(out.map((e) => e.id)).toEqual([base, `${base}-2`, `${base}-3`]);
  });

  it('an id that is not text is not counted as used, and is replaced by a derived one', () => {
    const out = giveEntryIds([{ id: 5, notes: 'A' }], 'note') as Array<{ id: unknown }>;
    expect(out[0]!.id).toMatch(/^note-/);
  });

  it('entries that are not records are left as they are', () => {
    const list = [null, 'x', 3, ['a']];
    expect(giveEntryIds(list, 'note')).toEqual([null, 'x', 3, ['a']]);
  });

  it('are derived with the prefix given', () => {
    const [line] = giveEntryIds([{ name: 'Saffron' }], 'sp') as Array<{ id: string }>;
    expect(line!.id).toMatch(/^sp-[0-9a-f]{8}[0-9a-z]+$/);
  });
});

describe('percentages typed with a sign or spaces', () => {
  it.each([
    [' 12.5% ', 12.5],
    ['8%', 8],
    ['"0"', 0],
  ])('%j is read as %j', (text, value) => {
    localStorage.setItem('4-discountPercentage', text);
    expect(discountPercentageStore(4).read()).toBe(value);
    expect(listRecovered()).toEqual([]);
  });

  it.each(['1%2', '"1%2"', '%5', '"%5"'])('%j is set aside', (text) => {
    localStorage.setItem('4-discountPercentage', text);
    expect(discountPercentageStore(4).read()).toBe(0);
    expect(listRecovered()).toEqual([expect.objectContaining({ key: '4-discountPercentage', text })]);
  });

  it('decodePercent always decodes; the schema decides', () => {
    expect(decodePercent('x')).toEqual({ ok: true, value: 'x' });
    expect(decodePercent('[1]')).toEqual({ ok: true, value: [1] });
    expect(decodePercent(' null ')).toEqual({ ok: true, value: 0 });
  });
});
