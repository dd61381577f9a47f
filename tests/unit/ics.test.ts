/** The .ics export (issue 21): RFC 5545 text, checked line by line and parsed with ical.js. */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildIcs, escapeText, eventIcsFileName, eventUid, foldLine, type IcsEvent } from '../../src/domain/ics';
import { sampleEvents } from '../../src/domain/sampleEvents';

const NOW = new Date(Date.UTC(2026, 10, 26, 3, 4, 5));

const event = (over: Partial<IcsEvent> = {}): IcsEvent => ({
  id: 7,
  EventName: 'Spring Gala',
  EventDate: '2026-12-01',
  StartTime: '18:00',
  EndTime: '22:30',
  CustomerFirstName: 'Ada',
  CustomerLastName: 'Lovelace',
  CustomerPhoneNumber: 4165550100,
  CustomerEmail: 'ada@example.com',
  EventType: 'Gala',
  NumberOfGuests: 80,
  VenueName: 'Harbour Hall',
  VenueStreetAddress: '1 Pier Road',
  VenueCity: 'Halifax',
  ...over,
});

const octets = (s: string) => new TextEncoder().encode(s).length;

/** Parses with ical.js (throws on a malformed file) and returns the VEVENTs. */
function parse(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  expect(root.name).toBe('vcalendar');
  expect(root.getFirstPropertyValue('version')).toBe('2.0');
  expect(root.getFirstPropertyValue('prodid')).toBeTruthy();
  return root.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
}

describe('escaping and folding', () => {
  it('escapes backslash, semicolon, comma and every kind of newline', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('leaves a line of 75 octets alone and folds a longer one into lines of at most 75 octets', () => {
    const exact = 'X'.repeat(75);
    expect(foldLine(exact)).toBe(exact);
    const long = 'SUMMARY:' + 'a'.repeat(200);
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBe(3);
    lines.forEach((line, i) => {
      expect(octets(line)).toBeLessThanOrEqual(75);
      if (i > 0) expect(line.startsWith(' ')).toBe(true);
    });
    expect(octets(lines[0]!)).toBe(75);
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(long);
  });

  it('counts octets, not characters, and never splits a multi-byte character', () => {
    // 'é' is 2 octets, '🎉' 4: 60 characters of them are far over 75 octets.
    const line = 'SUMMARY:' + 'é🎉'.repeat(30);
    const lines = foldLine(line).split('\r\n');
    expect(lines.length).toBeGreaterThan(2);
    for (const [i, l] of lines.entries()) {
      expect(octets(l), `line ${i}`).toBeLessThanOrEqual(75);
      expect(l, 'no broken surrogate pair').not.toMatch(
        /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
      );
    }
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(line);
    // A fold happens before a character that would not fit: the first line is 74 or 75 octets.
    expect(octets(lines[0]!)).toBeGreaterThanOrEqual(72);
  });
});

describe('the calendar file', () => {
  it('is CRLF throughout, with every line at most 75 octets, and ends in CRLF', () => {
    const { text } = buildIcs(
      [
        event({
          EventName: 'Ünïcödé '.repeat(20),
          VenueName: 'Salle, de; fête\\'.repeat(5),
        }),
      ],
      NOW,
    );
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it('has one VEVENT per event with UID, DTSTAMP, DTSTART, DTEND, SUMMARY, LOCATION and DESCRIPTION (ical.js)', () => {
    const events = [
      event(),
      event({
        id: 8,
        EventName: 'Board lunch, Q4; "final"',
        EventDate: '2026-12-03',
        StartTime: '11:30',
        EndTime: '14:00',
        NumberOfGuests: 12,
      }),
    ];
    const { text, included } = buildIcs(events, NOW);
    expect(included).toEqual([7, 8]);
    const parsed = parse(text);
    expect(parsed).toHaveLength(2);
    const [gala, lunch] = parsed as [ICAL.Event, ICAL.Event];
    expect(gala.uid).toBe(eventUid(7));
    expect(gala.summary).toBe('Spring Gala');
    expect(gala.location).toBe('Harbour Hall, 1 Pier Road, Halifax');
    expect(gala.description).toBe(
      'Customer: Ada Lovelace\nGuests: 80\nEvent type: Gala\nPhone: 4165550100\nEmail: ada@example.com',
    );
    expect(gala.startDate.toString()).toBe('2026-12-01T18:00:00');
    expect(gala.endDate.toString()).toBe('2026-12-01T22:30:00');
    expect(lunch.summary).toBe('Board lunch, Q4; "final"');
    expect(lunch.description).toContain('Guests: 12');
    expect(lunch.startDate.toString()).toBe('2026-12-03T11:30:00');
    const stamp = gala.component.getFirstPropertyValue('dtstamp') as ICAL.Time;
    expect(stamp.toString()).toBe('2026-11-26T03:04:05Z');
  });

  it('uses floating local time: no TZID, no Z, no VTIMEZONE (the caterer’s wall-clock time)', () => {
    const { text } = buildIcs([event()], NOW);
    expect(text).toContain('\r\nDTSTART:20261201T180000\r\n');
    expect(text).toContain('\r\nDTEND:20261201T223000\r\n');
    expect(text).not.toContain('TZID');
    expect(text).not.toContain('VTIMEZONE');
    const [parsed] = parse(text) as [ICAL.Event];
    expect(parsed.startDate.zone?.tzid).toBe('floating');
  });

  it('an event past midnight ends the next day', () => {
    const { text } = buildIcs(
      [
        event({
          StartTime: '20:00',
          EndTime: '01:00',
          EventDate: '2026-12-31',
        }),
      ],
      NOW,
    );
    const [parsed] = parse(text) as [ICAL.Event];
    expect(parsed.startDate.toString()).toBe('2026-12-31T20:00:00');
    expect(parsed.endDate.toString()).toBe('2027-01-01T01:00:00');
    expect(parsed.duration.toSeconds()).toBe(5 * 3600);
  });

  it('no start time: an all-day event; a start without an end: no DTEND', () => {
    const { text } = buildIcs([event({ StartTime: '', EndTime: '' }), event({ id: 9, EndTime: '' })], NOW);
    const [allDay, open] = parse(text) as [ICAL.Event, ICAL.Event];
    expect(allDay.startDate.isDate).toBe(true);
    expect(allDay.startDate.toString()).toBe('2026-12-01');
    expect(allDay.endDate.toString()).toBe('2026-12-02');
    expect(open.component.hasProperty('dtend')).toBe(false);
  });

  it('the UID is stable per event id: the same in every export, different per event', () => {
    const first = buildIcs([event()], NOW).text;
    const later = buildIcs([event({ EventName: 'Renamed' })], new Date(Date.UTC(2027, 0, 1))).text;
    expect((parse(first)[0] as ICAL.Event).uid).toBe((parse(later)[0] as ICAL.Event).uid);
    expect(eventUid(1)).not.toBe(eventUid(2));
  });

  it('leaves out an event without a valid date and says so', () => {
    const file = buildIcs([event(), event({ id: 10, EventDate: '' }), event({ id: 11, EventDate: '2026-02-30' })], NOW);
    expect(file.included).toEqual([7]);
    expect(file.skipped).toEqual([10, 11]);
    expect(parse(file.text)).toHaveLength(1);
  });

  it('the built-in samples make a valid file, one VEVENT each, with their names and venues', () => {
    const samples = sampleEvents('2026-11-26');
    const parsed = parse(buildIcs(samples, NOW).text);
    expect(parsed.map((e) => e.summary).sort()).toEqual(samples.map((e) => e.EventName).sort());
    expect(parsed.map((e) => e.uid).sort()).toEqual(samples.map((e) => eventUid(e.id)).sort());
    for (const sample of samples) {
      const one = parsed.find((e) => e.uid === eventUid(sample.id))!;
      expect(one.startDate.toString()).toBe(`${sample.EventDate}T${sample.StartTime}:00`);
      expect(one.location).toContain(sample.VenueName);
      expect(one.description).toContain(`${sample.CustomerFirstName} ${sample.CustomerLastName}`);
    }
  });

  it('names a file after the event', () => {
    expect(eventIcsFileName({ id: 3, EventName: 'Harbourfront Wedding Reception' })).toBe(
      'event-3-harbourfront-wedding-reception.ics',
    );
    expect(eventIcsFileName({ id: 4, EventName: 'Crème brûlée!' })).toBe('event-4-creme-brulee.ics');
    expect(eventIcsFileName({ id: 5, EventName: '' })).toBe('event-5.ics');
  });
});
