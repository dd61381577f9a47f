/**
 * Code a page can do without for a moment (account sync's nav status, the kept-changes panel, the route
 * boundary): loaded in an effect, not through React.lazy. A lazy component whose import fails throws
 * while rendering, and with no error boundary above it that took the whole app off the screen (a
 * signed-in page opened just as the connection dropped). Here a failed load shows nothing (or the
 * caller's stand-in) and is tried again once the browser is back online or after a pause
 * (./retry.ts); a load that succeeded is kept, so a later render has it at once.
 */
import { useEffect, useState } from 'react';
import { retryAfterFailure } from './retry';

export interface Chunk<T> {
  /** What the chunk gave, once loaded. */
  loaded(): T | undefined;
  /** Loads it; concurrent calls share one import, a failed one is forgotten (the next call imports again). */
  load(): Promise<T>;
}

export function chunk<T>(importer: () => Promise<T>): Chunk<T> {
  let value: T | undefined;
  let running: Promise<T> | undefined;
  return {
    loaded: () => value,
    load: () =>
      (running ??= importer().then(
        (v) => (value = v),
        (error: unknown) => {
          running = undefined;
          throw error;
        },
      )),
  };
}

/**
 * The chunk's value once loaded (undefined until then), and whether its last load failed; a failed
 * load is retried while mounted.
 */
export function useChunk<T>(source: Chunk<T>): [value: T | undefined, failed: boolean] {
  const [value, setValue] = useState<{ v: T } | undefined>(() => {
    const v = source.loaded();
    return v === undefined ? undefined : { v };
  });
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (value) return;
    let stopped = false;
    let cancelRetry = () => {};
    const attempt = (n: number) =>
      void source.load().then(
        (v) => stopped || setValue({ v }),
        () => {
          if (stopped) return;
          setFailed(true);
          cancelRetry = retryAfterFailure(() => attempt(n + 1), n);
        },
      );
    attempt(0);
    return () => {
      stopped = true;
      cancelRetry();
    };
  }, [source, value]);
  return [value?.v, failed && !value];
}
