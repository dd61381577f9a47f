/**
 * The Pricing tool of one event. `adding` shows the form with Add; choosing a row's Edit enters
 * `editing` (Save or Cancel leave it). The two fixed rows (Total Inventory Items, Total Specialty
 * Ingredients) are not lines here, so they cannot be edited or deleted. Discount and tax are typed
 * text; a numeric value is kept per event through the named persist actions. Another tab's save
 * (`storage.change`) replaces the saved lines and percentages but keeps the draft being typed, and
 * keeps editing while the line under edit still exists. Prices are sane amounts and discount and tax
 * are 0 to 100 % (issue 11, limits.ts): anything else is kept as typed with its message, and not
 * stored; a value out of range that an earlier version stored is read, used and flagged the same way.
 *
 * Drafts (issue 25): the price form as typed, with the line under edit, is kept as it changes
 * (`persistDraft`; dropped by `discardDraft` once it is blank again or holds the line's own values),
 * and so are a refused discount or tax as typed (`persistRatesDraft`; dropped once both are accepted).
 * They come back through `input` when this event's Tool Kit opens again: `restoring` resumes an edit
 * while its line still exists, else keeps the typing as a new line. Discard draft (`draft.discard`,
 * `rates.discardDraft`), Add, Save and Cancel drop them.
 */
import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import { checkTypedAmount, MAX_MONEY } from '../../domain/limits';
import { checkPercent, defaultCurrency, parseAmount, parsePercent } from '../../domain/money';
import type { PriceLine } from '../../storage/schemas';
import type { SecretsOf } from '../../domain/inspection';

export interface PriceDraft {
  name: string;
  price: string;
  currency: string;
}

/** The price form's saved draft: its values and the line under edit (null when adding). */
export interface SavedPriceDraft {
  values: PriceDraft;
  editingId: string | null;
}

/** A refused discount or tax as typed (the saved draft of the two percentage fields). */
export interface RatesDraft {
  discountText: string;
  taxText: string;
}

export interface PricingInput {
  lines: PriceLine[];
  discount: number;
  tax: number;
  /** The price form's saved draft (issue 25). */
  draft?: SavedPriceDraft | null;
  /** The percentage fields' saved draft. */
  ratesDraft?: RatesDraft | null;
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
  /** The price form's values came from its saved draft (issue 25). */
  draftRestored: boolean;
  /** The discount and tax as typed came from their saved draft. */
  ratesRestored: boolean;
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
  | { type: 'storage.change'; lines?: PriceLine[]; discount?: number; tax?: number }
  /** The price form's Discard draft button: the form empties and its draft is dropped. */
  | { type: 'draft.discard' }
  /** The percentages' Discard draft button: back to the saved discount and tax. */
  | { type: 'rates.discardDraft' };

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
  const price = checkTypedAmount(draft.price, priceRule, 'cents');
  // A price with misplaced commas ('10,50') says so; else a name and a number are asked for together, as before.
  if (!price.ok && draft.price.includes(',') && parseAmount(draft.price) === null) return price.message;
  if (draft.name.trim() === '' || parseAmount(draft.price) === null) return draftErrorMessage;
  return price.ok ? null : price.message;
}
const percentError = (text: string, label: string) => {
  const result = checkPercent(text, label);
  return result.ok ? null : result.message;
};

const lineDraft = (line: PriceLine): PriceDraft => ({
  name: line.name,
  price: String(line.price),
  currency: line.currency,
});
const sameDraft = (a: PriceDraft, b: PriceDraft) =>
  a.name === b.name && a.price === b.price && a.currency === b.currency;

/** True when the price form holds typing worth keeping: not blank when adding, not the line's own values when editing. */
export function hasPriceTyping(context: Pick<PricingContext, 'draft' | 'editingId' | 'lines'>): boolean {
  const line = context.editingId === null ? undefined : context.lines.find((l) => l.id === context.editingId);
  return !sameDraft(context.draft, line ? lineDraft(line) : blankDraft());
}

/**
 * True when the discount or tax field holds a refused value as typed (not stored); a refused value
 * that is the stored one (an earlier version's, flagged) is not typing.
 */
export const hasRatesTyping = (
  context: Pick<PricingContext, 'discountError' | 'taxError' | 'discountText' | 'taxText' | 'discount' | 'tax'>,
): boolean =>
  (context.discountError !== null && context.discountText !== String(context.discount)) ||
  (context.taxError !== null && context.taxText !== String(context.tax));

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
        draft: line ? lineDraft(line) : blankDraft(),
        draftRestored: false,
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
    clearDraft: assign({
      draft: () => blankDraft(),
      editingId: () => null,
      draftError: () => null,
      draftRestored: false,
    }),
    /** Discard draft of the percentages: the saved discount and tax again. */
    resetRates: assign(({ context }) => ({
      discountText: String(context.discount),
      taxText: String(context.tax),
      discountError: percentError(String(context.discount), discountLabel),
      taxError: percentError(String(context.tax), taxLabel),
      ratesRestored: false,
    })),
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
    /** Keeps the price form as this event's draft: `{ values: context.draft, editingId: context.editingId }`. */
    persistDraft: stub('persistDraft'),
    discardDraft: stub('discardDraft'),
    /** Keeps the discount and tax as typed (`context.discountText`, `context.taxText`) as this event's draft. */
    persistRatesDraft: stub('persistRatesDraft'),
    discardRatesDraft: stub('discardRatesDraft'),
    /** After a change in the price form: kept while it holds typing, dropped once it does not. */
    keepDraft: enqueueActions(({ context, enqueue }) => {
      enqueue(hasPriceTyping(context) ? 'persistDraft' : 'discardDraft');
    }),
    /** After a change of discount or tax: kept while one is refused, dropped once both are accepted. */
    keepRatesDraft: enqueueActions(({ context, enqueue }) => {
      enqueue(hasRatesTyping(context) ? 'persistRatesDraft' : 'discardRatesDraft');
    }),
  },
  guards: {
    isDraftValid: ({ context }) => draftMessage(context.draft) === null,
    /** 0 to 100 % (empty means 0). */
    isDiscountValid: ({ event }) => event.type === 'discount.change' && checkPercent(event.text, discountLabel).ok,
    isTaxValid: ({ event }) => event.type === 'tax.change' && checkPercent(event.text, taxLabel).ok,
    /** A restored draft's line under edit is still there. */
    isEditedLinePresent: ({ context }) =>
      context.editingId !== null && context.lines.some((l) => l.id === context.editingId),
    isLineEditable: ({ context, event }) => event.type === 'price.edit' && context.lines.some((l) => l.id === event.id),
    isEditedLineGone: ({ context, event }) =>
      event.type === 'storage.change' &&
      event.lines !== undefined &&
      !withIds(event.lines).some((l) => l.id === context.editingId),
  },
}).createMachine({
  id: 'pricing',
  meta: { secrets: pricingSecrets },
  context: ({ input }) => {
    const discountText = input.ratesDraft?.discountText ?? String(input.discount);
    const taxText = input.ratesDraft?.taxText ?? String(input.tax);
    return {
      lines: withIds(input.lines),
      draft: input.draft ? { ...blankDraft(), ...input.draft.values } : blankDraft(),
      editingId: input.draft?.editingId ?? null,
      draftError: null,
      discountText,
      taxText,
      discount: input.discount,
      tax: input.tax,
      discountError: percentError(discountText, discountLabel),
      taxError: percentError(taxText, taxLabel),
      seq: 0,
      draftRestored: !!input.draft,
      ratesRestored: !!input.ratesDraft,
    };
  },
  initial: 'restoring',
  on: {
    'draft.change': { actions: ['setDraftField', 'keepDraft'] },
    'discount.change': [
      { guard: 'isDiscountValid', actions: ['setDiscountText', 'setDiscount', 'persistDiscount', 'keepRatesDraft'] },
      // Out of range or not a number: kept as typed with its message, not stored.
      { actions: ['setDiscountText', 'keepRatesDraft'] },
    ],
    'tax.change': [
      { guard: 'isTaxValid', actions: ['setTaxText', 'setTax', 'persistTax', 'keepRatesDraft'] },
      { actions: ['setTaxText', 'keepRatesDraft'] },
    ],
    'storage.change': { actions: 'setFromStorage' },
    'draft.discard': { target: '.adding', actions: ['clearDraft', 'discardDraft'] },
    'rates.discardDraft': { actions: ['resetRates', 'discardRatesDraft'] },
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
        'price.add': [
          { guard: 'isDraftValid', actions: ['appendLine', 'clearDraft', 'persistPricing', 'discardDraft'] },
          { actions: 'setDraftError' },
        ],
        'price.edit': { guard: 'isLineEditable', target: 'editing', actions: ['loadDraft', 'keepDraft'] },
        'price.delete': { actions: ['removeLine', 'persistPricing'] },
      },
    },
    editing: {
      tags: ['editing'],
      on: {
        'edit.commit': [
          {
            guard: 'isDraftValid',
            target: 'adding',
            actions: ['replaceLine', 'clearDraft', 'persistPricing', 'discardDraft'],
          },
          { actions: 'setDraftError' },
        ],
        'edit.cancel': { target: 'adding', actions: ['clearDraft', 'discardDraft'] },
        'storage.change': [
          { guard: 'isEditedLineGone', target: 'adding', actions: ['setFromStorage', 'stopEditing'] },
          { actions: 'setFromStorage' },
        ],
      },
    },
  },
});
