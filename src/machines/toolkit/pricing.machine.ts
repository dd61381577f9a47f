/**
 * The Pricing tool of one event. `adding` shows the form with Add; choosing a row's Edit enters
 * `editing` (Save or Cancel leave it). The two fixed rows (Total Inventory Items, Total Specialty
 * Ingredients) are not lines here, so they cannot be edited or deleted. Discount and tax are typed
 * text; a numeric value is kept per event through the named persist actions.
 */
import { assertEvent, assign, setup } from 'xstate';
import { defaultCurrency, parseAmount, parsePercent } from '../../domain/money';
import type { PriceLine } from '../../storage/schemas';

export interface PriceDraft {
  name: string;
  price: string;
  currency: string;
}

export interface PricingInput {
  lines: PriceLine[];
  discount: number;
  tax: number;
}

export interface PricingContext {
  lines: Array<PriceLine & { id: string }>;
  draft: PriceDraft;
  editingId: string | null;
  draftError: string | null;
  discountText: string;
  taxText: string;
  /** Counter for new line ids (stable across reloads thanks to the stored ids). */
  seq: number;
}

export type PricingEvent =
  /** A pricing form control changed. */
  | { type: 'draft.change'; field: keyof PriceDraft; value: string }
  /** The Add button. */
  | { type: 'price.add' }
  /** A row's Edit button. */
  | { type: 'price.edit'; id: string }
  /** Save while editing. */
  | { type: 'edit.commit' }
  /** Cancel while editing. */
  | { type: 'edit.cancel' }
  /** A row's Delete button. */
  | { type: 'price.delete'; id: string }
  /** The discount percentage input. */
  | { type: 'discount.change'; text: string }
  /** The tax percentage input. */
  | { type: 'tax.change'; text: string };

const blankDraft = (): PriceDraft => ({ name: '', price: '', currency: defaultCurrency });
const stub = (name: string) => () => {
  throw new Error(`pricing: provide ${name}`);
};
export const draftErrorMessage = 'Enter an item name and a numeric price.';

function toLine(draft: PriceDraft, id: string): PriceLine & { id: string } {
  return { id, name: draft.name.trim(), price: parseAmount(draft.price) ?? 0, currency: draft.currency.trim() || defaultCurrency };
}

export const pricingMachine = setup({
  types: { context: {} as PricingContext, events: {} as PricingEvent, input: {} as PricingInput },
  actions: {
    setDraftField: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'draft.change');
        return { ...context.draft, [event.field]: event.value };
      },
      draftError: () => null,
    }),
    appendLine: assign(({ context }) => ({
      lines: [...context.lines, toLine(context.draft, `price-${Date.now().toString(36)}-${context.seq}`)],
      seq: context.seq + 1,
    })),
    loadDraft: assign(({ context, event }) => {
      assertEvent(event, 'price.edit');
      const line = context.lines.find((l) => l.id === event.id);
      return {
        editingId: event.id,
        draftError: null,
        draft: line ? { name: line.name, price: String(line.price), currency: line.currency } : blankDraft(),
      };
    }),
    replaceLine: assign({
      lines: ({ context }) => context.lines.map((l) => (l.id === context.editingId ? toLine(context.draft, l.id) : l)),
    }),
    removeLine: assign({
      lines: ({ context, event }) => {
        assertEvent(event, 'price.delete');
        return context.lines.filter((l) => l.id !== event.id);
      },
    }),
    clearDraft: assign({ draft: () => blankDraft(), editingId: () => null, draftError: () => null }),
    setDraftError: assign({ draftError: () => draftErrorMessage }),
    setDiscountText: assign({
      discountText: ({ event }) => {
        assertEvent(event, 'discount.change');
        return event.text;
      },
    }),
    setTaxText: assign({
      taxText: ({ event }) => {
        assertEvent(event, 'tax.change');
        return event.text;
      },
    }),
    /** Stores the event's pricing list (through the events list). */
    persistPricing: stub('persistPricing'),
    /** Stores {eventId}-discountPercentage. */
    persistDiscount: stub('persistDiscount'),
    /** Stores {eventId}-taxPercentage. */
    persistTax: stub('persistTax'),
  },
  guards: {
    isDraftValid: ({ context }) => context.draft.name.trim() !== '' && parseAmount(context.draft.price) !== null,
    isDiscountNumeric: ({ event }) => event.type === 'discount.change' && parsePercent(event.text) !== null,
    isTaxNumeric: ({ event }) => event.type === 'tax.change' && parsePercent(event.text) !== null,
    isLineEditable: ({ context, event }) => event.type === 'price.edit' && context.lines.some((l) => l.id === event.id),
  },
}).createMachine({
  id: 'pricing',
  context: ({ input }) => ({
    lines: input.lines.map((l, i) => ({ ...l, id: l.id ?? `price-${i}` })),
    draft: blankDraft(),
    editingId: null,
    draftError: null,
    discountText: String(input.discount),
    taxText: String(input.tax),
    seq: 0,
  }),
  initial: 'adding',
  on: {
    'draft.change': { actions: 'setDraftField' },
    'discount.change': [
      { guard: 'isDiscountNumeric', actions: ['setDiscountText', 'persistDiscount'] },
      { actions: 'setDiscountText' },
    ],
    'tax.change': [{ guard: 'isTaxNumeric', actions: ['setTaxText', 'persistTax'] }, { actions: 'setTaxText' }],
  },
  states: {
    adding: {
      tags: ['adding'],
      on: {
        'price.add': [
          { guard: 'isDraftValid', actions: ['appendLine', 'clearDraft', 'persistPricing'] },
          { actions: 'setDraftError' },
        ],
        'price.edit': { guard: 'isLineEditable', target: 'editing', actions: 'loadDraft' },
        'price.delete': { actions: ['removeLine', 'persistPricing'] },
      },
    },
    editing: {
      tags: ['editing'],
      on: {
        'edit.commit': [
          { guard: 'isDraftValid', target: 'adding', actions: ['replaceLine', 'clearDraft', 'persistPricing'] },
          { actions: 'setDraftError' },
        ],
        'edit.cancel': { target: 'adding', actions: 'clearDraft' },
      },
    },
  },
});
