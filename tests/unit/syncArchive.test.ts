/**
 * Events kept only in the account (issue 24 part 7, src/sync/archive.ts): which events a device may
 * let go, that letting them go is never sent as a delete, that the account's later changes keep them
 * up to date without bringing them back, and that opening one fetches it.
 */
import { describe, expect, it } from 'vitest';
import { archiveOld, bringBack, fetchEvent, pullChanges, pushChanges, type ArchiveRule } from '../../src/sync/cycle';
import { applyPulled, emptySyncState, recordChanges, type SyncState } from '../../src/sync/engine';
import { awayEventIds, cutoffOf, keepMonthsOf, markAway, selectEvictions } from '../../src/sync/archive';
import { eventHoldings, keepMonthWords } from '../../src/machines/sync/sync.connect';
import { FakeDevice, FakeSyncServer, testId } from '../support/fakeSyncServer';

const TODAY = '2026-11-26';
const rule = (keep: number[] = []): ArchiveRule => ({ today: () => TODAY, keep: (id) => keep.includes(id) });
const sync = async (device: FakeDevice, server: FakeSyncServer, r?: ArchiveRule) => {
  await pullChanges(device, server.remote(), testId, r);
  return pushChanges(device, server.remote(), testId, r);
};
const event = (id: number, date: string, extra: Record<string, unknown> = {}) => ({
  id,
  EventName: `Event ${id}`,
  CustomerFirstName: 'Ada',
  CustomerLastName: 'Hart',
  NumberOfGuests: 40,
  EventDate: date,
  ...extra,
});
const line = (lineId: string, quantity = 1) => ({ lineId, id: `INV-${lineId}`, quantity });
const deletesSent = (server: FakeSyncServer) => [...server.rows.values()].filter((r) => r.deleted).length;

/** A device whose events (and their tool data) are all agreed with the account. */
async function syncedDevice() {
  const server = new FakeSyncServer();
  const device = new FakeDevice();
  device.put('events', '5', event(5, '2023-04-01', { status: 'completed' }));
  device.put('events', '6', event(6, '2023-05-01', { status: 'enquiry' }));
  device.put('events', '7', event(7, '2023-06-01', { status: 'cancelled' }));
  device.put('events', '8', event(8, '2024-01-10', { status: 'completed' }));
  device.put('events', '9', event(9, '2026-01-10', { status: 'completed' })); // within 12 months
  device.put('events', '2', event(2, '2022-01-01', { status: 'completed' })); // a built-in sample's id
  device.put('events', '12', event(12, '2022-02-02')); // the highest id
  device.put('ingredientList-5', 'L1', line('L1'));
  device.put('ingredientList-5', 'L2', line('L2'));
  device.put('5-discountPercentage', 'value', { value: 5 });
  device.put('ingredientList-8', 'L3', line('L3'));
  device.put('inventoryItems', 'INV-L1', { id: 'INV-L1', name: 'Flour' });
  await sync(device, server);
  expect(deletesSent(server)).toBe(0);
  return { server, device };
}

describe('the cutoff', () => {
  it('is today less the chosen months (the last day of a shorter month), none for every event', () => {
    expect(cutoffOf(TODAY, 12)).toBe('2025-11-26');
    expect(cutoffOf(TODAY, 3)).toBe('2026-08-26');
    expect(cutoffOf('2026-03-31', 1)).toBe('2026-02-28');
    expect(cutoffOf('2024-03-31', 13)).toBe('2023-02-28');
    expect(cutoffOf('2026-01-15', 1)).toBe('2025-12-15');
    expect(cutoffOf(TODAY, 0)).toBeNull();
    expect(cutoffOf('not a date', 12)).toBeNull();
    expect(keepMonthsOf(emptySyncState())).toBe(12);
    expect(keepMonthsOf({ ...emptySyncState(), keepMonths: 0 })).toBe(0);
    expect(keepMonthsOf({ ...emptySyncState(), keepMonths: -1 })).toBe(12);
  });
});

describe('which events go', () => {
  it('past events dated before the cutoff and agreed with the account, not enquiries, quotes, kept ones or the highest id', async () => {
    const { device } = await syncedDevice();
    const state = recordChanges(device.load(), device.snapshot(), testId);
    const plan = selectEvictions(state, device.snapshot(), { cutoff: cutoffOf(TODAY, 12), keep: (id) => id === 2 });
    expect(plan.eventIds).toEqual([5, 7, 8]);
    expect(plan.keys.sort()).toEqual(
      [
        '5-discountPercentage|value',
        'events|5',
        'events|7',
        'events|8',
        'ingredientList-5|L1',
        'ingredientList-5|L2',
        'ingredientList-8|L3',
      ].sort(),
    );
    // A shorter time keeps fewer; 0 months keeps every event.
    expect(selectEvictions(state, device.snapshot(), { cutoff: '2023-05-15' }).eventIds).toEqual([2, 5]);
    expect(selectEvictions(state, device.snapshot(), { cutoff: null }).eventIds).toEqual([]);
  });

  it('never an event with a change not yet agreed: its record, a line of its ingredient list, or a conflict', async () => {
    const { device } = await syncedDevice();
    device.put('events', '5', event(5, '2023-04-01', { status: 'completed', EventName: 'Renamed' }));
    device.put('ingredientList-8', 'L4', line('L4'));
    device.remove('ingredientList-8', 'L3');
    let state = recordChanges(device.load(), device.snapshot(), testId);
    state = {
      ...state,
      conflicts: {
        '7-taxPercentage|value': {
          key: '7-taxPercentage|value',
          collection: '7-taxPercentage',
          record_id: 'value',
          mine: { value: 1 },
          theirs: { value: 2 },
          theirsRev: 2,
        },
      },
    };
    expect(selectEvictions(state, device.snapshot(), { cutoff: cutoffOf(TODAY, 12) }).eventIds).toEqual([2]);
    // A record here that the state does not know (never synced) holds its event too.
    const bare = selectEvictions(emptySyncState(), device.snapshot(), { cutoff: cutoffOf(TODAY, 12) });
    expect(bare.eventIds).toEqual([]);
  });
});

describe('letting events go', () => {
  it('takes them and their tool data out of the device and sends no delete for them, ever', async () => {
    const { server, device } = await syncedDevice();
    const pushesBefore = server.pushes;
    expect(archiveOld(device, testId, rule([2]))).toBe(3);
    expect(device.evicted).toEqual([[5, 7, 8]]);
    expect([...device.data.get('events')!.keys()].sort()).toEqual(['12', '2', '6', '9']);
    expect(device.data.has('ingredientList-5')).toBe(false);
    expect(device.data.has('5-discountPercentage')).toBe(false);
    expect(device.data.has('ingredientList-8')).toBe(false);
    expect(awayEventIds(device.load())).toEqual([5, 7, 8]);
    // Nothing to send: their absence is not a delete (the crucial point), through reloads too.
    expect(recordChanges(device.load(), device.snapshot(), testId).outbox).toEqual({});
    const reloaded = device.reload();
    const outcome = await sync(reloaded, server, rule([2]));
    expect(outcome.pending).toBe(0);
    expect(server.pushes).toBe(pushesBefore);
    expect(deletesSent(server)).toBe(0);
    expect(server.record('events', '5')).toMatchObject({ EventName: 'Event 5' });
    expect(server.record('ingredientList-5', 'L2')).toMatchObject({ lineId: 'L2' });
    // The rest still syncs as before: a real delete here is sent as a tombstone.
    reloaded.remove('events', '6');
    await sync(reloaded, server, rule([2]));
    expect(server.rows.get('events|6')!.deleted).toBe(true);
    expect(deletesSent(server)).toBe(1);
  });

  it('keeps them up to date from other devices without bringing them back; a delete elsewhere ends it', async () => {
    const { server, device } = await syncedDevice();
    archiveOld(device, testId, rule([2]));
    const other = new FakeDevice();
    await sync(other, server);
    other.put('events', '5', event(5, '2023-04-01', { status: 'completed', EventName: 'Renamed elsewhere' }));
    other.remove('events', '7');
    other.put('ingredientList-8', 'L3', line('L3', 9));
    other.put('ingredientList-8', 'L9', line('L9', 2)); // new to an event kept in the account
    await sync(other, server);
    const writesBefore = device.writes.length;
    await sync(device, server, rule([2]));
    expect(device.writes.length).toBe(writesBefore);
    expect(device.get('events', '5')).toBeUndefined();
    const state: SyncState = device.load();
    expect(state.shadow['events|5']).toMatchObject({ rev: 2, away: true });
    expect(state.shadow['events|7']!.away).toBeUndefined();
    expect(state.conflicts).toEqual({});
    expect(awayEventIds(state)).toEqual([5, 8]);
    expect(server.rows.get('events|5')!.rev).toBe(2);
    expect(device.data.has('ingredientList-8')).toBe(false);
    expect(state.shadow['ingredientList-8|L9']).toMatchObject({ rev: 1, away: true });
    expect(await fetchEvent(device, server.archive(), 8)).toBe(true);
    expect(device.get('ingredientList-8', 'L9')).toMatchObject({ quantity: 2 });
    expect(device.get('ingredientList-8', 'L3')).toMatchObject({ quantity: 9 });
    // Opening it now brings the account's newest version.
    expect(await fetchEvent(device, server.archive(), 5)).toBe(true);
    expect(device.get('events', '5')).toMatchObject({ EventName: 'Renamed elsewhere' });
  });

  it('never lets go of a change not yet sent: it goes once the account has it', async () => {
    const { server, device } = await syncedDevice();
    device.put('ingredientList-5', 'L1', line('L1', 7));
    server.failures.push('offline');
    await expect(sync(device, server, rule([2]))).rejects.toMatchObject({ kind: 'offline' });
    archiveOld(device, testId, rule([2]));
    expect(device.get('ingredientList-5', 'L1')).toMatchObject({ quantity: 7 });
    expect(awayEventIds(device.load())).toEqual([7, 8]);
    await sync(device, server, rule([2]));
    expect(server.record('ingredientList-5', 'L1')).toMatchObject({ quantity: 7 });
    expect(device.get('ingredientList-5', 'L1')).toBeUndefined();
    expect(awayEventIds(device.load())).toEqual([5, 7, 8]);
  });

  it('a device joining a big account keeps only what it needs, page by page, and sends nothing back', async () => {
    const server = new FakeSyncServer();
    const first = new FakeDevice();
    for (let id = 1; id <= 1200; id++)
      first.put('events', String(id), event(id, id <= 1100 ? '2022-06-01' : '2026-10-01', { status: 'completed' }));
    await sync(first, server);
    const pushes = server.pushes;
    const joining = new FakeDevice();
    await sync(joining, server, rule());
    expect(joining.data.get('events')!.size).toBe(100);
    expect(Math.max(...joining.evicted.map((ids) => ids.length))).toBeLessThanOrEqual(500);
    expect(awayEventIds(joining.load())).toHaveLength(1100);
    expect(server.pushes).toBe(pushes);
    expect(deletesSent(server)).toBe(0);
  });
});

describe('opening an event kept in the account', () => {
  it('fetches it with its tool data, keeps it here while open, and it syncs as any record again', async () => {
    const { server, device } = await syncedDevice();
    archiveOld(device, testId, rule([2]));
    expect(await fetchEvent(device, server.archive(), 5)).toBe(true);
    expect(device.get('events', '5')).toMatchObject({ EventName: 'Event 5' });
    expect(device.get('ingredientList-5', 'L2')).toMatchObject({ lineId: 'L2' });
    expect(device.get('5-discountPercentage', 'value')).toEqual({ value: 5 });
    expect(awayEventIds(device.load())).toEqual([7, 8]);
    expect(recordChanges(device.load(), device.snapshot(), testId).outbox).toEqual({});
    // Open now: it stays.
    expect(archiveOld(device, testId, rule([2, 5]))).toBe(0);
    // A change to it is sent as any change; a delete of it as a tombstone.
    device.put('events', '5', event(5, '2023-04-01', { status: 'completed', EventName: 'Edited' }));
    await sync(device, server, rule([2, 5]));
    expect(server.record('events', '5')).toMatchObject({ EventName: 'Edited' });
    device.remove('events', '5');
    await sync(device, server, rule([2, 5]));
    expect(server.rows.get('events|5')!.deleted).toBe(true);
    // One the account no longer has: false, nothing written.
    const writes = device.writes.length;
    expect(await fetchEvent(device, server.archive(), 5)).toBe(false);
    expect(await fetchEvent(device, server.archive(), 404)).toBe(false);
    expect(device.writes.length).toBe(writes);
  });

  it('fails as the network does (offline), changing nothing', async () => {
    const { server, device } = await syncedDevice();
    archiveOld(device, testId, rule([2]));
    const before = device.stored;
    server.failures.push('offline');
    await expect(fetchEvent(device, server.archive(), 5)).rejects.toMatchObject({ kind: 'offline' });
    expect(device.stored).toBe(before);
    expect(device.get('events', '5')).toBeUndefined();
  });
});

describe('the storage section’s words', () => {
  it('counts events and their tool data here (UTF-16 bytes) and in the account, and those kept only there', () => {
    const holdings = eventHoldings(3, 1000, 7, [
      { collection: 'events', records: 10, bytes: 5000 },
      { collection: 'ingredientList-4', records: 2, bytes: 300 },
      { collection: '4-taxPercentage', records: 1, bytes: 20 },
      { collection: 'suppliers', records: 4, bytes: 900 },
    ]);
    expect(holdings).toEqual({
      here: { events: 3, bytes: 2000 },
      account: { events: 10, bytes: 5320 },
      onlyInAccount: 7,
    });
    expect(eventHoldings(0, 0, 0, null).account).toBeNull();
    expect(keepMonthWords(12)).toBe('12 months');
    expect(keepMonthWords(0)).toBe('Every event (keep all here)');
  });
});

describe('only events completed (or cancelled) and owing nothing go (issue 22 status and payments)', () => {
  const paid = (amount: number) => [
    { id: `P-${amount}`, amount, date: '2023-03-01', method: 'Card', note: '', reason: '' },
  ];
  const dinner = { pricing: [{ name: 'Dinner', price: 1000, currency: 'CAD' }] };

  it('keeps an open event, and a completed one whose balance is still owed; lets go of one paid in full', async () => {
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    device.put('events', '20', event(20, '2023-02-01')); // no status: Confirmed, and overdue
    device.put('events', '21', event(21, '2023-02-01', { status: 'confirmed', ...dinner, payments: paid(1130) }));
    device.put('events', '22', event(22, '2023-02-01', { status: 'completed', ...dinner, payments: paid(500) }));
    device.put('22-taxPercentage', 'value', { value: 13 });
    device.put('events', '23', event(23, '2023-02-01', { status: 'completed', ...dinner, payments: paid(1130) }));
    device.put('23-taxPercentage', 'value', { value: 13 });
    device.put('events', '24', event(24, '2023-02-01', { status: 'completed', ...dinner, payments: paid(1000) }));
    device.put('24-taxPercentage', 'value', { value: 13 }); // $1,130 after tax: $130 still owed
    device.put('events', '25', event(25, '2023-02-01', { status: 'cancelled', ...dinner })); // a cancelled one owes nothing
    device.put('events', '99', event(99, '2026-11-01'));
    await sync(device, server);
    const state = recordChanges(device.load(), device.snapshot(), testId);
    const plan = selectEvictions(state, device.snapshot(), { cutoff: cutoffOf(TODAY, 12) });
    expect(plan.eventIds).toEqual([23, 25]);
    expect(archiveOld(device, testId, rule())).toBe(2);
    expect(device.get('events', '22')).toMatchObject({ status: 'completed' });
    expect(device.get('events', '24')).toBeDefined();
    expect(awayEventIds(device.load())).toEqual([23, 25]);
  });
});

describe('a record kept only in the account that is here again', () => {
  /** A device whose events 5, 7 and 8 are kept only in the account, with nothing left to pull. */
  async function letGo() {
    const { server, device } = await syncedDevice();
    archiveOld(device, testId, rule([2]));
    await sync(device, server, rule([2]));
    return { server, device };
  }

  it('not fetched (a restore, an id taken again): sent as new, so the account answers with a conflict, not overwritten', async () => {
    const { server, device } = await letGo();
    expect(awayEventIds(device.load())).toContain(5);
    // A new event takes id 5 here (e.g. after a restore of an older backup).
    device.put('events', '5', event(5, '2026-12-01', { EventName: 'A new party' }));
    const outcome = await sync(device, server, rule([2]));
    expect(server.record('events', '5')).toMatchObject({ EventName: 'Event 5' });
    expect(outcome.conflicts.map((c) => c.key)).toEqual(['events|5']);
    expect(outcome.conflicts[0]).toMatchObject({
      mine: { EventName: 'A new party' },
      theirs: { EventName: 'Event 5' },
    });
  });

  it('here before it is opened from the account: opening it does not make the local one win silently', async () => {
    const { server, device } = await letGo();
    // Another tab's open Edit dialog saves the event this tab let go, then it is opened from the account.
    device.put('events', '5', event(5, '2023-04-01', { status: 'completed', EventName: 'Edited in another tab' }));
    expect(await fetchEvent(device, server.archive(), 5)).toBe(true);
    const outcome = await sync(device, server, rule([2, 5]));
    expect(server.record('events', '5')).toMatchObject({ EventName: 'Event 5' });
    expect(outcome.conflicts.map((c) => c.key)).toEqual(['events|5']);
  });

  it('back unchanged: no longer kept only in the account, so a later delete here is sent', async () => {
    const { server, device } = await letGo();
    device.put('events', '7', event(7, '2023-06-01', { status: 'cancelled' })); // as the account has it
    await sync(device, server, rule([2, 7]));
    expect(device.load().shadow['events|7']!.away).toBeUndefined();
    expect(awayEventIds(device.load())).not.toContain(7);
    device.remove('events', '7');
    await sync(device, server, rule([2, 7]));
    expect(server.rows.get('events|7')!.deleted).toBe(true);
  });
});

describe('events kept only in the account come back', () => {
  it('when the keep time grows past their date, and all of them for "Every event"', async () => {
    const { server, device } = await syncedDevice();
    archiveOld(device, testId, rule([2]));
    expect(awayEventIds(device.load())).toEqual([5, 7, 8]);
    expect(device.load().shadow['events|8']).toMatchObject({ away: true, date: '2024-01-10' });
    // 36 months: the cutoff moves back to 2023-11-26, past event 8's date only.
    device.save({ ...device.load(), keepMonths: 36 });
    expect(await bringBack(device, server.archive(), rule([2]))).toBe(1);
    expect(device.get('events', '8')).toMatchObject({ EventName: 'Event 8' });
    expect(device.get('ingredientList-8', 'L3')).toMatchObject({ lineId: 'L3' });
    expect(awayEventIds(device.load())).toEqual([5, 7]);
    // It stays: nothing to send, nothing let go again.
    expect(archiveOld(device, testId, rule([2]))).toBe(0);
    expect(recordChanges(device.load(), device.snapshot(), testId).outbox).toEqual({});
    device.save({ ...device.load(), keepMonths: 0 });
    expect(await bringBack(device, server.archive(), rule([2]))).toBe(2);
    expect(awayEventIds(device.load())).toEqual([]);
    expect(device.get('events', '5')).toMatchObject({ EventName: 'Event 5' });
    expect(deletesSent(server)).toBe(0);
  });

  it('when a change elsewhere reopens one or moves it later; one that still may go leaves again', async () => {
    const { server, device } = await syncedDevice();
    archiveOld(device, testId, rule([2]));
    const other = new FakeDevice();
    await sync(other, server);
    other.put('events', '5', event(5, '2023-04-01', { status: 'confirmed' })); // reopened
    other.put('events', '7', event(7, '2026-12-24', { status: 'cancelled' })); // moved to the future
    other.put('events', '8', event(8, '2024-01-10', { status: 'completed', EventName: 'Renamed' }));
    await sync(other, server);
    await pullChanges(device, server.remote(), testId, rule([2]));
    expect(device.load().returning).toEqual([5, 7, 8]);
    // A record new to this device (a joining device gets an event before its ingredient list) brings nothing back.
    const away = markAway(recordChanges(device.load(), device.snapshot(), testId), {
      eventIds: [9],
      keys: ['events|9'],
    });
    const late = { collection: 'ingredientList-9', record_id: 'L7', rev: 1, record: line('L7'), deleted: false };
    expect(applyPulled(away, device.snapshot(), [late]).state.returning).toEqual([5, 7, 8]);
    expect(await bringBack(device, server.archive(), rule([2]))).toBe(3);
    expect(device.load().returning).toEqual([]);
    expect(device.get('events', '5')).toMatchObject({ status: 'confirmed' });
    expect(device.get('events', '7')).toMatchObject({ EventDate: '2026-12-24' });
    // Event 8 is still completed long ago and owes nothing: it leaves again, at the account's version.
    await pushChanges(device, server.remote(), testId, rule([2]));
    expect(device.get('events', '8')).toBeUndefined();
    expect(awayEventIds(device.load())).toEqual([8]);
    expect(server.record('events', '8')).toMatchObject({ EventName: 'Renamed' });
    expect(deletesSent(server)).toBe(0);
  });

  it('a failure stops it and changes nothing: the rest come back at a later sync', async () => {
    const { server, device } = await syncedDevice();
    archiveOld(device, testId, rule([2]));
    device.save({ ...device.load(), keepMonths: 0 });
    server.failures.push('offline');
    expect(await bringBack(device, server.archive(), rule([2]))).toBe(0);
    expect(awayEventIds(device.load())).toEqual([5, 7, 8]);
    expect(await bringBack(device, server.archive(), rule([2]), 1)).toBe(1);
    expect(awayEventIds(device.load())).toEqual([5, 7]);
  });
});
