/**
 * The real auth actors over @supabase/supabase-js. This module (and supabase-js with it) is loaded
 * only when a session is stored, a session is in the URL, or the visitor signs in or up (or asks for
 * a password reset).
 */
import {
  createClient,
  isAuthApiError,
  isAuthError,
  isAuthImplicitGrantRedirectError,
  isAuthRetryableFetchError,
  isAuthSessionMissingError,
  type Session,
  type SupabaseClient,
  type User,
} from '@supabase/supabase-js';
import { authSessionStorage, readStoredTokens } from '../../storage/authSession';
import { readStoredUser } from '../../storage/storedUser';
import { carriesAuthResult, fragmentParams, mayAdoptUrlSession, urlSessionPaths } from './urlSession';
import { parseRetryAfter, serverErrorText, tooManyAttemptsText, unreachableText } from './authErrors';
import type { AuthConfig } from './config';
import type { AuthChange, AuthUser, Credentials, SessionResult, ValidationResult } from './auth.machine';
import type { RecoveryResult } from './passwordReset.machine';

let client: { config: AuthConfig; supabase: SupabaseClient } | null = null;
/** Retry-After of the last 429 (auth-js errors do not carry headers). */
let lastRetryAfter: number | null = null;

/** The `msg` of the last 5xx answer: auth-js reports a 5xx with the message "{}" and drops the body. */
let lastServerError: string | null = null;

const trackingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status === 429) lastRetryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  lastServerError = response.status >= 500 ? await serverMessage(response) : null;
  return response;
};

async function serverMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { msg?: unknown } | null;
    return typeof body?.msg === 'string' && body.msg ? body.msg : null;
  } catch {
    return null;
  }
}

export function getClient(config: AuthConfig): SupabaseClient {
  if (client && client.config.url === config.url && client.config.anonKey === config.anonKey) return client.supabase;
  const supabase = createClient(config.url, config.anonKey, {
    auth: {
      storage: authSessionStorage,
      storageKey: config.storageKey,
      persistSession: true,
      autoRefreshToken: true,
      // Only the reset page takes a session from the address, and never over another signed-in account (urlSession.ts).
      detectSessionInUrl: (url, params) =>
        mayAdoptUrlSession(url.pathname, params, readStoredUser(config.storageKey)?.id ?? null),
    },
    global: { fetch: trackingFetch },
  });
  client = { config, supabase };
  return supabase;
}

/** The session's client once it exists (a signed-in visitor's): account sync calls rpc() on it. */
export function currentClient(): SupabaseClient | null {
  return client?.supabase ?? null;
}

const toUser = (session: Session | null): AuthUser | null => (session ? fromUser(session.user) : null);
const fromUser = (user: User): AuthUser => ({ id: user.id, email: user.email ?? null });

/** An auth failure as a person should read it: 429 says how long to wait, no network says so. */
export function toUserError(error: unknown): Error {
  if (isAuthApiError(error) && error.status === 429)
    return new Error(tooManyAttemptsText(error.message, lastRetryAfter));
  if (isAuthRetryableFetchError(error) && error.status === 0) return new Error(unreachableText);
  if (isAuthRetryableFetchError(error) && error.status >= 500) return new Error(lastServerError ?? serverErrorText);
  return error instanceof Error ? error : new Error(String(error));
}

export async function restoreSession(config: AuthConfig): Promise<SessionResult> {
  const { data, error } = await getClient(config).auth.getSession();
  if (error) throw error;
  return { user: toUser(data.session) };
}

/** Codes that mean the server no longer honours the session (auth-protocol.md §3, §5). */
const endedCodes = new Set([
  'session_not_found',
  'user_not_found',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'session_expired',
  'bad_jwt',
  'no_authorization',
]);

/**
 * GET /auth/v1/user with the stored session (refreshing it first if it has expired). A missing or
 * revoked session or a deleted user: `ended`. No answer or a server error: `unreachable`.
 */
export async function validateSession(config: AuthConfig, patienceMs = 8000): Promise<ValidationResult> {
  // With an expired access token supabase-js refreshes first and retries a failing network for up to
  // 30 s; the user's local data should not wait that long behind "Checking your session…".
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<ValidationResult>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'unreachable', reason: 'no answer in time' }), patienceMs);
  });
  try {
    return await Promise.race([askServer(config), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function askServer(config: AuthConfig): Promise<ValidationResult> {
  let result: Awaited<ReturnType<SupabaseClient['auth']['getUser']>>;
  try {
    result = await getClient(config).auth.getUser();
  } catch (error) {
    return { status: 'unreachable', reason: error instanceof Error ? error.message : String(error) };
  }
  const { data, error } = result;
  if (!error && data.user) return { status: 'valid', user: fromUser(data.user) };
  if (!error) return { status: 'ended', reason: 'no user' };
  if (isAuthSessionMissingError(error)) return { status: 'ended', reason: error.message };
  if (
    isAuthApiError(error) &&
    ((error.code && endedCodes.has(error.code)) || error.status === 401 || error.status === 403)
  ) {
    return { status: 'ended', reason: error.code ?? error.message };
  }
  return { status: 'unreachable', reason: error.message };
}

export async function signIn(config: AuthConfig, { email, password }: Credentials): Promise<SessionResult> {
  const { data, error } = await getClient(config).auth.signInWithPassword({ email, password });
  if (error) throw toUserError(error);
  return { user: toUser(data.session) };
}

export async function signUp(config: AuthConfig, { email, password }: Credentials): Promise<SessionResult> {
  const { data, error } = await getClient(config).auth.signUp({ email, password });
  if (error) throw toUserError(error);
  return { user: toUser(data.session) };
}

/**
 * The local half of sign-out, after the caller removed the stored session through the storage
 * adapter: with nothing stored, supabase-js's local sign-out makes no request, forgets the session,
 * tells this tab's listeners and the other tabs SIGNED_OUT. Never needs the network.
 */
export async function endLocalSession(config: AuthConfig): Promise<void> {
  const { error } = await getClient(config).auth.signOut({ scope: 'local' });
  if (error && !isAuthSessionMissingError(error)) throw error;
}

/** POST /logout?scope=… with the access token of a session already removed here; failures are ignored. */
export async function revokeSession(
  config: AuthConfig,
  accessToken: string,
  scope: 'global' | 'local',
): Promise<boolean> {
  try {
    const { error } = await getClient(config).auth.admin.signOut(accessToken, scope);
    return !error;
  } catch {
    return false;
  }
}

export function watchAuthChanges(config: AuthConfig, listener: (change: AuthChange) => void): () => void {
  const { data } = getClient(config).auth.onAuthStateChange((event, session) => {
    if (event === 'INITIAL_SESSION') return;
    listener({ event, user: toUser(session) });
  });
  return () => data.subscription.unsubscribe();
}

/** POST /recover. The server answers the same whether or not the account exists. */
export async function requestPasswordReset(config: AuthConfig, email: string, redirectTo: string): Promise<void> {
  const { error } = await getClient(config).auth.resetPasswordForEmail(email, { redirectTo });
  if (error) throw toUserError(error);
}

/**
 * The reset page's start: supabase-js adopts the recovery session from the URL while it initialises
 * (`#access_token…&type=recovery`, then PASSWORD_RECOVERY), or reports the link's error
 * (`#error=…&error_code=otp_expired`).
 */
export async function adoptRecoverySession(
  config: AuthConfig,
  confirmReplace: (signedIn: string) => boolean = () => false,
): Promise<RecoveryResult> {
  const auth = getClient(config).auth;
  const { error } = await auth.initialize();
  if (error) {
    if (isAuthImplicitGrantRedirectError(error))
      return { status: 'expired', reason: error.details?.code ?? error.message };
    if (isAuthError(error)) throw toUserError(error);
    throw error;
  }
  const params = fragmentParams(window.location.hash);
  if (urlSessionPaths.includes(window.location.pathname) && params.access_token && carriesAuthResult(params)) {
    // Left in the address: another account is signed in here. It is replaced only if the visitor says so.
    const signedIn = readStoredUser(config.storageKey)?.email ?? 'another account';
    clearAddressFragment();
    if (!confirmReplace(signedIn))
      throw new Error(`Nothing was changed: ${signedIn} is still signed in on this browser.`);
    const token = readStoredTokens(config.storageKey).accessToken;
    authSessionStorage.removeItem(config.storageKey);
    await endLocalSession(config);
    if (token) void revokeSession(config, token, 'local');
    const adopted = await auth.setSession({
      access_token: params.access_token,
      refresh_token: params.refresh_token ?? '',
    });
    if (adopted.error) {
      if (isAuthApiError(adopted.error) || isAuthSessionMissingError(adopted.error))
        return { status: 'expired', reason: adopted.error.code ?? adopted.error.message };
      throw toUserError(adopted.error);
    }
  }
  const { data } = await auth.getSession();
  return data.session ? { status: 'ready', email: data.session.user.email ?? null } : { status: 'missing' };
}

/** PUT /auth/v1/user with the (recovery) session. */
export async function updatePassword(config: AuthConfig, password: string): Promise<void> {
  const { error } = await getClient(config).auth.updateUser({ password });
  if (!error) return;
  if (isAuthSessionMissingError(error)) throw Object.assign(new Error(error.message), { sessionGone: true });
  throw toUserError(error);
}

/** Takes the session or error out of the address bar (and so out of the history and any copied link). */
export function clearAddressFragment(): void {
  if (!window.location.hash) return;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}
