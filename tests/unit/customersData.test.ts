// @vitest-environment jsdom
/**
 * The customers read with the events (src/app/customers/customersData.ts): derived once per set of
 * inputs (the events page and each of its cards ask with the same lists), and again when either changes.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { loadCustomers, saveCustomers } from '../../src/app/customers/customersData';

const event = (id: number, first: string, email: string) => ({
  id,
  CustomerFirstName: first,
  CustomerLastName: 'Stone',
  CustomerEmail: email,
  CustomerPhoneNumber: '',
});

beforeEach(() => localStorage.clear());

describe('loadCustomers', () => {
  it('answers the same lists with the same customers, and follows a change of the events or of the stored customers', () => {
    const events = [event(1, 'Ada', 'ada@x.ca'), event(2, 'Bo', 'bo@x.ca')];
    const first = loadCustomers(events);
    expect(first.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(loadCustomers(events)).toBe(first);

    const more = [...events, event(3, 'Cy', 'cy@x.ca')];
    expect(loadCustomers(more).map((c) => c.id)).toEqual(['c1', 'c2', 'c3']);

    expect(saveCustomers([{ id: 'k9', firstName: 'Kai', lastName: 'Lee', email: 'kai@x.ca', phone: '' }]).ok).toBe(
      true,
    );
    expect(loadCustomers(more).map((c) => c.id)).toEqual(['k9', 'c1', 'c2', 'c3']);
  });
});
