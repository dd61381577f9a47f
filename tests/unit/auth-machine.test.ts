import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { authMachine, type Credentials, type SessionResult } from '../../src/machines/auth/auth.machine';

const user = { id: 'u1', email: 'a@b.co' };
const make = (overrides: Partial<Record<'restore' | 'signIn' | 'signUp' | 'signOut', () => Promise<unknown>>>) =>
  createActor(
    authMachine.provide({
      actors: {
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
});
