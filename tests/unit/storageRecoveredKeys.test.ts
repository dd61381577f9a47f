// @vitest-environment jsdom
/**
 * Set-aside entries' names and listing (src/storage/recovered.ts), beyond
 * tests/unit/storageRecovered.test.ts: a fingerprint always has its 8 hex digits (leading zeros
 * kept), so one text gets one entry name; a browser whose storage cannot be opened lists nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fingerprint, listRecovered } from '../../src/storage/recovered';

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
});
