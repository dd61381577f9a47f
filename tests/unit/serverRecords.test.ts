/**
 * The embedded server's check of pushed records (server/data/records.ts): a record the app could not
 * read back is refused with the collection, the field and why; what it does not know is left to SQL.
 */
import { describe, expect, it } from 'vitest';
import { recordSchemaProblem, schemaFor } from '../../server/data/records.ts';
import {
  chosenIngredientSchema,
  employeeSchema,
  eventSchema,
  inventoryItemSchema,
  selectedItemSchema,
  supplierSchema,
} from '../../src/storage/schemas.ts';

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

describe('schemaFor: each collection of the app has its record schema', () => {
  it.each([
    ['inventoryItems', inventoryItemSchema],
    ['suppliers', supplierSchema],
    ['employees', employeeSchema],
    ['events', eventSchema],
    ['selectedItems', selectedItemSchema],
    ['ingredientList-7', chosenIngredientSchema],
    ['ingredientList-123456789012345', chosenIngredientSchema],
  ])('%s', (collection, schema) => {
    expect(schemaFor(collection)).toBe(schema);
  });

  it('deleted event ids are records with an integer id', () => {
    const schema = schemaFor('deletedEventIds')!;
    expect(schema.safeParse({ id: 4 }).success).toBe(true);
    expect(schema.safeParse({ id: 4.5 }).success).toBe(false);
    expect(schema.safeParse({ id: '4' }).success).toBe(false);
  });

  it.each(['4-discountPercentage', '4-taxPercentage', '123456789012345-taxPercentage'])(
    'a per-event percentage (%s) is a record with a finite value',
    (collection) => {
      const schema = schemaFor(collection)!;
      expect(schema.safeParse({ value: 12.5 }).success).toBe(true);
      expect(schema.safeParse({ value: Infinity }).success).toBe(false);
      expect(schema.safeParse({ value: '12' }).success).toBe(false);
    },
  );

  it.each([
    'unknown',
    'ingredientList-',
    'ingredientList-x',
    'ingredientList-1234567890123456',
    'xingredientList-4',
    'ingredientList-4x',
    '-taxPercentage',
    '4-taxPercentagex',
    'x4-taxPercentage',
    '1234567890123456-taxPercentage',
    '4-otherPercentage',
    '',
  ])('%j has none (left to SQL, which refuses an unknown collection)', (collection) => {
    expect(schemaFor(collection)).toBeNull();
  });
});

describe('recordSchemaProblem', () => {
  it('is null for a record that fits', () => {
    expect(recordSchemaProblem('inventoryItems', item)).toBeNull();
    expect(recordSchemaProblem('7-taxPercentage', { value: 13 })).toBeNull();
  });

  it('names the collection, the field and why for a record that does not fit', () => {
    expect(recordSchemaProblem('inventoryItems', { ...item, quantity: 'lots' })).toBe(
      "inventoryItems record does not match the app's schema: quantity: Invalid input",
    );
  });

  it('names a nested field by its path', () => {
    expect(recordSchemaProblem('events', { ...validEvent(), ingredients: [{ name: 5 }] })).toMatch(
      /^events record does not match the app's schema: ingredients\.0\.name: /,
    );
  });

  it('says "record" when the record as a whole is wrong', () => {
    // A percentage record's schema is an object: a record of another shape fails at its top.
    const problem = recordSchemaProblem('deletedEventIds', {});
    expect(problem).toMatch(/^deletedEventIds record does not match the app's schema: id: /);
  });

  it.each([
    ['an unknown collection', 'unknown', { anything: true }],
    ['a collection that is not text', 42, item],
    ['a record that is null', 'inventoryItems', null],
    ['a record that is a list', 'inventoryItems', [item]],
    ['a record that is text', 'inventoryItems', 'item'],
  ])('leaves %s to SQL (null)', (_, collection, record) => {
    expect(recordSchemaProblem(collection, record)).toBeNull();
  });
});

function validEvent() {
  return {
    id: 4,
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
  };
}

describe('recordSchemaProblem: the staff lists and the business profile have their schemas', () => {
  it.each(['staffList-7', 'staffList-123456789012345'])('%s is checked as a staff assignment', (collection) => {
    const assignment = {
      id: 'A-1',
      employeeId: 'E-1',
      name: 'Ana',
      role: 'Chef',
      shiftStart: '16:00',
      shiftEnd: '23:00',
    };
    expect(recordSchemaProblem(collection, assignment)).toBeNull();
    expect(recordSchemaProblem(collection, { ...assignment, employeeId: 12 })).toMatch(
      new RegExp(`^${collection} record does not match the app's schema: employeeId: `),
    );
  });

  it.each(['staffList-', 'staffList-x', 'xstaffList-7', 'staffList-7x', 'staffList-1234567890123456'])(
    '%j is not a staff list (left to SQL)',
    (collection) => expect(schemaFor(collection)).toBeNull(),
  );

  it('a business profile record holds the profile under "value", with a business name', () => {
    expect(recordSchemaProblem('businessProfile', { value: { businessName: 'Captain' } })).toBeNull();
    expect(recordSchemaProblem('businessProfile', {})).toMatch(
      /^businessProfile record does not match the app's schema: value: /,
    );
    expect(recordSchemaProblem('businessProfile', { value: {} })).toMatch(
      /^businessProfile record does not match the app's schema: value\.businessName: /,
    );
  });

  it('a collection that is not text is left to SQL even when it would read as one', () => {
    expect(recordSchemaProblem(['7-taxPercentage'], { value: 'ten' })).toBeNull();
  });
});

describe('recordSchemaProblem: an event’s fields of issue 22 (status, reason, deposit, payments)', () => {
  const problem = (fields: Record<string, unknown>) => recordSchemaProblem('events', { ...validEvent(), ...fields });
  const refused = (detail: string) => `events record does not match the app's schema: ${detail}`;
  const payment = { id: 'P-1', amount: 500, date: '2026-10-01', method: 'Card', note: '', reason: '' };

  it('an event of an earlier build (none of them) and one with each of them right are accepted', () => {
    expect(problem({})).toBeNull();
    for (const status of ['enquiry', 'quoted', 'confirmed', 'completed', 'cancelled'])
      expect(problem({ status }), status).toBeNull();
    expect(problem({ statusReason: '' })).toBeNull();
    expect(problem({ confirmedWithoutDeposit: true })).toBeNull();
    expect(problem({ depositDueDate: '' })).toBeNull();
    expect(problem({ depositDueDate: '2026-11-01' })).toBeNull();
    expect(problem({ payments: [] })).toBeNull();
    expect(problem({ payments: [payment, { ...payment, id: 'P-2', method: undefined }] })).toBeNull();
    expect(
      problem({
        status: 'confirmed',
        statusReason: 'Paid',
        confirmedWithoutDeposit: false,
        depositDueDate: '2026-11-01',
        payments: [payment],
      }),
    ).toBeNull();
  });

  it('each wrong field is named, with what it must be', () => {
    expect(problem({ status: 'booked' })).toBe(
      refused('status: must be one of enquiry, quoted, confirmed, completed, cancelled'),
    );
    expect(problem({ status: undefined })).toBe(
      refused('status: must be one of enquiry, quoted, confirmed, completed, cancelled'),
    );
    expect(problem({ statusReason: 4 })).toBe(refused('statusReason: must be text'));
    expect(problem({ confirmedWithoutDeposit: 'yes' })).toBe(refused('confirmedWithoutDeposit: must be true or false'));
    expect(problem({ depositDueDate: 'soon' })).toBe(refused('depositDueDate: must be a date (YYYY-MM-DD) or empty'));
    expect(problem({ payments: { id: 'P-1' } })).toBe(refused('payments: must be a list of payments'));
  });

  it('a wrong payment is named by its place in the list', () => {
    expect(problem({ payments: [payment, { id: 'P-2', date: '2026-10-02' }] })).toBe(
      refused('payments.1: must be a payment with an id, a finite amount and a date'),
    );
    expect(problem({ payments: [payment, { ...payment, id: 'P-2', method: 'Gold' }] })).toBe(
      refused('payments.1.method: must be one of Cash, Card, E-transfer, Cheque, Other'),
    );
  });

  it('these fields are an event’s only: another collection’s record may carry a field of that name', () => {
    const supplier = {
      supplierID: 'S-1',
      supplierName: 'Mill Co',
      email: 'mill@example.org',
      phone: '555',
      contractStatus: 'active',
      startDate: '2026-01-01',
      endDate: '',
    };
    expect(recordSchemaProblem('suppliers', { ...supplier, status: 'booked', payments: 'none' })).toBeNull();
  });
});

describe('recordSchemaProblem: the business profile as the app reads it and the Settings form checks it', () => {
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
  const problem = (fields: Record<string, unknown>) =>
    recordSchemaProblem('businessProfile', { value: { ...profile, ...fields } });
  const refused = (detail: string) => `businessProfile record does not match the app's schema: ${detail}`;

  it('a whole profile, and one of an earlier build with the business name only, are accepted', () => {
    expect(problem({})).toBeNull();
    expect(recordSchemaProblem('businessProfile', { value: { businessName: 'Captain' } })).toBeNull();
  });

  it('each field of the wrong type is named, a number as "a finite number", text as "text"', () => {
    expect(problem({ depositPercent: '50' })).toBe(refused('value.depositPercent: must be a finite number'));
    expect(problem({ balanceDays: Infinity })).toBe(refused('value.balanceDays: must be a finite number'));
    expect(problem({ updatedAt: 'yesterday' })).toBe(refused('value.updatedAt: must be a finite number'));
    expect(problem({ phone: 5550100 })).toBe(refused('value.phone: must be text'));
    expect(problem({ taxName: null })).toBe(refused('value.taxName: must be text'));
  });

  it('a field the Settings form refuses is named with the form’s message', () => {
    expect(problem({ email: 'nobody' })).toBe(refused('value.email: Enter an e-mail address like name@example.com.'));
    expect(problem({ businessName: ' ' })).toBe(refused('value.businessName: Business name is required.'));
  });
});

describe('recordSchemaProblem: an issued document’s issuedAs (the number a renumbered revision was issued as)', () => {
  const issued = {
    id: 'D-1',
    kind: 'invoice',
    eventId: 7,
    eventName: 'Gala',
    year: 2026,
    sequence: 12,
    revision: 3,
    number: 'INV-2026-0012-3',
    issuedAt: '2026-11-26',
    snapshot: { lines: [], totalCents: 113000 },
  };
  const problem = (issuedAs: unknown) => recordSchemaProblem('issuedDocuments', { ...issued, issuedAs });

  it.each(['INV-2026-0012-2', 'INV-2026-0012', 'Q-2026-0001', 'Q-2026-12345-10'])(
    '%s is a number of a quote or invoice',
    (n) => {
      expect(problem(n)).toBeNull();
    },
  );

  it.each([
    'the other one',
    'xINV-2026-0012-2', // only a number, from its start
    'INV-2026-0012-2x', // to its end
    'INV-2026-0012-', // a revision suffix of digits
    'INV-2026-0012-x',
    'INV-26-0012', // a year of four digits
    'INV-20x6-0012',
    'INV-2026-012', // a sequence of four digits or more
    'INV-2026-00x2',
    'INV-2026-0012-2-2',
  ])('%s is refused, by name', (n) => {
    expect(problem(n)).toMatch(/^issuedDocuments record does not match the app's schema: issuedAs: /);
  });
});
