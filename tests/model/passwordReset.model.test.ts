import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { forgotPasswordMachine, type ForgotPasswordEvent } from '../../src/machines/auth/forgotPassword.machine';
import {
  passwordResetMachine,
  type PasswordResetEvent,
  type RecoveryResult,
} from '../../src/machines/auth/passwordReset.machine';
import { describeModel, type Expectation } from '../support/model';

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

// What the fakes were asked: the e-mails a reset link was requested for, the passwords set (the helper
// also checks each actor's input).
const requested: string[] = [];
const passwords: string[] = [];
/** The message shown for a failure: the error's own, or a general one for anything else thrown. */
const errorOf = (event: unknown) => {
  const error = (event as { error: unknown }).error;
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
};
const outputOf = (event: unknown) => (event as { output: RecoveryResult }).output;

/** A submitted e-mail is asked for trimmed; any old error goes. */
const ask: Expectation<typeof forgotPasswordMachine> = {
  target: 'sending',
  context: (b, e) => ({ ...b, email: (e as { email: string }).email.trim(), error: null }),
  started: ({ event }) => [{ id: 'requestPasswordReset', input: { email: (event as { email: string }).email.trim() } }],
};

describeModel('forgotPassword', {
  machine: forgotPasswordMachine.provide({
    actors: {
      requestPasswordReset: fromPromise<void, { email: string }>(({ input }) => {
        requested.push(input.email);
        return new Promise<void>(() => {});
      }),
    },
  }),
  reset: () => void (requested.length = 0),
  events: {
    'forgot.open': [{ type: 'forgot.open' }],
    'forgot.close': [{ type: 'forgot.close' }],
    'forgot.submit': [
      { type: 'forgot.submit', email: '  cook@example.com ' },
      { type: 'forgot.submit', email: 'chef@example.com' },
    ],
  } satisfies { [K in ForgotPasswordEvent['type']]: Array<Extract<ForgotPasswordEvent, { type: K }>> },
  actorEvents: [
    done('requestPasswordReset', {}),
    failed('requestPasswordReset', new Error('Too many attempts. Try again in 40 seconds.')),
    failed('requestPasswordReset', 'offline'),
  ],
  transitions: {
    'closed|forgot.open|0': { target: 'open', context: (b) => ({ ...b, error: null }) },
    'open|forgot.close|0': { target: 'closed' },
    'open|forgot.submit|0': ask,
    'sending|xstate.done.actor.requestPasswordReset|0': { target: 'sent' },
    // Why the request failed, on the form (never whether the account exists).
    'sending|xstate.error.actor.requestPasswordReset|0': {
      target: 'open',
      context: (b, e) => ({ ...b, error: errorOf(e) }),
    },
    'sent|forgot.close|0': { target: 'closed' },
    'sent|forgot.submit|0': ask,
  },
  states: {
    closed: (s) => {
      expect(s.hasTag('form')).toBe(false);
      if (!requested.length) expect(s.context).toEqual({ email: '', error: null });
    },
    open: (s) => {
      expect(s.hasTag('form')).toBe(true);
      expect(s.hasTag('loading')).toBe(false);
      // Opened fresh: no message; back from a failed request: why it failed (never whether the account exists).
      if (requested.length)
        expect([
          null,
          'Too many attempts. Try again in 40 seconds.',
          'Something went wrong. Please try again.',
        ]).toContain(s.context.error);
      else expect(s.context.error).toBeNull();
    },
    sending: (s) => {
      expect(s.hasTag('form')).toBe(true);
      expect(s.hasTag('loading')).toBe(true);
      expect(s.context.error).toBeNull();
      expect(['cook@example.com', 'chef@example.com'], 'the typed e-mail, trimmed').toContain(requested.at(-1));
    },
    sent: (s) => {
      expect(s.hasTag('form')).toBe(true);
      expect(s.hasTag('sent')).toBe(true);
      expect(s.context.error).toBeNull();
      expect(requested.length).toBeGreaterThan(0);
    },
  },
});

describeModel('passwordReset', {
  machine: passwordResetMachine.provide({
    actors: {
      adoptRecoverySession: fromPromise<RecoveryResult>(() => new Promise<RecoveryResult>(() => {})),
      updatePassword: fromPromise<void, { password: string }>(({ input }) => {
        passwords.push(input.password);
        return new Promise<void>(() => {});
      }),
    },
  }),
  reset: () => void (passwords.length = 0),
  events: {
    'reset.submit': [
      { type: 'reset.submit', password: 'new-galley-secret', confirm: 'new-galley-secret' },
      { type: 'reset.submit', password: 'typo-galley-secret', confirm: 'new-galley-secret' },
    ],
  } satisfies { [K in PasswordResetEvent['type']]: Array<Extract<PasswordResetEvent, { type: K }>> },
  actorEvents: [
    done('adoptRecoverySession', { status: 'ready', email: 'cook@example.com' }),
    done('adoptRecoverySession', { status: 'expired', reason: 'otp_expired' }),
    done('adoptRecoverySession', { status: 'missing' }),
    failed('adoptRecoverySession', new Error('The server could not be reached. Check your connection and try again.')),
    failed('adoptRecoverySession', { message: 'not an Error' }),
    done('updatePassword', undefined),
    failed('updatePassword', new Error('Password should be at least 6 characters.')),
    failed('updatePassword', Object.assign(new Error('Auth session missing!'), { sessionGone: true })),
  ],
  initial: { started: [{ id: 'adoptRecoverySession', input: undefined }] },
  transitions: {
    'adopting|xstate.done.actor.adoptRecoverySession|0': {
      target: 'editing',
      context: (b, e) => ({ ...b, email: (outputOf(e) as { email: string | null }).email }),
      check: ({ event }) => expect(outputOf(event).status).toBe('ready'),
    },
    'adopting|xstate.done.actor.adoptRecoverySession|1': {
      target: 'linkExpired',
      check: ({ event }) => expect(outputOf(event).status).toBe('expired'),
    },
    'adopting|xstate.done.actor.adoptRecoverySession|2': {
      target: 'noLink',
      check: ({ event }) => expect(outputOf(event).status).toBe('missing'),
    },
    'adopting|xstate.error.actor.adoptRecoverySession|0': {
      target: 'noLink',
      context: (b, e) => ({ ...b, error: errorOf(e) }),
    },
    'editing|reset.submit|0': {
      context: (b) => ({ ...b, error: 'The two passwords do not match.' }),
      check: ({ event }) => expect(event.password).not.toBe(event.confirm),
    },
    // Only a confirmed password is sent, and it is the one typed.
    'editing|reset.submit|1': {
      target: 'saving',
      context: (b) => ({ ...b, error: null }),
      started: ({ event }) => [{ id: 'updatePassword', input: { password: event.password } }],
      check: ({ event }) => expect(event.password).toBe(event.confirm),
    },
    'saving|xstate.done.actor.updatePassword|0': { target: 'changed' },
    'saving|xstate.error.actor.updatePassword|0': {
      target: 'linkExpired',
      check: ({ event }) =>
        expect((event as unknown as { error: { sessionGone?: boolean } }).error.sessionGone).toBe(true),
    },
    'saving|xstate.error.actor.updatePassword|1': {
      target: 'editing',
      context: (b, e) => ({ ...b, error: errorOf(e) }),
      check: ({ event }) =>
        expect((event as unknown as { error: { sessionGone?: boolean } }).error.sessionGone).toBeFalsy(),
    },
  },
  states: {
    adopting: (s) => {
      expect(s.context).toEqual({ email: null, error: null });
      expect(s.hasTag('loading')).toBe(true);
      expect(s.hasTag('form')).toBe(false);
    },
    editing: (s) => {
      expect(s.hasTag('form')).toBe(true);
      expect(s.context.email).toBe('cook@example.com');
      expect([null, 'The two passwords do not match.', 'Password should be at least 6 characters.']).toContain(
        s.context.error,
      );
    },
    saving: (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.context.error).toBeNull();
      expect(passwords.at(-1), 'only a confirmed password is sent').toBe('new-galley-secret');
    },
    changed: (s) => {
      expect(s.hasTag('done')).toBe(true);
      expect(s.status).toBe('done');
      expect(passwords).toEqual(['new-galley-secret']);
    },
    linkExpired: (s) => {
      expect(s.hasTag('expired')).toBe(true);
      expect(s.hasTag('form')).toBe(false);
    },
    noLink: (s) => {
      expect(s.hasTag('noLink')).toBe(true);
      expect(s.context.email).toBeNull();
    },
  },
});
