/**
 * The export file as a Blob: built in a Web Worker when the browser has one, otherwise on the page
 * in slices that yield between them.
 */
import { buildExportText, exportMimeType, yieldToPage, type ExportFormat } from './export';
import type { ExportReply, ExportRequest } from './exportWorker';

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (blob: Blob) => void; reject: (error: Error) => void }>();

function getWorker(): Worker | null {
  if (worker) return worker;
  if (typeof Worker === 'undefined') return null;
  try {
    worker = new Worker(new URL('./exportWorker.ts', import.meta.url), { type: 'module', name: 'export' });
  } catch {
    return null;
  }
  worker.onmessage = ({ data }: MessageEvent<ExportReply>) => {
    const entry = waiting.get(data.id);
    if (!entry) return;
    waiting.delete(data.id);
    if (data.ok) entry.resolve(data.blob);
    else entry.reject(new Error(data.message));
  };
  worker.onerror = () => {
    // The worker could not start or crashed: fail what it holds and fall back to the page from now on.
    for (const entry of waiting.values()) entry.reject(new Error('worker failed'));
    waiting.clear();
    worker?.terminate();
    worker = null;
    workerBroken = true;
  };
  return worker;
}
let workerBroken = false;

/** Rows copied to the worker per message: each copy is a short step, and the page gets a turn in between. */
const SLICE = 1000;

function inWorker(rows: readonly unknown[], format: ExportFormat): Promise<Blob> | null {
  const w = workerBroken ? null : getWorker();
  if (!w) return null;
  const id = nextId++;
  const done = new Promise<Blob>((resolve, reject) => waiting.set(id, { resolve, reject }));
  void (async () => {
    for (let start = 0; start < rows.length; start += SLICE) {
      if (start > 0) await yieldToPage();
      w.postMessage({ id, type: 'rows', rows: rows.slice(start, start + SLICE) } satisfies ExportRequest);
    }
    w.postMessage({ id, type: 'end', format } satisfies ExportRequest);
  })();
  return done;
}

async function onPage(rows: readonly unknown[], format: ExportFormat): Promise<Blob> {
  return new Blob([await buildExportText(rows, format)], { type: exportMimeType(format) });
}

export async function buildExportBlob(rows: readonly unknown[], format: ExportFormat): Promise<Blob> {
  const viaWorker = inWorker(rows, format);
  if (!viaWorker) return onPage(rows, format);
  try {
    return await viaWorker;
  } catch (error) {
    if (workerBroken) return onPage(rows, format);
    throw error;
  }
}
