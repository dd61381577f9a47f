/**
 * What Use Mock Data writes and how to tell the user what it replaces. Kept apart from mockData.ts,
 * which is a lazy chunk loaded only when the button is clicked.
 */
import type { CateringEvent, ChosenIngredient, Employee, InventoryItem, Supplier } from '../storage/schemas';

export interface MockCollections {
  inventoryItems: InventoryItem[];
  suppliers: Supplier[];
  employees: Employee[];
  events: CateringEvent[];
}

export type CollectionName = keyof MockCollections;

/** The per-event keys of one mock event: `ingredientList-{id}`, `{id}-discountPercentage`, `{id}-taxPercentage`. */
export interface MockEventKeys {
  eventId: number;
  ingredientList: ChosenIngredient[];
  discountPercentage: number;
  taxPercentage: number;
}

/** Everything Use Mock Data writes, all or nothing: the four collections and each mock event's own keys. */
export interface MockData extends MockCollections {
  perEvent: MockEventKeys[];
}

/** The four collections, in the order of the data view. */
export const COLLECTIONS: readonly CollectionName[] = ['inventoryItems', 'events', 'employees', 'suppliers'];

export const MOCK_LOADED_MESSAGE = 'Mock data has been loaded successfully.';

export interface ExistingCollection {
  collection: CollectionName;
  count: number;
}

/** The collections that already hold data (and would be replaced), in data-view order. */
export function existingCollections(current: { [K in CollectionName]: readonly unknown[] }): ExistingCollection[] {
  return COLLECTIONS.filter((name) => current[name].length > 0).map((collection) => ({
    collection,
    count: current[collection].length,
  }));
}

/** "inventoryItems (3 records) and events (1 record)" */
export function describeCollections(existing: readonly ExistingCollection[]): string {
  const parts = existing.map(
    ({ collection, count }) => `${collection} (${count} ${count === 1 ? 'record' : 'records'})`,
  );
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
