import { getShortestPaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, getNextSnapshot, type SnapshotFrom } from 'xstate';
import {
  authMachine,
  type AuthEvent,
  type Credentials,
  type DataSetResult,
  type SessionResult,
  type SignOutResult,
  type ValidationResult,
} from '../../src/machines/auth/auth.machine';
import { sessionEndedText } from '../../src/machines/auth/authErrors';
import { describeModel } from '../support/model';

// Fakes that never settle: the walk supplies their done/error events itself.
const pending = <T,>() => fromPromise<T, any>(() => new Promise<T>(() => {})); // eslint-disable-line @typescript-eslint/no-explicit-any
// What the fakes were asked to do on the path so far: whose data set was opened, the toasts shown,
// the credentials each sign-in / sign-up received, and the revocations asked of the server.
const bound: string[] = [];
const notices: string[] = [];
const signIns: Credentials[] = [];
const signUps: Credentials[] = [];
const revokes: Array<{ scope: string; token: string | null }> = [];
/** Which form's request ran last. */
const asked: Array<'signIn' | 'signUp'> = [];
const machine = authMachine.provide({
  actions: {
    notifyDataSetError: ({ event }) => void notices.push(String((event as { error?: Error }).error?.message)),
    notifySessionEnded: () => void notices.push('session ended'),
    notifyOffline: () => void notices.push('offline'),
    revokeSession: ({ event }, params) => void revokes.push({ scope: params.scope, token: (event as { output?: SignOutResult }).output?.accessToken ?? null }),
  },
  actors: {
    bindAccountData: fromPromise<DataSetResult, { userId: string }>(({ input }) => {
      bound.push(input.userId);
      return new Promise<DataSetResult>(() => {});
    }),
    restoreSession: pending<SessionResult>(),
    validateSession: pending<ValidationResult>(),
    signIn: fromPromise<SessionResult, Credentials>(({ input }) => {
      signIns.push(input);
      asked.push('signIn');
      return new Promise<SessionResult>(() => {});
    }),
    signUp: fromPromise<SessionResult, Credentials>(({ input }) => {
      signUps.push(input);
      asked.push('signUp');
      return new Promise<SessionResult>(() => {});
    }),
    signOut: pending<SignOutResult>(),
    watchAuthChanges: fromCallback(() => () => {}),
    watchStoredSession: fromCallback(() => () => {}),
  },
});

const user = { id: 'u1', email: 'cook@example.com' };
/** Another account: signed in from another tab, or switched to on this one. */
const other = { id: 'u2', email: 'chef@example.com' };
/** What the forms submit: e-mail and password differ, so swapped fields fail. */
const signInForm = { email: 'chef@example.com', password: 'galley-secret-2' };
const signUpForm = { email: 'new@example.com', password: 'galley-secret-3' };
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, message: string) => ({ type: `xstate.error.actor.${id}`, error: new Error(message) });

const events = {
  'auth.signIn': [{ type: 'auth.signIn', ...signInForm }],
  'auth.signUp': [{ type: 'auth.signUp', ...signUpForm }],
  'auth.signOut': [{ type: 'auth.signOut' }],
  'auth.changed': [
    { type: 'auth.changed', event: 'TOKEN_REFRESHED', user },
    { type: 'auth.changed', event: 'SIGNED_IN', user: other },
    { type: 'auth.changed', event: 'SIGNED_OUT', user: null },
  ],
  'auth.restore': [{ type: 'auth.restore' }],
} satisfies { [K in AuthEvent['type']]: Array<Extract<AuthEvent, { type: K }>> };

const actorEvents = [
  done('restoreSession', { user }),
  done('restoreSession', { user: null }),
  failed('restoreSession', 'offline'),
  done('validateSession', { status: 'valid', user }),
  done('validateSession', { status: 'ended', reason: 'session_not_found' }),
  done('validateSession', { status: 'unreachable', reason: 'Failed to fetch' }),
  failed('validateSession', 'chunk failed to load'),
  done('endSession', { accessToken: null }),
  failed('endSession', 'lock timed out'),
  done('signIn', { user }),
  done('signIn', { user: null }),
  failed('signIn', 'Invalid login credentials'),
  done('signUp', { user }),
  done('signUp', { user: null }),
  failed('signUp', 'User already registered'),
  done('leaveSession', { accessToken: 'token-of-u1' }),
  failed('leaveSession', 'lock timed out'),
  done('switchSignIn', { user: other }),
  done('switchSignIn', { user: null }),
  failed('switchSignIn', 'Invalid login credentials'),
  done('switchSignUp', { user: other }),
  done('switchSignUp', { user: null }),
  failed('switchSignUp', 'User already registered'),
  done('signOut', { accessToken: 'token-of-u1' }),
  failed('signOut', 'Failed to fetch'),
  done('bindAccountData', { change: 'switched' }),
  failed('bindAccountData', 'Browser storage is full'),
];

type Snap = SnapshotFrom<typeof machine>;
const busyText = /^(Signing in|Signing up|Signing out|Switching account|Opening your data|Ending your session)… please wait\.$/;
/** A message a busy state may have left: it says what is under way. */
const isBusyNote = (s: Snap) => s.context.message?.kind === 'info' && busyText.test(s.context.message.text);

/** After a switch: "Signed in as <the new user>", on the form that was used. */
const expectSwitchMessage = (s: Snap) => {
  const message = s.context.message;
  if (!message?.text.startsWith('Signed in as')) return;
  expect(message.text).toBe(`Signed in as ${s.context.user?.email}`);
  expect(message.origin, 'said on the form that was used').toBe(asked.at(-1));
};

describeModel('auth', {
  machine,
  limit: 20000,
  reset: () => {
    bound.length = 0;
    notices.length = 0;
    signIns.length = 0;
    signUps.length = 0;
    revokes.length = 0;
    asked.length = 0;
  },
  // Messages differ per path; the user, the state, the message's form and kind, and offline tell states apart.
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.user?.id ?? null, s.context.message?.origin ?? null, s.context.message?.kind ?? null, s.context.offline, s.context.pending?.mode ?? null]),
  events,
  actorEvents,
  states: {
    checking: (s) => {
      expect(s.hasTag('checking')).toBe(true);
      expect(s.context.user).toBeNull();
    },
    validating: (s) => {
      expect(s.hasTag('checking'), 'protected pages wait for the server’s answer').toBe(true);
      expect(s.hasTag('signedIn')).toBe(false);
      expect(s.context.user).toEqual(user);
      expect(bound, 'no data set is opened before the session is confirmed').toEqual([]);
    },
    endingSession: (s) => {
      expect(s.hasTag('checking')).toBe(true);
      expect(s.hasTag('signedIn')).toBe(false);
      expect(bound).toEqual([]);
    },
    signedOut: (s) => {
      expect(s.hasTag('signedOut')).toBe(true);
      expect(s.context.user).toBeNull();
      expect(s.context.pending, 'the password of a switch is not kept').toBeNull();
      expect(s.context.offline).toBe(false);
      const message = s.context.message;
      if (message?.kind === 'success') expect(['Signed out successfully!', 'Signup successful!']).toContain(message.text);
      if (message?.text === 'Signed out successfully!') expect(revokes.at(-1), 'the server is asked to end every session').toEqual({ scope: 'global', token: 'token-of-u1' });
      if (message?.text === sessionEndedText) {
        expect(message.origin, 'shown on the login page').toBe('signIn');
        expect(notices.at(-1)).toBe('session ended');
      }
      // Not let in because the data set could not be opened: said on the login form and in a toast.
      if (message?.text === 'Browser storage is full') {
        expect(['signIn', 'signUp']).toContain(message.origin);
        expect(notices.at(-1)).toBe('Browser storage is full');
      }
      if (message?.kind === 'info') expect(isBusyNote(s) || message.text === 'You are not signed in.').toBe(true);
    },
    signingIn: (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.context.message === null || isBusyNote(s)).toBe(true);
      expect(signIns.at(-1), 'signIn receives the form’s e-mail and password').toEqual(signInForm);
    },
    signingUp: (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.context.message === null || isBusyNote(s)).toBe(true);
      expect(signUps.at(-1), 'signUp receives the form’s e-mail and password').toEqual(signUpForm);
    },
    'switchingAccount.leaving': (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.hasTag('signedIn'), 'the old account’s pages close').toBe(false);
      expect(s.context.pending?.email).toMatch(/chef@|new@/);
      expect(s.context.message === null || isBusyNote(s)).toBe(true);
    },
    'switchingAccount.signingIn': (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.context.user, 'the old account is left first').toBeNull();
      expect(s.context.pending).toEqual({ mode: 'signIn', ...signInForm });
      expect(signIns.at(-1)).toEqual(signInForm);
      // The old session is revoked for this browser only, unless leaving it failed (nothing to revoke then).
      if (revokes.length) expect(revokes.at(-1)).toEqual({ scope: 'local', token: 'token-of-u1' });
    },
    'switchingAccount.signingUp': (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.context.user).toBeNull();
      expect(s.context.pending).toEqual({ mode: 'signUp', ...signUpForm });
      expect(signUps.at(-1)).toEqual(signUpForm);
      if (revokes.length) expect(revokes.at(-1)).toEqual({ scope: 'local', token: 'token-of-u1' });
    },
    openingData: (s) => {
      expect(s.hasTag('checking'), 'protected pages wait').toBe(true);
      expect(s.hasTag('signedIn')).toBe(false);
      // Every way in opens the data set of exactly the user now in context, once per entry.
      expect(bound.at(-1)).toBe(s.context.user?.id);
      if (s.context.offline) expect(notices.at(-1)).toBe('offline');
      expectSwitchMessage(s);
    },
    signedIn: (s) => {
      expect(s.hasTag('signedIn')).toBe(true);
      expect([user, other]).toContainEqual(s.context.user);
      expect(s.context.pending).toBeNull();
      const message = s.context.message;
      if (message?.kind === 'success') expect(['Login successful!', 'Signup successful!', 'Signed in as chef@example.com']).toContain(message.text);
      expectSwitchMessage(s);
      // The stored data on screen is the signed-in user's: the last data set opened was theirs.
      expect(bound.at(-1)).toBe(s.context.user?.id);
    },
    signingOut: (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.context.message === null || isBusyNote(s)).toBe(true);
    },
  },
  sequences: [
    [done('restoreSession', { user }) as never, done('validateSession', { status: 'valid', user }) as never, { type: 'auth.changed', event: 'USER_UPDATED', user }],
  ],
});

describe('auth: no event is dropped', () => {
  // Every reachable state (as the walks reach them) answers every auth event: it moves, or it runs an
  // action that changes what the user sees or what the machine knows. A state that ignores an event
  // silently fails here.
  const paths = getShortestPaths(machine, {
    events: (s: Snap) => [...Object.values(events).flat(), ...actorEvents].filter((e) => {
      const id = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(e.type)?.[1];
      return !id || s._nodes.some((n) => n.invoke.some((i) => i.id === id));
    }) as never,
    limit: 20000,
    serializeState: (s: Snap) => JSON.stringify([s.value, s.context.user?.id ?? null, s.context.message?.origin ?? null, s.context.message?.kind ?? null, s.context.offline, s.context.pending?.mode ?? null]),
  } as never);
  const states = paths.map((p) => p.state as Snap);
  const values = new Set(states.map((s) => JSON.stringify(s.value)));

  it('reaches every state of the chart', () => {
    expect([...values].sort()).toEqual(
      [
        'checking', 'validating', 'endingSession', 'signedOut', 'signingIn', 'signingUp', 'openingData', 'signedIn', 'signingOut',
        { switchingAccount: 'leaving' }, { switchingAccount: 'signingIn' }, { switchingAccount: 'signingUp' },
      ].map((v) => JSON.stringify(v)).sort(),
    );
  });

  for (const value of values) {
    it(`${value} handles every auth event type`, () => {
      for (const snapshot of states.filter((s) => JSON.stringify(s.value) === value)) {
        for (const event of Object.values(events).flat() as AuthEvent[]) {
          const label = `${value} + ${event.type}${'event' in event ? `(${event.event})` : ''}`;
          expect(snapshot.can(event), `${label} is not handled`).toBe(true);
          const next = getNextSnapshot(machine, snapshot, event);
          const moved = JSON.stringify(next.value) !== JSON.stringify(snapshot.value) || next.context !== snapshot.context;
          expect(moved, `${label} changes nothing`).toBe(true);
        }
      }
    });
  }
});

// Which transitions open a data set, and for whom: the walks check the invariants, these pin the calls.
const valid = done('validateSession', { status: 'valid', user });
const bindings = [
  { name: 'start-up restore, confirmed by the server', events: [done('restoreSession', { user }), valid], bound: ['u1'], ends: 'openingData' },
  { name: 'start-up restore the server says has ended', events: [done('restoreSession', { user }), done('validateSession', { status: 'ended', reason: 'x' })], bound: [], ends: 'endingSession' },
  { name: 'start-up restore with no server', events: [done('restoreSession', { user }), done('validateSession', { status: 'unreachable', reason: 'x' })], bound: ['u1'], ends: 'openingData' },
  { name: 'sign-in', events: [{ type: 'auth.signIn', email: 'a', password: 'b' }, done('signIn', { user })], bound: ['u1'], ends: 'openingData' },
  { name: 'sign-up with a session', events: [{ type: 'auth.signUp', email: 'a', password: 'b' }, done('signUp', { user })], bound: ['u1'], ends: 'openingData' },
  { name: 'sign-up awaiting e-mail confirmation', events: [{ type: 'auth.signUp', email: 'a', password: 'b' }, done('signUp', { user: null })], bound: [], ends: 'signedOut' },
  { name: 'another tab signs in while signed out', events: [done('restoreSession', { user: null }), { type: 'auth.changed', event: 'SIGNED_IN', user }], bound: ['u1'], ends: 'openingData' },
  {
    name: 'a token refresh keeps the data set, another account signing in elsewhere switches it',
    events: [done('restoreSession', { user }), valid, done('bindAccountData', {}), { type: 'auth.changed', event: 'TOKEN_REFRESHED', user }, { type: 'auth.changed', event: 'SIGNED_IN', user: other }],
    bound: ['u1', 'u2'],
    ends: 'openingData',
  },
  {
    name: 'Login as another account while signed in',
    events: [done('restoreSession', { user }), valid, done('bindAccountData', {}), { type: 'auth.signIn', ...signInForm }, done('leaveSession', { accessToken: 't' }), done('switchSignIn', { user: other })],
    bound: ['u1', 'u2'],
    ends: 'openingData',
  },
];

describe('auth: the data set opened on the way in', () => {
  for (const { name, events: sequence, bound: expected, ends } of bindings) {
    it(`${name} opens ${expected.length ? expected.join(', ') : 'none'}`, () => {
      bound.length = 0;
      const actor = createActor(machine).start();
      for (const event of sequence) actor.send(event as never);
      expect(bound).toEqual(expected);
      expect(actor.getSnapshot().value).toBe(ends);
      actor.stop();
    });
  }
});
