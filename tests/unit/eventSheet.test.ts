import { beforeAll, describe, expect, it } from 'vitest';
import {
  allergyTerms,
  buildEventSheet,
  type EventSheet,
  formatSheetDate,
  isAllergyNote,
  parseSheetId,
  sheetTimes,
} from '../../src/domain/eventSheet';
import type { CateringEvent, ChosenIngredient, InventoryItem } from '../../src/storage/schemas';

describe('allergy notes', () => {
  it.each([
    ['Guest at table 4 has a severe peanut allergy', ['peanut', 'allergy']],
    ['Two guests are allergic to shellfish', ['allergic', 'shellfish']],
    ['Bride is coeliac: keep everything gluten-free', ['coeliac', 'gluten']],
    ['NUT-FREE kitchen please', ['nut']],
    ['3 vegan plates, 2 vegetarian', ['vegan', 'vegetarian']],
    ['No dairy for the groom', ['dairy']],
    ['Tree nuts and sesame on a separate board', ['tree nuts', 'sesame']],
    ['Carries an EpiPen', ['epipen']],
    ['Lactose intolerant guest', ['lactose', 'intolerant']],
  ])('"%s" is an allergy note (%j)', (text, terms) => {
    expect(isAllergyNote(text)).toBe(true);
    expect(allergyTerms(text)).toEqual(terms);
  });

  it.each([
    'Confirm final guest count with Priya.',
    'Add nutmeg to the eggnog? no: a pinch of nutmeg on the custard',
    'Set up 10 minutes before the doors open',
    'Donut wall by the entrance',
    'Parking is behind the hall',
    '',
  ])('"%s" is not', (text) => {
    expect(isAllergyNote(text)).toBe(false);
  });
});

describe('dates and times', () => {
  it('writes the date out in words, leaves a bad one as stored', () => {
    expect(formatSheetDate('2026-11-21')).toBe('Saturday, November 21, 2026');
    expect(formatSheetDate('21/11/2026')).toBe('21/11/2026');
    expect(formatSheetDate('')).toBe('—');
  });

  it('20:00 to 01:00 ends the next day; 12:00 to 13:30 the same day', () => {
    expect(sheetTimes('2026-11-21', '20:00', '01:00')).toEqual({
      start: '20:00',
      end: '01:00',
      endsNextDay: true,
      endDate: 'Sunday, November 22, 2026',
    });
    expect(sheetTimes('2026-12-31', '22:00', '00:30').endDate).toBe('Friday, January 1, 2027');
    expect(sheetTimes('2026-11-21', '12:00', '13:30')).toEqual({
      start: '12:00',
      end: '13:30',
      endsNextDay: false,
      endDate: null,
    });
    expect(sheetTimes('2026-11-21', '', '')).toEqual({ start: '—', end: '—', endsNextDay: false, endDate: null });
  });
});

describe('route id', () => {
  it('takes whole positive ids only', () => {
    expect(parseSheetId('12')).toBe(12);
    expect(parseSheetId('0')).toBeNull();
    expect(parseSheetId('abc')).toBeNull();
    expect(parseSheetId('1.5')).toBeNull();
    expect(parseSheetId('-3')).toBeNull();
    expect(parseSheetId(undefined)).toBeNull();
    expect(parseSheetId('99999999999999999999')).toBeNull();
  });
});

const item = (id: string, over: Partial<InventoryItem> = {}): InventoryItem => ({
  id,
  name: `Item ${id}`,
  sku: `S-${id}`,
  category: 'Dry Storage',
  amountPerUnit: 5,
  unit: 'kg',
  packageType: 'box',
  quantity: 7,
  costPerUnit: 10,
  whenToOrder: 2,
  supplierName: 'Pantry Dry Goods',
  ...over,
});
const line = (
  id: string,
  quantity: number,
  over: Partial<ChosenIngredient> & { per?: 'event' | 'guest'; perGuest?: number } = {},
): ChosenIngredient => ({
  lineId: `L-${id}`,
  id,
  name: `Item ${id}`,
  category: 'Dry Storage',
  supplierName: 'Pantry Dry Goods',
  costPerUnit: 10,
  amountPerUnit: 5,
  unit: 'kg',
  packageType: 'box',
  quantity,
  ...over,
});
const event: CateringEvent = {
  id: 9,
  EventName: 'Baby Shower for Mia',
  CustomerFirstName: 'Hannah',
  CustomerLastName: 'Lopez',
  CustomerPhoneNumber: 6045550309,
  CustomerEmail: 'hannah@example.com',
  EventType: 'Baby Shower',
  NumberOfGuests: 1250,
  EventDate: '2026-11-21',
  StartTime: '20:00',
  EndTime: '01:00',
  VenueName: 'Lopez Family Home',
  VenueStreetAddress: '9 Maple Crescent',
  VenueCity: 'Richmond',
  ingredients: [
    {
      id: 'sp-1',
      name: 'Edible Flowers',
      units: 'grams',
      unitQuantity: 50,
      quantityNeeded: 2,
      onHand: false,
      needToOrder: true,
      costPerUnit: 12.5,
      packageType: 'container',
      supplierName: 'Orchard Row Fruits',
    },
    {
      id: 'sp-2',
      name: 'Vanilla Pods',
      units: 'each',
      unitQuantity: 10,
      quantityNeeded: 1,
      onHand: true,
      needToOrder: false,
      costPerUnit: 20,
      packageType: 'bag',
      supplierName: 'Pantry Dry Goods',
    },
  ],
  menuItems: ['Finger sandwiches', '  ', 'Lemon tart'],
  notes: [
    { id: 'n1', notes: 'Confirm final guest count with Hannah.' },
    { id: 'n2', notes: 'Mia is allergic to tree nuts.' },
    { id: 'n3', notes: ' ' },
  ],
  pricing: [
    { id: 'p1', name: 'Service staff', price: 112.5, currency: 'CAD' },
    { id: 'p2', name: 'Cake', price: 80, currency: 'usd' },
  ],
};

describe('the sheet of one event', () => {
  const items = [item('a', { category: 'Frozen', supplierName: 'Frost Line Frozen Foods', quantity: 4 }), item('b')];
  const lines = [
    line('a', 3),
    line('b', 2.5, { per: 'guest', perGuest: 0.002 }),
    line('gone', 1, { name: 'Old Flour', category: 'Dry Storage' }),
  ];
  // Built before the tests, not while they are collected: a crash fails the tests instead of the file's load.
  let sheet: EventSheet;
  beforeAll(() => {
    sheet = buildEventSheet({ event, lines, items, discountPercent: 10, taxPercent: 5 });
  });

  it('shows customer, venue, date and times, guests and type', () => {
    expect(sheet.customer).toEqual({ name: 'Hannah Lopez', phone: '6045550309', email: 'hannah@example.com' });
    expect(sheet.venue).toEqual({ name: 'Lopez Family Home', address: '9 Maple Crescent', city: 'Richmond' });
    expect(sheet.date).toBe('Saturday, November 21, 2026');
    expect(sheet.times.endDate).toBe('Sunday, November 22, 2026');
    expect(sheet.guests).toBe('1,250');
    expect(sheet.type).toBe('Baby Shower');
  });

  it('keeps the menu and notes that are not blank, marking the allergy note', () => {
    expect(sheet.menu).toEqual(['Finger sandwiches', 'Lemon tart']);
    expect(sheet.notes).toEqual([
      { id: 'n1', text: 'Confirm final guest count with Hannah.', allergy: false },
      { id: 'n2', text: 'Mia is allergic to tree nuts.', allergy: true },
    ]);
    expect(sheet.hasAllergy).toBe(true);
  });

  it('pull list: 3 box = 15 kg from the Frozen shelf; a per-guest line; an item gone from the inventory keeps its line', () => {
    expect(sheet.pull).toEqual([
      {
        key: 'L-a',
        name: 'Item a',
        quantity: '3 box',
        amount: '15 kg',
        perGuest: '',
        supplier: 'Frost Line Frozen Foods',
        storage: 'Frozen',
        onHand: '4 box',
        flag: null,
      },
      {
        key: 'L-b',
        name: 'Item b',
        quantity: '2.5 box',
        amount: '12.5 kg',
        perGuest: '0.002 box per guest',
        supplier: 'Pantry Dry Goods',
        storage: 'Dry Storage',
        onHand: '7 box',
        flag: null,
      },
      {
        key: 'L-gone',
        name: 'Old Flour',
        quantity: '1 box',
        amount: '5 kg',
        perGuest: '',
        supplier: 'Pantry Dry Goods',
        storage: 'Dry Storage',
        onHand: '',
        flag: null,
      },
    ]);
  });

  it('specialty ingredients: 2 container = 100 g to order; 1 bag on hand', () => {
    expect(sheet.specialty).toEqual([
      {
        key: 'sp-1',
        name: 'Edible Flowers',
        quantity: '2 container',
        amount: '100 g',
        supplier: 'Orchard Row Fruits',
        status: 'To order',
        toOrder: true,
        flag: null,
      },
      {
        key: 'sp-2',
        name: 'Vanilla Pods',
        quantity: '1 bag',
        amount: '10 each',
        supplier: 'Pantry Dry Goods',
        status: 'On hand',
        toOrder: false,
        flag: null,
      },
    ]);
  });

  it('pricing: 112.50 + 80 + inventory 65 + specialty 45 = 302.50; -10 % = 272.25; +5 % = 285.86', () => {
    expect(sheet.pricing).toEqual({
      lines: [
        { key: 'p1', name: 'Service staff', price: '$112.50 CAD' },
        { key: 'p2', name: 'Cake', price: '$80.00 USD' },
      ],
      inventoryTotal: '$65.00 CAD',
      specialtyTotal: '$45.00 CAD',
      summary: {
        total: '$302.50 CAD',
        discountPercent: '10 %',
        discounted: '$272.25 CAD',
        taxPercent: '5 %',
        taxed: '$285.86 CAD',
      },
      foreign: ['USD'],
    });
  });

  it('an event with nothing but a name reads dashes, not blanks or crashes', () => {
    const bare = buildEventSheet({
      event: {
        ...event,
        CustomerFirstName: '',
        CustomerLastName: '',
        CustomerEmail: '',
        CustomerPhoneNumber: '',
        VenueName: '',
        StartTime: '',
        EndTime: '',
        NumberOfGuests: Number.NaN,
        ingredients: [],
        menuItems: undefined,
        notes: undefined,
        pricing: undefined,
      },
      lines: [],
      items: [],
      discountPercent: 0,
      taxPercent: 0,
    });
    expect(bare.customer).toEqual({ name: '—', phone: '—', email: '—' });
    expect(bare.guests).toBe('—');
    expect(bare.menu).toEqual([]);
    expect(bare.hasAllergy).toBe(false);
    expect(bare.pricing.summary).toEqual({
      total: '$0.00 CAD',
      discountPercent: '0 %',
      discounted: '$0.00 CAD',
      taxPercent: '0 %',
      taxed: '$0.00 CAD',
    });
  });

  it('an ingredient line that is not a number makes the totals unavailable, as in the Pricing tool', () => {
    const broken = buildEventSheet({ event, lines: [line('a', Number.NaN)], items, discountPercent: 0, taxPercent: 0 });
    expect(broken.pricing.summary).toBeNull();
    expect(broken.pricing.inventoryTotal).toBe('—');
  });
});

describe('allergy terms are listed once each', () => {
  it('a word mentioned twice is listed once, first mention first', () => {
    expect(allergyTerms('No nut in the cake, no nut in the sauce, and no gluten')).toEqual(['nut', 'gluten']);
  });
});

describe('date and time edges', () => {
  it('a date of blanks only reads a dash; a bad date is shown trimmed', () => {
    expect(formatSheetDate('   ')).toBe('—');
    expect(formatSheetDate('  next week ')).toBe('next week');
  });

  it('blank times read dashes; times are shown trimmed', () => {
    expect(sheetTimes('2026-11-21', '  ', ' ')).toMatchObject({ start: '—', end: '—' });
    expect(sheetTimes('2026-11-21', ' 20:00 ', ' 21:00 ')).toMatchObject({ start: '20:00', end: '21:00' });
  });

  it('an end equal to the start is the same day', () => {
    expect(sheetTimes('2026-11-21', '20:00', '20:00')).toMatchObject({ endsNextDay: false, endDate: null });
  });

  it.each([
    ['late', '01:00'],
    ['20:00', '1am'],
    ['120:00', '01:00'],
    ['20:00x', '01:00'],
    ['20:00', 'x01:00'],
    ['24:00', '01:00'],
  ])('a time that is not HH:MM (%s to %s) never makes the event end the next day', (start, end) => {
    expect(sheetTimes('2026-11-21', start, end)).toMatchObject({ endsNextDay: false, endDate: null });
  });

  it('an end after midnight on a date that is not a date has no end date', () => {
    expect(sheetTimes('someday', '20:00', '01:00')).toMatchObject({ endsNextDay: true, endDate: null });
  });
});

describe('route id edges', () => {
  it.each(['', ' 12', '12 ', '+12', '1e3', '0x1A', '12abc'])('"%s" is not an id', (text) => {
    expect(parseSheetId(text)).toBeNull();
  });

  it('the largest 15-digit id is taken', () => {
    expect(parseSheetId('999999999999999')).toBe(999999999999999);
    expect(parseSheetId('0007')).toBe(7);
  });
});

describe('pull list edges', () => {
  const sheetOf = (lines: ChosenIngredient[], items: InventoryItem[] = []) =>
    buildEventSheet({ event, lines, items, discountPercent: 0, taxPercent: 0 }).pull;

  it('a line with no amount per unit (0 or below) shows no amount', () => {
    expect(sheetOf([line('x', 3, { amountPerUnit: 0 })])[0]!.amount).toBe('');
    expect(sheetOf([line('x', 3, { amountPerUnit: -2 })])[0]!.amount).toBe('');
    expect(sheetOf([line('x', 3, { amountPerUnit: Number.NaN })])[0]!.amount).toBe('');
  });

  it("the inventory item's amount per unit, unit, package, supplier and shelf win over the line's copy", () => {
    const row = sheetOf(
      [
        line('a', 2, {
          amountPerUnit: 9,
          unit: 'lb',
          packageType: 'case',
          supplierName: 'Old Supplier',
          category: 'Old Shelf',
        }),
      ],
      [
        item('a', {
          amountPerUnit: 4,
          unit: 'L',
          packageType: 'jug',
          supplierName: 'Dairy Co',
          category: 'Cooler',
          quantity: 6,
        }),
      ],
    )[0]!;
    expect(row).toMatchObject({
      quantity: '2 jug',
      amount: '8 L',
      supplier: 'Dairy Co',
      storage: 'Cooler',
      onHand: '6 jug',
    });
  });

  it("an item gone from the inventory uses the line's own amount, unit, supplier and shelf", () => {
    expect(
      sheetOf([
        line('x', 2, {
          amountPerUnit: 9,
          unit: 'lb',
          packageType: 'case',
          supplierName: 'Old Supplier',
          category: 'Old Shelf',
        }),
      ])[0],
    ).toMatchObject({
      quantity: '2 case',
      amount: '18 lb',
      supplier: 'Old Supplier',
      storage: 'Old Shelf',
      onHand: '',
    });
  });

  it('a quantity that is not a number reads a dash; no package type leaves no trailing space', () => {
    expect(sheetOf([line('x', Number.NaN)])[0]!.quantity).toBe('—');
    expect(sheetOf([line('x', 3, { packageType: '' })])[0]!.quantity).toBe('3');
  });

  it('only a per-guest line with a numeric per-guest quantity shows "per guest"', () => {
    expect(sheetOf([line('x', 3, { per: 'event', perGuest: 0.5 })])[0]!.perGuest).toBe('');
    expect(sheetOf([line('x', 3, { per: 'guest', perGuest: Number.NaN })])[0]!.perGuest).toBe('');
    expect(sheetOf([line('x', 3, { per: 'guest', perGuest: '0.5' as unknown as number })])[0]!.perGuest).toBe('');
    expect(sheetOf([line('x', 3, { per: 'guest', perGuest: 0.5 })])[0]!.perGuest).toBe('0.5 box per guest');
  });

  it('a line without a line id is keyed by item id and position', () => {
    const { lineId: _unused, ...noLineId } = line('x', 1);
    expect(sheetOf([line('a', 1), noLineId]).map((r) => r.key)).toEqual(['L-a', 'x-1']);
  });

  it('a line missing its name or supplier reads a dash', () => {
    const bare = { ...line('x', 1), name: undefined, supplierName: null } as unknown as ChosenIngredient;
    expect(sheetOf([bare])[0]).toMatchObject({ name: '—', supplier: '—' });
  });
});

describe('specialty and pricing edges', () => {
  const spec = (over: Partial<CateringEvent['ingredients'][number]> = {}) => ({
    name: 'Saffron',
    units: 'g',
    unitQuantity: 2,
    quantityNeeded: 3,
    onHand: false,
    needToOrder: false,
    costPerUnit: 4,
    packageType: 'jar',
    supplierName: 'Spice Co',
    ...over,
  });
  const sheetOf = (over: Partial<CateringEvent>) =>
    buildEventSheet({ event: { ...event, ...over }, lines: [], items: [], discountPercent: 0, taxPercent: 0 });

  it('status: neither box ticked is "Not set", both is "On hand, To order"', () => {
    expect(
      sheetOf({ ingredients: [spec(), spec({ onHand: true, needToOrder: true })] }).specialty.map((r) => r.status),
    ).toEqual(['Not set', 'On hand, To order']);
  });

  it('a specialty line with no unit quantity shows no amount; lines without ids are keyed by position', () => {
    const rows = sheetOf({ ingredients: [spec({ unitQuantity: 0 }), spec({ id: 'sp-9' }), spec()] }).specialty;
    expect(rows.map((r) => r.amount)).toEqual(['', '6 g', '6 g']);
    expect(rows.map((r) => r.key)).toEqual(['specialty-0', 'sp-9', 'specialty-2']);
  });

  it('an event with no specialty list has no specialty rows and a zero specialty total', () => {
    const sheet = sheetOf({ ingredients: undefined as unknown as CateringEvent['ingredients'] });
    expect(sheet.specialty).toEqual([]);
    expect(sheet.pricing.specialtyTotal).toBe('$0.00 CAD');
  });

  it('a specialty cost that is not a number makes the specialty total a dash and the summary unavailable', () => {
    const sheet = sheetOf({ ingredients: [spec({ costPerUnit: Number.NaN })] });
    expect(sheet.pricing.specialtyTotal).toBe('—');
    expect(sheet.pricing.summary).toBeNull();
  });

  it('price lines: currency trimmed and upper-cased, blank currency is CAD, lines without ids keyed by position', () => {
    const lines = sheetOf({
      pricing: [
        { name: 'Cake', price: 80, currency: ' eur ' },
        { id: 'p2', name: ' ', price: 5, currency: '  ' },
      ],
    }).pricing.lines;
    expect(lines).toEqual([
      { key: 'price-0', name: 'Cake', price: '$80.00 EUR' },
      { key: 'p2', name: '—', price: '$5.00 CAD' },
    ]);
  });

  it('notes without ids are keyed by position; note text is trimmed', () => {
    expect(sheetOf({ notes: [{ notes: ' Bring ice ' }, { id: 'n2', notes: 'No nuts' }] }).notes).toEqual([
      { id: 'note-0', text: 'Bring ice', allergy: false },
      { id: 'n2', text: 'No nuts', allergy: true },
    ]);
  });
});
