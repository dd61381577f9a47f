// @vitest-environment jsdom
/**
 * The guarded localStorage calls (src/storage/raw.ts): storage that is disabled or throws never
 * throws at the caller, a refused write says why, and this tab's own changes reach its subscribers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  announceLocalChange,
  backend,
  listKeys,
  rawGet,
  rawRemove,
  rawSet,
  setWriteGuard,
  StorageWriteError,
} from '../../src/storage/raw';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  setWriteGuard(null);
});

describe('reads and writes', () => {
  it('round-trips a value, lists the keys, and removes it', () => {
    expect(rawGet('a')).toBeNull();
    expect(rawSet('a', '1')).toEqual({ ok: true });
    expect(rawSet('b', '2')).toEqual({ ok: true });
    expect(rawGet('a')).toBe('1');
    expect(listKeys().sort()).toEqual(['a', 'b']);
    expect(rawRemove('a')).toEqual({ ok: true });
    expect(rawGet('a')).toBeNull();
    expect(listKeys()).toEqual(['b']);
  });

  it('a read that throws reads as missing', () => {
    localStorage.setItem('a', '1');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(rawGet('a')).toBeNull();
  });

  it('a write that throws something else than a full storage says the change could not be saved', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const result = rawSet('a', '1');
    expect(result).toMatchObject({
      ok: false,
      error: { key: 'a', reason: 'unknown', message: 'Your last change could not be saved to browser storage.' },
    });
    expect(!result.ok && result.error).toBeInstanceOf(StorageWriteError);
    expect(!result.ok && result.error.name).toBe('StorageWriteError');
  });

  it('listing keys that throws lists none', () => {
    localStorage.setItem('a', '1');
    vi.spyOn(Storage.prototype, 'key').mockImplementation(() => {
      throw new Error('gone');
    });
    expect(listKeys()).toEqual([]);
  });

  it('listing keys that throws part way lists none, not the keys read before', () => {
    localStorage.setItem('a', '1');
    localStorage.setItem('b', '2');
    const key = Storage.prototype.key;
    vi.spyOn(Storage.prototype, 'key').mockImplementation(function (this: Storage, index: number) {
      if (index > 0) throw new Error('gone');
      return key.call(this, index);
    });
    expect(listKeys()).toEqual([]);
  });
});

describe('storage that cannot be reached at all', () => {
  const disable = () =>
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });

  it('reads as missing, lists nothing, and a write says changes will be lost', () => {
    localStorage.setItem('a', '1');
    disable();
    expect(backend()).toBeNull();
    expect(rawGet('a')).toBeNull();
    expect(listKeys()).toEqual([]);
    expect(rawSet('a', '2')).toMatchObject({
      ok: false,
      error: {
        key: 'a',
        reason: 'unavailable',
        message: 'Browser storage is not available. Changes will be lost on reload.',
      },
    });
    // Removing from storage that is not there has nothing to do.
    expect(rawRemove('a')).toEqual({ ok: true });
  });
});

describe('the write guard', () => {
  it('refuses what it refuses, before touching storage, and lets the rest through', () => {
    localStorage.setItem('events', '[]');
    const refusal = new StorageWriteError('events', 'otherAccount', 'Another account signed in.');
    const guard = vi.fn((key: string) => (key === 'events' ? refusal : null));
    setWriteGuard(guard);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const removeItem = vi.spyOn(Storage.prototype, 'removeItem');
    expect(rawSet('events', '[1]')).toEqual({ ok: false, error: refusal });
    expect(rawRemove('events')).toEqual({ ok: false, error: refusal });
    expect(setItem).not.toHaveBeenCalled();
    expect(removeItem).not.toHaveBeenCalled();
    expect(localStorage.getItem('events')).toBe('[]');
    expect(rawSet('colorMode', '"dark"')).toEqual({ ok: true });
    expect(guard).toHaveBeenCalledWith('colorMode');
    setWriteGuard(null);
    expect(rawSet('events', '[1]')).toEqual({ ok: true });
  });
});

describe('announceLocalChange', () => {
  it('tells this tab’s listeners which key changed, or that everything did', () => {
    const keys: Array<string | null> = [];
    const listen = (e: StorageEvent) => keys.push(e.key);
    window.addEventListener('storage', listen);
    announceLocalChange('events');
    announceLocalChange();
    window.removeEventListener('storage', listen);
    expect(keys).toEqual(['events', null]);
  });
});
