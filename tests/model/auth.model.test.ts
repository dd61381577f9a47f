import { expect } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import { authMachine, type SessionResult } from '../../src/machines/auth/auth.machine';
import { describeModel } from '../support/model';

// Fakes that never settle: the walk supplies their done/error events itself.
const pending = <T,>() => fromPromise<T, any>(() => new Promise<T>(() => {})); // eslint-disable-line @typescript-eslint/no-explicit-any
const machine = authMachine.provide({
  actors: {
    restoreSession: pending<SessionResult>(),
    signIn: pending<SessionResult>(),
    signUp: pending<SessionResult>(),
    signOut: pending<void>(),
    watchAuthChanges: fromCallback(() => () => {}),
    watchStoredSession: fromCallback(() => () => {}),
  },
});

const user = { id: 'u1', email: 'cook@example.com' };
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, message: string) => ({ type: `xstate.error.actor.${id}`, error: new Error(message) });

describeModel('auth', {
  machine,
  limit: 5000,
  // Messages differ per path; the user and the state are what tell states apart.
  serializeState: (s) => JSON.stringify([s.value, s.context.user?.id ?? null, s.context.message?.origin ?? null, s.context.message?.kind ?? null]),
  events: {
    'auth.signIn': [{ type: 'auth.signIn', email: 'cook@example.com', password: 'secret1' }],
    'auth.signUp': [{ type: 'auth.signUp', email: 'cook@example.com', password: 'secret1' }],
    'auth.signOut': [{ type: 'auth.signOut' }],
    'auth.changed': [
      { type: 'auth.changed', event: 'TOKEN_REFRESHED', user },
      { type: 'auth.changed', event: 'SIGNED_OUT', user: null },
    ],
    'auth.restore': [{ type: 'auth.restore' }],
  },
  actorEvents: [
    done('restoreSession', { user }),
    done('restoreSession', { user: null }),
    failed('restoreSession', 'offline'),
    done('signIn', { user }),
    done('signIn', { user: null }),
    failed('signIn', 'Invalid login credentials'),
    done('signUp', { user }),
    done('signUp', { user: null }),
    failed('signUp', 'User already registered'),
    done('signOut', undefined),
    failed('signOut', 'Network down'),
  ],
  states: {
    checking: (s) => {
      expect(s.hasTag('checking')).toBe(true);
      expect(s.context.user).toBeNull();
    },
    signedOut: (s) => {
      expect(s.hasTag('signedOut')).toBe(true);
      expect(s.context.user).toBeNull();
      if (s.context.message?.kind === 'success') expect(['Signed out successfully!', 'Signup successful!']).toContain(s.context.message.text);
    },
    signingIn: (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.context.message).toBeNull();
    },
    signingUp: (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.context.message).toBeNull();
    },
    signedIn: (s) => {
      expect(s.hasTag('signedIn')).toBe(true);
      expect(s.context.user).toEqual(user);
      if (s.context.message?.origin === 'signIn') expect(s.context.message.text).toBe('Login successful!');
    },
    signingOut: (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.context.user).toEqual(user);
    },
  },
  sequences: [
    [done('restoreSession', { user }) as never, { type: 'auth.changed', event: 'USER_UPDATED', user }],
  ],
});
