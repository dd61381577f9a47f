// @vitest-environment jsdom
/**
 * Whole-value keys' reasons (src/storage/store.ts), beyond tests/unit/storageKey.test.ts: the path
 * of a nested failure is named with dots, so the Recovered data screen says where the value is wrong.
 */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { defineKey, watchKey } from '../../src/storage/store';

describe('the reason for a value of the wrong shape', () => {
  it('names a nested field by its path, joined with dots', () => {
    const key = defineKey('nested', z.array(z.object({ a: z.object({ b: z.number() }) })), () => []);
    const checked = key.check('[{"a":{"b":1}},{"a":{"b":"x"}}]');
    expect(checked.ok).toBe(false);
    expect(checked.ok || checked.reason).toMatch(/^1\.a\.b: /);
  });
});

describe('watching a key', () => {
  it('calls back for this key and for a change of every key, never for another key', () => {
    const seen: string[] = [];
    const stop = watchKey('watched', () => seen.push(localStorage.getItem('watched') ?? 'none'));
    localStorage.setItem('watched', 'one');
    window.dispatchEvent(new StorageEvent('storage', { key: 'other' }));
    localStorage.setItem('watched', 'two');
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    localStorage.setItem('watched', 'three');
    window.dispatchEvent(new StorageEvent('storage', { key: 'watched' }));
    stop();
    expect(seen).toEqual(['two', 'three']);
  });
});

describe('before anything can set a value aside (the landing page’s first moments)', () => {
  it('an unreadable value reads as its default and is never overwritten', async () => {
    vi.resetModules();
    const store = await import('../../src/storage/store');
    const key = store.defineKey('early', z.number(), () => 7);
    localStorage.setItem('early', '"not a number"');
    expect(key.read()).toBe(7);
    const written = key.write(8);
    expect(written.ok).toBe(false);
    expect(written.ok || written.error.message).toBe(
      'The saved value could not be read or set aside, so it was not overwritten.',
    );
    expect(localStorage.getItem('early')).toBe('"not a number"');
  });
});
