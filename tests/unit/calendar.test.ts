/** The calendar's grid arithmetic (issue 21): month and week grids, agenda, busy days, keyboard moves. */
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  agenda,
  busyDays,
  calendarIndex,
  dayChips,
  entriesByDay,
  MONTH_CHIPS,
  moreLabel,
  entryTime,
  fullDate,
  moveFocus,
  monthGrid,
  periodTitle,
  shiftPeriod,
  visibleDays,
  weekDays,
  type CalendarEvent,
} from '../../src/domain/calendar';

const ev = (id: number, EventDate: string, StartTime = '12:00', EndTime = '14:00'): CalendarEvent => ({
  id,
  EventName: `Event ${id}`,
  EventDate,
  StartTime,
  EndTime,
  CustomerFirstName: '',
  CustomerLastName: '',
  NumberOfGuests: 10,
  VenueName: '',
  VenueCity: '',
  EventType: '',
});

describe('month grid', () => {
  it('starts on the Sunday on or before the 1st and ends on the Saturday on or after the last day', () => {
    // December 2026: the 1st is a Tuesday, the 31st a Thursday.
    const weeks = monthGrid('2026-12-15');
    expect(weeks[0]![0]).toBe('2026-11-29');
    expect(weeks.at(-1)![6]).toBe('2027-01-02');
    expect(weeks).toHaveLength(5);
    for (const week of weeks) expect(week).toHaveLength(7);
    expect(weeks.flat()).toContain('2026-12-01');
    expect(weeks.flat()).toContain('2026-12-31');
  });

  it('has four rows for a February that starts on a Sunday and six when the month spills over', () => {
    expect(monthGrid('2026-02-10')).toHaveLength(4); // 1 February 2026 is a Sunday, 28 days.
    expect(monthGrid('2026-08-10')).toHaveLength(6); // 1 August 2026 is a Saturday, 31 days.
    expect(monthGrid('2026-08-10')[0]![6]).toBe('2026-08-01');
  });

  it('every day is the day after the one before it (no gaps or repeats over DST changes)', () => {
    const days = monthGrid('2026-03-08').flat().concat(monthGrid('2026-11-01').flat());
    for (const list of [monthGrid('2026-03-08').flat(), monthGrid('2026-11-01').flat()]) {
      for (let i = 1; i < list.length; i++)
        expect(new Date(list[i]!).getTime() - new Date(list[i - 1]!).getTime()).toBe(86_400_000);
    }
    expect(new Set(days).size).toBe(days.length);
  });
});

describe('weeks, agenda and periods', () => {
  it('a week runs Sunday to Saturday around the day', () => {
    expect(weekDays('2026-12-31')).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  it('the agenda lists 14 days from the focused day: only days with events, in date then time order', () => {
    const events = [
      ev(1, '2026-12-10', '18:00', '20:00'),
      ev(2, '2026-12-01', '09:00'),
      ev(3, '2026-12-10', '08:00'),
      ev(4, '2026-12-15'),
      ev(5, '2026-11-30'),
    ];
    const groups = agenda(events, '2026-12-01');
    expect(groups.map((g) => g.day)).toEqual(['2026-12-01', '2026-12-10']);
    expect(groups[1]!.entries.map((e) => e.event.id)).toEqual([3, 1]);
    expect(visibleDays('agenda', '2026-12-01')).toHaveLength(14);
    expect(visibleDays('agenda', '2026-12-01').at(-1)).toBe('2026-12-14');
  });

  it('Previous and Next move by a month (keeping the day where it exists), a week, or 14 days', () => {
    expect(shiftPeriod('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(shiftPeriod('month', '2026-01-15', -1)).toBe('2025-12-15');
    expect(shiftPeriod('week', '2026-12-29', 1)).toBe('2027-01-05');
    expect(shiftPeriod('agenda', '2026-12-01', 1)).toBe('2026-12-15');
    expect(shiftPeriod('agenda', '2026-12-01', -1)).toBe('2026-11-17');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
  });

  it('titles and full dates', () => {
    expect(periodTitle('month', '2026-12-15')).toBe('December 2026');
    expect(periodTitle('week', '2026-12-31')).toBe('Dec 27, 2026 – Jan 2, 2027');
    expect(periodTitle('week', '2026-12-15')).toBe('Dec 13 – Dec 19, 2026');
    expect(fullDate('2026-12-01')).toBe('Tuesday, December 1, 2026');
  });
});

describe('days and their events', () => {
  it('marks the days with two or more events starting on them', () => {
    const events = [
      ev(1, '2026-12-10'),
      ev(2, '2026-12-10', '18:00', '20:00'),
      ev(3, '2026-12-11'),
      ev(4, '2026-12-12'),
      ev(5, '2026-12-12'),
      ev(6, '2026-12-12'),
    ];
    expect(busyDays(events, monthGrid('2026-12-01').flat())).toEqual(['2026-12-10', '2026-12-12']);
    expect(busyDays(events.slice(0, 1), monthGrid('2026-12-01').flat())).toEqual([]);
  });

  it('an event past midnight also shows the next day, as a continuation that does not count as a second event', () => {
    const map = entriesByDay([ev(1, '2026-12-31', '20:00', '01:00'), ev(2, '2027-01-01', '12:00')]);
    expect(map.get('2026-12-31')!.map((e) => [e.event.id, e.continued])).toEqual([[1, false]]);
    expect(map.get('2027-01-01')!.map((e) => [e.event.id, e.continued])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(entryTime(map.get('2027-01-01')![0]!)).toBe('until 01:00');
    expect(entryTime(map.get('2026-12-31')![0]!)).toBe('20:00');
    expect(busyDays([ev(1, '2026-12-31', '20:00', '01:00'), ev(2, '2027-01-01')], ['2027-01-01'])).toEqual([]);
  });

  it('an event without a valid date is on no day', () => {
    expect([...entriesByDay([ev(1, ''), ev(2, '2026-13-01')]).keys()]).toEqual([]);
  });
});

describe('the events’ index (issue 21: 2,000 events)', () => {
  it('is built once per events array: each day’s entries as entriesByDay, and each event by id', () => {
    const events = [ev(1, '2026-12-01', '20:00', '01:00'), ev(2, '2026-12-01', '09:00'), ev(3, 'not a date')];
    const index = calendarIndex(events);
    expect(calendarIndex(events)).toBe(index);
    expect(index.entries).toEqual(entriesByDay(events));
    expect(index.byId.get(3)).toBe(events[2]);
    expect(calendarIndex([...events])).not.toBe(index);
  });

  it('a month’s grid and a week’s days are the same arrays for every day of them', () => {
    expect(monthGrid('2026-12-01')).toBe(monthGrid('2026-12-31'));
    expect(monthGrid('2026-12-01')).not.toBe(monthGrid('2027-01-01'));
    expect(weekDays('2026-12-01')).toBe(weekDays('2026-12-05'));
  });
});

describe('keyboard moves (WAI-ARIA grid)', () => {
  it('arrows move a day or a week, Home/End to the week’s ends, PageUp/PageDown a month (Shift: a year)', () => {
    expect(moveFocus('2026-12-01', 'ArrowLeft')).toBe('2026-11-30');
    expect(moveFocus('2026-12-31', 'ArrowRight')).toBe('2027-01-01');
    expect(moveFocus('2026-12-03', 'ArrowUp')).toBe('2026-11-26');
    expect(moveFocus('2026-12-29', 'ArrowDown')).toBe('2027-01-05');
    expect(moveFocus('2026-12-02', 'Home')).toBe('2026-11-29');
    expect(moveFocus('2026-12-02', 'End')).toBe('2026-12-05');
    expect(moveFocus('2026-03-31', 'PageUp')).toBe('2026-02-28');
    expect(moveFocus('2026-12-15', 'PageDown')).toBe('2027-01-15');
    expect(moveFocus('2026-12-15', 'PageDown', true)).toBe('2027-12-15');
    expect(moveFocus('2026-12-15', 'PageUp', true)).toBe('2025-12-15');
  });
});

describe('the month view’s chips on a dense day (issue 21)', () => {
  it('up to three entries are all shown; more are three and "+N more", in time order', () => {
    const day = '2026-12-01';
    const list = (n: number) =>
      entriesByDay(
        Array.from({ length: n }, (_, i) => ev(i + 1, day, `${String(20 - i).padStart(2, '0')}:00`, '23:00')),
      ).get(day);
    expect(MONTH_CHIPS).toBe(3);
    expect(dayChips(undefined)).toEqual({ shown: [], more: 0 });
    expect(dayChips(list(3))).toMatchObject({ more: 0 });
    expect(dayChips(list(3)).shown).toHaveLength(3);
    const dense = dayChips(list(11));
    expect(dense.more).toBe(8);
    // The earliest three (ids 11, 10, 9 start at 10:00, 11:00, 12:00).
    expect(dense.shown.map((e) => e.event.id)).toEqual([11, 10, 9]);
    expect(dayChips(list(4), 4)).toMatchObject({ more: 0 });
  });

  it('"+8 more" is named with its full date', () => {
    expect(moreLabel(8, '2026-12-01')).toEqual({ text: '+8 more', label: '+8 more on Tuesday, December 1, 2026' });
  });
});
