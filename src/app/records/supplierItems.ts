/**
 * What a supplier's changes do to the inventory items that name it (issue 11), read and saved through
 * the inventory's storage accessor: the Supplier Management page's side effects.
 */
import { detachSupplierFromItems, ownItemCount, renameSupplierInItems, type SupplierRef } from '../../domain/inventory';
import type { Supplier } from '../../domain/inventoryRecords';
import { inventoryItemsStore } from '../../storage/keys';
import { notify } from '../../views/shell/toaster';

const others = (records: readonly Supplier[], supplierID: string): SupplierRef[] =>
  records.filter((s) => s.supplierID !== supplierID);

/**
 * A renamed supplier keeps its own inventory items: they follow the new name (issue 11). Its own
 * items are those carrying its Supplier ID, and older items naming it when no other supplier has
 * that name; items naming a name two suppliers share are left alone and the caterer is told.
 */
export function renameInInventory(before: Supplier, after: Supplier, records: readonly Supplier[]) {
  if (before.supplierName === after.supplierName && before.supplierID === after.supplierID) return;
  const items = inventoryItemsStore.read();
  const result = renameSupplierInItems(items, before, after, others(records, after.supplierID));
  if (result.ambiguous > 0) {
    notify({
      type: 'warning',
      title: 'Some inventory items were not renamed',
      description: `${result.ambiguous} inventory item${result.ambiguous === 1 ? ' names' : 's name'} ${before.supplierName}, which another supplier also uses, so ${result.ambiguous === 1 ? 'it keeps' : 'they keep'} that name. Choose the supplier in Edit Item.`,
      duration: 10_000,
    });
  }
  if (result.renamed === 0) return;
  // Saved by id onto the latest list: only the renamed items change.
  const saved = inventoryItemsStore.save(result.items, items);
  if (!saved.ok) notify({ type: 'error', title: 'Inventory items not renamed', description: saved.error.message });
}

/** A deleted supplier's own items keep its name as text but no longer point at a supplier. */
export function releaseItems(supplierID: string, records: readonly Supplier[]) {
  const supplier = records.find((s) => s.supplierID === supplierID);
  if (!supplier) return;
  const items = inventoryItemsStore.read();
  const result = detachSupplierFromItems(items, supplier, others(records, supplierID));
  if (result.items === items) return;
  const saved = inventoryItemsStore.save(result.items, items);
  if (!saved.ok) notify({ type: 'error', title: 'Inventory items not updated', description: saved.error.message });
}

/** How many inventory items are the supplier's own now (Delete asks first when there are any). */
export function supplierItemCount(supplier: Supplier, records: readonly Supplier[]): number {
  return ownItemCount(inventoryItemsStore.read(), supplier, others(records, supplier.supplierID));
}
