import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/domain/csv';
import { buildExportText, emptyCollectionMessage, exportFileName, exportSuccessMessage, hasRows, readableValue } from '../../src/domain/export';

const noPause = () => Promise.resolve();

describe('export files', () => {
  it('names files {label}_data.json and {label}_data.csv', () => {
    expect(exportFileName('NeedToOrderItems', 'json')).toBe('NeedToOrderItems_data.json');
    expect(exportFileName('UpcomingEvents', 'csv')).toBe('UpcomingEvents_data.csv');
    expect(exportFileName('inventoryItems', 'csv')).toBe('inventoryItems_data.csv');
  });

  it('uses the spec messages', () => {
    expect(exportSuccessMessage('events', 'json')).toBe('events data exported as JSON successfully!');
    expect(exportSuccessMessage('events', 'csv')).toBe('events data exported as CSV successfully!');
    expect(emptyCollectionMessage('suppliers')).toBe('No data available for suppliers');
  });

  it('treats empty and missing collections as empty', () => {
    expect(hasRows([])).toBe(false);
    expect(hasRows(null)).toBe(false);
    expect(hasRows(undefined)).toBe(false);
    expect(hasRows([{}])).toBe(true);
  });

  it.each([
    [[]],
    [[{ a: 1 }]],
    [[{ a: 'line\nbreak', nested: { b: [1, { c: null }] }, empty: [], obj: {} }, null, 3, 'text']],
    [Array.from({ length: 2500 }, (_, i) => ({ id: i, name: `Item ${i}`, tags: ['x', 'y'] }))],
  ])('builds JSON identical to JSON.stringify(rows, null, 2) in slices (%#)', async (rows) => {
    const text = await buildExportText(rows, 'json', { chunkSize: 7, yieldToPage: noPause });
    expect(text).toBe(JSON.stringify(rows, null, 2));
  });

  it('builds CSV identical to the one-shot writer, yielding between slices', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => ({ id: String(i), name: i % 2 ? `=evil${i}` : `Item, "${i}"`, qty: i }));
    let pauses = 0;
    const text = await buildExportText(rows, 'csv', {
      chunkSize: 1000,
      yieldToPage: async () => {
        pauses++;
      },
    });
    expect(text).toBe(toCsv(rows));
    expect(pauses).toBe(2);
  });

  it('yields to the page by default', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ i }));
    expect(await buildExportText(rows, 'csv', { chunkSize: 10 })).toBe(toCsv(rows));
  });

  it('shows nested values readably in the data view, never [object Object]', () => {
    expect(readableValue([{ notes: 'Bring aprons' }, { notes: 'Call venue' }])).toBe('Bring aprons; Call venue');
    expect(readableValue([{ id: 'p', name: 'Staff', price: 120, currency: 'CAD' }])).toBe('Staff: 120 CAD');
    expect(readableValue([{ name: 'Edible Flowers', quantityNeeded: 2, units: 'grams' }])).toBe('Edible Flowers × 2');
    expect(readableValue(['Canapés', 'Tart'])).toBe('Canapés; Tart');
    expect(readableValue({ a: 1, b: { c: 'd' } })).toBe('a: 1, b: (c: d)');
    expect(readableValue(null)).toBe('');
    expect(readableValue(false)).toBe('false');
    expect(readableValue([{ deep: [{ x: { y: 1 } }] }])).not.toContain('[object Object]');
  });
});

describe('export blob', () => {
  it('builds on the page when there is no Web Worker, with the right type', async () => {
    const { buildExportBlob } = await import('../../src/domain/exportFile');
    const rows = [{ a: '=1+1', b: 'x' }];
    const csv = await buildExportBlob(rows, 'csv');
    expect(csv.type).toBe('text/csv;charset=utf-8');
    expect(await csv.text()).toBe(toCsv(rows));
    const json = await buildExportBlob(rows, 'json');
    expect(json.type).toBe('application/json;charset=utf-8');
    expect(await json.text()).toBe(JSON.stringify(rows, null, 2));
  });
});
