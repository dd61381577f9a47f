import { useId, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { resetLinkSentText } from '../../machines/auth/forgotPassword.machine';
import { Button } from '../components/Button';
import { useHydrated } from '../shell/hydration';
import { useForgotPassword } from '../../app/auth/passwordRecovery';
import { field, form, input } from './AuthForm';

/**
 * "Forgot password?": reveals an e-mail form that asks for a reset link. Prerendered on the login page,
 * the button is disabled until the app has started (a press before then would be lost).
 */
export function ForgotPassword() {
  const id = useId();
  const started = useHydrated();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const isOpen = forgot.state !== 'closed';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    forgot.submit(email);
  };
  return (
    <div className={css({ mt: '4' })}>
      <Button
        variant="outlineBlue"
        size="sm"
        aria-expanded={isOpen}
        aria-controls={`${id}-form`}
        disabled={!started}
        onClick={isOpen ? forgot.close : forgot.open}
      >
        Forgot password?
      </Button>
      {isOpen ? (
        <form
          id={`${id}-form`}
          className={css({ mt: '3' }) + ' ' + form}
          onSubmit={submit}
          aria-busy={forgot.state === 'sending'}
          aria-label="Reset your password"
        >
          <div className={field}>
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              id={`${id}-email`}
              className={input}
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <Button type="submit" variant="solidBlue" disabled={forgot.state === 'sending'}>
            {forgot.state === 'sending' ? 'Sending…' : 'Send reset link'}
          </Button>
          <div role="status" aria-live="polite" className={css({ fontWeight: 'bold' })}>
            {forgot.state === 'sent' ? <p className={css({ color: 'primary' })}>{resetLinkSentText}</p> : null}
            {forgot.error ? <p className={css({ color: 'accent' })}>{forgot.error}</p> : null}
          </div>
        </form>
      ) : null}
    </div>
  );
}
