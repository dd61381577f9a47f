// @vitest-environment jsdom
/**
 * Code loaded in an effect (src/views/shell/chunk.ts): one import for concurrent loads, a failed one
 * forgotten and tried again while mounted, a loaded one there at once on the next render.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chunk, useChunk, type Chunk } from '../../src/views/shell/chunk';
import { FIRST_RETRY_MS } from '../../src/views/shell/retry';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('chunk', () => {
  it('shares one import between concurrent loads and keeps what it gave', async () => {
    const importer = vi.fn(() => Promise.resolve('code'));
    const c = chunk(importer);
    expect(c.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([c.load(), c.load()]);
    expect([a, b, c.loaded()]).toEqual(['code', 'code', 'code']);
    await c.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed import: the next load imports again', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('code');
    const c = chunk<string>(importer);
    await expect(c.load()).rejects.toThrow('offline');
    expect(c.loaded()).toBeUndefined();
    await expect(c.load()).resolves.toBe('code');
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

function Shows({ source }: { source: Chunk<string> }) {
  const [value, failed] = useChunk(source);
  return <p>{value ?? (failed ? 'failed' : 'waiting')}</p>;
}

describe('useChunk', () => {
  it('a failed load shows as failed, is tried again after the pause, and then shows the code', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('code');
    render(<Shows source={chunk<string>(importer)} />);
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(async () => {});
    expect(screen.getByText('failed')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(FIRST_RETRY_MS));
    expect(screen.getByText('code')).toBeTruthy();
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('a chunk loaded earlier renders at once', async () => {
    const source = chunk(() => Promise.resolve('code'));
    await source.load();
    render(<Shows source={source} />);
    expect(screen.getByText('code')).toBeTruthy();
  });

  it('unmounted: no retry is made', async () => {
    const importer = vi.fn().mockRejectedValue(new Error('offline'));
    const view = render(<Shows source={chunk<string>(importer)} />);
    await act(async () => {});
    view.unmount();
    await act(async () => vi.advanceTimersByTime(100 * FIRST_RETRY_MS));
    dispatchEvent(new Event('online'));
    expect(importer).toHaveBeenCalledTimes(1);
  });
});
