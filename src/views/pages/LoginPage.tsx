import { Page } from '../components/Page';

export function LoginPage() {
  return <Page title="Login" heading="Login">{null}</Page>;
}
