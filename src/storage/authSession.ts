/**
 * The auth session that supabase-js keeps, through our storage layer: supabase-js gets this adapter
 * instead of touching localStorage itself, and the app can tell whether a session is stored without
 * loading supabase-js (a signed-out visitor never downloads it).
 */
import { defineKey } from './store';

const sessionShape = {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false } {
    const v = value as { access_token?: unknown; refresh_token?: unknown } | null;
    return v && typeof v === 'object' && typeof v.access_token === 'string' && typeof v.refresh_token === 'string'
      ? { success: true, data: value }
      : { success: false };
  },
};

function raw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The storage interface supabase-js accepts (`auth.storage`). Its own keys hold opaque strings. */
export const authSessionStorage = {
  getItem: (key: string) => raw(key),
  setItem: (key: string, value: string) => {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // supabase-js keeps the session in memory; it will be asked for again at the next sign-in.
    }
  },
  removeItem: (key: string) => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* nothing stored to remove */
    }
  },
};

/** True when a well-formed session is stored under `key` (no supabase-js needed to know). */
export function hasStoredSession(key: string): boolean {
  return raw(key) !== null && defineKey(key, sessionShape, () => null).read() !== null;
}

/** The stored session's tokens (both null when none is stored). */
export function readStoredTokens(key: string): { accessToken: string | null; refreshToken: string | null } {
  const text = raw(key);
  try {
    const v = (text ? JSON.parse(text) : null) as { access_token?: unknown; refresh_token?: unknown } | null;
    return {
      accessToken: typeof v?.access_token === 'string' ? v.access_token : null,
      refreshToken: typeof v?.refresh_token === 'string' ? v.refresh_token : null,
    };
  } catch {
    return { accessToken: null, refreshToken: null };
  }
}

/**
 * Sessions signed out on this browser whose revocation on the server has not been sent yet (the
 * browser was offline): see pendingRevocations.ts. Only this check is on every page's first load.
 */
export const pendingRevocationsKey = 'pendingRevocations';

/** Whether any revocation waits to be sent (read without loading the queue's code). */
export function hasPendingRevocations(): boolean {
  // The queue removes its key once it is empty (revocations.ts); a stray '[]' only loads the queue once.
  return raw(pendingRevocationsKey) !== null;
}

/** Calls back when another tab stores or removes the session. */
export function subscribeStoredSession(key: string, listener: (present: boolean) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener(hasStoredSession(key));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
