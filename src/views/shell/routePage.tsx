/**
 * A route's page, loaded from its own chunk on first visit, behind its own error boundary
 * (RouteBoundary). The boundary and its statechart are themselves loaded with the first such page, so
 * the landing page's first load does not carry them: `loadRouteBoundary` is awaited before a
 * prerendered page is rendered or hydrated (App.tsx loadPageFor), which then renders it directly.
 */
import { lazy, type ComponentType } from 'react';
import { defineRouteChunk } from './routeChunks';

type Boundary = typeof import('./RouteBoundary').RouteBoundary;
let boundary: Boundary | undefined;

export function loadRouteBoundary(): Promise<Boundary> {
  return import('./RouteBoundary').then((m) => (boundary = m.RouteBoundary));
}

const LazyBoundary = lazy(() => loadRouteBoundary().then((RouteBoundary) => ({ default: RouteBoundary })));

export function routePage(key: string, load: () => Promise<ComponentType>): ComponentType {
  defineRouteChunk(key, load);
  const RoutePage = () => {
    const Loaded = boundary;
    return Loaded ? <Loaded chunk={key} /> : <LazyBoundary chunk={key} />;
  };
  RoutePage.displayName = `RoutePage(${key})`;
  return RoutePage;
}
