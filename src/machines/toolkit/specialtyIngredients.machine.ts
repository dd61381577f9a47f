/**
 * 'Add Specialty Ingredients.': a form that adds a line (`adding`) or, after a line's Edit, replaces
 * it (`editing`, left by Save or Cancel). Lines live in the event's own ingredients list, stored
 * through the named persist action. need-to-order is the opposite of the On Hand checkbox. Lines are
 * found by id: another tab's save (`storage.change`) replaces the saved lines but keeps the draft
 * being typed, and keeps editing while the line under edit still exists.
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

export type SpecialtyLine = SpecialtyIngredient & { id: string };

export interface SpecialtyContext {
  lines: SpecialtyLine[];
  draft: SpecialtyDraft;
  /** Id of the line being edited. */
  editingId: string | null;
  draftError: string | null;
  /** Counter for new line ids. */
  seq: number;
}

export type SpecialtyEvent =
  /** A text or select control of the form. */
  | { type: 'draft.change'; field: Exclude<keyof SpecialtyDraft, 'onHand'>; value: string }
  /** The On Hand checkbox. */
  | { type: 'onHand.change'; checked: boolean }
  /** The form's submit (Add Ingredient, or Save while editing). */
  | { type: 'ingredient.save' }
  /** A saved line's Edit button. */
  | { type: 'ingredient.edit'; id: string }
  /** Cancel while editing. */
  | { type: 'edit.cancel' }
  /** A saved line's Delete button. */
  | { type: 'ingredient.delete'; id: string }
  /** Another tab saved this event's ingredients (the Tool Kit's watcher). */
  | { type: 'storage.change'; lines: SpecialtyIngredient[] };

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

/** Lines read from storage have ids (normalize.ts); a line made in memory without one gets a stable fallback. */
const withIds = (lines: SpecialtyIngredient[]): SpecialtyLine[] => lines.map((l, i) => (l.id ? (l as SpecialtyLine) : { ...l, id: `sp-line-${i}` }));

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
    appendLine: assign(({ context }) => ({
      lines: [...context.lines, { ...toLine(context.draft), id: `sp-${Date.now().toString(36)}-${context.seq}` }],
      seq: context.seq + 1,
    })),
    replaceLine: assign({
      lines: ({ context }) => context.lines.map((l) => (l.id === context.editingId ? { ...l, ...toLine(context.draft) } : l)),
    }),
    loadDraft: assign(({ context, event }) => {
      assertEvent(event, 'ingredient.edit');
      const line = context.lines.find((l) => l.id === event.id);
      if (!line) return {};
      return {
        editingId: event.id,
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
        return context.lines.filter((l) => l.id !== event.id);
      },
    }),
    setLinesFromStorage: assign({
      lines: ({ event }) => {
        assertEvent(event, 'storage.change');
        return withIds(event.lines);
      },
    }),
    /** The line under edit was deleted elsewhere: the draft stays, to be added as a new line. */
    stopEditing: assign({ editingId: () => null }),
    clearDraft: assign({ draft: () => blankSpecialtyDraft(), editingId: () => null, draftError: () => null }),
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
    hasLine: ({ context, event }) => (event.type === 'ingredient.edit' || event.type === 'ingredient.delete') && context.lines.some((l) => l.id === event.id),
    isEditedLineGone: ({ context, event }) => event.type === 'storage.change' && !withIds(event.lines).some((l) => l.id === context.editingId),
  },
}).createMachine({
  id: 'specialtyIngredients',
  context: ({ input }) => ({ lines: withIds(input.lines), draft: blankSpecialtyDraft(), editingId: null, draftError: null, seq: 0 }),
  initial: 'adding',
  on: {
    'draft.change': { actions: 'setDraftField' },
    'onHand.change': { actions: 'setOnHand' },
    'storage.change': { actions: 'setLinesFromStorage' },
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
        'storage.change': [
          { guard: 'isEditedLineGone', target: 'adding', actions: ['setLinesFromStorage', 'stopEditing'] },
          { actions: 'setLinesFromStorage' },
        ],
      },
    },
  },
});
