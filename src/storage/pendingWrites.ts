/**
 * Writes this tab has taken on but makes a moment later (just after the next paint, see
 * src/app/shell/afterPaint.ts), by key. Any other read or write of the key in this tab (raw.ts) makes
 * the pending write first, so every reader (another tab's change taken in, a backup, the sync) sees it.
 * Kept apart from raw.ts so the landing page, which never defers a write, does not load it.
 */
import { setPendingHook } from './raw';

const pendingWrites = new Map<string, Set<() => void>>();

/** Makes the writes `key` is waiting for, if any (or every pending write, with no key). */
export function flushPendingWrites(key?: string): void {
  const keys = key === undefined ? [...pendingWrites.keys()] : [key];
  for (const k of keys) {
    const writes = pendingWrites.get(k);
    if (!writes) continue;
    pendingWrites.delete(k); // first: a write itself reads and writes the key
    for (const write of writes) write();
  }
}

/** Registers the write `key` is waiting for (until it is made or cleared). */
export function setPendingWrite(key: string, write: () => void): void {
  setPendingHook(flushPendingWrites);
  const writes = pendingWrites.get(key) ?? new Set();
  writes.add(write);
  pendingWrites.set(key, writes);
}

/** Forgets a registered write (it was made, or is no longer wanted). */
export function clearPendingWrite(key: string, write: () => void): void {
  const writes = pendingWrites.get(key);
  writes?.delete(write);
  if (writes?.size === 0) pendingWrites.delete(key);
}
