/**
 * The record schemas of spec section 3 (src/storage/schemas.ts), read directly: each kind of record
 * accepts a complete record and refuses one missing a required field, and the enumerations accept
 * exactly their words (a record of an earlier build with `per: 'guest'` or `parttime` must stay readable).
 */
import { describe, expect, it } from 'vitest';
import {
  chosenIngredientSchema,
  employeeSchema,
  eventSchema,
  inventoryItemSchema,
  priceLineSchema,
  selectedItemSchema,
  specialtyIngredientSchema,
  staffAssignmentSchema,
  supplierSchema,
} from '../../src/storage/schemas';

const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;
const without = (record: Record<string, unknown>, field: string) => {
  const copy = { ...record };
  delete copy[field];
  return copy;
};

const employee = {
  firstName: 'Ana',
  lastName: 'Li',
  email: 'ana@example.com',
  role: 'Cook',
  phone: '555',
  fullTimePartTime: 'fulltime',
  department: 'Kitchen',
  startDate: '2026-01-01',
};
const specialty = {
  name: 'Saffron',
  units: 'g',
  unitQuantity: 1,
  quantityNeeded: 2,
  onHand: false,
  needToOrder: true,
  costPerUnit: 3,
  packageType: 'jar',
  supplierName: 'Spice Co',
};
const priceLine = { name: 'Dinner', price: 40, currency: 'CAD' };
const event = {
  id: 7,
  EventName: 'Gala',
  CustomerFirstName: 'Bo',
  CustomerLastName: 'Ng',
  CustomerPhoneNumber: '555',
  CustomerEmail: 'bo@example.com',
  EventType: 'Wedding',
  NumberOfGuests: 40,
  EventDate: '2026-12-01',
  StartTime: '18:00',
  EndTime: '22:00',
  VenueName: 'Hall',
  VenueStreetAddress: '1 Main St',
  VenueCity: 'Ottawa',
  ingredients: [],
};
const chosen = {
  id: 'i1',
  name: 'Flour',
  category: 'Dry',
  supplierName: 'Mill',
  costPerUnit: 2,
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'bag',
  quantity: 3,
};
const assignment = {
  id: 's1',
  employeeId: 'e1',
  name: 'Ana Li',
  role: 'Cook',
  shiftStart: '17:00',
  shiftEnd: '23:00',
};

describe('record schemas', () => {
  it('accept a complete record of each kind', () => {
    expect(ok(employeeSchema, employee)).toBe(true);
    expect(ok(specialtyIngredientSchema, specialty)).toBe(true);
    expect(ok(priceLineSchema, priceLine)).toBe(true);
    expect(ok(eventSchema, { ...event, pricing: [priceLine], notes: [{ notes: 'Bring chairs' }] })).toBe(true);
    expect(ok(chosenIngredientSchema, chosen)).toBe(true);
    expect(ok(selectedItemSchema, { id: 'i1', orderPlaced: false })).toBe(true);
    expect(ok(staffAssignmentSchema, assignment)).toBe(true);
  });

  it('refuse a record missing a required field, whatever its kind', () => {
    expect(ok(employeeSchema, without(employee, 'firstName'))).toBe(false);
    expect(ok(specialtyIngredientSchema, without(specialty, 'name'))).toBe(false);
    expect(ok(priceLineSchema, without(priceLine, 'price'))).toBe(false);
    expect(ok(eventSchema, without(event, 'EventName'))).toBe(false);
    expect(ok(chosenIngredientSchema, without(chosen, 'id'))).toBe(false);
    expect(ok(selectedItemSchema, { id: 'i1' })).toBe(false);
    expect(ok(staffAssignmentSchema, without(assignment, 'employeeId'))).toBe(false);
  });

  it("refuse an event's note without its text", () => {
    expect(ok(eventSchema, { ...event, notes: [{ id: 'n1' }] })).toBe(false);
  });

  it("read a line's guest scaling as 'event' or 'guest' only", () => {
    for (const schema of [specialtyIngredientSchema, chosenIngredientSchema]) {
      const line = schema === chosenIngredientSchema ? chosen : specialty;
      expect(ok(schema, { ...line, per: 'event' })).toBe(true);
      expect(ok(schema, { ...line, per: 'guest', perGuest: 0.5 })).toBe(true);
      expect(ok(schema, { ...line, per: '' })).toBe(false);
      expect(ok(schema, { ...line, per: 'table' })).toBe(false);
    }
  });

  it('read an employee as full time or part time only', () => {
    expect(ok(employeeSchema, { ...employee, fullTimePartTime: 'parttime' })).toBe(true);
    expect(ok(employeeSchema, { ...employee, fullTimePartTime: '' })).toBe(false);
    expect(ok(employeeSchema, { ...employee, fullTimePartTime: 'contract' })).toBe(false);
  });

  it('refuse numbers that are not finite', () => {
    expect(ok(inventoryItemSchema.shape.quantity, Infinity)).toBe(false);
    expect(ok(inventoryItemSchema.shape.quantity, NaN)).toBe(false);
    expect(ok(supplierSchema, {})).toBe(false);
  });
});
