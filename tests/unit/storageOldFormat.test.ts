// @vitest-environment jsdom
/**
 * What earlier versions of the app wrote (src/storage/normalize.ts): read as the value it meant when
 * that is clear (numbers typed as text, flags as "true"/"false", phones as numbers, missing lists,
 * notes as plain strings, bare percentages), and set aside with its text, never guessed at, when not.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { normalizeRecord } from '../../src/storage/normalize';
import { listRecovered } from '../../src/storage/recovered';
import {
  discountPercentageStore,
  eventsStore,
  ingredientListStore,
  inventoryItemsStore,
  selectedItemsStore,
  suppliersStore,
  taxPercentageStore,
} from '../../src/storage/keys';

const item = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  name: `Item ${id}`,
  sku: `SKU-${id}`,
  category: 'Dry Storage',
  amountPerUnit: 10,
  unit: 'kg',
  packageType: 'bag',
  quantity: 3,
  costPerUnit: 12.5,
  whenToOrder: 5,
  supplierName: 'Mill Co',
  ...fields,
});
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
const saffron = (fields: Record<string, unknown> = {}) => ({
  name: 'Saffron',
  units: 'grams',
  unitQuantity: 2,
  quantityNeeded: 3,
  onHand: false,
  needToOrder: true,
  costPerUnit: 3.25,
  packageType: 'box',
  supplierName: '',
  ...fields,
});

beforeEach(() => localStorage.clear());

describe('numbers stored as text', () => {
  it.each([
    ['3.25', 3.25],
    [' 4 ', 4],
    ['-2', -2],
    ['+7', 7],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['0', 0],
  ])('%j is read as %j', (text, value) => {
    localStorage.setItem('inventoryItems', JSON.stringify([item('1', { quantity: text })]));
    expect(inventoryItemsStore.read()).toEqual([expect.objectContaining({ id: '1', quantity: value })]);
    expect(listRecovered()).toEqual([]);
  });

  it.each(['', '   ', '3 kg', '1,5', '0x10', '0b11', '0o7', 'Infinity', '-Infinity', 'NaN', '1e999', '1_000', '4-5'])(
    '%j is set aside with its text, not read as a number, and the other items still show',
    (text) => {
      const bad = item('2', { quantity: text });
      localStorage.setItem('inventoryItems', JSON.stringify([item('1'), bad, item('3')]));
      expect(inventoryItemsStore.read().map((i) => i.id)).toEqual(['1', '3']);
      expect(listRecovered()).toEqual([
        expect.objectContaining({
          key: 'inventoryItems',
          text: JSON.stringify(bad),
          index: 1,
          id: '2',
          reason: expect.stringMatching(/^record 2, /),
        }),
      ]);
    },
  );

  it('every number field of an item, and the revision, is read from text', () => {
    localStorage.setItem(
      'inventoryItems',
      JSON.stringify([
        item('1', { amountPerUnit: '2.5', quantity: '3', costPerUnit: '1.25', whenToOrder: '4', rev: '6' }),
      ]),
    );
    expect(inventoryItemsStore.read()[0]).toMatchObject({
      amountPerUnit: 2.5,
      quantity: 3,
      costPerUnit: 1.25,
      whenToOrder: 4,
      rev: 6,
    });
  });

  it('nested lines of an event: specialty ingredients and price lines', () => {
    localStorage.setItem(
      'events',
      JSON.stringify([
        event(4, {
          NumberOfGuests: '80',
          ingredients: [saffron({ unitQuantity: '2', quantityNeeded: '3', costPerUnit: '3.25', perGuest: '0.5' })],
          pricing: [{ name: 'Dinner', price: '12.50', currency: 'CAD' }],
        }),
      ]),
    );
    const [read] = eventsStore.read();
    expect(read).toMatchObject({ id: 4, NumberOfGuests: 80, pricing: [{ price: 12.5 }] });
    expect(read!.ingredients[0]).toMatchObject({
      unitQuantity: 2,
      quantityNeeded: 3,
      costPerUnit: 3.25,
      perGuest: 0.5,
    });
  });

  it('an event whose nested price is not a number is set aside whole', () => {
    const bad = event(5, { pricing: [{ name: 'Dinner', price: '0x10', currency: 'CAD' }] });
    localStorage.setItem('events', JSON.stringify([event(6), bad]));
    expect(eventsStore.read().map((e) => e.id)).toEqual([6]);
    expect(listRecovered()).toEqual([expect.objectContaining({ key: 'events', text: JSON.stringify(bad), id: '5' })]);
  });

  it('an event id stored as text is read as its number', () => {
    localStorage.setItem('events', JSON.stringify([event('12' as never)]));
    expect(eventsStore.read()[0]!.id).toBe(12);
  });
});

describe('flags stored as text', () => {
  it('"true" and "false" are read as the flags they name', () => {
    localStorage.setItem(
      'events',
      JSON.stringify([event(4, { ingredients: [saffron({ onHand: 'true', needToOrder: 'false' })] })]),
    );
    expect(eventsStore.read()[0]!.ingredients[0]).toMatchObject({ onHand: true, needToOrder: false });
    localStorage.setItem(
      'selectedItems',
      JSON.stringify([
        { id: 'a', orderPlaced: 'true' },
        { id: 'b', orderPlaced: 'false' },
      ]),
    );
    expect(selectedItemsStore.read()).toEqual([
      { id: 'a', orderPlaced: true },
      { id: 'b', orderPlaced: false },
    ]);
  });

  it.each(['yes', 'TRUE', '1', 1, 0, ''])('%j is set aside, not taken for a flag', (flag) => {
    const bad = { id: 'b', orderPlaced: flag };
    localStorage.setItem('selectedItems', JSON.stringify([{ id: 'a', orderPlaced: true }, bad]));
    expect(selectedItemsStore.read()).toEqual([{ id: 'a', orderPlaced: true }]);
    expect(listRecovered()).toEqual([expect.objectContaining({ key: 'selectedItems', text: JSON.stringify(bad) })]);
  });
});

describe('text stored as numbers', () => {
  it('phones, ids, SKUs and supplier names that were numbers are read as their text', () => {
    localStorage.setItem(
      'inventoryItems',
      JSON.stringify([item(7 as never, { sku: 1234, name: 42, supplierName: 9 })]),
    );
    expect(inventoryItemsStore.read()[0]).toMatchObject({ id: '7', sku: '1234', name: '42', supplierName: '9' });
    localStorage.setItem(
      'suppliers',
      JSON.stringify([
        {
          supplierID: 3,
          supplierName: 77,
          email: '',
          phone: 4165550000,
          contractStatus: 'active',
          startDate: '',
          endDate: '',
        },
      ]),
    );
    expect(suppliersStore.read()[0]).toMatchObject({ supplierID: '3', supplierName: '77', phone: '4165550000' });
  });

  it('an event’s name and street that were numbers are read as text; a menu item number too', () => {
    localStorage.setItem(
      'events',
      JSON.stringify([event(4, { EventName: 2026, VenueStreetAddress: 10, menuItems: [3, 'Soup'] })]),
    );
    expect(eventsStore.read()[0]).toMatchObject({
      EventName: '2026',
      VenueStreetAddress: '10',
      menuItems: ['3', 'Soup'],
    });
  });

  it('a text field holding something else than a number or text is set aside', () => {
    const bad = item('2', { sku: { code: 1 } });
    localStorage.setItem('inventoryItems', JSON.stringify([item('1'), bad]));
    expect(inventoryItemsStore.read().map((i) => i.id)).toEqual(['1']);
    expect(listRecovered()).toEqual([expect.objectContaining({ text: JSON.stringify(bad) })]);
  });
});

describe('lists and notes of an event', () => {
  it('missing or null lists are empty lists', () => {
    const { ingredients: _, ...noIngredients } = event(4);
    localStorage.setItem('events', JSON.stringify([{ ...noIngredients, menuItems: null, pricing: null }]));
    expect(eventsStore.read()[0]).toMatchObject({ ingredients: [], menuItems: [], notes: [], pricing: [] });
  });

  it('a list stored as something else is set aside, not emptied', () => {
    const bad = event(5, { menuItems: 'Soup, Salad' });
    localStorage.setItem('events', JSON.stringify([event(6), bad]));
    expect(eventsStore.read().map((e) => e.id)).toEqual([6]);
    expect(listRecovered()).toEqual([expect.objectContaining({ key: 'events', text: JSON.stringify(bad) })]);
  });

  it('notes stored as plain strings are notes, each with an id that stays the same on every read', () => {
    localStorage.setItem(
      'events',
      JSON.stringify([event(4, { notes: ['Nut allergy', { notes: 'Cake at 9' }, 'Nut allergy'] })]),
    );
    const notes = eventsStore.read()[0]!.notes!;
    expect(notes.map((n) => n.notes)).toEqual(['Nut allergy', 'Cake at 9', 'Nut allergy']);
    const noteIds = notes.map((n) => n.id!);
    expect(new Set(noteIds).size).toBe(3);
    for (const id of noteIds) expect(id).toMatch(/^note-/);
    expect(noteIds[2]).toBe(`${noteIds[0]}-2`);
    // Another read (a change elsewhere in the value) gives the same ids.
    localStorage.setItem('events', localStorage.getItem('events')! + ' ');
    expect(eventsStore.read()[0]!.notes!.map((n) => n.id)).toEqual(noteIds);
    // Deleting the first note does not move the id of the second.
    localStorage.setItem('events', JSON.stringify([event(4, { notes: [{ notes: 'Cake at 9' }, 'Nut allergy'] })]));
    expect(eventsStore.read()[0]!.notes!.map((n) => n.id)).toEqual([noteIds[1], noteIds[0]]);
  });

  it('a note or ingredient that has an id keeps it, and a new id never takes one already used', () => {
    localStorage.setItem(
      'events',
      JSON.stringify([
        event(4, {
          notes: [{ id: 'n1', notes: 'Kept' }],
          ingredients: [saffron({ id: 'sp-1' }), saffron()],
        }),
      ]),
    );
    const read = eventsStore.read()[0]!;
    expect(read.notes).toEqual([{ id: 'n1', notes: 'Kept' }]);
    expect(read.ingredients[0]!.id).toBe('sp-1');
    expect(read.ingredients[1]!.id).toMatch(/^sp-[0-9a-f]{8}/);
  });

  it('a note that is neither text nor a note sets the event aside', () => {
    const bad = event(5, { notes: [7] });
    localStorage.setItem('events', JSON.stringify([bad]));
    expect(eventsStore.read()).toEqual([]);
    expect(listRecovered()).toEqual([expect.objectContaining({ text: JSON.stringify(bad) })]);
  });

  it('an ingredient list line whose numbers were text is read', () => {
    localStorage.setItem(
      'ingredientList-4',
      JSON.stringify([
        {
          lineId: 'L1',
          id: 5,
          name: 'Flour',
          category: 'Dry',
          supplierName: '',
          costPerUnit: '2',
          amountPerUnit: '1',
          unit: 'kg',
          packageType: 'bag',
          quantity: '6',
          perGuest: '0.25',
          rev: '1',
        },
      ]),
    );
    expect(ingredientListStore(4).read()[0]).toMatchObject({
      id: '5',
      costPerUnit: 2,
      amountPerUnit: 1,
      quantity: 6,
      perGuest: 0.25,
      rev: 1,
    });
  });
});

describe('percentages stored as the input’s text', () => {
  it.each([
    ['10', 10],
    ['"13"', 13],
    ['12.5%', 12.5],
    ['" 12.5% "', 12.5],
    ['"7%"', 7],
    ['', 0],
    ['""', 0],
    ['null', 0],
    ['  ', 0],
  ])('%j is read as %j', (text, value) => {
    localStorage.setItem('4-discountPercentage', text);
    localStorage.setItem('4-taxPercentage', text);
    expect(discountPercentageStore(4).read()).toBe(value);
    expect(taxPercentageStore(4).read()).toBe(value);
    expect(listRecovered()).toEqual([]);
  });

  it.each(['0x10', '"0x10"', 'ten', '"12,5"', 'true', '[10]', '{"v":1}', '1e999'])(
    '%j is set aside and the percentage reads as 0',
    (text) => {
      localStorage.setItem('4-taxPercentage', text);
      expect(taxPercentageStore(4).read()).toBe(0);
      expect(listRecovered()).toEqual([expect.objectContaining({ key: '4-taxPercentage', text })]);
    },
  );
});

describe('normalizeRecord', () => {
  it('leaves what is not a record as it is (the schema then refuses it)', () => {
    const kinds = { numbers: ['n'], lists: ['l'] };
    expect(normalizeRecord(null, kinds)).toBeNull();
    expect(normalizeRecord('x', kinds)).toBe('x');
    const list = [{ n: '1' }];
    expect(normalizeRecord(list, kinds)).toBe(list);
  });

  it('changes only the fields it lists, and only those present', () => {
    const kinds = { numbers: ['n'], texts: ['t'], booleans: ['b'], lists: ['l'] };
    expect(normalizeRecord({ n: '1', t: 2, b: 'true', other: '3' }, kinds)).toEqual({
      n: 1,
      t: '2',
      b: true,
      l: [],
      other: '3',
    });
    expect(normalizeRecord({ other: '3' }, { numbers: ['n'], texts: ['t'], booleans: ['b'] })).toEqual({ other: '3' });
    const original = { n: '1' };
    normalizeRecord(original, kinds);
    expect(original).toEqual({ n: '1' });
  });
});
