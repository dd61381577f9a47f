import { useId, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { Button } from '../components/Button';
import { useHydrated } from '../shell/hydration';

export const form = css({
  display: 'grid',
  gap: '4',
  maxW: '420px',
  bg: 'surface',
  borderWidth: '2px',
  borderColor: 'border',
  p: '6',
});
export const field = css({ display: 'grid', gap: '1', '& label': { fontWeight: 'bold' } });
export const input = css({
  borderWidth: '2px',
  borderColor: 'border',
  bg: 'bg',
  color: 'fg',
  px: '3',
  py: '2',
  fontSize: 'md',
  width: '100%',
  _focusVisible: { borderColor: 'focusRing' },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
});

export interface AuthFormProps {
  submitLabel: 'Login' | 'Sign Up';
  loading: boolean;
  onSubmit: (email: string, password: string) => void;
  autoCompletePassword: 'current-password' | 'new-password';
}

/**
 * E-mail (e-mail type) and password (hidden) with a submit button that shows the loading state.
 * Prerendered, the form is on screen before the app has started: until then the fields and the button
 * are visibly disabled, so nothing typed is lost to hydration and the browser never submits the
 * form itself (which would put the password in the address).
 */
export function AuthForm({ submitLabel, loading, onSubmit, autoCompletePassword }: AuthFormProps) {
  const id = useId();
  const started = useHydrated();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(email, password);
  };
  return (
    <form className={form} method="post" onSubmit={submit} aria-busy={loading}>
      <div className={field}>
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          className={input}
          type="email"
          name="email"
          autoComplete="email"
          required
          disabled={!started}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className={field}>
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          className={input}
          type="password"
          name="password"
          autoComplete={autoCompletePassword}
          required
          disabled={!started}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <Button type="submit" variant="solidGreen" disabled={loading || !started}>
        {loading ? `${submitLabel}…` : submitLabel}
      </Button>
    </form>
  );
}

export function ResultMessage({ message }: { message: { kind: 'success' | 'error' | 'info'; text: string } | null }) {
  return (
    <div role="status" aria-live="polite" className={css({ minH: '6', my: '3', fontWeight: 'bold' })}>
      {message ? (
        <p className={message.kind === 'error' ? css({ color: 'accent' }) : css({ color: 'primary' })}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}

export const banner = css({ bg: 'bannerBg', color: 'onSolid', p: '4', mb: '6', fontWeight: 'bold', maxW: '70ch' });

/** While signed in, the login and sign-up forms say what submitting them does. */
export function SwitchAccountNote({ email, action }: { email: string | null; action: 'Logging in' | 'Signing up' }) {
  return (
    <p className={css({ mb: '3', maxW: '420px' })}>
      You are logged in as <strong>{email ?? 'another account'}</strong>. {action} here signs that account out on this
      browser and switches to the other one.
    </p>
  );
}
