import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the page around it has been painted (issue 23): a part of a page that
 * is not on its first screen and is slow to work out (the Dashboard's Payments Due and Need to Order) is drawn
 * after the first paint, in a transition, so React draws it in slices and a click (the nav's Menu) is answered
 * between them instead of after it. In a hidden tab (no frames), after a short timeout instead.
 */
export function useAfterPaint(): boolean {
  return usePaintedSince(true);
}

/**
 * False on the render where `key` is new (compared with `Object.is`), true once that render has been painted
 * (then, in a transition, as {@link useAfterPaint}). A long list draws the part of it the screen shows with the
 * click that changed it, and the rest (the cards just off the screen) after that frame (issue 23).
 */
export function usePaintedSince(key: unknown): boolean {
  const [painted, setPainted] = useState<{ key: unknown } | null>(null);
  const current = painted !== null && Object.is(painted.key, key);
  useEffect(() => {
    if (current) return;
    // The frame that paints this render, then a task after it.
    return afterNextPaint(() => startTransition(() => setPainted({ key })));
  }, [key, current]);
  return current;
}

/**
 * Runs `run` once, in a task after the next frame is painted (a hidden tab paints no frames: after 200 ms
 * instead); answers how to cancel it.
 */
export function afterNextPaint(run: () => void): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    if (done) return;
    done = true;
    run();
  };
  const frame = requestAnimationFrame(() => (timer = setTimeout(go, 0)));
  const fallback = setTimeout(go, 200);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}
