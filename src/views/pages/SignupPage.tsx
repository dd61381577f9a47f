import { css } from 'styled-system/css';
import { AuthForm, ResultMessage, SwitchAccountNote, banner } from '../auth/AuthForm';
import { useAuth } from '../../app/auth/AuthContext';
import { useAuthForm } from '../../app/auth/useAuthForm';
import { ButtonLink } from '../components/Button';
import { Page } from '../components/Page';

export function SignupPage() {
  const auth = useAuthForm('signUp');
  const { status, email } = useAuth();
  return (
    <Page title="Sign up" heading="Sign up">
      <p className={banner}>No account is needed to look around: demo credentials are on the login page.</p>
      <p className={css({ fontSize: 'lg', mb: '4' })}>
        Welcome aboard! Create your Cater Captain account to start planning events.
      </p>
      {/* Not after this form's own success: the account it signed in is the one now signed in. */}
      {status === 'signedIn' && auth.message?.kind !== 'success' ? (
        <SwitchAccountNote email={email} action="Signing up" />
      ) : null}
      <AuthForm
        submitLabel="Sign Up"
        loading={auth.loading}
        onSubmit={auth.signUp}
        autoCompletePassword="new-password"
      />
      <ResultMessage message={auth.message} />
      <p className={css({ mt: '2', mb: '3' })}>Already one of the crew?</p>
      <ButtonLink href="/login" variant="outlineBlue">
        Log In
      </ButtonLink>
    </Page>
  );
}
