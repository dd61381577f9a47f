import { describe, expect, it } from 'vitest';
import {
  chooseIngredient,
  formatAmount,
  inventoryCategories,
  itemsInCategory,
  packageTypes,
  specialtyTotal,
  specialtyUnits,
  UNCATEGORISED,
} from '../../src/domain/ingredients';
import type { InventoryItem, SpecialtyIngredient } from '../../src/storage/schemas';

const item = (id: string, category: string): InventoryItem => ({
  id,
  sku: `S-${id}`,
  name: `Item ${id}`,
  category,
  amountPerUnit: 2,
  unit: 'kg',
  packageType: 'box',
  quantity: 5,
  costPerUnit: 3,
  whenToOrder: 1,
  supplierName: 'Acme',
});
const special = (quantityNeeded: number, costPerUnit: number) =>
  ({
    id: 'x',
    name: 'Saffron',
    units: 'grams',
    unitQuantity: 1,
    quantityNeeded,
    onHand: false,
    needToOrder: true,
    costPerUnit,
    packageType: 'box',
    supplierName: '',
  }) as SpecialtyIngredient;

describe('the event ingredient form option lists (spec section 3)', () => {
  it('offers the spec units, Kg first and each and other last', () => {
    expect(specialtyUnits).toEqual([
      'Kg',
      'lbs',
      'cups',
      'oz',
      'fluid oz',
      'grams',
      'tbsp',
      'tsp',
      'milliliters',
      'liters',
      'quarts',
      'pints',
      'gallons',
      'each',
      'other',
    ]);
  });

  it('offers the spec package types', () => {
    expect(packageTypes).toEqual(['box', 'bag', 'bottle', 'carton', 'container', 'pallet', 'each', 'other']);
  });
});

describe('picker categories', () => {
  it('lists an item whose category is literally "Uncategorised" once, in the last group', () => {
    expect(inventoryCategories([item('a', UNCATEGORISED), item('b', 'Dairy')])).toEqual(['Dairy', UNCATEGORISED]);
  });

  it('offers no items when no category is chosen', () => {
    expect(itemsInCategory([item('a', 'Dairy'), item('b', '')], '')).toEqual([]);
  });
});

describe('specialty total and amounts shown', () => {
  it("is unavailable (null) when a line's cost is not a number", () => {
    expect(specialtyTotal([special(2, 3), special(Number.NaN, 3)])).toBeNull();
    expect(specialtyTotal([special(Number.POSITIVE_INFINITY, 3)])).toBeNull();
  });

  it('shows an amount that is not a number as a dash, and rounds others to three decimals', () => {
    expect(formatAmount(Number.NaN)).toBe('—');
    expect(formatAmount(Number.POSITIVE_INFINITY)).toBe('—');
    expect(formatAmount(2.5)).toBe('2.5');
    expect(formatAmount(1.23456)).toBe('1.235');
  });
});

describe('choosing an inventory item as an ingredient', () => {
  it('copies the item fields a line keeps, with the chosen quantity', () => {
    expect(chooseIngredient(item('a', 'Dairy'), 4)).toEqual({
      id: 'a',
      name: 'Item a',
      category: 'Dairy',
      supplierName: 'Acme',
      costPerUnit: 3,
      amountPerUnit: 2,
      unit: 'kg',
      packageType: 'box',
      quantity: 4,
    });
  });
});
