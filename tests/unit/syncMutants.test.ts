/**
 * What the sixth mutation pass of src/sync (docs/testing.md, "Sixth pass (src/sync)") found unchecked in
 * src/sync/engine.ts and src/sync/cycle.ts, each test on what the code does with an input it can be given.
 */
import { describe, expect, it } from 'vitest';
import { fetchEvent, type ArchivePort } from '../../src/sync/cycle';
import {
  applyPulled,
  applyPushed,
  changeSizeOf,
  eventIdOfCollection,
  emptySyncState,
  hashRecord,
  keyOf,
  resolveConflict,
  type OutboxEntry,
  type PulledChange,
  type Snapshot,
  type SyncState,
} from '../../src/sync/engine';
import { FakeDevice } from '../support/fakeSyncServer';

describe('changeSizeOf: the characters a change is counted as when sizing push batches', () => {
  it('is the change fields (200) plus the length kept after the last dot of its fingerprint', () => {
    expect(changeSizeOf({ hash: 'abc.a' })).toBe(210);
    expect(changeSizeOf({ hash: 'x.y.z' })).toBe(235);
    // A dot first: the length still counts (nothing before it is needed).
    expect(changeSizeOf({ hash: '.a' })).toBe(210);
    expect(changeSizeOf({ hash: hashRecord({ name: 'Ann' }) })).toBe(200 + '{"name":"Ann"}'.length);
  });

  it('a fingerprint without a dot (a delete, or text of another shape) counts the change fields only', () => {
    expect(changeSizeOf({ hash: hashRecord(null) })).toBe(200);
    // Text that reads as a base-36 number must not be taken for a length.
    expect(changeSizeOf({ hash: 'abc123' })).toBe(200);
  });

  it('a length that is not a number counts as none', () => {
    expect(changeSizeOf({ hash: 'abc.' })).toBe(200);
    expect(changeSizeOf({ hash: 'abc.∅' })).toBe(200);
  });
});

describe('fetchEvent: an answer that does not hold the event asked for', () => {
  const answering = (changes: PulledChange[]): ArchivePort => ({ eventRecords: async () => ({ changes }) });
  const event5 = {
    collection: 'events',
    record_id: '5',
    rev: 3,
    record: { EventID: 5, EventName: 'Gala' },
    deleted: false,
  };
  const line = {
    collection: 'ingredientList-5',
    record_id: '5',
    rev: 4,
    record: { lineId: '5', qty: 2 },
    deleted: false,
  };

  it('with the event: true, the event and its records written here', async () => {
    const device = new FakeDevice();
    expect(await fetchEvent(device, answering([line, event5]), 5)).toBe(true);
    expect(device.get('events', '5')).toEqual({ EventID: 5, EventName: 'Gala' });
    expect(device.get('ingredientList-5', '5')).toEqual({ lineId: '5', qty: 2 });
    expect(device.load().shadow['events|5']).toMatchObject({ rev: 3 });
  });

  it.each([
    ['only its per-event records (one with the id 5)', [line]],
    ['another event', [{ ...event5, record_id: '6', record: { EventID: 6 } }, line]],
    ['the event deleted', [{ ...event5, record: null, deleted: true }, line]],
    ['nothing', []],
  ])('with %s: false, nothing written or saved', async (_, changes) => {
    const device = new FakeDevice();
    const stored = device.stored;
    expect(await fetchEvent(device, answering(changes as PulledChange[]), 5)).toBe(false);
    expect(device.writes).toEqual([]);
    expect(device.stored).toBe(stored);
  });
});

const KEY = keyOf('suppliers', 'S-1');
const supplier = (name: string) => ({ supplierID: 'S-1', supplierName: name });
const holding = (record: object): Snapshot => new Map([['suppliers', new Map([['S-1', record]])]]);
const entry = (record: object, over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  collection: 'suppliers',
  record_id: 'S-1',
  base_rev: 2,
  record,
  deleted: false,
  client_change_id: 'c-1',
  hash: hashRecord(record),
  localRev: 1,
  previous: [],
  ...over,
});
const agreedAt2 = (outbox: Record<string, OutboxEntry>): SyncState => ({
  ...emptySyncState(),
  shadow: { [KEY]: { rev: 2, hash: 'base' } },
  outbox,
});
let ids = 0;
const newId = () => `new-${++ids}`;

describe('applyPushed: answers for a change no longer waiting in the outbox', () => {
  it('applied, with nothing waiting for the record any more: agreed, and the outbox stays empty', () => {
    const sent = entry(supplier('Mine'));
    const applied = {
      status: 'applied',
      client_change_id: 'c-1',
      collection: 'suppliers',
      record_id: 'S-1',
      rev: 3,
    } as const;
    const next = applyPushed(agreedAt2({}), holding(supplier('Mine')), [sent], [applied], newId);
    expect(next.outbox).toEqual({});
    expect(next.shadow[KEY]).toEqual({ rev: 3, hash: sent.hash });
  });

  it('a conflict whose account version is exactly what was sent (an answer lost), changed here since: agreed, the newer sent on it', () => {
    const sent = entry(supplier('Sent'));
    const newer = entry(supplier('Newer'), { client_change_id: 'c-2' });
    const conflict = {
      status: 'conflict',
      client_change_id: 'c-1',
      collection: 'suppliers',
      record_id: 'S-1',
      server: { rev: 5, record: supplier('Sent'), deleted: false },
    } as const;
    const next = applyPushed(agreedAt2({ [KEY]: newer }), holding(supplier('Newer')), [sent], [conflict], newId);
    expect(next.conflicts).toEqual({});
    expect(next.shadow[KEY]).toEqual({ rev: 5, hash: sent.hash });
    expect(next.outbox[KEY]).toMatchObject({ base_rev: 5, hash: newer.hash, record: supplier('Newer') });
    expect(next.outbox[KEY]!.client_change_id).not.toBe('c-2');
  });
});

describe('resolveConflict with two conflicts waiting', () => {
  it('the one chosen goes; the other stays for the user, as it was', () => {
    const other = keyOf('suppliers', 'S-2');
    const conflictOf = (key: string, id: string) => ({
      key,
      collection: 'suppliers',
      record_id: id,
      mine: { supplierID: id, supplierName: 'Mine' },
      theirs: { supplierID: id, supplierName: 'Theirs' },
      theirsRev: 7,
    });
    const state: SyncState = {
      ...emptySyncState(),
      conflicts: { [KEY]: conflictOf(KEY, 'S-1'), [other]: conflictOf(other, 'S-2') },
    };
    const { state: next, writes } = resolveConflict(state, KEY, { keep: 'mine' });
    expect(writes).toEqual([
      { collection: 'suppliers', record_id: 'S-1', record: { supplierID: 'S-1', supplierName: 'Mine' } },
    ]);
    expect(next.conflicts).toEqual({ [other]: conflictOf(other, 'S-2') });
  });
});

describe('eventIdOfCollection: only a whole per-event name', () => {
  it('reads the event of a per-event key, and nothing from a name that only ends like one', () => {
    expect(eventIdOfCollection('ingredientList-12')).toBe(12);
    expect(eventIdOfCollection('12-taxPercentage')).toBe(12);
    expect(eventIdOfCollection('oldingredientList-12')).toBeNull();
    expect(eventIdOfCollection('x-staffList-3')).toBeNull();
    expect(eventIdOfCollection('ingredientList-12-old')).toBeNull();
    expect(eventIdOfCollection('12-taxPercentages')).toBeNull();
  });
});

describe('applyPulled keeps the conflicts already waiting', () => {
  it('a page of another record leaves a waiting conflict for the user, as it was', () => {
    const conflict = {
      key: KEY,
      collection: 'suppliers',
      record_id: 'S-1',
      mine: supplier('Mine'),
      theirs: null,
      theirsRev: 4,
    };
    const state: SyncState = { ...emptySyncState(), conflicts: { [KEY]: conflict } };
    const change = { collection: 'suppliers', record_id: 'S-2', rev: 6, record: { supplierID: 'S-2' }, deleted: false };
    const { state: next, writes } = applyPulled(state, holding(supplier('Mine')), [change]);
    expect(writes).toEqual([{ collection: 'suppliers', record_id: 'S-2', record: { supplierID: 'S-2' } }]);
    expect(next.conflicts).toEqual({ [KEY]: conflict });
  });
});
