// @vitest-environment jsdom
/**
 * A load that failed is tried again (src/views/shell/retry.ts): when the browser comes back online, or while it
 * says it is online after a growing pause, whichever comes first, and only once for each failure.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_RETRY_MS, retryAfterFailure, TIMED_RETRIES } from '../../src/views/shell/retry';

let online = true;
beforeEach(() => {
  vi.useFakeTimers();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('retryAfterFailure', () => {
  it('online: tries again after 2 s, then 4 s, twice as long each time', () => {
    const again = vi.fn();
    retryAfterFailure(again, 0);
    vi.advanceTimersByTime(FIRST_RETRY_MS - 1);
    expect(again).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(again).toHaveBeenCalledTimes(1);
    const next = vi.fn();
    retryAfterFailure(next, 1);
    vi.advanceTimersByTime(2 * FIRST_RETRY_MS - 1);
    expect(next).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('the browser back online first: tries again at once, and not again when the pause ends', () => {
    const again = vi.fn();
    retryAfterFailure(again, 0);
    dispatchEvent(new Event('online'));
    expect(again).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * FIRST_RETRY_MS);
    dispatchEvent(new Event('online'));
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('offline: waits for the browser to be back online, with no timed retry', () => {
    online = false;
    const again = vi.fn();
    retryAfterFailure(again, 0);
    vi.advanceTimersByTime(100 * FIRST_RETRY_MS);
    expect(again).not.toHaveBeenCalled();
    dispatchEvent(new Event('online'));
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('after the timed retries, only the browser coming back online tries again', () => {
    const again = vi.fn();
    retryAfterFailure(again, TIMED_RETRIES);
    vi.advanceTimersByTime(1000 * FIRST_RETRY_MS);
    expect(again).not.toHaveBeenCalled();
    dispatchEvent(new Event('online'));
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('cancelled: neither the pause nor the browser coming back online calls it', () => {
    const again = vi.fn();
    const cancel = retryAfterFailure(again, 0);
    cancel();
    vi.advanceTimersByTime(100 * FIRST_RETRY_MS);
    dispatchEvent(new Event('online'));
    expect(again).not.toHaveBeenCalled();
  });
});
