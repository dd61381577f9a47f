// @vitest-environment jsdom
/**
 * Whole-value keys (src/storage/store.ts `defineKey`): a missing or unreadable value reads as the
 * default, an unreadable one is handed to the keeper (set aside) first and never overwritten unless
 * it was kept, and writes report failures instead of throwing. This file installs its own keeper.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { decodeJSON, defineKey, installKeeper, parseValue, watchKey } from '../../src/storage/store';

const kept: Array<Record<string, unknown>> = [];
let keeps = true;
installKeeper((entry) => {
  kept.push(entry);
  return keeps;
});

const numbers = defineKey('numbers', z.array(z.number()), () => [1, 2]);

beforeEach(() => {
  localStorage.clear();
  kept.length = 0;
  keeps = true;
});
afterEach(() => vi.restoreAllMocks());

describe('reading', () => {
  it('a missing key gives the default, and nothing is kept aside', () => {
    expect(numbers.read()).toEqual([1, 2]);
    expect(kept).toEqual([]);
  });

  it('a readable value is read', () => {
    localStorage.setItem('numbers', '[3,4]');
    expect(numbers.read()).toEqual([3, 4]);
    expect(kept).toEqual([]);
  });

  it('text that is not JSON gives the default, kept aside with the reason, and nothing is written', () => {
    localStorage.setItem('numbers', '[3,');
    expect(numbers.read()).toEqual([1, 2]);
    expect(kept).toEqual([
      { key: 'numbers', reason: expect.stringMatching(/^not valid JSON \(.+\)$/), text: '[3,', index: null, id: null },
    ]);
    expect(localStorage.getItem('numbers')).toBe('[3,');
  });

  it('a value of the wrong shape is kept aside with the path and the message', () => {
    localStorage.setItem('numbers', '[3,"x"]');
    expect(numbers.read()).toEqual([1, 2]);
    expect(kept).toEqual([
      expect.objectContaining({ key: 'numbers', reason: expect.stringMatching(/^1: /), text: '[3,"x"]' }),
    ]);
  });

  it('a wrong value at the top is named "value"', () => {
    localStorage.setItem('numbers', '{"a":1}');
    numbers.read();
    expect(kept[0]!.reason).toMatch(/^value: /);
  });

  it('uses the key’s own decoder, normaliser and words', () => {
    const key = defineKey('n', z.number(), () => 0, {
      decode: (raw) => (raw === 'none' ? { ok: false, reason: 'said none' } : { ok: true, value: raw }),
      normalize: (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      explain: (error, value) => `not a number: ${JSON.stringify(value)} (${error?.issues.length} issue)`,
    });
    localStorage.setItem('n', '42');
    expect(key.read()).toBe(42);
    localStorage.setItem('n', 'none');
    expect(key.read()).toBe(0);
    localStorage.setItem('n', 'abc');
    expect(key.read()).toBe(0);
    expect(kept.map((e) => e.reason)).toEqual(['said none', 'not a number: "abc" (1 issue)']);
  });

  it('a schema failing without issues says the value does not have the expected shape', () => {
    const key = defineKey('odd', { safeParse: () => ({ success: false }) }, () => 'default');
    localStorage.setItem('odd', '1');
    expect(key.read()).toBe('default');
    expect(kept[0]!.reason).toBe('does not have the expected shape');
  });
});

describe('writing', () => {
  it('writes the value as JSON', () => {
    expect(numbers.write([5])).toEqual({ ok: true });
    expect(localStorage.getItem('numbers')).toBe('[5]');
  });

  it('sets an unreadable stored value aside before writing over it', () => {
    localStorage.setItem('numbers', 'garbage');
    expect(numbers.write([5])).toEqual({ ok: true });
    expect(kept).toEqual([expect.objectContaining({ key: 'numbers', text: 'garbage' })]);
    expect(localStorage.getItem('numbers')).toBe('[5]');
  });

  it('refuses to write over an unreadable value that could not be set aside', () => {
    localStorage.setItem('numbers', 'garbage');
    keeps = false;
    const result = numbers.write([5]);
    expect(result).toMatchObject({
      ok: false,
      error: {
        key: 'numbers',
        reason: 'unknown',
        message: 'The saved value could not be read or set aside, so it was not overwritten.',
      },
    });
    expect(localStorage.getItem('numbers')).toBe('garbage');
  });

  it('does not ask the keeper when the stored value is readable or missing', () => {
    keeps = false;
    expect(numbers.write([5]).ok).toBe(true);
    expect(numbers.write([6]).ok).toBe(true);
    expect(kept).toEqual([]);
  });

  it('a value that cannot be serialised is refused and nothing is written', () => {
    const anything = defineKey<unknown>('any', { safeParse: (v) => ({ success: true, data: v }) }, () => null);
    expect(anything.write({ big: 1n })).toMatchObject({
      ok: false,
      error: { key: 'any', reason: 'unknown', message: 'The value could not be serialised.' },
    });
    expect(localStorage.getItem('any')).toBeNull();
  });

  it('remove takes the key away', () => {
    localStorage.setItem('numbers', '[5]');
    expect(numbers.remove()).toEqual({ ok: true });
    expect(localStorage.getItem('numbers')).toBeNull();
  });
});

describe('check', () => {
  it('reads a text as a reader would, without keeping anything aside', () => {
    expect(numbers.check('[7]')).toEqual({ ok: true, value: [7] });
    expect(numbers.check('[7,"x"]')).toMatchObject({ ok: false, reason: expect.stringMatching(/^1: /) });
    expect(numbers.check('{')).toMatchObject({ ok: false, reason: expect.stringMatching(/^not valid JSON/) });
    expect(kept).toEqual([]);
  });
});

describe('parseValue and decodeJSON', () => {
  it('missing, read, and unreadable', () => {
    const schema = z.number();
    expect(parseValue(null, schema)).toEqual({ status: 'missing' });
    expect(parseValue('3', schema)).toEqual({ status: 'ok', value: 3 });
    expect(parseValue('"3"', schema)).toMatchObject({
      status: 'unreadable',
      reason: expect.stringMatching(/^value: /),
    });
  });

  it('decodeJSON gives the value or why it is not JSON', () => {
    expect(decodeJSON('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(decodeJSON('nope')).toEqual({ ok: false, reason: expect.stringMatching(/^not valid JSON \(.+\)$/) });
  });
});

describe('subscribe and watchKey', () => {
  it('tells the listener the new value when this key, or every key, changed; not for another key', () => {
    const seen: unknown[] = [];
    const stop = numbers.subscribe((v) => seen.push(v));
    localStorage.setItem('numbers', '[9]');
    window.dispatchEvent(new StorageEvent('storage', { key: 'numbers' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'other' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(seen).toEqual([[9], [9]]);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'numbers' }));
    expect(seen).toHaveLength(2);
  });

  it('watchKey stops calling back once stopped', () => {
    const onChange = vi.fn();
    const stop = watchKey('k', onChange);
    window.dispatchEvent(new StorageEvent('storage', { key: 'k' }));
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'k' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
