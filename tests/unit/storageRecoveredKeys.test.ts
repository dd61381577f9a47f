// @vitest-environment jsdom
/**
 * Set-aside entries' names and listing (src/storage/recovered.ts), beyond
 * tests/unit/storageRecovered.test.ts: a fingerprint always has its 8 hex digits (leading zeros
 * kept), so one text gets one entry name; a browser whose storage cannot be opened lists nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fingerprint,
  listRecovered,
  onSetAside,
  recoveredKeyFor,
  setAside,
  type SetAsideNotice,
} from '../../src/storage/recovered';

afterEach(() => vi.restoreAllMocks());

describe('fingerprints', () => {
  it('are always 8 hex digits, small hashes padded with zeros, then the length in base 36', () => {
    const texts = Array.from({ length: 600 }, (_, i) => `note ${i}`);
    for (const text of texts) {
      const fp = fingerprint(text);
      expect(fp, text).toMatch(/^[0-9a-f]{8}/);
      expect(fp.slice(8), text).toBe(text.length.toString(36));
    }
    // Some of these hashes start with a zero digit: the padding is what keeps them at 8.
    expect(fingerprint('note 477')).toBe('001065b78');
  });
});

describe('listing', () => {
  it('a browser whose storage cannot be opened lists nothing', () => {
    localStorage.setItem('recovered:events:1', JSON.stringify({ key: 'events', text: '{}' }));
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(listRecovered()).toEqual([]);
  });

  it('an entry whose value cannot be read is left out, the others still listed', () => {
    localStorage.setItem('recovered:events:1', JSON.stringify({ key: 'events', text: '{}' }));
    localStorage.setItem('recovered:employees:2', JSON.stringify({ key: 'employees', text: '[' }));
    const getItem = Storage.prototype.getItem;
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(function (this: Storage, key: string) {
      if (key === 'recovered:events:1') throw new DOMException('denied', 'SecurityError');
      return getItem.call(this, key);
    });
    expect(listRecovered().map((e) => e.entryKey)).toEqual(['recovered:employees:2']);
  });
});

describe('setting aside', () => {
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('a text already kept keeps its first time, and counts as kept even when storage is full now', () => {
    localStorage.clear();
    const entry = { key: 'events', reason: 'bad', text: '{"id":"t1"}', index: 0, id: 't1' };
    vi.spyOn(Date, 'now').mockReturnValue(1000);
    expect(setAside(entry)).toBe(true);
    vi.spyOn(Date, 'now').mockReturnValue(2000);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(setAside(entry)).toBe(true);
    vi.restoreAllMocks();
    expect(JSON.parse(localStorage.getItem(recoveredKeyFor('events', '{"id":"t1"}'))!)).toMatchObject({ time: 1000 });
  });

  it('each batch tells only what is new since the last one', async () => {
    localStorage.clear();
    const batches: SetAsideNotice[][] = [];
    const stop = onSetAside((batch) => batches.push(batch));
    await flush();
    batches.length = 0;
    setAside({ key: 'events', reason: 'first', text: 'batch-1', index: 0, id: null });
    await flush();
    setAside({ key: 'suppliers', reason: 'second', text: 'batch-2', index: null, id: null });
    await flush();
    stop();
    expect(batches).toEqual([
      [{ key: 'events', reason: 'first', isRecord: true }],
      [{ key: 'suppliers', reason: 'second', isRecord: false }],
    ]);
  });
});

describe('entries written by hand or by an older build', () => {
  it('an entry without its source key is listed as unreadable under the key its name gives', () => {
    localStorage.clear();
    localStorage.setItem('recovered:events:9', '{"text":"x"}');
    localStorage.setItem('sb-auth-token', 'not an entry');
    expect(listRecovered()).toEqual([
      {
        entryKey: 'recovered:events:9',
        key: 'events',
        time: 0,
        reason: 'unreadable entry',
        text: '{"text":"x"}',
        index: null,
        id: null,
      },
    ]);
  });

  it('a time that is not a number reads as 0', () => {
    localStorage.clear();
    localStorage.setItem('recovered:events:9', '{"key":"events","text":"x","time":"yesterday"}');
    expect(listRecovered()).toEqual([expect.objectContaining({ key: 'events', text: 'x', time: 0 })]);
  });
});
