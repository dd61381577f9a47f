/** One typed accessor per localStorage key of spec section 3. */
import { z } from 'zod/mini';
import {
  chosenIngredientSchema,
  employeeSchema,
  eventSchema,
  inventoryItemSchema,
  selectedItemSchema,
  supplierSchema,
} from './schemas';
import { defineKey, type KeyAccessor } from './store';

export const inventoryItemsStore = defineKey('inventoryItems', z.array(inventoryItemSchema), () => []);
export const suppliersStore = defineKey('suppliers', z.array(supplierSchema), () => []);
export const employeesStore = defineKey('employees', z.array(employeeSchema), () => []);
export const eventsStore = defineKey('events', z.array(eventSchema), () => []);
export const selectedItemsStore = defineKey('selectedItems', z.array(selectedItemSchema), () => []);

const percentage = z.number().check(z.refine(Number.isFinite));
const perEvent = new Map<string, KeyAccessor<unknown>>();
function cached<T>(key: string, make: () => KeyAccessor<T>): KeyAccessor<T> {
  let accessor = perEvent.get(key) as KeyAccessor<T> | undefined;
  if (!accessor) {
    accessor = make();
    perEvent.set(key, accessor as KeyAccessor<unknown>);
  }
  return accessor;
}

/** Inventory items chosen for one event, with the quantity needed. */
export const ingredientListStore = (eventId: number) =>
  cached(`ingredientList-${eventId}`, () => defineKey(`ingredientList-${eventId}`, z.array(chosenIngredientSchema), () => []));
/** Discount percentage of one event (default 0, no bounds). */
export const discountPercentageStore = (eventId: number) =>
  cached(`${eventId}-discountPercentage`, () => defineKey(`${eventId}-discountPercentage`, percentage, () => 0));
/** Tax percentage of one event (default 0, no bounds). */
export const taxPercentageStore = (eventId: number) =>
  cached(`${eventId}-taxPercentage`, () => defineKey(`${eventId}-taxPercentage`, percentage, () => 0));

/** The per-event keys, so deleting an event can take (and undo) all of them. */
export const perEventStores = (eventId: number) => [
  ingredientListStore(eventId),
  discountPercentageStore(eventId),
  taxPercentageStore(eventId),
];
