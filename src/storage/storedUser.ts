/**
 * The stored auth session's user, read without supabase-js. Only the sign-in code (a lazy chunk) needs
 * it, so it lives apart from authSession.ts, which every page's first load carries.
 */
import { authSessionStorage } from './authSession';

/** The stored session's user (id and e-mail), or null when none is stored. */
export function readStoredUser(key: string): { id: string; email: string | null } | null {
  const text = authSessionStorage.getItem(key);
  if (!text) return null;
  try {
    const user = (JSON.parse(text) as { user?: { id?: unknown; email?: unknown } }).user;
    return user && typeof user.id === 'string'
      ? { id: user.id, email: typeof user.email === 'string' ? user.email : null }
      : null;
  } catch {
    return null;
  }
}
