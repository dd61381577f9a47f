/**
 * Event rules of spec sections 4 and 5 and clarifications.md: ids, ordering, sample merge, form
 * validation, the list filters and the event-type pictures. Pure functions.
 */
import type { CateringEvent } from '../storage/schemas';
import { isISODate, quickFilterRange, type QuickFilter } from './eventDates';
import { checkAmount, MAX_GUESTS, MIN_GUESTS } from './limits';
import { isStatus, NEW_EVENT_STATUS } from './eventStatus';
import { avoidToText, checkDietaryCount, dietaryFromForm, dietaryOf, type DietaryCountField } from './allergens';

/**
 * Next event id = max over existing and deleted ids + 1 (1 for none): a new event never takes the id
 * of a deleted one, so an Undo can always put that one back under its own id.
 */
export function nextEventId(
  events: ReadonlyArray<Pick<CateringEvent, 'id'>>,
  deletedIds: readonly number[] = [],
): number {
  const max = events.reduce((m, e) => Math.max(m, e.id), 0);
  return deletedIds.reduce((m, id) => Math.max(m, id), max) + 1;
}

/** Newest (highest id) first. */
export function sortEvents<T extends Pick<CateringEvent, 'id'>>(events: ReadonlyArray<T>): T[] {
  return [...events].sort((a, b) => b.id - a.id);
}

/**
 * Saves a form: id 0 means new and gets max id + 1, and starts as an Enquiry unless it carries a status; a nonzero
 * id replaces the event with that id (or is added, if it no longer exists). Returns the sorted list and the saved
 * event.
 */
export function saveEvent(
  events: ReadonlyArray<CateringEvent>,
  event: CateringEvent,
  deletedIds: readonly number[] = [],
): { events: CateringEvent[]; saved: CateringEvent } {
  if (event.id === 0) {
    const saved = {
      ...event,
      status: isStatus(event.status) ? event.status : NEW_EVENT_STATUS,
      id: nextEventId(events, deletedIds),
    };
    return { events: sortEvents([...events, saved]), saved };
  }
  const exists = events.some((e) => e.id === event.id);
  const next = exists ? events.map((e) => (e.id === event.id ? event : e)) : [...events, event];
  return { events: sortEvents(next), saved: event };
}

export function removeEvent(events: ReadonlyArray<CateringEvent>, id: number): CateringEvent[] {
  return events.filter((e) => e.id !== id);
}

export function patchEvent(
  events: ReadonlyArray<CateringEvent>,
  id: number,
  patch: Partial<CateringEvent>,
): CateringEvent[] {
  return events.map((e) => (e.id === id ? { ...e, ...patch, id } : e));
}

/** Adds the built-in samples whose ids are not taken yet and were not deleted; stored events always win. */
export function mergeSamples(
  stored: ReadonlyArray<CateringEvent>,
  samples: ReadonlyArray<CateringEvent>,
  deletedIds: readonly number[] = [],
): CateringEvent[] {
  const taken = new Set([...stored.map((e) => e.id), ...deletedIds]);
  return sortEvents([...stored, ...samples.filter((s) => !taken.has(s.id))]);
}

/** The event form's fields as typed (text inputs). */
export interface EventFormValues {
  id: number;
  EventName: string;
  CustomerFirstName: string;
  CustomerLastName: string;
  CustomerPhoneNumber: string;
  CustomerEmail: string;
  EventType: string;
  NumberOfGuests: string;
  EventDate: string;
  StartTime: string;
  EndTime: string;
  VenueName: string;
  VenueStreetAddress: string;
  VenueCity: string;
  /** Dietary needs (issue 21): guest counts as typed ('' is 0) and the allergens to avoid (ids joined by commas). */
  Vegetarian: string;
  Vegan: string;
  GlutenFree: string;
  AllergiesToAvoid: string;
  /**
   * Issue 22 part 6: the form's Customer choice (src/domain/customers.ts): an existing customer's id,
   * 'new' (a customer of its own, the caterer's answer to "This e-mail belongs to …"), or absent / ''
   * (the customer the details match, else a new one). Not one of the form's fields: no label, no draft merge.
   */
  customerId?: string;
}

export type EventField = Exclude<keyof EventFormValues, 'id' | 'customerId'>;
export type EventErrors = Partial<Record<EventField, string>>;

export const eventFieldLabels: Record<EventField, string> = {
  EventName: 'Event Name',
  CustomerFirstName: 'Customer First Name',
  CustomerLastName: 'Customer Last Name',
  CustomerPhoneNumber: 'Customer Phone Number',
  CustomerEmail: 'Customer Email',
  EventType: 'Event Type',
  NumberOfGuests: 'Number of Guests',
  EventDate: 'Event Date',
  StartTime: 'Start Time',
  EndTime: 'End Time',
  VenueName: 'Venue Name',
  VenueStreetAddress: 'Venue Street Address',
  VenueCity: 'Venue City',
  Vegetarian: 'Vegetarian guests',
  Vegan: 'Vegan guests',
  GlutenFree: 'Gluten-free guests',
  AllergiesToAvoid: 'Allergies to avoid',
};

export const eventFields = Object.keys(eventFieldLabels) as EventField[];

export function blankEventForm(): EventFormValues {
  return {
    id: 0,
    EventName: '',
    CustomerFirstName: '',
    CustomerLastName: '',
    CustomerPhoneNumber: '',
    CustomerEmail: '',
    EventType: '',
    NumberOfGuests: '',
    EventDate: '',
    StartTime: '',
    EndTime: '',
    VenueName: '',
    VenueStreetAddress: '',
    VenueCity: '',
    Vegetarian: '',
    Vegan: '',
    GlutenFree: '',
    AllergiesToAvoid: '',
  };
}

export function eventToForm(event: CateringEvent): EventFormValues {
  return {
    id: event.id,
    EventName: event.EventName,
    CustomerFirstName: event.CustomerFirstName,
    CustomerLastName: event.CustomerLastName,
    CustomerPhoneNumber: String(event.CustomerPhoneNumber ?? ''),
    CustomerEmail: event.CustomerEmail,
    EventType: event.EventType,
    NumberOfGuests: Number.isFinite(event.NumberOfGuests) ? String(event.NumberOfGuests) : '',
    EventDate: event.EventDate,
    StartTime: event.StartTime,
    EndTime: event.EndTime,
    VenueName: event.VenueName,
    VenueStreetAddress: event.VenueStreetAddress,
    VenueCity: event.VenueCity,
    ...dietaryToForm(event),
  };
}

/** An event's dietary needs as the form's text fields (0 shows as empty). */
function dietaryToForm(event: CateringEvent) {
  const d = dietaryOf(event);
  const text = (n: number) => (n > 0 ? String(n) : '');
  return {
    Vegetarian: text(d.vegetarian),
    Vegan: text(d.vegan),
    GlutenFree: text(d.glutenFree),
    AllergiesToAvoid: avoidToText(d.avoid),
  };
}

/** Form values -> event; `base` keeps the tool-kit data (ingredients, menu, notes, pricing, image) of an edited event. */
export function formToEvent(values: EventFormValues, base?: CateringEvent): CateringEvent {
  const phone = values.CustomerPhoneNumber.trim();
  // Dietary needs live in the extra field `dietary` (absent until set, so earlier events stay as they were).
  const dietary = dietaryFromForm(
    {
      Vegetarian: values.Vegetarian ?? '',
      Vegan: values.Vegan ?? '',
      GlutenFree: values.GlutenFree ?? '',
      AllergiesToAvoid: values.AllergiesToAvoid ?? '',
    },
    base?.dietary !== undefined,
  );
  const { dietary: _old, ...kept } = (base ?? { ingredients: [] }) as CateringEvent;
  return {
    ...kept,
    ...(dietary ? { dietary } : {}),
    id: values.id,
    EventName: values.EventName.trim(),
    CustomerFirstName: values.CustomerFirstName.trim(),
    CustomerLastName: values.CustomerLastName.trim(),
    // The spec stores a number; a formatted number ('+1 (555) 010-2030') is kept as typed.
    CustomerPhoneNumber: /^\d+$/.test(phone) && phone.length < 16 && !phone.startsWith('0') ? Number(phone) : phone,
    CustomerEmail: values.CustomerEmail.trim(),
    EventType: values.EventType,
    NumberOfGuests: Number(values.NumberOfGuests),
    EventDate: values.EventDate,
    StartTime: values.StartTime,
    EndTime: values.EndTime,
    VenueName: values.VenueName.trim(),
    VenueStreetAddress: values.VenueStreetAddress.trim(),
    VenueCity: values.VenueCity.trim(),
    ingredients: base?.ingredients ?? [],
  };
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const phonePattern = /^\+?[\d\s()-]*\d[\d\s()-]*$/;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

const guestsRule = { label: 'Number of Guests', max: MAX_GUESTS, min: MIN_GUESTS, integer: true };

export const SAME_TIME_MESSAGE =
  'End time cannot be the same as start time. An end time earlier than the start means the next day (20:00 to 01:00).';

export const UNREAL_DATE_MESSAGE = 'Event date is not a real date: check the day and month.';

/**
 * Validation of clarifications.md and issue 11; an empty object means valid. Messages sit next to their
 * fields. Events may end after midnight: an end time before the start time ends the next day. An end
 * equal to the start is refused (neither a zero-length nor a 24-hour event is what a caterer means).
 * `unreadable`: the fields whose typed text the browser could not read (31 February in a date field reads
 * as no date at all): such a date is called not a real date, not missing.
 */
export function validateEvent(values: EventFormValues, unreadable: readonly EventField[] = []): EventErrors {
  const errors: EventErrors = {};
  if (!values.EventName.trim()) errors.EventName = 'Event name is required.';
  if (!values.EventDate)
    errors.EventDate = unreadable.includes('EventDate') ? UNREAL_DATE_MESSAGE : 'Event date is required.';
  else if (!isISODate(values.EventDate)) errors.EventDate = 'Enter a date as YYYY-MM-DD.';
  // Issue 11: a whole number from 1 (clarifications.md) to MAX_GUESTS; 1e20 guests is refused by name.
  const guests = checkAmount(values.NumberOfGuests, guestsRule);
  if (!guests.ok) errors.NumberOfGuests = guests.message;
  const email = values.CustomerEmail.trim();
  if (email && !emailPattern.test(email)) errors.CustomerEmail = 'Enter an e-mail address like name@example.com.';
  const phone = values.CustomerPhoneNumber.trim();
  if (phone && !phonePattern.test(phone))
    errors.CustomerPhoneNumber = 'Use digits only (spaces, +, - and parentheses are allowed).';
  if (values.StartTime && !timePattern.test(values.StartTime)) errors.StartTime = 'Enter a time as HH:mm.';
  if (values.EndTime && !timePattern.test(values.EndTime)) errors.EndTime = 'Enter a time as HH:mm.';
  // An end before the start is the next day (20:00 to 01:00); the same time both ends is refused.
  else if (values.StartTime && values.EndTime && !errors.StartTime && values.EndTime === values.StartTime) {
    errors.EndTime = SAME_TIME_MESSAGE;
  }
  // Issue 21: dietary counts are whole numbers from 0 to the number of guests.
  for (const field of ['Vegetarian', 'Vegan', 'GlutenFree'] as DietaryCountField[]) {
    const message = checkDietaryCount(field, values[field] ?? '', values.NumberOfGuests);
    if (message) errors[field] = message;
  }
  return errors;
}

/** True when both times are set and the end is earlier than the start: the event ends the next day. */
export function endsNextDay(start: string, end: string): boolean {
  return timePattern.test(start) && timePattern.test(end) && end < start;
}

/** The times as a card shows them: '20:00 – 01:00 (next day)', '12:00 – 14:00', '12:00', or '' with no start. */
export function eventTimeRange(event: Pick<CateringEvent, 'StartTime' | 'EndTime'>): string {
  const start = event.StartTime ?? '';
  const end = event.EndTime ?? '';
  if (!start) return end ? `until ${end}` : '';
  if (!end) return start;
  return `${start} – ${end}${endsNextDay(start, end) ? ' (next day)' : ''}`;
}

/** The end time as the details show it: '01:00 (next day)' for an overnight event. */
export function endTimeLabel(event: Pick<CateringEvent, 'StartTime' | 'EndTime'>): string {
  return endsNextDay(event.StartTime, event.EndTime) ? `${event.EndTime} (next day)` : event.EndTime;
}

export const PAST_DATE_QUESTION = "This event's date is in the past. Save it anyway?";

/** Issue 25: the question asked before saving an end time earlier than the start (the next day). */
export const nextDayQuestion = (endTime: string) => `This event ends the next day at ${endTime}. Is that right?`;

/**
 * Saving asks first when the end time is before the start time (the event ends the next day), unless
 * the edited event already had these very times (editing an overnight event's other fields does not nag).
 */
export function needsNextDayConfirmation(
  values: Pick<EventFormValues, 'StartTime' | 'EndTime'>,
  original: Pick<CateringEvent, 'StartTime' | 'EndTime'> | null,
): boolean {
  if (!endsNextDay(values.StartTime, values.EndTime)) return false;
  return !original || original.StartTime !== values.StartTime || original.EndTime !== values.EndTime;
}

/**
 * Saving asks first when the date is before today, unless the event already had that date (editing
 * a past event's other fields does not nag; moving it to another past date asks again).
 */
export function needsPastDateConfirmation(
  values: Pick<EventFormValues, 'EventDate'>,
  today: string,
  originalDate: string | null,
): boolean {
  return isISODate(values.EventDate) && values.EventDate < today && values.EventDate !== originalDate;
}

export type EventFilter =
  | { kind: 'quick'; filter: QuickFilter }
  | { kind: 'range'; start: string; end: string }
  | { kind: 'name'; first: string; last: string };

/**
 * The events a filter keeps, in their order. Issue 23: the bounds (a quick filter's range, the trimmed
 * search text) are worked out once per call, not once per event, and each distinct date is checked once;
 * the answers are those of filtering each event alone. Names: trimmed, case-insensitive substring match on first
 * and/or last name (an empty field matches all). Ranges: on or between the two dates, an empty bound open,
 * bounds given in reverse order swapped.
 */
export function filterEvents<T extends CateringEvent>(
  events: ReadonlyArray<T>,
  filter: EventFilter,
  today: string,
): T[] {
  switch (filter.kind) {
    case 'quick': {
      if (filter.filter === 'all') return [...events];
      const range = quickFilterRange(filter.filter, today);
      const valid = validDates();
      return events.filter((e) => {
        const date = e.EventDate;
        const inRange =
          range.before !== undefined
            ? date < range.before
            : (range.from === null || date >= range.from) && (range.to === null || date <= range.to);
        return inRange && valid(date);
      });
    }
    case 'range': {
      let [from, to] = [filter.start.trim(), filter.end.trim()];
      if (from && to && from > to) [from, to] = [to, from];
      const valid = validDates();
      return events.filter((e) => (!from || e.EventDate >= from) && (!to || e.EventDate <= to) && valid(e.EventDate));
    }
    case 'name': {
      const f = filter.first.trim().toLowerCase();
      const l = filter.last.trim().toLowerCase();
      if (!f && !l) return [...events];
      return events.filter(
        (e) =>
          (!f || e.CustomerFirstName.toLowerCase().includes(f)) && (!l || e.CustomerLastName.toLowerCase().includes(l)),
      );
    }
  }
}

/** `isISODate`, answered once per distinct date (2,000 events fall on a few hundred days). */
function validDates(): (date: string) => boolean {
  const known = new Map<string, boolean>();
  return (date) => {
    let valid = known.get(date);
    if (valid === undefined) known.set(date, (valid = isISODate(date)));
    return valid;
  };
}

/** The 11 event-type pictures of spec section 3 (SVGs made by the project under public/media/event-types). */
export const eventImageTypes = [
  'Baby Shower',
  'Birthday',
  'Conference',
  'Engagement',
  'Family Gathering',
  'Meeting',
  'Work Party',
  'Fundraiser',
  'Retirement',
  'Wedding',
  'Other',
] as const;
export type EventImageType = (typeof eventImageTypes)[number];

/** The Event Type choices: the eleven types, plus an event's own older type so editing never loses it. */
export function eventTypeChoices(current: string): string[] {
  const types: string[] = [...eventImageTypes];
  return current && !types.includes(current) ? [...types, current] : types;
}

export interface EventImage {
  url: string;
  alt: string;
  title: string;
}

export function eventImage(type: EventImageType): EventImage {
  const slug = type.toLowerCase().replace(/\s+/g, '-');
  return { url: `/media/event-types/${slug}.svg`, alt: `${type} event picture`, title: type };
}

/** The picture a card shows: the chosen one, else the one of the event type, else Other. */
export function cardImage(
  event: Pick<CateringEvent, 'imageUrl' | 'imageAlt' | 'imageTitle' | 'EventType'>,
): EventImage {
  if (event.imageUrl)
    return {
      url: event.imageUrl,
      alt: event.imageAlt ?? event.imageTitle ?? 'Event picture',
      title: event.imageTitle ?? '',
    };
  const match = eventImageTypes.find((t) => t.toLowerCase() === event.EventType.trim().toLowerCase());
  return eventImage(match ?? 'Other');
}
