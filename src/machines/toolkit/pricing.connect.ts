/**
 * The Pricing panel's connect (Zag's `connect`): the pricing machine's state, with the ingredient
 * machines' lines and guests, + send → the costing, totals, summary and callbacks the panel shows.
 * Pure, unit-tested without React; src/app/toolkit/usePricing.ts binds it to the live actors.
 */
import type { SnapshotFrom } from 'xstate';
import { eventCosting } from '../../domain/costing';
import { inventoryTotal, specialtyTotal } from '../../domain/ingredients';
import { foreignCurrencies, pricingSummary } from '../../domain/money';
import { labourCost } from '../../domain/staff';
import type { InventoryIngredientsSnapshot, SpecialtySnapshot } from './ingredients.connect';
import type { StaffContext } from './staff.machine';
import type { PriceDraft, PricingEvent, pricingMachine } from './pricing.machine';

export type PricingSnapshot = SnapshotFrom<typeof pricingMachine>;

export function connectPricing(
  s: PricingSnapshot,
  inventory: InventoryIngredientsSnapshot,
  specialty: SpecialtySnapshot,
  send: (event: PricingEvent) => void,
  /** The Staff tool's state: its shifts at the employees' hourly rates join the cost (issue 21). */
  staff?: { context: Pick<StaffContext, 'assignments' | 'employees'> },
) {
  const { lines, discount, tax } = s.context;
  const labour = staff ? labourCost(staff.context.assignments, staff.context.employees) : undefined;
  const invLines = inventory.context.lines;
  const spLines = specialty.context.lines;
  const invTotal = inventoryTotal(invLines);
  const spTotal = specialtyTotal(spLines);
  return {
    lines,
    draft: s.context.draft,
    error: s.context.draftError,
    editingId: s.context.editingId,
    editing: s.hasTag('editing'),
    discountText: s.context.discountText,
    taxText: s.context.taxText,
    discountError: s.context.discountError,
    taxError: s.context.taxError,
    costing: eventCosting({
      guests: inventory.context.guests,
      inventoryLines: invLines,
      specialtyLines: spLines,
      priceLines: lines,
      discountPercent: discount,
      taxPercent: tax,
      labour,
    }),
    invTotal,
    spTotal,
    foreign: foreignCurrencies(lines),
    summary: pricingSummary(lines, invTotal, spTotal, discount, tax),
    ...pricingActions(send),
  };
}

const makePricingActions = (send: (event: PricingEvent) => void) => ({
  change: (f: keyof PriceDraft, value: string) => send({ type: 'draft.change', field: f, value }),
  add: () => send({ type: 'price.add' }),
  edit: (id: string) => send({ type: 'price.edit', id }),
  commit: () => send({ type: 'edit.commit' }),
  cancel: () => send({ type: 'edit.cancel' }),
  remove: (id: string) => send({ type: 'price.delete', id }),
  setDiscount: (text: string) => send({ type: 'discount.change', text }),
  setTax: (text: string) => send({ type: 'tax.change', text }),
});
export type PricingActions = ReturnType<typeof makePricingActions>;
const pricingActionsOf = new WeakMap<(event: PricingEvent) => void, PricingActions>();

/**
 * The Pricing panel's callbacks: the same functions for the same `send` (issue 23), so that the panel's form and its
 * discount and tax fields draw again only when their own values change, not whenever a specialty line's cost or
 * the staff's hours change the totals beside them.
 */
export function pricingActions(send: (event: PricingEvent) => void): PricingActions {
  let actions = pricingActionsOf.get(send);
  if (!actions) pricingActionsOf.set(send, (actions = makePricingActions(send)));
  return actions;
}
