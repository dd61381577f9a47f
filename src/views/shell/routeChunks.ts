/**
 * Route chunk loaders that can be retried. React.lazy keeps a rejected import forever; here a failed
 * import is dropped, so the next attempt imports again, and a loaded page is kept so a later visit
 * renders at once.
 */
import type { ComponentType } from 'react';

const loaders = new Map<string, () => Promise<ComponentType>>();
const pending = new Map<string, Promise<ComponentType>>();
const loaded = new Map<string, ComponentType>();

export function defineRouteChunk(key: string, load: () => Promise<ComponentType>): void {
  loaders.set(key, load);
}

/** The page's component once its chunk has loaded, else undefined. */
export function loadedRouteChunk(key: string): ComponentType | undefined {
  return loaded.get(key);
}

/** Imports the route's chunk; concurrent calls share one import, a failed one is forgotten. */
export function loadRouteChunk(key: string): Promise<ComponentType> {
  const done = loaded.get(key);
  if (done) return Promise.resolve(done);
  const running = pending.get(key);
  if (running) return running;
  const load = loaders.get(key);
  if (!load) return Promise.reject(new Error(`No route chunk named ${key}`));
  const attempt = load().then(
    (component) => {
      loaded.set(key, component);
      pending.delete(key);
      return component;
    },
    (error: unknown) => {
      pending.delete(key);
      throw error;
    },
  );
  pending.set(key, attempt);
  return attempt;
}
