import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { defineRouteChunk, loadedRouteChunk, loadRouteChunk } from '../../src/views/shell/routeChunks';

const Page: ComponentType = () => null;

describe('route chunk loader', () => {
  it('forgets a failed import, so Retry imports again (React.lazy would keep the rejection)', async () => {
    let calls = 0;
    defineRouteChunk('Flaky', async () => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return Page;
    });
    await expect(loadRouteChunk('Flaky')).rejects.toThrow('Failed to fetch');
    expect(loadedRouteChunk('Flaky')).toBeUndefined();
    await expect(loadRouteChunk('Flaky')).resolves.toBe(Page);
    expect(calls).toBe(2);
  });

  it('shares one import between concurrent callers and keeps a loaded page', async () => {
    let calls = 0;
    defineRouteChunk('Steady', async () => {
      calls++;
      return Page;
    });
    const [a, b] = await Promise.all([loadRouteChunk('Steady'), loadRouteChunk('Steady')]);
    expect([a, b]).toEqual([Page, Page]);
    expect(loadedRouteChunk('Steady')).toBe(Page);
    await loadRouteChunk('Steady');
    expect(calls).toBe(1);
  });

  it('rejects an unknown route', async () => {
    await expect(loadRouteChunk('Nope')).rejects.toThrow('No route chunk named Nope');
  });
});
