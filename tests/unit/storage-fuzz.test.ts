// @vitest-environment jsdom
/**
 * Fuzz of every key's reader (src/storage): thousands of random and mutated stored values, each read
 * on a clean storage. For every one: the reader never throws; no record is lost (what shows plus what
 * is set aside is everything that was stored, and a set-aside entry holds the stored text); and
 * reading writes nothing but set-aside entries. Seeded, so a failure names a reproducible case.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { listRecovered, type RecoveredEntry } from '../../src/storage/recovered';
import { accessorFor } from '../../src/storage/keys';
import { colorModeStore, soundMutedStore } from '../../src/storage/preferences';
import type { KeyAccessor } from '../../src/storage/store';

/** mulberry32: a tiny seeded PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Rng = ReturnType<typeof prng>;

const nastyStrings = [
  '',
  ' ',
  '3.25',
  ' 4 ',
  '-0',
  '0',
  '1e999',
  '-1e999',
  '1e308',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '1_000',
  '12.5%',
  '%',
  'true',
  'false',
  'null',
  'undefined',
  '[]',
  '{}',
  '"',
  '\\',
  '\u0000',
  '\ud800',
  '💥',
  'active',
  'inactive',
  'fulltime',
  'parttime',
  'light',
  'dark',
  'system',
  '__proto__',
  'constructor',
];
const nastyNumbers = [
  0,
  -0,
  1,
  -1,
  2.5,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  123456789012345680000,
  0.1 + 0.2,
];
const nastyKeys = [
  'id',
  'rev',
  'name',
  'quantity',
  'toString',
  'valueOf',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'lineId',
  'supplierID',
  'notes',
  '',
];

function randomString(r: Rng): string {
  if (r.chance(0.6)) return r.pick(nastyStrings);
  const length = r.int(12);
  let s = '';
  for (let i = 0; i < length; i++) s += String.fromCharCode(r.chance(0.9) ? 32 + r.int(95) : r.int(0xffff));
  return s;
}

function randomJSON(r: Rng, depth = 0): unknown {
  const kind = r.int(depth > 3 ? 4 : 6);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
      return r.chance(0.5) ? r.pick(nastyNumbers) : (r.next() - 0.5) * 10 ** r.int(20);
    case 3:
      return randomString(r);
    case 4:
      return Array.from({ length: r.int(4) }, () => randomJSON(r, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = r.int(4); i > 0; i--)
        Object.defineProperty(o, r.chance(0.5) ? r.pick(nastyKeys) : randomString(r), {
          value: randomJSON(r, depth + 1),
          enumerable: true,
          configurable: true,
          writable: true,
        });
      return o;
    }
  }
}

const num = (r: Rng) => (r.chance(0.3) ? String(r.int(500) / 4) : r.int(500) / 4);
const text = (r: Rng) => r.pick(['Butter', 'Harbour Dairy', 'Kitchen', '', 'a', '902-555-0101']);

/** A record the reader should accept (with the earlier app's quirks now and then). */
const validRecord: Record<string, (r: Rng, i: number) => Record<string, unknown>> = {
  inventoryItems: (r, i) => ({
    id: r.chance(0.2) ? 1000 + i : `item-${i}`,
    name: text(r),
    sku: r.chance(0.2) ? i : `SKU-${i}`,
    category: 'Dairy',
    amountPerUnit: num(r),
    unit: 'kg',
    packageType: 'box',
    quantity: num(r),
    costPerUnit: num(r),
    whenToOrder: num(r),
    supplierName: text(r),
    ...(r.chance(0.3) ? { rev: r.int(9) } : {}),
  }),
  suppliers: (r, i) => ({
    supplierID: r.chance(0.2) ? i : `S${i}`,
    supplierName: text(r),
    email: 'a@b.ca',
    phone: r.chance(0.5) ? 9025550101 : '902-555-0101',
    contractStatus: r.pick(['active', 'inactive']),
    startDate: '2025-01-01',
    endDate: '',
  }),
  employees: (r, i) => ({
    ...(r.chance(0.5) ? { id: `E${i}` } : {}),
    firstName: text(r),
    lastName: text(r),
    email: '',
    role: 'Cook',
    phone: r.chance(0.5) ? 9025550101 : '555',
    fullTimePartTime: r.pick(['fulltime', 'parttime']),
    department: '',
    startDate: '',
  }),
  events: (r, i) => ({
    id: r.chance(0.2) ? String(i + 4) : i + 4,
    EventName: text(r),
    CustomerFirstName: 'Ada',
    CustomerLastName: 'Quay',
    CustomerPhoneNumber: r.chance(0.5) ? 9025550199 : '902',
    CustomerEmail: '',
    EventType: 'Wedding',
    NumberOfGuests: num(r),
    EventDate: '2031-01-01',
    StartTime: '10:00',
    EndTime: '12:00',
    VenueName: '',
    VenueStreetAddress: r.chance(0.3) ? 12 : 'Main St',
    VenueCity: '',
    ingredients: r.chance(0.5)
      ? []
      : [
          {
            name: 'Salt',
            units: 'Kg',
            unitQuantity: '3.25',
            quantityNeeded: num(r),
            onHand: r.pick([true, 'false']),
            needToOrder: false,
            costPerUnit: '1.5',
            packageType: 'box',
            supplierName: '',
          },
        ],
    ...(r.chance(0.5)
      ? {
          menuItems: ['Soup', 3],
          notes: ['plain', { notes: 'obj' }],
          pricing: [{ name: 'x', price: num(r), currency: 'CAD' }],
        }
      : {}),
  }),
  selectedItems: (r, i) => ({
    id: r.chance(0.3) ? i : `item-${i}`,
    orderPlaced: r.pick([true, false, 'true', 'false']),
  }),
  'ingredientList-7': (r, i) => ({
    id: `item-${i}`,
    name: text(r),
    category: 'Dairy',
    supplierName: '',
    costPerUnit: num(r),
    amountPerUnit: num(r),
    unit: 'kg',
    packageType: 'box',
    quantity: num(r),
    ...(r.chance(0.3) ? { lineId: `L${r.int(3)}` } : {}),
  }),
};
const collectionKeys = Object.keys(validRecord);

function mutate(r: Rng, record: Record<string, unknown>): Record<string, unknown> {
  const out = { ...record };
  const fields = Object.keys(out);
  const field = r.pick(fields);
  switch (r.int(4)) {
    case 0:
      delete out[field];
      break;
    case 1:
      Object.defineProperty(out, r.pick(nastyKeys), {
        value: randomJSON(r),
        enumerable: true,
        configurable: true,
        writable: true,
      });
      break;
    default:
      out[field] = randomJSON(r);
  }
  return out;
}

/** One stored text for a collection key. */
function collectionText(r: Rng, key: string): string {
  const element = (index: number): unknown => {
    // Now and then a record repeats an id (two copies, or a clash with different content).
    const i = r.chance(0.2) ? 0 : index;
    const k = r.int(10);
    if (k < 4) return validRecord[key]!(r, i);
    if (k < 8) return mutate(r, validRecord[key]!(r, i));
    return randomJSON(r);
  };
  const list = () => Array.from({ length: r.int(8) }, (_, i) => element(i));
  switch (r.int(10)) {
    case 0:
      return JSON.stringify(randomJSON(r));
    case 1: {
      const t = JSON.stringify(list());
      return t.slice(0, r.int(t.length));
    }
    case 2:
      return randomString(r);
    case 3:
      // Huge numbers the way JSON text can hold them (they parse to ±Infinity or lose precision).
      return JSON.stringify(list()).replace(/:(-?\d+(?:\.\d+)?)/g, (_m, n: string) =>
        r.chance(0.3) ? `:${r.pick(['1e400', '-1e400', '123456789012345678901234567890', '1e-400'])}` : `:${n}`,
      );
    case 4:
      return JSON.stringify({ [key]: list() });
    default:
      return JSON.stringify(list());
  }
}

/** One stored text for a whole-value key. */
function valueText(r: Rng, key: string): string {
  const likely: Record<string, readonly string[]> = {
    '7-discountPercentage': [
      '10',
      '"13"',
      '12.5',
      '"12.5%"',
      '12.5%',
      '',
      ' ',
      '"  "',
      'null',
      '-5',
      '1e400',
      '"1e999"',
      '"NaN"',
      'NaN',
      '"ten"',
      '[10]',
      '{"v":1}',
      'true',
    ],
    '7-taxPercentage': ['13', '"13"', '0', '"0.5"', '15%', '%', '""', 'Infinity', '"-Infinity"', '1e308', '"abc"'],
    deletedEventIds: ['[]', '[1,2,3]', '[1.5]', '["4"]', '[null]', '{}', '[1e400]', '[9007199254740993]'],
    colorMode: ['"light"', '"dark"', '"system"', 'dark', '"Dark"', '""', 'null', '1'],
    soundMuted: ['true', 'false', '"true"', '0', 'null', '[]'],
  };
  switch (r.int(4)) {
    case 0:
      return JSON.stringify(randomJSON(r));
    case 1: {
      const t = JSON.stringify(randomJSON(r));
      return t.slice(0, r.int(t.length + 1));
    }
    case 2:
      return randomString(r);
    default:
      return r.pick(likely[key]!);
  }
}

const valueKeys = ['7-discountPercentage', '7-taxPercentage', 'deletedEventIds', 'colorMode', 'soundMuted'] as const;
function valueAccessor(key: string): KeyAccessor<unknown> {
  if (key === 'colorMode') return colorModeStore as KeyAccessor<unknown>;
  if (key === 'soundMuted') return soundMutedStore as KeyAccessor<unknown>;
  const found = accessorFor(key);
  if (found?.kind !== 'value') throw new Error(`no value accessor for ${key}`);
  return found.accessor;
}

function snapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i)!;
    out[k] = localStorage.getItem(k)!;
  }
  return out;
}

/** Nothing but set-aside entries was written; the source key holds the same bytes. */
function expectNoSilentWrite(key: string, raw: string, before: Record<string, string>, label: string) {
  const after = snapshot();
  expect(after[key], `${label}: source rewritten`).toBe(raw);
  for (const [k, v] of Object.entries(before)) expect(after[k], `${label}: ${k} changed`).toBe(v);
  const added = Object.keys(after).filter((k) => !(k in before));
  expect(
    added.filter((k) => !k.startsWith('recovered:')),
    `${label}: keys written`,
  ).toEqual([]);
}

const entriesFor = (key: string): RecoveredEntry[] => listRecovered().filter((e) => e.key === key);

function tryParse(raw: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch {
    return { ok: false };
  }
}

const CASES_PER_COLLECTION = 700;
const CASES_PER_VALUE = 300;

describe('what the fuzz found (fixed in src/storage/collection.ts)', () => {
  beforeEach(() => localStorage.clear());

  it('a record whose id cannot be turned into text is set aside, not a crash', () => {
    const raw = '[{"id":{"toString":1},"orderPlaced":true},{"id":"2","orderPlaced":false}]';
    localStorage.setItem('selectedItems', raw);
    const found = accessorFor('selectedItems');
    expect(found?.kind === 'collection' && found.accessor.read()).toEqual([{ id: '2', orderPlaced: false }]);
    expect(entriesFor('selectedItems').map((e) => e.text)).toEqual(['{"id":{"toString":1},"orderPlaced":true}']);
  });

  it('two identical unreadable records are set aside as two entries', () => {
    localStorage.setItem('suppliers', '[{"supplierID":"S1"},{"supplierID":"S1"},null,null]');
    expect(accessorFor('suppliers')?.accessor.read()).toEqual([]);
    expect(
      entriesFor('suppliers')
        .map((e) => e.index)
        .sort(),
    ).toEqual([0, 1, 2, 3]);
  });

  it('a record set aside for a duplicate id keeps the text that was stored', () => {
    const first = {
      id: '1',
      name: 'Butter',
      sku: 'B',
      category: 'Dairy',
      amountPerUnit: 1,
      unit: 'kg',
      packageType: 'box',
      quantity: 2,
      costPerUnit: 3,
      whenToOrder: 1,
      supplierName: '',
    };
    const second = { ...first, quantity: '3.25', sku: 7 };
    localStorage.setItem('inventoryItems', JSON.stringify([first, second]));
    expect(accessorFor('inventoryItems')?.accessor.read()).toHaveLength(1);
    expect(entriesFor('inventoryItems').map((e) => e.text)).toEqual([JSON.stringify(second)]);
  });
});

describe('storage readers under fuzz', () => {
  beforeEach(() => localStorage.clear());

  it.each(collectionKeys)('collection %s: never throws, loses no record, writes nothing back', (key) => {
    const r = prng(0xc47e2 + key.length * 7919 + key.charCodeAt(0));
    const found = accessorFor(key);
    if (found?.kind !== 'collection') throw new Error(`no collection accessor for ${key}`);
    const store = found.accessor;
    let previous: string | null = null;
    let partial = 0;
    for (let n = 0; n < CASES_PER_COLLECTION; n++) {
      const raw = collectionText(r, key);
      // The reader caches by raw text: the same text twice in a row is not read again (by design).
      if (raw === previous) continue;
      previous = raw;
      localStorage.clear();
      localStorage.setItem(key, raw);
      const before = snapshot();
      const label = `${key} case ${n}: ${raw.slice(0, 200)}`;
      let records: object[] = [];
      expect(() => (records = store.read()), label).not.toThrow();
      const entries = entriesFor(key);
      const parsed = tryParse(raw);
      if (parsed.ok && Array.isArray(parsed.value)) {
        const elements = parsed.value as unknown[];
        const perRecord = entries.filter((e) => e.index !== null);
        expect(
          entries.filter((e) => e.index === null),
          `${label}: whole-value entry for a list`,
        ).toEqual([]);
        expect(records.length + perRecord.length, `${label}: records shown + set aside`).toBe(elements.length);
        for (const e of perRecord)
          expect(e.text, `${label}: set-aside text of record ${e.index}`).toBe(JSON.stringify(elements[e.index!]));
        expect(new Set(perRecord.map((e) => e.index)).size, `${label}: one entry per record`).toBe(perRecord.length);
        if (perRecord.length && records.length) partial++;
      } else {
        expect(records, label).toEqual([]);
        expect(
          entries.map((e) => ({ index: e.index, text: e.text })),
          `${label}: one whole-value entry`,
        ).toEqual([{ index: null, text: raw }]);
      }
      expectNoSilentWrite(key, raw, before, label);
    }
    // The generator does reach the interesting mix: lists with both good and bad records.
    expect(partial).toBeGreaterThan(20);
  });

  it.each(valueKeys)('value %s: never throws, sets aside exactly the unreadable text, writes nothing back', (key) => {
    const r = prng(0x5eed + key.length * 104729 + key.charCodeAt(0));
    const accessor = valueAccessor(key);
    for (let n = 0; n < CASES_PER_VALUE; n++) {
      const raw = valueText(r, key);
      localStorage.clear();
      localStorage.setItem(key, raw);
      const before = snapshot();
      const label = `${key} case ${n}: ${raw.slice(0, 200)}`;
      let value: unknown;
      expect(() => (value = accessor.read()), label).not.toThrow();
      const checked = accessor.check(raw);
      const entries = entriesFor(key);
      if (checked.ok) {
        expect(entries, `${label}: readable value set aside`).toEqual([]);
        expect(value, label).toEqual(checked.value);
      } else {
        expect(
          entries.map((e) => ({ index: e.index, text: e.text })),
          `${label}: one whole-value entry`,
        ).toEqual([{ index: null, text: raw }]);
      }
      expectNoSilentWrite(key, raw, before, label);
    }
  });
});
