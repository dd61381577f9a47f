// @vitest-environment jsdom
/**
 * Whole-data-set reads and writes for backup and restore (src/storage/batch.ts), beyond
 * tests/unit/backup.test.ts: what each failure says, what a read of a failing storage gives, and the
 * order of the writes (removals first, only of keys the new data leaves out).
 */
import { describe, expect, it } from 'vitest';
import { keepHighestNumbers, readAppData, replaceAppData } from '../../src/storage/batch';

/** A Storage in a Map that logs its writes; `failOn` makes the matching write throw `error`. */
class LoggedStorage implements Storage {
  map = new Map<string, string>();
  log: string[] = [];
  failOn: (op: string) => boolean = () => false;
  error: unknown = new Error('disk on fire');
  failReads = false;
  constructor(entries: Record<string, string> = {}) {
    for (const [k, v] of Object.entries(entries)) this.map.set(k, v);
  }
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(key: string) {
    if (this.failReads) throw new Error('cannot read');
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    const op = `set ${key}`;
    this.log.push(op);
    if (this.failOn(op)) throw this.error;
    this.map.set(key, value);
  }
  removeItem(key: string) {
    const op = `remove ${key}`;
    this.log.push(op);
    if (this.failOn(op)) throw this.error;
    this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
  entries() {
    return Object.fromEntries([...this.map].sort(([a], [b]) => a.localeCompare(b)));
  }
}

describe('reading the data set', () => {
  it('a storage that is missing or cannot be read reads as empty', () => {
    expect(readAppData(null)).toEqual({});
    const storage = new LoggedStorage({ events: '[]' });
    storage.failReads = true;
    expect(readAppData(storage)).toEqual({});
  });

  it('reads the app’s keys from this browser’s storage by default', () => {
    localStorage.clear();
    localStorage.setItem('events', '[1]');
    localStorage.setItem('sb-token', 'secret');
    expect(readAppData()).toEqual({ events: '[1]' });
    localStorage.clear();
  });
});

describe('replacing the data set', () => {
  it('without storage, says it is not available and that nothing was changed', () => {
    expect(replaceAppData({ events: '[]' }, null)).toEqual({
      ok: false,
      rolledBack: true,
      error: expect.objectContaining({
        key: '',
        reason: 'unavailable',
        message: 'Browser storage is not available. Nothing was changed.',
      }),
    });
  });

  it('names the key that is not the app’s, and writes nothing', () => {
    const storage = new LoggedStorage({ events: '[1]' });
    expect(replaceAppData({ events: '[]', 'other-site': 'x' }, storage)).toEqual({
      ok: false,
      rolledBack: true,
      error: expect.objectContaining({
        key: 'other-site',
        reason: 'unknown',
        message: 'other-site is not Cater Captain data, so nothing was written.',
      }),
    });
    expect(storage.log).toEqual([]);
  });

  it('a storage that cannot be read is not taken for an empty one: nothing is written', () => {
    const storage = new LoggedStorage({ events: '[1]' });
    storage.failReads = true;
    const result = replaceAppData({ events: '[]' }, storage);
    expect(result).toEqual({
      ok: false,
      rolledBack: true,
      error: expect.objectContaining({
        key: '',
        reason: 'unknown',
        message: ' could not be written to browser storage. Nothing was changed.',
      }),
    });
    expect(storage.log).toEqual([]);
  });

  it('removes only the keys the new data leaves out, before writing any value', () => {
    const storage = new LoggedStorage({ events: '[1]', suppliers: '[2]', employees: '[3]', 'sb-token': 't' });
    const result = replaceAppData({ suppliers: '[4]', inventoryItems: '[5]' }, storage);
    expect(result).toEqual({ ok: true, previous: { events: '[1]', suppliers: '[2]', employees: '[3]' } });
    expect(storage.log).toEqual(['remove events', 'remove employees', 'set suppliers', 'set inventoryItems']);
    expect(storage.entries()).toEqual({ inventoryItems: '[5]', 'sb-token': 't', suppliers: '[4]' });
  });

  it('a write that fails for another reason than a full storage names the key, and the data is put back', () => {
    const storage = new LoggedStorage({ events: '[1]', suppliers: '[2]' });
    storage.failOn = (op) => op === 'set inventoryItems';
    const result = replaceAppData({ suppliers: '[4]', inventoryItems: '[5]' }, storage);
    expect(result).toEqual({
      ok: false,
      rolledBack: true,
      error: expect.objectContaining({
        key: 'inventoryItems',
        reason: 'unknown',
        message: 'inventoryItems could not be written to browser storage. Nothing was changed.',
      }),
    });
    expect(storage.entries()).toEqual({ events: '[1]', suppliers: '[2]' });
  });

  it('a removal that fails names the key being removed, and the data is put back', () => {
    const storage = new LoggedStorage({ events: '[1]', suppliers: '[2]' });
    storage.failOn = (op) => op === 'remove events' && storage.log.length === 1;
    storage.error = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    const result = replaceAppData({ suppliers: '[4]' }, storage);
    expect(result).toMatchObject({
      ok: false,
      rolledBack: true,
      error: {
        key: 'events',
        reason: 'quota',
        message: 'Browser storage is full: events could not be written. Nothing was changed.',
      },
    });
    expect(storage.entries()).toEqual({ events: '[1]', suppliers: '[2]' });
  });

  it('when putting the data back fails too, says which key failed, why, and what to do', () => {
    const storage = new LoggedStorage({ events: '[1]' });
    storage.error = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    storage.failOn = (op) => op.startsWith('set ');
    const result = replaceAppData({ suppliers: '[4]' }, storage);
    expect(result).toEqual({
      ok: false,
      rolledBack: false,
      error: expect.objectContaining({
        key: 'suppliers',
        reason: 'quota',
        message:
          'suppliers could not be written, and putting the earlier data back failed too. Keep your backup file and reload the page.',
      }),
    });
  });

  it('the roll-back first removes every app key the failed write left, then puts the old values back', () => {
    const storage = new LoggedStorage({ events: '[1]', 'sb-token': 't' });
    storage.failOn = (op) => op === 'set employees';
    replaceAppData({ suppliers: '[4]', employees: '[5]' }, storage);
    expect(storage.log).toEqual(['remove events', 'set suppliers', 'set employees', 'remove suppliers', 'set events']);
    expect(storage.entries()).toEqual({ events: '[1]', 'sb-token': 't' });
  });
});

describe('keepHighestNumbers: a restore never gives a quote or invoice number twice', () => {
  const numbers = (value: unknown) => JSON.stringify(value);
  const events = '[]';

  it('without numbers stored here, the restored data is written as it is', () => {
    const next = { events, documentNumbers: numbers({ quote: { '2026': 2 }, invoice: {} }) };
    expect(keepHighestNumbers({ events }, next)).toEqual(next);
  });

  it('numbers stored here that cannot be read leave the restored data as it is', () => {
    const next = { events, documentNumbers: numbers({ quote: { '2026': 2 }, invoice: {} }) };
    expect(keepHighestNumbers({ documentNumbers: '{oops' }, next)).toEqual(next);
    expect(keepHighestNumbers({ documentNumbers: '"none"' }, next)).toEqual(next);
  });

  it('the higher count per kind and year of both sides is kept', () => {
    const previous = { documentNumbers: numbers({ quote: { '2026': 5 }, invoice: { '2025': 1 } }) };
    const next = { events, documentNumbers: numbers({ quote: { '2026': 3, '2025': 7 }, invoice: { '2025': 4 } }) };
    const kept = keepHighestNumbers(previous, next);
    expect(kept.events).toBe(events);
    expect(JSON.parse(kept.documentNumbers!)).toEqual({ quote: { '2026': 5, '2025': 7 }, invoice: { '2025': 4 } });
  });

  it('a backup without numbers, or with numbers that cannot be read, keeps the ones stored here', () => {
    const previous = { documentNumbers: numbers({ quote: { '2026': 5 }, invoice: {} }) };
    for (const next of [{ events }, { events, documentNumbers: '{oops' }] as Record<string, string>[]) {
      const kept = keepHighestNumbers(previous, next);
      expect(kept.events).toBe(events);
      expect(JSON.parse(kept.documentNumbers!)).toEqual({ quote: { '2026': 5 }, invoice: {} });
    }
  });

  it('restored numbers already the highest are written as they are', () => {
    const next = { documentNumbers: numbers({ quote: { '2026': 9 }, invoice: {} }) };
    expect(keepHighestNumbers({ documentNumbers: numbers({ quote: { '2026': 5 }, invoice: {} }) }, next)).toEqual(next);
  });
});
