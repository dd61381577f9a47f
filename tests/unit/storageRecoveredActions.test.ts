// @vitest-environment jsdom
/**
 * The Recovered data screen's actions (src/storage/recoveredActions.ts), beyond
 * tests/unit/recoveredActions.test.ts: entries of keys the app no longer reads, of the browser's
 * preferences, whole lists that are not lists, a put-back or discard that succeeds but whose entry
 * cannot be taken off the list, failures of the source's write or removal, the count, and the
 * watcher that tells the screen to read again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inventoryItemsStore } from '../../src/storage/keys';
import { StorageWriteError } from '../../src/storage/store';
import { colorModeStore, soundMutedStore } from '../../src/storage/preferences';
import { listRecovered, setAside, type RecoveredEntry } from '../../src/storage/recovered';
import { checkRecovered, countRecovered, discard, putBack, watchRecovered } from '../../src/storage/recoveredActions';

const item = {
  id: '1',
  name: 'Flour',
  sku: 'F-1',
  category: 'Dry Storage',
  amountPerUnit: 10,
  unit: 'kg',
  packageType: 'bag',
  quantity: 3,
  costPerUnit: 12.5,
  whenToOrder: 5,
  supplierName: 'Mill Co',
};

const entryOf = (fields: Partial<RecoveredEntry>): RecoveredEntry => ({
  entryKey: 'recovered:x:1',
  key: 'x',
  time: 1,
  reason: 'unreadable',
  text: '',
  index: null,
  id: null,
  ...fields,
});

/** Sets `text` of `key` aside as a reader would, and returns its entry. */
function setAsideValue(key: string, text: string, index: number | null = null): RecoveredEntry {
  expect(setAside({ key, reason: 'bad', text, index, id: null })).toBe(true);
  const entry = listRecovered().find((e) => e.key === key && e.text === text);
  expect(entry).toBeDefined();
  return entry!;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('entries that cannot be put back', () => {
  it('of a key the app no longer reads: says so, changes nothing', () => {
    const entry = setAsideValue('oldNotes', '"x"');
    expect(checkRecovered(entry, '"x"')).toEqual({
      ok: false,
      reason: 'the app no longer reads "oldNotes", so it cannot be put back',
    });
    expect(putBack(entry, '"x"')).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'the app no longer reads "oldNotes", so it cannot be put back',
    });
    expect(listRecovered()).toHaveLength(1);
  });

  it('a record set aside from a single value: says it is not a list of records', () => {
    const entry = setAsideValue('4-taxPercentage', '5', 0);
    expect(checkRecovered(entry, '5')).toEqual({ ok: false, reason: 'this value is not a list of records' });
    expect(putBack(entry, '5')).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('a whole list whose fixed text is not a list: says a list of records was expected', () => {
    const entry = setAsideValue('inventoryItems', '{oops');
    for (const text of ['{"id":"1"}', '3', 'null']) {
      expect(putBack(entry, text)).toEqual({
        ok: false,
        reason: 'invalid',
        message: 'value: expected a list of records',
      });
    }
    expect(putBack(entry, JSON.stringify([item, { ...item, id: '2', quantity: 'lots' }]))).toEqual({
      ok: false,
      reason: 'invalid',
      message: expect.stringMatching(/^record 2, quantity/),
    });
    expect(localStorage.getItem('inventoryItems')).toBeNull();
    expect(listRecovered()).toHaveLength(1);
  });
});

describe('the browser’s preferences', () => {
  it('a colour mode or sound setting set aside is checked and put back through its own reader', () => {
    const mode = setAsideValue('colorMode', '"purple"');
    expect(checkRecovered(mode, '"purple"')).toMatchObject({ ok: false });
    expect(checkRecovered(mode, '"dark"')).toEqual({ ok: true, value: 'dark' });
    expect(putBack(mode, '"dark"')).toEqual({ ok: true, added: 0, skipped: 0, replaced: false });
    expect(colorModeStore.read()).toBe('dark');

    const sound = setAsideValue('soundMuted', '"maybe"');
    expect(putBack(sound, 'false')).toMatchObject({ ok: true });
    expect(soundMutedStore.read()).toBe(false);
    expect(listRecovered()).toEqual([]);
  });
});

describe('taking the entry off the list', () => {
  it('a put-back whose entry is not the signed-in account’s says it was put back but stays listed', () => {
    const entry = entryOf({ entryKey: 'account:A:recovered:colorMode:1', key: 'colorMode', text: '"x"' });
    expect(putBack(entry, '"system"')).toEqual({
      ok: false,
      reason: 'failed',
      message:
        'It was put back, but could not be taken off this list: This is not a set-aside value of the signed-in account, so it was left as it is.',
    });
    expect(colorModeStore.read()).toBe('system');
  });

  it('a discard that cannot take the entry off the list says why', () => {
    const entry = entryOf({ entryKey: 'account:A:recovered:colorMode:1', key: 'colorMode', text: '"x"' });
    expect(discard(entry)).toEqual({
      ok: false,
      error: 'This is not a set-aside value of the signed-in account, so it was left as it is.',
    });
  });

  it('each action tells open views of the source key to read again', () => {
    const keys: Array<string | null> = [];
    const listener = (e: StorageEvent) => keys.push(e.key);
    window.addEventListener('storage', listener);
    discard(setAsideValue('colorMode', '"a"'));
    putBack(setAsideValue('soundMuted', '"b"'), 'true');
    window.removeEventListener('storage', listener);
    expect(keys).toEqual(['colorMode', 'soundMuted']);
  });
});

describe('failures of the source', () => {
  it('a put-back of a value whose write fails returns the write’s message and keeps the entry', () => {
    const entry = setAsideValue('colorMode', '"purple"');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(putBack(entry, '"dark"')).toEqual({
      ok: false,
      reason: 'failed',
      message: expect.stringMatching(/^Browser storage is full/),
    });
    vi.restoreAllMocks();
    expect(listRecovered()).toHaveLength(1);
  });

  it('a discard of a value still stored whose removal fails returns the message and keeps both', () => {
    localStorage.setItem('colorMode', '"purple"');
    colorModeStore.read();
    const [entry] = listRecovered();
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(discard(entry!)).toEqual({
      ok: false,
      error: 'Your last change could not be saved to browser storage.',
    });
    vi.restoreAllMocks();
    expect(localStorage.getItem('colorMode')).toBe('"purple"');
    expect(listRecovered()).toHaveLength(1);
  });

  it('a discard of a record of a list saved since leaves the list as it is', () => {
    inventoryItemsStore.write([item]);
    const before = localStorage.getItem('inventoryItems');
    const entry = setAsideValue('inventoryItems', '{"id":"2"}', 1);
    expect(discard(entry)).toEqual({ ok: true });
    expect(localStorage.getItem('inventoryItems')).toBe(before);
    expect(listRecovered()).toEqual([]);
  });
});

describe('the count and the watcher', () => {
  it('counts the signed-in account’s entries and earlier builds’ backups, nothing else', () => {
    expect(countRecovered()).toBe(0);
    localStorage.setItem('recovered:events:1', '{}');
    localStorage.setItem('events.corrupt.5', '[');
    localStorage.setItem('account:A:recovered:events:2', '{}');
    localStorage.setItem('events', '[]');
    expect(countRecovered()).toBe(2);
  });

  it('calls back on any storage change and on a new set-aside value, until stopped', async () => {
    const listener = vi.fn();
    const stop = watchRecovered(listener);
    // Notices of earlier set-asides waiting for a listener arrive at once.
    listener.mockClear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'events' }));
    expect(listener).toHaveBeenCalledTimes(1);
    setAside({ key: 'colorMode', reason: 'bad', text: '"new"', index: null, id: null });
    await new Promise((r) => setTimeout(r, 0));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'events' }));
    setAside({ key: 'colorMode', reason: 'bad', text: '"newer"', index: null, id: null });
    await new Promise((r) => setTimeout(r, 0));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('what a discard or put-back leaves in the source key', () => {
  it('a legacy backup whose text is the same as the key’s: only the backup goes, the key keeps its text', () => {
    localStorage.setItem('events', '[oops');
    localStorage.setItem('events.corrupt.1700000000000', '[oops');
    const entry = listRecovered().find((e) => e.entryKey === 'events.corrupt.1700000000000');
    expect(entry).toMatchObject({ key: 'events', text: '[oops', index: null });
    expect(discard(entry!)).toEqual({ ok: true });
    expect(localStorage.getItem('events.corrupt.1700000000000')).toBeNull();
    expect(localStorage.getItem('events')).toBe('[oops');
  });

  it('a discard of a record of a readable list saved since does not write the list again', () => {
    const text = JSON.stringify([item], null, 2);
    localStorage.setItem('inventoryItems', text);
    expect(inventoryItemsStore.read()).toHaveLength(1);
    const entry = setAsideValue('inventoryItems', '{"id":"2"}', 1);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    expect(discard(entry)).toEqual({ ok: true });
    expect(setItem.mock.calls.filter(([key]) => key === 'inventoryItems')).toEqual([]);
    expect(localStorage.getItem('inventoryItems')).toBe(text);
  });

  it('a discard of a record of a list that is no longer stored does not create the list', () => {
    const entry = setAsideValue('inventoryItems', '{"id":"2"}', 1);
    expect(discard(entry)).toEqual({ ok: true });
    expect(localStorage.getItem('inventoryItems')).toBeNull();
    expect(listRecovered()).toEqual([]);
  });

  it('a put-back of a record into a readable list writes the list once, with the record', () => {
    const text = JSON.stringify([item], null, 2);
    localStorage.setItem('inventoryItems', text);
    inventoryItemsStore.read();
    const entry = setAsideValue('inventoryItems', '{"id":"2"}', 1);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    expect(putBack(entry, JSON.stringify({ ...item, id: '2', name: 'Sugar' }))).toEqual({
      ok: true,
      added: 1,
      skipped: 0,
      replaced: false,
    });
    expect(setItem.mock.calls.filter(([key]) => key === 'inventoryItems')).toHaveLength(1);
    expect(inventoryItemsStore.read().map((i) => i.id)).toEqual(['1', '2']);
  });
});

describe('a put-back into a list that cannot be saved', () => {
  it('a list changed meanwhile: says so, keeps the entry', () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item]));
    const entry = setAsideValue('inventoryItems', '{"id":"2"}', 1);
    vi.spyOn(inventoryItemsStore, 'save').mockImplementation(() => ({
      ok: true,
      records: [item],
      conflicts: [{ id: '2', mine: { ...item, id: '2' }, theirs: null }],
    }));
    expect(putBack(entry, JSON.stringify({ ...item, id: '2' }))).toEqual({
      ok: false,
      reason: 'failed',
      message: 'The list was changed in another tab meanwhile. Try again.',
    });
    expect(listRecovered()).toHaveLength(1);
  });

  it('a save that fails: returns its message, keeps the entry and the list', () => {
    const text = JSON.stringify([item]);
    localStorage.setItem('inventoryItems', text);
    const entry = setAsideValue('inventoryItems', '{"id":"2"}', 1);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(putBack(entry, JSON.stringify({ ...item, id: '2' }))).toEqual({
      ok: false,
      reason: 'failed',
      message: expect.stringMatching(/^Browser storage is full/),
    });
    vi.restoreAllMocks();
    expect(localStorage.getItem('inventoryItems')).toBe(text);
    expect(listRecovered()).toHaveLength(1);
  });

  it('a list still holding the bad text that cannot be written again: says why, keeps the entry', () => {
    localStorage.setItem('inventoryItems', '{oops');
    expect(inventoryItemsStore.read()).toEqual([]);
    const [entry] = listRecovered();
    expect(entry).toMatchObject({ key: 'inventoryItems', index: null, text: '{oops' });
    // Nothing to add, so the save writes nothing: the list is then written again, without the bad text.
    const settle = vi.spyOn(inventoryItemsStore, 'write').mockImplementation(() => ({
      ok: false,
      error: new StorageWriteError('inventoryItems', 'unknown', 'Could not write the list again.'),
    }));
    expect(putBack(entry!, '[]')).toEqual({
      ok: false,
      reason: 'failed',
      message: 'Could not write the list again.',
    });
    expect(settle).toHaveBeenCalled();
    expect(listRecovered()).toHaveLength(1);
  });
});

describe('discard, more edges', () => {
  it('a record’s entry never removes its list, even when the list now holds the same text as the record', () => {
    localStorage.setItem('inventoryItems', '[[]]');
    expect(inventoryItemsStore.read()).toEqual([]);
    const entry = listRecovered().find((e) => e.key === 'inventoryItems');
    expect(entry).toMatchObject({ index: 0, text: '[]' });
    localStorage.setItem('inventoryItems', '[]'); // emptied in another tab meanwhile
    expect(discard(entry!)).toEqual({ ok: true });
    expect(localStorage.getItem('inventoryItems')).toBe('[]');
  });

  it('a source that cannot be cleared keeps its entry listed, even though the entry itself could go', () => {
    localStorage.setItem('colorMode', '"purple"');
    colorModeStore.read();
    const [entry] = listRecovered();
    const removeItem = Storage.prototype.removeItem;
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(function (this: Storage, key: string) {
      if (key === 'colorMode') throw new DOMException('denied', 'SecurityError');
      removeItem.call(this, key);
    });
    expect(discard(entry!)).toEqual({ ok: false, error: 'Your last change could not be saved to browser storage.' });
    vi.restoreAllMocks();
    expect(listRecovered()).toHaveLength(1);
  });

  it('the watcher works without a window (set-asides only)', async () => {
    vi.stubGlobal('window', undefined);
    try {
      const listener = vi.fn();
      const stop = watchRecovered(listener);
      listener.mockClear();
      expect(() => stop()).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
