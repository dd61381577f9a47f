// @vitest-environment jsdom
/**
 * This browser's side of sync (src/storage/syncData.ts) for the keys later issues added: the business
 * profile (issue 22) and the staff lists (issue 21) are read as records and written back from a pull.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readSyncSnapshot, writeSyncChanges } from '../../src/storage/syncData';
import { businessProfileFixture } from '../support/syncFixtures';

const profile = businessProfileFixture;
const assignment = { id: 'A1', employeeId: 'E1', name: 'Ana', role: 'Chef', shiftStart: '16:00', shiftEnd: '23:00' };

describe('sync of the business profile and staff lists', () => {
  beforeEach(() => localStorage.clear());

  it('reads the saved profile as the record "value" of businessProfile, and staff by assignment id', () => {
    expect(readSyncSnapshot().has('businessProfile')).toBe(false);
    localStorage.setItem('businessProfile', JSON.stringify(profile));
    localStorage.setItem('staffList-7', JSON.stringify([assignment]));
    const snapshot = readSyncSnapshot();
    expect(snapshot.get('businessProfile')).toEqual(new Map([['value', { value: profile }]]));
    expect([...snapshot.get('staffList-7')!.keys()]).toEqual(['A1']);
  });

  it('writes a pulled profile as the account holds it, and a tombstone removes it', () => {
    writeSyncChanges([{ collection: 'businessProfile', record_id: 'value', record: { value: profile } }]);
    expect(JSON.parse(localStorage.getItem('businessProfile')!)).toEqual(profile);
    writeSyncChanges([{ collection: 'businessProfile', record_id: 'value', record: null }]);
    expect(localStorage.getItem('businessProfile')).toBeNull();
  });

  it('keeps this device’s profile when a pulled one cannot be read', () => {
    localStorage.setItem('businessProfile', JSON.stringify(profile));
    writeSyncChanges([{ collection: 'businessProfile', record_id: 'value', record: { value: 'not a profile' } }]);
    expect(JSON.parse(localStorage.getItem('businessProfile')!)).toEqual(profile);
  });
});

describe('the sync state and the writes of a big sync', () => {
  beforeEach(() => localStorage.clear());

  it('reads the stored state again only when its text changed (another tab wrote it)', async () => {
    const { loadSyncState, saveSyncState } = await import('../../src/storage/syncData');
    const { emptySyncState } = await import('../../src/sync/engine');
    const state = { ...emptySyncState(), device: 'on' as const, cursor: 7 };
    saveSyncState('u-1', state);
    const first = loadSyncState('u-1', emptySyncState);
    expect(first).toMatchObject({ device: 'on', cursor: 7 });
    expect(loadSyncState('u-1', emptySyncState)).toBe(first);
    // Another account's state is its own, even with the same text.
    expect(loadSyncState('u-2', emptySyncState)).toMatchObject({ device: 'undecided', cursor: 0 });
    localStorage.setItem('sync:u-2', localStorage.getItem('sync:u-1')!);
    const other = loadSyncState('u-2', emptySyncState);
    expect(other).toEqual(first);
    expect(other).not.toBe(first);
    // Another tab moved on: the new text is read.
    localStorage.setItem('sync:u-1', JSON.stringify({ ...state, cursor: 9 }));
    const second = loadSyncState('u-1', emptySyncState);
    expect(second).toMatchObject({ cursor: 9 });
    expect(second).not.toBe(first);
    expect(loadSyncState('u-1', emptySyncState)).toBe(second);
    // A state read from storage is kept too; an unreadable one starts afresh.
    localStorage.setItem('sync:u-1', '{"v":1');
    expect(loadSyncState('u-1', emptySyncState)).toMatchObject({ cursor: 0, device: 'undecided' });
  });

  it('puts, removes and puts again many records of one collection by id, in one write', () => {
    const item = (n: number, rev = 1) => ({
      id: `I-${n}`,
      name: `Item ${n}`,
      sku: '',
      category: 'Dry Storage',
      amountPerUnit: 1,
      unit: 'kg',
      packageType: 'bag',
      quantity: 1,
      costPerUnit: 1,
      whenToOrder: 0,
      supplierName: '',
      supplierID: '',
      rev,
    });
    localStorage.setItem('inventoryItems', JSON.stringify([item(1, 4), item(2), item(3)]));
    writeSyncChanges([
      { collection: 'inventoryItems', record_id: 'I-1', record: { ...item(1), name: 'One' } },
      { collection: 'inventoryItems', record_id: 'I-2', record: null },
      { collection: 'inventoryItems', record_id: 'I-4', record: item(4) },
      { collection: 'inventoryItems', record_id: 'I-3', record: null },
      { collection: 'inventoryItems', record_id: 'I-3', record: { ...item(3), name: 'Three' } },
      { collection: 'inventoryItems', record_id: 'I-4', record: { ...item(4), name: 'Four' } },
    ]);
    const stored = JSON.parse(localStorage.getItem('inventoryItems')!) as { id: string; name: string; rev: number }[];
    expect(stored.map((r) => [r.id, r.name, r.rev])).toEqual([
      ['I-1', 'One', 5],
      ['I-4', 'Four', 2],
      ['I-3', 'Three', 1],
    ]);
  });
});

describe('an event as this device fingerprints it', () => {
  beforeEach(() => localStorage.clear());

  it('is the same before and after a reload when it was written without its Tool Kit lists', async () => {
    const { eventsStore } = await import('../../src/storage');
    const { hashRecord } = await import('../../src/sync/engine');
    // As the events form writes one: no menuItems, notes or pricing.
    const written = eventsStore.write([
      {
        id: 7,
        EventName: 'Harbour Gala',
        CustomerFirstName: 'Ana',
        CustomerLastName: 'Lee',
        CustomerPhoneNumber: '',
        CustomerEmail: '',
        EventType: 'Wedding',
        NumberOfGuests: 40,
        EventDate: '2027-06-12',
        StartTime: '18:00',
        EndTime: '22:00',
        VenueName: '',
        VenueStreetAddress: '',
        VenueCity: '',
        ingredients: [],
      },
    ]);
    expect(written.ok).toBe(true);
    const before = readSyncSnapshot().get('events')!.get('7')!;
    expect(before).toMatchObject({ menuItems: [], notes: [], pricing: [] });
    // A reload: the stored text read afresh (a changed text, the same JSON).
    localStorage.setItem('events', `${localStorage.getItem('events')} `);
    const after = readSyncSnapshot().get('events')!.get('7')!;
    expect(hashRecord(after)).toBe(hashRecord(before));
  });
});
