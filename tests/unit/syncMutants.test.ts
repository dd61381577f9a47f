/**
 * What the sixth mutation pass of src/sync (docs/testing.md, "Sixth pass (src/sync)") found unchecked in
 * src/sync/engine.ts and src/sync/cycle.ts, each test on what the code does with an input it can be given.
 */
import { describe, expect, it } from 'vitest';
import { fetchEvent, type ArchivePort } from '../../src/sync/cycle';
import { changeSizeOf, hashRecord, type PulledChange } from '../../src/sync/engine';
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
