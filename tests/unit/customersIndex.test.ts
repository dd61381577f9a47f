/**
 * The customers index (issue 23: the events page re-derived its customers with one scan of every customer
 * per event) answers exactly as the scan it replaced. The scan is kept here as the reference, and both
 * are asked the same questions over random lists full of shared e-mails, phones, names and ids.
 */
import { describe, expect, it } from 'vitest';
import {
  customerIdOf,
  customerOfEvent,
  CustomerIndex,
  deriveCustomers,
  detailsOf,
  hasNoCustomer,
  matchCustomer,
  normaliseEmail,
  normaliseName,
  normalisePhone,
  type Customer,
  type CustomerMatch,
} from '../../src/domain/customers';

function scanMatch(customers: readonly Customer[], details: Omit<Customer, 'id'>): CustomerMatch {
  const email = normaliseEmail(details.email);
  const phone = normalisePhone(details.phone);
  const name = normaliseName(details.firstName, details.lastName);
  const byEmail = email ? customers.filter((c) => normaliseEmail(c.email) === email) : [];
  const byPhone = phone ? customers.filter((c) => normalisePhone(c.phone) === phone) : [];
  const sameName = (c: Customer) => normaliseName(c.firstName, c.lastName) === name;
  const same = byEmail.find(sameName) ?? byPhone.find(sameName);
  if (same) return { kind: 'same', customer: same };
  if (byEmail[0]) return { kind: 'clash', customer: byEmail[0], by: 'email' };
  if (byPhone[0]) return { kind: 'clash', customer: byPhone[0], by: 'phone' };
  if (!email && !phone && name) {
    const named = customers.find((c) => !normaliseEmail(c.email) && !normalisePhone(c.phone) && sameName(c));
    if (named) return { kind: 'same', customer: named };
  }
  return { kind: 'none' };
}

function scanDerive(stored: readonly Customer[], events: ReturnType<typeof randomEvent>[]) {
  const customers = [...stored];
  const newId = (eventId: number) => {
    const taken = new Set(customers.map((c) => c.id));
    let id = `c${eventId}`;
    for (let n = 2; taken.has(id); n++) id = `c${eventId}-${n}`;
    return id;
  };
  for (const event of [...events].sort((a, b) => a.id - b.id)) {
    const details = detailsOf(event);
    if (hasNoCustomer(details)) continue;
    const id = customerIdOf(event);
    if (id) {
      if (!customers.some((c) => c.id === id)) customers.push({ id, ...details });
      continue;
    }
    if (scanMatch(customers, details).kind === 'same') continue;
    customers.push({ id: newId(event.id), ...details });
  }
  return customers;
}

/** A small seeded generator, so a failure can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}
const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const FIRST = ['Ada', 'ada ', 'Bob', ' BOB', 'Cy', ''];
const LAST = ['Lovelace', 'Stone', 'stone  ', ''];
const EMAIL = ['', '', 'a@x.ca', ' A@X.ca', 'b@x.ca'];
const PHONE = ['', '', '6135550101', '+1 (613) 555-0101', '613-555-0199', '12345'];

function randomCustomer(r: () => number, i: number): Customer {
  return {
    id: pick(r, [`c${i}`, `c${i % 5}`, `c${i % 3}-2`]),
    firstName: pick(r, FIRST),
    lastName: pick(r, LAST),
    email: pick(r, EMAIL),
    phone: pick(r, PHONE),
  };
}
function randomEvent(r: () => number, id: number) {
  return {
    id,
    CustomerFirstName: pick(r, FIRST),
    CustomerLastName: pick(r, LAST),
    CustomerEmail: pick(r, EMAIL),
    CustomerPhoneNumber: pick(r, [...PHONE, 6135550101]),
    ...(r() < 0.2 ? { customerId: pick(r, ['c1', 'c2', 'c9', `c${id}`]) } : {}),
  };
}

describe('customers index (issue 23)', () => {
  it('matches, links and derives exactly as one scan per event did, over 300 random lists', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const r = rng(seed);
      const stored = Array.from({ length: Math.floor(r() * 12) }, (_, i) => randomCustomer(r, i));
      const events = Array.from({ length: Math.floor(r() * 25) }, (_, i) => randomEvent(r, Math.floor(r() * 9) + i));
      for (const event of events) {
        const details = detailsOf(event);
        expect(matchCustomer(stored, details), `seed ${seed}`).toEqual(scanMatch(stored, details));
        const scanned = customerIdOf(event) && stored.find((c) => c.id === customerIdOf(event));
        const expected = scanned
          ? scanned
          : hasNoCustomer(details)
            ? null
            : ((m) => (m.kind === 'same' ? m.customer : null))(scanMatch(stored, details));
        expect(customerOfEvent(stored, event), `seed ${seed}`).toBe(expected);
      }
      expect(deriveCustomers(stored, events).customers, `seed ${seed}`).toEqual(scanDerive(stored, events));
    }
  });

  it('answers for a list grown after it was first asked about (the length is checked)', () => {
    const list: Customer[] = [{ id: 'c1', firstName: 'Ada', lastName: 'L', email: 'a@x.ca', phone: '' }];
    const event = {
      id: 2,
      CustomerFirstName: 'Bo',
      CustomerLastName: 'S',
      CustomerEmail: 'b@x.ca',
      CustomerPhoneNumber: '',
    };
    expect(customerOfEvent(list, event)).toBeNull();
    list.push({ id: 'c2', firstName: 'Bo', lastName: 'S', email: 'b@x.ca', phone: '' });
    expect(customerOfEvent(list, event)?.id).toBe('c2');
  });

  it('gives the first free id of c<eventId>, c<eventId>-2, …, and knows ids added later', () => {
    const index = new CustomerIndex([{ id: 'c7', firstName: '', lastName: '', email: '', phone: '' }]);
    expect(index.newId(7)).toBe('c7-2');
    index.add({ id: 'c7-2', firstName: '', lastName: '', email: '', phone: '' });
    expect(index.newId(7)).toBe('c7-3');
    expect(index.newId(8)).toBe('c8');
  });
});
