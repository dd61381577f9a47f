/**
 * The /reset-password page: `adopting` lets supabase-js take the recovery session from the link's URL
 * (or read the link's error), then the visitor sets a new password (`editing` → `saving`) and sees
 * `changed`. An expired or used link, or a visit without one, says so and points back to the login page.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SecretsOf } from '../../domain/inspection';

export type RecoveryResult =
  { status: 'ready'; email: string | null } | { status: 'expired'; reason: string } | { status: 'missing' };

export interface PasswordResetContext {
  email: string | null;
  /** The message shown with the form (mismatch, the server's answer). */
  error: string | null;
}

export type PasswordResetEvent =
  /** "Set new password" submit: the two password fields. */
  { type: 'reset.submit'; password: string; confirm: string };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed, with its secret ones. */
export const passwordResetSecrets = {
  events: { 'reset.submit': ['password', 'confirm'] },
} as const satisfies SecretsOf<PasswordResetEvent, PasswordResetContext>;

export const passwordResetMachine = setup({
  types: { context: {} as PasswordResetContext, events: {} as PasswordResetEvent },
  actors: {
    adoptRecoverySession: fromPromise<RecoveryResult>(async () => {
      throw new Error('passwordReset: provide adoptRecoverySession');
    }),
    updatePassword: fromPromise<void, { password: string }>(async () => {
      throw new Error('passwordReset: provide updatePassword');
    }),
  },
  actions: {
    setEmail: assign({
      email: ({ event }) => {
        const output = (event as { output?: RecoveryResult }).output;
        return output?.status === 'ready' ? output.email : null;
      },
    }),
    setMismatchError: assign({ error: 'The two passwords do not match.' }),
    setSaveError: assign({ error: ({ event }) => errorText(event) }),
    setLinkError: assign({ error: ({ event }) => errorText(event) }),
    clearError: assign({ error: null }),
  },
  guards: {
    isReady: ({ event }) => (event as { output?: RecoveryResult }).output?.status === 'ready',
    isExpired: ({ event }) => (event as { output?: RecoveryResult }).output?.status === 'expired',
    isMismatch: ({ event }) => event.type === 'reset.submit' && event.password !== event.confirm,
    // The recovery session is gone (used up, ended elsewhere): the link must be asked for again.
    isSessionGone: ({ event }) => !!(event as { error?: { sessionGone?: boolean } }).error?.sessionGone,
  },
}).createMachine({
  id: 'passwordReset',
  meta: { secrets: passwordResetSecrets },
  context: { email: null, error: null },
  initial: 'adopting',
  states: {
    adopting: {
      tags: ['loading'],
      invoke: {
        id: 'adoptRecoverySession',
        src: 'adoptRecoverySession',
        onDone: [
          { guard: 'isReady', target: 'editing', actions: 'setEmail' },
          { guard: 'isExpired', target: 'linkExpired' },
          { target: 'noLink' },
        ],
        onError: { target: 'noLink', actions: 'setLinkError' },
      },
    },
    editing: {
      tags: ['form'],
      on: {
        'reset.submit': [
          { guard: 'isMismatch', actions: 'setMismatchError' },
          { target: 'saving', actions: 'clearError' },
        ],
      },
    },
    saving: {
      tags: ['form', 'loading'],
      invoke: {
        id: 'updatePassword',
        src: 'updatePassword',
        input: ({ event }) => ({ password: event.type === 'reset.submit' ? event.password : '' }),
        onDone: { target: 'changed' },
        onError: [
          { guard: 'isSessionGone', target: 'linkExpired' },
          { target: 'editing', actions: 'setSaveError' },
        ],
      },
    },
    changed: { tags: ['done'], type: 'final' },
    linkExpired: { tags: ['expired'], type: 'final' },
    noLink: { tags: ['noLink'], type: 'final' },
  },
});

function errorText(event: unknown): string {
  const error = (event as { error?: unknown }).error;
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}
