// @vitest-environment jsdom
/**
 * Set-aside values (src/storage/recovered.ts): each unreadable record or value is kept once, under a
 * key of its own, with its text, reason, time, position and id; the warning is announced once per
 * batch of reads; listing shows only the signed-in account's entries, newest first.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fingerprint,
  listRecovered,
  onSetAside,
  recoveredKeyFor,
  removeRecovered,
  setAside,
  type SetAsideNotice,
} from '../../src/storage/recovered';

const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('fingerprint and entry keys', () => {
  it('is FNV-1a of the text as 8 hex digits, then the length in base 36', () => {
    expect(fingerprint('')).toBe('811c9dc50');
    expect(fingerprint('a')).toBe('e40c292c1');
    expect(fingerprint('foobar')).toBe('bf9cf9686');
    expect(fingerprint('x'.repeat(40))).toMatch(/^[0-9a-f]{8}14$/);
    expect(fingerprint('ab')).not.toBe(fingerprint('ba'));
  });

  it('an entry key names the source key and the fingerprint; later copies count from 2', () => {
    expect(recoveredKeyFor('events', 'a')).toBe('recovered:events:e40c292c1');
    expect(recoveredKeyFor('events', 'a', 0)).toBe('recovered:events:e40c292c1');
    expect(recoveredKeyFor('events', 'a', 1)).toBe('recovered:events:e40c292c1~2');
    expect(recoveredKeyFor('events', 'a', 2)).toBe('recovered:events:e40c292c1~3');
  });
});

describe('setAside', () => {
  it('stores the entry once with its time, and tells listeners once per batch', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const batches: SetAsideNotice[][] = [];
    const stop = onSetAside((batch) => batches.push(batch));
    const entry = { key: 'events', reason: 'record 2, bad', text: '{"id":3}', index: 1, id: '3' };
    expect(setAside(entry)).toBe(true);
    expect(setAside(entry)).toBe(true);
    expect(setAside({ key: '4-taxPercentage', reason: 'not a number', text: 'x', index: null, id: null })).toBe(true);
    expect(JSON.parse(localStorage.getItem(recoveredKeyFor('events', '{"id":3}'))!)).toEqual({
      key: 'events',
      time: 1_700_000_000_000,
      reason: 'record 2, bad',
      text: '{"id":3}',
      index: 1,
      id: '3',
    });
    await flush();
    expect(batches).toEqual([
      [
        { key: 'events', reason: 'record 2, bad', isRecord: true },
        { key: '4-taxPercentage', reason: 'not a number', isRecord: false },
      ],
    ]);
    // A later read of the same text announces nothing new.
    localStorage.removeItem(recoveredKeyFor('events', '{"id":3}'));
    setAside(entry);
    await flush();
    expect(batches).toHaveLength(1);
    stop();
    setAside({ key: 'events', reason: 'r', text: 'new', index: 0, id: null });
    await flush();
    expect(batches).toHaveLength(1);
  });

  it('a notice waits for a listener that subscribes later', async () => {
    setAside({ key: 'suppliers', reason: 'late', text: 'late text', index: 0, id: null });
    await flush();
    const batches: SetAsideNotice[][] = [];
    const stop = onSetAside((batch) => batches.push(batch));
    // (With what earlier tests set aside while nobody listened: notices wait, they are not dropped.)
    expect(batches).toEqual([expect.arrayContaining([{ key: 'suppliers', reason: 'late', isRecord: true }])]);
    stop();
  });

  it('returns false, and stores nothing, when the entry cannot be written', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(setAside({ key: 'events', reason: 'r', text: 'full', index: 0, id: null })).toBe(false);
    vi.restoreAllMocks();
    expect(listRecovered()).toEqual([]);
  });
});

describe('listRecovered', () => {
  it('lists entries newest first with every field, and unreadable or partial entries as they are', () => {
    localStorage.setItem(
      'recovered:events:a',
      JSON.stringify({ key: 'events', time: 5, reason: 'r', text: 't', index: 2, id: '9' }),
    );
    localStorage.setItem('recovered:suppliers:b', JSON.stringify({ key: 'suppliers', time: 9, text: 'u' }));
    localStorage.setItem('recovered:employees:c', '{oops');
    localStorage.setItem('recovered:events:d', JSON.stringify({ key: 'events', text: 7 }));
    localStorage.setItem('events.corrupt.7', '[bad');
    localStorage.setItem('colorMode', '"dark"');
    expect(listRecovered()).toEqual([
      {
        entryKey: 'recovered:suppliers:b',
        key: 'suppliers',
        time: 9,
        reason: 'unreadable',
        text: 'u',
        index: null,
        id: null,
      },
      {
        entryKey: 'events.corrupt.7',
        key: 'events',
        time: 7,
        reason: 'could not be read (kept by an earlier version)',
        text: '[bad',
        index: null,
        id: null,
      },
      { entryKey: 'recovered:events:a', key: 'events', time: 5, reason: 'r', text: 't', index: 2, id: '9' },
      {
        entryKey: 'recovered:employees:c',
        key: 'employees',
        time: 0,
        reason: 'unreadable entry',
        text: '{oops',
        index: null,
        id: null,
      },
      {
        entryKey: 'recovered:events:d',
        key: 'events',
        time: 0,
        reason: 'unreadable entry',
        text: JSON.stringify({ key: 'events', text: 7 }),
        index: null,
        id: null,
      },
    ]);
  });

  it('lists nothing when storage cannot be listed', () => {
    localStorage.setItem('recovered:events:a', JSON.stringify({ key: 'events', time: 5, text: 't' }));
    vi.spyOn(Storage.prototype, 'key').mockImplementation(() => {
      throw new Error('gone');
    });
    expect(listRecovered()).toEqual([]);
  });
});

describe('removeRecovered', () => {
  it('removes a set-aside entry or an earlier build’s backup', () => {
    localStorage.setItem('recovered:events:a', '{}');
    localStorage.setItem('events.corrupt.7', '[bad');
    expect(removeRecovered('recovered:events:a')).toEqual({ ok: true });
    expect(removeRecovered('events.corrupt.7')).toEqual({ ok: true });
    expect(localStorage.length).toBe(0);
  });

  it.each(['events', 'colorMode', 'other-site'])('never removes %s, which is not a set-aside entry', (key) => {
    localStorage.setItem(key, 'keep');
    expect(removeRecovered(key)).toMatchObject({
      ok: false,
      error: {
        key,
        reason: 'unknown',
        message: 'This is not a set-aside value of the signed-in account, so it was left as it is.',
      },
    });
    expect(localStorage.getItem(key)).toBe('keep');
  });
});
