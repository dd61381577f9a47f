// @vitest-environment jsdom
/**
 * The totals of a pass over many events (src/app/events/costingData.ts `taxedTotals`, the Dashboard's Payments Due
 * and Upcoming Events totals): the same figure as each event's own costing, with the `employees` key read once for
 * the pass (issue 23: it was read again for every open event).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readEventCosting, taxedTotals } from '../../src/app/events/costingData';
import { eventsStore } from '../../src/storage';

const event = (id: number, price: number) => ({
  id,
  EventName: `Event ${id}`,
  CustomerFirstName: 'A',
  CustomerLastName: 'B',
  CustomerPhoneNumber: '555',
  CustomerEmail: '',
  EventType: 'Wedding',
  NumberOfGuests: 80,
  EventDate: '2026-12-01',
  StartTime: '18:00',
  EndTime: '22:00',
  VenueName: '',
  VenueStreetAddress: '',
  VenueCity: '',
  ingredients: [],
  pricing: [{ id: `P-${id}`, name: 'Dinner', price, currency: 'CAD' }],
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('events', JSON.stringify([event(1, 1000), event(2, 250), event(3, 80)]));
  localStorage.setItem('employees', JSON.stringify([{ id: 'E-1', firstName: 'Ann', lastName: 'Lee', hourlyRate: 20 }]));
  localStorage.setItem('1-taxPercentage', JSON.stringify(15));
  localStorage.setItem('2-discountPercentage', JSON.stringify(10));
});
afterEach(() => vi.restoreAllMocks());

describe('taxedTotals', () => {
  it("gives each event's total after discount and tax, as its own costing does", () => {
    const events = eventsStore.read();
    const totalOf = taxedTotals();
    expect(events.map(totalOf)).toEqual(events.map((e) => readEventCosting(e).taxed));
    expect(events.map(totalOf)).toEqual([1150, 225, 80]);
  });

  it('reads the employees once for a pass over many events, and again for the next pass', () => {
    const events = eventsStore.read();
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const employeeReads = () => getItem.mock.calls.filter(([key]) => key === 'employees').length;
    const totalOf = taxedTotals();
    events.forEach(totalOf);
    expect(employeeReads()).toBe(1);
    events.forEach(taxedTotals());
    expect(employeeReads()).toBe(2);
  });
});
