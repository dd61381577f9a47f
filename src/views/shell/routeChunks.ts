/**
 * Route chunk loaders that can be retried. React.lazy keeps a rejected import forever; here a failed
 * import is dropped, so the next attempt imports again, and a loaded page is kept so a later visit
 * renders at once.
 */
import type { ComponentType } from 'react';
import { chunk, type Chunk } from './chunk';

const chunks = new Map<string, Chunk<ComponentType>>();

export function defineRouteChunk(key: string, load: () => Promise<ComponentType>): void {
  chunks.set(key, chunk(load));
}

/** The page's component once its chunk has loaded, else undefined. */
export function loadedRouteChunk(key: string): ComponentType | undefined {
  return chunks.get(key)?.loaded();
}

/** Imports the route's chunk; concurrent calls share one import, a failed one is forgotten. */
export function loadRouteChunk(key: string): Promise<ComponentType> {
  return chunks.get(key)?.load() ?? Promise.reject(new Error(`No route chunk named ${key}`));
}
