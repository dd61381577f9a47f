import { Page } from '../components/Page';

export function SuppliersPage() {
  return <Page title="Supplier Management" heading="Supplier Management">{null}</Page>;
}
