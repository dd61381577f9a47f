import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { authMachine, type DataSetResult, type SessionResult } from '../../src/machines/auth/auth.machine';
import { describeModel } from '../support/model';

// Fakes that never settle: the walk supplies their done/error events itself.
const pending = <T,>() => fromPromise<T, any>(() => new Promise<T>(() => {})); // eslint-disable-line @typescript-eslint/no-explicit-any
// What the fakes were asked to do on the path so far: whose data set was opened, and the toasts shown.
const bound: string[] = [];
const notices: string[] = [];
const machine = authMachine.provide({
  actions: {
    notifyDataSetError: ({ event }) => void notices.push(String((event as { error?: Error }).error?.message)),
  },
  actors: {
    bindAccountData: fromPromise<DataSetResult, { userId: string }>(({ input }) => {
      bound.push(input.userId);
      return new Promise<DataSetResult>(() => {});
    }),
    restoreSession: pending<SessionResult>(),
    signIn: pending<SessionResult>(),
    signUp: pending<SessionResult>(),
    signOut: pending<void>(),
    watchAuthChanges: fromCallback(() => () => {}),
    watchStoredSession: fromCallback(() => () => {}),
  },
});

const user = { id: 'u1', email: 'cook@example.com' };
/** Another account, signed in from another tab. */
const other = { id: 'u2', email: 'chef@example.com' };
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, message: string) => ({ type: `xstate.error.actor.${id}`, error: new Error(message) });

describeModel('auth', {
  machine,
  limit: 5000,
  reset: () => {
    bound.length = 0;
    notices.length = 0;
  },
  // Messages differ per path; the user and the state are what tell states apart.
  serializeState: (s) => JSON.stringify([s.value, s.context.user?.id ?? null, s.context.message?.origin ?? null, s.context.message?.kind ?? null]),
  events: {
    'auth.signIn': [{ type: 'auth.signIn', email: 'cook@example.com', password: 'secret1' }],
    'auth.signUp': [{ type: 'auth.signUp', email: 'cook@example.com', password: 'secret1' }],
    'auth.signOut': [{ type: 'auth.signOut' }],
    'auth.changed': [
      { type: 'auth.changed', event: 'TOKEN_REFRESHED', user },
      { type: 'auth.changed', event: 'SIGNED_IN', user: other },
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
    done('bindAccountData', { change: 'switched' }),
    failed('bindAccountData', 'Browser storage is full'),
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
      // Not let in because the data set could not be opened: said on the login form and in a toast.
      if (s.context.message?.text === 'Browser storage is full') {
        expect(['signIn', 'signUp']).toContain(s.context.message.origin);
        expect(notices.at(-1)).toBe('Browser storage is full');
      } else {
        expect(notices).toEqual([]);
      }
    },
    openingData: (s) => {
      expect(s.hasTag('checking'), 'protected pages wait').toBe(true);
      expect(s.hasTag('signedIn')).toBe(false);
      // Every way in opens the data set of exactly the user now in context, once per entry.
      expect(bound.at(-1)).toBe(s.context.user?.id);
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
      expect([user, other]).toContainEqual(s.context.user);
      if (s.context.message?.origin === 'signIn') expect(s.context.message.text).toBe('Login successful!');
      // The stored data on screen is the signed-in user's: the last data set opened was theirs.
      expect(bound.at(-1)).toBe(s.context.user?.id);
    },
    signingOut: (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect([user, other]).toContainEqual(s.context.user);
      expect(bound.at(-1)).toBe(s.context.user?.id);
    },
  },
  sequences: [
    [done('restoreSession', { user }) as never, { type: 'auth.changed', event: 'USER_UPDATED', user }],
  ],
});

// Which transitions open a data set, and for whom: the walks check the invariants, these pin the calls.
const bindings = [
  { name: 'start-up restore', events: [done('restoreSession', { user })], bound: ['u1'], ends: 'openingData' },
  { name: 'sign-in', events: [{ type: 'auth.signIn', email: 'a', password: 'b' }, done('signIn', { user })], bound: ['u1'], ends: 'openingData' },
  { name: 'sign-up with a session', events: [{ type: 'auth.signUp', email: 'a', password: 'b' }, done('signUp', { user })], bound: ['u1'], ends: 'openingData' },
  { name: 'sign-up awaiting e-mail confirmation', events: [{ type: 'auth.signUp', email: 'a', password: 'b' }, done('signUp', { user: null })], bound: [], ends: 'signedOut' },
  { name: 'another tab signs in while signed out', events: [done('restoreSession', { user: null }), { type: 'auth.changed', event: 'SIGNED_IN', user }], bound: ['u1'], ends: 'openingData' },
  {
    name: 'a token refresh keeps the data set, another account signing in elsewhere switches it',
    events: [done('restoreSession', { user }), done('bindAccountData', {}), { type: 'auth.changed', event: 'TOKEN_REFRESHED', user }, { type: 'auth.changed', event: 'SIGNED_IN', user: other }],
    bound: ['u1', 'u2'],
    ends: 'openingData',
  },
];

describe('auth: the data set opened on the way in', () => {
  for (const { name, events, bound: expected, ends } of bindings) {
    it(`${name} opens ${expected.length ? expected.join(', ') : 'none'}`, () => {
      bound.length = 0;
      const actor = createActor(machine).start();
      for (const event of events) actor.send(event as never);
      expect(bound).toEqual(expected);
      expect(actor.getSnapshot().value).toBe(ends);
      actor.stop();
    });
  }
});
