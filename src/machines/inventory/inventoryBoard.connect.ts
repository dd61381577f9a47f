/**
 * The inventory board's connect: state → the values the Inventory page shows (Zag's `connect`), pure
 * and unit-tested without React. The app layer's hooks (src/app/inventory/) bind it to the live actor.
 */
import type { SnapshotFrom } from 'xstate';
import { allergenLabel, avoidFromText, avoidToText, cleanAllergens, type AllergenId } from '../../domain/allergens';
import { choiceOfItem, draftFromItem, supplierChoices } from '../../domain/inventory';
import type { ConflictSource } from '../conflict.connect';
import type { InventoryItem, inventoryBoardMachine } from './inventoryBoard.machine';

export type InventoryBoardSnapshot = SnapshotFrom<typeof inventoryBoardMachine>;

/** Where Edit Item keeps a stale save's conflict (src/machines/conflict.connect.ts). */
export function itemConflict(s: InventoryBoardSnapshot): ConflictSource<InventoryItem> {
  const { editBase, editDraft, theirs } = s.context;
  return {
    open: s.hasTag('conflict'),
    name: editBase?.name ?? '',
    base: editBase,
    mine: editDraft,
    theirs,
    toDraft: draftFromItem,
  };
}

/** The add form's Supplier Name choices: two suppliers of one name are two choices, told apart by Supplier ID (issue 25). */
export function addSupplierOptions(
  suppliers: InventoryBoardSnapshot['context']['suppliers'],
): Array<{ value: string; label: string }> {
  return supplierChoices(suppliers);
}

/**
 * Edit Item's Supplier Name: the choice shown and the choices. Unchanged, the item's supplier shows as
 * its own choice when two suppliers share the name (issue 25); a name no supplier has any more stays a choice.
 */
export function editSupplierChoice(
  suppliers: InventoryBoardSnapshot['context']['suppliers'],
  base: InventoryItem | null,
  draftValue: string,
): { current: string; options: Array<{ value: string; label: string }> } {
  const current = base && draftValue === base.supplierName ? choiceOfItem(base, suppliers) : draftValue;
  const list = supplierChoices(suppliers);
  return {
    current,
    options: current && !list.some((o) => o.value === current) ? [{ value: current, label: current }, ...list] : list,
  };
}

/** Issue 21: the allergens a draft's Allergens field holds (ids joined by commas), in the list's order. */
export const draftAllergens = (text: string): AllergenId[] => avoidFromText(text);

/** The Allergens field's text for the ticked allergens (what `form.change` / `edit.change` carry). */
export const allergensText = (selected: readonly AllergenId[]): string => avoidToText(selected);

/** The names of an item's allergens, for its card ([] for none or for an earlier item without the field). */
export const itemAllergenNames = (item: Pick<InventoryItem, 'allergens'>): string[] =>
  cleanAllergens(item.allergens).map(allergenLabel);

/** The names of the allergens a draft's Allergens field holds. */
export const draftAllergenNames = (text: string): string[] => draftAllergens(text).map(allergenLabel);

const idsOfList = new WeakMap<readonly InventoryItem[], string[]>();
/** The items' ids in the list's order (worked out once per list). */
export function itemIds(items: readonly InventoryItem[]): string[] {
  let ids = idsOfList.get(items);
  if (!ids) idsOfList.set(items, (ids = items.map((i) => i.id)));
  return ids;
}

/**
 * True when two id lists hold the same ids in the same order. Issue 23: a save that changes one item keeps
 * the sortable list's ids as they were, so the cards it did not change are not drawn again.
 */
export const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a === b || (a.length === b.length && a.every((id, i) => id === b[i]));
