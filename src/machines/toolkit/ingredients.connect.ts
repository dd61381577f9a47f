/**
 * The Tool Kit's ingredient panels' connect (Zag's `connect`): the inventory-ingredients and specialty
 * machines' state + send → the values (choices, totals) and callbacks the panels use. Pure, unit-tested
 * without React; src/app/shell/useConnect.ts binds it to the live actor.
 */
import { allergenLabel, cleanAllergens, ingredientFlag, type AllergenId } from '../../domain/allergens';
import type { SnapshotFrom } from 'xstate';
import type { ChosenIngredient, InventoryItem } from '../../storage/schemas';
import { inventoryCategories, inventoryTotal, itemsInCategory, specialtyTotal } from '../../domain/ingredients';
import type { Per } from '../../domain/scaling';
import type { InventoryIngredientsEvent, inventoryIngredientsMachine } from './inventoryIngredients.machine';
import type { SpecialtyDraft, SpecialtyEvent, specialtyIngredientsMachine } from './specialtyIngredients.machine';

export type InventoryIngredientsSnapshot = SnapshotFrom<typeof inventoryIngredientsMachine>;
export type SpecialtySnapshot = SnapshotFrom<typeof specialtyIngredientsMachine>;
export type SpecialtyTextField = Exclude<keyof SpecialtyDraft, 'onHand' | 'per'>;

export function connectInventoryIngredients(
  s: InventoryIngredientsSnapshot,
  send: (event: InventoryIngredientsEvent) => void,
) {
  const { items, category, itemId, lines } = s.context;
  return {
    per: s.context.per,
    guests: s.context.guests,
    quantityError: s.context.quantityError,
    lineError: s.context.lineError,
    setPer: (per: Per) => send({ type: 'per.select', per }),
    setLinePer: (lineId: string, per: Per) => send({ type: 'line.per', lineId, per }),
    categoryOptions: inventoryCategories(items).map((c) => ({ value: c, label: c })),
    itemOptions: itemsInCategory(items, category).map((i) => ({
      value: i.id,
      label: `${i.name} (${i.supplierName || 'no supplier'})`,
    })),
    selected: items.find((i) => i.id === itemId),
    /** The inventory (for each line's allergens, by its item's id). */
    items,
    category,
    itemId,
    lines,
    quantityText: s.context.quantityText,
    canAdd: s.can({ type: 'ingredient.add' }),
    total: inventoryTotal(lines),
    selectCategory: (c: string) => send({ type: 'category.select', category: c }),
    selectItem: (id: string) => send({ type: 'item.select', id }),
    changeQuantity: (text: string) => send({ type: 'quantity.change', text }),
    add: () => send({ type: 'ingredient.add' }),
    remove: (lineId: string) => send({ type: 'ingredient.delete', lineId }),
    editQuantity: (lineId: string) => send({ type: 'quantity.edit', lineId }),
  };
}

/**
 * What a specialty line's own buttons and checkboxes do, by the line's id: a function of `send` alone, so a
 * view makes it once per actor and a line that did not change need not render again (issue 23).
 */
export function specialtyLineActions(send: (event: SpecialtyEvent) => void) {
  return {
    edit: (id: string) => send({ type: 'ingredient.edit', id }),
    remove: (id: string) => send({ type: 'ingredient.delete', id }),
    setAllergens: (id: string, chosen: AllergenId[]) => send({ type: 'ingredient.allergens', id, allergens: chosen }),
  };
}
export type SpecialtyLineActions = ReturnType<typeof specialtyLineActions>;

/**
 * A change of one of the draft's fields: a function of `send` alone, so a view makes it once per actor and the
 * form's selects need not render again on every keystroke and save (issue 23).
 */
export const specialtyFieldChange =
  (send: (event: SpecialtyEvent) => void) =>
  (f: SpecialtyTextField, value: string): void =>
    send({ type: 'draft.change', field: f, value });

/**
 * The specialty form's callbacks: functions of `send` alone, so a view makes them once per actor and the form
 * is drawn again only for its own draft, errors and mode, not for the lines (issue 23).
 */
export function specialtyFormActions(send: (event: SpecialtyEvent) => void) {
  return {
    change: specialtyFieldChange(send),
    setPer: (per: Per) => send({ type: 'draft.change', field: 'per', value: per }),
    setOnHand: (checked: boolean) => send({ type: 'onHand.change', checked }),
    save: () => send({ type: 'ingredient.save' }),
    cancel: () => send({ type: 'edit.cancel' }),
  };
}

export function connectSpecialty(s: SpecialtySnapshot, send: (event: SpecialtyEvent) => void) {
  const { lines } = s.context;
  return {
    lines,
    draft: s.context.draft,
    errors: s.context.draftErrors,
    guests: s.context.guests,
    editing: s.hasTag('editing'),
    total: specialtyTotal(lines),
    ...specialtyFormActions(send),
    ...specialtyLineActions(send),
  };
}

export { ingredientFlag };

/**
 * Issue 21 beyond the menu: an ingredient carrying an allergen the event avoids is flagged in the
 * Ingredients tool with the Menu tool's words ("Contains Peanuts — this event avoids Peanuts"). An
 * inventory line carries its inventory item's allergens (found by the item's id, so an item edited
 * later flags its lines at once); a specialty line carries its own (domain/allergens `ingredientFlag`).
 */

/** The allergens of an inventory line, by its item's id (none when the item is gone). */
export function inventoryLineAllergens(
  line: Pick<ChosenIngredient, 'id'>,
  items: readonly Pick<InventoryItem, 'id' | 'allergens'>[],
): AllergenId[] {
  return cleanAllergens(items.find((i) => i.id === line.id)?.allergens);
}

/** What the Ingredients tool shows under an inventory line: its allergens as tags and the flag. */
export function inventoryLineAllergenView(
  line: Pick<ChosenIngredient, 'id'>,
  items: readonly Pick<InventoryItem, 'id' | 'allergens'>[],
  avoid: readonly AllergenId[],
): { tags: string[]; flag: string | null } {
  const carried = inventoryLineAllergens(line, items);
  return { tags: carried.map(allergenLabel), flag: ingredientFlag(carried, avoid) };
}
