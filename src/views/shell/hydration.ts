/**
 * Whether this render may show what only the browser knows (the saved colour mode, sound setting...).
 * False while the server prerenders and while React hydrates that markup, so both render the same;
 * true right after (React re-renders at once) and on every render that is not a hydration.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
