/** Need to Order (spec section 9): items where whenToOrder >= quantity, with their Order placed flags. */
import type { InventoryItem, SelectedItem } from '../storage/schemas';

export function needsOrder(item: Pick<InventoryItem, 'quantity' | 'whenToOrder'>): boolean {
  return item.whenToOrder >= item.quantity;
}

export function needToOrderItems(items: readonly InventoryItem[]): InventoryItem[] {
  return items.filter(needsOrder);
}

export function isOrderPlaced(flags: readonly SelectedItem[], id: string): boolean {
  return flags.some((f) => f.id === id && f.orderPlaced);
}

/** Flips one item's flag (adds the record when there is none). */
export function toggleOrderFlag(flags: readonly SelectedItem[], id: string): SelectedItem[] {
  if (!flags.some((f) => f.id === id)) return [...flags, { id, orderPlaced: true }];
  return flags.map((f) => (f.id === id ? { ...f, orderPlaced: !f.orderPlaced } : f));
}

/** Drops the flags of items that no longer exist. */
export function pruneOrderFlags(flags: readonly SelectedItem[], items: readonly Pick<InventoryItem, 'id'>[]): SelectedItem[] {
  const ids = new Set(items.map((i) => i.id));
  return flags.filter((f) => ids.has(f.id));
}

/** Need-to-order rows for export: the item plus whether its order is placed. */
export function needToOrderRows(items: readonly InventoryItem[], flags: readonly SelectedItem[]): Array<InventoryItem & { orderPlaced: boolean }> {
  return needToOrderItems(items).map((item) => ({ ...item, orderPlaced: isOrderPlaced(flags, item.id) }));
}
