import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { AuthForm, ResultMessage, SwitchAccountNote, banner } from '../auth/AuthForm';
import { useAuth } from '../../app/auth/AuthContext';
import { useAuthForm } from '../../app/auth/useAuthForm';
import { DemoAccount } from '../auth/DemoAccount';
import { ForgotPassword } from '../auth/ForgotPassword';
import { ButtonLink } from '../components/Button';
import { Page } from '../components/Page';

export function LoginPage() {
  const auth = useAuthForm('signIn');
  const { status, email } = useAuth();
  return (
    <Page title="Login" heading="Login">
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' },
          gap: '8',
          alignItems: 'start',
        })}
      >
        <div>
          <DemoAccount />
          <p className={banner}>
            New here? After you log in, press Use Mock Data on the Dashboard to fill the app with sample events,
            inventory, suppliers and employees, then refresh the page.
          </p>
        </div>
        <div>
          {/* Not after this form's own success: the account it signed in is the one now signed in. */}
          {status === 'signedIn' && auth.message?.kind !== 'success' ? (
            <SwitchAccountNote email={email} action="Logging in" />
          ) : null}
          <AuthForm
            submitLabel="Login"
            loading={auth.loading}
            onSubmit={auth.signIn}
            autoCompletePassword="current-password"
          />
          <ResultMessage message={auth.message} />
          {auth.message?.kind === 'success' ? (
            <ButtonLink href="/dashboard" variant="solidBlue">
              Sail onto Dashboard
            </ButtonLink>
          ) : null}
          <ForgotPassword />
          <p className={css({ mt: '4' })}>
            No account yet? <Link href="/signup">Sign up here</Link>
          </p>
        </div>
      </div>
    </Page>
  );
}
