import { Page } from '../components/Page';

export function SignupPage() {
  return <Page title="Sign up" heading="Sign up">{null}</Page>;
}
