/**
 * CSV writer for exports (spec section 9): a header row of field names, every value quoted, quotes
 * doubled, line breaks kept inside the quotes, rows separated by CRLF (RFC 4180).
 *
 * Text cells that a spreadsheet would run as a formula (first character =, +, -, @, tab or carriage
 * return) are neutralised with a leading apostrophe, unless the text is a plain number such as "-5"
 * or "+1.5" (those are data, and a spreadsheet reads them as numbers anyway).
 */

export type Row = Record<string, unknown>;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** True when a spreadsheet would treat this text as a formula. */
export function isFormulaLike(text: string): boolean {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
}

/** The text of one value: numbers and booleans as written, nested lists and objects as JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return isFormulaLike(value) ? `'${value}` : value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  const json = JSON.stringify(value) ?? '';
  return isFormulaLike(json) ? `'${json}` : json;
}

/** One quoted cell. */
export function csvCell(value: unknown): string {
  return `"${cellText(value).replace(/"/g, '""')}"`;
}

/** Field names in order of first appearance across all rows (the first record's fields come first). */
export function csvColumns(rows: readonly Row[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) {
    if (!row || typeof row !== 'object') continue;
    for (const key of Object.keys(row)) seen.add(key);
  }
  return [...seen];
}

export function csvHeader(columns: readonly string[]): string {
  return columns.map(csvCell).join(',');
}

export function csvRow(row: Row, columns: readonly string[]): string {
  return columns.map((column) => csvCell(row?.[column])).join(',');
}

export const CSV_NEWLINE = '\r\n';

/** The whole file at once (small lists and tests). Large lists go through buildExportText in chunks. */
export function toCsv(rows: readonly Row[]): string {
  const columns = csvColumns(rows);
  return [csvHeader(columns), ...rows.map((row) => csvRow(row, columns))].join(CSV_NEWLINE);
}
