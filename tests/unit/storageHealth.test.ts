import { describe, expect, it } from 'vitest';
import { assessHealth, formatBytes, warnFromPercent } from '../../src/domain/storageHealth';

const MB = 1024 * 1024;

describe('formatBytes: bytes, KB, MB, GB with one decimal', () => {
  it('shows fewer than 1024 bytes in bytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });

  it('shows 1024 bytes up to just under 1 MB in KB', () => {
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(MB - 1)).toBe('1024.0 KB');
  });

  it('shows 1 MB up to just under 1 GB in MB, and 1 GB up in GB', () => {
    expect(formatBytes(MB)).toBe('1.0 MB');
    expect(formatBytes(5.25 * MB)).toBe('5.3 MB');
    expect(formatBytes(1024 * MB)).toBe('1.0 GB');
    expect(formatBytes(2.5 * 1024 * MB)).toBe('2.5 GB');
  });
});

describe('assessHealth: the data view storage line (issue 9)', () => {
  it('warns from 80 percent', () => {
    expect(warnFromPercent).toBe(80);
  });

  it('words the app measure, and leaves out a browser estimate that is not nearly full (issue 25: "0 B of 10.0 GB" beside full data)', () => {
    expect(assessHealth({ appBytes: 1.2 * MB, localLimit: 5 * MB, usage: 2 * MB, quota: 100 * MB })).toEqual({
      percent: 24,
      nearlyFull: false,
      summary: 'Your data uses 1.2 MB of about 5.0 MB of browser storage for this app (24%).',
      siteSummary: null,
    });
    expect(
      assessHealth({ appBytes: 20.5 * 1024, localLimit: 10 * MB, usage: 0, quota: 10 * 1024 * MB }).siteSummary,
    ).toBeNull();
  });

  it('words the browser estimate when it is itself nearly full', () => {
    expect(assessHealth({ appBytes: 1.2 * MB, localLimit: 5 * MB, usage: 80 * MB, quota: 100 * MB })).toEqual({
      percent: 80,
      nearlyFull: true,
      summary: 'Your data uses 1.2 MB of about 5.0 MB of browser storage for this app (24%).',
      siteSummary: "The browser's other storage for this site is nearly full too: 80.0 MB of 100.0 MB (80%).",
    });
    expect(
      assessHealth({ appBytes: 1.2 * MB, localLimit: 5 * MB, usage: 79.9 * MB, quota: 100 * MB }).siteSummary,
    ).toBeNull();
  });

  it('is nearly full at exactly 80 percent, not at 79.9', () => {
    expect(assessHealth({ appBytes: 800, localLimit: 1000, usage: null, quota: null })).toMatchObject({
      percent: 80,
      nearlyFull: true,
    });
    expect(assessHealth({ appBytes: 799, localLimit: 1000, usage: null, quota: null })).toMatchObject({
      percent: 79.9,
      nearlyFull: false,
    });
  });

  it('takes the fuller of the two measures', () => {
    expect(assessHealth({ appBytes: 100, localLimit: 1000, usage: 900, quota: 1000 })).toMatchObject({
      percent: 90,
      nearlyFull: true,
    });
    expect(assessHealth({ appBytes: 500, localLimit: 1000, usage: 100, quota: 1000 })).toMatchObject({ percent: 50 });
  });

  it('has no site line and counts no site measure when the browser gives no usage or no quota', () => {
    expect(assessHealth({ appBytes: 100, localLimit: 1000, usage: null, quota: 1000 })).toMatchObject({
      percent: 10,
      siteSummary: null,
    });
    expect(assessHealth({ appBytes: 100, localLimit: 1000, usage: 900, quota: null })).toMatchObject({
      percent: 10,
      siteSummary: null,
    });
  });

  it('counts a quota of 0 as no measure (0 percent), and does not word it', () => {
    expect(assessHealth({ appBytes: 100, localLimit: 1000, usage: 900, quota: 0 })).toEqual({
      percent: 10,
      nearlyFull: false,
      summary: 'Your data uses 100 B of about 1000 B of browser storage for this app (10%).',
      siteSummary: null,
    });
  });

  it('counts a local limit of 0 as 0 percent', () => {
    expect(assessHealth({ appBytes: 100, localLimit: 0, usage: null, quota: null })).toMatchObject({
      percent: 0,
      nearlyFull: false,
    });
  });
});
