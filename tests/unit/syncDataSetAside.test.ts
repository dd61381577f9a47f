// @vitest-environment jsdom
/**
 * What storage could not read (set aside for the Recovered data screen) is unknown here, not deleted
 * (src/storage/syncData.ts `unknownHere`, src/sync/engine.ts): sync sends no tombstone for it, so no
 * device loses the account's copy, and a pulled version takes its place.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readSyncSnapshot } from '../../src/storage/syncData';
import { listRecovered } from '../../src/storage/recovered';
import { applyPulled, emptySyncState, hashRecord, recordChanges, type SyncState } from '../../src/sync/engine';
import { businessProfileFixture } from '../support/syncFixtures';

const newId = () => 'id';
const profile = businessProfileFixture;
const supplier = (id: string) => ({
  supplierID: id,
  supplierName: `Supplier ${id}`,
  email: '',
  phone: '',
  contractStatus: 'active',
  startDate: '2026-01-01',
  endDate: '2027-01-01',
});
/** A state that agreed these records with the account (as the last sync left them). */
function agreed(records: Record<string, object>): SyncState {
  const shadow: SyncState['shadow'] = {};
  for (const [key, record] of Object.entries(records)) shadow[key] = { rev: 1, hash: hashRecord(record) };
  return { ...emptySyncState(), device: 'on', shadow };
}

beforeEach(() => localStorage.clear());

describe('records set aside here are not sent as deletes', () => {
  it('an unreadable business profile: no tombstone, and the account’s version is written in its place', () => {
    const state = agreed({ 'businessProfile|value': { value: profile } });
    localStorage.setItem('businessProfile', '{"businessName": 42');
    const snapshot = readSyncSnapshot();
    expect(snapshot.has('businessProfile')).toBe(false);
    expect([...(snapshot.unknownHere ?? [])]).toContain('businessProfile');
    expect(recordChanges(state, snapshot, newId).outbox).toEqual({});
    const theirs = { value: { ...profile, businessName: 'Captain Catering Ltd' } };
    const pulled = applyPulled(state, snapshot, [
      { collection: 'businessProfile', record_id: 'value', rev: 2, record: theirs, deleted: false },
    ]);
    expect(pulled.state.conflicts).toEqual({});
    expect(pulled.writes).toEqual([{ collection: 'businessProfile', record_id: 'value', record: theirs }]);
  });

  it('a record of a collection set aside (kept on the Recovered data screen): no tombstone for it', () => {
    const state = agreed({ 'suppliers|S1': supplier('S1'), 'suppliers|S2': supplier('S2') });
    localStorage.setItem(
      'suppliers',
      JSON.stringify([supplier('S1'), { ...supplier('S2'), supplierName: { not: 'a name' } }]),
    );
    const snapshot = readSyncSnapshot();
    expect([...snapshot.get('suppliers')!.keys()]).toEqual(['S1']);
    expect(listRecovered().map((e) => e.key)).toEqual(['suppliers']);
    expect(recordChanges(state, snapshot, newId).outbox).toEqual({});
    // Saved again here without it (the record stays set aside): still no tombstone.
    localStorage.setItem('suppliers', JSON.stringify([supplier('S1')]));
    expect(recordChanges(state, readSyncSnapshot(), newId).outbox).toEqual({});
    // Discarded on the Recovered data screen: now the delete is the user's, and it is sent.
    for (const key of Object.keys(localStorage)) if (key.startsWith('recovered:')) localStorage.removeItem(key);
    expect(recordChanges(state, readSyncSnapshot(), newId).outbox['suppliers|S2']).toMatchObject({ deleted: true });
  });

  it('an unreadable discount is not sent as 0, nor its absence as a delete', () => {
    const state = agreed({ '4-discountPercentage|value': { value: 10 } });
    localStorage.setItem('4-discountPercentage', 'ten');
    const snapshot = readSyncSnapshot();
    expect(snapshot.has('4-discountPercentage')).toBe(false);
    expect(recordChanges(state, snapshot, newId).outbox).toEqual({});
  });

  it('unreadable customers, issued documents or number counts are not sent as deletes', () => {
    const customer = { id: 'C1', firstName: 'Ada', lastName: 'Hart', email: 'ada@example.com', phone: '' };
    const state = agreed({ 'customers|C1': customer, 'documentNumbers|invoice-2026': { id: 'invoice-2026' } });
    localStorage.setItem('customers', '[{"id": "C1"');
    localStorage.setItem('documentNumbers', '"many"');
    const snapshot = readSyncSnapshot();
    expect([...(snapshot.unknownHere ?? [])]).toEqual(expect.arrayContaining(['customers', 'documentNumbers']));
    expect(recordChanges(state, snapshot, newId).outbox).toEqual({});
  });

  it('unreadable deleted-event ids do not bring deleted events back elsewhere', () => {
    const state = agreed({ 'deletedEventIds|4': { id: 4 } });
    localStorage.setItem('deletedEventIds', '[4, "x"');
    expect(recordChanges(state, readSyncSnapshot(), newId).outbox).toEqual({});
  });
});

describe('a set-aside record with a known id', () => {
  const event = (id: number, name: unknown = `Event ${id}`) => ({
    id,
    EventName: name,
    CustomerFirstName: 'Ada',
    CustomerLastName: 'Hart',
    CustomerPhoneNumber: '555',
    CustomerEmail: 'ada@example.com',
    EventType: 'Gala',
    NumberOfGuests: 40,
    EventDate: '2027-01-01',
    StartTime: '18:00',
    EndTime: '22:00',
    VenueName: 'Hall',
    VenueStreetAddress: '1 Main St',
    VenueCity: 'Halifax',
    ingredients: [],
  });

  it('holds back the tombstone of that record only: a real delete of another event is sent', () => {
    // Event 8 cannot be read (set aside); event 9 was deleted here.
    localStorage.setItem('events', JSON.stringify([event(7), event(8, { not: 'a name' })]));
    const snapshot = readSyncSnapshot();
    const state = agreed({ 'events|7': snapshot.get('events')!.get('7')!, 'events|8': event(8), 'events|9': event(9) });
    expect([...(snapshot.unknownHere ?? [])]).toEqual(['events|8']);
    const outbox = recordChanges(state, snapshot, newId).outbox;
    expect(Object.keys(outbox)).toEqual(['events|9']);
    expect(outbox['events|9']).toMatchObject({ deleted: true });
  });
});

describe('which set-aside entries hold sync back, and how much', () => {
  const entry = (key: string, index: unknown, id: unknown) =>
    JSON.stringify({ key, time: 1, reason: 'unreadable', text: '{}', index, id });
  const unknownHere = () => [...(readSyncSnapshot().unknownHere ?? [])].sort();

  it('a set-aside record of a collection whose records have an id field holds back that record only', () => {
    localStorage.setItem('recovered:inventoryItems:t1', entry('inventoryItems', 0, 'I1'));
    localStorage.setItem('recovered:employees:t1', entry('employees', 2, 'E1'));
    localStorage.setItem('recovered:selectedItems:t1', entry('selectedItems', 1, 'S1'));
    localStorage.setItem('recovered:events:t1', entry('events', 0, '12'));
    localStorage.setItem('recovered:staffList-12:t1', entry('staffList-12', 0, 'A1'));
    expect(unknownHere()).toEqual([
      'employees|E1',
      'events|12',
      'inventoryItems|I1',
      'selectedItems|S1',
      'staffList-12|A1',
    ]);
  });

  it('the whole key when the entry is not a record with a text id (as the Recovered data screen reads it), or its records have no id field', () => {
    localStorage.setItem('recovered:inventoryItems:t2', entry('inventoryItems', null, null));
    localStorage.setItem('recovered:employees:t2', entry('employees', '2', 'E1'));
    localStorage.setItem('recovered:events:t2', entry('events', 0, 12));
    localStorage.setItem('recovered:selectedItems:t2', '{"key": "selectedItems"');
    localStorage.setItem('recovered:ingredientList-4:t2', entry('ingredientList-4', 0, 'L1'));
    localStorage.setItem('recovered:suppliers:t2', entry('suppliers', 0, 'S1'));
    expect(unknownHere()).toEqual([
      'employees',
      'events',
      'ingredientList-4',
      'inventoryItems',
      'selectedItems',
      'suppliers',
    ]);
  });

  it('an earlier build’s backup of a synced key holds the whole key back; other keys hold nothing back', () => {
    // Its text is the whole value, even when it looks like a set-aside record's entry.
    localStorage.setItem('events.corrupt.1700000000000', '{"index": 0, "id": "5"}');
    localStorage.setItem('4-discountPercentage.corrupt.1700000000000', 'ten');
    // Not synced, not the account's, or not a set-aside entry at all.
    localStorage.setItem('colorMode.corrupt.1700000000000', 'blue');
    localStorage.setItem('recovered:colorMode:t3', entry('colorMode', null, null));
    localStorage.setItem('dataOwner', 'user-1');
    localStorage.setItem('account:user-2:recovered:events:t3', entry('events', 0, '5'));
    localStorage.setItem('account:user-2:suppliers.corrupt.1', '[');
    localStorage.setItem('another-site', 'recovered:events');
    expect(unknownHere()).toEqual(['4-discountPercentage', 'events']);
  });
});
