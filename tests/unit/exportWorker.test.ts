import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCsv } from '../../src/domain/csv';
import type { ExportReply, ExportRequest } from '../../src/domain/exportWorker';

/**
 * The worker script installs its message handler on its global scope (`self`). Here the test's global
 * plays that scope: the handler is called directly and the replies are caught with a fake postMessage.
 */
type Handler = (event: { data: ExportRequest }) => Promise<void>;
let replies: ExportReply[];
let send: (data: ExportRequest) => Promise<void>;

beforeEach(async () => {
  replies = [];
  vi.stubGlobal('postMessage', (message: ExportReply) => replies.push(message));
  vi.stubGlobal('onmessage', null);
  vi.resetModules();
  await import('../../src/domain/exportWorker');
  const handler = (globalThis as unknown as { onmessage: Handler }).onmessage;
  send = (data) => handler({ data });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const textOf = async (reply: ExportReply | undefined) => {
  if (!reply?.ok) throw new Error(`expected a file, got ${JSON.stringify(reply)}`);
  return { type: reply.blob.type, text: await reply.blob.text() };
};

describe('the export worker', () => {
  const rows = [
    { id: 1, name: 'Flour' },
    { id: 2, name: '=SUM(A1)' },
    { id: 3, name: 'Salt, fine' },
  ];

  it('gathers the slices, then replies with the CSV file of all of them in order', async () => {
    await send({ id: 7, type: 'rows', rows: rows.slice(0, 2) });
    await send({ id: 7, type: 'rows', rows: rows.slice(2) });
    expect(replies).toEqual([]);
    await send({ id: 7, type: 'end', format: 'csv' });
    expect(replies).toHaveLength(1);
    expect(replies[0]!.id).toBe(7);
    expect(await textOf(replies[0])).toEqual({ type: 'text/csv;charset=utf-8', text: toCsv(rows) });
  });

  it('replies with the JSON file, pretty-printed with two spaces', async () => {
    await send({ id: 1, type: 'rows', rows });
    await send({ id: 1, type: 'end', format: 'json' });
    expect(await textOf(replies[0])).toEqual({
      type: 'application/json;charset=utf-8',
      text: JSON.stringify(rows, null, 2),
    });
  });

  it('a large export is built in one go', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => ({ i }));
    await send({ id: 1, type: 'rows', rows: many });
    await send({ id: 1, type: 'end', format: 'json' });
    expect(await textOf(replies[0])).toEqual({
      type: 'application/json;charset=utf-8',
      text: JSON.stringify(many, null, 2),
    });
  });

  it('builds in one go: the reply does not wait for a turn of the event loop (no page to keep responsive here)', async () => {
    vi.stubGlobal('MessageChannel', undefined); // so a pause would be a timer, which cannot fire during the microtasks below
    const many = Array.from({ length: 1200 }, (_, i) => ({ i }));
    await send({ id: 1, type: 'rows', rows: many });
    const done = send({ id: 1, type: 'end', format: 'csv' });
    for (let i = 0; i < 50; i++) await Promise.resolve();
    expect(replies.map((r) => r.id)).toEqual([1]);
    await done;
  });

  it('two exports in flight keep their rows apart', async () => {
    await send({ id: 1, type: 'rows', rows: [{ a: 1 }] });
    await send({ id: 2, type: 'rows', rows: [{ b: 2 }] });
    await send({ id: 1, type: 'rows', rows: [{ a: 3 }] });
    await send({ id: 2, type: 'end', format: 'json' });
    await send({ id: 1, type: 'end', format: 'json' });
    expect(replies.map((r) => r.id)).toEqual([2, 1]);
    expect((await textOf(replies[0])).text).toBe(JSON.stringify([{ b: 2 }], null, 2));
    expect((await textOf(replies[1])).text).toBe(JSON.stringify([{ a: 1 }, { a: 3 }], null, 2));
  });

  it('an export with no rows gives an empty file; the rows of a finished export are forgotten', async () => {
    await send({ id: 3, type: 'end', format: 'json' });
    expect((await textOf(replies[0])).text).toBe('[]');
    await send({ id: 4, type: 'rows', rows: [{ a: 1 }] });
    await send({ id: 4, type: 'end', format: 'csv' });
    await send({ id: 4, type: 'end', format: 'csv' });
    expect((await textOf(replies[1])).text).toBe(toCsv([{ a: 1 }]));
    expect((await textOf(replies[2])).text).toBe('');
  });

  it("a row that cannot be written replies with the error's message", async () => {
    const bigint = (() => {
      try {
        JSON.stringify(1n);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    await send({ id: 5, type: 'rows', rows: [{ amount: 1n }] });
    await send({ id: 5, type: 'end', format: 'json' });
    expect(replies).toEqual([{ id: 5, ok: false, message: bigint }]);
  });

  it('something thrown that is not an Error is replied as text', async () => {
    await send({
      id: 6,
      type: 'rows',
      rows: [
        {
          toJSON: () => {
            throw 'row 6 is broken';
          },
        },
      ],
    });
    await send({ id: 6, type: 'end', format: 'json' });
    expect(replies).toEqual([{ id: 6, ok: false, message: 'row 6 is broken' }]);
  });
});
