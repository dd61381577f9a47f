import { css } from 'styled-system/css';
import { ButtonLink } from '../components/Button';
import { Page } from '../components/Page';

export function SignedOutPage() {
  return (
    <Page title="Signed out" heading="Sign out">
      <p className={css({ fontSize: 'xl', mb: '6' })}>Thank you for using Cater Captain. See you soon!</p>
      <ButtonLink href="/signup" variant="solidGreen">
        Get Started
      </ButtonLink>
    </Page>
  );
}
