import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { authMachine, type Credentials, type DataSetResult, type SessionResult } from '../../src/machines/auth/auth.machine';

const user = { id: 'u1', email: 'a@b.co' };
const other = { id: 'u2', email: 'c@d.co' };
/** Whose data set the machine opened, and the toasts it asked for. */
let bound: string[] = [];
let notices: string[] = [];
const make = (overrides: Partial<Record<'restore' | 'signIn' | 'signUp' | 'signOut' | 'bind', () => Promise<unknown>>>) => {
  bound = [];
  notices = [];
  return createActor(
    authMachine.provide({
      actions: {
        notifyDataSetError: ({ event }) => void notices.push(String((event as { error?: Error }).error?.message)),
      },
      actors: {
        bindAccountData: fromPromise<DataSetResult, { userId: string }>(async ({ input }) => {
          bound.push(input.userId);
          return ((await overrides.bind?.()) ?? { change: 'none' }) as DataSetResult;
        }),
        restoreSession: fromPromise<SessionResult>(async () => ((await overrides.restore?.()) ?? { user: null }) as SessionResult),
        signIn: fromPromise<SessionResult, Credentials>(async () => (await overrides.signIn?.()) as SessionResult),
        signUp: fromPromise<SessionResult, Credentials>(async () => (await overrides.signUp?.()) as SessionResult),
        signOut: fromPromise<void>(async () => {
          await overrides.signOut?.();
        }),
        watchAuthChanges: fromCallback(() => () => {}),
        watchStoredSession: fromCallback(() => () => {}),
      },
    }),
  ).start();
};
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('auth machine (hand-written rules)', () => {
  it('shows the server message when sign-in fails and stays signed out', async () => {
    const actor = make({ signIn: async () => Promise.reject(new Error('Invalid login credentials')) });
    await settle();
    actor.send({ type: 'auth.signIn', email: 'a@b.co', password: 'nope' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.message).toEqual({ origin: 'signIn', kind: 'error', text: 'Invalid login credentials' });
  });

  it('says Login successful! and signs in', async () => {
    const actor = make({ signIn: async () => ({ user }) });
    await settle();
    actor.send({ type: 'auth.signIn', email: 'a@b.co', password: 'secret1' });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.message?.text).toBe('Login successful!');
  });

  it('adopts a restored session at start-up and signs out on SIGNED_OUT from another tab', async () => {
    const actor = make({ restore: async () => ({ user }) });
    expect(actor.getSnapshot().value).toBe('checking');
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');
    actor.send({ type: 'auth.changed', event: 'SIGNED_OUT', user: null });
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('keeps the user signed in and shows the error when sign-out fails', async () => {
    const actor = make({ restore: async () => ({ user }), signOut: async () => Promise.reject(new Error('Network down')) });
    await settle();
    actor.send({ type: 'auth.signOut' });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.message).toEqual({ origin: 'signOut', kind: 'error', text: 'Network down' });
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
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('signedOut');
    expect(snapshot.hasTag('signedIn')).toBe(false);
    expect(snapshot.context.user).toBeNull();
    expect(snapshot.context.message).toEqual({ origin: 'signIn', kind: 'error', text: full });
    expect(notices).toEqual([full]);
  });

  it('says so on the sign-up form when a new account’s data set cannot be opened', async () => {
    const actor = make({ signUp: async () => ({ user }), bind: async () => Promise.reject(new Error('Browser storage is full')) });
    await settle();
    actor.send({ type: 'auth.signUp', email: 'a@b.co', password: 'secret1' });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.message).toEqual({ origin: 'signUp', kind: 'error', text: 'Browser storage is full' });
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
