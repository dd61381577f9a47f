import { Page } from '../components/Page';
import { SettingsForm } from '../settings/SettingsForm';

export function SettingsPage() {
  return (
    <Page title="Business Settings" heading="Business Settings">
      <SettingsForm />
    </Page>
  );
}
