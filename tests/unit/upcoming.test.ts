import { describe, expect, it } from 'vitest';
import { blankEventForm, formToEvent } from '../../src/domain/events';
import { upcomingEvents } from '../../src/domain/upcoming';

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
