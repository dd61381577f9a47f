/**
 * Checks of pushed records by collection, with the app's own record schemas (src/storage/schemas.ts):
 * the embedded server refuses a record the app could not read back. The SQL function checks the rest
 * (collection names, the id the row names, sizes) on every database, hosted Supabase included.
 */
import { z } from 'zod/mini';
import {
  chosenIngredientSchema,
  employeeSchema,
  eventSchema,
  inventoryItemSchema,
  selectedItemSchema,
  supplierSchema,
} from '../../src/storage/schemas.ts';

const finite = z.number().check(z.refine(Number.isFinite, 'must be a finite number'));
const deletedEventIdSchema = z.looseObject({ id: z.int() });
const valueSchema = z.looseObject({ value: finite });

/** The schema of a collection's records (collection = the app's localStorage key), or null for an unknown one. */
export function schemaFor(collection: string): z.ZodMiniType | null {
  switch (collection) {
    case 'inventoryItems':
      return inventoryItemSchema;
    case 'suppliers':
      return supplierSchema;
    case 'employees':
      return employeeSchema;
    case 'events':
      return eventSchema;
    case 'selectedItems':
      return selectedItemSchema;
    case 'deletedEventIds':
      return deletedEventIdSchema;
  }
  if (/^ingredientList-\d{1,15}$/.test(collection)) return chosenIngredientSchema;
  if (/^\d{1,15}-(discountPercentage|taxPercentage)$/.test(collection)) return valueSchema;
  return null;
}

/** Why a pushed record does not fit its collection's schema, or null when it does (or is left to SQL). */
export function recordSchemaProblem(collection: unknown, record: unknown): string | null {
  if (typeof collection !== 'string') return null;
  const schema = schemaFor(collection);
  if (!schema || typeof record !== 'object' || record === null || Array.isArray(record)) return null;
  const parsed = schema.safeParse(record);
  if (parsed.success) return null;
  const first = parsed.error.issues[0];
  const path = first?.path.length ? first.path.join('.') : 'record';
  return `${collection} record does not match the app's schema: ${path}: ${first?.message ?? 'invalid'}`;
}
