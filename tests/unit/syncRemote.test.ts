/**
 * The account's functions beyond push, pull and the summary (src/sync/remote.ts): the event search of
 * the "kept in your account" list, one event's records, and the next quote or invoice number, which
 * must be a whole number above the last one this device knows (issue 22: a number is never reused).
 */
import { describe, expect, it } from 'vitest';
import { createRemote, type RpcAnswer } from '../../src/sync/remote';

const answer = (data: unknown): RpcAnswer => ({ data, error: null, status: 200 });

function recording(data: unknown = null) {
  const calls: Array<[string, Record<string, unknown>]> = [];
  const remote = createRemote(async (name, args) => {
    calls.push([name, args]);
    return answer(data);
  });
  return { calls, remote };
}

describe('the event search and one event’s records', () => {
  it('sends only the search fields given, the search text trimmed, and returns the answer', async () => {
    const { calls, remote } = recording({ events: [], more: false });
    expect(await remote.eventSummaries({})).toEqual({ events: [], more: false });
    await remote.eventSummaries({ eventIds: ['5', '7'], beforeDate: '2025-11-26', search: '  Hart ', maxRows: 50 });
    await remote.eventSummaries({ search: '   ', maxRows: 0, beforeDate: '' });
    expect(calls).toEqual([
      ['sync_event_summaries', {}],
      ['sync_event_summaries', { event_ids: ['5', '7'], before_date: '2025-11-26', search: 'Hart', max_rows: 50 }],
      ['sync_event_summaries', {}],
    ]);
  });

  it('asks for one event’s records by its id', async () => {
    const { calls, remote } = recording([{ collection: 'events', record_id: '5' }]);
    expect(await remote.eventRecords('5')).toEqual([{ collection: 'events', record_id: '5' }]);
    expect(calls).toEqual([['sync_event_records', { event_id: '5' }]]);
  });
});

describe('which new event ids the account holds (sync_event_ids)', () => {
  it('asks with the ids and takes the answer', async () => {
    const held = { events: [{ id: '7', rev: 2, record: { id: 7 }, deleted: false }], highest: 9 };
    const { calls, remote } = recording(held);
    expect(await remote.eventIds(['7', '8'])).toEqual(held);
    expect(calls).toEqual([['sync_event_ids', { event_ids: ['7', '8'] }]]);
  });

  it('a server without the function (404) answers null: nothing is renumbered; other failures are classified', async () => {
    const failing = (status: number) =>
      createRemote(async () => ({ data: null, error: { message: `status ${status}` }, status }));
    expect(await failing(404).eventIds(['7'])).toBeNull();
    await expect(failing(503).eventIds(['7'])).rejects.toMatchObject({ kind: 'retry', status: 503 });
    await expect(failing(400).eventIds(['7'])).rejects.toMatchObject({ kind: 'fatal', status: 400 });
  });

  it('refuses an answer that is not the ids it holds and its highest id', async () => {
    for (const data of [null, [], { events: [] }, { events: {}, highest: 1 }, { events: [{ id: 7 }], highest: 7 }]) {
      const { remote } = recording(data);
      await expect(remote.eventIds(['7'])).rejects.toMatchObject({
        kind: 'fatal',
        message: `The account answered ${JSON.stringify(data)} instead of the event ids it holds.`,
      });
    }
  });
});

describe('the next document number', () => {
  it('asks with the kind, the year and the last number known here, and takes a whole number above it', async () => {
    const { calls, remote } = recording(8);
    expect(await remote.takeDocumentNumber('invoice', 2026, 7)).toBe(8);
    expect(calls).toEqual([['take_document_number', { kind: 'invoice', year: 2026, last_known: 7 }]]);
  });

  it('refuses anything else as a fatal failure that says what the account answered', async () => {
    for (const [data, words] of [
      [7, '7'],
      [6, '6'],
      [7.5, '7.5'],
      ['8', '"8"'],
      [null, 'null'],
    ] as const) {
      const { remote } = recording(data);
      await expect(remote.takeDocumentNumber('quote', 2026, 7)).rejects.toMatchObject({
        kind: 'fatal',
        message: `The account answered ${words} instead of a new number.`,
      });
    }
  });
});

describe('the next revision of an issued number (issue 24)', () => {
  it('asks with the kind, year and sequence and the last revision known here, and takes a whole number above it', async () => {
    const { calls, remote } = recording(3);
    expect(await remote.takeDocumentRevision('invoice', 2026, 1, 2)).toBe(3);
    expect(calls).toEqual([['take_document_revision', { kind: 'invoice', year: 2026, sequence: 1, last_known: 2 }]]);
  });

  it('refuses anything else as a fatal failure that says what the account answered', async () => {
    for (const [data, words] of [
      [2, '2'],
      [2.5, '2.5'],
      ['3', '"3"'],
      [null, 'null'],
    ] as const) {
      const { remote } = recording(data);
      await expect(remote.takeDocumentRevision('quote', 2026, 4, 2)).rejects.toMatchObject({
        kind: 'fatal',
        message: `The account answered ${words} instead of a new revision.`,
      });
    }
  });
});

describe('pulled records in the form this device stores them (issue 24)', () => {
  const event = { id: 4, EventName: 'Smith Wedding', ingredients: [] };
  const item = { id: 'I-1', name: 'Cream' };
  const page = {
    changes: [
      { collection: 'events', record_id: '4', rev: 2, record: event, deleted: false },
      { collection: 'inventoryItems', record_id: 'I-1', rev: 1, record: item, deleted: false },
      { collection: 'events', record_id: '3', rev: 3, record: null, deleted: true },
    ],
    cursor: 9,
    more: false,
  };
  it('an event pulled or fetched without its lists arrives with them; other records and tombstones as they were', async () => {
    const { storedForm } = await import('../../src/storage/syncData');
    const remote = createRemote(async () => answer(page), storedForm);
    for (const got of [await remote.pull(0, 100), await remote.eventRecords('4')]) {
      expect(got.changes[0]!.record).toEqual({ ...event, menuItems: [], notes: [], pricing: [] });
      expect(got.changes[1]!.record).toBe(item);
      expect(got.changes[2]).toBe(page.changes[2]);
    }
    // The answer itself is not changed in place.
    expect(page.changes[0]!.record).toBe(event);
    // An event with its lists is the same object (its fingerprint taken once).
    const full = { ...event, menuItems: [], notes: [], pricing: [] };
    const again = createRemote(
      async () => answer({ ...page, changes: [{ ...page.changes[0], record: full }] }),
      storedForm,
    );
    expect((await again.pull(0, 100)).changes[0]!.record).toBe(full);
  });
});
