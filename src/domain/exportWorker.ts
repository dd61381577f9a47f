/**
 * Builds export files off the main thread (a module Web Worker), so a 10,000-row export cannot
 * freeze the page: the page only hands over the rows and receives a Blob.
 */
import { buildExportText, exportMimeType, type ExportFormat } from './export';

/** The rows arrive in slices (each copied to the worker in a short step), then `end` builds the file. */
export type ExportRequest =
  { id: number; type: 'rows'; rows: readonly unknown[] } | { id: number; type: 'end'; format: ExportFormat };
export type ExportReply = { id: number; ok: true; blob: Blob } | { id: number; ok: false; message: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<ExportRequest>) => void) | null;
  postMessage(message: ExportReply): void;
}

const scope = globalThis as unknown as WorkerScope;
const received = new Map<number, unknown[]>();
scope.onmessage = async ({ data }) => {
  if (data.type === 'rows') {
    const rows = received.get(data.id) ?? [];
    for (const row of data.rows) rows.push(row);
    received.set(data.id, rows);
    return;
  }
  const rows = received.get(data.id) ?? [];
  received.delete(data.id);
  try {
    // No page to keep responsive in here: build in one go.
    const text = await buildExportText(rows, data.format, { chunkSize: Number.MAX_SAFE_INTEGER });
    scope.postMessage({ id: data.id, ok: true, blob: new Blob([text], { type: exportMimeType(data.format) }) });
  } catch (error) {
    scope.postMessage({ id: data.id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
