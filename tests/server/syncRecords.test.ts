/**
 * Every key the client syncs is checked by the server with the app's own schemas and readers
 * (server/data/records.ts, issue 24 part 8): for each collection, a bad record is refused with a clear
 * error (`bad_record`, naming the collection and the field) and a good one is applied, through the real
 * embedded server (/rest/v1/rpc/sync_push on PGlite with the migrations applied).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { signJwt } from '../../server/auth/jwt.ts';
import { MAX_RECORD_DEPTH, nestedDeeperThan, schemaFor } from '../../server/data/records.ts';
import { MAX_BODY_DEPTH } from '../../server/data/rest.ts';
import { isSyncedKey } from '../../src/storage/syncData.ts';
import { collectionKeys, deletedEventIdsKey, isAccountDataKey, isDraftKey } from '../../src/storage/owned.ts';
import { pgliteTemplate } from '../db/support.ts';
import { makeDirs, NO_LIMITS } from './helpers.ts';

const SECRET = 'a test secret that is long enough for HS256 signing';

const item = {
  id: 'i1',
  name: 'Flour',
  sku: 'F-1',
  category: 'Dry Storage',
  amountPerUnit: 10,
  unit: 'kg',
  packageType: 'bag',
  quantity: 3,
  costPerUnit: 12.5,
  whenToOrder: 5,
  supplierName: 'Mill Co',
};
const supplier = {
  supplierID: 'S-1',
  supplierName: 'Mill Co',
  email: 'mill@example.org',
  phone: '555',
  contractStatus: 'active',
  startDate: '2026-01-01',
  endDate: '2027-01-01',
};
const employee = {
  id: 'E-1',
  firstName: 'Ana',
  lastName: 'Lee',
  email: 'ana@example.org',
  role: 'Chef',
  phone: '555',
  fullTimePartTime: 'fulltime',
  department: 'Kitchen',
  startDate: '2025-01-01',
  hourlyRate: 24,
};
const event = {
  id: 7,
  EventName: 'Gala',
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
  status: 'cancelled',
  statusReason: 'The client postponed',
  confirmedWithoutDeposit: false,
  depositDueDate: '2026-11-01',
  payments: [{ id: 'P-1', amount: 500, date: '2026-10-01', method: 'Card', note: '', reason: '' }],
};
const line = {
  lineId: 'L-1',
  id: 'i1',
  name: 'Flour',
  category: 'Dry Storage',
  supplierName: 'Mill Co',
  costPerUnit: 12.5,
  amountPerUnit: 10,
  unit: 'kg',
  packageType: 'bag',
  quantity: 2,
};
const assignment = {
  id: 'A-1',
  employeeId: 'E-1',
  name: 'Ana Lee',
  role: 'Chef',
  shiftStart: '16:00',
  shiftEnd: '23:00',
};
const profile = {
  businessName: 'Captain Catering',
  address: '1 Main St',
  phone: '555-0100',
  email: 'hello@example.org',
  taxNumber: '123',
  taxName: 'HST',
  logo: '',
  depositPercent: 50,
  balanceDays: 7,
  paymentTerms: 'Net 7',
  updatedAt: 1,
};

const customer = { id: 'c7', firstName: 'Ana', lastName: 'Lee', email: 'ana@example.org', phone: '613-555-0101' };
const issued = {
  id: 'D-1',
  kind: 'invoice',
  eventId: 7,
  eventName: 'Gala',
  year: 2026,
  sequence: 12,
  revision: 2,
  number: 'INV-2026-0012-2',
  issuedAt: '2026-11-26',
  snapshot: { lines: [{ key: 'price-0', label: 'Dinner', cents: 100000 }], subtotalCents: 100000, totalCents: 113000 },
};
const counter = { id: 'invoice-2026', kind: 'invoice', year: 2026, last: 12 };

/** For each synced collection: its record id and a good record, and bad ones with the words the refusal must hold. */
const cases: Array<{
  collection: string;
  record_id: string;
  good: object;
  bad: Array<[string, object, string]>;
}> = [
  {
    collection: 'inventoryItems',
    record_id: 'i1',
    good: item,
    bad: [['quantity as text', { ...item, quantity: 'lots' }, 'quantity']],
  },
  {
    collection: 'suppliers',
    record_id: 'S-1',
    good: supplier,
    bad: [['an unknown contract status', { ...supplier, contractStatus: 'maybe' }, 'contractStatus']],
  },
  {
    collection: 'employees',
    record_id: 'E-1',
    good: employee,
    bad: [['an hourly rate as text', { ...employee, hourlyRate: '24' }, 'hourlyRate']],
  },
  {
    collection: 'events',
    record_id: '7',
    good: event,
    bad: [
      ['no customer', { ...event, CustomerFirstName: undefined }, 'CustomerFirstName'],
      ['an unknown status', { ...event, status: 'booked' }, 'status: must be one of enquiry, quoted'],
      ['a status reason that is not text', { ...event, statusReason: 4 }, 'statusReason: must be text'],
      [
        'a deposit flag that is not true or false',
        { ...event, confirmedWithoutDeposit: 'yes' },
        'confirmedWithoutDeposit',
      ],
      ['a deposit date that is not a date', { ...event, depositDueDate: 'soon' }, 'depositDueDate: must be a date'],
      ['payments that are not a list', { ...event, payments: { id: 'P-1' } }, 'payments: must be a list'],
      [
        'a payment without an amount',
        { ...event, payments: [{ id: 'P-1', date: '2026-10-01', method: 'Card' }] },
        'payments.0: must be a payment',
      ],
      [
        'a payment of an unknown method',
        { ...event, payments: [{ ...event.payments[0], method: 'Gold' }] },
        'payments.0.method: must be one of Cash, Card',
      ],
    ],
  },
  {
    collection: 'selectedItems',
    record_id: 'i1',
    good: { id: 'i1', orderPlaced: false },
    bad: [['orderPlaced as text', { id: 'i1', orderPlaced: 'no' }, 'orderPlaced']],
  },
  {
    collection: 'ingredientList-7',
    record_id: 'L-1',
    good: line,
    bad: [['a line with no quantity', { ...line, quantity: undefined }, 'quantity']],
  },
  {
    collection: 'staffList-7',
    record_id: 'A-1',
    good: assignment,
    bad: [['an assignment with no employee', { ...assignment, employeeId: 12 }, 'employeeId']],
  },
  {
    collection: '7-discountPercentage',
    record_id: 'value',
    good: { value: 10 },
    bad: [['a discount as text', { value: '10' }, 'value']],
  },
  {
    collection: '7-taxPercentage',
    record_id: 'value',
    good: { value: 13 },
    bad: [['a tax that is not a number', { value: null }, 'value']],
  },
  {
    collection: 'deletedEventIds',
    record_id: '7',
    good: { id: 7 },
    bad: [['an id that is not whole', { id: 7.5 }, 'id']],
  },
  {
    collection: 'businessProfile',
    record_id: 'value',
    good: { value: profile },
    bad: [
      ['no business name', { value: { ...profile, businessName: undefined } }, 'value.businessName'],
      ['an empty business name', { value: { ...profile, businessName: ' ' } }, 'Business name is required.'],
      [
        'a deposit as text',
        { value: { ...profile, depositPercent: '50' } },
        'value.depositPercent: must be a finite number',
      ],
      ['a deposit over 100%', { value: { ...profile, depositPercent: 150 } }, 'value.depositPercent'],
      ['a bad e-mail', { value: { ...profile, email: 'nobody' } }, 'Enter an e-mail address like name@example.com.'],
      ['a logo that is not an image', { value: { ...profile, logo: 'https://example.org/x.png' } }, 'value.logo'],
      ['a profile that is not an object', { value: 'Captain' }, 'value'],
    ],
  },
  {
    collection: 'customers',
    record_id: 'c7',
    good: customer,
    bad: [
      ['a phone as a number', { ...customer, phone: 6135550101 }, 'phone'],
      ['no last name', { ...customer, lastName: undefined }, 'lastName'],
    ],
  },
  {
    collection: 'issuedDocuments',
    record_id: 'D-1',
    good: issued,
    bad: [
      ['an unknown kind', { ...issued, kind: 'receipt' }, 'kind'],
      ['a sequence of 0', { ...issued, sequence: 0 }, 'sequence'],
      ['a number that is not its own', { ...issued, number: 'INV-2026-0001' }, 'number: must be INV-2026-0012-2'],
      ['no frozen total', { ...issued, snapshot: { lines: [] } }, 'snapshot.totalCents'],
      ['an issue date that is not a date', { ...issued, issuedAt: '2026-13-45' }, 'issuedAt'],
      ['an issued-as that is not a number', { ...issued, issuedAs: 'the other one' }, 'issuedAs'],
    ],
  },
  {
    collection: 'documentNumbers',
    record_id: 'invoice-2026',
    good: counter,
    bad: [
      ['a count that is not whole', { ...counter, last: 2.5 }, 'last'],
      ['a count of 0', { ...counter, last: 0 }, 'last'],
      ['an unknown kind', { ...counter, kind: 'receipt' }, 'kind'],
    ],
  },
];

describe('nestedDeeperThan', () => {
  it('counts the levels of objects and arrays, not scalars, at any depth', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan({}, 0)).toBe(true);
    expect(nestedDeeperThan({ a: 1 }, 1)).toBe(false);
    expect(nestedDeeperThan({ a: [1, { b: 2 }] }, 2)).toBe(true);
    expect(nestedDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(nestedDeeperThan([[], [[[]]]], 3)).toBe(true);
    expect(nestedDeeperThan([[], [[[]]]], 4)).toBe(false);
    // null is a scalar here, at any level.
    expect(nestedDeeperThan(null, 0)).toBe(false);
    expect(nestedDeeperThan({ a: null, b: [null, 'x'] }, 2)).toBe(false);
    expect(nestedDeeperThan({ a: null, b: [null, 'x'] }, 1)).toBe(true);
    let deep: unknown = null;
    for (let n = 0; n < 100_000; n++) deep = { deep };
    expect(nestedDeeperThan(deep, 99_999)).toBe(true);
    expect(nestedDeeperThan(deep, 100_000)).toBe(false);
  });
});

describe('the keys the client syncs', () => {
  const samples = [
    ...collectionKeys,
    deletedEventIdsKey,
    'businessProfile',
    'customers',
    'issuedDocuments',
    'documentNumbers',
    'ingredientList-7',
    'staffList-7',
    '7-discountPercentage',
    '7-taxPercentage',
  ];

  it('are every key of the account’s data (not drafts, preferences or set-aside values)', () => {
    for (const key of samples) expect(isAccountDataKey(key) && !isDraftKey(key), key).toBe(true);
    for (const key of samples) expect(isSyncedKey(key), key).toBe(true);
    for (const key of ['colorMode', 'soundMuted', 'draft:event', 'recovered:events:abc', 'sync:u1'])
      expect(isSyncedKey(key), key).toBe(false);
  });

  it.each(samples)('%s has the server’s check and a test case here', (key) => {
    expect(schemaFor(key)).not.toBeNull();
    expect(cases.map((c) => c.collection)).toContain(key);
  });
});

describe('sync_push checks each synced collection’s records (embedded server)', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let url: string;
  let cleanup: () => void;
  beforeAll(async () => {
    const dirs = makeDirs();
    cleanup = dirs.cleanup;
    app = await buildApp({
      distDir: dirs.distDir,
      auth: {
        dataDir: dirs.dataDir,
        env: {},
        jwtSecret: SECRET,
        rateLimits: NO_LIMITS,
        log: () => undefined,
        demoUser: false,
      },
      data: { pgliteTemplate: await pgliteTemplate(), rateLimit: false },
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    url = `http://127.0.0.1:${address.port}`;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    cleanup?.();
  });

  const push = async (changes: object[]) => {
    const token = signJwt(
      { sub: randomUUID(), role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 },
      SECRET,
    );
    const res = await fetch(`${url}/rest/v1/rpc/sync_push`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ changes }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Array<{
      status: string;
      record_id: string;
      error?: { code: string; message: string };
    }>;
  };
  const change = (collection: string, record_id: string, record: object) => ({
    collection,
    record_id,
    base_rev: null,
    client_change_id: randomUUID(),
    record,
  });

  it.each(cases)('$collection: a good record is applied', async ({ collection, record_id, good }) => {
    const [result] = await push([change(collection, record_id, good)]);
    expect(result).toMatchObject({ status: 'applied', record_id, rev: 1 });
  });

  it.each(cases.flatMap((c) => c.bad.map(([what, record, words]) => ({ ...c, what, record, words }))))(
    '$collection: a record with $what is refused with a clear error',
    async ({ collection, record_id, good, record, words }) => {
      const results = await push([change(collection, record_id, record), change(collection, record_id, good)]);
      expect(results[0]).toMatchObject({ status: 'rejected', record_id, error: { code: 'bad_record' } });
      expect(results[0]!.error!.message).toContain(`${collection} record does not match the app's schema`);
      expect(results[0]!.error!.message).toContain(words);
      // The rest of the batch is applied.
      expect(results[1]).toMatchObject({ status: 'applied', record_id, rev: 1 });
    },
  );

  /** An array nested `levels` deep. */
  const nested = (levels: number): unknown => {
    let v: unknown = 'x';
    for (let n = 0; n < levels; n++) v = [v];
    return v;
  };

  it('a record nested deeper than the limit is refused with a clear error; the rest of the batch is applied', async () => {
    const deep = { ...supplier, supplierID: 'S-deep', notes: nested(MAX_RECORD_DEPTH) };
    const results = await push([change('suppliers', 'S-deep', deep), change('suppliers', 'S-1', supplier)]);
    expect(results[0]).toMatchObject({
      status: 'rejected',
      record_id: 'S-deep',
      error: { code: 'bad_record', message: `suppliers record is nested more than ${MAX_RECORD_DEPTH} levels deep` },
    });
    expect(results[1]).toMatchObject({ status: 'applied', record_id: 'S-1', rev: 1 });
  });

  it('a body nested thousands of levels deep gets a clear 400, and the account still pulls', async () => {
    const token = signJwt(
      { sub: randomUUID(), role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 },
      SECRET,
    );
    const call = (name: string, body: string) =>
      fetch(`${url}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body,
      });
    // Built as text: JSON.stringify itself runs out of stack on such a value.
    const body = JSON.stringify({ changes: [change('suppliers', 'S-1', { ...supplier, notes: '@' })] }).replace(
      '"@"',
      '['.repeat(4000) + '"x"' + ']'.repeat(4000),
    );
    const res = await call('sync_push', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'PGRST102',
      message: `The request body is nested more than ${MAX_BODY_DEPTH} levels deep`,
    });
    const searched = await call('sync_event_summaries', JSON.stringify({ event_ids: nested(200) }));
    expect(searched.status).toBe(400);
    const pulled = await call('sync_pull', JSON.stringify({ since: 0 }));
    expect(pulled.status).toBe(200);
    expect(await pulled.json()).toMatchObject({ changes: [] });
  });

  it('issuedDocuments: a revision renumbered when two met with one number is applied, with the number it was issued as', async () => {
    const renumbered = { ...issued, revision: 3, number: 'INV-2026-0012-3', issuedAs: 'INV-2026-0012-2' };
    const [result] = await push([change('issuedDocuments', 'D-1', renumbered)]);
    expect(result).toMatchObject({ status: 'applied', record_id: 'D-1', rev: 1 });
  });
});
