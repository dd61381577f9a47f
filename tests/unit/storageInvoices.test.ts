// @vitest-environment jsdom
/**
 * The quote and invoice numbers' keys (src/storage/invoices.ts, issue 22): the refusal's words for a
 * value that is not theirs, the text both keys hold (the check that stands in for a lock), and the
 * cross-tab lock through Web Locks where the browser has them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  documentBookVersion,
  documentNumbersStore,
  hasWebLocks,
  issuedDocumentsStore,
  withDocumentBookLock,
} from '../../src/storage/invoices';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the two keys', () => {
  it('refuse a value that is not theirs, saying what was expected', () => {
    expect(documentNumbersStore.check('[1]')).toEqual({ ok: false, reason: 'value: must be an object of counts' });
    expect(issuedDocumentsStore.check('{"a":1}')).toEqual({ ok: false, reason: 'value: must be a list of documents' });
  });

  it('their stored text, both at once, tells another tab’s write apart', () => {
    expect(documentBookVersion()).toBe('[null,null]');
    localStorage.setItem('documentNumbers', '{"invoice":{"2026":3}}');
    expect(documentBookVersion()).toBe(JSON.stringify(['{"invoice":{"2026":3}}', null]));
    localStorage.setItem('issuedDocuments', '[]');
    expect(documentBookVersion()).toBe(JSON.stringify(['{"invoice":{"2026":3}}', '[]']));
  });
});

describe('the lock shared by this browser’s tabs', () => {
  it('without Web Locks the task runs at once', async () => {
    vi.stubGlobal('navigator', undefined);
    expect(hasWebLocks()).toBe(false);
    vi.stubGlobal('navigator', { locks: undefined });
    expect(hasWebLocks()).toBe(false);
    vi.stubGlobal('navigator', { locks: { request: 'no' } });
    expect(hasWebLocks()).toBe(false);
    expect(await withDocumentBookLock(async () => 42)).toBe(42);
  });

  it('with Web Locks the task runs inside the exclusive lock of the document book', async () => {
    const request = vi.fn(async (_name: string, _options: object, task: () => Promise<unknown>) => task());
    vi.stubGlobal('navigator', { locks: { request } });
    expect(hasWebLocks()).toBe(true);
    expect(await withDocumentBookLock(async () => 'INV-0001')).toBe('INV-0001');
    expect(request).toHaveBeenCalledWith('cater-captain:documentBook', { mode: 'exclusive' }, expect.any(Function));
  });
});
