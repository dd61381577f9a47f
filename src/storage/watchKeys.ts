/**
 * One `storage` listener for many keys (issue 23): the Dashboard and the Customers page follow four
 * per-event keys for each of up to 2,000 events, and one DOM listener per key took ~0.7 s to add on
 * every load. Kept out of store.ts so the landing page's bundle does not carry it.
 */

/**
 * Calls back once when any of `keys` changes in another tab, or the storage is cleared (key null); the
 * keys are taken when it is called. A write in this tab fires no storage event, as for `watchKey`.
 */
export function watchKeys(keys: Iterable<string>, onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const watched = new Set(keys);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || watched.has(event.key)) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
