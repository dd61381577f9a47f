import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { usePasswordReset } from '../../app/auth/passwordRecovery';
import { field, form, input } from '../auth/AuthForm';
import { Button, ButtonLink } from '../components/Button';
import { Page } from '../components/Page';
import { routes } from '../shell/routes';

export function ResetPasswordPage() {
  const id = useId();
  const reset = usePasswordReset();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.submit(password, confirm);
  };
  const saving = reset.state === 'saving';
  return (
    <Page title="Reset password" heading="Set a new password">
      {reset.state === 'adopting' ? <p role="status">Checking your reset link…</p> : null}
      {reset.state === 'editing' || saving ? (
        <>
          {reset.email ? (
            <p className={css({ mb: '4' })}>
              For <strong>{reset.email}</strong>
            </p>
          ) : null}
          <form className={form} onSubmit={submit} aria-busy={saving}>
            <div className={field}>
              <label htmlFor={`${id}-password`}>New password</label>
              <input
                id={`${id}-password`}
                className={input}
                type="password"
                autoComplete="new-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <div className={field}>
              <label htmlFor={`${id}-confirm`}>Confirm new password</label>
              <input
                id={`${id}-confirm`}
                className={input}
                type="password"
                autoComplete="new-password"
                required
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
            </div>
            <Button type="submit" variant="solidGreen" disabled={saving}>
              {saving ? 'Setting new password…' : 'Set new password'}
            </Button>
          </form>
        </>
      ) : null}
      <div role="status" aria-live="polite" className={css({ minH: '6', my: '3', fontWeight: 'bold' })}>
        {reset.error && reset.state !== 'noLink' ? <p className={css({ color: 'accent' })}>{reset.error}</p> : null}
        {reset.state === 'changed' ? <p className={css({ color: 'primary' })}>Your password is changed.</p> : null}
        {reset.state === 'linkExpired' ? (
          <p className={css({ color: 'accent' })}>
            This reset link has expired or was already used. Ask for a new one.
          </p>
        ) : null}
        {reset.state === 'noLink' ? (
          <p className={css({ color: 'accent' })}>
            {reset.error ?? 'Open the reset link from your e-mail to set a new password.'}
          </p>
        ) : null}
      </div>
      {reset.state === 'changed' ? (
        <ButtonLink href={routes.dashboard} variant="solidBlue">
          Sail onto Dashboard
        </ButtonLink>
      ) : null}
      {reset.state === 'linkExpired' || reset.state === 'noLink' ? (
        <Link href={routes.login}>Back to login to ask for a new link</Link>
      ) : null}
    </Page>
  );
}
