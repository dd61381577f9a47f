import { describe, expect, it } from 'vitest';
import {
  assignCustomer,
  customerClash,
  customerIdOf,
  customerOptions,
  customerOfEvent,
  customerRows,
  owedTogether,
  deriveCustomers,
  eventsOfCustomer,
  matchCustomer,
  matchesCustomerSearch,
  NEW_CUSTOMER,
  normaliseEmail,
  normalisePhone,
  normalizeCustomers,
  owedCents,
  upsertCustomers,
  type Customer,
} from '../../src/domain/customers';
import { isAccountDataKey, isAppKey, ownedKeyOf } from '../../src/storage/owned';
import { buildBackup, readBackup, serialiseBackup } from '../../src/domain/backup';

const ev = (
  id: number,
  first: string,
  last: string,
  email: string,
  phone: string | number = '',
  extra: Record<string, unknown> = {},
) => ({
  id,
  CustomerFirstName: first,
  CustomerLastName: last,
  CustomerEmail: email,
  CustomerPhoneNumber: phone,
  EventDate: `2026-12-${String(id).padStart(2, '0')}`,
  ...extra,
});

const ada: Customer = {
  id: 'c1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '6135550101',
};
const bob: Customer = { id: 'c2', firstName: 'Bob', lastName: 'Stone', email: '', phone: '+1 (613) 555-0199' };

describe('customers: matching (issue 22, part 6)', () => {
  it('compares e-mails trimmed and case-insensitively, phones by their digits', () => {
    expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    // '+1 (613) 555-0101' has 11 digits starting with the country code 1: the number is 6135550101.
    expect(normalisePhone('+1 (613) 555-0101')).toBe('6135550101');
    expect(normalisePhone(6135550101)).toBe('6135550101');
    expect(normalisePhone('613-555-0101')).toBe('6135550101');
    // Fewer than 7 digits is not a phone anyone can be matched by.
    expect(normalisePhone('12-34')).toBe('');
  });

  it('matches the same e-mail and the same name as the same customer', () => {
    const d = { firstName: ' ada ', lastName: 'LOVELACE', email: 'ADA@example.com', phone: '' };
    expect(matchCustomer([ada, bob], d)).toEqual({ kind: 'same', customer: ada });
  });

  it('matches the same phone written differently and the same name', () => {
    const d = { firstName: 'Bob', lastName: 'Stone', email: 'bob@new.example', phone: '613.555.0199' };
    expect(matchCustomer([ada, bob], d)).toEqual({ kind: 'same', customer: bob });
  });

  it('never merges the same e-mail under another name: it is a clash, named by e-mail', () => {
    const d = { firstName: 'Charles', lastName: 'Babbage', email: 'ada@example.com', phone: '' };
    expect(matchCustomer([ada, bob], d)).toEqual({ kind: 'clash', customer: ada, by: 'email' });
  });

  it('calls a known phone under another name a clash by phone', () => {
    const d = { firstName: 'Robert', lastName: 'Stone', email: '', phone: '6135550199' };
    expect(matchCustomer([ada, bob], d)).toEqual({ kind: 'clash', customer: bob, by: 'phone' });
  });

  it('matches by name only when neither side has an e-mail or phone', () => {
    const named: Customer = { id: 'c3', firstName: 'Cy', lastName: 'Young', email: '', phone: '' };
    expect(matchCustomer([named], { firstName: 'cy', lastName: 'young', email: '', phone: '' }).kind).toBe('same');
    expect(matchCustomer([named], { firstName: 'Cy', lastName: 'Young', email: 'cy@x.org', phone: '' }).kind).toBe(
      'none',
    );
    expect(matchCustomer([ada], { firstName: 'Ada', lastName: 'Lovelace', email: '', phone: '' }).kind).toBe('none');
  });
});

describe('customers: earlier data is derived lazily, nothing lost', () => {
  it('makes one customer of two events with one e-mail and the same name, and one per other person', () => {
    const events = [
      ev(5, 'Ada', 'Lovelace', 'ada@example.com'),
      ev(2, 'Ada', 'Lovelace', 'ADA@example.com ', 6135550101),
      ev(7, 'Bob', 'Stone', '', '613 555 0199'),
      ev(9, '', '', ''),
    ];
    const { customers, added } = deriveCustomers([], events);
    // Oldest event first: the customer takes event 2's id and details.
    expect(customers).toEqual([
      { id: 'c2', firstName: 'Ada', lastName: 'Lovelace', email: 'ADA@example.com', phone: '6135550101' },
      { id: 'c7', firstName: 'Bob', lastName: 'Stone', email: '', phone: '613 555 0199' },
    ]);
    expect(added).toEqual(customers);
    // Derivation is stable: a second read adds nothing.
    expect(deriveCustomers(customers, events).added).toEqual([]);
    expect(customerOfEvent(customers, events[0]!)?.id).toBe('c2');
    expect(customerOfEvent(customers, events[3]!)).toBeNull();
  });

  it('keeps the same e-mail under two names as two customers (no silent merge)', () => {
    const { customers } = deriveCustomers(
      [],
      [ev(1, 'Ada', 'Lovelace', 'a@x.org'), ev(2, 'Charles', 'Babbage', 'a@x.org')],
    );
    expect(customers.map((c) => [c.id, c.firstName])).toEqual([
      ['c1', 'Ada'],
      ['c2', 'Charles'],
    ]);
    expect(customerOfEvent(customers, ev(2, 'Charles', 'Babbage', 'a@x.org'))?.id).toBe('c2');
  });

  it('brings back the record of an event whose customerId is not stored (another device, a restore), keeping stored ones', () => {
    const { customers, added } = deriveCustomers([ada], [ev(3, 'Zed', 'Q', 'z@q.org', '', { customerId: 'c99' })]);
    expect(added).toEqual([{ id: 'c99', firstName: 'Zed', lastName: 'Q', email: 'z@q.org', phone: '' }]);
    expect(customers[0]).toBe(ada);
  });

  it('gives a derived customer a free id when c<eventId> is taken', () => {
    const taken: Customer = { ...ada, id: 'c4' };
    const { added } = deriveCustomers([taken], [ev(4, 'New', 'Person', 'n@p.org')]);
    expect(added[0]?.id).toBe('c4-2');
  });
});

describe('issue 23: which customer each of 2,000 events belongs to', () => {
  it('answers what the whole-list search answered: linked id first, then the same person, else none', () => {
    const scan = (customers: Customer[], event: ReturnType<typeof ev>) => {
      const id = customerIdOf(event);
      const linked = id ? customers.find((c) => c.id === id) : undefined;
      if (linked) return linked;
      const details = {
        firstName: event.CustomerFirstName.trim(),
        lastName: event.CustomerLastName.trim(),
        email: event.CustomerEmail.trim(),
        phone: String(event.CustomerPhoneNumber).trim(),
      };
      if (!details.firstName && !details.lastName && !details.email && !details.phone) return null;
      const match = matchCustomer(customers, details);
      return match.kind === 'same' ? match.customer : null;
    };
    const customers: Customer[] = [
      ada,
      bob,
      { ...ada, id: 'c1' },
      { id: 'c7', firstName: 'Cy', lastName: 'Young', email: '', phone: '' },
      { id: 'c8', firstName: 'cy', lastName: 'young', email: '', phone: '' },
      { id: 'c9', firstName: 'Ada', lastName: 'Stone', email: 'ada@example.com', phone: '6135550199' },
    ];
    const events = [
      ev(1, 'Ada', 'Lovelace', 'ADA@example.com'),
      ev(2, 'Ada', 'Stone', '', '613 555 0199'),
      ev(3, 'Bob', 'Stone', 'ada@example.com', '613-555-0199'),
      ev(4, 'Cy', 'Young', ''),
      ev(5, 'Cy', 'Young', 'cy@x.org'),
      ev(6, 'Zed', 'Q', 'z@q.org', '', { customerId: 'c8' }),
      ev(7, 'Zed', 'Q', 'z@q.org', '', { customerId: 'gone' }),
      ev(8, '', '', ''),
      ev(9, 'Charles', 'Babbage', 'ada@example.com'),
    ];
    for (const event of events) expect(customerOfEvent(customers, event)).toBe(scan(customers, event));
  });

  it('reads the customers once per list, not once per event (each card and Customers row searched them all)', () => {
    let reads = 0;
    const customers = Array.from({ length: 2000 }, (_, i) => {
      const c: Customer = { id: `c${i}`, firstName: 'Guest', lastName: `${i}`, email: `g${i}@x.org`, phone: '' };
      return new Proxy(c, {
        get(target, key, receiver) {
          if (key === 'email') reads++;
          return Reflect.get(target, key, receiver);
        },
      });
    });
    const events = Array.from({ length: 2000 }, (_, i) => ev(i + 1, 'Guest', `${i}`, `g${i}@x.org`));
    const rows = customerRows(customers, events);
    expect(rows.filter((r) => r.events.length === 1)).toHaveLength(2000);
    expect(reads).toBeLessThan(10_000);
  });
});

describe('issue 23: the Existing customer choice over 2,000 customers', () => {
  it('builds each sort key once and the options once per customers list (the Edit dialog opened ~200 ms at 4x)', () => {
    let reads = 0;
    const customers = Array.from({ length: 2000 }, (_, i) => {
      const c: Customer = { id: `c${i}`, firstName: 'Guest', lastName: `${(i * 7919) % 2000}`, email: '', phone: '' };
      return new Proxy(c, {
        get(target, key, receiver) {
          if (key === 'email') reads++;
          return Reflect.get(target, key, receiver);
        },
      });
    });
    const options = customerOptions(customers);
    expect(options).toHaveLength(2000);
    expect(options.slice(0, 3).map((o) => o.label)).toEqual(['Guest 0', 'Guest 1', 'Guest 10']);
    expect(reads).toBeLessThan(10_000);
    expect(customerOptions(customers)).toBe(options);
    expect(customerOptions([...customers])).not.toBe(options);
  });
});

describe('issue 23: the question before saving, over 2,000 customers', () => {
  /** What `customerClash` answered before: the customers but the chosen one, indexed again on every Save. */
  const before = (customers: Customer[], values: ReturnType<typeof ev>, choice: string) => {
    if (choice === NEW_CUSTOMER) return null;
    const details = {
      firstName: values.CustomerFirstName.trim(),
      lastName: values.CustomerLastName.trim(),
      email: values.CustomerEmail.trim(),
      phone: String(values.CustomerPhoneNumber).trim(),
    };
    if (!details.firstName && !details.lastName && !details.email && !details.phone) return null;
    const match = matchCustomer(
      customers.filter((c) => c.id !== choice),
      details,
    );
    if (match.kind !== 'clash') return null;
    if (
      choice &&
      matchCustomer(
        customers.filter((c) => c.id === choice),
        details,
      ).kind === 'same'
    )
      return null;
    return match.customer.id;
  };
  const names = ['Ada Lovelace', 'Bob Stone', 'ada  LOVELACE', 'Cy', ''];
  const emails = ['ada@example.com', 'ADA@example.com ', 'bob@x.org', ''];
  const phones = ['613-555-0101', '+1 (613) 555-0101', '555-0199', '', '12'];
  const pick = <T>(list: T[], n: number) => list[n % list.length]!;
  const customers: Customer[] = Array.from({ length: 60 }, (_, i) => {
    const [firstName = '', lastName = ''] = pick(names, i * 3).split(' ');
    return { id: `c${i % 50}`, firstName, lastName, email: pick(emails, i * 5), phone: pick(phones, i * 7) };
  });

  it('asks exactly when it asked before, about the same customer', () => {
    for (let n = 0; n < 400; n++) {
      const [first = '', last = ''] = pick(names, n).split(' ');
      const values = ev(0, first, last, pick(emails, n * 11), pick(phones, n * 13));
      for (const choice of ['', NEW_CUSTOMER, `c${n % 50}`, 'c999'])
        expect(customerClash(customers, values, choice)?.customer.id ?? null).toBe(before(customers, values, choice));
    }
  });

  it('reads the customers once per list, not on every Save', () => {
    let reads = 0;
    const many = Array.from({ length: 2000 }, (_, i) => {
      const c: Customer = { id: `c${i}`, firstName: 'Guest', lastName: `${i}`, email: `g${i}@x.org`, phone: '' };
      return new Proxy(c, {
        get(target, key, receiver) {
          if (key === 'email') reads++;
          return Reflect.get(target, key, receiver);
        },
      });
    });
    for (let save = 0; save < 5; save++)
      expect(customerClash(many, ev(0, 'Someone', 'Else', `g${save}@x.org`), 'c1500')?.customer.id).toBe(`c${save}`);
    expect(reads).toBeLessThan(2 * 2000);
  });
});

describe('issue 23: deriving the customers of 2,000 events', () => {
  /** What `deriveCustomers` answered before it was indexed: the whole list searched per event. */
  const byScan = (stored: Customer[], events: ReturnType<typeof ev>[]) => {
    const customers = [...stored];
    for (const event of [...events].sort((a, b) => a.id - b.id)) {
      const details = {
        firstName: event.CustomerFirstName.trim(),
        lastName: event.CustomerLastName.trim(),
        email: event.CustomerEmail.trim(),
        phone: String(event.CustomerPhoneNumber).trim(),
      };
      if (!details.firstName && !details.lastName && !details.email && !details.phone) continue;
      const linked = (event as { customerId?: unknown }).customerId;
      const id = typeof linked === 'string' ? linked : '';
      if (id) {
        if (!customers.some((c) => c.id === id)) customers.push({ id, ...details });
        continue;
      }
      if (matchCustomer(customers, details).kind === 'same') continue;
      const taken = new Set(customers.map((c) => c.id));
      let newId = `c${event.id}`;
      for (let n = 2; taken.has(newId); n++) newId = `c${event.id}-${n}`;
      customers.push({ id: newId, ...details });
    }
    return customers;
  };
  /** Names, e-mails and phones that repeat and clash, some with neither, a few linked by customerId. */
  const mixed = (count: number) =>
    Array.from({ length: count }, (_, i) =>
      ev(
        ((i * 7919) % count) + 1,
        ['Ada', 'ada ', 'Bob', 'Cy', ''][i % 5]!,
        ['Lovelace', 'Stone', 'LOVELACE', ''][i % 4]!,
        i % 3 === 0 ? '' : `p${i % 17}@x.org`,
        i % 2 === 0 ? '' : `613 555 ${String(1000 + (i % 23))}`,
        i % 11 === 0 ? { customerId: `c${(i % 7) + 1}` } : {},
      ),
    );

  it('derives exactly what searching the whole list per event derived', () => {
    const stored: Customer[] = [ada, bob, { id: 'c3-2', firstName: 'Cy', lastName: '', email: '', phone: '' }];
    for (const count of [1, 12, 60, 400]) {
      const events = mixed(count);
      expect(deriveCustomers(stored, events).customers).toEqual(byScan(stored, events));
    }
  });

  it('reads each customer a few times, not once per event (a save re-derived for ~1 s at 2,000 events)', () => {
    let reads = 0;
    const counted = (c: Customer): Customer =>
      new Proxy(c, {
        get(target, key, receiver) {
          if (key === 'email') reads++;
          return Reflect.get(target, key, receiver);
        },
      });
    const stored = Array.from({ length: 1000 }, (_, i) =>
      counted({ id: `s${i}`, firstName: 'Stored', lastName: `${i}`, email: `s${i}@x.org`, phone: '' }),
    );
    const events = Array.from({ length: 2000 }, (_, i) => ev(i + 1, 'Guest', `${i}`, `g${i}@x.org`));
    const { added } = deriveCustomers(stored, events);
    expect(added).toHaveLength(2000);
    expect(reads).toBeLessThan(10_000);
  });
});

describe('customers: saving an event', () => {
  it('links a chosen customer and updates their record with the details typed', () => {
    const r = assignCustomer([ada, bob], ev(10, 'Ada', 'Lovelace', 'ada@new.example', '6135550101'), 'c1');
    expect(r.customerId).toBe('c1');
    expect(r.changed).toEqual({ ...ada, email: 'ada@new.example' });
    expect(r.customers.find((c) => c.id === 'c1')?.email).toBe('ada@new.example');
  });

  it('links the matching customer when no choice is made, and creates one for a new person', () => {
    expect(assignCustomer([ada], ev(10, 'Ada', 'Lovelace', 'ada@example.com', '6135550101'), '')).toMatchObject({
      customerId: 'c1',
      changed: null,
    });
    const created = assignCustomer([ada], ev(11, 'Dee', 'Dee', 'dee@x.org'), '');
    expect(created.customerId).toBe('c11');
    expect(created.customers).toHaveLength(2);
  });

  it('never merges a clash: without an answer the event gets a customer of its own, the known one unchanged', () => {
    const r = assignCustomer([ada], ev(12, 'Charles', 'Babbage', 'ada@example.com'), '');
    expect(r.customerId).toBe('c12');
    expect(r.customers.find((c) => c.id === 'c1')).toEqual(ada);
  });

  it('keeps as a new customer when asked to, even for the same person', () => {
    const r = assignCustomer([ada], ev(13, 'Ada', 'Lovelace', 'ada@example.com'), NEW_CUSTOMER);
    expect(r.customerId).toBe('c13');
  });

  it('gives an event without customer details no customer', () => {
    expect(assignCustomer([ada], ev(14, '', '', ''), 'c1').customerId).toBe('');
  });

  it('keeps the list itself when a save changes no customer, so its index is not worked out again (issue 23)', () => {
    const list = [ada, bob];
    for (const choice of ['c1', '']) {
      const r = assignCustomer(list, ev(15, 'Ada', 'Lovelace', 'ada@example.com', '6135550101'), choice);
      expect([r.customerId, r.changed, r.customers]).toEqual(['c1', null, list]);
      expect(r.customers).toBe(list);
    }
    expect(assignCustomer(list, ev(16, '', '', ''), '').customers).toBe(list);
    // A change makes a new list; the one given is left as it was.
    const changed = assignCustomer(list, ev(17, 'Ada', 'Lovelace', 'ada@new.example', '6135550101'), 'c1');
    expect(changed.customers).not.toBe(list);
    expect(list).toEqual([ada, bob]);
  });

  it('asks when the e-mail or phone typed belongs to a customer of another name', () => {
    const values = ev(0, 'Charles', 'Babbage', 'ada@example.com');
    expect(customerClash([ada, bob], values, '')?.message).toBe(
      'This e-mail belongs to Ada Lovelace. Use that customer, or keep as a new customer?',
    );
    expect(customerClash([ada, bob], ev(0, 'Rob', 'Stone', '', '613-555-0199'), '')?.message).toBe(
      'This phone number belongs to Bob Stone. Use that customer, or keep as a new customer?',
    );
    // The same person, a new person, or the answer "keep as a new customer": no question.
    expect(customerClash([ada, bob], ev(0, 'Ada', 'Lovelace', 'ada@example.com'), '')).toBeNull();
    expect(customerClash([ada, bob], ev(0, 'Eve', 'N', 'eve@x.org'), '')).toBeNull();
    expect(customerClash([ada, bob], values, NEW_CUSTOMER)).toBeNull();
    // Ada chosen and her name corrected: her own record, no question.
    expect(customerClash([ada, bob], ev(0, 'Ada', 'King', 'ada@example.com'), 'c1')).toBeNull();
  });
});

describe('customers: lists, search and what they owe', () => {
  it('counts events and adds up what they owe (overpaid and cancelled count 0)', () => {
    const customers = [ada, bob];
    const events = [
      ev(1, 'Ada', 'Lovelace', 'ada@example.com'),
      ev(2, 'Ada', 'Lovelace', '', '', { customerId: 'c1' }),
      ev(3, 'Bob', 'Stone', '', '6135550199'),
    ];
    // Hand-worked: event 1 owes $830.00, event 2 is overpaid by $5.00 (0), event 3 is cancelled with $100 open (0).
    const balances: Record<number, [number, boolean]> = { 1: [83000, false], 2: [-500, false], 3: [10000, true] };
    const rows = customerRows(customers, events);
    const owedOf = (e: (typeof events)[number]) => owedCents(...balances[e.id]!);
    expect(rows.map((r) => [r.customer.id, r.events.length, owedTogether(r.events, owedOf)])).toEqual([
      ['c1', 2, 83000],
      ['c2', 1, 0],
    ]);
    expect(eventsOfCustomer(customers, events, 'c1').map((e) => e.id)).toEqual([1, 2]);
  });

  it('searches names, e-mails and phone digits', () => {
    expect(matchesCustomerSearch(ada, 'love')).toBe(true);
    expect(matchesCustomerSearch(ada, 'ada example')).toBe(true);
    expect(matchesCustomerSearch(bob, '555-0199')).toBe(true);
    // With the country code typed (found by trying it: 16045550311 missed 6045550311), with or without spaces.
    const ravi = { ...bob, phone: '6045550311' };
    expect(matchesCustomerSearch(ravi, '16045550311')).toBe(true);
    expect(matchesCustomerSearch(ravi, '+1-604-555-0311')).toBe(true);
    expect(matchesCustomerSearch({ ...bob, phone: '+1 (604) 555-0311' }, '6045550311')).toBe(true);
    expect(matchesCustomerSearch(ravi, '16045550312')).toBe(false);
    expect(matchesCustomerSearch(ravi, '26045550311')).toBe(false);
    expect(matchesCustomerSearch(bob, 'ada')).toBe(false);
    expect(matchesCustomerSearch(bob, '')).toBe(true);
  });

  it('reads stored customers, refusing what is not a list of records with ids, keeping unknown fields', () => {
    expect(normalizeCustomers([{ id: 'c1', firstName: 'A', phone: 6135550101, note: 'x' }])).toEqual([
      { id: 'c1', firstName: 'A', lastName: '', email: '', phone: '6135550101', note: 'x' },
    ]);
    expect(normalizeCustomers({})).toBeNull();
    expect(normalizeCustomers([{ firstName: 'no id' }])).toBeNull();
  });

  it('upserts by id onto the latest stored list', () => {
    expect(upsertCustomers([ada, bob], [{ ...bob, email: 'b@x.org' }]).map((c) => c.email)).toEqual([
      'ada@example.com',
      'b@x.org',
    ]);
  });

  it('is the account data under its own key: owned, in backups, moved with the account', () => {
    expect(ownedKeyOf('customers')).toEqual({ kind: 'base', key: 'customers' });
    expect(isAppKey('customers')).toBe(true);
    expect(isAccountDataKey('customers')).toBe(true);
    expect(isAppKey('account:u1:customers')).toBe(false);
  });

  it('goes into a backup and comes back from it with its exact text', async () => {
    const customers = JSON.stringify([ada, bob]);
    const doc = await buildBackup({ customers, events: '[]', 'account:u2:customers': '[]' }, new Date(0), '0.1.0');
    expect(doc.payload).toEqual({ customers, events: '[]' });
    const read = await readBackup(serialiseBackup(doc));
    expect(read.ok && read.backup.data.customers).toBe(customers);
  });
});
