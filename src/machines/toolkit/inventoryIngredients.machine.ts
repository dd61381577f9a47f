/**
 * 'Add Items from Inventory.': pick a category, then an item of it, type the quantity needed and add
 * the line. Editing a line's quantity asks through a prompt (a named actor, so tests can fake it);
 * a cancelled or empty answer changes nothing. The lines are kept under ingredientList-{eventId}
 * and found by their line id: another tab's save (`storage.change`) replaces them and keeps the
 * picker's choices and the quantity being typed. A line is per event (fixed) or per guest (issue 11):
 * its stored quantity is always the event's total (domain/scaling.ts). A quantity that is not a sane
 * number is refused with the message of limits.ts, and nothing is lost.
 *
 * Draft (issue 25): the add form's choices and the quantity being typed are kept as they change
 * (`persistDraft`) and come back through `input.draft` when the Tool Kit of this event is opened again
 * (after a reload, Back or Forward): `draftRestored` says so, and `draft.discard` empties the form and
 * drops the draft (`discardDraft`), as an added line does.
 */
import { assertEvent, assign, enqueueActions, fromPromise, setup } from 'xstate';
import { chooseIngredient } from '../../domain/ingredients';
import { checkLineQuantity, isPerGuest, perGuestFrom, type Per } from '../../domain/scaling';
import type { ChosenIngredient, InventoryItem } from '../../storage/schemas';
import type { SecretsOf } from '../../domain/inspection';

export interface InventoryIngredientsInput {
  lines: ChosenIngredient[];
  items: InventoryItem[];
  /** The event's Number of Guests (per-guest lines scale to it). */
  guests: number;
  /** The add form's saved draft (issue 25). */
  draft?: InventoryPickDraft | null;
}

/** What the add form holds while it is being filled in: its draft. */
export interface InventoryPickDraft {
  category: string;
  itemId: string;
  quantityText: string;
  per: Per;
}

export const blankInventoryPick = (): InventoryPickDraft => ({
  category: '',
  itemId: '',
  quantityText: '',
  per: 'event',
});

/** The add form's values as its draft. */
export const inventoryPickOf = (context: InventoryPickDraft): InventoryPickDraft => ({
  category: context.category,
  itemId: context.itemId,
  quantityText: context.quantityText,
  per: context.per,
});

/** True when the add form holds something to keep: an item chosen or a quantity typed. */
export const hasInventoryPick = (draft: InventoryPickDraft): boolean =>
  draft.itemId !== '' || draft.quantityText.trim() !== '';

export interface InventoryIngredientsContext {
  lines: ChosenIngredient[];
  items: InventoryItem[];
  category: string;
  itemId: string;
  quantityText: string;
  /** Whether the quantity being typed is for the event or for one guest. */
  per: Per;
  guests: number;
  /** Why the Add Ingredient form refused the quantity. */
  quantityError: string | null;
  /** Why a line's change (the prompt's answer, per guest) was refused. */
  lineError: string | null;
  /** The line whose quantity the prompt is asking for. */
  promptLineId: string | null;
  /** Counter for new line ids. */
  seq: number;
  /** The add form's values came from its saved draft (issue 25). */
  draftRestored: boolean;
}

export type InventoryIngredientsEvent =
  /** The category select. */
  | { type: 'category.select'; category: string }
  /** The item select. */
  | { type: 'item.select'; id: string }
  /** The quantity-needed input. */
  | { type: 'quantity.change'; text: string }
  /** The add form's Per event (fixed) / Per guest choice. */
  | { type: 'per.select'; per: Per }
  /** The Add Ingredient button. */
  | { type: 'ingredient.add' }
  /** A line's Per guest checkbox. */
  | { type: 'line.per'; lineId: string; per: Per }
  /** The event's Number of Guests changed (another tab's edit, through the events list). */
  | { type: 'guests.change'; guests: number }
  /** A line's delete button. */
  | { type: 'ingredient.delete'; lineId: string }
  /** A line's edit-quantity button (opens the prompt). */
  | { type: 'quantity.edit'; lineId: string }
  /** The inventory changed (another tab or page). */
  | { type: 'inventory.change'; items: InventoryItem[] }
  /** Another tab saved ingredientList-{eventId} (the Tool Kit's watcher). */
  | { type: 'storage.change'; lines: ChosenIngredient[] }
  /** The add form's Discard draft button. */
  | { type: 'draft.discard' };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const inventoryIngredientsSecrets = {
  events: {
    'category.select': [],
    'item.select': [],
    'quantity.change': [],
    'per.select': [],
    'line.per': [],
    'guests.change': [],
    'ingredient.delete': [],
    'quantity.edit': [],
    'inventory.change': [],
    'storage.change': [],
  },
} as const satisfies SecretsOf<InventoryIngredientsEvent, InventoryIngredientsContext>;

export interface QuantityPromptInput {
  name: string;
  current: number;
  /** The line is per guest: the prompt asks for the quantity for one guest. */
  perGuest: boolean;
}

const lineOf = (context: InventoryIngredientsContext) => context.lines.find((l) => l.lineId === context.promptLineId);
const answerOf = (event: unknown) => (event as { output?: string | null }).output;
/** The prompt's answer read as the line's quantity (per guest for a per-guest line). */
const checkAnswer = (context: InventoryIngredientsContext, answer: string) => {
  const line = lineOf(context);
  return checkLineQuantity(answer, line && isPerGuest(line) ? 'guest' : 'event', context.guests, {
    label: 'Quantity Needed',
    positive: true,
  });
};
const checkTyped = (context: InventoryIngredientsContext) =>
  checkLineQuantity(context.quantityText, context.per, context.guests, { label: 'Quantity Needed', positive: true });
/** The line with a checked quantity: per guest keeps the quantity for one guest; per event drops it. */
function withQuantity(
  line: ChosenIngredient,
  check: { quantity: number; per: Per; perGuest?: number },
): ChosenIngredient {
  const { per: _per, perGuest: _perGuest, ...rest } = line;
  return check.per === 'guest'
    ? { ...rest, quantity: check.quantity, per: 'guest', perGuest: check.perGuest }
    : { ...rest, quantity: check.quantity };
}

const stub = (name: string) => () => {
  throw new Error(`inventoryIngredients: provide ${name}`);
};

export const inventoryIngredientsMachine = setup({
  types: {
    context: {} as InventoryIngredientsContext,
    events: {} as InventoryIngredientsEvent,
    input: {} as InventoryIngredientsInput,
  },
  actors: {
    /** Resolves with the prompt's answer (null when cancelled). Real one: window.prompt. */
    promptQuantity: fromPromise<string | null, QuantityPromptInput>(async () => {
      throw new Error('inventoryIngredients: provide promptQuantity');
    }),
  },
  actions: {
    setCategory: assign({
      category: ({ event }) => {
        assertEvent(event, 'category.select');
        return event.category;
      },
      itemId: () => '',
      quantityError: () => null,
    }),
    setItem: assign({
      itemId: ({ event }) => {
        assertEvent(event, 'item.select');
        return event.id;
      },
      quantityError: () => null,
    }),
    setQuantityText: assign({
      quantityText: ({ event }) => {
        assertEvent(event, 'quantity.change');
        return event.text;
      },
      quantityError: () => null,
    }),
    setPer: assign({
      per: ({ event }) => {
        assertEvent(event, 'per.select');
        return event.per;
      },
      quantityError: () => null,
    }),
    setQuantityError: assign({
      quantityError: ({ context }) => {
        const check = checkTyped(context);
        return check.ok ? null : check.message;
      },
    }),
    appendLine: assign(({ context }) => {
      const item = context.items.find((i) => i.id === context.itemId);
      const check = checkTyped(context);
      if (!item || !check.ok) return {};
      const lineId = `L-${item.id}-${Date.now().toString(36)}-${context.seq}`;
      return {
        lines: [...context.lines, { ...withQuantity(chooseIngredient(item, check.quantity), check), lineId }],
        seq: context.seq + 1,
      };
    }),
    resetPicker: assign({ itemId: () => '', quantityText: () => '', quantityError: () => null, draftRestored: false }),
    /** Discard draft: the add form as it first opens. */
    clearPicker: assign({ ...blankInventoryPick(), quantityError: null, draftRestored: false }),
    /** Per guest keeps today's total (its share of each guest is derived); per event keeps the total as fixed. */
    setLinePer: assign({
      lines: ({ context, event }) => {
        assertEvent(event, 'line.per');
        return context.lines.map((l) => {
          if (l.lineId !== event.lineId) return l;
          const perGuest = perGuestFrom(l.quantity, context.guests);
          return event.per === 'guest' && perGuest !== null
            ? withQuantity(l, { quantity: l.quantity, per: 'guest', perGuest })
            : withQuantity(l, { quantity: l.quantity, per: 'event' });
        });
      },
      lineError: () => null,
    }),
    setPerError: assign({
      lineError: () =>
        'This event has no guests yet: set its Number of Guests (Edit Event) before making a line per guest.',
    }),
    setGuests: assign({
      guests: ({ event }) => {
        assertEvent(event, 'guests.change');
        return event.guests;
      },
    }),
    removeLine: assign({
      lines: ({ context, event }) => {
        assertEvent(event, 'ingredient.delete');
        return context.lines.filter((l) => l.lineId !== event.lineId);
      },
    }),
    setPromptLine: assign({
      promptLineId: ({ event }) => {
        assertEvent(event, 'quantity.edit');
        return event.lineId;
      },
      lineError: () => null,
    }),
    setPromptError: assign({
      lineError: ({ context, event }) => {
        const check = checkAnswer(context, answerOf(event) ?? '');
        return check.ok ? null : `${lineOf(context)?.name ?? 'The line'} was not changed: ${check.message}`;
      },
    }),
    clearPromptLine: assign({ promptLineId: () => null }),
    setLinesFromStorage: assign({
      lines: ({ event }) => {
        assertEvent(event, 'storage.change');
        return event.lines;
      },
    }),
    setPromptedQuantity: assign({
      lines: ({ context, event }) => {
        const check = checkAnswer(context, answerOf(event) ?? '');
        // By line id: if another tab deleted the line meanwhile, nothing changes.
        return check.ok
          ? context.lines.map((l) => (l.lineId === context.promptLineId ? withQuantity(l, check) : l))
          : context.lines;
      },
    }),
    setItems: assign({
      items: ({ event }) => {
        assertEvent(event, 'inventory.change');
        return event.items;
      },
    }),
    /** Writes ingredientList-{eventId}. */
    persistLines: stub('persistLines'),
    /** Keeps the add form's values as this event's draft (`inventoryPickOf(context)`). */
    persistDraft: stub('persistDraft'),
    /** Drops this event's add-form draft. */
    discardDraft: stub('discardDraft'),
    /** After a change in the add form: kept while it holds something, dropped once it is empty again. */
    keepDraft: enqueueActions(({ context, enqueue }) => {
      enqueue(hasInventoryPick(context) ? 'persistDraft' : 'discardDraft');
    }),
  },
  guards: {
    canAdd: ({ context }) => context.items.some((i) => i.id === context.itemId) && checkTyped(context).ok,
    hasItem: ({ context }) => context.items.some((i) => i.id === context.itemId),
    hasLine: ({ context, event }) => 'lineId' in event && context.lines.some((l) => l.lineId === event.lineId),
    /** Per guest needs guests to share the total among. */
    canSetPer: ({ context, event }) =>
      event.type === 'line.per' &&
      context.lines.some((l) => l.lineId === event.lineId) &&
      (event.per === 'event' || context.guests > 0),
    /** A sane quantity (limits.ts), more than 0. */
    isAnswerUsable: ({ context, event }) => {
      const answer = answerOf(event);
      return typeof answer === 'string' && checkAnswer(context, answer).ok;
    },
    /** Cancel (null) and an empty answer are ignored, as the spec says. */
    isAnswerBlank: ({ event }) => {
      const answer = answerOf(event);
      return typeof answer !== 'string' || answer.trim() === '';
    },
  },
}).createMachine({
  id: 'inventoryIngredients',
  meta: { secrets: inventoryIngredientsSecrets },
  context: ({ input }) => ({
    lines: input.lines,
    items: input.items,
    ...blankInventoryPick(),
    ...(input.draft ? inventoryPickOf(input.draft) : {}),
    draftRestored: !!input.draft && hasInventoryPick(input.draft),
    guests: input.guests,
    quantityError: null,
    lineError: null,
    promptLineId: null,
    seq: 0,
  }),
  initial: 'ready',
  on: {
    'inventory.change': { actions: 'setItems' },
    'storage.change': { actions: 'setLinesFromStorage' },
    'guests.change': { actions: 'setGuests' },
  },
  states: {
    ready: {
      tags: ['ready'],
      on: {
        'category.select': { actions: ['setCategory', 'keepDraft'] },
        'item.select': { actions: ['setItem', 'keepDraft'] },
        'quantity.change': { actions: ['setQuantityText', 'keepDraft'] },
        'per.select': { actions: ['setPer', 'keepDraft'] },
        'draft.discard': { actions: ['clearPicker', 'discardDraft'] },
        'ingredient.add': [
          { guard: 'canAdd', actions: ['appendLine', 'resetPicker', 'persistLines', 'discardDraft'] },
          // An item is chosen but the quantity is not sane: say why, keep what was typed.
          { guard: 'hasItem', actions: 'setQuantityError' },
        ],
        'ingredient.delete': { guard: 'hasLine', actions: ['removeLine', 'persistLines'] },
        'line.per': [
          { guard: 'canSetPer', actions: ['setLinePer', 'persistLines'] },
          { guard: 'hasLine', actions: 'setPerError' },
        ],
        'quantity.edit': { guard: 'hasLine', target: 'prompting', actions: 'setPromptLine' },
      },
    },
    prompting: {
      tags: ['prompting'],
      invoke: {
        id: 'promptQuantity',
        src: 'promptQuantity',
        input: ({ context }) => {
          const line = context.lines.find((l) => l.lineId === context.promptLineId);
          const perGuest = line ? isPerGuest(line) : false;
          return { name: line?.name ?? '', current: (perGuest ? line?.perGuest : line?.quantity) ?? 0, perGuest };
        },
        onDone: [
          {
            guard: 'isAnswerUsable',
            target: 'ready',
            actions: ['setPromptedQuantity', 'persistLines', 'clearPromptLine'],
          },
          { guard: 'isAnswerBlank', target: 'ready', actions: 'clearPromptLine' },
          // A negative, too large or non-numeric answer: the line stays as it was, and the panel says why.
          { target: 'ready', actions: ['setPromptError', 'clearPromptLine'] },
        ],
        onError: { target: 'ready', actions: 'clearPromptLine' },
      },
    },
  },
});
