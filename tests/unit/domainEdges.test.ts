/** Edges of the domain rules that the planted-bug review found untested (issue 13: D02, D16). */
import { describe, expect, it } from 'vitest';
import { cellText, csvCell } from '../../src/domain/csv';
import { pricingSummary } from '../../src/domain/money';

describe('pricing summary', () => {
  it('skips a price line that is not a number (the other lines still count)', () => {
    expect(pricingSummary([{ price: 10 }, { price: Number.NaN }, { price: 2.5 }], 0, 0, 0, 0)).toEqual({ customTotal: 12.5, total: 12.5, discounted: 12.5, taxed: 12.5 });
    expect(pricingSummary([{ price: Number.POSITIVE_INFINITY }], 1, 1, 0, 0)?.total).toBe(2);
  });
});

describe('CSV cells', () => {
  it('writes a date as ISO 8601, and an invalid date as empty', () => {
    expect(cellText(new Date(Date.UTC(2026, 10, 23, 9, 30)))).toBe('2026-11-23T09:30:00.000Z');
    expect(csvCell(new Date(Number.NaN))).toBe('""');
  });
});
