// @vitest-environment jsdom
/**
 * A full storage, as each browser reports it, is recognised as full everywhere storage is written:
 * a key's write (raw.ts), a restore (batch.ts) and binding an account's data set (accounts.ts).
 * Any other failure is not mistaken for a full storage.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
const isQuotaError = (e: unknown) => classify('k', e).reason === 'quota';
import { bindDataSet } from '../../src/storage/accounts';
import { replaceAppData } from '../../src/storage/batch';
import { classify, quotaAdvice, rawRemove, rawSet } from '../../src/storage/raw';

/** The errors browsers throw from setItem when the origin's storage is full. */
const fullStorage: Array<[string, () => unknown]> = [
  ['Chromium and Safari (QuotaExceededError, code 22)', () => new DOMException('full', 'QuotaExceededError')],
  [
    'older Firefox (NS_ERROR_DOM_QUOTA_REACHED, code 1014)',
    () =>
      Object.assign(new Error('Persistent storage maximum size reached'), {
        name: 'NS_ERROR_DOM_QUOTA_REACHED',
        code: 1014,
      }),
  ],
  [
    'older WebKit (QUOTA_EXCEEDED_ERR, code 22)',
    () => Object.assign(new Error('QuotaExceededError: DOM Exception 22'), { name: 'QUOTA_EXCEEDED_ERR', code: 22 }),
  ],
  ['a code 22 alone', () => ({ code: 22 })],
  ['a code 1014 alone', () => ({ code: 1014 })],
  ['Firefox by name alone', () => ({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })],
  ['Chromium by name alone', () => ({ name: 'QuotaExceededError' })],
  ['older WebKit by name alone', () => ({ name: 'QUOTA_EXCEEDED_ERR' })],
];

/** Failures that are not a full storage. */
const otherFailures: Array<[string, unknown]> = [
  ['a security error (storage disabled)', new DOMException('denied', 'SecurityError')],
  ['a plain error', new Error('boom')],
  ['an error with another code', Object.assign(new Error('x'), { code: 21 })],
  ['a string', 'QuotaExceededError'],
  // Not an object: its `name` says nothing of the storage (only DOMExceptions and errors are read).
  ['a function named like the error', function QuotaExceededError() {}],
  ['null', null],
  ['undefined', undefined],
];

/** A Storage whose setItem throws `error()` once `failing` is set. */
function storageThrowing(error: () => unknown) {
  const map = new Map<string, string>();
  let failing = false;
  const storage: Storage = {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      if (failing) throw error();
      map.set(k, String(v));
    },
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
  return { storage, fail: () => (failing = true) };
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('a full storage is recognised whichever browser reports it', () => {
  it.each(fullStorage)('%s', (_, error) => {
    expect(isQuotaError(error())).toBe(true);
    const classified = classify('events', error());
    expect(classified).toMatchObject({ key: 'events', reason: 'quota', message: quotaAdvice });
    expect(quotaAdvice).toMatch(/^Browser storage is full\. Your change is kept on this screen/);

    // A key's write.
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw error();
    });
    expect(rawSet('suppliers', '[]')).toMatchObject({ ok: false, error: { key: 'suppliers', reason: 'quota' } });
    vi.restoreAllMocks();

    // A restore.
    const restore = storageThrowing(error);
    restore.fail();
    const restored = replaceAppData({ events: '[]' }, restore.storage);
    expect(restored).toMatchObject({ ok: false, rolledBack: true, error: { reason: 'quota' } });
    expect(!restored.ok && restored.error.message).toBe(
      'Browser storage is full: events could not be written. Nothing was changed.',
    );

    // Binding an account's data set.
    const bind = storageThrowing(error);
    bind.fail();
    const bound = bindDataSet('user-a', bind.storage);
    expect(bound).toMatchObject({ ok: false, error: { reason: 'quota' } });
    expect(!bound.ok && bound.error.message).toMatch(/^Browser storage is full, so your data could not be opened/);
  });
});

describe('other failures are not taken for a full storage', () => {
  it.each(otherFailures)('%s', (_, error) => {
    expect(isQuotaError(error)).toBe(false);
    expect(classify('events', error)).toMatchObject({
      reason: 'unknown',
      message: 'Your last change could not be saved to browser storage.',
    });
    const restore = storageThrowing(() => error);
    restore.fail();
    const restored = replaceAppData({ events: '[]' }, restore.storage);
    expect(!restored.ok && restored.error).toMatchObject({
      reason: 'unknown',
      message: 'events could not be written to browser storage. Nothing was changed.',
    });
    const bind = storageThrowing(() => error);
    bind.fail();
    const bound = bindDataSet('user-a', bind.storage);
    expect(!bound.ok && bound.error).toMatchObject({
      reason: 'unknown',
      message: 'Your data could not be opened on this browser. Nothing was changed; please sign in again.',
    });
  });

  it('a failing remove is classified the same way', () => {
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw Object.assign(new Error('x'), { name: 'NS_ERROR_DOM_QUOTA_REACHED', code: 1014 });
    });
    expect(rawRemove('events')).toMatchObject({ ok: false, error: { key: 'events', reason: 'quota' } });
  });
});
