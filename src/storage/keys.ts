/** One typed accessor per localStorage key of spec section 3. */
import { z } from 'zod/mini';
import { defineCollection, type CollectionAccessor } from './collection';
import {
  chosenIngredientKinds,
  decodePercent,
  employeeKinds,
  inventoryItemKinds,
  normalizeEvent,
  normalizeRecord,
  selectedItemKinds,
  staffAssignmentKinds,
  supplierKinds,
} from './normalize';
import { fingerprint } from './recovered';
import {
  chosenIngredientSchema,
  employeeSchema,
  eventSchema,
  inventoryItemSchema,
  selectedItemSchema,
  staffAssignmentSchema,
  supplierSchema,
  type ChosenIngredient,
  type Employee,
  type StaffAssignment,
} from './schemas';
import { describeIssues } from './issues';
import { defineKey, type KeyAccessor } from './store';
import { deletedEventIdsKey } from './owned';

export const inventoryItemsStore = defineCollection({
  key: 'inventoryItems',
  record: inventoryItemSchema,
  idOf: (r) => r.id,
  normalize: (v) => normalizeRecord(v, inventoryItemKinds),
});
export const suppliersStore = defineCollection({
  key: 'suppliers',
  record: supplierSchema,
  idOf: (r) => r.supplierID,
  normalize: (v) => normalizeRecord(v, supplierKinds),
});

/** Employees of the earlier app had no id: one is derived from the record's content, so it is the same on every read until saved. */
function giveEmployeeId(record: Employee, _index: number, taken: ReadonlySet<string>): Employee {
  if (record.id) return record;
  let id = `E-${fingerprint(JSON.stringify(record))}`;
  for (let n = 2; taken.has(id); n++) id = `E-${fingerprint(JSON.stringify(record))}-${n}`;
  return { ...record, id };
}
export const employeesStore = defineCollection({
  key: 'employees',
  record: employeeSchema,
  idOf: (r) => r.id ?? '',
  normalize: (v) => normalizeRecord(v, employeeKinds),
  assignId: giveEmployeeId,
});
export const eventsStore = defineCollection({
  key: 'events',
  record: eventSchema,
  idOf: (r) => String(r.id),
  normalize: normalizeEvent,
  // Spec section 4: events are kept sorted by id descending, new ones first (issue 25).
  order: (a, b) => b.id - a.id,
});
export const selectedItemsStore = defineCollection({
  key: 'selectedItems',
  record: selectedItemSchema,
  idOf: (r) => r.id,
  normalize: (v) => normalizeRecord(v, selectedItemKinds),
});

/** Ids of deleted events: a new event never reuses one, and a deleted built-in sample stays deleted. */
export const deletedEventIdsStore = defineKey(deletedEventIdsKey, z.array(z.int()), () => [], {
  explain: describeIssues,
});

const percentage = z.number().check(z.refine(Number.isFinite, 'must be a finite number'));
const perEvent = new Map<string, unknown>();
function cached<T>(key: string, make: () => T): T {
  let accessor = perEvent.get(key) as T | undefined;
  if (!accessor) {
    accessor = make();
    perEvent.set(key, accessor);
  }
  return accessor;
}

/** A line of an event's ingredient list has an identity of its own (one item may be chosen twice). */
function giveLineId(line: ChosenIngredient, index: number, taken: ReadonlySet<string>): ChosenIngredient {
  if (typeof line.lineId === 'string' && line.lineId && !taken.has(line.lineId)) return line;
  let lineId = `L-${line.id}-${index}`;
  for (let n = 2; taken.has(lineId); n++) lineId = `L-${line.id}-${index}-${n}`;
  return { ...line, lineId };
}

/** Inventory items chosen for one event, with the quantity needed. */
export const ingredientListStore = (eventId: number): CollectionAccessor<ChosenIngredient> =>
  cached(`ingredientList-${eventId}`, () =>
    defineCollection({
      key: `ingredientList-${eventId}`,
      record: chosenIngredientSchema,
      idOf: (r) => String(r.lineId),
      normalize: (v) => normalizeRecord(v, chosenIngredientKinds),
      assignId: giveLineId,
    }),
  );
/** Issue 21: the staff of one event, one record per assignment, found by its own id (never by position). */
export const staffListStore = (eventId: number): CollectionAccessor<StaffAssignment> =>
  cached(`staffList-${eventId}`, () =>
    defineCollection({
      key: `staffList-${eventId}`,
      record: staffAssignmentSchema,
      idOf: (r) => String(r.id),
      normalize: (v) => normalizeRecord(v, staffAssignmentKinds),
    }),
  );
/** Discount percentage of one event (default 0). */
export const discountPercentageStore = (eventId: number): KeyAccessor<number> =>
  cached(`${eventId}-discountPercentage`, () =>
    defineKey(`${eventId}-discountPercentage`, percentage, () => 0, { decode: decodePercent, explain: describeIssues }),
  );
/** Tax percentage of one event (default 0). */
export const taxPercentageStore = (eventId: number): KeyAccessor<number> =>
  cached(`${eventId}-taxPercentage`, () =>
    defineKey(`${eventId}-taxPercentage`, percentage, () => 0, { decode: decodePercent, explain: describeIssues }),
  );

/**
 * The keys of one event's figures (its ingredient and staff lists, discount and tax), named without making their
 * accessors (issue 23): following 2,000 events' figures made 8,000 accessors on the Customers page's load.
 */
export const eventCostingKeys = (eventId: number): string[] => [
  `ingredientList-${eventId}`,
  `staffList-${eventId}`,
  `${eventId}-discountPercentage`,
  `${eventId}-taxPercentage`,
];

/** The per-event keys, so deleting an event can take (and undo) all of them. */
export const perEventStores = (eventId: number) => [
  ingredientListStore(eventId) as KeyAccessor<unknown>,
  staffListStore(eventId) as KeyAccessor<unknown>,
  discountPercentageStore(eventId) as KeyAccessor<unknown>,
  taxPercentageStore(eventId) as KeyAccessor<unknown>,
];

/** The accessor that reads a key of the app's data set: a collection (records) or a whole value. */
export function accessorFor(
  key: string,
):
  | { kind: 'collection'; accessor: CollectionAccessor<object> }
  | { kind: 'value'; accessor: KeyAccessor<unknown> }
  | null {
  const collections: Record<string, CollectionAccessor<object>> = {
    inventoryItems: inventoryItemsStore,
    suppliers: suppliersStore,
    employees: employeesStore,
    events: eventsStore,
    selectedItems: selectedItemsStore,
  };
  // Own keys only: `toString`, `constructor`, `__proto__` are not collections (a set-aside entry or a synced change may name anything).
  if (Object.hasOwn(collections, key)) return { kind: 'collection', accessor: collections[key]! };
  let match = /^ingredientList-(\d+)$/.exec(key);
  if (match)
    return { kind: 'collection', accessor: ingredientListStore(Number(match[1])) as CollectionAccessor<object> };
  match = /^staffList-(\d+)$/.exec(key);
  if (match) return { kind: 'collection', accessor: staffListStore(Number(match[1])) as CollectionAccessor<object> };
  match = /^(\d+)-discountPercentage$/.exec(key);
  if (match) return { kind: 'value', accessor: discountPercentageStore(Number(match[1])) as KeyAccessor<unknown> };
  match = /^(\d+)-taxPercentage$/.exec(key);
  if (match) return { kind: 'value', accessor: taxPercentageStore(Number(match[1])) as KeyAccessor<unknown> };
  if (key === deletedEventIdsKey) return { kind: 'value', accessor: deletedEventIdsStore as KeyAccessor<unknown> };
  return null;
}

/**
 * The positions of the records of a collection's stored text (`events`, `employees`, ...) that reading it
 * would set aside to Recovered data, setting nothing aside: a restore's preview counts the others.
 */
export function unreadableRecords(key: string, raw: string): Set<number> {
  const found = accessorFor(key);
  if (found?.kind !== 'collection') return new Set();
  return new Set(found.accessor.unreadableIn(raw).filter((index) => index !== null));
}
