// @vitest-environment jsdom
/**
 * Issue 23: a Tool Kit's Staff tool gets the other events' shifts from a kept index
 * (src/app/staff/otherShifts.ts) instead of reading the 2,000 events' staff lists on every open, twice.
 * The answers must stay those of reading every list now, whatever changed in between: another tab's
 * staff change, this tab's Tool Kit closing (which announces its list), a restore (every key), a schedule.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { placeShifts, sameSchedules } from '../../src/domain/staff';
import type { CateringEvent } from '../../src/storage';

const event = (id: number, EventDate = '2026-12-05', StartTime = '17:00', EndTime = '23:00') =>
  ({ id, EventName: `Event ${id}`, EventDate, StartTime, EndTime }) as CateringEvent;
const assignment = (id: string, employeeId = 'E1', shiftStart = '17:00', shiftEnd = '23:00') => ({
  id,
  employeeId,
  name: 'Ada',
  role: 'Server',
  shiftStart,
  shiftEnd,
});
const store = (eventId: number, list: object[]) => localStorage.setItem(`staffList-${eventId}`, JSON.stringify(list));
/** What the Staff tool read before: every other event's list, now. */
const readNow = async (events: CateringEvent[], eventId: number) => {
  const { readStaffLists } = await import('../../src/storage/staffLists');
  const others = events.filter((e) => e.id !== eventId);
  return placeShifts(others, readStaffLists(others.map((e) => e.id)));
};
const staffReads = () =>
  vi.mocked(Storage.prototype.getItem).mock.calls.filter(([key]) => String(key).startsWith('staffList-')).length;

beforeEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.resetModules(); // a fresh index for each test
});

describe('the other events’ shifts, kept between Tool Kit opens', () => {
  const events = Array.from({ length: 50 }, (_, n) =>
    event(50 - n, `2026-12-${String((n % 28) + 1).padStart(2, '0')}`),
  );

  it('answers what reading every other list answers, and a second open reads no staff list again', async () => {
    store(10, [assignment('A1')]);
    store(20, [assignment('A2', 'E2'), assignment('A3', 'E1', '18:00', '02:00')]);
    store(30, [assignment('A4')]);
    const { otherShifts } = await import('../../src/app/staff/otherShifts');
    vi.spyOn(Storage.prototype, 'getItem');
    expect(otherShifts(events, 20)).toEqual(await readNow(events, 20));
    const reads = staffReads();
    expect(reads).toBeGreaterThanOrEqual(50);
    vi.mocked(Storage.prototype.getItem).mockClear();
    expect(otherShifts(events, 10)).toEqual(await readNow(events, 10));
    vi.mocked(Storage.prototype.getItem).mockClear();
    // The same open again: the same array (nothing is sent to the Staff tool).
    expect(otherShifts(events, 10)).toBe(otherShifts(events, 10));
    expect(staffReads()).toBe(0);
  });

  it('another tab’s change to one list: that list alone is read again', async () => {
    store(10, [assignment('A1')]);
    const { otherShifts } = await import('../../src/app/staff/otherShifts');
    otherShifts(events, 20);
    store(30, [assignment('B1', 'E9')]);
    window.dispatchEvent(new StorageEvent('storage', { key: 'staffList-30' }));
    vi.spyOn(Storage.prototype, 'getItem');
    const after = otherShifts(events, 20);
    expect(after).toEqual(await readNow(events, 20));
    expect(after.map((s) => s.assignmentId)).toEqual(['B1', 'A1']);
    const read = vi
      .mocked(Storage.prototype.getItem)
      .mock.calls.map(([key]) => key)
      .filter((k) => k !== null);
    expect(read.filter((k) => String(k).startsWith('staffList-'))).toEqual(expect.arrayContaining(['staffList-30']));
  });

  it('this tab’s Tool Kit closing (it announces its list) and a list emptied elsewhere are seen', async () => {
    store(10, [assignment('A1')]);
    store(30, [assignment('A4')]);
    const { otherShifts } = await import('../../src/app/staff/otherShifts');
    const { announceLocalChange } = await import('../../src/storage');
    expect(otherShifts(events, 20)).toHaveLength(2);
    store(10, [assignment('A1'), assignment('A5', 'E5')]);
    announceLocalChange('staffList-10');
    expect(otherShifts(events, 20)).toEqual(await readNow(events, 20));
    localStorage.removeItem('staffList-30');
    window.dispatchEvent(new StorageEvent('storage', { key: 'staffList-30' }));
    expect(otherShifts(events, 20).map((s) => s.assignmentId)).toEqual(['A1', 'A5']);
  });

  it('every key changed at once (a restore, an account switch) or a schedule changed: everything is read again', async () => {
    store(10, [assignment('A1')]);
    const { otherShifts } = await import('../../src/app/staff/otherShifts');
    otherShifts(events, 20);
    store(40, [assignment('R1')]);
    store(10, []);
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(otherShifts(events, 20)).toEqual(await readNow(events, 20));
    // Event 40 moved to another day: its shift moves with it (nothing about the staff lists changed).
    const moved = events.map((e) => (e.id === 40 ? { ...e, EventDate: '2027-01-09', StartTime: '09:00' } : e));
    const after = otherShifts(moved, 20);
    expect(after).toEqual(await readNow(moved, 20));
    expect(after[0]!.interval).not.toEqual((await readNow(events, 20))[0]!.interval);
  });

  /**
   * Account A's index is kept; account B (events with the same ids and schedules, e.g. both started from the
   * sample data) signs in in this tab by `switchTo`; the answer after is B's lists, as reading them now.
   */
  const afterSwitch = async (switchTo: (bind: (userId: string) => unknown) => void) => {
    const { bindDataSet } = await import('../../src/storage/accounts');
    expect(bindDataSet('owner-a', localStorage)).toMatchObject({ ok: true });
    store(10, [assignment('A1')]);
    const { otherShifts } = await import('../../src/app/staff/otherShifts');
    expect(otherShifts(events, 20).map((s) => s.assignmentId)).toEqual(['A1']);
    localStorage.setItem('account:owner-b:staffList-30', JSON.stringify([assignment('B1', 'E9')]));
    switchTo((userId) => expect(bindDataSet(userId, localStorage)).toMatchObject({ ok: true, change: 'switched' }));
    const after = otherShifts(events, 20);
    expect(after).toEqual(await readNow(events, 20));
    expect(after.map((s) => s.assignmentId)).toEqual(['B1']);
  };

  it('an account switch in this tab (sign out, sign in as another): the new account’s lists, not the kept ones', () =>
    afterSwitch((bind) => bind('owner-b')));

  it('an account switch whose announcement never reached this index: still the new account’s lists (it keeps whose lists it holds)', () =>
    afterSwitch((bind) => {
      // No announcement: the switch dispatches its key-null storage event only where StorageEvent exists.
      vi.stubGlobal('StorageEvent', undefined);
      try {
        bind('owner-b');
      } finally {
        vi.unstubAllGlobals();
      }
    }));

  it('an event added or deleted changes the schedules (read again); a note changed elsewhere does not', () => {
    const noted = events.map((e) =>
      e.id === 30 ? ({ ...e, notes: [{ id: 'N1', notes: 'Bring ice' }] } as CateringEvent) : e,
    );
    expect(sameSchedules(events, noted)).toBe(true);
    expect(sameSchedules(events, events.slice(1))).toBe(false);
    expect(sameSchedules(events, [event(99), ...events.slice(1)])).toBe(false);
    expect(
      sameSchedules(
        events,
        events.map((e) => (e.id === 30 ? { ...e, EventName: 'Renamed' } : e)),
      ),
    ).toBe(false);
    expect(
      sameSchedules(
        events,
        events.map((e) => (e.id === 30 ? { ...e, EndTime: '23:30' } : e)),
      ),
    ).toBe(false);
  });
});
