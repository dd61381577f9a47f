/**
 * Revoking a signed-out session on the server, even when the sign-out happened offline (issue 25,
 * item 10). The sign-out is local first (the session leaves this browser at once); its revocation is
 * queued in storage (`pendingRevocations`, revocationQueue.ts) and sent by this module (loaded on
 * demand) now, when the browser is back online, or on the next page load, until the server has
 * answered. Before, an offline sign-out dropped it and a copy of the storage from before the sign-out
 * kept working.
 *
 * An access token lives an hour: if it has expired by the time the browser is back, the queued refresh
 * token gets a fresh one, which is then used to end the session (and, for a global sign-out, every
 * session of the account, as an online sign-out does).
 */
import type { AuthConfig } from '../../machines/auth/config';
import { loadAuthConfig } from '../../machines/auth/config';
import { pendingRevocationsStore, type PendingRevocation } from '../../storage/pendingRevocations';
import { announceRevocations } from './revocationQueue';

export type RevocationOutcome =
  /** The server ended the session, or says it is already over: nothing more to send. */
  | 'done'
  /** No answer (offline, server down, rate limited): try again later. */
  | 'unreachable';

type Fetch = typeof fetch;

async function call(fetchImpl: Fetch, url: string, init: RequestInit): Promise<Response | null> {
  try {
    return await fetchImpl(url, init);
  } catch {
    return null; // offline or refused
  }
}

const retryLater = (response: Response | null) =>
  response === null || response.status >= 500 || response.status === 429 || response.status === 408;

/**
 * Sends one revocation. `onTokens` is told of the new tokens when the refresh token had to be used
 * (it is single-use: the queue must keep the new one in case the last step gets no answer).
 */
export async function sendRevocation(
  config: Pick<AuthConfig, 'url' | 'anonKey'>,
  entry: PendingRevocation,
  fetchImpl: Fetch = fetch,
  onTokens: (tokens: { accessToken: string; refreshToken: string | null }) => void = () => {},
): Promise<RevocationOutcome> {
  const base = `${config.url.replace(/\/$/, '')}/auth/v1`;
  const logout = (token: string) =>
    call(fetchImpl, `${base}/logout?scope=${entry.scope}`, {
      method: 'POST',
      headers: {
        apikey: config.anonKey,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
      },
    });
  const first = await logout(entry.accessToken);
  if (retryLater(first)) return 'unreachable';
  if (first!.ok) return 'done';
  // The access token is no longer accepted (expired): renew it with the refresh token, then end the session.
  if ((first!.status !== 401 && first!.status !== 403) || !entry.refreshToken) return 'done';
  const refreshed = await call(fetchImpl, `${base}/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: config.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh_token: entry.refreshToken }),
  });
  if (retryLater(refreshed)) return 'unreachable';
  // A refresh token the server refuses belongs to a session that is already over.
  if (!refreshed!.ok) return 'done';
  let tokens: { accessToken: string; refreshToken: string | null };
  try {
    const body = (await refreshed!.json()) as {
      access_token?: unknown;
      refresh_token?: unknown;
    };
    if (typeof body.access_token !== 'string') return 'done';
    tokens = {
      accessToken: body.access_token,
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    };
  } catch {
    return 'unreachable';
  }
  onTokens(tokens);
  const last = await logout(tokens.accessToken);
  return retryLater(last) ? 'unreachable' : 'done';
}

function replaceEntry(accessToken: string, next: PendingRevocation | null): void {
  const rest = pendingRevocationsStore.read().filter((e) => e.accessToken !== accessToken);
  const list = next ? [...rest, next] : rest;
  // An empty queue leaves no key behind.
  if (list.length === 0) pendingRevocationsStore.remove();
  else pendingRevocationsStore.write(list);
  announceRevocations();
}

let flushing: Promise<void> | null = null;

/** Sends every queued revocation once (one run at a time); those without an answer stay queued. */
export function flushRevocations(
  fetchImpl: Fetch = fetch,
  config: () => Promise<Pick<AuthConfig, 'url' | 'anonKey'>> = loadAuthConfig,
): Promise<void> {
  const run = async () => {
    try {
      const queued = pendingRevocationsStore.read();
      if (queued.length === 0) return;
      const where = await config();
      for (const entry of queued) {
        let current = entry;
        const outcome = await sendRevocation(where, entry, fetchImpl, (tokens) => {
          const next = { ...current, ...tokens };
          replaceEntry(current.accessToken, next);
          current = next;
        });
        if (outcome === 'done') replaceEntry(current.accessToken, null);
      }
    } catch {
      /* the auth service's address could not be loaded (offline): tried again later */
    }
  };
  // A run under way may have read the queue before a newer entry: the next run starts after it.
  const next = (flushing ?? Promise.resolve()).then(run);
  const tracked: Promise<void> = next.finally(() => {
    if (flushing === tracked) flushing = null;
  });
  flushing = tracked;
  return next;
}
