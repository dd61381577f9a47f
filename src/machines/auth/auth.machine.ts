/**
 * Auth: `checking` reads the session at start-up (a stored session or one in the URL), then the user
 * is `signedOut` or `signedIn`. Sign-up, sign-in and sign-out are loading states around actors over
 * supabase-js. While signed in, auth changes (token refreshed, user updated, password recovery, MFA
 * verified, signed out in another tab) arrive as `auth.changed`. Every way in to `signedIn` passes
 * `openingData`, which makes the stored data set the user's own before any protected page reads it.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';

export interface AuthUser {
  id: string;
  email: string | null;
}

export type AuthMessage = { origin: 'signIn' | 'signUp' | 'signOut'; kind: 'success' | 'error'; text: string };

export interface AuthContext {
  user: AuthUser | null;
  message: AuthMessage | null;
  /** The last change event seen from the auth service (SIGNED_IN, TOKEN_REFRESHED, ...). */
  lastChange: string | null;
}

export interface Credentials {
  email: string;
  password: string;
}

export type SessionResult = { user: AuthUser | null };
/** What binding the user's data set did (see src/storage/accounts.ts). */
export type DataSetResult = { change: 'none' | 'claimed' | 'switched' };
export type AuthChange = { event: string; user: AuthUser | null };

export type AuthEvent =
  /** Login form submit. */
  | { type: 'auth.signIn'; email: string; password: string }
  /** Signup form submit. */
  | { type: 'auth.signUp'; email: string; password: string }
  /** Sign-out button. */
  | { type: 'auth.signOut' }
  /** The auth client reported a change (onAuthStateChange), including from other tabs. */
  | { type: 'auth.changed'; event: string; user: AuthUser | null }
  /** Another tab stored a session while this one was signed out: read it. */
  | { type: 'auth.restore' };

export const authMachine = setup({
  types: { context: {} as AuthContext, events: {} as AuthEvent },
  actors: {
    restoreSession: fromPromise<SessionResult>(async () => {
      throw new Error('auth: provide restoreSession');
    }),
    signIn: fromPromise<SessionResult, Credentials>(async () => {
      throw new Error('auth: provide signIn');
    }),
    signUp: fromPromise<SessionResult, Credentials>(async () => {
      throw new Error('auth: provide signUp');
    }),
    signOut: fromPromise<void>(async () => {
      throw new Error('auth: provide signOut');
    }),
    watchAuthChanges: fromCallback(() => {
      throw new Error('auth: provide watchAuthChanges');
    }),
    watchStoredSession: fromCallback(() => {
      throw new Error('auth: provide watchStoredSession');
    }),
    bindAccountData: fromPromise<DataSetResult, { userId: string }>(async () => {
      throw new Error('auth: provide bindAccountData');
    }),
  },
  actions: {
    setUserFromResult: assign({
      user: ({ event }) => (event as unknown as { output: SessionResult }).output.user,
    }),
    setUserFromChange: assign({
      user: ({ event }) => (event.type === 'auth.changed' ? event.user : null),
      lastChange: ({ event }) => (event.type === 'auth.changed' ? event.event : null),
    }),
    clearUser: assign({ user: null }),
    clearMessage: assign({ message: null }),
    setSignInSuccess: assign({ message: { origin: 'signIn', kind: 'success', text: 'Login successful!' } as AuthMessage }),
    setSignUpSuccess: assign({ message: { origin: 'signUp', kind: 'success', text: 'Signup successful!' } as AuthMessage }),
    setSignOutSuccess: assign({ message: { origin: 'signOut', kind: 'success', text: 'Signed out successfully!' } as AuthMessage }),
    setSignInError: assign({ message: ({ event }) => ({ origin: 'signIn', kind: 'error', text: errorText(event) }) as AuthMessage }),
    setSignUpError: assign({ message: ({ event }) => ({ origin: 'signUp', kind: 'error', text: errorText(event) }) as AuthMessage }),
    setSignOutError: assign({ message: ({ event }) => ({ origin: 'signOut', kind: 'error', text: errorText(event) }) as AuthMessage }),
    // Shown on the form just used (sign-up), else on the login form, where a visitor who is not let in lands.
    setDataSetError: assign({
      message: ({ context, event }) => ({ origin: context.message?.origin === 'signUp' ? 'signUp' : 'signIn', kind: 'error', text: errorText(event) }) as AuthMessage,
    }),
    notifyDataSetError: () => {
      throw new Error('auth: provide notifyDataSetError');
    },
  },
  guards: {
    hasUser: ({ event }) => !!(event as unknown as { output?: SessionResult }).output?.user,
    isSignedOutChange: ({ event }) => event.type === 'auth.changed' && (event.event === 'SIGNED_OUT' || !event.user),
    isSessionChange: ({ event }) => event.type === 'auth.changed' && event.event !== 'SIGNED_OUT' && !!event.user,
    isOtherUserChange: ({ context, event }) =>
      event.type === 'auth.changed' && event.event !== 'SIGNED_OUT' && !!event.user && event.user.id !== context.user?.id,
  },
}).createMachine({
  id: 'auth',
  context: { user: null, message: null, lastChange: null },
  initial: 'checking',
  states: {
    checking: {
      tags: ['checking'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [{ guard: 'hasUser', target: 'openingData', actions: 'setUserFromResult' }, { target: 'signedOut' }],
        // An unreadable session or an unreachable service: the visitor is signed out, nothing crashes.
        onError: { target: 'signedOut' },
      },
      on: {
        // A form submitted before the start-up check is done is acted on, not dropped: the check only
        // decides between signed in and signed out, and a fresh sign-in or sign-up settles that too.
        'auth.signIn': { target: 'signingIn', actions: 'clearMessage' },
        'auth.signUp': { target: 'signingUp', actions: 'clearMessage' },
      },
    },
    signedOut: {
      tags: ['signedOut'],
      invoke: { id: 'watchStoredSession', src: 'watchStoredSession' },
      on: {
        'auth.signIn': { target: 'signingIn', actions: 'clearMessage' },
        'auth.signUp': { target: 'signingUp', actions: 'clearMessage' },
        'auth.restore': { target: 'checking', actions: 'clearMessage' },
        // Signed in elsewhere (another tab, a recovery link): an old form message no longer applies.
        'auth.changed': { guard: 'isSessionChange', target: 'openingData', actions: ['setUserFromChange', 'clearMessage'] },
      },
    },
    signingIn: {
      tags: ['signedOut', 'loading'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => (event.type === 'auth.signIn' ? { email: event.email, password: event.password } : { email: '', password: '' }),
        onDone: [{ guard: 'hasUser', target: 'openingData', actions: ['setUserFromResult', 'setSignInSuccess'] }, { target: 'signedOut' }],
        onError: { target: 'signedOut', actions: 'setSignInError' },
      },
    },
    signingUp: {
      tags: ['signedOut', 'loading'],
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ event }) => (event.type === 'auth.signUp' ? { email: event.email, password: event.password } : { email: '', password: '' }),
        // Without e-mail confirmation the service answers with a session; with it, there is none yet.
        onDone: [{ guard: 'hasUser', target: 'openingData', actions: ['setUserFromResult', 'setSignUpSuccess'] }, { target: 'signedOut', actions: 'setSignUpSuccess' }],
        onError: { target: 'signedOut', actions: 'setSignUpError' },
      },
    },
    // The plain storage keys hold one account's data: make them this user's before a protected page
    // mounts (tagged 'checking', so the route guard waits). If that fails the user is not let in, since
    // the data on screen would be another account's; nothing was moved, and signing in again retries.
    openingData: {
      tags: ['checking', 'loading'],
      invoke: {
        id: 'bindAccountData',
        src: 'bindAccountData',
        input: ({ context }) => ({ userId: context.user?.id ?? '' }),
        onDone: { target: 'signedIn' },
        onError: { target: 'signedOut', actions: ['clearUser', 'setDataSetError', 'notifyDataSetError'] },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      invoke: { id: 'watchAuthChanges', src: 'watchAuthChanges' },
      on: {
        'auth.signOut': { target: 'signingOut', actions: 'clearMessage' },
        'auth.changed': [
          { guard: 'isSignedOutChange', target: 'signedOut', actions: ['clearUser', 'clearMessage'] },
          // Another tab signed a different account in: this tab's pages close and reopen on that account's data.
          { guard: 'isOtherUserChange', target: 'openingData', actions: ['setUserFromChange', 'clearMessage'] },
          { guard: 'isSessionChange', actions: 'setUserFromChange' },
        ],
      },
    },
    signingOut: {
      tags: ['signedIn', 'loading'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: ['clearUser', 'setSignOutSuccess'] },
        onError: { target: 'signedIn', actions: 'setSignOutError' },
      },
    },
  },
});

function errorText(event: unknown): string {
  const error = (event as { error?: unknown }).error;
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Something went wrong. Please try again.';
}
