/** Schemas of everything the app keeps in localStorage (spec section 3). One library: zod (its tree-shakable `zod/mini` build). */
import { z } from 'zod/mini';

const num = z.number().check(z.refine(Number.isFinite, 'must be a finite number'));
/** Revision of a stored record: how many times it was saved (collection.ts). */
const rev = z.optional(z.number());
/**
 * Guest scaling of an ingredient line (issue 11): `per` absent or 'event' is a fixed quantity; 'guest'
 * means `perGuest` is the quantity for one guest. The line's quantity (quantityNeeded) is always the
 * event's total, already scaled (src/domain/scaling.ts), so every reader just reads the total.
 */
/**
 * Issue 21's extra fields (allergens, menu lines, dietary needs): read through the tolerant readers of
 * src/domain/allergens.ts, so a malformed one is ignored rather than making its whole record unreadable.
 */
const extra = z.optional(z.unknown());
const per = z.optional(z.enum(['event', 'guest']));
const perGuest = z.optional(num);

export const inventoryItemSchema = z.looseObject({
  rev,
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  category: z.string(),
  amountPerUnit: num,
  unit: z.string(),
  packageType: z.string(),
  quantity: num,
  costPerUnit: num,
  whenToOrder: num,
  supplierName: z.string(),
  /** Issue 11: the supplier's id, so a rename or delete finds only that supplier's items (absent on older items). */
  supplierID: z.optional(z.string()),
  /** Issue 21: allergen ids (src/domain/allergens.ts `cleanAllergens`); absent on older items. */
  allergens: extra,
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const supplierSchema = z.looseObject({
  rev,
  supplierID: z.string(),
  supplierName: z.string(),
  email: z.string(),
  phone: z.string(),
  contractStatus: z.enum(['active', 'inactive']),
  startDate: z.string(),
  endDate: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export const employeeSchema = z.looseObject({
  rev,
  id: z.optional(z.string()),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  phone: z.string(),
  fullTimePartTime: z.enum(['fulltime', 'parttime']),
  department: z.string(),
  startDate: z.string(),
  /** Issue 21: the hourly rate in CAD (optional; earlier records have none), for the events' labour cost. */
  hourlyRate: z.optional(num),
});
export type Employee = z.infer<typeof employeeSchema>;

export const specialtyIngredientSchema = z.looseObject({
  id: z.optional(z.string()),
  name: z.string(),
  units: z.string(),
  unitQuantity: num,
  quantityNeeded: num,
  onHand: z.boolean(),
  needToOrder: z.boolean(),
  costPerUnit: num,
  packageType: z.string(),
  supplierName: z.string(),
  per,
  perGuest,
  /** Issue 21: allergen ids (src/domain/allergens.ts `cleanAllergens`); absent on older lines. */
  allergens: extra,
});
export type SpecialtyIngredient = z.infer<typeof specialtyIngredientSchema>;

export const priceLineSchema = z.looseObject({
  id: z.optional(z.string()),
  name: z.string(),
  price: num,
  currency: z.string(),
});
export type PriceLine = z.infer<typeof priceLineSchema>;

export const eventSchema = z.looseObject({
  rev,
  id: z.int(),
  EventName: z.string(),
  CustomerFirstName: z.string(),
  CustomerLastName: z.string(),
  CustomerPhoneNumber: z.union([z.number(), z.string()]),
  CustomerEmail: z.string(),
  EventType: z.string(),
  NumberOfGuests: num,
  EventDate: z.string(),
  StartTime: z.string(),
  EndTime: z.string(),
  VenueName: z.string(),
  VenueStreetAddress: z.string(),
  VenueCity: z.string(),
  ingredients: z.array(specialtyIngredientSchema),
  menuItems: z.optional(z.array(z.string())),
  /**
   * Issue 21: beside the spec's `menuItems` (same order), each item's stable id and allergens. Earlier
   * builds ignore it; readers pair the two lists by text (src/domain/allergens.ts `menuLinesOf`).
   */
  menuLines: extra,
  /**
   * Issue 21: `{ vegetarian, vegan, glutenFree, avoid }`, guest counts by diet and the allergen ids the
   * event avoids; absent until set. Read through `dietaryOf` (src/domain/allergens.ts).
   */
  dietary: extra,
  notes: z.optional(z.array(z.looseObject({ id: z.optional(z.string()), notes: z.string() }))),
  pricing: z.optional(z.array(priceLineSchema)),
  imageUrl: z.optional(z.string()),
  imageAlt: z.optional(z.string()),
  imageTitle: z.optional(z.string()),
});
export type CateringEvent = z.infer<typeof eventSchema>;

export const chosenIngredientSchema = z.looseObject({
  rev,
  /** Identity of the line (given on read when missing; see keys.ts). */
  lineId: z.optional(z.string()),
  id: z.string(),
  name: z.string(),
  category: z.string(),
  supplierName: z.string(),
  costPerUnit: num,
  amountPerUnit: num,
  unit: z.string(),
  packageType: z.string(),
  quantity: num,
  per,
  perGuest,
});
export type ChosenIngredient = z.infer<typeof chosenIngredientSchema>;

export const selectedItemSchema = z.looseObject({ id: z.string(), orderPlaced: z.boolean() });
export type SelectedItem = z.infer<typeof selectedItemSchema>;

/**
 * Issue 21: one employee on one event's staff (`staffList-{eventId}`), identified by its own id. The
 * shift is two wall-clock times on the event's date (src/domain/staff.ts: an end before the start
 * ends the next day). `name` is the employee's name when assigned, shown if the employee is deleted.
 */
export const staffAssignmentSchema = z.looseObject({
  rev,
  id: z.string(),
  employeeId: z.string(),
  name: z.string(),
  role: z.string(),
  shiftStart: z.string(),
  shiftEnd: z.string(),
});
export type StaffAssignment = z.infer<typeof staffAssignmentSchema>;
