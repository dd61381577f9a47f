import { statusOf } from '../../src/domain/eventStatus';
import { describe, expect, it } from 'vitest';
import { addDays, quickFilters } from '../../src/domain/eventDates';
import { vi } from 'vitest';
import { upcomingEvents } from '../../src/domain/upcoming';
import {
  blankEventForm,
  cardImage,
  endsNextDay,
  endTimeLabel,
  eventTimeRange,
  needsPastDateConfirmation,
  SAME_TIME_MESSAGE,
  eventImage,
  eventImageTypes,
  eventToForm,
  eventTypeChoices,
  filterEvents,
  formToEvent,
  mergeSamples,
  patchEvent,
  removeEvent,
  eventFields,
  eventFieldLabels,
  PAST_DATE_QUESTION,
  nextEventId,
  saveEvent,
  sortEvents,
  UNREAL_DATE_MESSAGE,
  validateEvent,
  type EventFilter,
  type EventFormValues,
} from '../../src/domain/events';
import { sampleEvents } from '../../src/domain/sampleEvents';
import type { CateringEvent } from '../../src/storage/schemas';

const ev = (id: number, extra: Partial<CateringEvent> = {}): CateringEvent => ({
  ...formToEvent({ ...blankEventForm(), id, EventName: `E${id}`, NumberOfGuests: '5', EventDate: '2026-01-01' }),
  ...extra,
});

describe('id rules (spec section 4)', () => {
  it('next id is max + 1, 1 for an empty list', () => {
    expect(nextEventId([])).toBe(1);
    expect(nextEventId([{ id: 3 }, { id: 13 }, { id: 7 }])).toBe(14);
  });
  it('a new id never takes a deleted id: max over existing and deleted ids + 1', () => {
    expect(nextEventId([{ id: 3 }, { id: 7 }], [9])).toBe(10);
    expect(nextEventId([], [4])).toBe(5);
    // Event 8 was deleted (pending undo); the new event must not take 8.
    const { saved } = saveEvent([ev(2), ev(5)], ev(0), [8]);
    expect(saved.id).toBe(9);
  });
  it('a deleted sample is not merged back in (a reload keeps it deleted); other samples still are', () => {
    const merged = mergeSamples([ev(10)], sampleEvents('2026-06-15'), [2]);
    expect(merged.map((e) => e.id)).toEqual([10, 3, 1]);
    // A stored event with a deleted id (restored by Undo in another tab) still shows.
    expect(
      mergeSamples([ev(2, { EventName: 'Back' })], sampleEvents('2026-06-15'), [2]).map((e) => e.EventName),
    ).toContain('Back');
  });
  it('id 0 means new: it gets max + 1 and the list stays sorted by id descending', () => {
    const { events, saved } = saveEvent([ev(2), ev(5)], ev(0));
    expect(saved.id).toBe(6);
    expect(events.map((e) => e.id)).toEqual([6, 5, 2]);
  });
  it('a new event starts as an Enquiry, not Confirmed (found by trying it: Confirmed with no deposit); an edit keeps its status', () => {
    const { saved } = saveEvent([ev(2)], ev(0));
    expect(saved.status).toBe('enquiry');
    expect(statusOf(saved)).toBe('enquiry');
    // A new event that carries a status (a copy, an import) keeps it; an unreadable one starts as an Enquiry.
    expect(saveEvent([ev(2)], ev(0, { status: 'quoted' } as never)).saved.status).toBe('quoted');
    expect(saveEvent([ev(2)], ev(0, { status: 'booked' } as never)).saved.status).toBe('enquiry');
    // An event saved before statuses existed, edited, stays as it reads (Confirmed): no status is added.
    const edited = saveEvent([ev(2)], ev(2, { EventName: 'Renamed' })).saved;
    expect(edited.status).toBeUndefined();
    expect(statusOf(edited)).toBe('confirmed');
  });
  it('a nonzero id replaces the event with that id', () => {
    const { events } = saveEvent([ev(2), ev(5)], ev(2, { EventName: 'Renamed' }));
    expect(events.map((e) => [e.id, e.EventName])).toEqual([
      [5, 'E5'],
      [2, 'Renamed'],
    ]);
  });
  it('sorts by id descending', () => {
    expect(sortEvents([ev(1), ev(9), ev(4)]).map((e) => e.id)).toEqual([9, 4, 1]);
  });
  it('merges the three samples without duplicating ids; stored events win', () => {
    const samples = sampleEvents('2026-06-15');
    expect(samples.map((s) => s.id)).toEqual([3, 2, 1]);
    const merged = mergeSamples([ev(2, { EventName: 'Mine' }), ev(10)], samples);
    expect(merged.map((e) => e.id)).toEqual([10, 3, 2, 1]);
    expect(merged.find((e) => e.id === 2)?.EventName).toBe('Mine');
    expect(mergeSamples(merged, samples)).toHaveLength(4);
  });
  it('sample dates are relative to today', () => {
    const dates = sampleEvents('2026-06-15').map((s) => s.EventDate);
    expect(dates).toEqual([addDays('2026-06-15', 21), addDays('2026-06-15', 5), addDays('2026-06-15', -10)]);
  });
});

describe('form values', () => {
  it('round-trips an event and keeps its tool-kit data on edit', () => {
    const base = ev(4, { menuItems: ['Soup'], imageUrl: '/x.svg', CustomerPhoneNumber: 4165550123 });
    const values = eventToForm(base);
    expect(values.CustomerPhoneNumber).toBe('4165550123');
    const back = formToEvent({ ...values, EventName: '  New name ' }, base);
    expect(back.EventName).toBe('New name');
    expect(back.menuItems).toEqual(['Soup']);
    expect(back.imageUrl).toBe('/x.svg');
    expect(back.CustomerPhoneNumber).toBe(4165550123);
    expect(formToEvent({ ...values, CustomerPhoneNumber: '+1 (416) 555-0123' }).CustomerPhoneNumber).toBe(
      '+1 (416) 555-0123',
    );
  });
});

describe('validation (clarifications.md)', () => {
  const valid: EventFormValues = {
    ...blankEventForm(),
    EventName: 'Gala',
    EventDate: '2026-05-01',
    NumberOfGuests: '12',
  };
  it('accepts a minimal valid form', () => {
    expect(validateEvent(valid)).toEqual({});
  });
  it('a date the browser could not read is not a real date; an empty one the browser read is required', () => {
    expect(validateEvent({ ...valid, EventDate: '' }, ['EventDate']).EventDate).toBe(UNREAL_DATE_MESSAGE);
    expect(validateEvent({ ...valid, EventDate: '' }, ['StartTime']).EventDate).toBe('Event date is required.');
    expect(validateEvent({ ...valid, EventDate: '' }).EventDate).toBe('Event date is required.');
  });
  it('requires event name and date, guests a whole number >= 1', () => {
    const errors = validateEvent(blankEventForm());
    expect(Object.keys(errors).sort()).toEqual(['EventDate', 'EventName', 'NumberOfGuests']);
    expect(validateEvent({ ...valid, EventName: '   ' }).EventName).toBe('Event name is required.');
    expect(validateEvent({ ...valid, NumberOfGuests: '0' }).NumberOfGuests).toBeDefined();
    expect(validateEvent({ ...valid, NumberOfGuests: '2.5' }).NumberOfGuests).toBeDefined();
    expect(validateEvent({ ...valid, NumberOfGuests: '-3' }).NumberOfGuests).toBeDefined();
    expect(validateEvent({ ...valid, EventDate: '2026-02-30' }).EventDate).toBeDefined();
  });
  it('guests: 1 to 100,000 whole (issue 11); 1e20 guests is refused with a message naming the field', () => {
    expect(validateEvent({ ...valid, NumberOfGuests: '1e20' }).NumberOfGuests).toBe(
      'Number of Guests is too large: enter a whole number from 1 to 100,000.',
    );
    expect(validateEvent({ ...valid, NumberOfGuests: '100001' }).NumberOfGuests).toBe(
      'Number of Guests is too large: enter a whole number from 1 to 100,000.',
    );
    expect(validateEvent({ ...valid, NumberOfGuests: '0' }).NumberOfGuests).toBe(
      'Number of Guests must be at least 1: enter a whole number from 1 to 100,000.',
    );
    expect(validateEvent({ ...valid, NumberOfGuests: '-3' }).NumberOfGuests).toBe(
      'Number of Guests cannot be negative: enter a whole number from 1 to 100,000.',
    );
    expect(validateEvent({ ...valid, NumberOfGuests: 'Infinity' }).NumberOfGuests).toBe(
      'Number of Guests must be a whole number from 1 to 100,000.',
    );
    expect(validateEvent({ ...valid, NumberOfGuests: '100000' })).toEqual({});
    expect(validateEvent({ ...valid, NumberOfGuests: '1' })).toEqual({});
  });
  it('an end time before the start is the next day (20:00 to 01:00 is valid); the same time at both ends is refused', () => {
    expect(validateEvent({ ...valid, StartTime: '10:00', EndTime: '10:00' }).EndTime).toBe(SAME_TIME_MESSAGE);
    expect(validateEvent({ ...valid, StartTime: '20:00', EndTime: '01:00' })).toEqual({});
    expect(validateEvent({ ...valid, StartTime: '10:00', EndTime: '09:59' })).toEqual({});
    expect(validateEvent({ ...valid, StartTime: '10:00', EndTime: '10:01' })).toEqual({});
    expect(validateEvent({ ...valid, StartTime: '', EndTime: '10:01' })).toEqual({});
    expect(validateEvent({ ...valid, StartTime: '10:00', EndTime: '25:00' }).EndTime).toBe('Enter a time as HH:mm.');
  });
  it('shows an overnight event as ending the next day', () => {
    expect(endsNextDay('20:00', '01:00')).toBe(true);
    expect(endsNextDay('20:00', '23:59')).toBe(false);
    expect(endsNextDay('', '01:00')).toBe(false);
    expect(eventTimeRange({ StartTime: '20:00', EndTime: '01:00' })).toBe('20:00 – 01:00 (next day)');
    expect(eventTimeRange({ StartTime: '12:00', EndTime: '14:30' })).toBe('12:00 – 14:30');
    expect(eventTimeRange({ StartTime: '12:00', EndTime: '' })).toBe('12:00');
    expect(eventTimeRange({ StartTime: '', EndTime: '' })).toBe('');
    expect(endTimeLabel({ StartTime: '20:00', EndTime: '01:00' })).toBe('01:00 (next day)');
    expect(endTimeLabel({ StartTime: '08:00', EndTime: '11:00' })).toBe('11:00');
  });
  it('a past date asks, unless the edited event already had that date', () => {
    const today = '2026-11-23';
    expect(needsPastDateConfirmation({ EventDate: '2026-11-22' }, today, null)).toBe(true);
    expect(needsPastDateConfirmation({ EventDate: '2026-11-23' }, today, null)).toBe(false);
    expect(needsPastDateConfirmation({ EventDate: '2026-12-01' }, today, null)).toBe(false);
    // Editing a past event without touching its date: no question; moving it to another past date: asked.
    expect(needsPastDateConfirmation({ EventDate: '2026-01-05' }, today, '2026-01-05')).toBe(false);
    expect(needsPastDateConfirmation({ EventDate: '2026-01-06' }, today, '2026-01-05')).toBe(true);
    expect(needsPastDateConfirmation({ EventDate: '' }, today, null)).toBe(false);
  });
  it('e-mail and phone shapes', () => {
    expect(validateEvent({ ...valid, CustomerEmail: 'a@b' }).CustomerEmail).toBeDefined();
    expect(validateEvent({ ...valid, CustomerEmail: 'a@b.ca' })).toEqual({});
    expect(validateEvent({ ...valid, CustomerPhoneNumber: '+1 (416) 555-0123' })).toEqual({});
    expect(validateEvent({ ...valid, CustomerPhoneNumber: '555-CALL' }).CustomerPhoneNumber).toBeDefined();
    expect(validateEvent({ ...valid, CustomerPhoneNumber: '---' }).CustomerPhoneNumber).toBeDefined();
  });
});

describe('filters', () => {
  const list = [
    ev(1, { EventDate: '2026-11-20', CustomerFirstName: 'Ann', CustomerLastName: 'Keel' }),
    ev(2, { EventDate: '2026-11-21', CustomerFirstName: 'Bob', CustomerLastName: 'Annely' }),
    ev(3, { EventDate: '2026-12-01', CustomerFirstName: 'Cara', CustomerLastName: 'Mast' }),
  ];
  it('customer name: trimmed, case-insensitive substring on first and/or last', () => {
    expect(filterEvents(list, { kind: 'name', first: '  aNN ', last: '' }, '2026-11-21').map((e) => e.id)).toEqual([1]);
    expect(filterEvents(list, { kind: 'name', first: '', last: 'ANN' }, '2026-11-21').map((e) => e.id)).toEqual([2]);
    expect(filterEvents(list, { kind: 'name', first: 'b', last: 'ely' }, '2026-11-21').map((e) => e.id)).toEqual([2]);
    expect(filterEvents(list, { kind: 'name', first: '', last: '' }, '2026-11-21')).toHaveLength(3);
    expect(filterEvents(list, { kind: 'name', first: 'x', last: '' }, '2026-11-21')).toEqual([]);
  });
  it('date range and quick filters', () => {
    expect(
      filterEvents(list, { kind: 'range', start: '2026-11-21', end: '2026-12-01' }, '2026-11-21').map((e) => e.id),
    ).toEqual([2, 3]);
    expect(filterEvents(list, { kind: 'quick', filter: 'past' }, '2026-11-21').map((e) => e.id)).toEqual([1]);
    expect(filterEvents(list, { kind: 'quick', filter: 'nextMonth' }, '2026-11-21').map((e) => e.id)).toEqual([3]);
    expect(filterEvents(list, { kind: 'quick', filter: 'all' }, '2026-11-21')).toHaveLength(3);
  });
});

describe('filters over 2,000 events (issue 23)', () => {
  // Mixed dates: every day around today, bad ones (not a date, a 30th of February, blank) and padding variants.
  const dates = ['2026-02-30', 'not a date', '', '2026-1-05', '2026-13-01', '2024-02-29', '2025-02-29'];
  const today = '2026-11-21';
  const list = Array.from({ length: 2000 }, (_, n) =>
    ev(n + 1, {
      EventDate: n % 37 === 0 ? dates[n % dates.length]! : addDays(today, (n % 400) - 200),
      CustomerFirstName: ['Cara', 'jade', 'Ann', 'Éva', ''][n % 5]!,
      CustomerLastName: ['Ely', 'Bann', 'smith', ''][n % 4]!,
    }),
  );
  const ids = (events: CateringEvent[]) => events.map((e) => e.id);

  /** The events each kept when filtered alone (the one-event tests' answers), in order. */
  const oneByOne = (filter: EventFilter) => ids(list.filter((e) => filterEvents([e], filter, today).length === 1));

  it('keeps what the one-event tests keep, in order', () => {
    for (const q of quickFilters)
      expect(ids(filterEvents(list, { kind: 'quick', filter: q }, today))).toEqual(
        oneByOne({ kind: 'quick', filter: q }),
      );
    for (const [start, end] of [
      ['2026-10-01', '2026-12-31'],
      ['2026-12-31', ' 2026-10-01 '],
      ['', '2026-06-30'],
      ['2026-06-30', ''],
      ['', ''],
    ] as const)
      expect(ids(filterEvents(list, { kind: 'range', start, end }, today))).toEqual(
        oneByOne({ kind: 'range', start, end }),
      );
    for (const [first, last] of [
      [' cA', ''],
      ['', 'ANN'],
      ['a', 'e'],
      ['', ''],
      ['zz', ''],
    ] as const)
      expect(ids(filterEvents(list, { kind: 'name', first, last }, today))).toEqual(
        oneByOne({ kind: 'name', first, last }),
      );
  });

  it('works out the range once and checks each distinct date once, not once per event', () => {
    const RealDate = Date;
    let made = 0;
    class CountingDate extends RealDate {
      constructor(...args: ConstructorParameters<typeof Date>) {
        super(...args);
        made++;
      }
    }
    vi.stubGlobal('Date', CountingDate);
    try {
      filterEvents(list, { kind: 'quick', filter: 'month' }, today);
      filterEvents(list, { kind: 'range', start: '2026-01-01', end: '2026-12-31' }, today);
    } finally {
      vi.unstubAllGlobals();
    }
    // The old code made a Date per event for its date, and more per event for the month's bounds.
    expect(made).toBeLessThan(2 * 430);
  });
});

describe('event pictures', () => {
  it('has the 11 types of the spec', () => {
    expect(eventImageTypes).toHaveLength(11);
    expect(eventImage('Family Gathering')).toEqual({
      url: '/media/event-types/family-gathering.svg',
      alt: 'Family Gathering event picture',
      title: 'Family Gathering',
    });
  });
  it('a card shows the chosen picture, else the one of its type, else Other', () => {
    expect(
      cardImage(
        ev(1, {
          imageUrl: '/media/event-types/wedding.svg',
          imageAlt: 'W',
          imageTitle: 'Wedding',
          EventType: 'Birthday',
        }),
      ).url,
    ).toContain('wedding');
    expect(cardImage(ev(1, { EventType: 'birthday' })).url).toContain('birthday');
    expect(cardImage(ev(1, { EventType: 'Picnic' })).url).toContain('other');
  });
  it("the Event Type choices keep an event's own older type, once, so editing never loses it", () => {
    expect(eventTypeChoices('')).toEqual([...eventImageTypes]);
    expect(eventTypeChoices('Wedding')).toEqual([...eventImageTypes]);
    expect(eventTypeChoices('Picnic')).toEqual([...eventImageTypes, 'Picnic']);
  });
});

describe('overnight events in filters and Upcoming (issue 11)', () => {
  // An event from 20:00 to 01:00 belongs to the day it starts: that date is what the filters compare.
  const overnight = formToEvent({
    ...blankEventForm(),
    id: 9,
    EventName: 'Late Party',
    NumberOfGuests: '40',
    EventDate: '2026-11-23',
    StartTime: '20:00',
    EndTime: '01:00',
  });
  it('is "Today" on its date and still upcoming that day, and past from the next day', () => {
    expect(filterEvents([overnight], { kind: 'quick', filter: 'today' }, '2026-11-23')).toEqual([overnight]);
    expect(filterEvents([overnight], { kind: 'quick', filter: 'past' }, '2026-11-23')).toEqual([]);
    expect(upcomingEvents([overnight], '2026-11-23')).toEqual([overnight]);
    expect(filterEvents([overnight], { kind: 'quick', filter: 'today' }, '2026-11-24')).toEqual([]);
    expect(filterEvents([overnight], { kind: 'quick', filter: 'past' }, '2026-11-24')).toEqual([overnight]);
  });
});

describe('saving, removing and patching events', () => {
  it('an edited event whose id is no longer in the list is added back, not dropped', () => {
    const { events, saved } = saveEvent([ev(2), ev(5)], ev(7, { EventName: 'Back again' }));
    expect(saved.id).toBe(7);
    expect(events.map((e) => [e.id, e.EventName])).toEqual([
      [7, 'Back again'],
      [5, 'E5'],
      [2, 'E2'],
    ]);
  });
  it('removeEvent drops only the event with that id', () => {
    expect(removeEvent([ev(1), ev(2), ev(3)], 2).map((e) => e.id)).toEqual([1, 3]);
    expect(removeEvent([ev(1)], 9).map((e) => e.id)).toEqual([1]);
  });
  it('patchEvent changes only the event with that id and never its id', () => {
    const patched = patchEvent([ev(1), ev(2)], 2, { EventName: 'Patched', id: 99 });
    expect(patched.map((e) => [e.id, e.EventName])).toEqual([
      [1, 'E1'],
      [2, 'Patched'],
    ]);
    expect(patched[1]!.NumberOfGuests).toBe(5);
  });
});

describe('form values: blanks, trimming and the phone number', () => {
  const typed: EventFormValues = {
    ...blankEventForm(),
    id: 3,
    EventName: 'Gala',
    NumberOfGuests: '10',
    EventDate: '2026-05-01',
  };
  it('a blank form has id 0 and every field empty', () => {
    const blank = blankEventForm();
    expect(blank.id).toBe(0);
    for (const field of eventFields) expect(blank[field], field).toBe('');
  });
  it('text fields are saved trimmed', () => {
    const saved = formToEvent({
      ...typed,
      CustomerFirstName: ' Ann ',
      CustomerLastName: ' Keel ',
      CustomerEmail: ' ann@example.com ',
      VenueName: ' Hall ',
      VenueStreetAddress: ' 1 Main St ',
      VenueCity: ' Toronto ',
    });
    expect([
      saved.CustomerFirstName,
      saved.CustomerLastName,
      saved.CustomerEmail,
      saved.VenueName,
      saved.VenueStreetAddress,
      saved.VenueCity,
    ]).toEqual(['Ann', 'Keel', 'ann@example.com', 'Hall', '1 Main St', 'Toronto']);
  });
  it('a plain phone number of up to 15 digits, not starting with 0, is stored as a number', () => {
    expect(formToEvent({ ...typed, CustomerPhoneNumber: ' 4165550120 ' }).CustomerPhoneNumber).toBe(4165550120);
    expect(formToEvent({ ...typed, CustomerPhoneNumber: '123456789012345' }).CustomerPhoneNumber).toBe(123456789012345);
  });
  it('any other phone is kept as typed (16 digits, a leading 0 or +, letters)', () => {
    expect(formToEvent({ ...typed, CustomerPhoneNumber: '1234567890123456' }).CustomerPhoneNumber).toBe(
      '1234567890123456',
    );
    expect(formToEvent({ ...typed, CustomerPhoneNumber: '0416555012' }).CustomerPhoneNumber).toBe('0416555012');
    expect(formToEvent({ ...typed, CustomerPhoneNumber: '+14165550123' }).CustomerPhoneNumber).toBe('+14165550123');
    expect(formToEvent({ ...typed, CustomerPhoneNumber: '4165550123x' }).CustomerPhoneNumber).toBe('4165550123x');
    expect(formToEvent({ ...typed, CustomerPhoneNumber: 'call me' }).CustomerPhoneNumber).toBe('call me');
  });
  it('a new event starts with no ingredients; an edited one keeps its own', () => {
    expect(formToEvent(typed).ingredients).toEqual([]);
    const base = ev(3, { ingredients: [{ id: 'i1', name: 'Saffron' } as CateringEvent['ingredients'][number]] });
    expect(formToEvent(typed, base).ingredients).toEqual(base.ingredients);
  });
  it('an event with no valid guest count shows an empty Number of Guests field', () => {
    expect(eventToForm(ev(1, { NumberOfGuests: Number.NaN })).NumberOfGuests).toBe('');
    expect(eventToForm(ev(1, { NumberOfGuests: 40 })).NumberOfGuests).toBe('40');
  });
});

describe('validation messages (clarifications.md)', () => {
  const valid: EventFormValues = {
    ...blankEventForm(),
    EventName: 'Gala',
    EventDate: '2026-05-01',
    NumberOfGuests: '12',
  };
  it('a valid form has no error entries at all', () => {
    expect(Object.keys(validateEvent(valid))).toEqual([]);
    expect(Object.keys(validateEvent({ ...valid, StartTime: '10:00', EndTime: '12:00' }))).toEqual([]);
  });
  it('a missing date says it is required; a malformed one asks for YYYY-MM-DD', () => {
    expect(validateEvent({ ...valid, EventDate: '' }).EventDate).toBe('Event date is required.');
    expect(validateEvent({ ...valid, EventDate: '2026-02-30' }).EventDate).toBe('Enter a date as YYYY-MM-DD.');
  });
  it('e-mail: checked after trimming, refused with its message', () => {
    expect(Object.keys(validateEvent({ ...valid, CustomerEmail: '  a@b.ca  ' }))).toEqual([]);
    expect(validateEvent({ ...valid, CustomerEmail: 'a@b' }).CustomerEmail).toBe(
      'Enter an e-mail address like name@example.com.',
    );
  });
  it('phone: checked after trimming, refused with its message', () => {
    expect(Object.keys(validateEvent({ ...valid, CustomerPhoneNumber: ' +1 416 555 0123' }))).toEqual([]);
    expect(validateEvent({ ...valid, CustomerPhoneNumber: '555-CALL' }).CustomerPhoneNumber).toBe(
      'Use digits only (spaces, +, - and parentheses are allowed).',
    );
  });
  it('a malformed start time is refused with its message', () => {
    expect(validateEvent({ ...valid, StartTime: '24:00', EndTime: '10:00' })).toEqual({
      StartTime: 'Enter a time as HH:mm.',
    });
    expect(validateEvent({ ...valid, StartTime: '9:00' }).StartTime).toBe('Enter a time as HH:mm.');
  });
});

describe('times as shown', () => {
  it('only a valid start and end with the end earlier is the next day', () => {
    expect(endsNextDay('9pm', '01:00')).toBe(false);
    expect(endsNextDay('20:00', '1am')).toBe(false);
    expect(endsNextDay('10:00', '10:00')).toBe(false);
    expect(endsNextDay('10:00', '09:59')).toBe(true);
  });
  it('an end with no start reads "until" the end', () => {
    expect(eventTimeRange({ StartTime: '', EndTime: '10:00' })).toBe('until 10:00');
  });
});

describe('filters: trimming and All', () => {
  const list = [
    ev(1, { CustomerFirstName: 'Ann', CustomerLastName: 'Keel' }),
    ev(2, { CustomerFirstName: 'Bob', CustomerLastName: 'Annely' }),
  ];
  it('the last name is trimmed before matching', () => {
    expect(filterEvents(list, { kind: 'name', first: '', last: '  keel ' }, '2026-11-21').map((e) => e.id)).toEqual([
      1,
    ]);
    expect(filterEvents(list, { kind: 'name', first: ' bo ', last: ' NNE ' }, '2026-11-21').map((e) => e.id)).toEqual([
      2,
    ]);
  });
});

describe('card pictures: alt text and title', () => {
  const url = '/uploads/mine.png';
  it('a chosen picture uses its alt, else its title, else "Event picture"; its title defaults to empty', () => {
    expect(cardImage(ev(1, { imageUrl: url, imageAlt: 'Alt', imageTitle: 'Title' }))).toEqual({
      url,
      alt: 'Alt',
      title: 'Title',
    });
    expect(cardImage(ev(1, { imageUrl: url, imageTitle: 'Title' }))).toEqual({ url, alt: 'Title', title: 'Title' });
    expect(cardImage(ev(1, { imageUrl: url, imageAlt: 'Alt' }))).toEqual({ url, alt: 'Alt', title: '' });
    expect(cardImage(ev(1, { imageUrl: url }))).toEqual({ url, alt: 'Event picture', title: '' });
  });
  it('the event type is matched after trimming', () => {
    expect(cardImage(ev(1, { EventType: '  Wedding ' })).url).toBe('/media/event-types/wedding.svg');
  });
});

describe('form labels and questions (the words the form shows)', () => {
  it('each field has its label, in form order', () => {
    expect(eventFields.map((field) => [field, eventFieldLabels[field]])).toEqual([
      ['EventName', 'Event Name'],
      ['CustomerFirstName', 'Customer First Name'],
      ['CustomerLastName', 'Customer Last Name'],
      ['CustomerPhoneNumber', 'Customer Phone Number'],
      ['CustomerEmail', 'Customer Email'],
      ['EventType', 'Event Type'],
      ['NumberOfGuests', 'Number of Guests'],
      ['EventDate', 'Event Date'],
      ['StartTime', 'Start Time'],
      ['EndTime', 'End Time'],
      ['VenueName', 'Venue Name'],
      ['VenueStreetAddress', 'Venue Street Address'],
      ['VenueCity', 'Venue City'],
      ['Vegetarian', 'Vegetarian guests'],
      ['Vegan', 'Vegan guests'],
      ['GlutenFree', 'Gluten-free guests'],
      ['AllergiesToAvoid', 'Allergies to avoid'],
    ]);
  });
  it('the same-time refusal and the past-date question read as written', () => {
    expect(SAME_TIME_MESSAGE).toBe(
      'End time cannot be the same as start time. An end time earlier than the start means the next day (20:00 to 01:00).',
    );
    expect(PAST_DATE_QUESTION).toBe("This event's date is in the past. Save it anyway?");
  });
});

describe('validation shapes: e-mail, phone and time are checked whole', () => {
  const valid: EventFormValues = {
    ...blankEventForm(),
    EventName: 'Gala',
    EventDate: '2026-05-01',
    NumberOfGuests: '12',
  };
  const emailError = (CustomerEmail: string) => validateEvent({ ...valid, CustomerEmail }).CustomerEmail;
  const phoneError = (CustomerPhoneNumber: string) =>
    validateEvent({ ...valid, CustomerPhoneNumber }).CustomerPhoneNumber;
  const startError = (StartTime: string) => validateEvent({ ...valid, StartTime }).StartTime;
  it('an e-mail with longer names on both sides of @ is accepted; a space inside or text after it is not', () => {
    expect(emailError('ann.keel@example.com')).toBeUndefined();
    expect(emailError('ann keel@example.com')).toBe('Enter an e-mail address like name@example.com.');
    expect(emailError('ann@example.com and more')).toBe('Enter an e-mail address like name@example.com.');
  });
  it('a phone may start with a digit or a parenthesis, and be a single digit', () => {
    expect(phoneError('416 555 0123')).toBeUndefined();
    expect(phoneError('(416) 555-0123')).toBeUndefined();
    expect(phoneError('7')).toBeUndefined();
  });
  it('a phone with letters anywhere is refused', () => {
    const message = 'Use digits only (spaces, +, - and parentheses are allowed).';
    expect(phoneError('call 5550100')).toBe(message);
    expect(phoneError('x1')).toBe(message);
    expect(phoneError('5550100x')).toBe(message);
  });
  it('a time with extra digits before or after HH:mm is refused', () => {
    expect(startError('123:00')).toBe('Enter a time as HH:mm.');
    expect(startError('10:000')).toBe('Enter a time as HH:mm.');
    expect(startError('23:59')).toBeUndefined();
  });
});
