/**
 * 'Add Items from Inventory.': pick a category, then an item of it, type the quantity needed and add
 * the line. Editing a line's quantity asks through a prompt (a named actor, so tests can fake it);
 * a cancelled or empty answer changes nothing. The lines are kept under ingredientList-{eventId}
 * and found by their line id: another tab's save (`storage.change`) replaces them and keeps the
 * picker's choices and the quantity being typed.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { chooseIngredient } from '../../domain/ingredients';
import { parseAmount } from '../../domain/money';
import type { ChosenIngredient, InventoryItem } from '../../storage/schemas';

export interface InventoryIngredientsInput {
  lines: ChosenIngredient[];
  items: InventoryItem[];
}

export interface InventoryIngredientsContext {
  lines: ChosenIngredient[];
  items: InventoryItem[];
  category: string;
  itemId: string;
  quantityText: string;
  /** The line whose quantity the prompt is asking for. */
  promptLineId: string | null;
  /** Counter for new line ids. */
  seq: number;
}

export type InventoryIngredientsEvent =
  /** The category select. */
  | { type: 'category.select'; category: string }
  /** The item select. */
  | { type: 'item.select'; id: string }
  /** The quantity-needed input. */
  | { type: 'quantity.change'; text: string }
  /** The Add Ingredient button. */
  | { type: 'ingredient.add' }
  /** A line's delete button. */
  | { type: 'ingredient.delete'; lineId: string }
  /** A line's edit-quantity button (opens the prompt). */
  | { type: 'quantity.edit'; lineId: string }
  /** The inventory changed (another tab or page). */
  | { type: 'inventory.change'; items: InventoryItem[] }
  /** Another tab saved ingredientList-{eventId} (the Tool Kit's watcher). */
  | { type: 'storage.change'; lines: ChosenIngredient[] };

export interface QuantityPromptInput {
  name: string;
  current: number;
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
    }),
    setItem: assign({
      itemId: ({ event }) => {
        assertEvent(event, 'item.select');
        return event.id;
      },
    }),
    setQuantityText: assign({
      quantityText: ({ event }) => {
        assertEvent(event, 'quantity.change');
        return event.text;
      },
    }),
    appendLine: assign(({ context }) => {
      const item = context.items.find((i) => i.id === context.itemId);
      const quantity = parseAmount(context.quantityText);
      if (!item || quantity === null) return {};
      const lineId = `L-${item.id}-${Date.now().toString(36)}-${context.seq}`;
      return { lines: [...context.lines, { ...chooseIngredient(item, quantity), lineId }], seq: context.seq + 1 };
    }),
    resetPicker: assign({ itemId: () => '', quantityText: () => '' }),
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
        const answer = (event as unknown as { output: string | null }).output;
        const quantity = parseAmount(answer ?? '');
        // By line id: if another tab deleted the line meanwhile, nothing changes.
        return quantity === null ? context.lines : context.lines.map((l) => (l.lineId === context.promptLineId ? { ...l, quantity } : l));
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
  },
  guards: {
    canAdd: ({ context }) => {
      const quantity = parseAmount(context.quantityText);
      return context.items.some((i) => i.id === context.itemId) && quantity !== null && quantity > 0;
    },
    hasLine: ({ context, event }) => 'lineId' in event && context.lines.some((l) => l.lineId === event.lineId),
    /** Cancel (null) and empty or non-numeric answers are ignored. */
    isAnswerUsable: ({ event }) => {
      const answer = (event as unknown as { output?: string | null }).output;
      const quantity = typeof answer === 'string' ? parseAmount(answer) : null;
      return quantity !== null && quantity > 0;
    },
  },
}).createMachine({
  id: 'inventoryIngredients',
  context: ({ input }) => ({ lines: input.lines, items: input.items, category: '', itemId: '', quantityText: '', promptLineId: null, seq: 0 }),
  initial: 'ready',
  on: { 'inventory.change': { actions: 'setItems' }, 'storage.change': { actions: 'setLinesFromStorage' } },
  states: {
    ready: {
      tags: ['ready'],
      on: {
        'category.select': { actions: 'setCategory' },
        'item.select': { actions: 'setItem' },
        'quantity.change': { actions: 'setQuantityText' },
        'ingredient.add': { guard: 'canAdd', actions: ['appendLine', 'resetPicker', 'persistLines'] },
        'ingredient.delete': { guard: 'hasLine', actions: ['removeLine', 'persistLines'] },
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
          return { name: line?.name ?? '', current: line?.quantity ?? 0 };
        },
        onDone: [
          { guard: 'isAnswerUsable', target: 'ready', actions: ['setPromptedQuantity', 'persistLines', 'clearPromptLine'] },
          { target: 'ready', actions: 'clearPromptLine' },
        ],
        onError: { target: 'ready', actions: 'clearPromptLine' },
      },
    },
  },
});
