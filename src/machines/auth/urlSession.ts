/**
 * When a session carried in the address (`#access_token=…`, what GET /auth/v1/verify redirects to) may
 * be taken. Only on the page that expects one, the password reset page, and only when it does not
 * replace another signed-in account without asking: otherwise any link could sign a visitor into
 * someone else's account (login CSRF) and the visitor would type their data into it.
 */

/** The pages that expect a session in the address: the e-mailed reset link lands on /reset-password. */
export const urlSessionPaths: readonly string[] = ['/reset-password'];

/** The parameters of an address's fragment (`#a=1&b=2`), decoded. */
export function fragmentParams(hash: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(hash.replace(/^#/, ''))) params[key] = value;
  return params;
}

/** True when the fragment carries a session or an auth error (what supabase-js would act on). */
export function carriesAuthResult(params: Record<string, string>): boolean {
  return Boolean(params.access_token || params.error || params.error_description || params.error_code);
}

/** The user id (`sub`) an access token names, read without checking it (only to compare with the signed-in user). */
export function tokenUserId(accessToken: string): string | null {
  try {
    const payload = accessToken.split('.')[1];
    if (!payload) return null;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof json.sub === 'string' ? json.sub : null;
  } catch {
    return null;
  }
}

/**
 * Whether supabase-js may take the URL's session by itself: on a page that expects one, when no one
 * else is signed in here (nobody, or the same user). Otherwise it is left in the address for the page
 * to ask about (the reset page) or dropped (any other page). An error in the fragment is always read
 * on the reset page, so it can say the link expired.
 */
export function mayAdoptUrlSession(
  pathname: string,
  params: Record<string, string>,
  signedInUserId: string | null,
): boolean {
  if (!urlSessionPaths.includes(pathname) || !carriesAuthResult(params)) return false;
  if (!params.access_token) return true;
  return signedInUserId === null || signedInUserId === tokenUserId(params.access_token);
}
