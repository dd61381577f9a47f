// @vitest-environment jsdom
/**
 * Issue 24 (sixth pass): the registry of writes this tab makes a moment later (src/storage/pendingWrites.ts,
 * used by src/app/shell/afterPaint.ts). Any read or write of the key in this tab makes its waiting writes
 * first, once each; a backup makes every key's; a write cleared is never made; the others still are.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPendingWrite, flushPendingWrites, setPendingWrite } from '../../src/storage/pendingWrites';
import { rawGet, rawSet } from '../../src/storage/raw';
import { readAppData } from '../../src/storage/batch';

beforeEach(() => {
  flushPendingWrites(); // nothing left from another test
  localStorage.clear();
});

describe('writes made a moment later', () => {
  it('a read of the key makes its waiting write first, once: the reader sees it', () => {
    const write = vi.fn(() => rawSet('suppliers', '["S3"]'));
    setPendingWrite('suppliers', write);
    expect(write).not.toHaveBeenCalled();
    expect(rawGet('suppliers')).toBe('["S3"]');
    expect(write).toHaveBeenCalledTimes(1);
    rawGet('suppliers');
    flushPendingWrites('suppliers');
    flushPendingWrites();
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('only the key read: another key’s write still waits', () => {
    const suppliers = vi.fn();
    const events = vi.fn();
    setPendingWrite('suppliers', suppliers);
    setPendingWrite('events', events);
    flushPendingWrites('suppliers');
    expect(suppliers).toHaveBeenCalledTimes(1);
    expect(events).not.toHaveBeenCalled();
    rawGet('inventory');
    expect(events).not.toHaveBeenCalled();
    flushPendingWrites('events');
    expect(events).toHaveBeenCalledTimes(1);
  });

  it('with no key, every key’s writes are made (a backup holds them all)', () => {
    localStorage.setItem('dataOwner', 'user-A');
    setPendingWrite('suppliers', () => localStorage.setItem('suppliers', '[]'));
    setPendingWrite('customers', () => localStorage.setItem('customers', '[]'));
    const backup = readAppData();
    expect(backup).toMatchObject({ suppliers: '[]', customers: '[]' });
  });

  it('a write that reads and writes its own key is made once, not again from inside itself', () => {
    let calls = 0;
    const write = () => {
      calls += 1;
      const before = rawGet('events');
      rawSet('events', `${before ?? ''}+`);
    };
    setPendingWrite('events', write);
    expect(rawGet('events')).toBe('+');
    expect(calls).toBe(1);
  });

  it('several writers of one key: each made; a cleared one never, and clearing it leaves the others waiting', () => {
    const first = vi.fn();
    const second = vi.fn();
    const cleared = vi.fn();
    setPendingWrite('suppliers', first);
    setPendingWrite('suppliers', second);
    setPendingWrite('suppliers', cleared);
    clearPendingWrite('suppliers', cleared);
    clearPendingWrite('suppliers', cleared); // twice: no harm
    clearPendingWrite('never set', cleared); // a key with none: no harm
    rawGet('suppliers');
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    expect(cleared).not.toHaveBeenCalled();
  });

  it('the last write of a key cleared: the key waits for nothing, a new write is made on the next read', () => {
    const gone = vi.fn();
    setPendingWrite('suppliers', gone);
    clearPendingWrite('suppliers', gone);
    flushPendingWrites();
    expect(gone).not.toHaveBeenCalled();
    const next = vi.fn();
    setPendingWrite('suppliers', next);
    rawGet('suppliers');
    expect(next).toHaveBeenCalledTimes(1);
  });
});
