/**
 * Events as an iCalendar file (RFC 5545, issue 21): what Export calendar (.ics) on /Calendar, an event
 * card's and an event sheet's Export (.ics) download. Pure: the caller gives the time stamp.
 *
 * Times are **floating local times** (RFC 5545 section 3.3.5, form #1: `DTSTART:20261201T180000`, no
 * `Z`, no `TZID`). An event's date and times are stored as the caterer typed them, with no time zone,
 * and an event happens at the venue's wall-clock time: a floating time is exactly that. Google
 * Calendar, Outlook and Apple Calendar import a floating time as that time in the calendar's own time
 * zone, so 18:00 shows as 18:00. (A VTIMEZONE would need the zone's rules, which the browser does not
 * give, and would still be a guess about where the venue is.) DTSTAMP alone is in UTC, as the RFC
 * requires.
 *
 * - One VEVENT per event with UID (stable per event id: re-importing updates instead of duplicating),
 *   DTSTAMP, DTSTART, DTEND, SUMMARY, LOCATION (venue, street, city) and DESCRIPTION (customer,
 *   guests, event type, phone, e-mail).
 * - An event whose end is before its start ran past midnight: DTEND is the end time on the next day.
 * - No start time: an all-day event (`DTSTART;VALUE=DATE`, DTEND the next day). A start and no end:
 *   no DTEND (the RFC then means an event of no length: we do not invent an end).
 * - An event without a valid date cannot be placed and is left out (`skipped` says which).
 * - Text is escaped (`\\`, `\;`, `\,`, newlines as `\n`), lines end in CRLF and are folded at 75
 *   octets of UTF-8 without splitting a character.
 */
import type { CateringEvent } from '../storage/schemas';
import { addDays, isISODate } from './eventDates';
import { endsNextDay } from './events';

export const ICS_MIME = 'text/calendar;charset=utf-8';
export const PRODID = '-//Cater Captain//Calendar//EN';
const MAX_OCTETS = 75;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

export type IcsEvent = Pick<
  CateringEvent,
  | 'id'
  | 'EventName'
  | 'EventDate'
  | 'StartTime'
  | 'EndTime'
  | 'CustomerFirstName'
  | 'CustomerLastName'
  | 'CustomerPhoneNumber'
  | 'CustomerEmail'
  | 'EventType'
  | 'NumberOfGuests'
  | 'VenueName'
  | 'VenueStreetAddress'
  | 'VenueCity'
>;

/** Escapes a TEXT value (RFC 5545 section 3.3.11): backslash, semicolon, comma, and newlines as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();
const octets = (text: string) => encoder.encode(text).length;

/**
 * Folds one content line (section 3.1): no line longer than 75 octets, each continuation starting
 * with one space (which counts); a multi-byte character is never split.
 */
export function foldLine(line: string): string {
  if (octets(line) <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const width = octets(char);
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (size + width > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += width;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The UID of an event: the same for the same event id in every export. */
export function eventUid(id: number): string {
  return `event-${id}@catercaptain.com`;
}

const compactDate = (iso: string) => iso.replace(/-/g, '');
const localDateTime = (iso: string, time: string) => `${compactDate(iso)}T${time.replace(':', '')}00`;

/** DTSTAMP's form: the UTC date-time `YYYYMMDDTHHMMSSZ`. */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Venue name, street and city, those that are given. */
export function eventLocation(event: IcsEvent): string {
  return [event.VenueName, event.VenueStreetAddress, event.VenueCity]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

/** Customer, guests, event type and contact, one per line (lines with nothing to say are left out). */
export function eventDescription(event: IcsEvent): string {
  const customer = `${event.CustomerFirstName ?? ''} ${event.CustomerLastName ?? ''}`.trim();
  const phone = String(event.CustomerPhoneNumber ?? '').trim();
  const lines = [
    customer && `Customer: ${customer}`,
    Number.isFinite(event.NumberOfGuests) && `Guests: ${event.NumberOfGuests}`,
    event.EventType?.trim() && `Event type: ${event.EventType.trim()}`,
    phone && `Phone: ${phone}`,
    event.CustomerEmail?.trim() && `Email: ${event.CustomerEmail.trim()}`,
  ];
  return lines.filter(Boolean).join('\n');
}

/** DTSTART/DTEND lines of an event (floating local time; see the module comment). */
export function eventTimes(event: IcsEvent): string[] {
  const start = timePattern.test(event.StartTime ?? '') ? event.StartTime : '';
  const end = timePattern.test(event.EndTime ?? '') ? event.EndTime : '';
  if (!start)
    return [
      `DTSTART;VALUE=DATE:${compactDate(event.EventDate)}`,
      `DTEND;VALUE=DATE:${compactDate(addDays(event.EventDate, 1))}`,
    ];
  const lines = [`DTSTART:${localDateTime(event.EventDate, start)}`];
  if (end && end !== start) {
    const endDate = endsNextDay(start, end) ? addDays(event.EventDate, 1) : event.EventDate;
    lines.push(`DTEND:${localDateTime(endDate, end)}`);
  }
  return lines;
}

function vevent(event: IcsEvent, stamp: string): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${eventUid(event.id)}`,
    `DTSTAMP:${stamp}`,
    ...eventTimes(event),
    `SUMMARY:${escapeText(event.EventName?.trim() || `Event ${event.id}`)}`,
  ];
  const location = eventLocation(event);
  if (location) lines.push(`LOCATION:${escapeText(location)}`);
  const description = eventDescription(event);
  if (description) lines.push(`DESCRIPTION:${escapeText(description)}`);
  lines.push('END:VEVENT');
  return lines;
}

export interface IcsFile {
  text: string;
  /** Ids of the events in the file, in order. */
  included: number[];
  /** Ids of events left out (no valid date). */
  skipped: number[];
}

/** The calendar file of `events` (those with a valid date), stamped `now`. */
export function buildIcs(events: readonly IcsEvent[], now: Date, name = 'Cater Captain events'): IcsFile {
  const stamp = utcStamp(now);
  const included: number[] = [];
  const skipped: number[] = [];
  const body: string[] = [];
  for (const event of [...events].sort(
    (a, b) =>
      a.EventDate.localeCompare(b.EventDate) || (a.StartTime ?? '').localeCompare(b.StartTime ?? '') || a.id - b.id,
  )) {
    if (!isISODate(event.EventDate)) {
      skipped.push(event.id);
      continue;
    }
    included.push(event.id);
    body.push(...vevent(event, stamp));
  }
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    ...body,
    'END:VCALENDAR',
  ];
  return { text: lines.map(foldLine).join('\r\n') + '\r\n', included, skipped };
}

/** The whole calendar's file name. */
export const CALENDAR_FILE_NAME = 'CaterCaptain_calendar.ics';

/** One event's file name: `event-3-harbourfront-wedding-reception.ics`. */
export function eventIcsFileName(event: Pick<IcsEvent, 'id' | 'EventName'>): string {
  const slug = (event.EventName ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `event-${event.id}${slug ? `-${slug}` : ''}.ics`;
}
