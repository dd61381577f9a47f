/**
 * "Forgot password?" on the login page: `closed` until asked for, then a small e-mail form (`open`)
 * that asks the auth service for a reset link (`sending`) and answers the same whether or not an
 * account exists (`sent`), so the form never tells who has an account.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SecretsOf } from '../../domain/inspection';

export const resetLinkSentText = 'If an account exists for that e-mail, a reset link is on its way.';

export interface ForgotPasswordContext {
  email: string;
  /** Why the request could not be made (no network, too many attempts); never whether the account exists. */
  error: string | null;
}

export type ForgotPasswordEvent =
  /** "Forgot password?" button. */
  | { type: 'forgot.open' }
  /** "Cancel" button, or "Forgot password?" again. */
  | { type: 'forgot.close' }
  /** "Send reset link" submit. */
  | { type: 'forgot.submit'; email: string };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const forgotPasswordSecrets = { events: { 'forgot.submit': [] } } as const satisfies SecretsOf<
  ForgotPasswordEvent,
  ForgotPasswordContext
>;

export const forgotPasswordMachine = setup({
  types: { context: {} as ForgotPasswordContext, events: {} as ForgotPasswordEvent },
  actors: {
    requestPasswordReset: fromPromise<void, { email: string }>(async () => {
      throw new Error('forgotPassword: provide requestPasswordReset');
    }),
  },
  actions: {
    setEmail: assign({ email: ({ event }) => (event.type === 'forgot.submit' ? event.email.trim() : '') }),
    setError: assign({
      error: ({ event }) => {
        const error = (event as { error?: unknown }).error;
        return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
      },
    }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'forgotPassword',
  meta: { secrets: forgotPasswordSecrets },
  context: { email: '', error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'forgot.open': { target: 'open', actions: 'clearError' } },
    },
    open: {
      tags: ['form'],
      on: {
        'forgot.close': { target: 'closed' },
        'forgot.submit': { target: 'sending', actions: ['setEmail', 'clearError'] },
      },
    },
    sending: {
      tags: ['form', 'loading'],
      invoke: {
        id: 'requestPasswordReset',
        src: 'requestPasswordReset',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'sent' },
        onError: { target: 'open', actions: 'setError' },
      },
    },
    // Another link can be asked for (the form stays); the answer stays the same.
    sent: {
      tags: ['form', 'sent'],
      on: {
        'forgot.close': { target: 'closed' },
        'forgot.submit': { target: 'sending', actions: ['setEmail', 'clearError'] },
      },
    },
  },
});
