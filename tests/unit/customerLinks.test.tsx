// @vitest-environment jsdom
/**
 * Issue 23: the event cards' customer links share one customers list (useCustomerIdOf). A quick filter
 * or a search that shows other cards unmounts every card and mounts the new ones in the same commit:
 * the shared list must survive that, not be let go and derived again from every event (which read the
 * events key, derived their customers and rendered every new card twice). Leaving the page still lets it go.
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCustomerIdOf } from '../../src/app/customers/useCustomers';
import { blankEventForm, formToEvent } from '../../src/domain/events';
import type { CateringEvent } from '../../src/storage/schemas';

const event = (id: number): CateringEvent =>
  formToEvent({
    ...blankEventForm(),
    id,
    EventName: `Event ${id}`,
    NumberOfGuests: '5',
    EventDate: '2026-12-01',
    CustomerFirstName: `First${id}`,
    CustomerLastName: 'Last',
    CustomerEmail: `c${id}@example.com`,
  });
const events = Array.from({ length: 40 }, (_, n) => event(n + 1));

function Link({ event }: { event: CateringEvent }) {
  const id = useCustomerIdOf(event);
  return <span data-testid="link">{id ?? ''}</span>;
}
const Cards = ({ shown }: { shown: CateringEvent[] }) => (
  <>
    {shown.map((e) => (
      <Link key={e.id} event={e} />
    ))}
  </>
);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the cards’ customer links', () => {
  it('other cards shown in place of every card: the customers are not worked out again', async () => {
    localStorage.setItem('events', JSON.stringify(events));
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const eventsReads = () => getItem.mock.calls.filter(([key]) => key === 'events').length;
    const view = render(<Cards shown={events.slice(0, 10)} />);
    const links = () => view.getAllByTestId('link').map((l) => l.textContent);
    const first = links();
    expect(first.every(Boolean)).toBe(true);
    const reads = eventsReads();
    // Every card replaced (the filter shows events 21 to 30 now).
    await act(async () => view.rerender(<Cards shown={events.slice(20, 30)} />));
    expect(eventsReads()).toBe(reads);
    expect(links().every(Boolean)).toBe(true);
    expect(new Set([...first, ...links()]).size).toBe(20);
    // No card left (the page left): let go, and read afresh when cards come back.
    await act(async () => view.rerender(<Cards shown={[]} />));
    await act(async () => view.rerender(<Cards shown={events.slice(0, 2)} />));
    expect(eventsReads()).toBeGreaterThan(reads);
  });
});
