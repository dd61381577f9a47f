// @vitest-environment jsdom
/**
 * This browser's side of account sync (src/storage/syncData.ts, issue 24): which keys sync, the
 * snapshot the engine compares, the writes a pull asks for (by id, revisions raised, tombstones),
 * the device's sync state, the synced characters and the watch on synced keys. Each test reads
 * localStorage as the app would after the call.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dataOwner,
  evictEvents,
  isSyncedKey,
  isSyncStateKey,
  loadSyncState,
  readSyncSnapshot,
  saveSyncState,
  syncedCharacters,
  watchSyncedKeys,
  writeSyncChanges,
} from '../../src/storage/syncData';
import { suppliersStore } from '../../src/storage/keys';
import { colorModeStore } from '../../src/storage/preferences';
import { emptySyncState, fingerprintKnown, hashRecord, type SyncState } from '../../src/sync/engine';
import { bindDataSet, dataOwnerKey } from '../../src/storage/accounts';
import { businessProfileFixture } from '../support/syncFixtures';

const supplier = (supplierID: string, extra: Record<string, unknown> = {}) => ({
  supplierID,
  supplierName: `Supplier ${supplierID}`,
  email: `${supplierID}@example.com`,
  phone: '555',
  contractStatus: 'active',
  startDate: '2024-01-01',
  endDate: '',
  ...extra,
});
const profile = businessProfileFixture;

const stored = (key: string) => JSON.parse(localStorage.getItem(key)!) as unknown;
const suppliersStored = () => stored('suppliers') as Array<{ supplierID: string; rev?: number; phone: string }>;

/** Keys announced to this tab's views (storage events) while `run` runs. */
function announced(run: () => void): Array<string | null> {
  const keys: Array<string | null> = [];
  const listen = (event: StorageEvent) => keys.push(event.key);
  window.addEventListener('storage', listen);
  try {
    run();
  } finally {
    window.removeEventListener('storage', listen);
  }
  return keys;
}

beforeEach(() => localStorage.clear());

describe('isSyncedKey: the collections, the per-event keys, the deleted-event ids and the money side', () => {
  it.each([
    'inventoryItems',
    'suppliers',
    'employees',
    'events',
    'selectedItems',
    'ingredientList-3',
    'staffList-3',
    '3-discountPercentage',
    '3-taxPercentage',
    'deletedEventIds',
    'businessProfile',
    'documentNumbers',
    'issuedDocuments',
    'customers',
  ])('%s syncs', (key) => expect(isSyncedKey(key)).toBe(true));

  it.each([
    'colorMode',
    'soundMuted',
    'eventHolds',
    'sync:u1',
    'recovered:abc',
    'draft:newEvent',
    'dataOwner',
    'account:u1:suppliers',
    'ingredientList-x',
  ])('%s does not', (key) => expect(isSyncedKey(key)).toBe(false));

  it('isSyncStateKey: only keys starting with "sync:"', () => {
    expect(isSyncStateKey('sync:u1')).toBe(true);
    expect(isSyncStateKey('sync:')).toBe(true);
    expect(isSyncStateKey('xsync:u1')).toBe(false);
    expect(isSyncStateKey('syncu1')).toBe(false);
  });
});

describe('readSyncSnapshot', () => {
  it('is empty for an empty browser, and leaves out empty lists, an empty deleted list and a null profile', () => {
    expect(readSyncSnapshot().size).toBe(0);
    localStorage.setItem('suppliers', '[]');
    localStorage.setItem('deletedEventIds', '[]');
    localStorage.setItem('businessProfile', 'null');
    localStorage.setItem('staffList-4', '[]');
    expect(readSyncSnapshot().size).toBe(0);
  });

  it('gives each collection its records by id, a per-event value as record "value", deleted ids by id', () => {
    localStorage.setItem('suppliers', JSON.stringify([supplier('S1'), supplier('S2')]));
    localStorage.setItem('4-taxPercentage', '13');
    localStorage.setItem('4-discountPercentage', '5');
    localStorage.setItem('deletedEventIds', '[10,2]');
    localStorage.setItem('colorMode', '"dark"');
    const snapshot = readSyncSnapshot();
    expect([...snapshot.keys()].sort()).toEqual([
      '4-discountPercentage',
      '4-taxPercentage',
      'deletedEventIds',
      'suppliers',
    ]);
    expect([...snapshot.get('suppliers')!.keys()]).toEqual(['S1', 'S2']);
    expect(snapshot.get('suppliers')!.get('S2')).toMatchObject({ supplierID: 'S2', supplierName: 'Supplier S2' });
    expect(snapshot.get('4-taxPercentage')).toEqual(new Map([['value', { value: 13 }]]));
    expect(snapshot.get('4-discountPercentage')).toEqual(new Map([['value', { value: 5 }]]));
    expect(snapshot.get('deletedEventIds')).toEqual(
      new Map([
        ['10', { id: 10 }],
        ['2', { id: 2 }],
      ]),
    );
  });
  it('with only some keys (a pulled page’s collections), reads those alone, each as the whole snapshot has it', () => {
    localStorage.setItem('suppliers', JSON.stringify([supplier('S1'), supplier('S2')]));
    localStorage.setItem('4-taxPercentage', '13');
    localStorage.setItem('deletedEventIds', '[10,2]');
    localStorage.setItem('businessProfile', JSON.stringify(profile));
    const whole = readSyncSnapshot();
    expect([...whole.keys()].sort()).toEqual(['4-taxPercentage', 'businessProfile', 'deletedEventIds', 'suppliers']);
    for (const key of whole.keys()) {
      const only = readSyncSnapshot(new Set([key]));
      expect([...only.keys()]).toEqual([key]);
      expect(only.get(key)).toEqual(whole.get(key));
    }
    expect(readSyncSnapshot(new Set(['employees'])).size).toBe(0);
  });
});

describe('writeSyncChanges', () => {
  it('puts a new record at the end (its revision at least 1), replaces one in place with a higher revision, removes a deleted one', () => {
    localStorage.setItem('suppliers', JSON.stringify([supplier('S1', { rev: 3 }), supplier('S2'), supplier('S3')]));
    writeSyncChanges([
      { collection: 'suppliers', record_id: 'S1', record: supplier('S1', { phone: '999', rev: 1 }) },
      { collection: 'suppliers', record_id: 'S2', record: null },
      { collection: 'suppliers', record_id: 'S4', record: supplier('S4') },
      { collection: 'suppliers', record_id: 'S5', record: supplier('S5', { rev: 7 }) },
    ]);
    const list = suppliersStored();
    expect(list.map((s) => s.supplierID)).toEqual(['S1', 'S3', 'S4', 'S5']);
    expect(list.map((s) => s.rev)).toEqual([4, undefined, 1, 7]);
    expect(list[0]!.phone).toBe('999');
  });

  it('a pulled record already fingerprinted is read back with its fingerprint: not fingerprinted again', () => {
    localStorage.setItem('suppliers', JSON.stringify([supplier('S1', { rev: 2 })]));
    const pulled = supplier('S1', { phone: '999', rev: 1 });
    const fresh = supplier('S2');
    const fingerprint = hashRecord(pulled);
    writeSyncChanges([
      { collection: 'suppliers', record_id: 'S1', record: pulled },
      { collection: 'suppliers', record_id: 'S2', record: fresh },
    ]);
    const here = readSyncSnapshot().get('suppliers')!;
    const s1 = here.get('S1')!;
    expect((s1 as { rev?: number }).rev).toBe(3);
    expect(fingerprintKnown(s1)).toBe(true);
    expect(hashRecord(s1)).toBe(fingerprint);
    // One not fingerprinted before is taken when asked, and is the same as its content's.
    expect(fingerprintKnown(here.get('S2')!)).toBe(false);
    expect(hashRecord(here.get('S2')!)).toBe(hashRecord({ ...fresh, rev: 5 }));
  });

  it('keeps a pulled revision that is higher than the local one plus one', () => {
    localStorage.setItem('suppliers', JSON.stringify([supplier('S1', { rev: 2 })]));
    writeSyncChanges([{ collection: 'suppliers', record_id: 'S1', record: supplier('S1', { rev: 9 }) }]);
    expect(suppliersStored()[0]!.rev).toBe(9);
  });

  it('a tombstone for a record this browser does not hold removes nothing', () => {
    localStorage.setItem('suppliers', JSON.stringify([supplier('S1'), supplier('S2')]));
    writeSyncChanges([{ collection: 'suppliers', record_id: 'S9', record: null }]);
    expect(suppliersStored().map((s) => s.supplierID)).toEqual(['S1', 'S2']);
  });

  it('a tombstone removes the record wherever it is in the list, the first one too', () => {
    localStorage.setItem('suppliers', JSON.stringify([supplier('S1'), supplier('S2'), supplier('S3')]));
    writeSyncChanges([{ collection: 'suppliers', record_id: 'S1', record: null }]);
    expect(suppliersStored().map((s) => s.supplierID)).toEqual(['S2', 'S3']);
    writeSyncChanges([{ collection: 'suppliers', record_id: 'S3', record: null }]);
    expect(suppliersStored().map((s) => s.supplierID)).toEqual(['S2']);
  });

  it('applies several changes to one record in order', () => {
    localStorage.setItem('suppliers', JSON.stringify([supplier('S1')]));
    writeSyncChanges([
      { collection: 'suppliers', record_id: 'S1', record: null },
      { collection: 'suppliers', record_id: 'S1', record: supplier('S1', { phone: '111' }) },
    ]);
    expect(suppliersStored().map((s) => [s.supplierID, s.phone])).toEqual([['S1', '111']]);
  });

  it('deleted event ids: adds and removes ids, skips ids that are not whole numbers, stores them in ascending order', () => {
    localStorage.setItem('deletedEventIds', '[3,9]');
    writeSyncChanges([
      { collection: 'deletedEventIds', record_id: '10', record: { id: 10 } },
      { collection: 'deletedEventIds', record_id: '2', record: { id: 2 } },
      { collection: 'deletedEventIds', record_id: '3', record: null },
      { collection: 'deletedEventIds', record_id: 'x', record: { id: 'x' } },
      { collection: 'deletedEventIds', record_id: '1.5', record: { id: 1.5 } },
    ]);
    expect(stored('deletedEventIds')).toEqual([2, 9, 10]);
  });

  it('a per-event value: the last change wins; a number is written, a tombstone or a value that is not a number removes it', () => {
    writeSyncChanges([
      { collection: '4-taxPercentage', record_id: 'value', record: { value: 5 } },
      { collection: '4-taxPercentage', record_id: 'value', record: { value: 13 } },
    ]);
    expect(localStorage.getItem('4-taxPercentage')).toBe('13');
    writeSyncChanges([{ collection: '4-taxPercentage', record_id: 'value', record: { value: '15' } }]);
    expect(localStorage.getItem('4-taxPercentage')).toBeNull();
    localStorage.setItem('4-discountPercentage', '5');
    writeSyncChanges([
      { collection: '4-discountPercentage', record_id: 'value', record: { value: 8 } },
      { collection: '4-discountPercentage', record_id: 'value', record: null },
    ]);
    expect(localStorage.getItem('4-discountPercentage')).toBeNull();
  });

  it('the business profile: the last change wins, a record without a value leaves this device’s', () => {
    writeSyncChanges([
      { collection: 'businessProfile', record_id: 'value', record: null },
      { collection: 'businessProfile', record_id: 'value', record: { value: profile } },
    ]);
    expect(stored('businessProfile')).toEqual(profile);
    writeSyncChanges([{ collection: 'businessProfile', record_id: 'value', record: {} }]);
    expect(stored('businessProfile')).toEqual(profile);
    writeSyncChanges([
      { collection: 'businessProfile', record_id: 'value', record: { value: { ...profile, businessName: 'B' } } },
      { collection: 'businessProfile', record_id: 'value', record: null },
    ]);
    expect(localStorage.getItem('businessProfile')).toBeNull();
  });

  it('a collection the app does not read is skipped: nothing written, nothing announced, the rest applied', () => {
    const keys = announced(() =>
      writeSyncChanges([
        { collection: 'colorMode', record_id: 'value', record: { value: 'dark' } },
        { collection: 'suppliers', record_id: 'S1', record: supplier('S1') },
      ]),
    );
    expect(localStorage.getItem('colorMode')).toBeNull();
    expect(suppliersStored().map((s) => s.supplierID)).toEqual(['S1']);
    expect(keys).toEqual(['suppliers']);
  });

  it('announces each key it wrote, once', () => {
    const keys = announced(() =>
      writeSyncChanges([
        { collection: 'suppliers', record_id: 'S1', record: supplier('S1') },
        { collection: 'deletedEventIds', record_id: '4', record: { id: 4 } },
        { collection: 'suppliers', record_id: 'S2', record: supplier('S2') },
        { collection: '4-taxPercentage', record_id: 'value', record: { value: 13 } },
        { collection: 'businessProfile', record_id: 'value', record: { value: profile } },
      ]),
    );
    expect(keys).toEqual(['suppliers', 'deletedEventIds', '4-taxPercentage', 'businessProfile']);
  });
});

describe('a write storage refuses throws (the sync must not think it applied)', () => {
  beforeEach(() => {
    // This tab opened account A's data; another tab then signed B in: account data writes are refused.
    expect(bindDataSet('A').ok).toBe(true);
    localStorage.setItem(dataOwnerKey, 'B');
  });
  afterEach(() => {
    localStorage.clear();
    expect(bindDataSet('A').ok).toBe(true);
    localStorage.clear();
  });

  it.each([
    ['a record', { collection: 'suppliers', record_id: 'S1', record: supplier('S1') }],
    ['a deleted event id', { collection: 'deletedEventIds', record_id: '4', record: { id: 4 } }],
    ['a per-event value', { collection: '4-taxPercentage', record_id: 'value', record: { value: 13 } }],
    ['the business profile', { collection: 'businessProfile', record_id: 'value', record: { value: profile } }],
  ])('%s', (_name, write) => {
    expect(() => writeSyncChanges([write])).toThrow('Another account signed in on this browser');
  });

  it('a refused change to a list leaves the list as the app reads it unchanged', () => {
    localStorage.setItem('suppliers', JSON.stringify([supplier('S1'), supplier('S2')]));
    expect(suppliersStore.read().map((s) => s.supplierID)).toEqual(['S1', 'S2']);
    expect(() =>
      writeSyncChanges([
        { collection: 'suppliers', record_id: 'S1', record: null },
        { collection: 'suppliers', record_id: 'S3', record: supplier('S3') },
      ]),
    ).toThrow('Another account signed in');
    expect(suppliersStore.read().map((s) => s.supplierID)).toEqual(['S1', 'S2']);
  });

  it('a removal of the business profile', () => {
    localStorage.setItem('businessProfile', JSON.stringify(profile));
    expect(() => writeSyncChanges([{ collection: 'businessProfile', record_id: 'value', record: null }])).toThrow(
      'Another account signed in',
    );
    expect(stored('businessProfile')).toEqual(profile);
  });

  it('the sync state', () => {
    expect(() => saveSyncState('A', emptySyncState())).not.toThrow();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      expect(() => saveSyncState('A', emptySyncState())).toThrow();
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('the sync state of one account', () => {
  const state = (extra: Partial<SyncState> = {}): SyncState => ({
    ...emptySyncState(),
    device: 'on',
    cursor: 42,
    lastSyncedAt: 1000,
    shadow: { 'suppliers|S1': { rev: 3, hash: 'h' } as never },
    ...extra,
  });
  const fresh = () => ({ ...emptySyncState(), cursor: -1 });

  it('is stored under sync:<the encoded user id>, without the outbox records, and read back', () => {
    const outbox = {
      'suppliers|S1': {
        collection: 'suppliers',
        record_id: 'S1',
        base_rev: 2,
        record: supplier('S1'),
        deleted: false,
        client_change_id: 'c1',
        hash: 'h',
        localRev: 3,
        previous: [],
      },
    };
    saveSyncState('a b/c', state({ outbox }));
    const raw = JSON.parse(localStorage.getItem('sync:a%20b%2Fc')!) as SyncState;
    expect(raw.outbox['suppliers|S1']).toEqual({ ...outbox['suppliers|S1'], record: null });
    expect(loadSyncState('a b/c', fresh)).toEqual(
      state({ outbox: { 'suppliers|S1': { ...outbox['suppliers|S1'], record: null } } }),
    );
    expect(loadSyncState('a b', fresh)).toEqual(fresh());
  });

  it('each device choice is read back', () => {
    for (const device of ['on', 'off', 'undecided'] as const) {
      saveSyncState('u', state({ device }));
      expect(loadSyncState('u', fresh)).toEqual(state({ device }));
    }
  });

  it('each device choice written by another tab (not this one’s last save) is read back', () => {
    for (const device of ['on', 'off', 'undecided'] as const) {
      localStorage.setItem('sync:u', JSON.stringify(state({ device })));
      expect(loadSyncState('u', fresh)).toEqual(state({ device }));
    }
  });

  it.each([
    ['not JSON', '{oops'],
    ['a list', '[]'],
    ['null', 'null'],
    ['another version', JSON.stringify({ ...state(), v: 2 })],
    ['a cursor in text', JSON.stringify({ ...state(), cursor: '42' })],
    ['no shadow', JSON.stringify({ ...state(), shadow: undefined })],
    ['a shadow that is a list', JSON.stringify({ ...state(), shadow: [] })],
    ['a shadow that is null', JSON.stringify({ ...state(), shadow: null })],
    ['a shadow that is text', JSON.stringify({ ...state(), shadow: 'none' })],
    ['conflicts that are a number', JSON.stringify({ ...state(), conflicts: 3 })],
    ['no outbox', JSON.stringify({ ...state(), outbox: undefined })],
    ['an outbox that is a list', JSON.stringify({ ...state(), outbox: [] })],
    ['no conflicts', JSON.stringify({ ...state(), conflicts: undefined })],
    ['conflicts in a list', JSON.stringify({ ...state(), conflicts: [] })],
    ['an unknown device choice', JSON.stringify({ ...state(), device: 'maybe' })],
    ['no device choice', JSON.stringify({ ...state(), device: undefined })],
  ])('%s starts afresh', (_name, text) => {
    localStorage.setItem('sync:u', text);
    expect(loadSyncState('u', fresh)).toEqual(fresh());
  });

  it('a state just saved is read back without parsing its text again (a sync cycle reads it many times)', () => {
    saveSyncState('u', state());
    const parse = vi.spyOn(JSON, 'parse');
    const first = loadSyncState('u', fresh);
    const again = loadSyncState('u', fresh);
    const parsed = parse.mock.calls.length;
    parse.mockRestore();
    expect(first).toEqual(state());
    expect(again).toBe(first);
    expect(parsed).toBe(0);
  });

  it('none stored starts afresh', () => {
    expect(loadSyncState('u', fresh)).toEqual(fresh());
  });
});

describe('dataOwner', () => {
  it('is the account whose data the plain keys hold, or null', () => {
    expect(dataOwner()).toBeNull();
    expect(bindDataSet('user-7').ok).toBe(true);
    expect(dataOwner()).toBe('user-7');
  });
});

describe('syncedCharacters', () => {
  it('counts key and value characters of the synced keys only: events with their per-event keys, and the rest', () => {
    const events = '[]';
    localStorage.setItem('events', events);
    localStorage.setItem('ingredientList-4', '[1]');
    localStorage.setItem('4-taxPercentage', '13');
    localStorage.setItem('suppliers', '[{}]');
    localStorage.setItem('deletedEventIds', '[4]');
    localStorage.setItem('colorMode', '"dark"');
    localStorage.setItem('sync:u', '{"v":1}');
    expect(syncedCharacters()).toEqual({
      events: 'events'.length + 2 + 'ingredientList-4'.length + 3 + '4-taxPercentage'.length + 2,
      other: 'suppliers'.length + 4 + 'deletedEventIds'.length + 3,
    });
  });
});

describe('evictEvents: what it announces', () => {
  const event = (id: number) => ({
    id,
    EventName: `Event ${id}`,
    CustomerFirstName: 'Ada',
    CustomerLastName: 'Hart',
    CustomerPhoneNumber: '555',
    CustomerEmail: 'ada@example.com',
    EventType: 'Gala',
    NumberOfGuests: 40,
    EventDate: '2023-01-01',
    StartTime: '18:00',
    EndTime: '22:00',
    VenueName: 'Hall',
    VenueStreetAddress: '1 Main St',
    VenueCity: 'Halifax',
    ingredients: [],
  });

  it('announces events and each per-event key it removed; nothing when it removes nothing', () => {
    localStorage.setItem('events', JSON.stringify([event(5), event(4)]));
    localStorage.setItem('4-taxPercentage', '13');
    localStorage.setItem('5-taxPercentage', '13');
    expect(announced(() => evictEvents([99]))).toEqual([]);
    expect(announced(() => evictEvents([4]))).toEqual(['events', '4-taxPercentage']);
    expect(localStorage.getItem('5-taxPercentage')).toBe('13');
  });
});

describe('watchSyncedKeys', () => {
  beforeEach(() => expect(bindDataSet('A').ok).toBe(true));

  it('is told of this tab’s writes of synced keys (not of others) and of other tabs’ changes to them, until stopped', () => {
    const onChange = vi.fn();
    const stop = watchSyncedKeys(onChange);
    expect(suppliersStore.write([supplier('S1') as never]).ok).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(colorModeStore.write('dark').ok).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new StorageEvent('storage', { key: 'events' }));
    expect(onChange).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(onChange).toHaveBeenCalledTimes(3);
    window.dispatchEvent(new StorageEvent('storage', { key: 'soundMuted' }));
    expect(onChange).toHaveBeenCalledTimes(3);

    stop();
    expect(suppliersStore.write([supplier('S2') as never]).ok).toBe(true);
    window.dispatchEvent(new StorageEvent('storage', { key: 'events' }));
    expect(onChange).toHaveBeenCalledTimes(3);
  });
});
