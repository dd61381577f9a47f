/**
 * Customers (issue 22, part 6): the customer details typed on events become customer records, matched
 * by e-mail or phone and never merged silently. Pure functions.
 *
 * - A customer is `{ id, firstName, lastName, email, phone }`, kept in the account's `customers` key.
 * - An event names its customer in the extra field `customerId` (earlier builds ignore it). An event
 *   without one (saved before customers existed, or on a device that did not have the record) belongs
 *   to the customer its details match: the same e-mail or phone *and* the same name; with no e-mail and
 *   no phone on either side, the same name.
 * - The same e-mail or phone under a different name is a *clash*: never merged silently. The event form
 *   asks ("This e-mail belongs to …"); earlier data that clashes becomes a customer of its own.
 * - Earlier data: `deriveCustomers` creates the records the events need, lazily, on first read, without
 *   changing any event (a derived customer's id is `c<id of its first event>`, so every device derives
 *   the same ids from the same events).
 */

export interface Customer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** The customer fields of an event (the spec's names; a phone may be a number). */
export interface CustomerFields {
  CustomerFirstName: string;
  CustomerLastName: string;
  CustomerPhoneNumber: string | number;
  CustomerEmail: string;
}

type EventLike = CustomerFields & { id: number };

/** The form's choice of customer that means "a new customer, even though the e-mail or phone is known". */
export const NEW_CUSTOMER = 'new';

/** E-mail addresses compare trimmed and case-insensitively. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Phones compare by their digits: '+1 (613) 555-0101', '613-555-0101' and 6135550101 are one number
 * (a North American 11-digit number's leading 1 is the country code). Fewer than 7 digits is no phone.
 */
export function normalisePhone(phone: string | number | null | undefined): string {
  const digits = String(phone ?? '').replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length >= 7 ? national : '';
}

/** Names compare trimmed, case-insensitively, with runs of spaces as one. */
export function normaliseName(first: string, last: string): string {
  return `${first} ${last}`.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function customerName(c: Pick<Customer, 'firstName' | 'lastName'>): string {
  return `${c.firstName} ${c.lastName}`.trim().replace(/\s+/g, ' ');
}

/** An event's customer details as a customer record's fields (trimmed; the phone as text). */
export function detailsOf(event: CustomerFields): Omit<Customer, 'id'> {
  return {
    firstName: (event.CustomerFirstName ?? '').trim(),
    lastName: (event.CustomerLastName ?? '').trim(),
    email: (event.CustomerEmail ?? '').trim(),
    phone: String(event.CustomerPhoneNumber ?? '').trim(),
  };
}

/** True when an event names no customer at all (no name, e-mail or phone). */
export function hasNoCustomer(details: Omit<Customer, 'id'>): boolean {
  return !details.firstName && !details.lastName && !details.email && !details.phone;
}

export type CustomerMatch =
  /** The same person: same e-mail or phone and the same name (or the same name, neither having a contact). */
  | { kind: 'same'; customer: Customer }
  /** The e-mail (or phone) belongs to a customer of another name: ask, never merge silently. */
  | { kind: 'clash'; customer: Customer; by: 'email' | 'phone' }
  | { kind: 'none' };

/** Which stored customer these details are, if any. */
export function matchCustomer(customers: readonly Customer[], details: Omit<Customer, 'id'>): CustomerMatch {
  return indexOf(customers).match(details);
}

/**
 * Customers looked up by id, normalised e-mail, normalised phone and (for those with neither) name, so that
 * matching many events against many customers is one pass, not one scan of every customer per event (2,000
 * events without a `customerId` were 4 million comparisons on every read of the events page). Answers as
 * `matchCustomer` always has: the first customer in list order wins.
 */
export class CustomerIndex {
  private readonly byId = new Map<string, Customer>();
  private readonly byEmail = new Map<string, { customer: Customer; name: string }[]>();
  private readonly byPhone = new Map<string, { customer: Customer; name: string }[]>();
  private readonly nameOnly = new Map<string, Customer>();

  constructor(customers: readonly Customer[] = []) {
    for (const customer of customers) this.add(customer);
  }

  /** Adds a customer after those already in the index. */
  add(customer: Customer): void {
    if (!this.byId.has(customer.id)) this.byId.set(customer.id, customer);
    const email = normaliseEmail(customer.email);
    const phone = normalisePhone(customer.phone);
    const entry = { customer, name: normaliseName(customer.firstName, customer.lastName) };
    if (email) listIn(this.byEmail, email).push(entry);
    if (phone) listIn(this.byPhone, phone).push(entry);
    if (!email && !phone && !this.nameOnly.has(entry.name)) this.nameOnly.set(entry.name, customer);
  }

  get(id: string): Customer | undefined {
    return this.byId.get(id);
  }

  /** Which customer these details are, if any (see `CustomerMatch`). */
  match(details: Omit<Customer, 'id'>): CustomerMatch {
    const email = normaliseEmail(details.email);
    const phone = normalisePhone(details.phone);
    const name = normaliseName(details.firstName, details.lastName);
    const byEmail = (email && this.byEmail.get(email)) || [];
    const byPhone = (phone && this.byPhone.get(phone)) || [];
    const same = byEmail.find((e) => e.name === name) ?? byPhone.find((e) => e.name === name);
    if (same) return { kind: 'same', customer: same.customer };
    if (byEmail[0]) return { kind: 'clash', customer: byEmail[0].customer, by: 'email' };
    if (byPhone[0]) return { kind: 'clash', customer: byPhone[0].customer, by: 'phone' };
    if (!email && !phone && name) {
      const named = this.nameOnly.get(name);
      if (named) return { kind: 'same', customer: named };
    }
    return { kind: 'none' };
  }

  /**
   * `match` over every customer but those with the id `exceptId`, by e-mail and phone only: what the event
   * form's question needs (a customer found by name alone is never a clash), without indexing the others again.
   */
  matchByContact(details: Omit<Customer, 'id'>, exceptId: string): CustomerMatch {
    const email = normaliseEmail(details.email);
    const phone = normalisePhone(details.phone);
    const name = normaliseName(details.firstName, details.lastName);
    const other = (e: { customer: Customer }) => e.customer.id !== exceptId;
    const byEmail = ((email && this.byEmail.get(email)) || []).filter(other);
    const byPhone = ((phone && this.byPhone.get(phone)) || []).filter(other);
    const same = byEmail.find((e) => e.name === name) ?? byPhone.find((e) => e.name === name);
    if (same) return { kind: 'same', customer: same.customer };
    if (byEmail[0]) return { kind: 'clash', customer: byEmail[0].customer, by: 'email' };
    if (byPhone[0]) return { kind: 'clash', customer: byPhone[0].customer, by: 'phone' };
    return { kind: 'none' };
  }

  /** A customer id not taken yet: `c<eventId>`, or `c<eventId>-2`, `-3`, … */
  newId(eventId: number): string {
    const base = `c${eventId}`;
    if (!this.byId.has(base)) return base;
    let n = 2;
    while (this.byId.has(`${base}-${n}`)) n += 1;
    return `${base}-${n}`;
  }
}

function listIn<T>(map: Map<string, T[]>, key: string): T[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

/**
 * One index per customers list, kept while the list is (lists are not changed in place once read; the
 * length is checked as well, so a list grown by `push` is indexed again).
 */
const indexes = new WeakMap<readonly Customer[], { length: number; index: CustomerIndex }>();
function indexOf(customers: readonly Customer[]): CustomerIndex {
  const kept = indexes.get(customers);
  if (kept && kept.length === customers.length) return kept.index;
  const index = new CustomerIndex(customers);
  indexes.set(customers, { length: customers.length, index });
  return index;
}

/**
 * Works out this list's index ahead (issue 23): the events page does it when idle, so the first save's check
 * of the customer (`customerClash`, `assignCustomer`) does not index 2,000 customers inside the click.
 */
export function prepareCustomerIndex(customers: readonly Customer[]): void {
  indexOf(customers);
}

/** The event's extra field `customerId` ('' when absent or not text). */
export function customerIdOf(event: object): string {
  const id = (event as { customerId?: unknown }).customerId;
  return typeof id === 'string' ? id : '';
}

/** The customer an event belongs to: its `customerId` when that record exists, else the one its details match. */
export function customerOfEvent(customers: readonly Customer[], event: CustomerFields & object): Customer | null {
  const index = indexOf(customers);
  const id = customerIdOf(event);
  const linked = id ? index.get(id) : undefined;
  if (linked) return linked;
  const details = detailsOf(event);
  if (hasNoCustomer(details)) return null;
  const match = index.match(details);
  return match.kind === 'same' ? match.customer : null;
}

/** A customer id not taken yet: `c<eventId>`, or `c<eventId>-2`, `-3`, … */
export function newCustomerId(customers: readonly Customer[], eventId: number): string {
  return indexOf(customers).newId(eventId);
}

/**
 * Earlier data (and events from other devices): the customers the events need that are not stored yet.
 * Events are taken oldest (lowest id) first; an event whose `customerId` has no record brings that
 * record back from its details; one with no `customerId` that matches no customer (or clashes with one:
 * never merged silently) becomes a new customer. Stored customers are never changed or dropped.
 */
export function deriveCustomers(
  stored: readonly Customer[],
  events: readonly EventLike[],
): { customers: Customer[]; added: Customer[] } {
  const customers = [...stored];
  const index = new CustomerIndex(customers);
  const added: Customer[] = [];
  const add = (customer: Customer) => {
    customers.push(customer);
    index.add(customer);
    added.push(customer);
  };
  for (const event of [...events].sort((a, b) => a.id - b.id)) {
    const details = detailsOf(event);
    if (hasNoCustomer(details)) continue;
    const id = customerIdOf(event);
    if (id) {
      if (!index.get(id)) add({ id, ...details });
      continue;
    }
    if (index.match(details).kind === 'same') continue;
    add({ id: index.newId(event.id), ...details });
  }
  return { customers, added };
}

/**
 * What a save of an event does to the customers, and the `customerId` the event is saved with.
 * `choice` is the form's Customer choice: an existing customer's id (the event is theirs, and their
 * record takes the details typed), `NEW_CUSTOMER` (a customer of its own, even when the e-mail or phone
 * is known), or '' (the customer the details match, or a new one; a clash is never merged: a new one).
 * An event with no customer details has no customer.
 */
export function assignCustomer(
  customers: readonly Customer[],
  event: EventLike,
  choice: string,
): { customers: readonly Customer[]; customerId: string; changed: Customer | null } {
  const details = detailsOf(event);
  // Unchanged, the list itself is kept (issue 23): its index (`indexOf`) is worked out once, not on every save.
  if (hasNoCustomer(details)) return { customers, customerId: '', changed: null };
  const chosen = choice && choice !== NEW_CUSTOMER ? customers.find((c) => c.id === choice) : undefined;
  if (chosen) {
    const updated = { ...chosen, ...details };
    const same = JSON.stringify(updated) === JSON.stringify(chosen);
    return {
      customers: same ? customers : customers.map((c) => (c.id === chosen.id ? updated : c)),
      customerId: chosen.id,
      changed: same ? null : updated,
    };
  }
  if (choice !== NEW_CUSTOMER) {
    const match = matchCustomer(customers, details);
    if (match.kind === 'same') {
      // The same person: their record keeps the latest details (a new phone, the e-mail's spelling).
      const updated = { ...match.customer, ...details };
      const same = JSON.stringify(updated) === JSON.stringify(match.customer);
      return {
        customers: same ? customers : customers.map((c) => (c.id === updated.id ? updated : c)),
        customerId: updated.id,
        changed: same ? null : updated,
      };
    }
  }
  const created = { id: newCustomerId(customers, event.id), ...details };
  return { customers: [...customers, created], customerId: created.id, changed: created };
}

/**
 * The question the event form asks before saving, or null: the e-mail or phone typed belongs to a
 * customer of another name who is not the chosen one.
 */
export function customerClash(
  customers: readonly Customer[],
  values: CustomerFields,
  choice: string,
): { customer: Customer; by: 'email' | 'phone'; message: string } | null {
  if (choice === NEW_CUSTOMER) return null;
  const details = detailsOf(values);
  if (hasNoCustomer(details)) return null;
  // Issue 23: the customers' kept index, not one built again of all but the chosen one on every Save.
  const match = indexOf(customers).matchByContact(details, choice);
  if (match.kind !== 'clash') return null;
  // The chosen customer is these details already: no question.
  if (
    choice &&
    matchCustomer(
      customers.filter((c) => c.id === choice),
      details,
    ).kind === 'same'
  )
    return null;
  const what = match.by === 'email' ? 'This e-mail' : 'This phone number';
  return {
    customer: match.customer,
    by: match.by,
    message: `${what} belongs to ${customerName(match.customer) || 'another customer'}. Use that customer, or keep as a new customer?`,
  };
}

/** The event form's fields filled from a customer record. */
export function customerToFields(c: Customer): {
  CustomerFirstName: string;
  CustomerLastName: string;
  CustomerEmail: string;
  CustomerPhoneNumber: string;
} {
  return {
    CustomerFirstName: c.firstName,
    CustomerLastName: c.lastName,
    CustomerEmail: c.email,
    CustomerPhoneNumber: c.phone,
  };
}

/** Customers by name (then e-mail, then id), for the lists and the form's choice. */
export function sortCustomers(customers: readonly Customer[]): Customer[] {
  // Each key built once (issue 23: built twice per comparison, 2,000 customers took ~50 ms at 1x).
  const keyed = customers.map((c) => ({
    c,
    key: `${customerName(c).toLowerCase()}\u0000${normaliseEmail(c.email)}\u0000${c.id}`,
  }));
  return keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map(({ c }) => c);
}

/** The Customers page's search: every word must be in the name, e-mail or phone (3+ digits also match the phone's digits). */
export function matchesCustomerSearch(c: Customer, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${customerName(c)} ${c.email} ${c.phone}`.toLowerCase();
  const digits = c.phone.replace(/\D/g, '');
  return words.every((word) => {
    if (text.includes(word)) return true;
    const wordDigits = word.replace(/\D/g, '');
    if (!/^[\d\s()+.-]+$/.test(word) || wordDigits.length < 3) return false;
    // A whole number typed with its country code (1 604 555 0311) finds one stored without it, as matching does.
    const national = wordDigits.length === 11 && wordDigits.startsWith('1') ? wordDigits.slice(1) : wordDigits;
    return digits.includes(wordDigits) || digits.includes(national);
  });
}

/** The events of one customer, by date (then id). */
export function eventsOfCustomer<E extends CustomerFields & { id: number; EventDate: string }>(
  customers: readonly Customer[],
  events: readonly E[],
  customerId: string,
): E[] {
  return events
    .filter((e) => customerOfEvent(customers, e)?.id === customerId)
    .sort((a, b) => (a.EventDate < b.EventDate ? -1 : a.EventDate > b.EventDate ? 1 : a.id - b.id));
}

/**
 * What an event still owes, in cents: its balance (total after tax less payments), nothing for a
 * cancelled event or an overpaid one.
 */
export function owedCents(balanceCents: number, cancelled: boolean): number {
  return cancelled || !Number.isFinite(balanceCents) ? 0 : Math.max(0, balanceCents);
}

export interface CustomerRow<E> {
  customer: Customer;
  /** The customer's events, in the order given. */
  events: E[];
}

/**
 * One row per customer (sorted by name) with their events. What those owe is added up per row when it is
 * shown (`owedTogether`): each event's total reads its per-event keys, and 2,000 of them read to show the
 * first rows, with the 2,000 rows drawn, made /Customers' full load to a working click 703 ms at 1x (322 ms now;
 * issue 23).
 */
export function customerRows<E extends CustomerFields & { id: number }>(
  customers: readonly Customer[],
  events: readonly E[],
): CustomerRow<E>[] {
  const rows = new Map(sortCustomers(customers).map((c) => [c.id, { customer: c, events: [] as E[] }]));
  for (const event of events) rows.get(customerOfEvent(customers, event)?.id ?? '')?.events.push(event);
  return [...rows.values()];
}

/** What these events still owe together, in cents (`owedOf` gives one event's: see `owedCents`). */
export function owedTogether<E>(events: readonly E[], owedOf: (event: E) => number): number {
  return events.reduce((sum, event) => sum + owedOf(event), 0);
}

/** Validation of a customers value read from storage: an array of records with an id and text fields. */
export function normalizeCustomers(value: unknown): Customer[] | null {
  if (!Array.isArray(value)) return null;
  const out: Customer[] = [];
  for (const item of value) {
    if (!item || typeof item !== 'object') return null;
    const r = item as Record<string, unknown>;
    if (typeof r.id !== 'string' || !r.id) return null;
    const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
    out.push({
      ...(r as object),
      id: r.id,
      firstName: text(r.firstName),
      lastName: text(r.lastName),
      email: text(r.email),
      phone: text(r.phone),
    } as Customer);
  }
  return out;
}

/** Upserts `changed` by id onto the latest stored list (another tab's customers are kept). */
export function upsertCustomers(stored: readonly Customer[], changed: readonly Customer[]): Customer[] {
  const byId = new Map(stored.map((c) => [c.id, c]));
  for (const c of changed) byId.set(c.id, { ...byId.get(c.id), ...c });
  return [...byId.values()];
}

/**
 * An event saved with its customer (`assignCustomer`): its `customerId` set, or removed when it names no
 * customer; with the customers after the save and the one record that changed (to store), if any.
 */
export function withCustomer<E extends EventLike>(
  customers: readonly Customer[],
  event: E,
  choice: string,
): { event: E; customers: readonly Customer[]; changed: Customer | null } {
  const result = assignCustomer(customers, event, choice);
  const { customerId: _old, ...rest } = event as E & { customerId?: unknown };
  return {
    event: (result.customerId ? { ...rest, customerId: result.customerId } : rest) as E,
    customers: result.customers,
    changed: result.changed,
  };
}

/** The form's values with a customer chosen: their details filled in, or only the choice cleared (''). */
export function chooseCustomer<V extends CustomerFields & { customerId?: string }>(
  customers: readonly Customer[],
  values: V,
  id: string,
): V {
  const chosen = id ? customers.find((c) => c.id === id) : undefined;
  const { customerId: _old, ...rest } = values;
  if (!chosen) return rest as V;
  return { ...rest, ...customerToFields(chosen), customerId: chosen.id } as V;
}

/** The Existing customer choice's options: each customer by name, with their e-mail or phone to tell namesakes apart. */
export function customerOptions(customers: readonly Customer[]): ReadonlyArray<{ value: string; label: string }> {
  const known = optionsOf.get(customers);
  if (known) return known;
  const options = sortCustomers(customers).map((c) => ({
    value: c.id,
    label: [customerName(c) || 'No name', c.email || c.phone].filter(Boolean).join(' · '),
  }));
  optionsOf.set(customers, options);
  return options;
}
/** Issue 23: the options of each customers list, worked out once (the event form opens over the same list). */
const optionsOf = new WeakMap<readonly Customer[], ReadonlyArray<{ value: string; label: string }>>();
