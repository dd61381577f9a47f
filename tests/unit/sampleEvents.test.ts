import { describe, expect, it } from 'vitest';
import { sampleEvents } from '../../src/domain/sampleEvents';
import { eventImageTypes, eventToForm, validateEvent } from '../../src/domain/events';
import { eventSchema } from '../../src/storage/schemas';

const today = '2026-06-15';
const samples = sampleEvents(today);

describe('the three built-in sample events (spec section 4, clarifications.md)', () => {
  it('have ids 3, 2 and 1, newest first', () => {
    expect(samples.map((s) => s.id)).toEqual([3, 2, 1]);
  });

  it('are dated relative to today: in 21 days, in 5 days, and 10 days ago', () => {
    expect(samples.map((s) => s.EventDate)).toEqual(['2026-07-06', '2026-06-20', '2026-06-05']);
    expect(sampleEvents('2026-12-30').map((s) => s.EventDate)).toEqual(['2027-01-20', '2027-01-04', '2026-12-20']);
  });

  it('are valid events: stored shape and the event form rules', () => {
    for (const sample of samples) {
      expect(eventSchema.safeParse(sample).success, sample.EventName).toBe(true);
      expect(validateEvent(eventToForm(sample)), sample.EventName).toEqual({});
    }
  });

  it('are complete, so cards, filters and the event sheet have something to show: every text field is filled in', () => {
    const textFields = [
      'EventName',
      'CustomerFirstName',
      'CustomerLastName',
      'CustomerEmail',
      'EventType',
      'StartTime',
      'EndTime',
      'VenueName',
      'VenueStreetAddress',
      'VenueCity',
    ] as const;
    for (const sample of samples) {
      for (const field of textFields) expect(sample[field].trim(), `${sample.id} ${field}`).not.toBe('');
      expect(sample.EndTime > sample.StartTime, `${sample.id} ends the same day`).toBe(true);
      expect(eventImageTypes as readonly string[], `${sample.id} type`).toContain(sample.EventType);
    }
  });

  it('can be told apart: names, customers and venues differ', () => {
    for (const field of ['EventName', 'CustomerLastName', 'VenueName', 'CustomerEmail'] as const) {
      expect(new Set(samples.map((s) => s[field])).size, field).toBe(3);
    }
  });

  it('start with an empty tool kit: no ingredients, menu items, notes or prices', () => {
    for (const sample of samples) {
      expect(sample.ingredients).toEqual([]);
      expect(sample.menuItems).toEqual([]);
      expect(sample.notes).toEqual([]);
      expect(sample.pricing).toEqual([]);
    }
  });

  it('are fresh objects each call, so editing one never changes the next', () => {
    const first = sampleEvents(today);
    first[0]!.ingredients.push({} as never);
    expect(sampleEvents(today)[0]!.ingredients).toEqual([]);
  });
});
