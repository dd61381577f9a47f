import { describe, expect, it } from 'vitest';
import {
  endOfMonth,
  endOfWeek,
  isISODate,
  quickFilterLabels,
  quickFilterRange,
  quickFilters,
  startOfNextMonth,
  startOfWeek,
} from '../../src/domain/eventDates';

describe('isISODate: only a whole YYYY-MM-DD that is a real calendar day', () => {
  it('text before or after the date is refused', () => {
    expect(isISODate('x2026-11-21')).toBe(false);
    expect(isISODate('2026-11-21x')).toBe(false);
    expect(isISODate('2026-11-21T10:00')).toBe(false);
    expect(isISODate('2026-11-21')).toBe(true);
  });
  it('a day past the end of its month is refused (30 February, 31 April)', () => {
    expect(isISODate('2026-02-30')).toBe(false);
    expect(isISODate('2026-04-31')).toBe(false);
    expect(isISODate('2026-04-30')).toBe(true);
  });
  it('a year below 100 is refused (the calendar would read it as 19xx)', () => {
    expect(isISODate('0050-01-01')).toBe(false);
  });
});

describe('calendar helpers given text that is not a date return it unchanged', () => {
  it('start and end of week, end of month, start of next month', () => {
    expect(startOfWeek('soon')).toBe('soon');
    expect(endOfWeek('soon')).toBe('soon');
    expect(endOfMonth('next')).toBe('next');
    expect(startOfNextMonth('next')).toBe('next');
  });
});

describe('quickFilterRange', () => {
  it('All Events is open at both ends', () => {
    expect(quickFilterRange('all', '2026-11-23')).toEqual({ from: null, to: null });
  });
});

describe('quick filter buttons (spec section 4)', () => {
  it('are Past Events, Today, This Week, This Month, Next Month, All Events, in that order', () => {
    expect(quickFilters.map((filter) => [filter, quickFilterLabels[filter]])).toEqual([
      ['past', 'Past Events'],
      ['today', 'Today'],
      ['week', 'This Week'],
      ['month', 'This Month'],
      ['nextMonth', 'Next Month'],
      ['all', 'All Events'],
    ]);
  });
});
