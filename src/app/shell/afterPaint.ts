/**
 * Writes made just after the frame that shows the change (issue 23): serialising a big list (2,000
 * events, 5,000 items) and writing it to storage must not sit between a click and the screen. The
 * view's machine already holds the change; the latest value is written once, right after the next
 * paint (several changes in one frame are one write). Nothing is lost or read stale meanwhile:
 * - any read or write of the key in this tab makes the write first (src/storage/pendingWrites.ts,
 *   checked by every read and write in src/storage/raw.ts): another tab's change taken in, a backup, the sync, the account switch;
 * - the page being hidden, left or reloaded (`pagehide`, `visibilitychange`) makes it at once;
 * - `stop()` (the view is left) makes it at once.
 * The write itself goes through the caller's persister, which keeps its quota and conflict handling.
 */
import { clearPendingWrite, setPendingWrite } from '../../storage/pendingWrites';

export interface AfterPaintWriter<T> {
  /** Takes the latest value; it is written after the next paint. */
  schedule(value: T): void;
  /** Writes the pending value now, if there is one. */
  flush(): void;
  /** True while a value waits to be written. */
  pending(): boolean;
  /** Writes what is pending and stops listening (the view is left). */
  stop(): void;
}

/** Longest wait when no frame comes (a hidden tab does not paint). */
export const latestWriteMs = 250;

/**
 * Runs `run` once, just after the next paint (a task queued from the next frame's animation callback), or
 * after `latestWriteMs` when no frame comes. Answers a cancel.
 */
export function afterNextPaint(run: () => void): () => void {
  let done = false;
  let frame: number | null = null;
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  const cancel = () => {
    done = true;
    timers.forEach(clearTimeout);
    if (frame !== null && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
  };
  const once = () => {
    if (done) return;
    cancel();
    run();
  };
  if (typeof requestAnimationFrame === 'function')
    frame = requestAnimationFrame(() => {
      frame = null;
      timers.push(setTimeout(once, 0));
    });
  timers.push(setTimeout(once, latestWriteMs));
  return cancel;
}

export function createAfterPaintWriter<T>(key: string, write: (value: T) => void): AfterPaintWriter<T> {
  let waiting: { value: T } | null = null;
  let cancel = () => {};
  const flush = () => {
    cancel();
    clearPendingWrite(key, flush);
    if (!waiting) return;
    const { value } = waiting;
    waiting = null;
    write(value);
  };
  const schedule = (value: T) => {
    const first = waiting === null;
    waiting = { value };
    if (!first) return;
    setPendingWrite(key, flush);
    cancel = afterNextPaint(flush);
  };
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
  }
  return {
    schedule,
    flush,
    pending: () => waiting !== null,
    stop() {
      flush();
      if (typeof window === 'undefined') return;
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
    },
  };
}
