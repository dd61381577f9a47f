/**
 * Auth: `checking` reads the stored session (or one in the URL) and `validating` asks the server whether
 * it still stands; then the user is `signedOut` or `signedIn`. Sign-up, sign-in and sign-out are loading
 * states around actors over supabase-js; Login or Sign Up while signed in is `switchingAccount` (leave
 * this session locally, then sign the other account in). Every way in to `signedIn` passes
 * `openingData`, which makes the stored data set the user's own before any protected page reads it.
 * Every state answers every auth event: it acts on it, or says why it waits (`setBusyMessage`), or
 * records a change that its own request will settle (`recordChange`). No event is dropped silently.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { sessionEndedText } from './sessionEnded';
import type { SecretsOf } from '../../domain/inspection';

export interface AuthUser {
  id: string;
  email: string | null;
}

export type AuthMessage = { origin: 'signIn' | 'signUp' | 'signOut'; kind: 'success' | 'error' | 'info'; text: string };

/** A Login or Sign Up submitted while another account is signed in: done once that session has been left. */
export interface PendingSwitch {
  mode: 'signIn' | 'signUp';
  email: string;
  password: string;
}

export interface AuthContext {
  user: AuthUser | null;
  message: AuthMessage | null;
  /** The last change event seen from the auth service (SIGNED_IN, TOKEN_REFRESHED, ...). */
  lastChange: string | null;
  /** Signed in on the stored session without the server confirming it (it could not be reached). */
  offline: boolean;
  /** Only while `switchingAccount`: what to do once the old session is left. */
  pending: PendingSwitch | null;
}

export interface Credentials {
  email: string;
  password: string;
}

export type SessionResult = { user: AuthUser | null };
/** What the server said about the stored session (GET /auth/v1/user). */
export type ValidationResult =
  | { status: 'valid'; user: AuthUser }
  /** session_not_found, user_not_found, a revoked refresh token: the session is over. */
  | { status: 'ended'; reason: string }
  /** No answer (network down, server error): the session may still stand. */
  | { status: 'unreachable'; reason: string };
/** The local sign-out's result: the tokens it removed, for revoking on the server (now, or once back online). */
export type SignOutResult = { accessToken: string | null; refreshToken?: string | null };
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

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed, with its secret ones. */
export const authSecrets = {
  events: {
    'auth.signIn': ['password'],
    'auth.signUp': ['password'],
    'auth.changed': [],
    'xstate.done.actor.signOut': ['output'],
  },
  context: ['pending'],
} as const satisfies SecretsOf<AuthEvent, AuthContext>;

type Output<T> = { output: T };
const outputOf = <T>(event: unknown): T | undefined => (event as Partial<Output<T>>).output;

/** The answer of a state that is busy with a request: form events wait for it, changes are recorded. */
const busy = (doing: string) =>
  ({
    'auth.signIn': { actions: { type: 'setBusyMessage', params: { doing } } },
    'auth.signUp': { actions: { type: 'setBusyMessage', params: { doing } } },
    'auth.signOut': { actions: { type: 'setBusyMessage', params: { doing } } },
    // The request under way settles the state; its answer is newer than this change.
    'auth.changed': { actions: 'recordChange' },
    'auth.restore': { actions: 'recordChange' },
  }) as const;

export const authMachine = setup({
  types: { context: {} as AuthContext, events: {} as AuthEvent },
  actors: {
    restoreSession: fromPromise<SessionResult>(async () => {
      throw new Error('auth: provide restoreSession');
    }),
    validateSession: fromPromise<ValidationResult>(async () => {
      throw new Error('auth: provide validateSession');
    }),
    signIn: fromPromise<SessionResult, Credentials>(async () => {
      throw new Error('auth: provide signIn');
    }),
    signUp: fromPromise<SessionResult, Credentials>(async () => {
      throw new Error('auth: provide signUp');
    }),
    signOut: fromPromise<SignOutResult>(async () => {
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
    setUserFromResult: assign({ user: ({ event }) => outputOf<SessionResult>(event)?.user ?? null }),
    setUserFromValidation: assign({
      user: ({ context, event }) => {
        const result = outputOf<ValidationResult>(event);
        return result?.status === 'valid' ? result.user : context.user;
      },
      offline: false,
    }),
    setUserFromChange: assign({
      user: ({ event }) => (event.type === 'auth.changed' ? event.user : null),
      lastChange: ({ event }) => (event.type === 'auth.changed' ? event.event : null),
      // The server answered someone (a refresh, another tab's sign-in): no longer unconfirmed.
      offline: false,
    }),
    recordChange: assign({ lastChange: ({ event }) => (event.type === 'auth.changed' ? event.event : event.type) }),
    clearUser: assign({ user: null, offline: false }),
    clearMessage: assign({ message: null }),
    setOffline: assign({ offline: true }),
    setPendingSwitch: assign({
      pending: ({ event }) =>
        event.type === 'auth.signIn' || event.type === 'auth.signUp'
          ? {
              mode: event.type === 'auth.signIn' ? ('signIn' as const) : ('signUp' as const),
              email: event.email,
              password: event.password,
            }
          : null,
    }),
    clearPending: assign({ pending: null }),
    setSignInSuccess: assign({
      message: { origin: 'signIn', kind: 'success', text: 'Login successful!' } as AuthMessage,
    }),
    setSignUpSuccess: assign({
      message: { origin: 'signUp', kind: 'success', text: 'Signup successful!' } as AuthMessage,
    }),
    setSignOutSuccess: assign({
      message: { origin: 'signOut', kind: 'success', text: 'Signed out successfully!' } as AuthMessage,
    }),
    setSwitchedMessage: assign({
      message: ({ context, event }) =>
        ({
          origin: context.pending?.mode ?? 'signIn',
          kind: 'success',
          text: `Signed in as ${outputOf<SessionResult>(event)?.user?.email ?? context.pending?.email ?? 'the other account'}`,
        }) as AuthMessage,
    }),
    setSessionEnded: assign({ message: { origin: 'signIn', kind: 'error', text: sessionEndedText } as AuthMessage }),
    setBusyMessage: assign({
      message: ({ event }, params: { doing: string }) =>
        ({
          origin: event.type === 'auth.signUp' ? 'signUp' : event.type === 'auth.signOut' ? 'signOut' : 'signIn',
          kind: 'info',
          text: `${params.doing}… please wait.`,
        }) as AuthMessage,
    }),
    setAlreadySignedOut: assign({
      message: { origin: 'signOut', kind: 'info', text: 'You are not signed in.' } as AuthMessage,
    }),
    setSignInError: assign({
      message: ({ event }) => ({ origin: 'signIn', kind: 'error', text: errorText(event) }) as AuthMessage,
    }),
    setSignUpError: assign({
      message: ({ event }) => ({ origin: 'signUp', kind: 'error', text: errorText(event) }) as AuthMessage,
    }),
    setSignOutError: assign({
      message: ({ event }) => ({ origin: 'signOut', kind: 'error', text: errorText(event) }) as AuthMessage,
    }),
    setSwitchError: assign({
      message: ({ context, event }) =>
        ({ origin: context.pending?.mode ?? 'signIn', kind: 'error', text: errorText(event) }) as AuthMessage,
    }),
    // Shown on the form just used (sign-up), else on the login form, where a visitor who is not let in lands.
    setDataSetError: assign({
      message: ({ context, event }) =>
        ({
          origin: context.message?.origin === 'signUp' ? 'signUp' : 'signIn',
          kind: 'error',
          text: errorText(event),
        }) as AuthMessage,
    }),
    notifyDataSetError: () => {
      throw new Error('auth: provide notifyDataSetError');
    },
    /** Toast: the session ended on the server (signed out elsewhere, user deleted). */
    notifySessionEnded: () => {
      throw new Error('auth: provide notifySessionEnded');
    },
    /** Quiet toast: signed in on the stored session, the server could not confirm it. */
    notifyOffline: () => {
      throw new Error('auth: provide notifyOffline');
    },
    /** Revokes the session just left on the server, if it can be reached; never waited for. */
    revokeSession: (_, _params: { scope: 'global' | 'local' }) => {
      throw new Error('auth: provide revokeSession');
    },
  },
  guards: {
    hasUser: ({ event }) => !!outputOf<SessionResult>(event)?.user,
    isSessionValid: ({ event }) => outputOf<ValidationResult>(event)?.status === 'valid',
    isSessionEnded: ({ event }) => outputOf<ValidationResult>(event)?.status === 'ended',
    isSwitchToSignUp: ({ context }) => context.pending?.mode === 'signUp',
    isSignedOutChange: ({ event }) => event.type === 'auth.changed' && (event.event === 'SIGNED_OUT' || !event.user),
    isSessionChange: ({ event }) => event.type === 'auth.changed' && event.event !== 'SIGNED_OUT' && !!event.user,
    isOtherUserChange: ({ context, event }) =>
      event.type === 'auth.changed' &&
      event.event !== 'SIGNED_OUT' &&
      !!event.user &&
      event.user.id !== context.user?.id,
  },
}).createMachine({
  id: 'auth',
  meta: { secrets: authSecrets },
  context: { user: null, message: null, lastChange: null, offline: false, pending: null },
  initial: 'checking',
  states: {
    checking: {
      tags: ['checking'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [{ guard: 'hasUser', target: 'validating', actions: 'setUserFromResult' }, { target: 'signedOut' }],
        // An unreadable session or an unreachable service: the visitor is signed out, nothing crashes.
        onError: { target: 'signedOut' },
      },
      on: {
        // A form submitted before the start-up check is done is acted on, not dropped: the check only
        // decides between signed in and signed out, and a fresh sign-in or sign-up settles that too.
        'auth.signIn': { target: 'signingIn', actions: 'clearMessage' },
        'auth.signUp': { target: 'signingUp', actions: 'clearMessage' },
        // Whatever is stored is removed: the visitor asked to be signed out.
        'auth.signOut': { target: 'signingOut', actions: 'clearMessage' },
        // The stored session changed while it was being read: read it again.
        'auth.changed': { target: 'checking', reenter: true, actions: 'recordChange' },
        'auth.restore': { target: 'checking', reenter: true, actions: 'recordChange' },
      },
    },
    // A stored session may have been ended elsewhere (sign-out everywhere, a deleted user): ask the
    // server before letting the user in. No answer is not a "no": local-first data stays usable offline.
    validating: {
      tags: ['checking', 'loading'],
      invoke: {
        id: 'validateSession',
        src: 'validateSession',
        onDone: [
          { guard: 'isSessionValid', target: 'openingData', actions: 'setUserFromValidation' },
          { guard: 'isSessionEnded', target: 'endingSession' },
          { target: 'openingData', actions: ['setOffline', 'notifyOffline'] },
        ],
        onError: { target: 'openingData', actions: ['setOffline', 'notifyOffline'] },
      },
      on: {
        // A session is stored: a Login or Sign Up now is a switch of account, like one while signed in.
        'auth.signIn': { target: 'switchingAccount', actions: ['clearMessage', 'setPendingSwitch'] },
        'auth.signUp': { target: 'switchingAccount', actions: ['clearMessage', 'setPendingSwitch'] },
        'auth.signOut': { target: 'signingOut', actions: 'clearMessage' },
        // The stored session changed while the server was being asked: read it again.
        'auth.changed': { target: 'checking', actions: ['clearUser', 'recordChange'] },
        'auth.restore': { target: 'checking', actions: ['clearUser', 'recordChange'] },
      },
    },
    // The server no longer knows the session: remove what is stored here too, then say so.
    endingSession: {
      tags: ['checking', 'loading'],
      invoke: {
        id: 'endSession',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: ['clearUser', 'setSessionEnded', 'notifySessionEnded'] },
        onError: { target: 'signedOut', actions: ['clearUser', 'setSessionEnded', 'notifySessionEnded'] },
      },
      on: busy('Ending your session'),
    },
    signedOut: {
      tags: ['signedOut'],
      invoke: { id: 'watchStoredSession', src: 'watchStoredSession' },
      on: {
        'auth.signIn': { target: 'signingIn', actions: 'clearMessage' },
        'auth.signUp': { target: 'signingUp', actions: 'clearMessage' },
        'auth.signOut': { actions: 'setAlreadySignedOut' },
        'auth.restore': { target: 'checking', actions: 'clearMessage' },
        'auth.changed': [
          // Signed in elsewhere (another tab, a recovery link): an old form message no longer applies.
          { guard: 'isSessionChange', target: 'openingData', actions: ['setUserFromChange', 'clearMessage'] },
          // Signed out elsewhere too: nothing changes here.
          { actions: 'recordChange' },
        ],
      },
    },
    signingIn: {
      tags: ['signedOut', 'loading'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) =>
          event.type === 'auth.signIn' ? { email: event.email, password: event.password } : { email: '', password: '' },
        onDone: [
          { guard: 'hasUser', target: 'openingData', actions: ['setUserFromResult', 'setSignInSuccess'] },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut', actions: 'setSignInError' },
      },
      on: busy('Signing in'),
    },
    signingUp: {
      tags: ['signedOut', 'loading'],
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ event }) =>
          event.type === 'auth.signUp' ? { email: event.email, password: event.password } : { email: '', password: '' },
        // Without e-mail confirmation the service answers with a session; with it, there is none yet.
        onDone: [
          { guard: 'hasUser', target: 'openingData', actions: ['setUserFromResult', 'setSignUpSuccess'] },
          { target: 'signedOut', actions: 'setSignUpSuccess' },
        ],
        onError: { target: 'signedOut', actions: 'setSignUpError' },
      },
      on: busy('Signing up'),
    },
    // Login or Sign Up while signed in: the user means the other account.  `pending` (the form's e-mail
    // and password) lives only here: every transition out clears it, after the message has used it. Leave this session here
    // (locally first, so no network is needed; revoked on the server for this browser only), then sign
    // in or up as asked; `openingData` then opens the new account's data set. A failed sign-in leaves the
    // visitor signed out, with the server's message on the form.
    switchingAccount: {
      tags: ['signedOut', 'loading'],
      initial: 'leaving',
      on: busy('Switching account'),
      states: {
        leaving: {
          invoke: {
            id: 'leaveSession',
            src: 'signOut',
            onDone: [
              {
                guard: 'isSwitchToSignUp',
                target: 'signingUp',
                actions: ['clearUser', { type: 'revokeSession', params: { scope: 'local' } }],
              },
              { target: 'signingIn', actions: ['clearUser', { type: 'revokeSession', params: { scope: 'local' } }] },
            ],
            // The stored session is removed before anything that can fail: carry on.
            onError: [
              { guard: 'isSwitchToSignUp', target: 'signingUp', actions: 'clearUser' },
              { target: 'signingIn', actions: 'clearUser' },
            ],
          },
        },
        signingIn: {
          invoke: {
            id: 'switchSignIn',
            src: 'signIn',
            input: ({ context }) => ({
              email: context.pending?.email ?? '',
              password: context.pending?.password ?? '',
            }),
            onDone: [
              {
                guard: 'hasUser',
                target: '#auth.openingData',
                actions: ['setUserFromResult', 'setSwitchedMessage', 'clearPending'],
              },
              { target: '#auth.signedOut', actions: 'clearPending' },
            ],
            onError: { target: '#auth.signedOut', actions: ['setSwitchError', 'clearPending'] },
          },
        },
        signingUp: {
          invoke: {
            id: 'switchSignUp',
            src: 'signUp',
            input: ({ context }) => ({
              email: context.pending?.email ?? '',
              password: context.pending?.password ?? '',
            }),
            onDone: [
              {
                guard: 'hasUser',
                target: '#auth.openingData',
                actions: ['setUserFromResult', 'setSwitchedMessage', 'clearPending'],
              },
              { target: '#auth.signedOut', actions: ['setSignUpSuccess', 'clearPending'] },
            ],
            onError: { target: '#auth.signedOut', actions: ['setSwitchError', 'clearPending'] },
          },
        },
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
      on: {
        ...busy('Opening your data'),
        // Changes are handled as when signed in: the data set being opened follows the session.
        'auth.changed': [
          { guard: 'isSignedOutChange', target: 'signedOut', actions: ['clearUser', 'clearMessage'] },
          {
            guard: 'isOtherUserChange',
            target: 'openingData',
            reenter: true,
            actions: ['setUserFromChange', 'clearMessage'],
          },
          { actions: 'setUserFromChange' },
        ],
      },
    },
    signedIn: {
      tags: ['signedIn'],
      invoke: { id: 'watchAuthChanges', src: 'watchAuthChanges' },
      on: {
        'auth.signIn': { target: 'switchingAccount', actions: ['clearMessage', 'setPendingSwitch'] },
        'auth.signUp': { target: 'switchingAccount', actions: ['clearMessage', 'setPendingSwitch'] },
        'auth.signOut': { target: 'signingOut', actions: 'clearMessage' },
        'auth.changed': [
          { guard: 'isSignedOutChange', target: 'signedOut', actions: ['clearUser', 'clearMessage'] },
          // Another tab signed a different account in: this tab's pages close and reopen on that account's data.
          { guard: 'isOtherUserChange', target: 'openingData', actions: ['setUserFromChange', 'clearMessage'] },
          { actions: 'setUserFromChange' },
        ],
        // Sent only while signed out; signed in, another tab's session arrives as auth.changed.
        'auth.restore': { actions: 'recordChange' },
      },
    },
    // Local first: the stored session goes (and the other tabs follow) without waiting for the network,
    // then the server is asked to end every session of the user, if it can be reached.
    signingOut: {
      tags: ['signedIn', 'loading'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: {
          target: 'signedOut',
          actions: ['clearUser', 'setSignOutSuccess', { type: 'revokeSession', params: { scope: 'global' } }],
        },
        onError: { target: 'signedOut', actions: ['clearUser', 'setSignOutError'] },
      },
      on: busy('Signing out'),
    },
  },
});

function errorText(event: unknown): string {
  const error = (event as { error?: unknown }).error;
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Something went wrong. Please try again.';
}
