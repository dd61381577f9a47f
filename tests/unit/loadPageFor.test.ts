// @vitest-environment jsdom
/**
 * Which page code the start loads (src/App.tsx `loadPageFor`, issue 23's full loads). A public page's
 * chunk is awaited before hydration, so the first render matches the prerendered page. A protected page's
 * markup is the session check's loading state: hydration does not wait for its chunk, but the chunk is
 * loaded during the check, so the page is there when the check ends (it used to be fetched only then,
 * behind a Suspense fallback that React 19 holds for 300 ms).
 */
import { describe, expect, it, vi } from 'vitest';
import { loadPageFor } from '../../src/App';
import { loadedRouteChunk } from '../../src/views/shell/routeChunks';

describe('loadPageFor', () => {
  it("starts loading a protected page's chunk without holding hydration for it", async () => {
    expect(loadedRouteChunk('SuppliersPage')).toBeUndefined();
    await loadPageFor('/SupplierManagement');
    await vi.waitFor(() => expect(loadedRouteChunk('SuppliersPage')).toBeDefined(), { timeout: 10_000 });
  });

  it("awaits a public page's chunk", async () => {
    expect(loadedRouteChunk('AboutPage')).toBeUndefined();
    await loadPageFor('/About');
    expect(loadedRouteChunk('AboutPage')).toBeDefined();
  });
});
