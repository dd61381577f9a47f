/**
 * The storage side of customers (issue 22, part 6): the `customers` key read with the records the
 * events need (earlier data: derived lazily, on first read, and stored then; no event is changed), and
 * a save of changed records by id onto the latest stored list (other tabs' customers are kept).
 */
import { deriveCustomers, upsertCustomers, type Customer, type CustomerFields } from '../../domain/customers';
import { announceLocalChange, type WriteResult } from '../../storage';
import { customersStore } from '../../storage/customers';

export { customersStore };

/** The stored customers with those the events need; the missing ones are stored now (a failed write changes nothing shown). */
export function loadCustomers(events: ReadonlyArray<CustomerFields & { id: number }>): Customer[] {
  const stored = customersStore.read();
  const { customers, added } = deriveCustomers(stored, events);
  if (added.length) saveCustomers(added);
  return customers;
}

/** Stores these records by id onto the latest stored list, and tells this tab's readers. */
export function saveCustomers(changed: readonly Customer[]): WriteResult {
  if (!changed.length) return { ok: true };
  const result = customersStore.write(upsertCustomers(customersStore.read(), changed));
  if (result.ok) announceLocalChange(customersStore.key);
  return result;
}
