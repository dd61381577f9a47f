import { css } from 'styled-system/css';
import { ResultMessage } from '../auth/AuthForm';
import { useAuth } from '../../app/auth/AuthContext';
import { useAuthForm } from '../../app/auth/useAuthForm';
import { Button, ButtonLink } from '../components/Button';
import { Page } from '../components/Page';
import { useRevocationPending } from '../../app/auth/revocationQueue';

export function SignedOutPage() {
  const { status } = useAuth();
  const auth = useAuthForm('signOut');
  const revocationPending = useRevocationPending() && status !== 'signedIn';
  return (
    <Page title="Sign out" heading="Sign out">
      {status === 'signedIn' ? (
        <Button variant="solidRed" onClick={auth.signOut} disabled={auth.loading || !auth.canSubmit}>
          {auth.loading ? 'Signing out…' : 'Sign Out'}
        </Button>
      ) : null}
      <ResultMessage message={auth.message} />
      <p role="status" className={revocationPending ? css({ mb: '4', maxW: '70ch' }) : undefined}>
        {revocationPending
          ? 'You are signed out on this browser. The server has not been told yet (no connection): it will be as soon as this browser is back online.'
          : null}
      </p>
      <p className={css({ fontSize: 'xl', mb: '6' })}>Thank you for using Cater Captain. See you soon!</p>
      <ButtonLink href="/signup" variant="solidGreen">
        Get Started
      </ButtonLink>
    </Page>
  );
}
