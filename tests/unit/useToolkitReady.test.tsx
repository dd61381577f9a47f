// @vitest-environment jsdom
/**
 * Issue 23: the events page reads what a Tool Kit's first open needs when it is idle, in slices
 * (src/app/toolkit/useToolkitReady.ts): the inventory and the employees read and checked, the other
 * events' shifts worked out. The open then decodes none of it and reads no staff list, and what it shows
 * is what reading now shows (another tab's change included).
 */
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventsRef } from '../../src/app/events/useEventsActor';
import type { CateringEvent } from '../../src/storage';
import { inventoryItemFixture, employeeFixture } from '../support/recordFixtures';

const item = inventoryItemFixture;
const employee = employeeFixture;
const event = (id: number) =>
  ({ id, EventName: `Event ${id}`, EventDate: '2026-12-05', StartTime: '17:00', EndTime: '23:00' }) as CateringEvent;
const events = Array.from({ length: 30 }, (_, n) => event(30 - n));
const customers = [{ id: 'c1', firstName: 'Ann', lastName: 'Keel', email: 'ann@example.com', phone: '' }];
const eventsRef = { getSnapshot: () => ({ context: { events, customers } }) } as unknown as EventsRef;

/** The browser's idle callbacks, run by the test: each gets 50 ms (the most a browser gives). */
let idle: Array<{ handle: number; run: (deadline: IdleDeadline) => void }> = [];
let slices = 0;
const runIdle = () => {
  for (let guard = 0; idle.length && guard < 1000; guard++) {
    const next = idle.shift()!;
    slices++;
    next.run({ didTimeout: false, timeRemaining: () => 50 });
  }
};

beforeEach(() => {
  localStorage.clear();
  vi.resetModules(); // fresh collections and a fresh shifts index
  idle = [];
  slices = 0;
  let handles = 0;
  window.requestIdleCallback = (run) => {
    idle.push({ handle: ++handles, run });
    return handles;
  };
  window.cancelIdleCallback = (handle) => void (idle = idle.filter((c) => c.handle !== handle));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useToolkitReady', () => {
  it('reads the inventory, the employees and the shifts when idle: the open then decodes none of them', async () => {
    localStorage.setItem('inventoryItems', JSON.stringify(Array.from({ length: 400 }, (_, n) => item(`I${n}`))));
    localStorage.setItem('employees', JSON.stringify([employee('E1'), employee('E2')]));
    localStorage.setItem(
      'staffList-10',
      JSON.stringify([
        { id: 'A1', employeeId: 'E1', name: 'Ada', role: 'Server', shiftStart: '17:00', shiftEnd: '23:00' },
      ]),
    );
    const { useToolkitReady } = await import('../../src/app/toolkit/useToolkitReady');
    const { inventoryItemsStore, employeesStore } = await import('../../src/storage');
    const { otherShifts } = await import('../../src/app/staff/otherShifts');
    renderHook(() => useToolkitReady(eventsRef));
    // Nothing inside the render: all of it waits for the page to be idle.
    expect(idle).toHaveLength(1);
    // A clock that moves 1 ms at each look, whatever the machine's speed (on a fast one, 400 items took
    // less than one slice's 6 ms and the test saw one slice).
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now++);
    runIdle();
    clock.mockRestore();
    // Several slices (each at most a few ms), not one long task.
    expect(slices).toBeGreaterThan(1);

    const parse = vi.spyOn(JSON, 'parse');
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    expect(inventoryItemsStore.read()).toHaveLength(400);
    expect(employeesStore.read().map((e) => e.id)).toEqual(['E1', 'E2']);
    expect(otherShifts(events, 20).map((s) => s.assignmentId)).toEqual(['A1']);
    expect(parse).not.toHaveBeenCalled();
    expect(getItem.mock.calls.filter(([key]) => String(key).startsWith('staffList-'))).toHaveLength(0);
  });

  it('then works out the customers’ index the Edit Event save checks with, in an idle callback of its own', async () => {
    const prepared = vi.fn();
    vi.doMock('../../src/domain/customers', async (original) => ({
      ...(await original<typeof import('../../src/domain/customers')>()),
      prepareCustomerIndex: prepared,
    }));
    const { useToolkitReady } = await import('../../src/app/toolkit/useToolkitReady');
    renderHook(() => useToolkitReady(eventsRef));
    expect(prepared).not.toHaveBeenCalled();
    runIdle();
    expect(prepared.mock.calls).toEqual([[customers]]);
    expect(idle).toHaveLength(0);
    vi.doUnmock('../../src/domain/customers');
  });

  it('another tab’s change after the idle read is what the open reads', async () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item('1'), item('2')]));
    const { useToolkitReady } = await import('../../src/app/toolkit/useToolkitReady');
    const { inventoryItemsStore } = await import('../../src/storage');
    renderHook(() => useToolkitReady(eventsRef));
    runIdle();
    localStorage.setItem('inventoryItems', JSON.stringify([item('1', 40)]));
    expect(inventoryItemsStore.read()).toEqual([item('1', 40)]);
  });

  it('leaving the page stops it', async () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item('1')]));
    const { useToolkitReady } = await import('../../src/app/toolkit/useToolkitReady');
    const { unmount } = renderHook(() => useToolkitReady(eventsRef));
    expect(idle).toHaveLength(1);
    unmount();
    expect(idle).toHaveLength(0);
  });
});
