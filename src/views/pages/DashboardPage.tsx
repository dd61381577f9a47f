import { Page } from '../components/Page';

export function DashboardPage() {
  return <Page title="Dashboard" heading="Dashboard">{null}</Page>;
}
