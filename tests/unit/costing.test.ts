import { describe, expect, it } from 'vitest';
import { eventCosting, formatFigure, formatPercent, windowCosting, type CostingInput } from '../../src/domain/costing';
import type { ChosenIngredient, SpecialtyIngredient } from '../../src/storage/schemas';

const inv = (quantity: number, costPerUnit: number): ChosenIngredient => ({
  lineId: `L-${quantity}-${costPerUnit}`,
  id: 'i',
  name: 'Flour',
  category: 'Dry Storage',
  supplierName: '',
  costPerUnit,
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'bag',
  quantity,
});
const sp = (quantityNeeded: number, costPerUnit: number): SpecialtyIngredient => ({
  id: `sp-${quantityNeeded}`,
  name: 'Saffron',
  units: 'grams',
  unitQuantity: 1,
  quantityNeeded,
  onHand: false,
  needToOrder: true,
  costPerUnit,
  packageType: 'each',
  supplierName: '',
});

// The hand-worked event of the browser test: 40 guests; 6 boxes x $25 + 2 x $12.50 = $175 food cost;
// price lines $1,000 catering + the two fixed rows ($150 + $25) = $1,175, less 10 % = $1,057.50.
const handWorked: CostingInput = {
  guests: 40,
  inventoryLines: [inv(6, 25)],
  specialtyLines: [sp(2, 12.5)],
  priceLines: [{ name: 'Catering', price: 1000, currency: 'CAD' }],
  discountPercent: 10,
  taxPercent: 13,
};

describe('eventCosting', () => {
  it('40 guests, food cost $175, price $1,175 less 10 % = $1,057.50, margin $882.50 = 83.5 %, $4.38 and $26.44 per guest', () => {
    expect(eventCosting(handWorked)).toEqual({
      foodCost: 175,
      // No staff: no labour cost, so the cost is the food cost (issue 21).
      labourCost: 0,
      unratedShifts: 0,
      cost: 175,
      marginPerGuest: 22.06,
      price: 1057.5,
      margin: 882.5,
      marginPercent: 83.5,
      costPerGuest: 4.38,
      pricePerGuest: 26.44,
      taxed: 1194.98,
      guests: 40,
      foreignCurrencies: [],
    });
  });
  it('tax is not revenue: 13 % or 0 % tax give the same price and margin', () => {
    const noTax = eventCosting({ ...handWorked, taxPercent: 0 });
    expect([noTax.price, noTax.margin]).toEqual([1057.5, 882.5]);
    expect(noTax.taxed).toBe(1057.5);
  });
  it('0 guests: per-guest figures are null ("—"), never Infinity', () => {
    const c = eventCosting({ ...handWorked, guests: 0 });
    expect([c.costPerGuest, c.pricePerGuest]).toEqual([null, null]);
    expect(formatFigure(c.costPerGuest)).toBe('—');
    expect(c.margin).toBe(882.5);
  });
  it('nothing priced: price $0, margin -$175, margin % null', () => {
    const c = eventCosting({
      ...handWorked,
      inventoryLines: [inv(6, 25)],
      specialtyLines: [sp(2, 12.5)],
      priceLines: [],
      discountPercent: 100,
    });
    expect([c.foodCost, c.price, c.margin, c.marginPercent]).toEqual([175, 0, -175, null]);
  });
  it('margin is taken from the rounded figures: 3 x $0.335 = $1.005 -> $1.01 cost, $2 price, margin $0.99', () => {
    const c = eventCosting({
      guests: 3,
      inventoryLines: [inv(3, 0.335)],
      specialtyLines: [],
      priceLines: [{ name: 'x', price: 0.995, currency: 'CAD' }],
      discountPercent: 0,
    });
    expect([c.foodCost, c.price, c.margin]).toEqual([1.01, 2, 0.99]);
  });
  it('a USD price line is added at face value and flagged', () => {
    const c = eventCosting({
      ...handWorked,
      priceLines: [...handWorked.priceLines, { name: 'Band', price: 100, currency: 'usd' }],
    });
    expect(c.price).toBe(1147.5);
    expect(c.foreignCurrencies).toEqual(['USD']);
  });
  it('a line that is not a number makes the figures unavailable (null), not NaN', () => {
    const c = eventCosting({ ...handWorked, inventoryLines: [inv(Number.NaN, 1)] });
    expect([c.foodCost, c.price, c.margin, c.costPerGuest]).toEqual([null, null, null, null]);
  });
});

describe('windowCosting', () => {
  it('two events: revenue $1,057.50 + $200 = $1,257.50, cost $175 + $50 = $225, margin $1,032.50 = 82.1 %', () => {
    const other = eventCosting({
      guests: 10,
      inventoryLines: [inv(2, 25)],
      specialtyLines: [],
      priceLines: [{ name: 'Lunch', price: 150, currency: 'CAD' }],
      discountPercent: 0,
    });
    expect(other.price).toBe(200);
    const w = windowCosting([eventCosting(handWorked), other]);
    expect(w).toEqual({
      events: 2,
      revenue: 1257.5,
      cost: 225,
      margin: 1032.5,
      marginPercent: 82.1,
      unavailable: 0,
      foreignCurrencies: [],
    });
  });
  it('no events: zeros and no margin %', () => {
    expect(windowCosting([])).toMatchObject({ revenue: 0, cost: 0, margin: 0, marginPercent: null });
    expect(formatPercent(null)).toBe('—');
    expect(formatPercent(83.5)).toBe('83.5 %');
  });
});

describe('eventCosting: unavailable figures', () => {
  it('a specialty line that is not a number makes the food cost unavailable', () => {
    const c = eventCosting({ ...handWorked, specialtyLines: [sp(Number.NaN, 1)] });
    expect([c.foodCost, c.margin, c.costPerGuest]).toEqual([null, null, null]);
  });
  it('ingredient totals too large to be a number are unavailable, not Infinity', () => {
    const c = eventCosting({ ...handWorked, inventoryLines: [inv(1, 1e308), inv(1, 1e308)] });
    expect(c.foodCost).toBeNull();
    expect(c.price).toBeNull();
  });
  it('a discount that is not a number makes the price and the margin unavailable, while the food cost stays', () => {
    const c = eventCosting({ ...handWorked, discountPercent: Number.NaN });
    expect([c.foodCost, c.price, c.margin, c.marginPercent, c.pricePerGuest, c.taxed]).toEqual([
      175,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('windowCosting: unavailable events and currencies', () => {
  const ok = eventCosting(handWorked);
  it('an event without a price or without a food cost is counted as unavailable and left out of the totals', () => {
    const w = windowCosting([ok, { ...ok, price: null }, { ...ok, foodCost: null }]);
    expect(w).toEqual({
      events: 3,
      revenue: 1057.5,
      cost: 175,
      margin: 882.5,
      marginPercent: 83.5,
      unavailable: 2,
      foreignCurrencies: [],
    });
  });
  it('lists every foreign currency of the events once, sorted', () => {
    const w = windowCosting([
      { ...ok, foreignCurrencies: ['USD'] },
      { ...ok, foreignCurrencies: ['GBP', 'USD'] },
      { ...ok, foreignCurrencies: ['EUR'] },
    ]);
    expect(w.foreignCurrencies).toEqual(['EUR', 'GBP', 'USD']);
  });
});

describe('formatFigure and formatPercent', () => {
  it('a figure reads as money; none reads "—"', () => {
    expect(formatFigure(1057.5)).toBe('$1,057.50 CAD');
    expect(formatFigure(0)).toBe('$0.00 CAD');
  });
  it('a percentage always shows one decimal', () => {
    expect(formatPercent(80)).toBe('80.0 %');
    expect(formatPercent(-12.25)).toBe('-12.3 %');
  });
});

describe('eventCosting: food cost unavailable while the price is not', () => {
  // The only way there: ingredient totals whose sum overflows (Infinity) while a negative price line
  // brings the price back into range. The margin then cannot be known: null, not the price and not 0 %.
  it('margin and margin % are unavailable (null)', () => {
    const c = eventCosting({
      guests: 10,
      inventoryLines: [inv(1, 1e308)],
      specialtyLines: [sp(1, 1e308)],
      priceLines: [{ name: 'Credit', price: -1e308, currency: 'CAD' }],
      discountPercent: 0,
    });
    expect(c.foodCost).toBeNull();
    expect(c.price).toBe(1e308);
    expect([c.margin, c.marginPercent]).toEqual([null, null]);
  });
});
