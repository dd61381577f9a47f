/**
 * The "Forgot password?" form and the /reset-password page, with their actors over supabase-js.
 * Kept out of AuthContext so the landing page's first load carries neither machine: only the login
 * and reset pages import this.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { loadAuthConfig } from '../../machines/auth/config';
import { forgotPasswordMachine } from '../../machines/auth/forgotPassword.machine';
import { passwordResetMachine, type RecoveryResult } from '../../machines/auth/passwordReset.machine';
import { routes } from '../../views/shell/routes';
import { inspect } from '../../views/shell/inspector';

const loadSupabase = () => import('../../machines/auth/supabaseAuth');

const forgotPasswordLogic = forgotPasswordMachine.provide({
  actors: {
    requestPasswordReset: fromPromise<void, { email: string }>(async ({ input }) =>
      (await loadSupabase()).requestPasswordReset(
        await loadAuthConfig(),
        input.email,
        `${window.location.origin}${routes.resetPassword}`,
      ),
    ),
  },
});

/** The login page's "Forgot password?" form. */
export function useForgotPassword() {
  const ref = useActorRef(forgotPasswordLogic, { inspect });
  const state = useSelector(ref, (s) =>
    s.matches('closed') ? 'closed' : s.matches('sent') ? 'sent' : s.matches('sending') ? 'sending' : 'open',
  );
  const error = useSelector(ref, (s) => s.context.error);
  return {
    state,
    error,
    open: () => ref.send({ type: 'forgot.open' }),
    close: () => ref.send({ type: 'forgot.close' }),
    submit: (email: string) => ref.send({ type: 'forgot.submit', email }),
  };
}

const passwordResetLogic = passwordResetMachine.provide({
  actors: {
    adoptRecoverySession: fromPromise<RecoveryResult>(async () =>
      (await loadSupabase()).adoptRecoverySession(await loadAuthConfig(), (signedIn) =>
        window.confirm(
          `This reset link is for another account than ${signedIn}, who is signed in on this browser. Sign ${signedIn} out here and set a new password for the link's account?`,
        ),
      ),
    ),
    updatePassword: fromPromise<void, { password: string }>(async ({ input }) =>
      (await loadSupabase()).updatePassword(await loadAuthConfig(), input.password),
    ),
  },
});

/** The /reset-password page. */
export function usePasswordReset() {
  const ref = useActorRef(passwordResetLogic, { inspect });
  const state = useSelector(ref, (s) =>
    s.matches('adopting')
      ? 'adopting'
      : s.matches('editing')
        ? 'editing'
        : s.matches('saving')
          ? 'saving'
          : s.matches('changed')
            ? 'changed'
            : s.matches('linkExpired')
              ? 'linkExpired'
              : 'noLink',
  );
  const email = useSelector(ref, (s) => s.context.email);
  const error = useSelector(ref, (s) => s.context.error);
  return {
    state,
    email,
    error,
    submit: (password: string, confirm: string) => ref.send({ type: 'reset.submit', password, confirm }),
  };
}
