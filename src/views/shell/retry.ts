/** The pause before the first retry of a failed load; each next one waits twice as long. */
export const FIRST_RETRY_MS = 2000;
/** Timed retries after a failed load; after them, only the browser coming back online tries again. */
export const TIMED_RETRIES = 5;

/**
 * Calls `again` after a load failed (`attempt`: the retries made so far): once the browser is back online,
 * or, while it says it is online (a server restarting, a dropped connection it did not notice), after a
 * pause of 2, 4, 8, 16 and 32 s, whichever comes first. Returns the cancel (nothing is called after it).
 */
export function retryAfterFailure(again: () => void, attempt: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    removeEventListener('online', go);
    clearTimeout(timer);
  };
  function go() {
    cancel();
    again();
  }
  addEventListener('online', go);
  if (navigator.onLine && attempt < TIMED_RETRIES) timer = setTimeout(go, FIRST_RETRY_MS * 2 ** attempt);
  return cancel;
}
