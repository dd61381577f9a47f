import { describe, expect, it } from 'vitest';
import {
  allergenFlags,
  allergenIds,
  allergens,
  allergenTable,
  avoidFromText,
  avoidToText,
  checkDietaryCount,
  cleanAllergens,
  dietaryFromForm,
  dietaryOf,
  dietarySummary,
  eventAllergenFlags,
  flagMessage,
  ingredientFlag,
  menuLinesOf,
  menuPatch,
  toggleAllergen,
  type MenuLine,
} from '../../src/domain/allergens';
import { menuRows } from '../../src/machines/toolkit/menuNotes.connect';
import { inventoryLineAllergenView } from '../../src/machines/toolkit/ingredients.connect';
import { blankEventForm, eventToForm, formToEvent, validateEvent } from '../../src/domain/events';
import { buildEventSheet } from '../../src/domain/eventSheet';
import type { CateringEvent } from '../../src/storage/schemas';

const event = (over: Partial<CateringEvent> = {}): CateringEvent => ({
  id: 4,
  EventName: 'Harbour Gala',
  CustomerFirstName: 'Ana',
  CustomerLastName: 'Lee',
  CustomerPhoneNumber: '',
  CustomerEmail: '',
  EventType: 'Wedding',
  NumberOfGuests: 40,
  EventDate: '2026-06-01',
  StartTime: '18:00',
  EndTime: '22:00',
  VenueName: '',
  VenueStreetAddress: '',
  VenueCity: '',
  ingredients: [],
  ...over,
});
const line = (id: string, name: string, a: MenuLine['allergens'] = []): MenuLine => ({ id, name, allergens: a });

describe('the allergen list', () => {
  it('is Canada’s priority allergens and the EU’s 14, in the issue’s words and order', () => {
    expect(allergens.map((a) => a.label)).toEqual([
      'Peanuts',
      'Tree nuts',
      'Sesame',
      'Milk',
      'Eggs',
      'Fish',
      'Crustaceans',
      'Molluscs',
      'Soy',
      'Wheat and gluten',
      'Mustard',
      'Sulphites',
      'Celery',
      'Lupin',
    ]);
    expect(new Set(allergenIds).size).toBe(14);
  });
  it('cleans stored values: unknown ids, repeats and non-arrays are dropped, the order is the list’s', () => {
    expect(cleanAllergens(['milk', 'peanuts', 'milk', 'gluten', 3])).toEqual(['peanuts', 'milk']);
    expect(cleanAllergens('peanuts')).toEqual([]);
    expect(cleanAllergens(undefined)).toEqual([]);
  });
  it('toggles one allergen in or out', () => {
    expect(toggleAllergen(['milk'], 'peanuts')).toEqual(['peanuts', 'milk']);
    expect(toggleAllergen(['peanuts', 'milk'], 'peanuts')).toEqual(['milk']);
  });
  it('keeps Allergies to avoid as text for the form and reads it back', () => {
    expect(avoidToText(['milk', 'peanuts'])).toBe('peanuts,milk');
    expect(avoidFromText('peanuts, milk,,nope')).toEqual(['peanuts', 'milk']);
    expect(avoidFromText('')).toEqual([]);
  });
});

describe('allergen matching (flags)', () => {
  it('flags a peanut dish on a peanut-free event with the issue’s words', () => {
    const flags = allergenFlags([line('a', 'Satay', ['peanuts', 'soy']), line('b', 'Salad', ['mustard'])], ['peanuts']);
    expect(flags).toEqual([
      { lineId: 'a', name: 'Satay', allergens: ['peanuts'], message: 'Contains Peanuts — this event avoids Peanuts' },
    ]);
  });
  it('names every avoided allergen a dish carries, and nothing the event does not avoid', () => {
    expect(flagMessage(['peanuts', 'milk'])).toBe('Contains Peanuts, Milk — this event avoids Peanuts, Milk');
    expect(allergenFlags([line('a', 'Satay', ['peanuts', 'soy', 'milk'])], ['milk', 'peanuts'])[0]!.allergens).toEqual([
      'peanuts',
      'milk',
    ]);
    expect(allergenFlags([line('a', 'Satay', ['peanuts'])], [])).toEqual([]);
    expect(allergenFlags([line('a', 'Bread', ['wheatGluten'])], ['treeNuts'])).toEqual([]);
  });
  it('reads a stored event: its menu lines against its Allergies to avoid', () => {
    const e = event({
      menuItems: ['Satay', 'Bread'],
      menuLines: [line('m1', 'Satay', ['peanuts']), line('m2', 'Bread', ['wheatGluten'])],
      dietary: { vegetarian: 2, vegan: 0, glutenFree: 1, avoid: ['peanuts', 'wheatGluten'] },
    });
    expect(eventAllergenFlags(e).map((f) => [f.name, f.message])).toEqual([
      ['Satay', 'Contains Peanuts — this event avoids Peanuts'],
      ['Bread', 'Contains Wheat and gluten — this event avoids Wheat and gluten'],
    ]);
    expect(eventAllergenFlags(event({ menuItems: ['Satay'] }))).toEqual([]);
  });
  it('the Menu tool’s rows carry the tags and the flag', () => {
    expect(menuRows([line('a', 'Satay', ['peanuts', 'soy'])], ['peanuts'])).toEqual([
      {
        id: 'a',
        name: 'Satay',
        allergens: ['peanuts', 'soy'],
        tags: ['Peanuts', 'Soy'],
        flag: 'Contains Peanuts — this event avoids Peanuts',
      },
    ]);
  });
});

describe('ingredients carrying an avoided allergen', () => {
  it('a specialty line’s own allergens are flagged with the Menu tool’s words; bad stored values are ignored', () => {
    expect(ingredientFlag(['peanuts', 'soy'], ['peanuts'])).toBe('Contains Peanuts — this event avoids Peanuts');
    expect(ingredientFlag(['soy'], ['peanuts'])).toBeNull();
    expect(ingredientFlag(undefined, ['peanuts'])).toBeNull();
    expect(ingredientFlag('peanuts', ['peanuts'])).toBeNull();
    expect(ingredientFlag(['peanuts'], [])).toBeNull();
  });
  it('an inventory line carries its inventory item’s allergens, found by the item’s id, not its name', () => {
    const items = [
      { id: 'i1', allergens: ['milk'] },
      { id: 'i2', allergens: ['peanuts', 'sesame'] },
    ];
    expect(inventoryLineAllergenView({ id: 'i2' }, items, ['sesame'])).toEqual({
      tags: ['Peanuts', 'Sesame'],
      flag: 'Contains Sesame — this event avoids Sesame',
    });
    expect(inventoryLineAllergenView({ id: 'i1' }, items, ['sesame'])).toEqual({ tags: ['Milk'], flag: null });
    expect(inventoryLineAllergenView({ id: 'gone' }, items, ['milk'])).toEqual({ tags: [], flag: null });
  });
  it('the event sheet flags the pull list’s and the specialty list’s lines', () => {
    const e = event({
      dietary: { vegetarian: 0, vegan: 0, glutenFree: 0, avoid: ['milk'] },
      ingredients: [
        {
          id: 'sp1',
          name: 'Cream',
          units: 'L',
          unitQuantity: 1,
          quantityNeeded: 2,
          onHand: false,
          needToOrder: true,
          costPerUnit: 3,
          packageType: 'carton',
          supplierName: '',
          allergens: ['milk'],
        },
      ],
    });
    const chosen = {
      lineId: 'L1',
      id: 'i1',
      name: 'Butter',
      category: 'Dairy',
      supplierName: '',
      costPerUnit: 1,
      amountPerUnit: 1,
      unit: 'kg',
      packageType: 'box',
      quantity: 1,
    };
    const stock = {
      id: 'i1',
      name: 'Butter',
      category: 'Dairy',
      supplierName: '',
      costPerUnit: 1,
      amountPerUnit: 1,
      unit: 'kg',
      packageType: 'box',
      quantity: 1,
      allergens: ['milk'],
    } as never;
    const sheet = buildEventSheet({ event: e, lines: [chosen], items: [stock], discountPercent: 0, taxPercent: 0 });
    expect(sheet.pull.map((r) => r.flag)).toEqual(['Contains Milk — this event avoids Milk']);
    expect(sheet.specialty.map((r) => r.flag)).toEqual(['Contains Milk — this event avoids Milk']);
  });
});

describe('menu lines beside the spec’s menuItems', () => {
  const satay = line('m1', 'Satay', ['peanuts']);
  const bread = line('m2', 'Bread', ['wheatGluten']);
  const soup = line('m3', 'Soup', ['celery']);
  it('pairs each text with its line; the stored text list is kept as the spec has it', () => {
    const patch = menuPatch([satay, bread, soup]);
    expect(patch.menuItems).toEqual(['Satay', 'Bread', 'Soup']);
    expect(menuLinesOf(patch)).toEqual([satay, bread, soup]);
  });
  it('an earlier build that deleted the first item (menuItems only) moves no tag to another dish', () => {
    const stored = { ...menuPatch([satay, bread, soup]), menuItems: ['Bread', 'Soup'] };
    expect(menuLinesOf(stored)).toEqual([bread, soup]);
  });
  it('reordered, renamed or added texts: found by text, a new text has no tags', () => {
    const stored = { ...menuPatch([satay, bread, soup]), menuItems: ['Soup', 'Satay skewers', 'Satay'] };
    expect(menuLinesOf(stored)).toEqual([soup, line('menu-line-1', 'Satay skewers'), satay]);
  });
  it('two items with the same text keep their own lines in order', () => {
    const a = line('a', 'Salad', ['mustard']);
    const b = line('b', 'Salad', ['sesame']);
    expect(menuLinesOf(menuPatch([a, b]))).toEqual([a, b]);
  });
  it('earlier data without lines: ids by position, no tags; a new id never takes a stored one', () => {
    expect(menuLinesOf({ menuItems: ['Soup', 'Pie'] })).toEqual([
      line('menu-line-0', 'Soup'),
      line('menu-line-1', 'Pie'),
    ]);
    const clash = { menuItems: ['Pie', 'Soup'], menuLines: [line('menu-line-0', 'Soup')] };
    expect(menuLinesOf(clash)).toEqual([line('menu-line-0-2', 'Pie'), line('menu-line-0', 'Soup')]);
  });
  it('malformed lines are ignored, not fatal', () => {
    const stored = {
      menuItems: ['Soup'],
      menuLines: [null, 3, { id: 'x' }, { id: 'm3', name: 'Soup', allergens: 'celery' }],
    };
    expect(menuLinesOf(stored)).toEqual([line('m3', 'Soup')]);
    expect(menuLinesOf({ menuItems: ['Soup'], menuLines: 'nope' })).toEqual([line('menu-line-0', 'Soup')]);
  });
});

describe('the allergen table', () => {
  it('has the allergens present on the menu as columns (list order), and a row per named item', () => {
    const table = allergenTable(
      [line('a', 'Satay', ['soy', 'peanuts']), line('b', ' Bread ', ['wheatGluten']), line('c', '  ', ['milk'])],
      ['peanuts'],
    );
    expect(table.columns).toEqual([
      { id: 'peanuts', label: 'Peanuts', avoided: true },
      { id: 'soy', label: 'Soy', avoided: false },
      { id: 'wheatGluten', label: 'Wheat and gluten', avoided: false },
    ]);
    expect(table.rows).toEqual([
      { id: 'a', name: 'Satay', cells: [true, true, false], flagged: true },
      { id: 'b', name: 'Bread', cells: [false, false, true], flagged: false },
    ]);
  });
});

describe('dietary needs', () => {
  it('reads the stored field tolerantly (absent, malformed, negative or fractional counts are 0)', () => {
    expect(dietaryOf({})).toEqual({ vegetarian: 0, vegan: 0, glutenFree: 0, avoid: [] });
    expect(dietaryOf({ dietary: 'x' })).toEqual({ vegetarian: 0, vegan: 0, glutenFree: 0, avoid: [] });
    expect(dietaryOf({ dietary: { vegetarian: 3, vegan: -1, glutenFree: 1.5, avoid: ['milk', 'x'] } })).toEqual({
      vegetarian: 3,
      vegan: 0,
      glutenFree: 0,
      avoid: ['milk'],
    });
  });
  it('counts are whole numbers from 0 to the number of guests, with a clear message', () => {
    expect(checkDietaryCount('Vegan', '', '40')).toBeNull();
    expect(checkDietaryCount('Vegan', '0', '40')).toBeNull();
    expect(checkDietaryCount('Vegan', '40', '40')).toBeNull();
    expect(checkDietaryCount('Vegan', '41', '40')).toBe(
      'Vegan guests (41) cannot be more than the number of guests (40).',
    );
    expect(checkDietaryCount('Vegetarian', '-1', '40')).toBe('Vegetarian guests must be a whole number, 0 or more.');
    expect(checkDietaryCount('GlutenFree', '2.5', '40')).toBe('Gluten-free guests must be a whole number, 0 or more.');
  });
  it('the event form validates the counts next to their fields and loses nothing', () => {
    const values = { ...eventToForm(event()), Vegetarian: '41', Vegan: 'x', GlutenFree: '3' };
    const errors = validateEvent(values);
    expect(errors.Vegetarian).toMatch(/cannot be more than the number of guests \(40\)/);
    expect(errors.Vegan).toMatch(/whole number/);
    expect(errors.GlutenFree).toBeUndefined();
  });
  it('saves to the extra field `dietary` and back; an event without any keeps no field', () => {
    const values = {
      ...eventToForm(event()),
      Vegetarian: '4',
      Vegan: '',
      GlutenFree: '1',
      AllergiesToAvoid: 'peanuts',
    };
    const saved = formToEvent(values, event());
    expect(saved.dietary).toEqual({ vegetarian: 4, vegan: 0, glutenFree: 1, avoid: ['peanuts'] });
    expect(eventToForm(saved)).toMatchObject({
      Vegetarian: '4',
      Vegan: '',
      GlutenFree: '1',
      AllergiesToAvoid: 'peanuts',
    });
    expect('dietary' in formToEvent({ ...blankEventForm(), EventName: 'X' })).toBe(false);
    // Clearing every need on an event that had some stores zeros (the other tab's reader sees it cleared).
    expect(
      formToEvent({ ...eventToForm(saved), Vegetarian: '', GlutenFree: '', AllergiesToAvoid: '' }, saved).dietary,
    ).toEqual({
      vegetarian: 0,
      vegan: 0,
      glutenFree: 0,
      avoid: [],
    });
    expect(dietaryFromForm({ Vegetarian: '', Vegan: '', GlutenFree: '', AllergiesToAvoid: '' }, false)).toBeUndefined();
  });
  it('sums the needs up for the event details', () => {
    expect(dietarySummary({ vegetarian: 4, vegan: 0, glutenFree: 1, avoid: ['peanuts', 'milk'] })).toBe(
      'Vegetarian 4 · Gluten-free 1 · Avoid Peanuts, Milk',
    );
  });
});

describe('the event sheet (issue 21)', () => {
  const sheetOf = (e: CateringEvent) =>
    buildEventSheet({ event: e, lines: [], items: [], discountPercent: 0, taxPercent: 0 });
  it('leaves the allergens block out for an event with no dietary needs and no tagged dish', () => {
    const sheet = sheetOf(event({ menuItems: ['Soup'] }));
    expect([sheet.showAllergens, sheet.flagged]).toEqual([false, 0]);
    expect(sheet.menuRows).toEqual([{ id: 'menu-line-0', name: 'Soup', flag: null }]);
  });
  it('flags the dish, counts the flags, and carries the table and the dietary counts', () => {
    const sheet = sheetOf(
      event({
        menuItems: ['Satay', 'Bread', '  '],
        menuLines: [line('a', 'Satay', ['peanuts']), line('b', 'Bread', ['wheatGluten']), line('c', '  ', ['milk'])],
        dietary: { vegetarian: 4, vegan: 2, glutenFree: 1, avoid: ['peanuts'] },
      }),
    );
    expect(sheet.showAllergens).toBe(true);
    expect(sheet.flagged).toBe(1);
    expect(sheet.menuRows).toEqual([
      { id: 'a', name: 'Satay', flag: 'Contains Peanuts — this event avoids Peanuts' },
      { id: 'b', name: 'Bread', flag: null },
    ]);
    expect(sheet.dietary).toEqual({ vegetarian: 4, vegan: 2, glutenFree: 1, avoid: ['Peanuts'] });
    expect(sheet.allergenTable.columns.map((c) => c.label)).toEqual(['Peanuts', 'Wheat and gluten']);
    expect(sheet.allergenTable.rows.map((r) => [r.name, r.cells])).toEqual([
      ['Satay', [true, false]],
      ['Bread', [false, true]],
    ]);
  });
});
