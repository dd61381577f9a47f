/**
 * The Pricing tool of one event. `adding` shows the form with Add; choosing a row's Edit enters
 * `editing` (Save or Cancel leave it). The two fixed rows (Total Inventory Items, Total Specialty
 * Ingredients) are not lines here, so they cannot be edited or deleted. Discount and tax are typed
 * text; a numeric value is kept per event through the named persist actions. Another tab's save
 * (`storage.change`) replaces the saved lines and percentages but keeps the draft being typed, and
 * keeps editing while the line under edit still exists. Prices are sane amounts and discount and tax
 * are 0 to 100 % (issue 11, limits.ts): anything else is kept as typed with its message, and not
 * stored; a value out of range that an earlier version stored is read, used and flagged the same way.
 */
import { assertEvent, assign, setup } from 'xstate';
import { checkAmount, MAX_MONEY } from '../../domain/limits';
import { checkPercent, defaultCurrency, parseAmount, parsePercent } from '../../domain/money';
import type { PriceLine } from '../../storage/schemas';
import type { SecretsOf } from '../../domain/inspection';

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
  /** The discount and tax the totals use: the last stored (or accepted) values. */
  discount: number;
  tax: number;
  /** Why the typed discount or tax is refused (null when it is fine). */
  discountError: string | null;
  taxError: string | null;
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
  | { type: 'tax.change'; text: string }
  /** Another tab saved this event's pricing, discount or tax (the Tool Kit's watcher; only what changed). */
  | { type: 'storage.change'; lines?: PriceLine[]; discount?: number; tax?: number };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const pricingSecrets = {
  events: {
    'draft.change': [],
    'price.edit': [],
    'price.delete': [],
    'discount.change': [],
    'tax.change': [],
    'storage.change': [],
  },
} as const satisfies SecretsOf<PricingEvent, PricingContext>;

const blankDraft = (): PriceDraft => ({ name: '', price: '', currency: defaultCurrency });
const stub = (name: string) => () => {
  throw new Error(`pricing: provide ${name}`);
};
export const draftErrorMessage = 'Enter an item name and a numeric price.';
export const discountLabel = 'Discount';
export const taxLabel = 'Tax';
const priceRule = { label: 'Price', max: MAX_MONEY };

/** The draft's message: a name is needed, and the price must be a sane amount. */
function draftMessage(draft: PriceDraft): string | null {
  if (draft.name.trim() === '' || parseAmount(draft.price) === null) return draftErrorMessage;
  const price = checkAmount(draft.price, priceRule);
  return price.ok ? null : price.message;
}
const percentError = (text: string, label: string) => {
  const result = checkPercent(text, label);
  return result.ok ? null : result.message;
};

const withIds = (lines: PriceLine[]) => lines.map((l, i) => ({ ...l, id: l.id ?? `price-${i}` }));

function toLine(draft: PriceDraft, id: string): PriceLine & { id: string } {
  return {
    id,
    name: draft.name.trim(),
    price: parseAmount(draft.price) ?? 0,
    currency: draft.currency.trim() || defaultCurrency,
  };
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
    setDraftError: assign({ draftError: ({ context }) => draftMessage(context.draft) }),
    setDiscountText: assign(({ event }) => {
      assertEvent(event, 'discount.change');
      return { discountText: event.text, discountError: percentError(event.text, discountLabel) };
    }),
    setTaxText: assign(({ event }) => {
      assertEvent(event, 'tax.change');
      return { taxText: event.text, taxError: percentError(event.text, taxLabel) };
    }),
    /** Only after isDiscountValid: the totals use it. */
    setDiscount: assign({ discount: ({ context }) => parsePercent(context.discountText) ?? 0 }),
    setTax: assign({ tax: ({ context }) => parsePercent(context.taxText) ?? 0 }),
    /** Their lines and percentages; a percentage typed here that means the same number is left as typed. */
    setFromStorage: assign(({ context, event }) => {
      assertEvent(event, 'storage.change');
      const text = (current: string, value: number | undefined) =>
        value === undefined || parsePercent(current) === value ? current : String(value);
      const discountText = text(context.discountText, event.discount);
      const taxText = text(context.taxText, event.tax);
      return {
        lines: event.lines ? withIds(event.lines) : context.lines,
        discountText,
        taxText,
        discount: event.discount ?? context.discount,
        tax: event.tax ?? context.tax,
        discountError: percentError(discountText, discountLabel),
        taxError: percentError(taxText, taxLabel),
      };
    }),
    /** The line under edit was deleted elsewhere: the draft stays, to be added as a new line. */
    stopEditing: assign({ editingId: () => null }),
    /** Stores the event's pricing list (through the events list). */
    persistPricing: stub('persistPricing'),
    /** Stores {eventId}-discountPercentage. */
    persistDiscount: stub('persistDiscount'),
    /** Stores {eventId}-taxPercentage. */
    persistTax: stub('persistTax'),
  },
  guards: {
    isDraftValid: ({ context }) => draftMessage(context.draft) === null,
    /** 0 to 100 % (empty means 0). */
    isDiscountValid: ({ event }) => event.type === 'discount.change' && checkPercent(event.text, discountLabel).ok,
    isTaxValid: ({ event }) => event.type === 'tax.change' && checkPercent(event.text, taxLabel).ok,
    isLineEditable: ({ context, event }) => event.type === 'price.edit' && context.lines.some((l) => l.id === event.id),
    isEditedLineGone: ({ context, event }) =>
      event.type === 'storage.change' &&
      event.lines !== undefined &&
      !withIds(event.lines).some((l) => l.id === context.editingId),
  },
}).createMachine({
  id: 'pricing',
  meta: { secrets: pricingSecrets },
  context: ({ input }) => ({
    lines: withIds(input.lines),
    draft: blankDraft(),
    editingId: null,
    draftError: null,
    discountText: String(input.discount),
    taxText: String(input.tax),
    discount: input.discount,
    tax: input.tax,
    discountError: percentError(String(input.discount), discountLabel),
    taxError: percentError(String(input.tax), taxLabel),
    seq: 0,
  }),
  initial: 'adding',
  on: {
    'draft.change': { actions: 'setDraftField' },
    'discount.change': [
      { guard: 'isDiscountValid', actions: ['setDiscountText', 'setDiscount', 'persistDiscount'] },
      // Out of range or not a number: kept as typed with its message, not stored.
      { actions: 'setDiscountText' },
    ],
    'tax.change': [{ guard: 'isTaxValid', actions: ['setTaxText', 'setTax', 'persistTax'] }, { actions: 'setTaxText' }],
    'storage.change': { actions: 'setFromStorage' },
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
        'storage.change': [
          { guard: 'isEditedLineGone', target: 'adding', actions: ['setFromStorage', 'stopEditing'] },
          { actions: 'setFromStorage' },
        ],
      },
    },
  },
});
