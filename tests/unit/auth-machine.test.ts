import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import {
  authMachine,
  type Credentials,
  type DataSetResult,
  type SessionResult,
  type SignOutResult,
  type ValidationResult,
} from '../../src/machines/auth/auth.machine';
import { sessionEndedText } from '../../src/machines/auth/authErrors';

const user = { id: 'u1', email: 'a@b.co' };
const other = { id: 'u2', email: 'c@d.co' };
/** Whose data set the machine opened, the toasts it asked for, what each actor received, the revocations. */
let bound: string[] = [];
let notices: string[] = [];
let calls: string[] = [];
let signIns: Credentials[] = [];
let revokes: Array<{ scope: string; token: string | null }> = [];
type Overrides = Partial<
  Record<'restore' | 'validate' | 'signIn' | 'signUp' | 'signOut' | 'bind', () => Promise<unknown>>
>;
const make = (overrides: Overrides) => {
  bound = [];
  notices = [];
  calls = [];
  signIns = [];
  revokes = [];
  return createActor(
    authMachine.provide({
      actions: {
        notifyDataSetError: ({ event }) => void notices.push(String((event as { error?: Error }).error?.message)),
        notifySessionEnded: () => void notices.push('session ended'),
        notifyOffline: () => void notices.push('offline'),
        revokeSession: ({ event }, params) =>
          void revokes.push({
            scope: params.scope,
            token: (event as { output?: SignOutResult }).output?.accessToken ?? null,
          }),
      },
      actors: {
        bindAccountData: fromPromise<DataSetResult, { userId: string }>(async ({ input }) => {
          bound.push(input.userId);
          return ((await overrides.bind?.()) ?? { change: 'none' }) as DataSetResult;
        }),
        restoreSession: fromPromise<SessionResult>(
          async () => ((await overrides.restore?.()) ?? { user: null }) as SessionResult,
        ),
        validateSession: fromPromise<ValidationResult>(async () => {
          calls.push('validate');
          return ((await overrides.validate?.()) ?? { status: 'valid', user }) as ValidationResult;
        }),
        signIn: fromPromise<SessionResult, Credentials>(async ({ input }) => {
          calls.push('signIn');
          signIns.push(input);
          return (await overrides.signIn?.()) as SessionResult;
        }),
        signUp: fromPromise<SessionResult, Credentials>(async () => {
          calls.push('signUp');
          return (await overrides.signUp?.()) as SessionResult;
        }),
        signOut: fromPromise<SignOutResult>(async () => {
          calls.push('signOut');
          return ((await overrides.signOut?.()) ?? { accessToken: 'access-1' }) as SignOutResult;
        }),
        watchAuthChanges: fromCallback(() => () => {}),
        watchStoredSession: fromCallback(() => () => {}),
      },
    }),
  ).start();
};
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('auth machine (hand-written rules)', () => {
  it('shows the server message when sign-in fails and stays signed out', async () => {
    const actor = make({ signIn: async () => Promise.reject(new Error('Invalid login credentials')) });
    await settle();
    actor.send({ type: 'auth.signIn', email: 'a@b.co', password: 'nope' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.message).toEqual({
      origin: 'signIn',
      kind: 'error',
      text: 'Invalid login credentials',
    });
  });

  it('says Login successful! and signs in', async () => {
    const actor = make({ signIn: async () => ({ user }) });
    await settle();
    actor.send({ type: 'auth.signIn', email: 'a@b.co', password: 'secret1' });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.message?.text).toBe('Login successful!');
    expect(calls, 'a fresh sign-in needs no extra check').toEqual(['signIn']);
  });

  it('adopts a restored session at start-up once the server confirms it, and signs out on SIGNED_OUT from another tab', async () => {
    const actor = make({ restore: async () => ({ user }) });
    expect(actor.getSnapshot().value).toBe('checking');
    await settle();
    expect(calls).toEqual(['validate']);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.offline).toBe(false);
    actor.send({ type: 'auth.changed', event: 'SIGNED_OUT', user: null });
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('signs out with "Your session ended, please log in again" when the server no longer knows the stored session', async () => {
    const actor = make({
      restore: async () => ({ user }),
      validate: async () => ({ status: 'ended', reason: 'session_not_found' }),
    });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('signedOut');
    expect(snapshot.context.user).toBeNull();
    expect(snapshot.context.message).toEqual({ origin: 'signIn', kind: 'error', text: sessionEndedText });
    expect(calls, 'the stored session is removed here too').toEqual(['validate', 'signOut']);
    expect(bound, 'no data set is opened for an ended session').toEqual([]);
    expect(revokes, 'nothing to revoke: the server already ended it').toEqual([]);
    expect(notices).toEqual(['session ended']);
  });

  it('keeps the user signed in offline, with a quiet note, when the server cannot be reached', async () => {
    const actor = make({
      restore: async () => ({ user }),
      validate: async () => ({ status: 'unreachable', reason: 'Failed to fetch' }),
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.offline).toBe(true);
    expect(actor.getSnapshot().context.message).toBeNull();
    expect(bound).toEqual(['u1']);
    expect(notices).toEqual(['offline']);
    // The next answer from the server (a token refresh) clears the note.
    actor.send({ type: 'auth.changed', event: 'TOKEN_REFRESHED', user });
    expect(actor.getSnapshot().context.offline).toBe(false);
  });

  it('keeps the user signed in offline when the check itself fails', async () => {
    const actor = make({
      restore: async () => ({ user }),
      validate: async () => Promise.reject(new Error('chunk failed')),
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.offline).toBe(true);
  });

  it('signs out locally even when the server cannot be reached, then asks it to end every session', async () => {
    const actor = make({ restore: async () => ({ user }) });
    await settle();
    actor.send({ type: 'auth.signOut' });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.message).toEqual({
      origin: 'signOut',
      kind: 'success',
      text: 'Signed out successfully!',
    });
    expect(revokes).toEqual([{ scope: 'global', token: 'access-1' }]);
  });

  it('never stays signed in when the local sign-out fails: signed out, with the error', async () => {
    const actor = make({
      restore: async () => ({ user }),
      signOut: async () => Promise.reject(new Error('Network down')),
    });
    await settle();
    actor.send({ type: 'auth.signOut' });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(actor.getSnapshot().context.message).toEqual({ origin: 'signOut', kind: 'error', text: 'Network down' });
  });

  it('Login while signed in switches account: leaves this session, signs the other in, opens its data set, says "Signed in as …"', async () => {
    const actor = make({ restore: async () => ({ user }), signIn: async () => ({ user: other }) });
    await settle();
    expect(bound).toEqual(['u1']);
    actor.send({ type: 'auth.signIn', email: 'c@d.co', password: 'secret2' });
    expect(actor.getSnapshot().value).toEqual({ switchingAccount: 'leaving' });
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(false);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('signedIn');
    expect(snapshot.context.user).toEqual(other);
    expect(snapshot.context.message).toEqual({ origin: 'signIn', kind: 'success', text: 'Signed in as c@d.co' });
    expect(snapshot.context.pending, 'the password is not kept').toBeNull();
    expect(calls).toEqual(['validate', 'signOut', 'signIn']);
    expect(signIns).toEqual([{ email: 'c@d.co', password: 'secret2' }]);
    expect(revokes, 'the old session is revoked for this browser only').toEqual([
      { scope: 'local', token: 'access-1' },
    ]);
    expect(bound).toEqual(['u1', 'u2']);
  });

  it('Sign Up while signed in switches to the new account', async () => {
    const actor = make({ restore: async () => ({ user }), signUp: async () => ({ user: other }) });
    await settle();
    actor.send({ type: 'auth.signUp', email: 'c@d.co', password: 'secret2' });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.message).toEqual({
      origin: 'signUp',
      kind: 'success',
      text: 'Signed in as c@d.co',
    });
    expect(calls).toEqual(['validate', 'signOut', 'signUp']);
    expect(bound).toEqual(['u1', 'u2']);
  });

  it('a failed switch leaves the visitor signed out with the server message on the login form', async () => {
    const actor = make({
      restore: async () => ({ user }),
      signIn: async () => Promise.reject(new Error('Invalid login credentials')),
    });
    await settle();
    actor.send({ type: 'auth.signIn', email: 'c@d.co', password: 'wrong' });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(actor.getSnapshot().context.message).toEqual({
      origin: 'signIn',
      kind: 'error',
      text: 'Invalid login credentials',
    });
  });

  it('a second submit while signing in says what is under way instead of vanishing', async () => {
    const actor = make({ signIn: () => new Promise(() => {}) });
    await settle();
    actor.send({ type: 'auth.signIn', email: 'a@b.co', password: 'secret1' });
    actor.send({ type: 'auth.signUp', email: 'a@b.co', password: 'secret1' });
    expect(actor.getSnapshot().value).toBe('signingIn');
    expect(actor.getSnapshot().context.message).toEqual({
      origin: 'signUp',
      kind: 'info',
      text: 'Signing in… please wait.',
    });
    expect(calls).toEqual(['signIn']);
  });

  it('opens the signed-in user’s data set before the protected pages, on sign-in', async () => {
    const actor = make({ signIn: async () => ({ user }) });
    await settle();
    actor.send({ type: 'auth.signIn', email: 'a@b.co', password: 'secret1' });
    await settle();
    expect(bound).toEqual(['u1']);
    expect(actor.getSnapshot().value).toBe('signedIn');
  });

  it('does not let the user in, and says so on the form and in a toast, when their data set cannot be opened', async () => {
    const full = 'Browser storage is full, so your data could not be opened on this browser.';
    const actor = make({ signIn: async () => ({ user }), bind: async () => Promise.reject(new Error(full)) });
    await settle();
    actor.send({ type: 'auth.signIn', email: 'a@b.co', password: 'secret1' });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('signedOut');
    expect(snapshot.hasTag('signedIn')).toBe(false);
    expect(snapshot.context.user).toBeNull();
    expect(snapshot.context.message).toEqual({ origin: 'signIn', kind: 'error', text: full });
    expect(notices).toEqual([full]);
  });

  it('says so on the sign-up form when a new account’s data set cannot be opened', async () => {
    const actor = make({
      signUp: async () => ({ user }),
      bind: async () => Promise.reject(new Error('Browser storage is full')),
    });
    await settle();
    actor.send({ type: 'auth.signUp', email: 'a@b.co', password: 'secret1' });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.message).toEqual({
      origin: 'signUp',
      kind: 'error',
      text: 'Browser storage is full',
    });
  });

  it('switches data sets when another tab signs a different account in, not on a token refresh', async () => {
    const actor = make({ restore: async () => ({ user }) });
    await settle();
    expect(bound).toEqual(['u1']);
    actor.send({ type: 'auth.changed', event: 'TOKEN_REFRESHED', user });
    await settle();
    expect(bound).toEqual(['u1']);
    actor.send({ type: 'auth.changed', event: 'SIGNED_IN', user: other });
    expect(actor.getSnapshot().hasTag('signedIn'), 'pages showing u1’s data close').toBe(false);
    await settle();
    expect(bound).toEqual(['u1', 'u2']);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.user).toEqual(other);
  });
});
