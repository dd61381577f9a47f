// @vitest-environment jsdom
/**
 * The calendar's views at scale (issue 21's bench, 2,000 events): a day cell or agenda day that shows the
 * same thing is not drawn again when another day is focused or an event opened, and Next reuses the
 * grid's cells. A day's entries list is wrapped to count which days' cells read it while drawing.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getInitialSnapshot, transition, type SnapshotFrom } from 'xstate';
import type { CalendarApi } from '../../src/app/calendar/useCalendar';
import { addDays } from '../../src/domain/eventDates';
import { connectCalendar } from '../../src/machines/calendar/calendar.connect';
import { calendarMachine, type CalendarEvent } from '../../src/machines/calendar/calendar.machine';
import type { CateringEvent } from '../../src/machines/events/events.machine';
import { Agenda, CalendarGrid } from '../../src/views/calendar/CalendarView';

afterEach(cleanup);

const today = '2026-12-10';
/** Two events on every day from mid-November to mid-January (each day busy). */
const events: CateringEvent[] = Array.from({ length: 120 }, (_, i) => ({
  id: i + 1,
  EventName: `Event ${i + 1}`,
  EventDate: addDays('2026-11-15', Math.floor(i / 2)),
  StartTime: i % 2 ? '18:00' : '10:00',
  EndTime: i % 2 ? '22:00' : '12:00',
  CustomerFirstName: 'Ann',
  CustomerLastName: 'Keel',
  CustomerPhoneNumber: 5550000,
  CustomerEmail: 'ann@example.com',
  EventType: 'Wedding',
  NumberOfGuests: 20,
  VenueName: 'Hall',
  VenueStreetAddress: '1 Quay Street',
  VenueCity: 'Halifax',
  ingredients: [],
}));

type Snapshot = SnapshotFrom<typeof calendarMachine>;
const send = (_: CalendarEvent) => {};

/** The page's api for a snapshot, with each day's entries list counting the days whose cell read it. */
function counting() {
  const read = new Set<string>();
  const base = connectCalendar(getInitialSnapshot(calendarMachine, { today, view: 'month' }), events, send);
  const lists = new Map(
    [...base.entries].map(([day, list]) => [
      day,
      new Proxy(list, {
        get(target, key, receiver) {
          read.add(day);
          return Reflect.get(target, key, receiver);
        },
      }),
    ]),
  );
  const apiOf = (s: Snapshot): CalendarApi => {
    const api = connectCalendar(s, events, send);
    return {
      ...api,
      ref: undefined as never,
      today,
      staffBookedTwice: new Set<string>(),
      entries: lists,
      agenda: api.agenda.map((group) => ({ ...group, entries: lists.get(group.day)! })),
    };
  };
  return { read, apiOf, lists };
}

const step = (s: Snapshot, event: CalendarEvent) => transition(calendarMachine, s, event)[0];

describe('the month grid draws again only the days that change', () => {
  it('focusing another day draws those two days; opening an event draws none', () => {
    const { read, apiOf, lists } = counting();
    const s0 = getInitialSnapshot(calendarMachine, { today, view: 'month' });
    const view = render(<CalendarGrid api={apiOf(s0)} entries={lists} />);
    expect(read.size).toBe(35); // December 2026: five weeks
    read.clear();
    const s1 = step(s0, { type: 'focus.set', date: '2026-12-11' });
    view.rerender(<CalendarGrid api={apiOf(s1)} entries={lists} />);
    expect([...read].sort()).toEqual(['2026-12-10', '2026-12-11']);
    expect(view.container.querySelector('[tabindex="0"]')?.getAttribute('data-date')).toBe('2026-12-11');
    read.clear();
    const s2 = step(s1, { type: 'event.open', id: 3 });
    view.rerender(<CalendarGrid api={apiOf(s2)} entries={lists} />);
    expect([...read]).toEqual([]);
  });

  it('Next keeps the grid’s cells (by their place) and shows the next month’s days in them', () => {
    const { apiOf, lists } = counting();
    const s0 = getInitialSnapshot(calendarMachine, { today, view: 'month' });
    const view = render(<CalendarGrid api={apiOf(s0)} entries={lists} />);
    const before = [...view.container.querySelectorAll('[role=gridcell]')];
    const chipsBefore = [...before[14]!.querySelectorAll('button')];
    expect(chipsBefore.map((chip) => chip.textContent)).toEqual(['10:00 Event 57', '18:00 Event 58']);
    view.rerender(<CalendarGrid api={apiOf(step(s0, { type: 'nav.next' }))} entries={lists} />);
    const after = [...view.container.querySelectorAll('[role=gridcell]')];
    // January 2027: Sunday 27 December to Saturday 6 February, six rows (December had five).
    expect(after.map((cell) => cell.getAttribute('data-date'))).toEqual(
      Array.from({ length: 42 }, (_, i) => addDays('2026-12-27', i)),
    );
    expect(after[0]).toBe(before[0]);
    expect(after[34]).toBe(before[34]);
    expect(after[14]!.getAttribute('aria-label')).toBe('Sunday, January 10, 2027, 2 events, busy: two or more events');
    expect(after[14]!.getAttribute('tabindex')).toBe('0');
    expect(after.filter((cell) => cell.getAttribute('tabindex') === '0')).toHaveLength(1);
    // The day's chips too: the same buttons show the new day's events (issue 21's bench: no chip rebuilt on Next).
    const chipsAfter = [...after[14]!.querySelectorAll('button')];
    expect(chipsAfter).toHaveLength(2);
    chipsAfter.forEach((chip, i) => expect(chip).toBe(chipsBefore[i]));
    expect(chipsAfter.map((chip) => chip.textContent)).toEqual(['10:00 Event 113', '18:00 Event 114']);
    expect(chipsAfter[1]!.getAttribute('title')).toBe('18:00 Event 114');
    expect(after[0]!.hasAttribute('data-outside')).toBe(true);
    expect(after[5]!.hasAttribute('data-outside')).toBe(false);
  });
});

describe('the agenda draws again only the days that change', () => {
  it('opening an event draws none of its days', () => {
    const { read, apiOf } = counting();
    const s0 = getInitialSnapshot(calendarMachine, { today, view: 'agenda' });
    const view = render(<Agenda api={apiOf(s0)} events={events} />);
    expect(read.size).toBe(14);
    read.clear();
    view.rerender(<Agenda api={apiOf(step(s0, { type: 'event.open', id: 40 }))} events={events} />);
    expect([...read]).toEqual([]);
    expect(view.container.querySelectorAll('section')).toHaveLength(14);
  });
});
