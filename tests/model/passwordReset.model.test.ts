import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { forgotPasswordMachine, type ForgotPasswordEvent } from '../../src/machines/auth/forgotPassword.machine';
import { passwordResetMachine, type PasswordResetEvent, type RecoveryResult } from '../../src/machines/auth/passwordReset.machine';
import { describeModel } from '../support/model';

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

// What the fakes were asked: the e-mails a reset link was requested for, the passwords set.
const requested: string[] = [];
const passwords: string[] = [];

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
    'forgot.submit': [{ type: 'forgot.submit', email: '  cook@example.com ' }],
  } satisfies { [K in ForgotPasswordEvent['type']]: Array<Extract<ForgotPasswordEvent, { type: K }>> },
  actorEvents: [done('requestPasswordReset', {}), failed('requestPasswordReset', new Error('Too many attempts. Try again in 40 seconds.'))],
  states: {
    closed: (s) => {
      expect(s.hasTag('form')).toBe(false);
    },
    open: (s) => {
      expect(s.hasTag('form')).toBe(true);
      expect(s.hasTag('loading')).toBe(false);
      // Opened fresh: no message; back from a failed request: why it failed (never whether the account exists).
      if (requested.length) expect([null, 'Too many attempts. Try again in 40 seconds.']).toContain(s.context.error);
      else expect(s.context.error).toBeNull();
    },
    sending: (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.context.error).toBeNull();
      expect(requested.at(-1), 'the typed e-mail, trimmed').toBe('cook@example.com');
    },
    sent: (s) => {
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
    done('updatePassword', undefined),
    failed('updatePassword', new Error('Password should be at least 6 characters.')),
    failed('updatePassword', Object.assign(new Error('Auth session missing!'), { sessionGone: true })),
  ],
  states: {
    adopting: (s) => {
      expect(s.hasTag('loading')).toBe(true);
      expect(s.hasTag('form')).toBe(false);
    },
    editing: (s) => {
      expect(s.hasTag('form')).toBe(true);
      expect(s.context.email).toBe('cook@example.com');
      expect([null, 'The two passwords do not match.', 'Password should be at least 6 characters.']).toContain(s.context.error);
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
