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
