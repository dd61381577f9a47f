import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCsv } from '../../src/domain/csv';
import type { ExportReply, ExportRequest } from '../../src/domain/exportWorker';

/** A stand-in for the browser's Worker: records what the page posts and lets the test reply or crash. */
class FakeWorker {
  static made: FakeWorker[] = [];
  static refuse = false;
  posted: ExportRequest[] = [];
  terminated = false;
  onmessage: ((event: { data: ExportReply }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    if (FakeWorker.refuse) throw new Error('workers are blocked');
    FakeWorker.made.push(this);
  }
  postMessage(message: ExportRequest) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  reply(data: ExportReply) {
    this.onmessage!({ data });
  }
}

/** exportFile keeps its worker for the page's lifetime: each test loads a fresh copy. */
async function load() {
  vi.resetModules();
  return import('../../src/domain/exportFile');
}
const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i }));
const ended = (w: FakeWorker) => vi.waitFor(() => expect(w.posted.at(-1)?.type).toBe('end'));

beforeEach(() => {
  FakeWorker.made = [];
  FakeWorker.refuse = false;
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('building the export in a Web Worker', () => {
  it('starts one module worker named "export" from exportWorker.ts, and reuses it', async () => {
    const { buildExportBlob } = await load();
    void buildExportBlob([{ a: 1 }], 'csv');
    void buildExportBlob([{ a: 2 }], 'json');
    expect(FakeWorker.made).toHaveLength(1);
    const [w] = FakeWorker.made;
    expect(w!.url.pathname).toMatch(/\/src\/domain\/exportWorker\.ts$/);
    expect(w!.options).toEqual({ type: 'module', name: 'export' });
  });

  it('hands the rows over in slices of 1000, the first at once and the others after the page had a turn, then asks for the file', async () => {
    const { buildExportBlob } = await load();
    const rows = rowsOf(2500);
    void buildExportBlob(rows, 'csv');
    const w = FakeWorker.made[0]!;
    expect(w.posted).toEqual([{ id: 1, type: 'rows', rows: rows.slice(0, 1000) }]);
    await ended(w);
    expect(w.posted).toEqual([
      { id: 1, type: 'rows', rows: rows.slice(0, 1000) },
      { id: 1, type: 'rows', rows: rows.slice(1000, 2000) },
      { id: 1, type: 'rows', rows: rows.slice(2000, 2500) },
      { id: 1, type: 'end', format: 'csv' },
    ]);
  });

  it('exactly 1000 rows are one slice; no rows send only the request for the file', async () => {
    const { buildExportBlob } = await load();
    const rows = rowsOf(1000);
    void buildExportBlob(rows, 'json');
    const w = FakeWorker.made[0]!;
    await ended(w);
    expect(w.posted).toEqual([
      { id: 1, type: 'rows', rows },
      { id: 1, type: 'end', format: 'json' },
    ]);
    w.posted = [];
    void buildExportBlob([], 'csv');
    await ended(w);
    expect(w.posted).toEqual([{ id: 2, type: 'end', format: 'csv' }]);
  });

  it("resolves with the worker's file; each export has its own id", async () => {
    const { buildExportBlob } = await load();
    const first = buildExportBlob([{ a: 1 }], 'csv');
    const second = buildExportBlob([{ a: 2 }], 'csv');
    const w = FakeWorker.made[0]!;
    await ended(w);
    const ids = [...new Set(w.posted.map((m) => m.id))];
    expect(ids).toEqual([1, 2]);
    const blobA = new Blob(['from the worker, second'], { type: 'text/csv;charset=utf-8' });
    const blobB = new Blob(['from the worker, first'], { type: 'text/csv;charset=utf-8' });
    w.reply({ id: 2, ok: true, blob: blobA });
    w.reply({ id: 1, ok: true, blob: blobB });
    expect(await second).toBe(blobA);
    expect(await first).toBe(blobB);
  });

  it('a reply for an export it is not waiting for (unknown or already answered) is ignored', async () => {
    const { buildExportBlob } = await load();
    const result = buildExportBlob([{ a: 1 }], 'csv');
    const w = FakeWorker.made[0]!;
    const blob = new Blob(['x']);
    expect(() => w.reply({ id: 99, ok: true, blob: new Blob(['other']) })).not.toThrow();
    w.reply({ id: 1, ok: true, blob });
    expect(() => w.reply({ id: 1, ok: false, message: 'late' })).not.toThrow();
    expect(await result).toBe(blob);
  });

  it("an error reply rejects that export with the worker's message (the worker still works)", async () => {
    const { buildExportBlob } = await load();
    const result = buildExportBlob([{ a: 1 }], 'json');
    const w = FakeWorker.made[0]!;
    w.reply({ id: 1, ok: false, message: 'Do not know how to serialize a BigInt' });
    await expect(result).rejects.toThrow('Do not know how to serialize a BigInt');
    void buildExportBlob([{ a: 2 }], 'json');
    expect(w.posted.slice(-2)).toEqual([
      { id: 2, type: 'rows', rows: [{ a: 2 }] },
      { id: 2, type: 'end', format: 'json' },
    ]);
  });
});

describe('falling back to the page', () => {
  it('a worker that crashes is stopped; its exports and all later ones are built on the page', async () => {
    const { buildExportBlob } = await load();
    const rows = [{ a: '=1+1', b: 'x' }];
    const pending = buildExportBlob(rows, 'csv');
    const w = FakeWorker.made[0]!;
    w.onerror!();
    expect(w.terminated).toBe(true);
    const blob = await pending;
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(await blob.text()).toBe(toCsv(rows));
    const later = await buildExportBlob(rows, 'json');
    expect(await later.text()).toBe(JSON.stringify(rows, null, 2));
    expect(FakeWorker.made).toHaveLength(1);
    expect(w.posted.filter((m) => m.type === 'end')).toHaveLength(1);
  });

  it('a second error event from the dead worker is harmless', async () => {
    const { buildExportBlob } = await load();
    void buildExportBlob([], 'csv');
    const w = FakeWorker.made[0]!;
    w.onerror!();
    expect(() => w.onerror!()).not.toThrow();
  });

  it('a browser that refuses to start the worker gets the file built on the page', async () => {
    FakeWorker.refuse = true;
    const { buildExportBlob } = await load();
    const blob = await buildExportBlob([{ a: 1 }], 'json');
    expect(blob.type).toBe('application/json;charset=utf-8');
    expect(await blob.text()).toBe(JSON.stringify([{ a: 1 }], null, 2));
  });

  it('without Web Workers the file is built on the page', async () => {
    vi.stubGlobal('Worker', undefined);
    const { buildExportBlob } = await load();
    const blob = await buildExportBlob([{ a: 1 }], 'csv');
    expect(await blob.text()).toBe(toCsv([{ a: 1 }]));
  });
});
