import { getShortestPaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, getNextSnapshot, type SnapshotFrom } from 'xstate';
import {
  authMachine,
  type AuthContext,
  type AuthEvent,
  type AuthMessage,
  type DataSetResult,
  type SessionResult,
  type SignOutResult,
  type ValidationResult,
} from '../../src/machines/auth/auth.machine';
import { sessionEndedText } from '../../src/machines/auth/authErrors';
import { createWorld, describeModel, type Expectation } from '../support/model';

// Fakes that never settle: the walk supplies their done/error events itself. What they were asked
// (toasts, revocations) is recorded in the world; the actors' inputs are read by the helper.
const pending = <T>() => fromPromise<T, any>(() => new Promise<T>(() => {})); // eslint-disable-line @typescript-eslint/no-explicit-any
const world = createWorld();
// Which data sets were opened, on the path so far (the hand-written tests below read it).
const bound: string[] = [];
const machine = authMachine.provide({
  actions: {
    notifyDataSetError: ({ event }) => world.record('notifyDataSetError', (event as { error?: Error }).error?.message),
    notifySessionEnded: () => world.record('notifySessionEnded'),
    notifyOffline: () => world.record('notifyOffline'),
    revokeSession: ({ event }, params) =>
      world.record('revokeSession', params.scope, (event as { output?: SignOutResult }).output?.accessToken ?? null),
  },
  actors: {
    bindAccountData: fromPromise<DataSetResult, { userId: string }>(({ input }) => {
      bound.push(input.userId);
      return new Promise<DataSetResult>(() => {});
    }),
    restoreSession: pending<SessionResult>(),
    validateSession: pending<ValidationResult>(),
    signIn: pending<SessionResult>(),
    signUp: pending<SessionResult>(),
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
    // A change without a user is a sign-out whatever it is called.
    { type: 'auth.changed', event: 'TOKEN_REFRESHED', user: null },
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
type Ctx = AuthContext;
type Expect = Expectation<typeof machine>;
type Origin = AuthMessage['origin'];
const busyText =
  /^(Signing in|Signing up|Signing out|Switching account|Opening your data|Ending your session)… please wait\.$/;
/** A message a busy state may have left: it says what is under way. */
const isBusyNote = (s: Snap) => s.context.message?.kind === 'info' && busyText.test(s.context.message.text);

// What the actors are started with, read through the inspection API.
const validate = { id: 'validateSession', input: undefined };
const restore = { id: 'restoreSession', input: undefined };
const watchStored = { id: 'watchStoredSession', input: undefined };
const watchChanges = { id: 'watchAuthChanges', input: undefined };
const bind = (userId: string | undefined) => ({ id: 'bindAccountData', input: { userId } });
const out = <T>(event: unknown) => (event as { output: T }).output;
const errorOf = (event: unknown) => (event as { error: Error }).error.message;
const change = (event: unknown) => event as Extract<AuthEvent, { type: 'auth.changed' }>;
const form = (event: unknown) => event as Extract<AuthEvent, { type: 'auth.signIn' | 'auth.signUp' }>;
const message = (origin: Origin, kind: AuthMessage['kind'], text: string): AuthMessage => ({ origin, kind, text });
const originOf = (type: string): Origin =>
  type === 'auth.signUp' ? 'signUp' : type === 'auth.signOut' ? 'signOut' : 'signIn';
const signedOutNow = (b: Ctx): Ctx => ({ ...b, user: null, offline: false });

/** A state busy with a request: forms wait with a note saying why, changes are only recorded. */
function busyAnswers(source: string, doing: string): Record<string, Expect> {
  const note: Expect = {
    context: (b, e) => ({ ...b, message: message(originOf(e.type), 'info', `${doing}… please wait.`) }),
  };
  return {
    [`${source}|auth.signIn|0`]: note,
    [`${source}|auth.signUp|0`]: note,
    [`${source}|auth.signOut|0`]: note,
    [`${source}|auth.changed|0`]: { context: (b, e) => ({ ...b, lastChange: change(e).event }) },
    [`${source}|auth.restore|0`]: { context: (b) => ({ ...b, lastChange: 'auth.restore' }) },
  };
}
/** Login or Sign Up with a session stored or signed in: leave it first, keeping what the form said. */
const switchTo = (mode: 'signIn' | 'signUp'): Expect => ({
  target: 'switchingAccount.leaving',
  context: (b, e) => ({ ...b, message: null, pending: { mode, email: form(e).email, password: form(e).password } }),
  started: [{ id: 'leaveSession', input: undefined }],
});
/** A fresh sign-in or sign-up: the actor receives exactly the form's e-mail and password. */
const request = (mode: 'signIn' | 'signUp'): Expect => ({
  target: mode === 'signIn' ? 'signingIn' : 'signingUp',
  context: (b) => ({ ...b, message: null }),
  started: ({ event }) => [{ id: mode, input: { email: form(event).email, password: form(event).password } }],
});
const signOutRequest: Expect = {
  target: 'signingOut',
  context: (b) => ({ ...b, message: null }),
  started: [{ id: 'signOut', input: undefined }],
};
/** The session of the event's user: open that user's data set. */
const openFor = (context: Expect['context']): Expect => ({
  target: 'openingData',
  context,
  started: ({ after }) => [bind(after.user?.id)],
});
const isSignedOutChange = (e: unknown) => change(e).event === 'SIGNED_OUT' || !change(e).user;
const fromChange = (b: Ctx, e: unknown): Ctx => ({
  ...b,
  user: change(e).user,
  lastChange: change(e).event,
  offline: false,
});
/** The left-session step of a switch: carries on with the form that was used, revoking locally when it can. */
const leftFor = (mode: 'signIn' | 'signUp', revoked: boolean): Expect => ({
  target: mode === 'signIn' ? 'switchingAccount.signingIn' : 'switchingAccount.signingUp',
  context: signedOutNow,
  effects: ({ event }) => (revoked ? [['revokeSession', 'local', out<SignOutResult>(event).accessToken]] : []),
  started: ({ before }) => [
    {
      id: mode === 'signIn' ? 'switchSignIn' : 'switchSignUp',
      input: { email: before.pending!.email, password: before.pending!.password },
    },
  ],
  check: ({ before }) => expect(before.pending?.mode).toBe(mode),
});
const switched = (mode: 'signIn' | 'signUp'): Record<string, Expect> => {
  const id = mode === 'signIn' ? 'switchSignIn' : 'switchSignUp';
  const source = `switchingAccount.${mode === 'signIn' ? 'signingIn' : 'signingUp'}`;
  return {
    [`${source}|xstate.done.actor.${id}|0`]: openFor((b, e) => ({
      ...b,
      user: out<SessionResult>(e).user,
      message: message(b.pending!.mode, 'success', `Signed in as ${out<SessionResult>(e).user!.email}`),
      pending: null,
    })),
    [`${source}|xstate.done.actor.${id}|1`]: {
      target: 'signedOut',
      context: (b) => ({
        ...b,
        pending: null,
        ...(mode === 'signUp' ? { message: message('signUp', 'success', 'Signup successful!') } : {}),
      }),
      started: [watchStored],
      check: ({ event }) => expect(out<SessionResult>(event).user).toBeNull(),
    },
    [`${source}|xstate.error.actor.${id}|0`]: {
      target: 'signedOut',
      context: (b, e) => ({ ...b, pending: null, message: message(b.pending!.mode, 'error', errorOf(e)) }),
      started: [watchStored],
    },
  };
};

describeModel('auth', {
  machine,
  world,
  limit: 20000,
  reset: () => {
    bound.length = 0;
  },
  // Messages differ per path; the user, the state, the message's form and kind, and offline tell states apart.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.user?.id ?? null,
      s.context.message?.origin ?? null,
      s.context.message?.kind ?? null,
      s.context.offline,
      s.context.pending?.mode ?? null,
    ]),
  events,
  actorEvents,
  initial: { started: [restore] },
  transitions: {
    'checking|xstate.done.actor.restoreSession|0': {
      target: 'validating',
      context: (b, e) => ({ ...b, user: out<SessionResult>(e).user }),
      started: [validate],
      check: ({ after }) => expect(after.user).not.toBeNull(),
    },
    'checking|xstate.done.actor.restoreSession|1': {
      target: 'signedOut',
      started: [watchStored],
      check: ({ event }) => expect(out<SessionResult>(event).user).toBeNull(),
    },
    'checking|xstate.error.actor.restoreSession|0': { target: 'signedOut', started: [watchStored] },
    'checking|auth.signIn|0': request('signIn'),
    'checking|auth.signUp|0': request('signUp'),
    'checking|auth.signOut|0': signOutRequest,
    'checking|auth.changed|0': {
      target: 'checking',
      context: (b, e) => ({ ...b, lastChange: change(e).event }),
      started: [restore],
    },
    'checking|auth.restore|0': {
      target: 'checking',
      context: (b) => ({ ...b, lastChange: 'auth.restore' }),
      started: [restore],
    },

    'validating|xstate.done.actor.validateSession|0': {
      ...openFor((b, e) => ({
        ...b,
        user: out<Extract<ValidationResult, { status: 'valid' }>>(e).user,
        offline: false,
      })),
      check: ({ event }) => expect(out<ValidationResult>(event).status).toBe('valid'),
    },
    'validating|xstate.done.actor.validateSession|1': {
      target: 'endingSession',
      started: [{ id: 'endSession', input: undefined }],
      check: ({ event }) => expect(out<ValidationResult>(event).status).toBe('ended'),
    },
    // No answer is not a "no": in, on the stored session, with a quiet toast.
    'validating|xstate.done.actor.validateSession|2': {
      ...openFor((b) => ({ ...b, offline: true })),
      effects: [['notifyOffline']],
      check: ({ event }) => expect(out<ValidationResult>(event).status).toBe('unreachable'),
    },
    'validating|xstate.error.actor.validateSession|0': {
      ...openFor((b) => ({ ...b, offline: true })),
      effects: [['notifyOffline']],
    },
    'validating|auth.signIn|0': switchTo('signIn'),
    'validating|auth.signUp|0': switchTo('signUp'),
    'validating|auth.signOut|0': signOutRequest,
    'validating|auth.changed|0': {
      target: 'checking',
      context: (b, e) => ({ ...signedOutNow(b), lastChange: change(e).event }),
      started: [restore],
    },
    'validating|auth.restore|0': {
      target: 'checking',
      context: (b) => ({ ...signedOutNow(b), lastChange: 'auth.restore' }),
      started: [restore],
    },

    'endingSession|xstate.done.actor.endSession|0': {
      target: 'signedOut',
      context: (b) => ({ ...signedOutNow(b), message: message('signIn', 'error', sessionEndedText) }),
      effects: [['notifySessionEnded']],
      started: [watchStored],
    },
    'endingSession|xstate.error.actor.endSession|0': {
      target: 'signedOut',
      context: (b) => ({ ...signedOutNow(b), message: message('signIn', 'error', sessionEndedText) }),
      effects: [['notifySessionEnded']],
      started: [watchStored],
    },
    ...busyAnswers('endingSession', 'Ending your session'),

    'signedOut|auth.signIn|0': request('signIn'),
    'signedOut|auth.signUp|0': request('signUp'),
    'signedOut|auth.signOut|0': {
      context: (b) => ({ ...b, message: message('signOut', 'info', 'You are not signed in.') }),
    },
    'signedOut|auth.restore|0': { target: 'checking', context: (b) => ({ ...b, message: null }), started: [restore] },
    'signedOut|auth.changed|0': {
      ...openFor((b, e) => ({ ...fromChange(b, e), message: null })),
      check: ({ event }) => expect(isSignedOutChange(event)).toBe(false),
    },
    'signedOut|auth.changed|1': {
      context: (b, e) => ({ ...b, lastChange: change(e).event }),
      check: ({ event }) => expect(isSignedOutChange(event)).toBe(true),
    },

    'signingIn|xstate.done.actor.signIn|0': openFor((b, e) => ({
      ...b,
      user: out<SessionResult>(e).user,
      message: message('signIn', 'success', 'Login successful!'),
    })),
    'signingIn|xstate.done.actor.signIn|1': {
      target: 'signedOut',
      started: [watchStored],
      check: ({ event }) => expect(out<SessionResult>(event).user).toBeNull(),
    },
    'signingIn|xstate.error.actor.signIn|0': {
      target: 'signedOut',
      context: (b, e) => ({ ...b, message: message('signIn', 'error', errorOf(e)) }),
      started: [watchStored],
    },
    ...busyAnswers('signingIn', 'Signing in'),

    'signingUp|xstate.done.actor.signUp|0': openFor((b, e) => ({
      ...b,
      user: out<SessionResult>(e).user,
      message: message('signUp', 'success', 'Signup successful!'),
    })),
    // Awaiting e-mail confirmation: signed out, but told the sign-up worked.
    'signingUp|xstate.done.actor.signUp|1': {
      target: 'signedOut',
      context: (b) => ({ ...b, message: message('signUp', 'success', 'Signup successful!') }),
      started: [watchStored],
      check: ({ event }) => expect(out<SessionResult>(event).user).toBeNull(),
    },
    'signingUp|xstate.error.actor.signUp|0': {
      target: 'signedOut',
      context: (b, e) => ({ ...b, message: message('signUp', 'error', errorOf(e)) }),
      started: [watchStored],
    },
    ...busyAnswers('signingUp', 'Signing up'),

    ...busyAnswers('switchingAccount', 'Switching account'),
    'switchingAccount.leaving|xstate.done.actor.leaveSession|0': leftFor('signUp', true),
    'switchingAccount.leaving|xstate.done.actor.leaveSession|1': leftFor('signIn', true),
    'switchingAccount.leaving|xstate.error.actor.leaveSession|0': leftFor('signUp', false),
    'switchingAccount.leaving|xstate.error.actor.leaveSession|1': leftFor('signIn', false),
    ...switched('signIn'),
    ...switched('signUp'),

    'openingData|xstate.done.actor.bindAccountData|0': { target: 'signedIn', started: [watchChanges] },
    // Not let in: the data on screen would be another account's. Said on the form last used, and in a toast.
    'openingData|xstate.error.actor.bindAccountData|0': {
      target: 'signedOut',
      context: (b, e) => ({
        ...signedOutNow(b),
        message: message(b.message?.origin === 'signUp' ? 'signUp' : 'signIn', 'error', errorOf(e)),
      }),
      effects: ({ event }) => [['notifyDataSetError', errorOf(event)]],
      started: [watchStored],
    },
    ...busyAnswers('openingData', 'Opening your data'),
    'openingData|auth.changed|0': {
      target: 'signedOut',
      context: (b) => ({ ...signedOutNow(b), message: null }),
      started: [watchStored],
      check: ({ event }) => expect(isSignedOutChange(event)).toBe(true),
    },
    'openingData|auth.changed|1': {
      ...openFor((b, e) => ({ ...fromChange(b, e), message: null })),
      check: ({ event, before }) => expect(change(event).user?.id).not.toBe(before.user?.id),
    },
    'openingData|auth.changed|2': {
      context: fromChange,
      check: ({ event, before }) =>
        expect(change(event).user?.id, 'the same user, still signed in').toBe(before.user?.id),
    },

    'signedIn|auth.signIn|0': switchTo('signIn'),
    'signedIn|auth.signUp|0': switchTo('signUp'),
    'signedIn|auth.signOut|0': signOutRequest,
    'signedIn|auth.changed|0': {
      target: 'signedOut',
      context: (b) => ({ ...signedOutNow(b), message: null }),
      started: [watchStored],
      check: ({ event }) => expect(isSignedOutChange(event)).toBe(true),
    },
    'signedIn|auth.changed|1': {
      ...openFor((b, e) => ({ ...fromChange(b, e), message: null })),
      check: ({ event, before }) => expect(change(event).user?.id).not.toBe(before.user?.id),
    },
    'signedIn|auth.changed|2': {
      context: fromChange,
      check: ({ event, before }) =>
        expect(change(event).user?.id, 'the same user, still signed in').toBe(before.user?.id),
    },
    'signedIn|auth.restore|0': { context: (b) => ({ ...b, lastChange: 'auth.restore' }) },

    // Local first, then every session of the user is revoked on the server.
    'signingOut|xstate.done.actor.signOut|0': {
      target: 'signedOut',
      context: (b) => ({ ...signedOutNow(b), message: message('signOut', 'success', 'Signed out successfully!') }),
      effects: ({ event }) => [['revokeSession', 'global', out<SignOutResult>(event).accessToken]],
      started: [watchStored],
    },
    'signingOut|xstate.error.actor.signOut|0': {
      target: 'signedOut',
      context: (b, e) => ({ ...signedOutNow(b), message: message('signOut', 'error', errorOf(e)) }),
      started: [watchStored],
    },
    ...busyAnswers('signingOut', 'Signing out'),
  },
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
      if (s.context.message?.kind === 'info')
        expect(isBusyNote(s) || s.context.message.text === 'You are not signed in.').toBe(true);
    },
    signingIn: (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.context.message === null || isBusyNote(s)).toBe(true);
    },
    signingUp: (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.context.message === null || isBusyNote(s)).toBe(true);
    },
    'switchingAccount.leaving': (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.hasTag('signedIn'), 'the old account’s pages close').toBe(false);
      expect(s.context.message === null || isBusyNote(s)).toBe(true);
    },
    'switchingAccount.signingIn': (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.context.user, 'the old account is left first').toBeNull();
      expect(s.context.pending).toEqual({ mode: 'signIn', ...signInForm });
    },
    'switchingAccount.signingUp': (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.context.user).toBeNull();
      expect(s.context.pending).toEqual({ mode: 'signUp', ...signUpForm });
    },
    openingData: (s) => {
      expect(s.hasTag('checking'), 'protected pages wait').toBe(true);
      expect(s.hasTag('signedIn')).toBe(false);
      // Every way in opens the data set of exactly the user now in context.
      expect(bound.at(-1)).toBe(s.context.user?.id);
    },
    signedIn: (s) => {
      expect(s.hasTag('signedIn')).toBe(true);
      expect([user, other]).toContainEqual(s.context.user);
      expect(s.context.pending).toBeNull();
      // The stored data on screen is the signed-in user's: the last data set opened was theirs.
      expect(bound.at(-1)).toBe(s.context.user?.id);
    },
    signingOut: (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.context.message === null || isBusyNote(s)).toBe(true);
    },
  },
  sequences: [
    [
      done('restoreSession', { user }) as never,
      done('validateSession', { status: 'valid', user }) as never,
      { type: 'auth.changed', event: 'USER_UPDATED', user },
    ],
  ],
});

describe('auth: no event is dropped', () => {
  // Every reachable state (as the walks reach them) answers every auth event: it moves, or it runs an
  // action that changes what the user sees or what the machine knows. A state that ignores an event
  // silently fails here.
  const paths = getShortestPaths(machine, {
    events: (s: Snap) =>
      [...Object.values(events).flat(), ...actorEvents].filter((e) => {
        const id = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(e.type)?.[1];
        return !id || s._nodes.some((n) => n.invoke.some((i) => i.id === id));
      }) as never,
    limit: 20000,
    serializeState: (s: Snap) =>
      JSON.stringify([
        s.value,
        s.context.user?.id ?? null,
        s.context.message?.origin ?? null,
        s.context.message?.kind ?? null,
        s.context.offline,
        s.context.pending?.mode ?? null,
      ]),
  } as never);
  const states = paths.map((p) => p.state as Snap);
  const values = new Set(states.map((s) => JSON.stringify(s.value)));

  it('reaches every state of the chart', () => {
    expect([...values].sort()).toEqual(
      [
        'checking',
        'validating',
        'endingSession',
        'signedOut',
        'signingIn',
        'signingUp',
        'openingData',
        'signedIn',
        'signingOut',
        { switchingAccount: 'leaving' },
        { switchingAccount: 'signingIn' },
        { switchingAccount: 'signingUp' },
      ]
        .map((v) => JSON.stringify(v))
        .sort(),
    );
  });

  for (const value of values) {
    it(`${value} handles every auth event type`, () => {
      for (const snapshot of states.filter((s) => JSON.stringify(s.value) === value)) {
        for (const event of Object.values(events).flat() as AuthEvent[]) {
          const label = `${value} + ${event.type}${'event' in event ? `(${event.event})` : ''}`;
          expect(snapshot.can(event), `${label} is not handled`).toBe(true);
          const next = getNextSnapshot(machine, snapshot, event);
          const moved =
            JSON.stringify(next.value) !== JSON.stringify(snapshot.value) || next.context !== snapshot.context;
          expect(moved, `${label} changes nothing`).toBe(true);
        }
      }
    });
  }
});

// Which transitions open a data set, and for whom: the walks check the invariants, these pin the calls.
const valid = done('validateSession', { status: 'valid', user });
const bindings = [
  {
    name: 'start-up restore, confirmed by the server',
    events: [done('restoreSession', { user }), valid],
    bound: ['u1'],
    ends: 'openingData',
  },
  {
    name: 'start-up restore the server says has ended',
    events: [done('restoreSession', { user }), done('validateSession', { status: 'ended', reason: 'x' })],
    bound: [],
    ends: 'endingSession',
  },
  {
    name: 'start-up restore with no server',
    events: [done('restoreSession', { user }), done('validateSession', { status: 'unreachable', reason: 'x' })],
    bound: ['u1'],
    ends: 'openingData',
  },
  {
    name: 'sign-in',
    events: [{ type: 'auth.signIn', email: 'a', password: 'b' }, done('signIn', { user })],
    bound: ['u1'],
    ends: 'openingData',
  },
  {
    name: 'sign-up with a session',
    events: [{ type: 'auth.signUp', email: 'a', password: 'b' }, done('signUp', { user })],
    bound: ['u1'],
    ends: 'openingData',
  },
  {
    name: 'sign-up awaiting e-mail confirmation',
    events: [{ type: 'auth.signUp', email: 'a', password: 'b' }, done('signUp', { user: null })],
    bound: [],
    ends: 'signedOut',
  },
  {
    name: 'another tab signs in while signed out',
    events: [done('restoreSession', { user: null }), { type: 'auth.changed', event: 'SIGNED_IN', user }],
    bound: ['u1'],
    ends: 'openingData',
  },
  {
    name: 'a token refresh keeps the data set, another account signing in elsewhere switches it',
    events: [
      done('restoreSession', { user }),
      valid,
      done('bindAccountData', {}),
      { type: 'auth.changed', event: 'TOKEN_REFRESHED', user },
      { type: 'auth.changed', event: 'SIGNED_IN', user: other },
    ],
    bound: ['u1', 'u2'],
    ends: 'openingData',
  },
  {
    name: 'Login as another account while signed in',
    events: [
      done('restoreSession', { user }),
      valid,
      done('bindAccountData', {}),
      { type: 'auth.signIn', ...signInForm },
      done('leaveSession', { accessToken: 't' }),
      done('switchSignIn', { user: other }),
    ],
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
