/** The auth forms' hook (Login, Sign Up, Sign Out): their pages' chunks load it, the landing page never does. */
import { useSelector } from '@xstate/react';
import { useAuthRef } from './AuthContext';

/** The forms' api: actions, the loading flag and the last result message for one form. */
export function useAuthForm(origin: 'signIn' | 'signUp' | 'signOut') {
  const ref = useAuthRef();
  const loading = useSelector(ref, (s) => s.hasTag('loading'));
  const message = useSelector(ref, (s) => (s.context.message?.origin === origin ? s.context.message : null));
  const canSubmit = useSelector(ref, (s) =>
    origin === 'signOut'
      ? s.can({ type: 'auth.signOut' })
      : s.can({ type: origin === 'signIn' ? 'auth.signIn' : 'auth.signUp', email: '', password: '' }),
  );
  return {
    loading,
    message,
    canSubmit,
    signIn: (email: string, password: string) => ref.send({ type: 'auth.signIn', email, password }),
    signUp: (email: string, password: string) => ref.send({ type: 'auth.signUp', email, password }),
    signOut: () => ref.send({ type: 'auth.signOut' }),
  };
}
