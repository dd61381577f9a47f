import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the page around it has been painted (issue 23): a part of a page that
 * is not on its first screen and is slow to work out (the Dashboard's Payments Due and Need to Order) is drawn
 * after the first paint, in a transition, so React draws it in slices and a click (the nav's Menu) is answered
 * between them instead of after it. In a hidden tab (no frames), after a short timeout instead.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      startTransition(() => setPainted(true));
    };
    // The frame that paints the first render, then a task after it.
    const frame = requestAnimationFrame(() => setTimeout(go, 0));
    const fallback = setTimeout(go, 200);
    return () => {
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(fallback);
    };
  }, []);
  return painted;
}
