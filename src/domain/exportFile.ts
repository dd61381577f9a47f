/**
 * The export file as a Blob: built in a Web Worker when the browser has one, otherwise on the page
 * in slices that yield between them.
 */
import { buildExportText, exportMimeType, type ExportFormat } from './export';
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

function inWorker(rows: readonly unknown[], format: ExportFormat): Promise<Blob> | null {
  const w = workerBroken ? null : getWorker();
  if (!w) return null;
  const id = nextId++;
  return new Promise<Blob>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    w.postMessage({ id, rows, format } satisfies ExportRequest);
  });
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
