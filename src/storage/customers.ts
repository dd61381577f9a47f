/**
 * The customers (issue 22, part 6): one whole value under `customers`, a list of records by id; absent
 * until the first customer is derived or saved (earlier builds never read it).
 */
import { normalizeCustomers, type Customer } from '../domain/customers';
import { defineKey, type Schema } from './store';

const customersSchema: Schema<Customer[]> = {
  safeParse(value) {
    const customers = normalizeCustomers(value);
    return customers
      ? { success: true, data: customers }
      : { success: false, error: { issues: [{ path: [], message: 'must be a list of customers with ids' }] } };
  },
};

export const customersStore = defineKey<Customer[]>('customers', customersSchema, () => []);
