import { Page } from '../components/Page';

export function InventoryPage() {
  return <Page title="Inventory" heading="Inventory">{null}</Page>;
}
