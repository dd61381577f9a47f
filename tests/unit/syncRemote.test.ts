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
