/**
 * Edit Event opens with the event's customer chosen (found by trying it): an event with no `customerId` (saved
 * before customers existed, or from mock data) whose details are a stored customer showed "New customer". The
 * events machine's `form.edit` now chooses its stored `customerId`, else the customer its details match
 * (`customerOfEvent`), through the customers' kept index: opening the dialog again indexes nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type ActorRefFrom } from 'xstate';
import { CustomerIndex, type Customer } from '../../src/domain/customers';
import { blankEventForm, formToEvent } from '../../src/domain/events';
import { eventFormMachine } from '../../src/machines/events/eventForm.machine';
import { eventsMachine } from '../../src/machines/events/events.machine';

afterEach(() => vi.restoreAllMocks());

const ada: Customer = { id: 'c1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '' };
const bo: Customer = { id: 'c2', firstName: 'Bo', lastName: 'Keel', email: '', phone: '613-555-0101' };

const event = (id: number, customer: Partial<Record<string, string>>, extra: object = {}) => ({
  ...formToEvent({
    ...blankEventForm(),
    id,
    EventName: `Event ${id}`,
    NumberOfGuests: '10',
    EventDate: '2026-12-20',
    ...customer,
  }),
  ...extra,
});

const events = [
  // Ada's details, typed with other spacing and case, no customerId: she is the customer.
  event(1, { CustomerFirstName: ' ada ', CustomerLastName: 'LOVELACE', CustomerEmail: 'Ada@Example.com' }),
  // Bo by his phone written another way (with the country code).
  event(2, { CustomerFirstName: 'Bo', CustomerLastName: 'Keel', CustomerPhoneNumber: '+1 613 555 0101' }),
  // Linked by customerId.
  event(3, { CustomerFirstName: 'Ada', CustomerLastName: 'Lovelace' }, { customerId: 'c1' }),
  // Ada's e-mail under another name: a clash, never merged silently.
  event(4, { CustomerFirstName: 'Charles', CustomerLastName: 'Babbage', CustomerEmail: 'ada@example.com' }),
  // Nobody stored.
  event(5, { CustomerFirstName: 'Nora', CustomerLastName: 'Bowsprit', CustomerEmail: 'nora@example.com' }),
  // No customer at all.
  event(6, {}),
];

function open(id: number, customers: Customer[] = [ada, bo]) {
  const actor = createActor(eventsMachine.provide({ actors: { watchStorage: fromCallback(() => () => {}) } }), {
    input: { events, today: '2026-12-01', customers },
  }).start();
  actor.send({ type: 'form.edit', id });
  const snapshot = actor.getSnapshot();
  // What the parent decided and what the open form shows are the same choice.
  const form = (snapshot.children.eventForm as ActorRefFrom<typeof eventFormMachine>).getSnapshot();
  expect(form.context.values.customerId).toBe(snapshot.context.formValues.customerId);
  const chosen = form.context.values.customerId ?? '';
  actor.stop();
  return chosen;
}

describe('Edit Event: the Existing customer choice', () => {
  it('is the stored customer the event’s details are, not "New customer"', () => {
    expect(open(1)).toBe('c1');
    expect(open(2)).toBe('c2');
  });

  it('is the linked customer; stays new for a clash, an unknown customer or none', () => {
    expect(open(3)).toBe('c1');
    expect(open(4)).toBe('');
    expect(open(5)).toBe('');
    expect(open(6)).toBe('');
    expect(open(1, [])).toBe('');
  });

  it('uses the customers’ kept index: a second open indexes no customer again', () => {
    const customers = [ada, bo];
    const add = vi.spyOn(CustomerIndex.prototype, 'add');
    expect(open(1, customers)).toBe('c1');
    const first = add.mock.calls.length;
    expect(first).toBeLessThanOrEqual(customers.length);
    expect(open(2, customers)).toBe('c2');
    expect(add.mock.calls.length).toBe(first);
  });
});
