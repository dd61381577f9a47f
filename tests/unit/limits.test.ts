import { describe, expect, it, vi } from 'vitest';
import {
  checkAmount,
  checkDateRange,
  checkTypedAmount,
  latestDate,
  MAX_GUESTS,
  MAX_MONEY,
  MAX_PERCENT,
  misplacedCommaMessage,
  ungroupThousands,
} from '../../src/domain/limits';

const guests = { label: 'Number of Guests', max: MAX_GUESTS, integer: true };

describe('checkAmount', () => {
  it('formats the range only for a message (issue 23: ~2 ms at 4x CPU per check, each Tool Kit open checks two)', () => {
    // `format` is a getter (a bound function): counting its reads counts the numbers formatted.
    const format = vi.spyOn(Intl.NumberFormat.prototype as unknown as { format: unknown }, 'format', 'get');
    expect(checkAmount('12', guests)).toEqual({ ok: true, value: 12 });
    expect(format).not.toHaveBeenCalled();
    expect(checkAmount('-1', guests)).toMatchObject({
      ok: false,
      message: expect.stringContaining('from 0 to 100,000'),
    });
    format.mockRestore();
  });
  it('accepts 0, a whole number and the ceiling itself', () => {
    expect(checkAmount('0', guests)).toEqual({ ok: true, value: 0 });
    expect(checkAmount(' 120 ', guests)).toEqual({ ok: true, value: 120 });
    expect(checkAmount('100000', guests)).toEqual({ ok: true, value: 100_000 });
  });
  it('refuses 1e20 guests, 100,001 guests, 12.5 guests and -1 guests, naming the field and the range', () => {
    for (const text of ['1e20', '100001', '12.5', '-1']) {
      const result = checkAmount(text, guests);
      expect(result.ok, text).toBe(false);
      if (!result.ok) expect(result.message).toContain('Number of Guests');
      if (!result.ok) expect(result.message).toContain('from 0 to 100,000');
    }
  });
  it('refuses text, Infinity and NaN', () => {
    for (const text of ['lots', 'Infinity', 'NaN', '1,000']) expect(checkAmount(text, guests).ok, text).toBe(false);
  });
  it('empty is required unless the rule is optional', () => {
    expect(checkAmount('', guests)).toEqual({
      ok: false,
      message: 'Number of Guests is required: enter a whole number from 0 to 100,000.',
    });
    expect(checkAmount('  ', { ...guests, optional: true })).toEqual({ ok: true, value: null });
  });
  it('a price of $6.4e21 is refused; $12.99 and $10,000,000 are fine', () => {
    const price = { label: 'Price', max: MAX_MONEY };
    expect(checkAmount('6.4e21', price)).toEqual({
      ok: false,
      message: 'Price is too large: enter a number from 0 to 10,000,000.',
    });
    expect(checkAmount('12.99', price)).toEqual({ ok: true, value: 12.99 });
    expect(checkAmount(10_000_000, price)).toEqual({ ok: true, value: 10_000_000 });
  });
  it('discount of 100.5% is refused, 100% is fine', () => {
    const discount = { label: 'Discount', max: MAX_PERCENT };
    expect(checkAmount('100.5', discount).ok).toBe(false);
    expect(checkAmount('100', discount)).toEqual({ ok: true, value: 100 });
  });
  it('a floor (min 1) refuses 0 with its own message and names the range from 1', () => {
    const atLeastOne = { ...guests, min: 1 };
    expect(checkAmount('0', atLeastOne)).toEqual({
      ok: false,
      message: 'Number of Guests must be at least 1: enter a whole number from 1 to 100,000.',
    });
    expect(checkAmount('1', atLeastOne)).toEqual({ ok: true, value: 1 });
    expect(checkAmount('', atLeastOne)).toEqual({
      ok: false,
      message: 'Number of Guests is required: enter a whole number from 1 to 100,000.',
    });
  });
});

describe('ungroupThousands', () => {
  it('takes out well-formed thousands separators and leaves text without commas as typed', () => {
    expect(ungroupThousands('1,000')).toBe('1000');
    expect(ungroupThousands(' 1,000.50 ')).toBe('1000.50');
    expect(ungroupThousands('-1,250.00')).toBe('-1250.00');
    expect(ungroupThousands('12,345,678.90')).toBe('12345678.90');
    expect(ungroupThousands('1000.5')).toBe('1000.5');
    expect(ungroupThousands('ten')).toBe('ten');
  });

  it('refuses commas that are not groups of three, and says which kind', () => {
    for (const text of ['1,00', '10,00', '10,5', '1,0000', '12,34,567', '1,000,00', ',100', '1,000,', '1.000,50'])
      expect(ungroupThousands(text), text).toBeNull();
    expect(misplacedCommaMessage('Amount', '10,00')).toMatch(/^Amount: use a point for cents, e.g. 10.50/);
    expect(misplacedCommaMessage('Amount', '1,0000')).toBe(
      'Amount: put commas only between groups of three digits, e.g. 1,000.50.',
    );
  });
});

describe('checkTypedAmount: a number field read as typed', () => {
  const cost = { label: 'Cost per Unit', max: MAX_MONEY };
  it('reads thousands separators and gives the number to store', () => {
    expect(checkTypedAmount('1,250.50', cost)).toEqual({ ok: true, value: 1250.5 });
    expect(checkTypedAmount(' 12 ', cost)).toEqual({ ok: true, value: 12 });
  });
  it('refuses a comma typed for cents by name (the browser’s number input made 10,50 into 1050)', () => {
    expect(checkTypedAmount('10,50', cost, 'cents')).toEqual({
      ok: false,
      message: 'Cost per Unit: use a point for cents, e.g. 10.50 (a comma only separates thousands, as in 1,000).',
    });
    expect(checkTypedAmount('2,5', { label: 'Unit Quantity', max: 1e6 })).toEqual({
      ok: false,
      message: 'Unit Quantity: use a point for decimals, e.g. 2.5 (a comma only separates thousands, as in 1,000).',
    });
    expect(checkTypedAmount('1,0000', cost)).toEqual({
      ok: false,
      message: 'Cost per Unit: put commas only between groups of three digits, e.g. 1,000.50.',
    });
  });
  it('keeps checkAmount’s rules once the commas are out', () => {
    expect(checkTypedAmount('20,000,000', cost)).toEqual(checkAmount('20000000', cost));
    expect(checkTypedAmount('-1,000', cost)).toEqual(checkAmount('-1000', cost));
    expect(checkTypedAmount('', cost)).toEqual(checkAmount('', cost));
  });
});

describe('checkDateRange', () => {
  it('takes 2000-01-01 to the same day a year after today, and names the range otherwise', () => {
    expect(latestDate('2026-06-12')).toBe('2027-06-12');
    // 29 February has no day next year: 1 March.
    expect(latestDate('2028-02-29')).toBe('2029-03-01');
    expect(checkDateRange('2000-01-01', '2026-06-12', 'Date')).toBeNull();
    expect(checkDateRange('2027-06-12', '2026-06-12', 'Date')).toBeNull();
    expect(checkDateRange('1999-12-31', '2026-06-12', 'Date')).toBe(
      'Date must be from 2000-01-01 to 2027-06-12 (a year from today).',
    );
    expect(checkDateRange('2027-06-13', '2026-06-12', 'Date')).toBe(
      'Date must be from 2000-01-01 to 2027-06-12 (a year from today).',
    );
  });
});
