/** Runs `task` once the page is idle (after load); returns a cancel function. */
export function whenIdle(task: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const schedule = () => {
    if (cancelled) return;
    if ('requestIdleCallback' in window)
      idleHandle = window.requestIdleCallback(() => !cancelled && task(), { timeout: 2000 });
    else idleHandle = setTimeout(() => !cancelled && task(), 200) as unknown as number;
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idleHandle !== undefined) {
      if ('cancelIdleCallback' in window) window.cancelIdleCallback(idleHandle);
      else clearTimeout(idleHandle);
    }
  };
}
