/**
 * The raw localStorage calls, each one guarded: access to storage can itself throw (disabled
 * storage, private modes), and writes throw on a full quota. Everything in src/storage goes
 * through these; nothing outside src/storage touches localStorage.
 */

export type WriteResult = { ok: true } | { ok: false; error: StorageWriteError };

export class StorageWriteError extends Error {
  readonly key: string;
  readonly reason: 'quota' | 'unavailable' | 'otherAccount' | 'unknown' | 'conflict';
  constructor(key: string, reason: StorageWriteError['reason'], message: string) {
    super(message);
    this.name = 'StorageWriteError';
    this.key = key;
    this.reason = reason;
  }
}

/** What the user can do about a full browser storage (shown in the error toast). */
export const quotaAdvice =
  'Browser storage is full. Your change is kept on this screen and will be saved when there is room: download a backup from the Dashboard, then delete old events or set-aside data to free space.';

/** Says why a write of `key` must not happen now, else null (see accounts.ts: a tab whose account is no longer the data's owner). */
export type WriteGuard = (key: string) => StorageWriteError | null;
let writeGuard: WriteGuard | null = null;

/** Installed by accounts.ts once this tab has bound an account's data set. */
export function setWriteGuard(guard: WriteGuard | null): void {
  writeGuard = guard;
}

export function backend(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // access itself throws when storage is disabled
  }
}

/** Installed by pendingWrites.ts once a write waits for the paint: makes `key`'s pending write first. */
let flushPending: ((key: string) => void) | undefined;
export const setPendingHook = (hook: (key: string) => void) => void (flushPending = hook);

export function rawGet(key: string): string | null {
  flushPending?.(key);
  try {
    return backend()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * True for a full storage, as each browser says it: Chromium, Safari and today's Firefox throw a
 * `QuotaExceededError` (code 22), older Firefox `NS_ERROR_DOM_QUOTA_REACHED` (code 1014), older
 * WebKit `QUOTA_EXCEEDED_ERR` (code 22). The name or the code is enough.
 */
export function isQuotaError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return (
    name === 'QuotaExceededError' ||
    name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    name === 'QUOTA_EXCEEDED_ERR' ||
    code === 22 ||
    code === 1014
  );
}

export function classify(key: string, error: unknown): StorageWriteError {
  if (isQuotaError(error)) return new StorageWriteError(key, 'quota', quotaAdvice);
  return new StorageWriteError(key, 'unknown', 'Your last change could not be saved to browser storage.');
}

export function rawSet(key: string, value: string): WriteResult {
  flushPending?.(key);
  const refused = writeGuard?.(key);
  if (refused) return { ok: false, error: refused };
  const store = backend();
  if (!store) {
    return {
      ok: false,
      error: new StorageWriteError(
        key,
        'unavailable',
        'Browser storage is not available. Changes will be lost on reload.',
      ),
    };
  }
  try {
    store.setItem(key, value);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: classify(key, error) };
  }
}

export function rawRemove(key: string): WriteResult {
  flushPending?.(key);
  const refused = writeGuard?.(key);
  if (refused) return { ok: false, error: refused };
  try {
    backend()?.removeItem(key);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: classify(key, error) };
  }
}

/** Every key in storage. */
export function listKeys(): string[] {
  const store = backend();
  if (!store) return [];
  const keys: string[] = [];
  try {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key !== null) keys.push(key);
    }
  } catch {
    return [];
  }
  return keys;
}

/** Tells this tab's subscribers to read again (storage events only reach other tabs). */
export function announceLocalChange(key: string | null = null) {
  if (typeof window === 'undefined') return;
  try {
    window.dispatchEvent(new StorageEvent('storage', { key }));
  } catch {
    /* an environment without StorageEvent has no subscribers either */
  }
}
