/**
 * 'Add Specialty Ingredients.': a form that adds a line (`adding`) or, after a line's Edit, replaces
 * it (`editing`, left by Save or Cancel). Lines live in the event's own ingredients list, stored
 * through the named persist action. need-to-order is the opposite of the On Hand checkbox.
 */
import { assertEvent, assign, setup } from 'xstate';
import { parseAmount } from '../../domain/money';
import type { SpecialtyIngredient } from '../../storage/schemas';

export interface SpecialtyDraft {
  name: string;
  unitQuantity: string;
  units: string;
  quantityNeeded: string;
  packageType: string;
  costPerUnit: string;
  supplierName: string;
  onHand: boolean;
}

export interface SpecialtyContext {
  lines: SpecialtyIngredient[];
  draft: SpecialtyDraft;
  editingIndex: number | null;
  draftError: string | null;
}

export type SpecialtyEvent =
  /** A text or select control of the form. */
  | { type: 'draft.change'; field: Exclude<keyof SpecialtyDraft, 'onHand'>; value: string }
  /** The On Hand checkbox. */
  | { type: 'onHand.change'; checked: boolean }
  /** The form's submit (Add Ingredient, or Save while editing). */
  | { type: 'ingredient.save' }
  /** A saved line's Edit button. */
  | { type: 'ingredient.edit'; index: number }
  /** Cancel while editing. */
  | { type: 'edit.cancel' }
  /** A saved line's Delete button. */
  | { type: 'ingredient.delete'; index: number };

export const specialtyErrorMessage = 'Enter a name, and numbers for unit quantity, quantity needed and cost per unit.';

export const blankSpecialtyDraft = (): SpecialtyDraft => ({
  name: '',
  unitQuantity: '',
  units: 'Kg',
  quantityNeeded: '',
  packageType: 'box',
  costPerUnit: '',
  supplierName: '',
  onHand: false,
});

function toLine(draft: SpecialtyDraft): SpecialtyIngredient {
  return {
    name: draft.name.trim(),
    units: draft.units,
    unitQuantity: parseAmount(draft.unitQuantity) ?? 0,
    quantityNeeded: parseAmount(draft.quantityNeeded) ?? 0,
    onHand: draft.onHand,
    needToOrder: !draft.onHand,
    costPerUnit: parseAmount(draft.costPerUnit) ?? 0,
    packageType: draft.packageType,
    supplierName: draft.supplierName.trim(),
  };
}

export const specialtyIngredientsMachine = setup({
  types: { context: {} as SpecialtyContext, events: {} as SpecialtyEvent, input: {} as { lines: SpecialtyIngredient[] } },
  actions: {
    setDraftField: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'draft.change');
        return { ...context.draft, [event.field]: event.value };
      },
      draftError: () => null,
    }),
    setOnHand: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'onHand.change');
        return { ...context.draft, onHand: event.checked };
      },
    }),
    appendLine: assign({ lines: ({ context }) => [...context.lines, toLine(context.draft)] }),
    replaceLine: assign({
      lines: ({ context }) => context.lines.map((l, i) => (i === context.editingIndex ? { ...l, ...toLine(context.draft) } : l)),
    }),
    loadDraft: assign(({ context, event }) => {
      assertEvent(event, 'ingredient.edit');
      const line = context.lines[event.index];
      if (!line) return {};
      return {
        editingIndex: event.index,
        draftError: null,
        draft: {
          name: line.name,
          unitQuantity: String(line.unitQuantity),
          units: line.units,
          quantityNeeded: String(line.quantityNeeded),
          packageType: line.packageType,
          costPerUnit: String(line.costPerUnit),
          supplierName: line.supplierName,
          onHand: line.onHand,
        },
      };
    }),
    removeLine: assign({
      lines: ({ context, event }) => {
        assertEvent(event, 'ingredient.delete');
        return context.lines.filter((_, i) => i !== event.index);
      },
    }),
    clearDraft: assign({ draft: () => blankSpecialtyDraft(), editingIndex: () => null, draftError: () => null }),
    setDraftError: assign({ draftError: () => specialtyErrorMessage }),
    /** Stores the event's ingredients list (through the events list). */
    persistLines: () => {
      throw new Error('specialtyIngredients: provide persistLines');
    },
  },
  guards: {
    isDraftValid: ({ context }) =>
      context.draft.name.trim() !== '' &&
      parseAmount(context.draft.unitQuantity) !== null &&
      parseAmount(context.draft.quantityNeeded) !== null &&
      parseAmount(context.draft.costPerUnit) !== null,
    hasLine: ({ context, event }) => 'index' in event && event.index >= 0 && event.index < context.lines.length,
  },
}).createMachine({
  id: 'specialtyIngredients',
  context: ({ input }) => ({ lines: input.lines, draft: blankSpecialtyDraft(), editingIndex: null, draftError: null }),
  initial: 'adding',
  on: {
    'draft.change': { actions: 'setDraftField' },
    'onHand.change': { actions: 'setOnHand' },
  },
  states: {
    adding: {
      tags: ['adding'],
      on: {
        'ingredient.save': [{ guard: 'isDraftValid', actions: ['appendLine', 'clearDraft', 'persistLines'] }, { actions: 'setDraftError' }],
        'ingredient.edit': { guard: 'hasLine', target: 'editing', actions: 'loadDraft' },
        'ingredient.delete': { guard: 'hasLine', actions: ['removeLine', 'persistLines'] },
      },
    },
    editing: {
      tags: ['editing'],
      on: {
        'ingredient.save': [
          { guard: 'isDraftValid', target: 'adding', actions: ['replaceLine', 'clearDraft', 'persistLines'] },
          { actions: 'setDraftError' },
        ],
        'edit.cancel': { target: 'adding', actions: 'clearDraft' },
      },
    },
  },
});
