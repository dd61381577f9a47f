// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import {
  backupFileName,
  buildBackup,
  describeChange,
  canonicalPayload,
  normaliseLegacyValue,
  recordIdOf,
  previewRestore,
  readBackup,
  serialiseBackup,
  sha256Hex,
  unreadableNote,
  type AppData,
  type Change,
  withSampleEvents,
} from '../../src/domain/backup';
import { readAppData, replaceAppData } from '../../src/storage/batch';
import { eventsStore, unreadableRecords } from '../../src/storage/keys';
import { parseJsonSafely } from '../../src/storage/json';

const item = (id: string, name: string) => ({ id, name, quantity: 1 });
const data: AppData = {
  inventoryItems: JSON.stringify([item('1', 'Flour'), item('2', 'Sugar')]),
  suppliers: JSON.stringify([{ supplierID: 's1', supplierName: 'Mill Co' }]),
  events: JSON.stringify([{ id: 4, EventName: 'Gala' }]),
  'ingredientList-4': JSON.stringify([{ id: '1', quantity: 3 }]),
  '4-taxPercentage': '8',
  colorMode: '"dark"',
};
const when = new Date('2026-11-23T10:15:00.000Z');
/** For the tests of the diff itself: no record is set aside by reading. */
const allReadable = () => new Set<number>();

async function fileOf(payload: AppData = data) {
  return serialiseBackup(await buildBackup(payload, when, '0.1.0'));
}

describe('building a backup', () => {
  it('holds every owned key with its exact text, the format, version, time, app version and a checksum of the payload', async () => {
    const doc = JSON.parse(await fileOf({ ...data, 'sb-auth-token': 'secret', 'other-site': 'x' }));
    expect(doc).toMatchObject({
      format: 'cater-captain-backup',
      formatVersion: 1,
      createdAt: '2026-11-23T10:15:00.000Z',
      appVersion: '0.1.0',
    });
    expect(doc.payload).toEqual(data);
    expect(doc.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(doc.sha256).toBe(await sha256Hex(canonicalPayload(data)));
  });

  it('checksums a canonical text: key order does not matter, one character does', async () => {
    const reversed = Object.fromEntries(Object.entries(data).reverse());
    expect(canonicalPayload(reversed)).toBe(canonicalPayload(data));
    expect(await sha256Hex(canonicalPayload({ ...data, '4-taxPercentage': '9' }))).not.toBe(
      await sha256Hex(canonicalPayload(data)),
    );
    // A known vector, so the hash is really SHA-256 over UTF-8.
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('names the file by the local date', () => {
    expect(backupFileName(new Date(2026, 0, 5, 23, 59))).toBe('cater-captain-backup-2026-01-05.json');
  });
});

describe('reading a backup file', () => {
  it('accepts its own file and gives back the same data', async () => {
    const result = await readBackup(await fileOf());
    expect(result).toEqual({
      ok: true,
      backup: { source: 'backup', createdAt: when.toISOString(), appVersion: '0.1.0', data, ignoredKeys: [] },
    });
  });

  it('accepts a reformatted file (pretty-printing does not change the checksum)', async () => {
    const reformatted = JSON.stringify(JSON.parse(await fileOf()));
    expect((await readBackup(reformatted)).ok).toBe(true);
  });

  it('refuses a file with one character of the payload changed', async () => {
    const text = (await fileOf()).replace('Flour', 'Flout');
    expect(await readBackup(text)).toEqual({
      ok: false,
      refusal: {
        reason: 'tampered',
        message: 'The backup was changed after it was made (its checksum does not match).',
      },
    });
  });

  it('refuses a file with a key added to the payload', async () => {
    const doc = JSON.parse(await fileOf());
    doc.payload.employees = '[]';
    expect(await readBackup(JSON.stringify(doc))).toMatchObject({ ok: false, refusal: { reason: 'tampered' } });
  });

  it('refuses a cut-off file, wherever it was cut', async () => {
    const text = await fileOf();
    for (const at of [10, Math.floor(text.length / 2), text.length - 3]) {
      expect(await readBackup(text.slice(0, at)), `cut at ${at}`).toEqual({
        ok: false,
        refusal: { reason: 'truncated', message: 'The backup is incomplete (the file was cut off).' },
      });
    }
  });

  it('refuses files that are not a backup', async () => {
    for (const text of [
      'hello',
      '"id","name"\r\n"1","Flour"',
      '[1,2,3]',
      JSON.stringify({ format: 'other-app', payload: {} }),
      JSON.stringify({ favouriteColour: 'blue' }),
    ]) {
      expect(await readBackup(text), text).toEqual({
        ok: false,
        refusal: { reason: 'not-backup', message: 'This file is not a Cater Captain backup.' },
      });
    }
    expect(await readBackup('   ')).toMatchObject({ ok: false, refusal: { reason: 'empty' } });
  });

  it('refuses a backup made by a newer version', async () => {
    const doc = JSON.parse(await fileOf());
    doc.formatVersion = 2;
    const result = await readBackup(JSON.stringify(doc));
    expect(result).toMatchObject({ ok: false, refusal: { reason: 'newer-version' } });
    expect(!result.ok && result.refusal.message).toMatch(/^This backup was made by a newer version/);
  });

  it('refuses a backup missing its parts or holding non-text values', async () => {
    const doc = JSON.parse(await fileOf());
    expect(await readBackup(JSON.stringify({ ...doc, sha256: undefined }))).toMatchObject({
      ok: false,
      refusal: { reason: 'damaged' },
    });
    expect(await readBackup(JSON.stringify({ ...doc, payload: [] }))).toMatchObject({
      ok: false,
      refusal: { reason: 'damaged' },
    });
    expect(await readBackup(JSON.stringify({ ...doc, formatVersion: '1' }))).toMatchObject({
      ok: false,
      refusal: { reason: 'damaged' },
    });
    const numeric = { ...doc, payload: { ...doc.payload, '4-taxPercentage': 8 } };
    expect(await readBackup(JSON.stringify(numeric))).toMatchObject({ ok: false, refusal: { reason: 'damaged' } });
  });

  it('refuses a backup whose collection is not a list, even with a matching checksum', async () => {
    const text = await fileOf({ ...data, events: '{"id":1}' });
    const result = await readBackup(text);
    expect(result).toMatchObject({ ok: false, refusal: { reason: 'damaged' } });
    expect(!result.ok && result.refusal.message).toContain('events');
  });

  it('ignores and lists keys the app does not own (they were checksummed, so they are not a sign of tampering)', async () => {
    const payload = { ...data, 'sb-auth-token': 'secret', zzz: '1' };
    const doc = {
      format: 'cater-captain-backup',
      formatVersion: 1,
      createdAt: when.toISOString(),
      appVersion: '0.1.0',
      sha256: await sha256Hex(canonicalPayload(payload)),
      payload,
    };
    const result = await readBackup(JSON.stringify(doc));
    expect(result).toMatchObject({ ok: true, backup: { data, ignoredKeys: ['sb-auth-token', 'zzz'] } });
  });
});

describe('reading a plain dump of the earlier app', () => {
  it('keeps only owned keys and normalises values to stored text', async () => {
    const dump = {
      inventoryItems: JSON.stringify([item('1', 'Flour')]), // a string holding JSON stays as it is
      events: [{ id: 4, EventName: 'Gala' }], // a raw JSON value is encoded
      '4-discountPercentage': 10,
      soundMuted: 'false',
      colorMode: 'dark', // a string that is not JSON is encoded as a JSON string
      'supabase.auth.token': '{"a":1}',
      unrelated: null,
    };
    const result = await readBackup(JSON.stringify(dump));
    expect(result).toEqual({
      ok: true,
      backup: {
        source: 'legacy',
        createdAt: null,
        appVersion: null,
        data: {
          inventoryItems: '[{"id":"1","name":"Flour","quantity":1}]',
          events: '[{"id":4,"EventName":"Gala"}]',
          '4-discountPercentage': '10',
          soundMuted: 'false',
          colorMode: '"dark"',
        },
        ignoredKeys: ['supabase.auth.token', 'unrelated'],
      },
    });
  });

  it('refuses a dump with none of the app keys', async () => {
    expect(await readBackup(JSON.stringify({ a: '1', b: 2 }))).toMatchObject({
      ok: false,
      refusal: { reason: 'not-backup' },
    });
  });
});

describe('the change preview', () => {
  const row = (changes: Change[], name: string) => changes.find((c) => c.name === name)!;

  it('counts records before and after, added, replaced and removed by id, per collection', () => {
    const current: AppData = {
      inventoryItems: JSON.stringify([item('1', 'Flour'), item('2', 'Sugar'), item('3', 'Salt')]),
      suppliers: JSON.stringify([{ supplierID: 's1', supplierName: 'Mill Co' }]),
      employees: JSON.stringify([
        { id: 'e1', firstName: 'Ana', email: 'ana@x' },
        { firstName: 'Bo', lastName: 'Li', email: 'bo@x' },
      ]),
    };
    const next: AppData = {
      inventoryItems: JSON.stringify([
        item('1', 'Flour'),
        item('2', 'Brown sugar'),
        item('4', 'Yeast'),
        item('5', 'Oil'),
      ]),
      suppliers: JSON.stringify([
        { supplierID: 's1', supplierName: 'Mill Company' },
        { supplierID: 's2', supplierName: 'Dairy' },
      ]),
      employees: JSON.stringify([
        { id: 'e1', firstName: 'Ana', email: 'ana@x' },
        { firstName: 'Bo', lastName: 'Lee', email: 'bo@x' },
      ]),
      events: '[]',
    };
    const { changes, changesAnything } = previewRestore(current, next, allReadable);
    expect(changes.map((c) => c.name)).toEqual([
      'inventoryItems',
      'suppliers',
      'employees',
      'events',
      'selectedItems',
      'perEvent',
      'preferences',
      'other',
    ]);
    expect(row(changes, 'inventoryItems')).toMatchObject({
      unit: 'records',
      before: 3,
      after: 4,
      added: 2,
      replaced: 1,
      removed: 1,
    });
    expect(row(changes, 'suppliers')).toMatchObject({ before: 1, after: 2, added: 1, replaced: 1, removed: 0 });
    // An employee without an id is matched by email.
    expect(row(changes, 'employees')).toMatchObject({ before: 2, after: 2, added: 0, replaced: 1, removed: 0 });
    expect(row(changes, 'events')).toMatchObject({ before: 0, after: 0, added: 0, replaced: 0, removed: 0 });
    expect(changesAnything).toBe(true);
  });

  it('counts per-event keys, preferences and other owned keys as keys', () => {
    const current: AppData = {
      'ingredientList-4': '[]',
      '4-taxPercentage': '8',
      colorMode: '"dark"',
      deletedEventIds: '[3]',
    };
    const next: AppData = {
      '4-taxPercentage': '9',
      '5-discountPercentage': '1',
      '6-taxPercentage': '2',
      colorMode: '"dark"',
      soundMuted: 'false',
    };
    const { changes } = previewRestore(current, next, allReadable);
    expect(row(changes, 'perEvent')).toMatchObject({
      unit: 'keys',
      before: 2,
      after: 3,
      added: 2,
      replaced: 1,
      removed: 1,
    });
    expect(row(changes, 'preferences')).toMatchObject({ before: 1, after: 2, added: 1, replaced: 0, removed: 0 });
    expect(row(changes, 'other')).toMatchObject({ before: 1, after: 0, added: 0, replaced: 0, removed: 1 });
  });

  it('describes a row in words, leaving out zeros', () => {
    expect(describeChange({ added: 7, replaced: 1, removed: 2 })).toBe('7 added, 1 replaced, 2 removed');
    expect(describeChange({ added: 0, replaced: 3, removed: 0 })).toBe('3 replaced');
    expect(describeChange({ added: 0, replaced: 0, removed: 0 })).toBe('No change');
  });

  it('says nothing changes when the backup holds the data already here', () => {
    expect(previewRestore(data, { ...data }, allReadable).changesAnything).toBe(false);
  });
});

/** A Storage in memory that throws QuotaExceededError on the Nth setItem (counting from 1). */
class FakeStorage implements Storage {
  map = new Map<string, string>();
  sets = 0;
  constructor(public failOnSet = Infinity) {}
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.sets++;
    if (this.sets === this.failOnSet) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.map.set(key, String(value));
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
  entries() {
    return Object.fromEntries(this.map);
  }
}

describe('the all-or-nothing write', () => {
  const before: Record<string, string> = {
    inventoryItems: '[{"id":"1","name":"Flour"}]',
    events: '[{"id":4}]',
    'ingredientList-4': '[]',
    colorMode: '"dark"',
    'sb-auth-token': 'session',
    'other-site': 'keep me',
  };
  const next: AppData = {
    inventoryItems: '[{"id":"2","name":"Sugar"}]',
    suppliers: '[]',
    employees: '[]',
    '7-taxPercentage': '5',
    soundMuted: 'false',
  };
  const seeded = (failOnSet = Infinity) => {
    const storage = new FakeStorage();
    for (const [k, v] of Object.entries(before)) storage.setItem(k, v);
    storage.sets = 0;
    storage.failOnSet = failOnSet;
    return storage;
  };

  it('reads only the keys the app owns', () => {
    const { 'sb-auth-token': _auth, 'other-site': _other, ...owned } = before;
    expect(readAppData(seeded())).toEqual(owned);
  });

  it('makes the app keys exactly the new data, leaves other keys alone, and returns what was there', () => {
    const storage = seeded();
    const result = replaceAppData(next, storage);
    const { 'sb-auth-token': auth, 'other-site': other, ...owned } = before;
    expect(result).toEqual({ ok: true, previous: owned });
    expect(storage.entries()).toEqual({ ...next, 'sb-auth-token': auth, 'other-site': other });
  });

  for (const n of [1, 3, 5]) {
    it(`rolls back to byte-identical data when setItem number ${n} hits the quota`, () => {
      const storage = seeded(n);
      const result = replaceAppData(next, storage);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error.reason).toBe('quota');
      expect(!result.ok && result.error.key).toBe(Object.keys(next)[n - 1]);
      expect(!result.ok && result.error.message).toMatch(
        /Browser storage is full: .* could not be written\. Nothing was changed\./,
      );
      expect(!result.ok && result.rolledBack).toBe(true);
      expect(storage.entries()).toEqual(before);
    });
  }

  it('says so when the rollback fails too', () => {
    const storage = seeded(2);
    storage.setItem = function (this: FakeStorage, key: string, value: string) {
      this.sets++;
      if (this.sets >= 2) throw new DOMException('full', 'QuotaExceededError');
      this.map.set(key, value);
    };
    const result = replaceAppData(next, storage);
    expect(result).toMatchObject({ ok: false, rolledBack: false });
    expect(!result.ok && result.error.message).toMatch(/putting the earlier data back failed too/);
  });

  it('refuses a key the app does not own before writing anything', () => {
    const storage = seeded();
    expect(replaceAppData({ ...next, 'sb-auth-token': 'stolen' }, storage)).toMatchObject({
      ok: false,
      error: { key: 'sb-auth-token' },
    });
    expect(storage.entries()).toEqual(before);
  });

  it('tells this tab to re-read after a write and after a rollback', () => {
    const seen: Array<string | null> = [];
    const listener = vi.fn((e: StorageEvent) => seen.push(e.key));
    window.addEventListener('storage', listener);
    replaceAppData(next, seeded());
    replaceAppData(next, seeded(2));
    window.removeEventListener('storage', listener);
    expect(seen).toEqual([null, null]);
  });
});

const damagedPrefix = 'The backup is damaged: it does not have the parts a backup must have.';
const notBackup = { ok: false, refusal: { reason: 'not-backup', message: 'This file is not a Cater Captain backup.' } };
const truncated = {
  ok: false,
  refusal: { reason: 'truncated', message: 'The backup is incomplete (the file was cut off).' },
};

describe('the backup text', () => {
  it('canonical payload: keys sorted, key and value JSON-encoded, pairs separated by commas', () => {
    expect(canonicalPayload({ b: '2', a: '"x"' })).toBe('{"a":"\\"x\\"","b":"2"}');
    expect(canonicalPayload({})).toBe('{}');
  });

  it('writes the payload keys in sorted order whatever order the data came in', async () => {
    const doc = await buildBackup({ suppliers: '[]', colorMode: '"dark"', events: '[]' }, when, '0.1.0');
    expect(Object.keys(doc.payload)).toEqual(['colorMode', 'events', 'suppliers']);
  });
});

describe('reading a backup: what is not a plain object, and where a cut-off is recognised', () => {
  it('refuses JSON that is a text, a number or null as not a backup', async () => {
    for (const text of ['"hello"', '42', 'null', 'true']) expect(await readBackup(text), text).toEqual(notBackup);
  });

  it('recognises a cut-off file with blank lines around it', async () => {
    const text = await fileOf();
    expect(await readBackup(`\n  ${text.slice(0, 40)}\n`)).toEqual(truncated);
  });

  it('recognises a compact backup cut off right after the payload (it still ends with "}")', async () => {
    const compact = JSON.stringify(JSON.parse(await fileOf()));
    expect(compact.endsWith('}}')).toBe(true);
    expect(await readBackup(compact.slice(0, -1))).toEqual(truncated);
  });

  it('recognises a backup written with spaces before the colon, cut off after the payload', async () => {
    const spaced = JSON.stringify(JSON.parse(await fileOf()), null, 1).replace(/": /g, '" : ');
    expect(await readBackup(spaced.trimEnd().slice(0, -1))).toEqual(truncated);
  });

  it('calls malformed JSON that ends with "}" and does not start as a backup "not a backup", not "cut off"', async () => {
    expect(await readBackup('{not json}')).toEqual(notBackup);
    // the backup format is only looked for at the start of the file
    expect(await readBackup(`{"notes":"${'x'.repeat(200)}","format":"cater-captain-backup",}`)).toEqual(notBackup);
  });
});

describe('reading a backup: version and header fields', () => {
  const withDoc = async (change: Record<string, unknown>) =>
    readBackup(JSON.stringify({ ...JSON.parse(await fileOf()), ...change }));

  it('refuses a format version that is not a whole number of at least 1 as damaged', async () => {
    for (const formatVersion of [0, -1, 1.5]) {
      expect(await withDoc({ formatVersion }), String(formatVersion)).toEqual({
        ok: false,
        refusal: { reason: 'damaged', message: damagedPrefix },
      });
    }
  });

  it('gives a null time and app version when the file does not hold them as text', async () => {
    const result = await withDoc({ createdAt: 5, appVersion: undefined });
    expect(result).toMatchObject({ ok: true, backup: { createdAt: null, appVersion: null } });
  });

  it('lists the ignored keys sorted, whatever their order in the file', async () => {
    const payload = { zzz: '1', events: '[]', aaa: '2' };
    const doc = {
      format: 'cater-captain-backup',
      formatVersion: 1,
      createdAt: 'x',
      appVersion: 'y',
      sha256: await sha256Hex(canonicalPayload(payload)),
      payload,
    };
    expect(await readBackup(JSON.stringify(doc))).toMatchObject({
      ok: true,
      backup: { data: { events: '[]' }, ignoredKeys: ['aaa', 'zzz'] },
    });
  });

  it('refuses a backup whose collection text is not readable JSON, naming it', async () => {
    expect(await readBackup(await fileOf({ ...data, suppliers: '[{"supplierID"' }))).toEqual({
      ok: false,
      refusal: { reason: 'damaged', message: `${damagedPrefix} Its suppliers are not readable.` },
    });
  });

  it('refuses a backup whose collection is not a list, with the exact words', async () => {
    expect(await readBackup(await fileOf({ ...data, events: '{"id":1}' }))).toEqual({
      ok: false,
      refusal: { reason: 'damaged', message: `${damagedPrefix} Its events are not a list.` },
    });
  });
});

describe('reading a plain dump: empty values and damaged collections', () => {
  it('turns a legacy value into stored text: null and undefined give nothing', () => {
    expect(normaliseLegacyValue(null)).toBeNull();
    expect(normaliseLegacyValue(undefined)).toBeNull();
    expect(normaliseLegacyValue('[1]')).toBe('[1]');
    expect(normaliseLegacyValue('dark')).toBe('"dark"');
    expect(normaliseLegacyValue(false)).toBe('false');
  });

  it('leaves out an owned key holding null and lists it with the other ignored keys, sorted', async () => {
    const dump = { zeta: 'x', events: [{ id: 1 }], colorMode: null };
    expect(await readBackup(JSON.stringify(dump))).toEqual({
      ok: true,
      backup: {
        source: 'legacy',
        createdAt: null,
        appVersion: null,
        data: { events: '[{"id":1}]' },
        ignoredKeys: ['colorMode', 'zeta'],
      },
    });
  });

  it('refuses a dump whose collection is not a list', async () => {
    expect(await readBackup(JSON.stringify({ events: { id: 1 } }))).toEqual({
      ok: false,
      refusal: { reason: 'damaged', message: `${damagedPrefix} Its events are not a list.` },
    });
  });
});

describe('matching records by id for the preview', () => {
  it('uses id, or supplierID for suppliers, as text; nothing for a record without one', () => {
    expect(recordIdOf('events', { id: 4 })).toBe('4');
    expect(recordIdOf('inventoryItems', { id: 'a1' })).toBe('a1');
    expect(recordIdOf('suppliers', { supplierID: 's1', id: 'x' })).toBe('s1');
    expect(recordIdOf('inventoryItems', { name: 'Flour' })).toBeNull();
    expect(recordIdOf('inventoryItems', { id: true })).toBeNull();
  });

  it('has no id for something that is not a record', () => {
    expect(recordIdOf('events', null)).toBeNull();
    expect(recordIdOf('events', [1])).toBeNull();
  });

  it('matches an employee without an id by email, then by name', () => {
    expect(recordIdOf('employees', { email: 'ana@x', firstName: 'Ana' })).toBe('email:ana@x');
    expect(recordIdOf('employees', { email: '', firstName: 'Bo', lastName: 'Li' })).toBe('name:Bo Li');
    expect(recordIdOf('employees', { email: 5, firstName: 'Bo' })).toBe('name:Bo ');
    expect(recordIdOf('employees', { lastName: 'Li' })).toBe('name: Li');
    expect(recordIdOf('employees', { firstName: 3 })).toBeNull();
    expect(recordIdOf('employees', {})).toBeNull();
  });

  it('does not match other collections by email or name', () => {
    expect(recordIdOf('inventoryItems', { email: 'a@x', firstName: 'A' })).toBeNull();
  });
});

describe('the change preview: unreadable collections, records without ids, repeated ids', () => {
  const row = (current: AppData, next: AppData, name: string) =>
    previewRestore(current, next, allReadable).changes.find((c) => c.name === name)!;

  it('counts a collection that is unreadable or not a list as no records', () => {
    expect(row({ events: 'garbage' }, { events: '[{"id":1}]' }, 'events')).toMatchObject({
      before: 0,
      after: 1,
      added: 1,
      removed: 0,
    });
    expect(row({ events: '{"id":1}' }, { events: '[]' }, 'events')).toMatchObject({
      before: 0,
      after: 0,
      added: 0,
      removed: 0,
    });
  });

  it('matches a record without an id by its whole text: a changed one is removed and added', () => {
    expect(
      row({ inventoryItems: '[{"name":"a"}]' }, { inventoryItems: '[{"name":"b"}]' }, 'inventoryItems'),
    ).toMatchObject({ added: 1, replaced: 0, removed: 1 });
  });

  it('matches repeated ids by their position among equals', () => {
    const three = JSON.stringify([item('1', 'A'), item('1', 'B'), item('1', 'C')]);
    const two = JSON.stringify([item('1', 'A'), item('1', 'B')]);
    expect(row({ inventoryItems: three }, { inventoryItems: two }, 'inventoryItems')).toMatchObject({
      before: 3,
      after: 2,
      added: 0,
      replaced: 0,
      removed: 1,
    });
    expect(
      row(
        { inventoryItems: two },
        { inventoryItems: JSON.stringify([item('1', 'A'), item('1', 'X')]) },
        'inventoryItems',
      ),
    ).toMatchObject({ replaced: 1, added: 0, removed: 0 });
  });

  it('does not count collections among the other saved keys', () => {
    expect(row({ inventoryItems: '[]', events: '[]' }, {}, 'other')).toMatchObject({ before: 0, after: 0, removed: 0 });
  });

  it('says something changes when records are only removed, or only replaced', () => {
    expect(previewRestore({ events: '[{"id":1}]' }, { events: '[]' }, allReadable).changesAnything).toBe(true);
    expect(
      previewRestore({ events: '[{"id":1,"n":1}]' }, { events: '[{"id":1,"n":2}]' }, allReadable).changesAnything,
    ).toBe(true);
  });
});

describe('the change preview: records reading will set aside to Recovered data', () => {
  const event = (id: number, EventDate: unknown = '2026-12-05') => ({
    id,
    EventName: `Event ${id}`,
    CustomerFirstName: 'Ann',
    CustomerLastName: 'Lee',
    CustomerPhoneNumber: '555',
    CustomerEmail: 'ann@lee.ca',
    EventType: 'Wedding',
    NumberOfGuests: 80,
    EventDate,
    StartTime: '18:00',
    EndTime: '22:00',
    VenueName: 'Hall',
    VenueStreetAddress: '1 Main',
    VenueCity: 'Halifax',
    ingredients: [],
  });
  const events = (...list: unknown[]) => ({ events: JSON.stringify(list) });
  const eventsRow = (current: AppData, next: AppData) =>
    previewRestore(current, next, unreadableRecords).changes.find((c) => c.name === 'events')!;

  it('counts only the readable records of the backup, and how many reading will set aside', () => {
    const row = eventsRow(events(event(2), event(1)), events(event(4), event(3, { day: 1 }), event(2), event(1)));
    expect(row).toMatchObject({ before: 2, after: 3, unreadable: 1, added: 1, replaced: 0, removed: 0 });
    expect(unreadableNote(row)).toBe('(1 unreadable, kept in Recovered data)');
    expect(describeChange(row)).toBe('1 added');
  });

  it('a record repeating an id is set aside by reading, so it is not counted either', () => {
    const row = eventsRow({}, events(event(1), { ...event(1), EventName: 'Copy' }));
    expect(row).toMatchObject({ before: 0, after: 1, unreadable: 1, added: 1 });
  });

  it('counts the records here as the lists show them: one already unreadable here is not among them', () => {
    const bad = event(3, { day: 1 });
    expect(eventsRow(events(event(1), bad), events(event(1)))).toMatchObject({
      before: 1,
      after: 1,
      unreadable: 0,
      added: 0,
      removed: 0,
    });
  });

  it('a backup that only adds an unreadable record changes something; the same one here and there does not', () => {
    const bad = event(3, { day: 1 });
    expect(previewRestore(events(event(1)), events(event(1), bad), unreadableRecords).changesAnything).toBe(true);
    expect(previewRestore(events(event(1), bad), events(event(1), bad), unreadableRecords).changesAnything).toBe(false);
  });

  it('agrees with what reading the restored text keeps and sets aside', () => {
    const text = JSON.stringify([event(4), event(3, { day: 1 }), event(2), { ...event(2), EventName: 'Copy' }]);
    const row = eventsRow({}, { events: text });
    window.localStorage.setItem('events', text);
    try {
      expect(eventsStore.read()).toHaveLength(row.after);
      expect(eventsStore.setAsideCount()).toBe(row.unreadable);
    } finally {
      window.localStorage.clear();
    }
  });

  it('unreadableRecords: the positions reading sets aside, for collections only; text that is not a list gives none', () => {
    expect([...unreadableRecords('events', JSON.stringify([event(1), event(2, { day: 1 }), event(3)]))]).toEqual([1]);
    // Not a list: reading sets the whole text aside (no position), so no record is left out of the counts.
    expect(eventsStore.unreadableIn('{"not":"a list"}')).toEqual([null]);
    expect([...unreadableRecords('events', '{"not":"a list"}')]).toEqual([]);
    // A per-event list is a collection too, read the same way.
    expect([...unreadableRecords('ingredientList-7', '[{"id":"x"}]')]).toEqual([0]);
    // Keys that are not collections, and keys the app does not know, have no records to set aside.
    expect([...unreadableRecords('colorMode', '"dark"')]).toEqual([]);
    expect([...unreadableRecords('no-such-key', '[1, 2]')]).toEqual([]);
  });

  it('the After column has no note when nothing is set aside', () => {
    expect(unreadableNote({ unreadable: 0 })).toBe('');
    expect(unreadableNote({ unreadable: 2 })).toBe('(2 unreadable, kept in Recovered data)');
  });
});

describe('the words of the refusals and preview rows', () => {
  it('says a blank file holds no data', async () => {
    expect(await readBackup(' \n ')).toEqual({
      ok: false,
      refusal: { reason: 'empty', message: 'This file holds no Cater Captain data.' },
    });
  });

  it('labels collections by their key and the key groups by name, counting records or keys', () => {
    const { changes } = previewRestore({}, {}, allReadable);
    expect(changes.map((c) => [c.label, c.unit])).toEqual([
      ['inventoryItems', 'records'],
      ['suppliers', 'records'],
      ['employees', 'records'],
      ['events', 'records'],
      ['selectedItems', 'records'],
      ['Per-event ingredients, staff, discounts and taxes', 'keys'],
      ['Preferences', 'keys'],
      ['Other saved data', 'keys'],
    ]);
  });
});

/** A version-1 file whose checksum matches its payload, whatever the payload holds. */
async function signedFile(payload: Record<string, string>, extra = '') {
  const sha256 = await sha256Hex(canonicalPayload(payload));
  const head = `"format":"cater-captain-backup","formatVersion":1,"createdAt":"${when.toISOString()}","appVersion":"0.1.0","sha256":"${sha256}"`;
  return `{${head}${extra},"payload":{${Object.entries(payload)
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join(',')}}}`;
}

describe('a backup holding none of the app’s keys', () => {
  it('is refused with a clear message, not previewed as removing everything', async () => {
    const payload = { 'sb-auth-token': 'x', 'account:A:events': '[]', 'other-site': 'y' };
    const result = await readBackup(await signedFile(payload));
    expect(result).toEqual({
      ok: false,
      refusal: {
        reason: 'empty',
        message:
          'This file holds no Cater Captain data. Restoring it would remove all your data, so nothing was changed.',
      },
    });
    expect((await readBackup(await signedFile({}))).ok).toBe(false);
  });

  it('still accepts a backup with one app key beside foreign ones', async () => {
    const result = await readBackup(await signedFile({ events: '[]', 'other-site': 'y' }));
    expect(result).toMatchObject({ ok: true, backup: { data: { events: '[]' }, ignoredKeys: ['other-site'] } });
  });
});

describe('a __proto__ key, spelt out or escaped', () => {
  it('the safe parse drops it at any depth after the escapes are decoded, and counts it', () => {
    const text = String.raw`{"\u005f_proto__":{"isAdmin":true},"a":[{"__proto__":{"x":1},"b":1}],"c":"\u00e9"}`;
    const parsed = parseJsonSafely(text);
    expect(parsed.protoKeys).toBe(2);
    expect(parsed.value).toEqual({ a: [{ b: 1 }], c: 'é' });
    expect(Object.getPrototypeOf(parsed.value)).toBe(Object.prototype);
    expect(Object.keys(parsed.value as object)).toEqual(['a', 'c']);
    expect(parseJsonSafely('{"a":[1,{"b":"c"}]}')).toEqual({ value: { a: [1, { b: 'c' }] }, protoKeys: 0 });
    expect(() => parseJsonSafely('{"a":')).toThrow(SyntaxError);
  });

  it('refuses a backup whose payload holds an escaped __proto__ key, even with a matching checksum', async () => {
    const text = (await signedFile({ events: '[]', __proto__PLACEHOLDER: '{"isAdmin":true}' })).replace(
      '"__proto__PLACEHOLDER"',
      String.raw`"\u005f_proto__"`,
    );
    // The checksum covers the decoded key, as the old parser read it.
    const fixed = text.replace(
      /"sha256":"[0-9a-f]+"/,
      `"sha256":"${await sha256Hex(`{"__proto__":${JSON.stringify('{"isAdmin":true}')},"events":"[]"}`)}"`,
    );
    const result = await readBackup(fixed);
    expect(result).toEqual({
      ok: false,
      refusal: {
        reason: 'damaged',
        message:
          'The backup is damaged: it does not have the parts a backup must have. It holds a key named __proto__, which no Cater Captain backup has.',
      },
    });
  });

  it('refuses a backup with an escaped __proto__ in its head, and a plain dump with one', async () => {
    expect(
      await readBackup(await signedFile({ events: '[]' }, String.raw`,"\u005f_proto__":{"formatVersion":1}`)),
    ).toMatchObject({ ok: false, refusal: { reason: 'damaged' } });
    expect(await readBackup(String.raw`{"events":[],"\u005F_proto__":{"events":"[]"}}`)).toMatchObject({
      ok: false,
      refusal: { reason: 'damaged' },
    });
  });
});

describe('the events a backup holds (issue 25, item 4)', () => {
  const samples = [
    { id: 1, EventName: 'Sample one' },
    { id: 2, EventName: 'Sample two' },
    { id: 3, EventName: 'Sample three' },
  ];
  it('adds the built-in samples never saved and not deleted, sorted by id descending; stored records stay as stored', () => {
    const stored = { id: 4, EventName: 'Gala', extra: 'kept' };
    const out = withSampleEvents(
      { events: JSON.stringify([stored, { id: 2, EventName: 'Edited sample' }]), deletedEventIds: '[3]' },
      samples,
    );
    expect(JSON.parse(out.events!)).toEqual([stored, { id: 2, EventName: 'Edited sample' }, samples[0]]);
    expect(out.deletedEventIds).toBe('[3]');
  });
  it('a browser that never saved events backs the samples up', () => {
    expect(JSON.parse(withSampleEvents({}, samples).events!).map((e: { id: number }) => e.id)).toEqual([3, 2, 1]);
  });
  it('changes nothing when every sample is stored or deleted, or when events cannot be read', () => {
    const all = { events: JSON.stringify(samples.slice(0, 2)), deletedEventIds: '[3]' };
    expect(withSampleEvents(all, samples)).toBe(all);
    const damaged = { events: '[{"id":4', deletedEventIds: '[]' };
    expect(withSampleEvents(damaged, samples)).toBe(damaged);
    const notAList = { events: '{"id":4}' };
    expect(withSampleEvents(notAList, samples)).toBe(notAList);
  });
});
