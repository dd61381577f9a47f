/** Pure rules of the inventory board (spec sections 3, 5 and 9): options, form parsing, ids, ordering. */
import type { InventoryItem } from '../storage/schemas';
import { checkAmount, MAX_MONEY, MAX_QUANTITY, type AmountRule } from './limits';
import { avoidFromText, avoidToText, cleanAllergens } from './allergens';

export const categoryOptions = [
  'Cool Storage',
  'Freezer',
  'Dry Storage',
  'Produce',
  'Fruits',
  'Vegetables',
  'Meat',
  'Seafood',
  'Dairy',
  'Frozen',
  'Canned',
  'Wine Cellar',
  'Other',
] as const;

/** Unit values as stored, with the label shown (flOz reads 'fluid oz'). */
export const unitOptions: ReadonlyArray<{ value: string; label: string }> = [
  'kg',
  'lbs',
  'cups',
  'oz',
  'flOz',
  'grams',
  'tbsp',
  'tsp',
  'milliliters',
  'liters',
  'quarts',
  'pints',
  'gallons',
  'other',
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
  /**
   * Issue 21: the item's allergens, ids joined by commas in the list's order ('' for none), text like
   * every other field so drafts and conflicts compare it as they compare the rest. Drafts saved before
   * it existed read as ''.
   */
  allergens: string;
}
export type ItemField = keyof ItemDraft;

/** Each field's label, as the inventory forms show it (and the conflict dialogs name it). */
export const itemFieldLabels: Record<ItemField, string> = {
  sku: 'SKU',
  name: 'Item Name',
  category: 'Category',
  amountPerUnit: 'Amount per Unit',
  unit: 'Unit Measurement',
  packageType: 'Package Type',
  costPerUnit: 'Cost per Unit',
  quantity: 'On-hand Quantity',
  whenToOrder: 'Re-order Qty',
  supplierName: 'Supplier Name',
  allergens: 'Allergens',
};

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
  allergens: '',
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
export const hasCountsAndSku = (d: ItemDraft) =>
  isInteger(d.quantity) && isInteger(d.whenToOrder) && d.sku.trim() !== '';

export type ItemErrors = Partial<Record<ItemField, string>>;

/** Issue 11's sane values: finite, not negative, below the shared ceilings; counts whole. */
export const itemAmountRules: Record<'amountPerUnit' | 'costPerUnit' | 'quantity' | 'whenToOrder', AmountRule> = {
  amountPerUnit: { label: 'Amount per Unit', max: MAX_QUANTITY },
  costPerUnit: { label: 'Cost per Unit', max: MAX_MONEY },
  quantity: { label: 'On-hand Quantity', max: MAX_QUANTITY, integer: true },
  whenToOrder: { label: 'Re-order Qty', max: MAX_QUANTITY, integer: true },
};
const amountFields = Object.keys(itemAmountRules) as Array<keyof typeof itemAmountRules>;

export const SKU_REQUIRED = 'SKU is required.';

/**
 * Every rule of an item with the reason next to its field (the Edit Item dialog, issue 11): a SKU,
 * counts whole, amounts and cost numbers, none negative or above its ceiling. Empty object = valid.
 */
export function itemErrors(d: ItemDraft): ItemErrors {
  const errors: ItemErrors = {};
  if (d.sku.trim() === '') errors.sku = SKU_REQUIRED;
  for (const field of amountFields) {
    const check = checkAmount(d[field], itemAmountRules[field]);
    if (!check.ok) errors[field] = check.message;
  }
  return errors;
}

/**
 * The add form's refusals on top of the spec's (alert for non-numbers, silence for non-integer counts
 * or no SKU, kept as clarifications.md asks): a value the spec would accept but issue 11 forbids
 * (negative, above the ceiling) gets its message next to the field and nothing is added; so does a
 * negative count that is not whole (issue 25: refused by the spec's silent rule, now saying why).
 */
export function addRangeErrors(d: ItemDraft): ItemErrors {
  const errors: ItemErrors = {};
  for (const field of amountFields) {
    const rule = itemAmountRules[field];
    // Issue 25: a negative count is refused with its message even when it is not whole ('-2.5'):
    // the spec's silence stays for positive fractions and non-numbers only.
    const negative = isNumeric(d[field]) && Number(d[field].trim()) < 0;
    const parses = rule.integer ? isInteger(d[field]) || negative : isNumeric(d[field]);
    if (!parses) continue;
    const check = checkAmount(d[field], rule);
    if (!check.ok) errors[field] = check.message;
  }
  return errors;
}

/** Edit rule: the same rules as the add form, with messages (issue 11); else the modal stays open. */
export const isEditDraftValid = (d: ItemDraft) => Object.keys(itemErrors(d)).length === 0;

/** The other item (not `exceptId`) that already has this SKU, if any: a warning, not a refusal. */
export function itemWithSku(
  items: readonly InventoryItem[],
  sku: string,
  exceptId: string | null,
): InventoryItem | undefined {
  const wanted = sku.trim().toLowerCase();
  if (wanted === '') return undefined;
  return items.find((i) => i.id !== exceptId && i.sku.trim().toLowerCase() === wanted);
}

/** The duplicate-SKU warning naming the other item. */
export function duplicateSkuWarning(
  items: readonly InventoryItem[],
  sku: string,
  exceptId: string | null,
): string | undefined {
  const other = itemWithSku(items, sku, exceptId);
  return other
    ? `SKU ${sku.trim()} is already used by ${other.name || 'another item'}${other.supplierName ? ` (${other.supplierName})` : ''}. You can still save it.`
    : undefined;
}

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

/** A supplier as items refer to it. */
export interface SupplierRef {
  supplierID: string;
  supplierName: string;
}

/** The id of the one supplier with this name; none when no supplier or several suppliers have it. */
export function supplierIdFor(name: string, suppliers: readonly SupplierRef[]): string | undefined {
  if (name.trim() === '') return undefined;
  const named = suppliers.filter((s) => s.supplierName === name);
  return named.length === 1 ? named[0]!.supplierID : undefined;
}

/**
 * The supplier names that suppliers with different Supplier IDs share, worked out once per suppliers list
 * (the lists are never changed in place): asking each of 1,000 suppliers whether another has its name
 * compared every pair, ~40 ms of opening the inventory Edit dialog at 4x slowdown (issue 23, profiled).
 */
const sharedNamesOf = new WeakMap<readonly SupplierRef[], ReadonlySet<string>>();
function sharedNames(suppliers: readonly SupplierRef[]): ReadonlySet<string> {
  let shared = sharedNamesOf.get(suppliers);
  if (!shared) {
    const ids = new Map<string, Set<string>>();
    for (const s of suppliers) {
      const named = ids.get(s.supplierName);
      if (named) named.add(s.supplierID);
      else ids.set(s.supplierName, new Set([s.supplierID]));
    }
    shared = new Set([...ids].filter(([, named]) => named.size > 1).map(([name]) => name));
    sharedNamesOf.set(suppliers, shared);
  }
  return shared;
}

/** Whether another supplier (another Supplier ID) has this supplier's name. */
const sharesName = (supplier: SupplierRef, suppliers: readonly SupplierRef[]) =>
  sharedNames(suppliers).has(supplier.supplierName);

/** The Supplier Name choice of a supplier whose name another supplier has too (issue 25): told apart by its Supplier ID. */
export function sharedNameChoice(supplier: SupplierRef): string {
  return `${supplier.supplierName} (Supplier ID ${supplier.supplierID})`;
}

/**
 * The Supplier Name choices: one per supplier name; a name several suppliers share gives one choice
 * per supplier, "Coastal Seafood Co. (Supplier ID S2)", so the caterer picks the right one.
 */
export function supplierChoices(suppliers: readonly SupplierRef[]): Array<{ value: string; label: string }> {
  const seen = new Set<string>();
  const choices: Array<{ value: string; label: string }> = [];
  for (const supplier of suppliers) {
    if (supplier.supplierName.trim() === '') continue;
    const value = sharesName(supplier, suppliers) ? sharedNameChoice(supplier) : supplier.supplierName;
    if (seen.has(value)) continue;
    seen.add(value);
    choices.push({ value, label: value });
  }
  return choices;
}

/** What a Supplier Name choice names: the supplier's name, and its id when one supplier is meant. */
export function resolveSupplierChoice(
  value: string,
  suppliers: readonly SupplierRef[],
): { supplierName: string; supplierID: string | undefined } {
  const chosen = suppliers.find((s) => sharesName(s, suppliers) && sharedNameChoice(s) === value);
  if (chosen) return { supplierName: chosen.supplierName, supplierID: chosen.supplierID };
  return { supplierName: value, supplierID: supplierIdFor(value, suppliers) };
}

/** The choice that shows an item's supplier: its own supplier's choice when the name is shared. */
export function choiceOfItem(
  item: Pick<InventoryItem, 'supplierName' | 'supplierID'>,
  suppliers: readonly SupplierRef[],
): string {
  const own = item.supplierID
    ? suppliers.find((s) => s.supplierID === item.supplierID && s.supplierName === item.supplierName)
    : undefined;
  return own && sharesName(own, suppliers) ? sharedNameChoice(own) : item.supplierName;
}

/** Builds the stored item from a valid draft; the supplier falls back to the first supplier. */
export function itemFromDraft(
  d: ItemDraft,
  id: string,
  supplierNames: readonly string[],
  suppliers: readonly SupplierRef[] = [],
): InventoryItem {
  const { supplierName, supplierID } = resolveSupplierChoice(d.supplierName || (supplierNames[0] ?? ''), suppliers);
  const allergens = avoidFromText(d.allergens ?? '');
  return {
    ...(supplierID ? { supplierID } : {}),
    // Issue 21: only an item with allergens carries the field (earlier readers ignore it).
    ...(allergens.length ? { allergens } : {}),
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
    supplierName,
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
    allergens: avoidToText(cleanAllergens(item.allergens)),
  };
}

/**
 * Applies an edit draft (already valid) over the stored item, keeping its id and any extra fields.
 * The same supplier name keeps the item's supplier id; another name takes the id of the one supplier
 * with that name (none when it is ambiguous or emptied).
 */
export function applyEdit(item: InventoryItem, d: ItemDraft, suppliers: readonly SupplierRef[] = []): InventoryItem {
  // No supplier fallback when editing: an emptied supplier stays empty.
  // The draft's allergens replace the item's (all of them taken away: the field goes too).
  const { supplierID: _previous, allergens: _allergens, ...rest } = item;
  const edited = itemFromDraft(d, item.id, [], suppliers);
  if (d.supplierName === item.supplierName && item.supplierID)
    return { ...rest, ...edited, supplierID: item.supplierID };
  return { ...rest, ...edited };
}

/** A deleted item and its place when it was deleted: what Undo puts back (issue 25). */
export interface DeletedItem {
  item: InventoryItem;
  /** Its index in the list. */
  index: number;
  /** The id of the item that followed it (null when it was last). */
  beforeId: string | null;
  /** The id of the item that preceded it (null when it was first). */
  afterId?: string | null;
}

/**
 * Puts a deleted item back at its place: first when it was first, last when it was last; else before
 * the item that followed it, when that one is still there; else after the item that preceded it; else
 * at its old index. The item is the very object deleted (same id and fields).
 */
export function restoreDeletedItem(items: readonly InventoryItem[], deleted: DeletedItem): InventoryItem[] {
  const next = items.filter((i) => i.id !== deleted.item.id);
  const indexOf = (id: string | null | undefined) => (id == null ? -1 : next.findIndex((i) => i.id === id));
  const before = indexOf(deleted.beforeId);
  const after = indexOf(deleted.afterId);
  const at =
    deleted.afterId === null
      ? 0
      : deleted.beforeId === null
        ? next.length
        : before >= 0
          ? before
          : after >= 0
            ? after + 1
            : Math.min(deleted.index, next.length);
  next.splice(at, 0, deleted.item);
  return next;
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

/**
 * Whether an item belongs to a supplier (issue 11). An item saved since suppliers had ids on items
 * carries `supplierID`: that decides. An older item names its supplier only: it belongs to the
 * supplier of that name when no other supplier has the same name; with two suppliers of one name it
 * cannot be told apart and belongs to neither (the caller says so).
 */
export function isOwnItem(
  item: Pick<InventoryItem, 'supplierName' | 'supplierID'>,
  supplier: SupplierRef,
  others: readonly SupplierRef[],
): boolean {
  if (item.supplierID) return item.supplierID === supplier.supplierID;
  return (
    item.supplierName === supplier.supplierName &&
    supplier.supplierName !== '' &&
    !others.some((o) => o.supplierName === supplier.supplierName)
  );
}

/** Items naming the supplier's name that cannot be told apart (no supplier id, and another supplier has that name). */
export function isAmbiguousItem(
  item: Pick<InventoryItem, 'supplierName' | 'supplierID'>,
  supplier: SupplierRef,
  others: readonly SupplierRef[],
): boolean {
  return (
    !item.supplierID &&
    item.supplierName === supplier.supplierName &&
    others.some((o) => o.supplierName === supplier.supplierName)
  );
}

/**
 * A supplier edited (`before` -> `after`, `others` = every other supplier): only its own items take the
 * new name and id, and carry the id from then on. Ambiguous items are left alone and counted.
 */
export function renameSupplierInItems(
  items: readonly InventoryItem[],
  before: SupplierRef,
  after: SupplierRef,
  others: readonly SupplierRef[],
): { items: InventoryItem[]; renamed: number; ambiguous: number } {
  if (before.supplierName === after.supplierName && before.supplierID === after.supplierID)
    return { items: items as InventoryItem[], renamed: 0, ambiguous: 0 };
  let renamed = 0;
  let ambiguous = 0;
  const next = items.map((i) => {
    if (isOwnItem(i, before, others)) {
      renamed++;
      return { ...i, supplierName: after.supplierName, supplierID: after.supplierID };
    }
    if (before.supplierName !== after.supplierName && isAmbiguousItem(i, before, others)) ambiguous++;
    return i;
  });
  return { items: renamed ? next : (items as InventoryItem[]), renamed, ambiguous };
}

/**
 * A supplier deleted: its own items keep the supplier's name as text but lose the supplier id, so
 * they have no supplier on record (a supplier added later under that name adopts them).
 */
export function detachSupplierFromItems(
  items: readonly InventoryItem[],
  supplier: SupplierRef,
  others: readonly SupplierRef[],
): { items: InventoryItem[]; detached: number } {
  let detached = 0;
  const next = items.map((i) => {
    if (!isOwnItem(i, supplier, others)) return i;
    detached++;
    if (!i.supplierID) return i;
    const { supplierID: _gone, ...rest } = i;
    return rest as InventoryItem;
  });
  return { items: detached ? next : (items as InventoryItem[]), detached };
}

/** How many items belong to the supplier (what a delete would leave without a supplier on record). */
export function ownItemCount(
  items: readonly InventoryItem[],
  supplier: SupplierRef,
  others: readonly SupplierRef[],
): number {
  return items.reduce((n, i) => (isOwnItem(i, supplier, others) ? n + 1 : n), 0);
}

/** What a supplier delete says: how many items use it and what happens to them. */
export function supplierDeleteMessage(name: string, count: number): string {
  // A name that ends with its own full stop ("Coastal Seafood Co.") ends the sentence too.
  const end = /[.!?]$/.test(name.trim()) ? '' : '.';
  if (count === 0) return `No inventory items use ${name}${end}`;
  const items = count === 1 ? '1 inventory item uses' : `${count} inventory items use`;
  return `${items} ${name}${end} ${count === 1 ? 'It' : 'They'} will keep the name but have no supplier on record.`;
}
