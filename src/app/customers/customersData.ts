/**
 * The storage side of customers (issue 22, part 6): the `customers` key read with the records the
 * events need (earlier data: derived on read, the same every time, and never written back by reading:
 * a record is stored when an event is saved with it), and a save of records by id onto the latest
 * stored list (other tabs' customers are kept; nothing is written when nothing changes).
 */
import {
  customerIdOf,
  deriveCustomers,
  upsertCustomers,
  type Customer,
  type CustomerFields,
} from '../../domain/customers';
import { announceLocalChange, type WriteResult } from '../../storage';
import { customersStore } from '../../storage/customers';

export { customersStore };

/** The stored customers with those the events need (derived, not written: reading never writes). */
export function loadCustomers(events: ReadonlyArray<CustomerFields & { id: number }>): Customer[] {
  return deriveCustomers(customersStore.read(), events).customers;
}

/**
 * After a save: the record the save created or updated, and the event's customer if it was only derived
 * so far (so a stored event's `customerId` always has its record once saved).
 */
export function customersToStore(
  customers: readonly Customer[],
  changed: Customer | null,
  event: object | null,
): Customer[] {
  const linked = event ? customers.find((c) => c.id === customerIdOf(event)) : undefined;
  return [changed, linked].filter((c, i, all): c is Customer => !!c && all.findIndex((x) => x?.id === c.id) === i);
}

/** Stores these records by id onto the latest stored list, and tells this tab's readers. */
export function saveCustomers(changed: readonly Customer[]): WriteResult {
  if (!changed.length) return { ok: true };
  const stored = customersStore.read();
  const next = upsertCustomers(stored, changed);
  if (JSON.stringify(next) === JSON.stringify(stored)) return { ok: true };
  const result = customersStore.write(next);
  if (result.ok) announceLocalChange(customersStore.key);
  return result;
}
