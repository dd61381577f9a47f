/**
 * Issue 23: the Dashboard's first render read and checked everything it shows (2,000 events, 5,000 items, the
 * suppliers and employees, every event's ingredient list) in the task that drew the page: 110 to 150 ms at 1x on
 * a big business, and a Menu click landing just before it waited for all of it. The page's route loader awaits
 * this (App.tsx `named`): the same lists read ahead in background slices (../readAhead.ts).
 */
import {
  employeesStore,
  eventsStore,
  ingredientListStore,
  inventoryItemsStore,
  selectedItemsStore,
  suppliersStore,
} from '../../storage/keys';
import { readAhead, type ReadAheadOptions } from '../readAhead';

export function prepareDashboard(options: ReadAheadOptions = {}): Promise<void> {
  return readAhead(
    [eventsStore, inventoryItemsStore, suppliersStore, employeesStore, selectedItemsStore],
    () => eventsStore.read().map((event) => () => ingredientListStore(event.id).read()),
    options,
  );
}
