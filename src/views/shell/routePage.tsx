/**
 * A route's page, loaded from its own chunk on first visit, behind its own error boundary
 * (RouteBoundary). The boundary and its statechart are themselves loaded with the first such page, so
 * the landing page's first load does not carry them: `loadRouteBoundary` is awaited before a
 * prerendered page is rendered or hydrated (App.tsx loadPageFor), which then renders it directly.
 */
import type { ComponentType } from 'react';
import { defineRouteChunk } from './routeChunks';
import { chunk, useChunk } from './chunk';
import { Loading } from './Loading';

// Not React.lazy: with the boundary's own code failing to load (offline), there is no boundary yet to
// catch the error, and the whole app left the screen. Until it loads, the route says so (./chunk.ts
// tries again once the browser is back online).
const boundary = chunk(() => import('./RouteBoundary').then((m) => m.RouteBoundary));

export function loadRouteBoundary(): Promise<unknown> {
  return boundary.load();
}

export function routePage(key: string, load: () => Promise<ComponentType>): ComponentType {
  defineRouteChunk(key, load);
  const RoutePage = () => {
    const [Loaded, failed] = useChunk(boundary);
    if (Loaded) return <Loaded chunk={key} />;
    // The route boundary's own words for a page that could not load (RouteError.tsx), without its Retry:
    // the load is tried again by itself.
    if (!failed) return <Loading />;
    return (
      <Loading>
        {navigator.onLine
          ? 'This page could not be loaded yet. Trying again…'
          : 'You are offline. This page will load as soon as you are back online.'}
      </Loading>
    );
  };
  RoutePage.displayName = `RoutePage(${key})`;
  return RoutePage;
}
