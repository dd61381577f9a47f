/**
 * Export files (spec sections 5 and 9): names, messages and the file text, built in chunks so a
 * large list does not freeze the page. Files are made locally; nothing goes over the network.
 */
import { CSV_NEWLINE, csvColumns, csvHeader, csvRow, type Row } from './csv';

export type ExportFormat = 'json' | 'csv';

export const EXPORT_TOAST_MS = 3000;

export function exportFileName(label: string, format: ExportFormat): string {
  return `${label}_data.${format}`;
}

export function exportMimeType(format: ExportFormat): string {
  return format === 'json' ? 'application/json;charset=utf-8' : 'text/csv;charset=utf-8';
}

export function exportSuccessMessage(collection: string, format: ExportFormat): string {
  return `${collection} data exported as ${format === 'json' ? 'JSON' : 'CSV'} successfully!`;
}

export function emptyCollectionMessage(collection: string): string {
  return `No data available for ${collection}`;
}

export function hasRows(rows: readonly unknown[] | null | undefined): rows is readonly unknown[] {
  return Array.isArray(rows) && rows.length > 0;
}

/** One element of a pretty-printed array: JSON.stringify(row, null, 2) indented by two more spaces. */
function jsonElement(row: unknown): string {
  const text = JSON.stringify(row, null, 2) ?? 'null';
  return `  ${text.replace(/\n/g, '\n  ')}`;
}

export interface BuildOptions {
  /** Rows per slice before giving the page a turn. */
  chunkSize?: number;
  /** Lets the page breathe between slices (default: a macrotask). */
  yieldToPage?: () => Promise<void>;
}

export function yieldToPage(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * The file text: JSON pretty-printed with two spaces (same text as JSON.stringify(rows, null, 2)),
 * or CSV. Works through the rows in slices and yields between them.
 */
export async function buildExportText(
  rows: readonly unknown[],
  format: ExportFormat,
  options: BuildOptions = {},
): Promise<string> {
  const chunkSize = Math.max(1, options.chunkSize ?? 500);
  const pause = options.yieldToPage ?? yieldToPage;
  if (format === 'json') {
    if (rows.length === 0) return '[]';
    const parts: string[] = [];
    for (let start = 0; start < rows.length; start += chunkSize) {
      if (start > 0) await pause();
      const end = Math.min(rows.length, start + chunkSize);
      for (let i = start; i < end; i++) parts.push(jsonElement(rows[i]));
    }
    return `[\n${parts.join(',\n')}\n]`;
  }
  const records = rows as readonly Row[];
  const columns = csvColumns(records);
  const lines: string[] = [csvHeader(columns)];
  for (let start = 0; start < records.length; start += chunkSize) {
    if (start > 0) await pause();
    const end = Math.min(records.length, start + chunkSize);
    for (let i = start; i < end; i++) lines.push(csvRow(records[i] as Row, columns));
  }
  return lines.join(CSV_NEWLINE);
}

/** Readable text for a table cell of the data view: never '[object Object]'. */
export function readableValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value))
    return value
      .map(readableValue)
      .filter((s) => s !== '')
      .join('; ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    // Known shapes of the event record: a note, a price line, an ingredient.
    if (typeof o.notes === 'string' && Object.keys(o).every((k) => k === 'notes' || k === 'id')) return o.notes;
    if (typeof o.name === 'string' && 'price' in o)
      return `${o.name}: ${readableValue(o.price)}${o.currency ? ` ${readableValue(o.currency)}` : ''}`;
    if (typeof o.name === 'string' && 'quantityNeeded' in o) return `${o.name} × ${readableValue(o.quantityNeeded)}`;
    return Object.entries(o)
      .filter(([, v]) => v !== undefined)
      .map(
        ([k, v]) =>
          `${k}: ${Array.isArray(v) || (v && typeof v === 'object') ? `(${readableValue(v)})` : readableValue(v)}`,
      )
      .join(', ');
  }
  return String(value);
}
