/** Pure rules of the inventory board (spec sections 3, 5 and 9): options, form parsing, ids, ordering. */
import type { InventoryItem } from '../storage/schemas';

export const categoryOptions = [
  'Cool Storage', 'Freezer', 'Dry Storage', 'Produce', 'Fruits', 'Vegetables', 'Meat', 'Seafood', 'Dairy', 'Frozen', 'Canned', 'Wine Cellar', 'Other',
] as const;

/** Unit values as stored, with the label shown (flOz reads 'fluid oz'). */
export const unitOptions: ReadonlyArray<{ value: string; label: string }> = [
  'kg', 'lbs', 'cups', 'oz', 'flOz', 'grams', 'tbsp', 'tsp', 'milliliters', 'liters', 'quarts', 'pints', 'gallons', 'other',
].map((value) => ({ value, label: value === 'flOz' ? 'fluid oz' : value }));

export const packageTypeOptions = ['box', 'bag', 'bottle', 'carton', 'container', 'pallet', 'each', 'other'] as const;

export const unitLabel = (unit: string) => unitOptions.find((u) => u.value === unit)?.label ?? unit;

/** What the add form and the edit modal hold: every field as typed. */
export interface ItemDraft {
  sku: string;
  name: string;
  category: string;
  amountPerUnit: string;
  unit: string;
  packageType: string;
  costPerUnit: string;
  quantity: string;
  whenToOrder: string;
  supplierName: string;
}
export type ItemField = keyof ItemDraft;

/** The add form's defaults (spec section 5: reset to unit kg and package type box). */
export const emptyItemDraft = (): ItemDraft => ({
  sku: '',
  name: '',
  category: '',
  amountPerUnit: '',
  unit: 'kg',
  packageType: 'box',
  costPerUnit: '',
  quantity: '',
  whenToOrder: '',
  supplierName: '',
});

/** A numeric field: non-blank and a finite number. */
export function isNumeric(text: string): boolean {
  const t = text.trim();
  return t !== '' && Number.isFinite(Number(t));
}

/** A whole number field. */
export function isInteger(text: string): boolean {
  return isNumeric(text) && Number.isInteger(Number(text.trim()));
}

/** Add rule 1: amount per unit and cost per unit numeric, else the alert. */
export const hasValidNumbers = (d: ItemDraft) => isNumeric(d.amountPerUnit) && isNumeric(d.costPerUnit);
/** Add rule 2: quantity and re-order qty integers and a SKU, else nothing happens, silently. */
export const hasCountsAndSku = (d: ItemDraft) => isInteger(d.quantity) && isInteger(d.whenToOrder) && d.sku.trim() !== '';
/** Edit rule: the four numeric fields numeric, else the modal stays open. */
export const isEditDraftValid = (d: ItemDraft) =>
  isNumeric(d.quantity) && isNumeric(d.whenToOrder) && isNumeric(d.costPerUnit) && isNumeric(d.amountPerUnit);

export const LOW_STOCK_MESSAGE = 'Low stock: re-order needed';
/** Low stock highlight: quantity at or below the re-order quantity. */
export const isLowStock = (item: Pick<InventoryItem, 'quantity' | 'whenToOrder'>) => item.quantity <= item.whenToOrder;

/** Id from the creation timestamp; a suffix keeps two adds in the same millisecond apart. */
export function nextItemId(now: number, taken: ReadonlySet<string>): string {
  const base = String(now);
  if (!taken.has(base)) return base;
  let n = 1;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** Builds the stored item from a valid draft; the supplier falls back to the first supplier. */
export function itemFromDraft(d: ItemDraft, id: string, supplierNames: readonly string[]): InventoryItem {
  return {
    id,
    sku: d.sku.trim(),
    name: d.name.trim(),
    category: d.category,
    amountPerUnit: Number(d.amountPerUnit.trim()),
    unit: d.unit,
    packageType: d.packageType,
    costPerUnit: Number(d.costPerUnit.trim()),
    quantity: Number(d.quantity.trim()),
    whenToOrder: Number(d.whenToOrder.trim()),
    supplierName: d.supplierName || (supplierNames[0] ?? ''),
  };
}

export function draftFromItem(item: InventoryItem): ItemDraft {
  return {
    sku: item.sku,
    name: item.name,
    category: item.category,
    amountPerUnit: String(item.amountPerUnit),
    unit: item.unit,
    packageType: item.packageType,
    costPerUnit: String(item.costPerUnit),
    quantity: String(item.quantity),
    whenToOrder: String(item.whenToOrder),
    supplierName: item.supplierName,
  };
}

/** Applies an edit draft (already valid) over the stored item, keeping its id and any extra fields. */
export function applyEdit(item: InventoryItem, d: ItemDraft): InventoryItem {
  // No supplier fallback when editing: an emptied supplier stays empty.
  return { ...item, ...itemFromDraft(d, item.id, []) };
}

/** Moves the item `activeId` to the place of `overId`; unknown ids leave the list as it is. */
export function moveItem<T extends { id: string }>(items: readonly T[], activeId: string, overId: string): T[] {
  const from = items.findIndex((i) => i.id === activeId);
  const to = items.findIndex((i) => i.id === overId);
  if (from < 0 || to < 0 || from === to) return items as T[];
  const next = items.slice();
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** A supplier renamed: items that named the old name now name the new one. */
export function renameSupplierInItems(items: readonly InventoryItem[], from: string, to: string): InventoryItem[] {
  if (from === to) return items as InventoryItem[];
  return items.map((i) => (i.supplierName === from ? { ...i, supplierName: to } : i));
}
