import { Page } from '../components/Page';

export function EventsPage() {
  return <Page title="Event Management" heading="Event Management">{null}</Page>;
}
