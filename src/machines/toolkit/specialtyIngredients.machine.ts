/**
 * 'Add Specialty Ingredients.': a form that adds a line (`adding`) or, after a line's Edit, replaces
 * it (`editing`, left by Save or Cancel). Lines live in the event's own ingredients list, stored
 * through the named persist action. need-to-order is the opposite of the On Hand checkbox. Lines are
 * found by id: another tab's save (`storage.change`) replaces the saved lines but keeps the draft
 * being typed, and keeps editing while the line under edit still exists. A line is per event (fixed)
 * or per guest (issue 11): its quantity needed is always the event's total (domain/scaling.ts). Each
 * field that is not sane gets its message (limits.ts) next to it, and the draft is kept.
 *
 * Draft (issue 25): the form as typed, with the line under edit, is kept as it changes (`persistDraft`,
 * dropped by `discardDraft` once the form is blank again or holds the line's own values) and comes
 * back through `input.draft` when this event's Tool Kit opens again: `restoring` resumes the edit while
 * its line still exists, else keeps the typing as a new line. Discard draft (`draft.discard`), Save
 * and Cancel drop the draft.
 */
import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import { checkTypedAmount, MAX_MONEY, MAX_QUANTITY } from '../../domain/limits';
import { checkLineQuantity, isPerGuest, type Per } from '../../domain/scaling';
import type { SpecialtyIngredient } from '../../storage/schemas';
import type { SecretsOf } from '../../domain/inspection';
import { cleanAllergens, type AllergenId } from '../../domain/allergens';

export interface SpecialtyDraft {
  name: string;
  unitQuantity: string;
  units: string;
  quantityNeeded: string;
  packageType: string;
  costPerUnit: string;
  supplierName: string;
  /** 'event' (quantity needed is the total) or 'guest' (quantity needed for one guest). */
  per: Per;
  onHand: boolean;
}

export type SpecialtyLine = SpecialtyIngredient & { id: string };

export interface SpecialtyContext {
  lines: SpecialtyLine[];
  draft: SpecialtyDraft;
  /** Id of the line being edited. */
  editingId: string | null;
  /** Why the last save was refused, by field (shown next to each field). */
  draftErrors: SpecialtyErrors;
  /** The event's Number of Guests (per-guest lines scale to it). */
  guests: number;
  /** Counter for new line ids. */
  seq: number;
  /** The form's values came from its saved draft (issue 25). */
  draftRestored: boolean;
}

/** The form's saved draft: its values and the line under edit (null when adding). */
export interface SavedSpecialtyDraft {
  values: SpecialtyDraft;
  editingId: string | null;
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
  /** A saved line's allergen picker (issue 21): the line's allergens now. */
  | { type: 'ingredient.allergens'; id: string; allergens: AllergenId[] }
  /** Another tab saved this event's ingredients (the Tool Kit's watcher). */
  | { type: 'storage.change'; lines: SpecialtyIngredient[] }
  /** The event's Number of Guests changed (another tab's edit, through the events list). */
  | { type: 'guests.change'; guests: number }
  /** The form's Discard draft button: the form empties and the draft is dropped. */
  | { type: 'draft.discard' };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const specialtyIngredientsSecrets = {
  events: {
    'draft.change': [],
    'onHand.change': [],
    'ingredient.edit': [],
    'ingredient.delete': [],
    'ingredient.allergens': [],
    'storage.change': [],
    'guests.change': [],
  },
} as const satisfies SecretsOf<SpecialtyEvent, SpecialtyContext>;

export type SpecialtyErrors = Partial<Record<Exclude<keyof SpecialtyDraft, 'onHand'>, string>>;
export const specialtyNameMessage = 'Ingredient Name is required.';

/** Every field's check: a name, and sane numbers (limits.ts); the line when all pass. */
export function checkSpecialtyDraft(
  draft: SpecialtyDraft,
  guests: number,
): { ok: true; line: SpecialtyIngredient } | { ok: false; errors: SpecialtyErrors } {
  const errors: SpecialtyErrors = {};
  if (draft.name.trim() === '') errors.name = specialtyNameMessage;
  const unitQuantity = checkTypedAmount(draft.unitQuantity, { label: 'Unit Quantity', max: MAX_QUANTITY });
  if (!unitQuantity.ok) errors.unitQuantity = unitQuantity.message;
  const quantity = checkLineQuantity(draft.quantityNeeded, draft.per, guests, { label: 'Quantity Needed' });
  if (!quantity.ok) errors.quantityNeeded = quantity.message;
  const cost = checkTypedAmount(draft.costPerUnit, { label: 'Cost per Unit', max: MAX_MONEY }, 'cents');
  if (!cost.ok) errors.costPerUnit = cost.message;
  if (!unitQuantity.ok || !quantity.ok || !cost.ok || errors.name) return { ok: false, errors };
  return {
    ok: true,
    line: {
      name: draft.name.trim(),
      units: draft.units,
      unitQuantity: unitQuantity.value ?? 0,
      quantityNeeded: quantity.quantity,
      onHand: draft.onHand,
      needToOrder: !draft.onHand,
      costPerUnit: cost.value ?? 0,
      packageType: draft.packageType,
      supplierName: draft.supplierName.trim(),
      ...(quantity.per === 'guest' ? { per: 'guest' as const, perGuest: quantity.perGuest } : {}),
    },
  };
}

export const blankSpecialtyDraft = (): SpecialtyDraft => ({
  name: '',
  unitQuantity: '',
  units: 'Kg',
  quantityNeeded: '',
  packageType: 'box',
  costPerUnit: '',
  supplierName: '',
  per: 'event',
  onHand: false,
});

/** A saved line as the form shows it (Edit). */
export function draftOfLine(line: SpecialtyIngredient): SpecialtyDraft {
  return {
    name: line.name,
    unitQuantity: String(line.unitQuantity),
    units: line.units,
    per: isPerGuest(line) ? 'guest' : 'event',
    quantityNeeded: String(isPerGuest(line) ? line.perGuest : line.quantityNeeded),
    packageType: line.packageType,
    costPerUnit: String(line.costPerUnit),
    supplierName: line.supplierName,
    onHand: line.onHand,
  };
}

const sameDraft = (a: SpecialtyDraft, b: SpecialtyDraft) =>
  (Object.keys(a) as Array<keyof SpecialtyDraft>).every((k) => a[k] === b[k]);

/** True when the form holds typing worth keeping: not blank when adding, not the line's own values when editing. */
export function hasSpecialtyTyping(context: Pick<SpecialtyContext, 'draft' | 'editingId' | 'lines'>): boolean {
  const line = context.editingId === null ? undefined : context.lines.find((l) => l.id === context.editingId);
  return !sameDraft(context.draft, line ? draftOfLine(line) : blankSpecialtyDraft());
}

/** Lines read from storage have ids (normalize.ts); a line made in memory without one gets a stable fallback. */
const withIds = (lines: SpecialtyIngredient[]): SpecialtyLine[] =>
  lines.map((l, i) => (l.id ? (l as SpecialtyLine) : { ...l, id: `sp-line-${i}` }));

/** The draft as a line; only called once `isDraftValid` passed. */
function toLine(context: Pick<SpecialtyContext, 'draft' | 'guests'>): SpecialtyIngredient {
  const result = checkSpecialtyDraft(context.draft, context.guests);
  if (!result.ok) throw new Error('specialtyIngredients: toLine on an invalid draft');
  return result.line;
}

export const specialtyIngredientsMachine = setup({
  types: {
    context: {} as SpecialtyContext,
    events: {} as SpecialtyEvent,
    input: {} as { lines: SpecialtyIngredient[]; guests: number; draft?: SavedSpecialtyDraft | null },
  },
  actions: {
    setDraftField: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'draft.change');
        return { ...context.draft, [event.field]: event.value };
      },
      draftErrors: ({ context, event }) => {
        assertEvent(event, 'draft.change');
        const { [event.field]: _cleared, ...rest } = context.draftErrors;
        return rest;
      },
    }),
    setOnHand: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'onHand.change');
        return { ...context.draft, onHand: event.checked };
      },
    }),
    appendLine: assign(({ context }) => ({
      lines: [...context.lines, { ...toLine(context), id: `sp-${Date.now().toString(36)}-${context.seq}` }],
      seq: context.seq + 1,
    })),
    replaceLine: assign({
      // The line's other fields (unknown ones too) are kept; per and perGuest come only from the draft.
      lines: ({ context }) =>
        context.lines.map((l) => {
          if (l.id !== context.editingId) return l;
          const { per: _per, perGuest: _perGuest, ...kept } = l;
          return { ...kept, ...toLine(context) };
        }),
    }),
    loadDraft: assign(({ context, event }) => {
      assertEvent(event, 'ingredient.edit');
      const line = context.lines.find((l) => l.id === event.id);
      if (!line) return {};
      return { editingId: event.id, draftErrors: {}, draft: draftOfLine(line), draftRestored: false };
    }),
    setLineAllergens: assign({
      lines: ({ context, event }) => {
        assertEvent(event, 'ingredient.allergens');
        const allergens = cleanAllergens(event.allergens);
        return context.lines.map((l) => (l.id === event.id ? { ...l, allergens } : l));
      },
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
    clearDraft: assign({
      draft: () => blankSpecialtyDraft(),
      editingId: () => null,
      draftErrors: () => ({}),
      draftRestored: false,
    }),
    setDraftErrors: assign({
      draftErrors: ({ context }) => {
        const result = checkSpecialtyDraft(context.draft, context.guests);
        return result.ok ? {} : result.errors;
      },
    }),
    setGuests: assign({
      guests: ({ event }) => {
        assertEvent(event, 'guests.change');
        return event.guests;
      },
    }),
    /** Stores the event's ingredients list (through the events list). */
    persistLines: () => {
      throw new Error('specialtyIngredients: provide persistLines');
    },
    /** Keeps the form as this event's draft: `{ values: context.draft, editingId: context.editingId }`. */
    persistDraft: () => {
      throw new Error('specialtyIngredients: provide persistDraft');
    },
    /** Drops this event's draft of the form. */
    discardDraft: () => {
      throw new Error('specialtyIngredients: provide discardDraft');
    },
    /** After a change in the form: kept while it holds typing, dropped once it does not. */
    keepDraft: enqueueActions(({ context, enqueue }) => {
      enqueue(hasSpecialtyTyping(context) ? 'persistDraft' : 'discardDraft');
    }),
  },
  guards: {
    isDraftValid: ({ context }) => checkSpecialtyDraft(context.draft, context.guests).ok,
    hasLine: ({ context, event }) =>
      (event.type === 'ingredient.edit' || event.type === 'ingredient.delete') &&
      context.lines.some((l) => l.id === event.id),
    /** The line is there (another tab may have deleted it) and its allergens differ. */
    changesAllergens: ({ context, event }) =>
      event.type === 'ingredient.allergens' &&
      context.lines.some(
        (l) => l.id === event.id && cleanAllergens(l.allergens).join() !== cleanAllergens(event.allergens).join(),
      ),
    /** A restored draft's line under edit is still there. */
    isEditedLinePresent: ({ context }) =>
      context.editingId !== null && context.lines.some((l) => l.id === context.editingId),
    isEditedLineGone: ({ context, event }) =>
      event.type === 'storage.change' && !withIds(event.lines).some((l) => l.id === context.editingId),
  },
}).createMachine({
  id: 'specialtyIngredients',
  meta: { secrets: specialtyIngredientsSecrets },
  context: ({ input }) => ({
    lines: withIds(input.lines),
    draft: input.draft ? { ...blankSpecialtyDraft(), ...input.draft.values } : blankSpecialtyDraft(),
    editingId: input.draft?.editingId ?? null,
    draftErrors: {},
    guests: input.guests,
    seq: 0,
    draftRestored: !!input.draft,
  }),
  initial: 'restoring',
  on: {
    'draft.change': { actions: ['setDraftField', 'keepDraft'] },
    'guests.change': { actions: 'setGuests' },
    'onHand.change': { actions: ['setOnHand', 'keepDraft'] },
    'storage.change': { actions: 'setLinesFromStorage' },
    'ingredient.allergens': { guard: 'changesAllergens', actions: ['setLineAllergens', 'persistLines'] },
    'draft.discard': { target: '.adding', actions: ['clearDraft', 'discardDraft'] },
  },
  states: {
    // Transient (issue 25): a restored draft resumes its edit while the line is there, else it is a new line.
    restoring: {
      always: [
        { guard: 'isEditedLinePresent', target: 'editing' },
        { target: 'adding', actions: 'stopEditing' },
      ],
    },
    adding: {
      tags: ['adding'],
      on: {
        'ingredient.save': [
          { guard: 'isDraftValid', actions: ['appendLine', 'clearDraft', 'persistLines', 'discardDraft'] },
          { actions: 'setDraftErrors' },
        ],
        'ingredient.edit': { guard: 'hasLine', target: 'editing', actions: ['loadDraft', 'keepDraft'] },
        'ingredient.delete': { guard: 'hasLine', actions: ['removeLine', 'persistLines'] },
      },
    },
    editing: {
      tags: ['editing'],
      on: {
        'ingredient.save': [
          {
            guard: 'isDraftValid',
            target: 'adding',
            actions: ['replaceLine', 'clearDraft', 'persistLines', 'discardDraft'],
          },
          { actions: 'setDraftErrors' },
        ],
        'edit.cancel': { target: 'adding', actions: ['clearDraft', 'discardDraft'] },
        'storage.change': [
          { guard: 'isEditedLineGone', target: 'adding', actions: ['setLinesFromStorage', 'stopEditing'] },
          { actions: 'setLinesFromStorage' },
        ],
      },
    },
  },
});
