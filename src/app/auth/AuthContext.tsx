/**
 * Provides the auth machine with its real actors (the app system runs it as its `auth` actor:
 * ../shell/AppActors.tsx), and the views' hooks on it. supabase-js is imported on demand, so a
 * signed-out visitor's pages never load it.
 */
import { useSelector } from '@xstate/react';
import { fromCallback, fromPromise } from 'xstate';
import { appActor } from '../../machines/app/app.machine';
import {
  authMachine,
  type Credentials,
  type DataSetResult,
  type SessionResult,
  type SignOutResult,
  type ValidationResult,
} from '../../machines/auth/auth.machine';
import { sessionEndedText } from '../../machines/auth/sessionEnded';
import { loadAuthConfig } from '../../machines/auth/config';
import { routes } from '../../views/shell/routes';
import {
  authSessionStorage,
  hasPendingRevocations,
  hasStoredSession,
  readStoredTokens,
  subscribeStoredSession,
} from '../../storage/authSession';
import { notify } from '../../views/shell/toaster';
import { useAppRoot } from '../shell/appSystem';

const loadSupabase = () => import('../../machines/auth/supabaseAuth');
// Loaded with the first sign-in, like supabase-js: the landing page never needs it.
const loadAccounts = () => import('../../storage/accounts');
// Following the session while signed in: loaded with supabase-js (which it imports) once there is a session.
const loadWatchSession = () => import('./watchSession');
// The queue of revocations still to send (offline sign-outs): imported by the sign-out page, loaded here only when needed.
const loadRevocationQueue = () => import('./revocationQueue');

function errorMessage(event: unknown): string | undefined {
  const error = (event as { error?: unknown }).error;
  return error instanceof Error ? error.message : undefined;
}

/**
 * A session or auth error in the address is read only on the page that expects one (the reset link's
 * page, urlSession.ts); on any other page it is taken out of the address unread, so a link cannot sign
 * the visitor into another account (login CSRF).
 */
function sessionInUrl(): boolean {
  const { hash, search, pathname } = window.location;
  const inHash = /(^|[#&])(access_token|refresh_token|error_description)=/.test(hash);
  if (!inHash && !/[?&]code=/.test(search)) return false;
  // The one page that expects one (urlSession.ts, which supabase-js asks); not imported here, to keep it off the first load.
  if (pathname === routes.resetPassword) return true;
  if (inHash) window.history.replaceState(window.history.state, '', pathname + search);
  return false;
}

export const authLogic = authMachine.provide({
  actors: {
    restoreSession: fromPromise<SessionResult>(async () => {
      // A revocation left from an offline sign-out is sent on the next page load.
      if (hasPendingRevocations()) void loadRevocationQueue().then((queue) => queue.startRevocations());
      const config = await loadAuthConfig();
      if (!sessionInUrl() && !hasStoredSession(config.storageKey)) return { user: null };
      return (await loadSupabase()).restoreSession(config);
    }),
    signIn: fromPromise<SessionResult, Credentials>(async ({ input }) =>
      (await loadSupabase()).signIn(await loadAuthConfig(), input),
    ),
    signUp: fromPromise<SessionResult, Credentials>(async ({ input }) =>
      (await loadSupabase()).signUp(await loadAuthConfig(), input),
    ),
    validateSession: fromPromise<ValidationResult>(async () =>
      (await loadSupabase()).validateSession(await loadAuthConfig()),
    ),
    // Local first: the stored session is removed through the storage adapter before anything that needs
    // the network or can fail (the other tabs see it go), then supabase-js forgets it and says SIGNED_OUT.
    signOut: fromPromise<SignOutResult>(async () => {
      const config = await loadAuthConfig();
      const tokens = readStoredTokens(config.storageKey);
      authSessionStorage.removeItem(config.storageKey);
      await (await loadSupabase()).endLocalSession(config);
      return tokens;
    }),
    watchAuthChanges: fromCallback(({ sendBack }) => {
      let stop: (() => void) | null = null;
      let stopped = false;
      void Promise.all([loadWatchSession(), loadAuthConfig()]).then(([{ watchSession }, config]) => {
        if (stopped) return;
        stop = watchSession(config, (change) => sendBack({ type: 'auth.changed', ...change }));
      });
      return () => {
        stopped = true;
        stop?.();
      };
    }),
    watchStoredSession: fromCallback(({ sendBack }) => {
      let stop: (() => void) | null = null;
      let stopped = false;
      void loadAuthConfig()
        .then((config) => {
          if (stopped) return;
          stop = subscribeStoredSession(config.storageKey, (present) => present && sendBack({ type: 'auth.restore' }));
        })
        .catch(() => {});
      return () => {
        stopped = true;
        stop?.();
      };
    }),
    bindAccountData: fromPromise<DataSetResult, { userId: string }>(async ({ input }) => {
      const result = (await loadAccounts()).bindDataSet(input.userId);
      if (!result.ok) throw result.error;
      return { change: result.change };
    }),
  },
  actions: {
    // Queued in storage, then sent: offline, it is sent once the browser is back online (or on the next page load).
    revokeSession: ({ event }, params) => {
      const output = (event as { output?: SignOutResult }).output;
      if (!output?.accessToken) return;
      const tokens = { accessToken: output.accessToken, refreshToken: output.refreshToken ?? null };
      void loadRevocationQueue()
        .then(({ queueRevocation }) => queueRevocation(tokens, params.scope))
        .catch(() => {});
    },
    notifySessionEnded: () => notify({ type: 'warning', title: sessionEndedText, duration: 10000 }),
    notifyOffline: () =>
      notify({
        type: 'info',
        title: 'Working offline',
        description:
          'The server could not be reached to check your session; your data in this browser is here as usual.',
        duration: 6000,
      }),
    notifyDataSetError: ({ event }) =>
      notify({
        type: 'error',
        title: 'You were not signed in: your data could not be opened',
        description: errorMessage(event),
        duration: 15000,
      }),
  },
});

export interface AuthView {
  /** 'checking' while the session is read at start-up. */
  status: 'checking' | 'signedIn' | 'signedOut';
  email: string | null;
  /** Signed in on the stored session without the server confirming it. */
  offline: boolean;
}

/** The auth actor of the app system (systemId 'auth'); outside the app's provider it throws the spec's message. */
export function useAuthRef() {
  const root = useAppRoot();
  if (!root) throw new Error('useAuth must be used within an AuthProvider');
  return appActor(root, 'auth')!;
}

/** Status and e-mail of the visitor: what the shell and the route guard need. */
export function useAuth(): AuthView {
  const ref = useAuthRef();
  const status = useSelector(ref, (s) =>
    s.hasTag('checking') ? 'checking' : s.hasTag('signedIn') ? 'signedIn' : 'signedOut',
  );
  const email = useSelector(ref, (s) => s.context.user?.email ?? null);
  const offline = useSelector(ref, (s) => s.context.offline);
  return { status, email, offline };
}
