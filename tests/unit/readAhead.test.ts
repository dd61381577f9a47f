// @vitest-environment jsdom
/**
 * Issue 23: a page's big lists are read ahead of its first render, in background slices (src/app/readAhead.ts):
 * the Dashboard's (src/app/dashboard/prepareDashboard.ts), the events page's, an event's sheet's, quote's and
 * invoice's (src/app/prepareLists.ts). The render then decodes none of them, and a click before it
 * waits for one slice, not for the whole read. What the page shows is what reading now shows (another tab's
 * change included), and a page whose background turns never come still opens.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inventoryItemFixture, employeeFixture } from '../support/recordFixtures';

const item = inventoryItemFixture;
const supplier = (id: string) => ({
  supplierID: id,
  supplierName: `Supplier ${id}`,
  email: `${id}@example.com`,
  phone: '555-0100',
  contractStatus: 'active',
  startDate: '2026-01-01',
  endDate: '2027-01-01',
});
const employee = employeeFixture;
const event = (id: number) => ({
  id,
  EventName: `Event ${id}`,
  CustomerFirstName: 'Ann',
  CustomerLastName: 'Keel',
  CustomerPhoneNumber: '555-0100',
  CustomerEmail: 'ann@example.com',
  EventType: 'Wedding',
  NumberOfGuests: 80,
  EventDate: '2026-12-05',
  StartTime: '17:00',
  EndTime: '23:00',
  VenueName: 'Hall',
  VenueStreetAddress: '1 Main St',
  VenueCity: 'Halifax',
  ingredients: [],
});
const line = (eventId: number, k: number) => ({
  lineId: `L-${eventId}-${k}`,
  id: `I${k}`,
  name: `Item I${k}`,
  category: 'Dry Storage',
  supplierName: 'Mill Co',
  costPerUnit: 12.5,
  amountPerUnit: 10,
  unit: 'kg',
  packageType: 'bag',
  quantity: 2,
});

const EVENTS = 40;
function store() {
  localStorage.setItem('events', JSON.stringify(Array.from({ length: EVENTS }, (_, n) => event(EVENTS - n))));
  localStorage.setItem('inventoryItems', JSON.stringify(Array.from({ length: 300 }, (_, n) => item(`I${n}`))));
  localStorage.setItem('suppliers', JSON.stringify([supplier('S1'), supplier('S2')]));
  localStorage.setItem('employees', JSON.stringify([employee('E1')]));
  localStorage.setItem('selectedItems', JSON.stringify([{ id: 'I1', orderPlaced: true }]));
  for (let id = 1; id <= EVENTS; id++)
    localStorage.setItem(`ingredientList-${id}`, JSON.stringify([line(id, 1), line(id, 2)]));
}

beforeEach(() => {
  localStorage.clear();
  vi.resetModules(); // fresh collections (nothing read yet)
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('prepareDashboard', () => {
  it('reads every list the Dashboard shows in slices: the render then decodes none of them', async () => {
    store();
    const { prepareDashboard } = await import('../../src/app/dashboard/prepareDashboard');
    const storage = await import('../../src/storage');
    // A clock that moves 1 ms at each look, whatever the machine's speed.
    let now = 0;
    const slices: number[] = [];
    let sliceStart = 0;
    await prepareDashboard({
      now: () => now++,
      pause: async () => {
        slices.push(now - sliceStart);
        sliceStart = now;
      },
    });
    // Several slices of a few looks at the clock each, not one long task.
    expect(slices.length).toBeGreaterThan(5);
    expect(Math.max(...slices)).toBeLessThanOrEqual(12);

    const parse = vi.spyOn(JSON, 'parse');
    expect(storage.eventsStore.read()).toHaveLength(EVENTS);
    expect(storage.inventoryItemsStore.read()).toHaveLength(300);
    expect(storage.suppliersStore.read().map((s) => s.supplierID)).toEqual(['S1', 'S2']);
    expect(storage.employeesStore.read().map((e) => e.id)).toEqual(['E1']);
    expect(storage.selectedItemsStore.read()).toEqual([{ id: 'I1', orderPlaced: true }]);
    for (let id = 1; id <= EVENTS; id++)
      expect(
        storage
          .ingredientListStore(id)
          .read()
          .map((l) => l.lineId),
      ).toEqual([`L-${id}-1`, `L-${id}-2`]);
    expect(parse).not.toHaveBeenCalled();
  });

  it('another tab’s change after the read ahead is what the page reads', async () => {
    store();
    const { prepareDashboard } = await import('../../src/app/dashboard/prepareDashboard');
    const storage = await import('../../src/storage');
    await prepareDashboard({ pause: async () => {} });
    localStorage.setItem('inventoryItems', JSON.stringify([item('I1', 40)]));
    localStorage.setItem('ingredientList-3', JSON.stringify([line(3, 9)]));
    expect(storage.inventoryItemsStore.read()).toEqual([item('I1', 40)]);
    expect(
      storage
        .ingredientListStore(3)
        .read()
        .map((l) => l.lineId),
    ).toEqual(['L-3-9']);
  });

  it('a page whose background turns never come opens anyway: after 250 ms the slices go on at normal priority', async () => {
    store();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { prepareDashboard } = await import('../../src/app/dashboard/prepareDashboard');
    let now = 0;
    let hurried = 0;
    let done = false;
    const prepared = prepareDashboard({
      now: () => now++,
      pause: () => new Promise<void>(() => {}), // the page is never idle enough
      hurry: async () => void hurried++,
    }).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(249);
    expect(done).toBe(false);
    expect(hurried).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await prepared;
    expect(hurried).toBeGreaterThan(5);
  });

  it('an unreadable list does not stop it: the page reads it as it always does', async () => {
    store();
    localStorage.setItem('suppliers', '{not json');
    const { prepareDashboard } = await import('../../src/app/dashboard/prepareDashboard');
    const storage = await import('../../src/storage');
    await expect(prepareDashboard({ pause: async () => {} })).resolves.toBeUndefined();
    expect(storage.suppliersStore.read()).toEqual([]);
    expect(storage.employeesStore.read().map((e) => e.id)).toEqual(['E1']);
    expect(storage.ingredientListStore(EVENTS).read()).toHaveLength(2);
  });
});

describe('the events page, an event’s sheet, its quote and invoice (src/app/prepareLists.ts)', () => {
  it('the sheet’s first render then decodes none of the events, employees or items; the events page’s none of the events', async () => {
    store();
    const { prepareEventSheet, prepareEvents } = await import('../../src/app/prepareLists');
    const storage = await import('../../src/storage');
    let now = 0;
    let pauses = 0;
    await prepareEventSheet({ now: () => now++, pause: async () => void pauses++ });
    expect(pauses).toBeGreaterThan(1);
    const parse = vi.spyOn(JSON, 'parse');
    expect(storage.eventsStore.read()).toHaveLength(EVENTS);
    expect(storage.employeesStore.read().map((e) => e.id)).toEqual(['E1']);
    expect(storage.inventoryItemsStore.read()).toHaveLength(300);
    expect(parse).not.toHaveBeenCalled();

    // Another tab saves the events: the events page's read ahead reads the new text, and its render decodes nothing.
    localStorage.setItem('events', JSON.stringify([event(7)]));
    parse.mockClear();
    await prepareEvents({ pause: async () => {} });
    expect(parse).toHaveBeenCalledTimes(1);
    expect(storage.eventsStore.read().map((e) => e.id)).toEqual([7]);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('the inventory page then decodes neither the items nor the suppliers; the customers’ pages neither the events nor the employees', async () => {
    store();
    const { prepareInventory, prepareCustomers } = await import('../../src/app/prepareLists');
    const storage = await import('../../src/storage');
    await prepareInventory({ pause: async () => {} });
    await prepareCustomers({ pause: async () => {} });
    const parse = vi.spyOn(JSON, 'parse');
    expect(storage.inventoryItemsStore.read()).toHaveLength(300);
    expect(storage.suppliersStore.read().map((s) => s.supplierID)).toEqual(['S1', 'S2']);
    expect(storage.eventsStore.read()).toHaveLength(EVENTS);
    expect(storage.employeesStore.read().map((e) => e.id)).toEqual(['E1']);
    expect(parse).not.toHaveBeenCalled();
  });

  it('the employees’ page then decodes neither the employees nor the events; the suppliers’ page not the suppliers', async () => {
    store();
    const { prepareEmployees, prepareSuppliers } = await import('../../src/app/prepareLists');
    const storage = await import('../../src/storage');
    await prepareEmployees({ pause: async () => {} });
    await prepareSuppliers({ pause: async () => {} });
    const parse = vi.spyOn(JSON, 'parse');
    expect(storage.employeesStore.read().map((e) => e.id)).toEqual(['E1']);
    expect(storage.eventsStore.read()).toHaveLength(EVENTS);
    expect(storage.suppliersStore.read().map((s) => s.supplierID)).toEqual(['S1', 'S2']);
    expect(parse).not.toHaveBeenCalled();
  });
});
