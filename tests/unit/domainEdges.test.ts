/** Edges of the domain rules that the planted-bug review found untested (issue 13: D02, D16). */
import { describe, expect, it } from 'vitest';
import { cellText, csvCell } from '../../src/domain/csv';
import { pricingSummary } from '../../src/domain/money';
import { assessHealth, formatBytes } from '../../src/domain/storageHealth';

describe('pricing summary', () => {
  it('skips a price line that is not a number (the other lines still count)', () => {
    expect(pricingSummary([{ price: 10 }, { price: Number.NaN }, { price: 2.5 }], 0, 0, 0, 0)).toEqual({
      customTotal: 12.5,
      total: 12.5,
      discounted: 12.5,
      taxed: 12.5,
    });
    expect(pricingSummary([{ price: Number.POSITIVE_INFINITY }], 1, 1, 0, 0)?.total).toBe(2);
  });
});

describe('CSV cells', () => {
  it('writes a date as ISO 8601, and an invalid date as empty', () => {
    expect(cellText(new Date(Date.UTC(2026, 10, 23, 9, 30)))).toBe('2026-11-23T09:30:00.000Z');
    expect(csvCell(new Date(Number.NaN))).toBe('""');
  });
});

describe('storage health edges', () => {
  const MiB = 1024 * 1024;
  it('formats exactly 1 MiB and 1 GiB in the larger unit', () => {
    expect([formatBytes(MiB), formatBytes(1024 ** 3)]).toEqual(['1.0 MB', '1.0 GB']);
  });
  it('leaves the site figure out when the browser gives no usage or quota, or a zero quota', () => {
    const base = { appBytes: MiB, localLimit: 5 * MiB };
    expect(assessHealth({ ...base, usage: 95 * MiB, quota: null })).toMatchObject({ percent: 20, siteSummary: null });
    expect(assessHealth({ ...base, usage: null, quota: 100 * MiB })).toMatchObject({ percent: 20, siteSummary: null });
    expect(assessHealth({ ...base, usage: 95 * MiB, quota: 0 })).toMatchObject({ percent: 20, nearlyFull: false });
    expect(assessHealth({ appBytes: MiB, localLimit: 0, usage: null, quota: null }).percent).toBe(0);
  });
});
