import { describe, expect, it } from 'vitest';
import {
  checkLineQuantity,
  isPerGuest,
  isPlanSane,
  perGuestFrom,
  planRescale,
  scaledQuantity,
} from '../../src/domain/scaling';
import type { ChosenIngredient, SpecialtyIngredient } from '../../src/storage/schemas';

const inv = (lineId: string, quantity: number, extra: Partial<ChosenIngredient> = {}): ChosenIngredient => ({
  lineId,
  id: `item-${lineId}`,
  name: `Item ${lineId}`,
  category: 'Dairy',
  supplierName: 'Sup',
  costPerUnit: 10,
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'box',
  quantity,
  ...extra,
});
const sp = (id: string, quantityNeeded: number, extra: Partial<SpecialtyIngredient> = {}): SpecialtyIngredient => ({
  id,
  name: `Special ${id}`,
  units: 'Kg',
  unitQuantity: 1,
  quantityNeeded,
  onHand: false,
  needToOrder: true,
  costPerUnit: 5,
  packageType: 'bag',
  supplierName: '',
  ...extra,
});

describe('scaledQuantity: perGuest x guests, rounded up to 2 decimals', () => {
  it('0.15 box per guest x 40 guests = 6 boxes', () => expect(scaledQuantity(0.15, 40)).toBe(6));
  it('0.1 x 3 guests = 0.3 (binary noise 0.30000000000000004 is not rounded up)', () =>
    expect(scaledQuantity(0.1, 3)).toBe(0.3));
  it('1/3 box per guest x 10 guests = 3.34 (3.333… rounded up, never short)', () =>
    expect(scaledQuantity(1 / 3, 10)).toBe(3.34));
  it('0.125 x 9 guests = 1.125 -> 1.13', () => expect(scaledQuantity(0.125, 9)).toBe(1.13));
  it('2 per guest x 0 guests = 0; negative or non-finite inputs give 0', () => {
    expect(scaledQuantity(2, 0)).toBe(0);
    expect(scaledQuantity(-1, 10)).toBe(0);
    expect(scaledQuantity(Number.NaN, 10)).toBe(0);
    expect(scaledQuantity(1, Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('perGuestFrom', () => {
  it('6 boxes for 40 guests = 0.15 per guest; 5 for 3 guests scales back to 5 for 3 and 10 for 6', () => {
    expect(perGuestFrom(6, 40)).toBe(0.15);
    const third = perGuestFrom(5, 3)!;
    expect(scaledQuantity(third, 3)).toBe(5);
    expect(scaledQuantity(third, 6)).toBe(10);
  });
  it('no guests: null (a per-guest line needs guests)', () => {
    expect(perGuestFrom(6, 0)).toBeNull();
    expect(perGuestFrom(6, Number.NaN)).toBeNull();
  });
});

describe('planRescale', () => {
  const inventory = [inv('a', 6, { per: 'guest', perGuest: 0.15 }), inv('b', 2), inv('c', 3, { per: 'event' })];
  const specialty = [sp('s1', 20, { per: 'guest', perGuest: 0.5 }), sp('s2', 4)];
  it('40 -> 60 guests: per-guest 0.15 box line 6 -> 9, per-guest 0.5 bag line 20 -> 30; fixed lines untouched (same objects)', () => {
    const plan = planRescale(inventory, specialty, 60);
    expect(plan.inventory.map((l) => l.quantity)).toEqual([9, 2, 3]);
    expect(plan.specialty.map((l) => l.quantityNeeded)).toEqual([30, 4]);
    expect(plan.inventory[1]).toBe(inventory[1]);
    expect(plan.inventory[2]).toBe(inventory[2]);
    expect(plan.specialty[1]).toBe(specialty[1]);
    expect(plan.inventory[0]).toMatchObject({ per: 'guest', perGuest: 0.15, lineId: 'a' });
    expect(plan.rows).toEqual([
      { kind: 'inventory', id: 'a', name: 'Item a', unit: 'box', from: 6, to: 9, tooLarge: false },
      { kind: 'specialty', id: 's1', name: 'Special s1', unit: 'bag', from: 20, to: 30, tooLarge: false },
    ]);
    expect(isPlanSane(plan)).toBe(true);
  });
  it('no per-guest lines: no rows', () => {
    expect(planRescale([inv('b', 2)], [sp('s2', 4)], 99).rows).toEqual([]);
  });
  it('a per-guest line of 100 per guest x 100,000 guests = 10,000,000 is above the 1,000,000 ceiling: not sane', () => {
    const plan = planRescale([inv('big', 1, { per: 'guest', perGuest: 100 })], [], 100_000);
    expect(plan.rows[0]).toMatchObject({ from: 1, to: 10_000_000, tooLarge: true });
    expect(isPlanSane(plan)).toBe(false);
  });
  it('isPerGuest needs per "guest" and a finite perGuest', () => {
    expect(isPerGuest({ per: 'guest', perGuest: 0.2 })).toBe(true);
    expect(isPerGuest({ per: 'guest' })).toBe(false);
    expect(isPerGuest({ per: 'event', perGuest: 0.2 })).toBe(false);
    expect(isPerGuest({})).toBe(false);
  });
});

describe('isPerGuest and scaledQuantity: edges', () => {
  it('a per-guest line needs a per-guest quantity of 0 or more', () => {
    expect(isPerGuest({ per: 'guest', perGuest: 0 })).toBe(true);
    expect(isPerGuest({ per: 'guest', perGuest: -0.5 })).toBe(false);
    expect(isPerGuest({ per: 'guest', perGuest: Number.NaN })).toBe(false);
  });
  it('negative guests give 0, not a negative quantity', () => {
    expect(scaledQuantity(2, -10)).toBe(0);
  });
});

describe('planRescale: ceiling, unchanged lines and ids', () => {
  it('a new total of exactly 1,000,000 is at the ceiling, not above it: still sane', () => {
    const plan = planRescale([inv('max', 1, { per: 'guest', perGuest: 10 })], [], 100_000);
    expect(plan.rows[0]).toMatchObject({ to: 1_000_000, tooLarge: false });
    expect(isPlanSane(plan)).toBe(true);
  });
  it('one line above the ceiling makes the whole plan unsaveable, even when others are fine', () => {
    const plan = planRescale(
      [inv('ok', 1, { per: 'guest', perGuest: 1 }), inv('big', 1, { per: 'guest', perGuest: 100 })],
      [],
      100_000,
    );
    expect(plan.rows.map((r) => r.tooLarge)).toEqual([false, true]);
    expect(isPlanSane(plan)).toBe(false);
  });
  it('a per-guest line whose total does not change is returned as the same object', () => {
    const line = inv('a', 6, { per: 'guest', perGuest: 0.15 });
    const special = sp('s1', 20, { per: 'guest', perGuest: 0.5 });
    const plan = planRescale([line], [special], 40);
    expect(plan.inventory[0]).toBe(line);
    expect(plan.specialty[0]).toBe(special);
    expect(plan.rows.map((r) => [r.from, r.to])).toEqual([
      [6, 6],
      [20, 20],
    ]);
  });
  it('a line without its own id is named in the review by item id and position (inventory) or by position (specialty)', () => {
    const plan = planRescale(
      [inv('x', 1), inv('y', 1, { lineId: undefined, per: 'guest', perGuest: 1 })],
      [sp('s', 1), sp('t', 1, { id: undefined, per: 'guest', perGuest: 1 })],
      3,
    );
    expect(plan.rows.map((r) => [r.kind, r.id])).toEqual([
      ['inventory', 'item-y-1'],
      ['specialty', 'sp-1'],
    ]);
  });
});

describe('checkLineQuantity: a Tool Kit line quantity as typed', () => {
  const label = { label: 'Quantity Needed' };
  const positive = { label: 'Quantity Needed', positive: true };
  it('per event: the typed number is the total', () => {
    expect(checkLineQuantity('2.5', 'event', 40, label)).toStrictEqual({ ok: true, quantity: 2.5, per: 'event' });
    expect(checkLineQuantity('0', 'event', 40, label)).toStrictEqual({ ok: true, quantity: 0, per: 'event' });
  });
  it('reads thousands separators, and refuses a comma typed for a decimal by name (a text field, issue 25)', () => {
    expect(checkLineQuantity('1,200', 'event', 40, label)).toStrictEqual({ ok: true, quantity: 1200, per: 'event' });
    expect(checkLineQuantity('2,5', 'event', 40, label)).toStrictEqual({
      ok: false,
      message: 'Quantity Needed: use a point for decimals, e.g. 2.5 (a comma only separates thousands, as in 1,000).',
    });
  });
  it('per guest: the typed number is for one guest and the total is scaled to the guests', () => {
    expect(checkLineQuantity('0.15', 'guest', 40, label)).toStrictEqual({
      ok: true,
      quantity: 6,
      per: 'guest',
      perGuest: 0.15,
    });
    expect(checkLineQuantity('3', 'guest', 1, label)).toStrictEqual({
      ok: true,
      quantity: 3,
      per: 'guest',
      perGuest: 3,
    });
  });
  it('a refused amount names the field, with "per Guest" for a per-guest line', () => {
    expect(checkLineQuantity('', 'event', 40, label)).toEqual({
      ok: false,
      message: 'Quantity Needed is required: enter a number from 0 to 1,000,000.',
    });
    expect(checkLineQuantity('abc', 'guest', 40, label)).toEqual({
      ok: false,
      message: 'Quantity Needed per Guest must be a number from 0 to 1,000,000.',
    });
    expect(checkLineQuantity('-1', 'event', 40, label)).toEqual({
      ok: false,
      message: 'Quantity Needed cannot be negative: enter a number from 0 to 1,000,000.',
    });
  });
  it('positive: 0 is refused as "must be more than 0"; a small positive amount is accepted', () => {
    expect(checkLineQuantity('0', 'event', 40, positive)).toEqual({
      ok: false,
      message: 'Quantity Needed must be more than 0.',
    });
    expect(checkLineQuantity('0', 'guest', 40, positive)).toEqual({
      ok: false,
      message: 'Quantity Needed per Guest must be more than 0.',
    });
    expect(checkLineQuantity('0.01', 'event', 40, positive)).toStrictEqual({ ok: true, quantity: 0.01, per: 'event' });
  });
  it('per guest with no guests (0, or not a number) is refused with what to do', () => {
    const message = 'This event has no guests yet: set its Number of Guests (Edit Event) before a per-guest quantity.';
    expect(checkLineQuantity('1', 'guest', 0, label)).toEqual({ ok: false, message });
    expect(checkLineQuantity('1', 'guest', Number.NaN, label)).toEqual({ ok: false, message });
    expect(checkLineQuantity('1', 'event', 0, label)).toStrictEqual({ ok: true, quantity: 1, per: 'event' });
  });
  it('a per-guest total above the ceiling is refused with the guests and the total; exactly the ceiling is accepted', () => {
    expect(checkLineQuantity('100', 'guest', 100_000, label)).toEqual({
      ok: false,
      message: 'Quantity Needed per Guest is too large: for 100,000 guests it makes 10,000,000, above 1,000,000.',
    });
    expect(checkLineQuantity('10', 'guest', 100_000, label)).toStrictEqual({
      ok: true,
      quantity: 1_000_000,
      per: 'guest',
      perGuest: 10,
    });
  });
});
