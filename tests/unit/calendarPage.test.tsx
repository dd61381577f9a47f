// @vitest-environment jsdom
/**
 * /Calendar keeps both views once shown (issue 21's bench): switching Month ⇄ Agenda hides one and shows
 * the other, whose elements stay in the page, instead of building one view and removing the other. The
 * view shown again shows the calendar as it is now (the days moved while it was hidden), not as it was.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, toISODate } from '../../src/domain/eventDates';
import { fullDate } from '../../src/domain/calendar';
import { CalendarPage } from '../../src/views/pages/CalendarPage';

vi.mock('../../src/app/shell/AppActors', async (original) => ({
  ...(await original<typeof import('../../src/app/shell/AppActors')>()),
  useSound: () => ({ muted: true, toggle: () => {}, play: () => {} }),
  usePlaySound: () => () => {},
}));

const today = toISODate(new Date());
/** Two events a day from 60 days before today to 60 days after. */
const events = Array.from({ length: 242 }, (_, i) => ({
  id: 100 + i,
  EventName: `Event ${100 + i}`,
  EventDate: addDays(today, Math.floor(i / 2) - 60),
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

beforeEach(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  localStorage.setItem('events', JSON.stringify(events));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const press = (name: string) => fireEvent.click(screen.getByRole('button', { name, exact: true } as never));
const gridCells = () => [...document.querySelectorAll<HTMLElement>('[role=gridcell]')];
const agendaSections = () => [...document.querySelectorAll<HTMLElement>('ol[aria-label=Agenda] > li > section')];

describe('Month ⇄ Agenda', () => {
  it('keeps both views’ elements, hides the one not shown, and shows the current days in the other', () => {
    render(<CalendarPage />);
    const cells = gridCells();
    expect(cells.length).toBeGreaterThanOrEqual(35);
    expect(agendaSections()).toHaveLength(0);

    press('Agenda');
    const sections = agendaSections();
    expect(sections).toHaveLength(14);
    expect(sections[0]!.querySelector('h3')!.textContent).toContain(fullDate(today));
    // The grid is hidden, not removed: the same cells, not drawn again.
    expect(gridCells()).toEqual(cells);
    cells.forEach((cell, i) => expect(gridCells()[i]).toBe(cell));
    expect(cells[0]!.closest('[aria-hidden=true]')).not.toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();

    // Next in the agenda moves the focused day by 14 days; the month grid shows it when it comes back.
    press('Next');
    const later = addDays(today, 14);
    expect(agendaSections()[0]!.querySelector('h3')!.textContent).toContain(fullDate(later));
    press('Month');
    expect(screen.getByRole('grid')).toBeTruthy();
    gridCells().forEach((cell, i) => i < cells.length && expect(cell).toBe(cells[i]));
    expect(document.querySelector('[role=gridcell][tabindex="0"]')!.getAttribute('data-date')).toBe(later);
    expect(sections[0]!.closest('[aria-hidden=true]')).not.toBeNull();
    expect(screen.queryByRole('list', { name: 'Agenda' })).toBeNull();

    // Next in the month, then the agenda: the same sections, now from the month after.
    press('Next');
    const focused = document.querySelector('[role=gridcell][tabindex="0"]')!.getAttribute('data-date')!;
    expect(focused.slice(0, 7)).not.toBe(later.slice(0, 7));
    press('Agenda');
    const again = agendaSections();
    again.forEach((section, i) => expect(section).toBe(sections[i]));
    expect(again[0]!.querySelector('h3')!.textContent).toContain(fullDate(focused));
    expect(again[0]!.closest('[aria-hidden=true]')).toBeNull();
  });
});
