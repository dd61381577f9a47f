// @vitest-environment jsdom
/**
 * One storage listener for many keys (issue 23: the Dashboard added a DOM listener per per-event key,
 * 8,000 for 2,000 events, ~0.7 s on every load).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchKeys } from '../../src/storage/watchKeys';
import { watchEventCosting } from '../../src/app/events/costingData';
import { announceLocalChange } from '../../src/storage';

const storageListeners = (spy: ReturnType<typeof vi.spyOn>) =>
  spy.mock.calls.filter(([type]: unknown[]) => type === 'storage').length;

afterEach(() => vi.restoreAllMocks());

describe('watchKeys', () => {
  it('calls back once for a change of any key watched or of every key, never for another key, until stopped', () => {
    const onChange = vi.fn();
    const stop = watchKeys(['a', 'b'], onChange);
    window.dispatchEvent(new StorageEvent('storage', { key: 'b' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'c' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(onChange).toHaveBeenCalledTimes(2);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'a' }));
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});

describe('watchEventCosting', () => {
  it('adds one storage listener for 2,000 events and hears each per-event key, the employees and a local announcement', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const onChange = vi.fn();
    const ids = Array.from({ length: 2000 }, (_, i) => i + 1);
    const stop = watchEventCosting(ids, onChange);
    expect(storageListeners(add)).toBe(1);
    for (const key of ['ingredientList-7', 'staffList-2000', '1-discountPercentage', '1999-taxPercentage', 'employees'])
      window.dispatchEvent(new StorageEvent('storage', { key }));
    expect(onChange).toHaveBeenCalledTimes(5);
    for (const key of ['ingredientList-2001', 'events', 'staffList-0'])
      window.dispatchEvent(new StorageEvent('storage', { key }));
    announceLocalChange('ingredientList-12');
    announceLocalChange(null);
    expect(onChange).toHaveBeenCalledTimes(7);
    stop();
    expect(storageListeners(remove)).toBe(1);
    window.dispatchEvent(new StorageEvent('storage', { key: 'staffList-2' }));
    expect(onChange).toHaveBeenCalledTimes(7);
  });
});
