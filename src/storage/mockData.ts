/**
 * Use Mock Data's write: the four collections and, for each mock event, its ingredient list, discount
 * and tax, all through their typed accessors and all or nothing (together.ts): a full quota half way
 * leaves every key as it was.
 */
import type { MockData } from '../domain/mockDataInfo';
import {
  discountPercentageStore,
  employeesStore,
  eventsStore,
  ingredientListStore,
  inventoryItemsStore,
  suppliersStore,
  taxPercentageStore,
} from './keys';
import type { WriteResult } from './raw';
import { keyWrite, writeTogether } from './together';

export function writeMockData(data: MockData): WriteResult {
  return writeTogether([
    keyWrite(inventoryItemsStore, data.inventoryItems),
    keyWrite(suppliersStore, data.suppliers),
    keyWrite(employeesStore, data.employees),
    keyWrite(eventsStore, data.events),
    ...data.perEvent.flatMap((keys) => [
      keyWrite(ingredientListStore(keys.eventId), keys.ingredientList),
      keyWrite(discountPercentageStore(keys.eventId), keys.discountPercentage),
      keyWrite(taxPercentageStore(keys.eventId), keys.taxPercentage),
    ]),
  ]);
}
