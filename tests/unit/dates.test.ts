import { describe, expect, it } from 'vitest';
import {
  addDays,
  endOfMonth,
  endOfWeek,
  fromISODate,
  isISODate,
  quickFilterRange,
  startOfMonth,
  startOfNextMonth,
  startOfWeek,
  toISODate,
} from '../../src/domain/eventDates';
import type { QuickFilter } from '../../src/domain/eventDates';
import { filterEvents } from '../../src/domain/events';
import type { CateringEvent } from '../../src/storage';

/** Does the Events page's filter keep one event on this date? */
const keeps = (date: string, filter: Parameters<typeof filterEvents>[1], today = '2026-01-01') =>
  filterEvents([{ id: 1, EventDate: date } as CateringEvent], filter, today).length === 1;
const quickKeeps = (date: string, filter: QuickFilter, today: string) => keeps(date, { kind: 'quick', filter }, today);
const rangeKeeps = (date: string, start: string, end: string) => keeps(date, { kind: 'range', start, end });

describe('calendar helpers', () => {
  it('writes and reads local YYYY-MM-DD', () => {
    expect(toISODate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(toISODate(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
    expect(isISODate('2026-02-29')).toBe(false);
    expect(isISODate('2028-02-29')).toBe(true);
    expect(isISODate('2026-13-01')).toBe(false);
    expect(isISODate('')).toBe(false);
    expect(fromISODate('2026-03-08')?.getDate()).toBe(8);
  });

  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09'); // across a DST change in North America
  });

  it('weeks run Sunday to Saturday, also across months and years', () => {
    expect(startOfWeek('2026-11-21')).toBe('2026-11-15'); // a Saturday
    expect(endOfWeek('2026-11-21')).toBe('2026-11-21');
    expect(startOfWeek('2026-11-15')).toBe('2026-11-15'); // a Sunday
    expect(endOfWeek('2026-11-15')).toBe('2026-11-21');
    expect(startOfWeek('2027-01-01')).toBe('2026-12-27'); // a Friday
    expect(endOfWeek('2026-12-30')).toBe('2027-01-02');
    expect(startOfWeek('2026-03-02')).toBe('2026-03-01');
  });

  it('months use calendar boundaries; next month rolls over the year', () => {
    expect(startOfMonth('2026-11-21')).toBe('2026-11-01');
    expect(endOfMonth('2026-11-21')).toBe('2026-11-30');
    expect(endOfMonth('2026-02-10')).toBe('2026-02-28');
    expect(endOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(endOfMonth('2026-12-01')).toBe('2026-12-31');
    expect(startOfNextMonth('2026-12-31')).toBe('2027-01-01');
    expect(startOfNextMonth('2026-01-31')).toBe('2026-02-01');
    expect(quickFilterRange('nextMonth', '2026-12-15')).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(quickFilterRange('nextMonth', '2028-01-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});

describe('quick filters', () => {
  const today = '2026-12-31'; // a Thursday, last day of the year
  const cases: Array<[string, Record<string, boolean>]> = [
    ['2026-12-30', { past: true, today: false, week: true, month: true, nextMonth: false, all: true }],
    ['2026-12-31', { past: false, today: true, week: true, month: true, nextMonth: false, all: true }],
    ['2027-01-02', { past: false, today: false, week: true, month: false, nextMonth: true, all: true }],
    ['2027-01-03', { past: false, today: false, week: false, month: false, nextMonth: true, all: true }],
    ['2026-12-26', { past: true, today: false, week: false, month: true, nextMonth: false, all: true }],
    ['2026-12-27', { past: true, today: false, week: true, month: true, nextMonth: false, all: true }],
    ['2027-01-31', { past: false, today: false, week: false, month: false, nextMonth: true, all: true }],
    ['2027-02-01', { past: false, today: false, week: false, month: false, nextMonth: false, all: true }],
    ['2025-12-31', { past: true, today: false, week: false, month: false, nextMonth: false, all: true }],
  ];
  for (const [date, expected] of cases) {
    it(`${date} relative to ${today}`, () => {
      for (const [filter, match] of Object.entries(expected)) {
        expect(quickKeeps(date, filter as QuickFilter, today), filter).toBe(match);
      }
    });
  }

  it('an event without a valid date only shows under All Events', () => {
    expect(quickKeeps('', 'past', today)).toBe(false);
    expect(quickKeeps('soon', 'month', today)).toBe(false);
    expect(quickKeeps('', 'all', today)).toBe(true);
  });
});

describe('date range (inclusive)', () => {
  it('includes both ends and swaps reversed bounds', () => {
    expect(rangeKeeps('2026-01-01', '2026-01-01', '2026-01-31')).toBe(true);
    expect(rangeKeeps('2026-01-31', '2026-01-01', '2026-01-31')).toBe(true);
    expect(rangeKeeps('2026-02-01', '2026-01-01', '2026-01-31')).toBe(false);
    expect(rangeKeeps('2026-01-15', '2026-01-31', '2026-01-01')).toBe(true);
  });
  it('treats an empty bound as open', () => {
    expect(rangeKeeps('1999-01-01', '', '2026-01-31')).toBe(true);
    expect(rangeKeeps('2099-01-01', '2026-01-01', '')).toBe(true);
    expect(rangeKeeps('2026-01-01', '', '')).toBe(true);
    expect(rangeKeeps('', '', '')).toBe(false);
  });
});

describe('date range: typed bounds', () => {
  it('bounds are trimmed before comparing', () => {
    expect(rangeKeeps('2026-11-21', ' 2026-11-22', '')).toBe(false);
    expect(rangeKeeps('2026-11-21', '', ' 2026-11-30')).toBe(true);
    expect(rangeKeeps('2026-11-22', ' 2026-11-22 ', ' 2026-11-22 ')).toBe(true);
  });
  it('reversed bounds are swapped, so a date outside them is still outside', () => {
    expect(rangeKeeps('2026-12-05', '2026-11-30', '2026-11-21')).toBe(false);
    expect(rangeKeeps('2026-11-20', '2026-11-30', '2026-11-21')).toBe(false);
    expect(rangeKeeps('2026-11-25', '2026-11-30', '2026-11-21')).toBe(true);
  });
});
