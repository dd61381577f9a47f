// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { quoteIssuedFor } from '../../src/app/documents/quoteStatus';
import { eventsStore, type CateringEvent } from '../../src/storage';

const event = (id: number, extra: Record<string, unknown> = {}) =>
  ({
    id,
    EventName: `Event ${id}`,
    CustomerFirstName: 'Ann',
    CustomerLastName: 'Smith',
    CustomerPhoneNumber: '555',
    CustomerEmail: 'ann@example.com',
    EventType: 'Wedding',
    NumberOfGuests: 80,
    EventDate: '2027-03-01',
    StartTime: '17:00',
    EndTime: '23:00',
    VenueName: 'Hall',
    VenueStreetAddress: '1 Main St',
    VenueCity: 'Halifax',
    ingredients: [],
    ...extra,
  }) as CateringEvent;

const stored = (id: number) => eventsStore.read().find((e) => e.id === id) as Record<string, unknown> | undefined;

describe('issuing a quote moves the event status through the status machine (issue 22 parts 2 and 4)', () => {
  beforeEach(() => {
    localStorage.clear();
    eventsStore.write([
      event(1, { status: 'enquiry', notes: [{ notes: 'keep me' }] }),
      event(2, { status: 'quoted' }),
      event(3, { status: 'confirmed', confirmedWithoutDeposit: true }),
      event(4, { status: 'completed' }),
      event(5, { status: 'cancelled', statusReason: 'the client postponed' }),
      event(6),
    ]);
  });

  it('an Enquiry becomes Quoted and is saved so, its other fields kept', () => {
    const result = quoteIssuedFor(stored(1) as CateringEvent, false);
    expect(result).toEqual({ status: 'quoted', error: null });
    expect(stored(1)).toMatchObject({ status: 'quoted', notes: [{ notes: 'keep me' }], EventName: 'Event 1' });
    // Only that event changed.
    expect(stored(2)?.status).toBe('quoted');
    expect(stored(6)?.status).toBeUndefined();
  });

  it.each([
    [2, 'quoted'],
    [3, 'confirmed'],
    [4, 'completed'],
    [5, 'cancelled'],
    [6, 'confirmed'],
  ] as const)('event %i, %s, keeps its status and nothing is written', (id, status) => {
    const before = localStorage.getItem('events');
    const result = quoteIssuedFor(stored(id) as CateringEvent, true);
    expect(result).toEqual({ status, error: null });
    expect(localStorage.getItem('events')).toBe(before);
  });

  it('a cancelled event keeps its reason', () => {
    quoteIssuedFor(stored(5) as CateringEvent, false);
    expect(stored(5)).toMatchObject({ status: 'cancelled', statusReason: 'the client postponed' });
  });

  it('an Enquiry changed in another tab meanwhile is not overwritten: the status stays, with a message', () => {
    const seen = stored(1) as CateringEvent;
    // Another tab renames it (its revision moves on) after this page read it.
    eventsStore.save([{ ...seen, EventName: 'Renamed' }], [seen]);
    const result = quoteIssuedFor(seen, false);
    // Read again at save time: the latest stored event is patched, the rename kept.
    expect(result.error).toBeNull();
    expect(stored(1)).toMatchObject({ status: 'quoted', EventName: 'Renamed' });
  });

  it('a built-in sample never stored is added with its new status', () => {
    const sample = event(9, { status: 'enquiry' });
    expect(quoteIssuedFor(sample, false)).toEqual({ status: 'quoted', error: null });
    expect(stored(9)).toMatchObject({ status: 'quoted', EventName: 'Event 9' });
  });
});
