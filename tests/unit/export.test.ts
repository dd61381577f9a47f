import { describe, expect, it, vi } from 'vitest';
import { toCsv } from '../../src/domain/csv';
import {
  buildExportText,
  emptyCollectionMessage,
  exportFileName,
  exportSuccessMessage,
  hasRows,
  readableValue,
  yieldToPage,
} from '../../src/domain/export';

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
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      id: String(i),
      name: i % 2 ? `=evil${i}` : `Item, "${i}"`,
      qty: i,
    }));
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

describe('building the file in slices', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ i }));
  const counting = () => {
    const counter = { pauses: 0, yieldToPage: async () => void counter.pauses++ };
    return counter;
  };

  it.each([
    ['json', 2500, 2],
    ['json', 2000, 1],
    ['json', 1000, 0],
    ['json', 1, 0],
    ['csv', 2000, 1],
    ['csv', 1000, 0],
  ] as const)(
    '%s with %i rows in slices of 1000 gives the page %i turns, only between slices',
    async (format, n, turns) => {
      const counter = counting();
      const text = await buildExportText(rows(n), format, { chunkSize: 1000, yieldToPage: counter.yieldToPage });
      expect(text).toBe(format === 'json' ? JSON.stringify(rows(n), null, 2) : toCsv(rows(n)));
      expect(counter.pauses).toBe(turns);
    },
  );

  it('a slice size below 1 is taken as 1', async () => {
    const counter = counting();
    expect(await buildExportText(rows(3), 'json', { chunkSize: 0, yieldToPage: counter.yieldToPage })).toBe(
      JSON.stringify(rows(3), null, 2),
    );
    expect(counter.pauses).toBe(2);
  });

  it('rows JSON cannot show (undefined, a function) are written as null, like JSON.stringify', async () => {
    const odd = [undefined, () => 1, { a: 1 }];
    expect(await buildExportText(odd, 'json', { yieldToPage: noPause })).toBe(JSON.stringify(odd, null, 2));
    expect(await buildExportText(odd, 'json', { yieldToPage: noPause })).toBe(
      '[\n  null,\n  null,\n  {\n    "a": 1\n  }\n]',
    );
  });
});

describe('yielding to the page', () => {
  /** Resolves 'yielded' when the promise settles within 200 ms, else 'stuck'. */
  const settles = (p: Promise<void>) =>
    Promise.race([p.then(() => 'yielded'), new Promise((resolve) => setTimeout(() => resolve('stuck'), 200))]);

  it('lets a long chain of pending microtasks finish first (a macrotask), then resolves', async () => {
    let steps = 0;
    const turn = yieldToPage();
    const chain = async () => {
      for (let i = 0; i < 100; i++) {
        await Promise.resolve();
        steps++;
      }
    };
    void chain();
    await turn;
    expect(steps).toBe(100);
  });

  it('works without MessageChannel, through a timer', async () => {
    vi.stubGlobal('MessageChannel', undefined);
    try {
      let steps = 0;
      const turn = yieldToPage();
      void (async () => {
        for (let i = 0; i < 100; i++) {
          await Promise.resolve();
          steps++;
        }
      })();
      expect(await settles(turn)).toBe('yielded');
      expect(steps).toBe(100);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('readable values for the data view', () => {
  it('nothing reads as blank; text, numbers, booleans and big integers as written', () => {
    expect(readableValue(undefined)).toBe('');
    expect(readableValue(null)).toBe('');
    expect(readableValue('')).toBe('');
    expect(readableValue('Canapés')).toBe('Canapés');
    expect(readableValue(-1.5)).toBe('-1.5');
    expect(readableValue(true)).toBe('true');
    expect(readableValue(12n)).toBe('12');
  });

  it('a list leaves out blank entries', () => {
    expect(readableValue(['a', null, '', undefined, 'b'])).toBe('a; b');
    expect(readableValue([])).toBe('');
  });

  it('a note reads as its text, with or without its id; a note with other fields is shown field by field', () => {
    expect(readableValue({ id: 'n1', notes: 'Bring ice' })).toBe('Bring ice');
    expect(readableValue({ notes: 'Bring ice', author: 'Mia' })).toBe('notes: Bring ice, author: Mia');
    expect(readableValue({ id: 'n1' })).toBe('id: n1');
    expect(readableValue({ notes: 3 })).toBe('notes: 3');
  });

  it('a price line reads "name: price currency", without a currency "name: price"', () => {
    expect(readableValue({ name: 'Staff', price: 120 })).toBe('Staff: 120');
    expect(readableValue({ name: 'Staff', price: 120, currency: '' })).toBe('Staff: 120');
    expect(readableValue({ name: 'Cake', price: 80, currency: 'USD' })).toBe('Cake: 80 USD');
  });

  it('an ingredient reads "name × quantity"; a name alone or a quantity alone is shown field by field', () => {
    expect(readableValue({ name: 'Salt', quantityNeeded: 2 })).toBe('Salt × 2');
    expect(readableValue({ name: 'Salt', sku: 'S-1' })).toBe('name: Salt, sku: S-1');
    expect(readableValue({ quantityNeeded: 2, price: 3 })).toBe('quantityNeeded: 2, price: 3');
  });

  it('other objects: field by field, nested ones in parentheses, undefined fields left out', () => {
    expect(readableValue({ a: 1, skip: undefined, list: [1, 2], none: null })).toBe('a: 1, list: (1; 2), none: ');
    expect(readableValue({})).toBe('');
  });

  it('a symbol or a function is shown as text', () => {
    expect(readableValue(Symbol('tag'))).toBe('Symbol(tag)');
    expect(readableValue(function named() {})).toBe('function named() {}');
  });
});
