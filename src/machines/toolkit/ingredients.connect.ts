/**
 * The Tool Kit's ingredient panels' connect (Zag's `connect`): the inventory-ingredients and specialty
 * machines' state + send → the values (choices, totals) and callbacks the panels use. Pure, unit-tested
 * without React; src/app/shell/useConnect.ts binds it to the live actor.
 */
import type { AllergenId } from '../../domain/allergens';
import type { SnapshotFrom } from 'xstate';
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

export function connectSpecialty(s: SpecialtySnapshot, send: (event: SpecialtyEvent) => void) {
  const { lines } = s.context;
  return {
    lines,
    draft: s.context.draft,
    errors: s.context.draftErrors,
    guests: s.context.guests,
    setPer: (per: Per) => send({ type: 'draft.change', field: 'per', value: per }),
    editing: s.hasTag('editing'),
    total: specialtyTotal(lines),
    change: (f: SpecialtyTextField, value: string) => send({ type: 'draft.change', field: f, value }),
    setOnHand: (checked: boolean) => send({ type: 'onHand.change', checked }),
    save: () => send({ type: 'ingredient.save' }),
    edit: (id: string) => send({ type: 'ingredient.edit', id }),
    cancel: () => send({ type: 'edit.cancel' }),
    remove: (id: string) => send({ type: 'ingredient.delete', id }),
    setAllergens: (id: string, chosen: AllergenId[]) => send({ type: 'ingredient.allergens', id, allergens: chosen }),
  };
}
