/**
 * Builds export files off the main thread (a module Web Worker), so a 10,000-row export cannot
 * freeze the page: the page only hands over the rows and receives a Blob.
 */
import { buildExportText, exportMimeType, type ExportFormat } from './export';

export interface ExportRequest {
  id: number;
  rows: readonly unknown[];
  format: ExportFormat;
}
export type ExportReply = { id: number; ok: true; blob: Blob } | { id: number; ok: false; message: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<ExportRequest>) => void) | null;
  postMessage(message: ExportReply): void;
}

const scope = globalThis as unknown as WorkerScope;
scope.onmessage = async ({ data }) => {
  try {
    // No page to keep responsive in here: build in one go.
    const text = await buildExportText(data.rows, data.format, { chunkSize: Number.MAX_SAFE_INTEGER });
    scope.postMessage({ id: data.id, ok: true, blob: new Blob([text], { type: exportMimeType(data.format) }) });
  } catch (error) {
    scope.postMessage({ id: data.id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
