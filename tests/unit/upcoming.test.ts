import { describe, expect, it } from 'vitest';
import { blankEventForm, formToEvent } from '../../src/domain/events';
import { addDays, isoDate, msUntilNextDay, upcomingEvents, upcomingWindow } from '../../src/domain/upcoming';

const ev = (id: number, EventDate: string, StartTime = '10:00') =>
  formToEvent({ ...blankEventForm(), id, EventName: `E${id}`, NumberOfGuests: '5', EventDate, StartTime });
const today = '2026-11-23';

describe('upcomingEvents', () => {
  it('an event date with anything before or after the YYYY-MM-DD is not upcoming', () => {
    const events = [ev(1, '2026-11-24x'), ev(2, '2026-12-01-2026-11-24'), ev(3, '2026-11-24')];
    expect(upcomingEvents(events, today).map((e) => e.id)).toEqual([3]);
  });
  it('events on the same day at the same time are listed by id', () => {
    const events = [ev(9, '2026-11-24'), ev(2, '2026-11-24'), ev(5, '2026-11-24', '09:00'), ev(4, '2026-11-24')];
    expect(upcomingEvents(events, today).map((e) => e.id)).toEqual([5, 2, 4, 9]);
  });
});

describe('Upcoming window: today through today + 14, both ends inclusive', () => {
  it('is 2026-11-23 to 2026-12-07', () => {
    expect(upcomingWindow(today)).toEqual({ from: '2026-11-23', to: '2026-12-07' });
  });
  it('counts today and the 14th day; not yesterday nor the 15th day', () => {
    const events = [ev(1, '2026-11-22'), ev(2, '2026-11-23'), ev(3, '2026-12-07'), ev(4, '2026-12-08')];
    expect(upcomingEvents(events, today).map((e) => e.id)).toEqual([2, 3]);
  });
});

describe('calendar helpers of Upcoming', () => {
  it('isoDate writes a local day with two-digit month and day', () => {
    expect(isoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(isoDate(new Date(2026, 10, 23))).toBe('2026-11-23');
  });
  it('addDays crosses months and years', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('msUntilNextDay is the time to the next local midnight', () => {
    expect(msUntilNextDay(new Date(2026, 10, 23, 23, 0, 0))).toBe(60 * 60 * 1000);
    expect(msUntilNextDay(new Date(2026, 10, 23, 0, 0, 0))).toBe(24 * 60 * 60 * 1000);
    expect(msUntilNextDay(new Date(2026, 10, 23, 23, 59, 59, 999))).toBe(1);
  });
});
