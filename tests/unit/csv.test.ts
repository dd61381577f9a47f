import { describe, expect, it } from 'vitest';
import { cellText, csvCell, csvColumns, isFormulaLike, toCsv } from '../../src/domain/csv';

/** A small RFC 4180 reader, to check that what we write reads back as the same cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  row.push(cell);
  rows.push(row);
  return rows;
}

describe('csv writer', () => {
  it('writes a header row of field names and quotes every value', () => {
    expect(toCsv([{ name: 'Flour', quantity: 3 }])).toBe('"name","quantity"\r\n"Flour","3"');
  });

  it('doubles quotes', () => {
    expect(csvCell('5" pan')).toBe('"5"" pan"');
    expect(csvCell('"quoted"')).toBe('"""quoted"""');
  });

  it('keeps commas and line breaks inside the quotes', () => {
    const text = toCsv([{ note: 'one, two\nthree\r\nfour' }]);
    expect(text).toBe('"note"\r\n"one, two\nthree\r\nfour"');
    expect(parseCsv(text)).toEqual([['note'], ['one, two\nthree\r\nfour']]);
  });

  it('keeps unicode as it is', () => {
    const value = 'Crème brûlée 🍮 — 寿司 Ωμέγα';
    expect(parseCsv(toCsv([{ dish: value }]))[1]).toEqual([value]);
  });

  it.each(['=SUM(A1:A2)', '+cmd|calc', '-2+3', '@SUM(1)', '\tTAB', '\rCR', '=1', '-', '+', '@'])(
    'neutralises formula-like text %j',
    (value) => {
      expect(isFormulaLike(value)).toBe(true);
      expect(cellText(value)).toBe(`'${value}`);
      expect(parseCsv(toCsv([{ v: value }]))[1]![0]!.startsWith("'")).toBe(true);
    },
  );

  it.each(['-5', '+1.5', '-0.25', '1e5', '-3E-2', '.5', '42'])('leaves plain numbers in text alone: %j', (value) => {
    expect(isFormulaLike(value)).toBe(false);
    expect(cellText(value)).toBe(value);
  });

  it('writes numbers and booleans as written, negative numbers untouched', () => {
    expect(toCsv([{ a: -12.5, b: 0, c: true, d: false }])).toBe('"a","b","c","d"\r\n"-12.5","0","true","false"');
  });

  it('writes empty, null, undefined and non-finite values as empty cells', () => {
    expect(toCsv([{ a: '', b: null, c: undefined, d: Number.NaN, e: Infinity }])).toBe(
      '"a","b","c","d","e"\r\n"","","","",""',
    );
  });

  it('writes nested lists and objects as JSON, never [object Object]', () => {
    const row = {
      ingredients: [{ name: 'Salt', quantityNeeded: 2 }],
      notes: [{ notes: 'Call "Bob"' }],
      pricing: { total: 10 },
    };
    const text = toCsv([row]);
    expect(text).not.toContain('[object Object]');
    const cells = parseCsv(text)[1]!;
    expect(JSON.parse(cells[0]!)).toEqual(row.ingredients);
    expect(JSON.parse(cells[1]!)).toEqual(row.notes);
    expect(JSON.parse(cells[2]!)).toEqual(row.pricing);
  });

  it('uses the union of fields, first record first, and leaves missing fields empty', () => {
    const rows = [
      { a: 1, b: 2 },
      { b: 3, c: 4 },
    ];
    expect(csvColumns(rows)).toEqual(['a', 'b', 'c']);
    expect(parseCsv(toCsv(rows))).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', ''],
      ['', '3', '4'],
    ]);
  });

  it('neutralises formula-like field names too', () => {
    expect(toCsv([{ '=cmd': 1 }]).split('\r\n')[0]).toBe('"\'=cmd"');
  });

  it('writes an empty list as an empty header', () => {
    expect(toCsv([])).toBe('');
  });
});

describe('csv writer: values and rows of unexpected types', () => {
  it('writes big integers as written', () => {
    expect(cellText(12345678901234567890n)).toBe('12345678901234567890');
    expect(toCsv([{ id: 10n }])).toBe('"id"\r\n"10"');
  });

  it('writes a value JSON cannot show (a function, a symbol) as an empty cell', () => {
    expect(cellText(() => 1)).toBe('');
    expect(cellText(Symbol('x'))).toBe('');
  });

  it('a row that is not a record (null, text, a number) adds no columns and writes empty cells', () => {
    const rows = [null, 'ab', 5, { a: 1 }] as unknown as Parameters<typeof toCsv>[0];
    expect(csvColumns(rows)).toEqual(['a']);
    expect(toCsv(rows)).toBe('"a"\r\n""\r\n""\r\n""\r\n"1"');
  });
});

describe('csv writer: signed numbers and dates', () => {
  it.each(['-12.5', '+100.25', '-.25', '-.5', '-1e5', '+2E10', '-1e15', '-12', '+7.'])(
    'a signed plain number %j is data, not a formula',
    (value) => {
      expect(isFormulaLike(value)).toBe(false);
      expect(cellText(value)).toBe(value);
    },
  );

  it.each(['-.', '-e5', '-1e', '-1e+', '-1.2.3', '+.x', '-12abc'])(
    'signed text that is not a number %j is neutralised',
    (value) => {
      expect(isFormulaLike(value)).toBe(true);
      expect(cellText(value)).toBe(`'${value}`);
    },
  );

  it('writes a date as its ISO time, an invalid date as an empty cell', () => {
    expect(cellText(new Date('2026-11-21T10:30:00Z'))).toBe('2026-11-21T10:30:00.000Z');
    expect(cellText(new Date('not a date'))).toBe('');
  });
});
