import { describe, expect, it } from 'vitest';
import {
  inventoryCategories,
  inventoryLineAmount,
  inventoryLineCost,
  inventoryTotal,
  itemsInCategory,
  specialtyAmount,
  specialtyTotal,
  UNCATEGORISED,
} from '../../src/domain/ingredients';
import {
  checkPercent,
  discountedTotal,
  foreignCurrencies,
  formatMoney,
  parseAmount,
  parsePercent,
  pricingSummary,
  roundCents,
  taxedTotal,
} from '../../src/domain/money';
import type { ChosenIngredient, SpecialtyIngredient } from '../../src/storage/schemas';

describe('rounding and display', () => {
  it('rounds half away from zero to cents, without binary artefacts', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(2.675)).toBe(2.68);
    expect(roundCents(-1.005)).toBe(-1.01);
    expect(roundCents(0.1 + 0.2)).toBe(0.3);
    expect(roundCents(0)).toBe(0);
  });
  it('shows 2 decimals in CAD', () => {
    expect(formatMoney(0)).toBe('$0.00 CAD');
    expect(formatMoney(1234.5)).toBe('$1,234.50 CAD');
    expect(formatMoney(-12.345)).toBe('-$12.35 CAD');
    expect(formatMoney(-0.001)).toBe('$0.00 CAD');
    expect(formatMoney(12, 'USD')).toBe('$12.00 USD');
    expect(formatMoney(1e15)).toBe('$1,000,000,000,000,000.00 CAD');
    expect(formatMoney(Number.NaN)).toBe('unavailable');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('unavailable');
  });
});

describe('discount and tax formulas (no bounds in the arithmetic; legacy values stay computable)', () => {
  it('applies the spec formulas', () => {
    expect(discountedTotal(200, 10)).toBe(180);
    expect(taxedTotal(180, 15)).toBeCloseTo(207, 10);
    expect(discountedTotal(200, 0)).toBe(200);
    expect(taxedTotal(200, 0)).toBe(200);
  });
  it('accepts negative and over-100 percentages', () => {
    expect(discountedTotal(100, -20)).toBe(120);
    expect(discountedTotal(100, 150)).toBe(-50);
    expect(taxedTotal(100, -100)).toBe(0);
    expect(taxedTotal(100, 1000)).toBe(1100);
  });
  it('handles zero, negative and very large totals', () => {
    expect(discountedTotal(0, 50)).toBe(0);
    expect(taxedTotal(-100, 13)).toBeCloseTo(-113, 10);
    expect(taxedTotal(discountedTotal(1e12, 10), 13)).toBeCloseTo(1.017e12, 0);
  });
  it('parses percentages: empty is 0, not numeric is null', () => {
    expect(parsePercent('')).toBe(0);
    expect(parsePercent(' 12.5 ')).toBe(12.5);
    expect(parsePercent('-5')).toBe(-5);
    expect(parsePercent('abc')).toBeNull();
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('3')).toBe(3);
    expect(parseAmount('Infinity')).toBeNull();
    // Thousands separators are read; commas anywhere else make it not a number (not 1050).
    expect(parseAmount('1,250.50')).toBe(1250.5);
    expect(parseAmount('10,50')).toBeNull();
  });
});

const chosen = (quantity: number, costPerUnit: number, amountPerUnit = 2): ChosenIngredient => ({
  id: 'i',
  name: 'n',
  category: 'c',
  supplierName: 's',
  costPerUnit,
  amountPerUnit,
  unit: 'kg',
  packageType: 'box',
  quantity,
});
const special = (quantityNeeded: number, costPerUnit: number, unitQuantity = 1): SpecialtyIngredient => ({
  name: 'x',
  units: 'Kg',
  unitQuantity,
  quantityNeeded,
  onHand: false,
  needToOrder: true,
  costPerUnit,
  packageType: 'box',
  supplierName: '',
});

describe('ingredient amounts and costs', () => {
  it('inventory line cost = quantity x cost per unit, amount = quantity x amount per unit', () => {
    expect(inventoryLineCost(chosen(3, 30))).toBe(90);
    expect(inventoryLineAmount(chosen(3, 30, 2))).toBe(6);
    expect(inventoryTotal([chosen(3, 30), chosen(1.5, 10)])).toBe(105);
    expect(inventoryTotal([])).toBe(0);
    expect(inventoryTotal([chosen(Number.NaN, 1)])).toBeNull();
  });
  it('specialty total = sum of quantityNeeded x costPerUnit; the row shows quantity needed x unit quantity', () => {
    expect(specialtyTotal([special(3, 12.5), special(2, 1)])).toBe(39.5);
    expect(specialtyAmount(special(3, 1, 2))).toBe(6);
    expect(specialtyTotal([])).toBe(0);
    expect(specialtyTotal(undefined)).toBeNull();
  });
});

describe('pricing summary', () => {
  it('grand total = custom prices + inventory total + specialty total', () => {
    const summary = pricingSummary([{ price: 102.5 }], 60, 37.5, 10, 15);
    expect(summary?.total).toBe(200);
    expect(summary?.discounted).toBe(180);
    expect(formatMoney(summary?.taxed ?? Number.NaN)).toBe('$207.00 CAD');
  });
  it('is unavailable when either ingredient total is', () => {
    expect(pricingSummary([], null, 0, 0, 0)).toBeNull();
    expect(pricingSummary([], 0, null, 0, 0)).toBeNull();
    expect(pricingSummary([], Number.NaN, 0, 0, 0)).toBeNull();
  });
  it('zero everything gives zero', () => {
    expect(pricingSummary([], 0, 0, 0, 0)).toEqual({ customTotal: 0, total: 0, discounted: 0, taxed: 0 });
  });
});

describe('foreignCurrencies', () => {
  it('lists the non-CAD currencies of price lines once, ignoring case and blanks', () => {
    expect(
      foreignCurrencies([
        { currency: 'CAD' },
        { currency: 'usd' },
        { currency: 'USD' },
        { currency: ' ' },
        { currency: 'eur' },
      ]),
    ).toEqual(['EUR', 'USD']);
    expect(foreignCurrencies([{ currency: 'cad' }])).toEqual([]);
  });
});

describe('discount and tax between 0 and 100 % (issue 11)', () => {
  it('empty is 0; 0, 12.5 and 100 are accepted', () => {
    expect(checkPercent('', 'Discount')).toEqual({ ok: true, value: 0 });
    expect(checkPercent('0', 'Discount')).toEqual({ ok: true, value: 0 });
    expect(checkPercent(' 12.5 ', 'Tax')).toEqual({ ok: true, value: 12.5 });
    expect(checkPercent('100', 'Discount')).toEqual({ ok: true, value: 100 });
  });
  it('150 %, -5 % and text are refused with a message naming the field and the range', () => {
    expect(checkPercent('150', 'Discount')).toEqual({
      ok: false,
      message: 'Discount is too large: enter a number from 0 to 100.',
    });
    expect(checkPercent('-5', 'Tax')).toEqual({
      ok: false,
      message: 'Tax cannot be negative: enter a number from 0 to 100.',
    });
    expect(checkPercent('abc', 'Tax')).toEqual({ ok: false, message: 'Tax must be a number from 0 to 100.' });
  });
});

describe('Uncategorised inventory items (issue 11)', () => {
  const item = (id: string, category: string) => ({
    id,
    name: id,
    sku: id,
    category,
    amountPerUnit: 1,
    unit: 'kg',
    packageType: 'box',
    quantity: 1,
    costPerUnit: 1,
    whenToOrder: 0,
    supplierName: '',
  });
  it('items with an empty or blank category are offered under "Uncategorised", listed last', () => {
    const items = [item('a', 'Produce'), item('b', ''), item('c', '  '), item('d', 'Dairy')];
    expect(inventoryCategories(items)).toEqual(['Dairy', 'Produce', UNCATEGORISED]);
    expect(itemsInCategory(items, UNCATEGORISED).map((i) => i.id)).toEqual(['b', 'c']);
    expect(itemsInCategory(items, 'Produce').map((i) => i.id)).toEqual(['a']);
  });
  it('no uncategorised item: no such group', () => {
    expect(inventoryCategories([item('a', 'Produce')])).toEqual(['Produce']);
  });
});

describe('parseAmount and roundCents: edges', () => {
  it('a blank amount (spaces only) is no amount, not 0', () => {
    expect(parseAmount('   ')).toBeNull();
    expect(parseAmount(' 4.5 ')).toBe(4.5);
  });
  it('amounts of 1e15 and more are returned as they are (beyond cent precision)', () => {
    expect(roundCents(123456789012345680)).toBe(123456789012345680);
    expect(roundCents(-123456789012345680)).toBe(-123456789012345680);
  });
});
