/**
 * Cost, price and margin of an event (issue 11, part 4). Pure; amounts in CAD, rounded to cents with
 * money.ts's rule (half away from zero), and every figure derived from the rounded ones, so what is
 * shown adds up (price - food cost = margin, to the cent).
 *
 * - Food cost = the inventory ingredient lines at cost (quantity x cost per unit) + the specialty
 *   ingredients (quantity needed x cost per unit).
 * - Price = the Pricing tool's total after discount, before tax: its price lines, including the two
 *   fixed rows (Total Inventory Items and Total Specialty Ingredients, which the spec's grand total
 *   bills to the customer), less the discount. Tax is collected for others, so it is not revenue.
 * - Labour cost (issue 21) = each staff shift's hours x the employee's hourly rate (domain/staff.ts),
 *   worked out by the caller and passed in; cost = food cost + labour cost.
 * - Margin = price - cost; margin % = margin / price (none when the price is 0).
 * - Cost, price and margin per guest: none when the event has no guests (shown '—', never Infinity).
 * Price lines in another currency than CAD are added at face value, as the Pricing tool does, and
 * listed in `foreignCurrencies` so every place that shows these figures can flag them.
 */
import type { ChosenIngredient, PriceLine, SpecialtyIngredient } from '../storage/schemas';
import { inventoryTotal, specialtyTotal } from './ingredients';
import { foreignCurrencies, formatMoney, pricingSummary, roundCents } from './money';

export interface CostingInput {
  guests: number;
  /** ingredientList-{id} */
  inventoryLines: readonly ChosenIngredient[];
  /** event.ingredients */
  specialtyLines: readonly SpecialtyIngredient[];
  /** event.pricing */
  priceLines: readonly PriceLine[];
  /** {id}-discountPercentage */
  discountPercent: number;
  /** {id}-taxPercentage (shown with the pricing summary; not part of price or margin). */
  taxPercent?: number;
  /** staffList-{id} at the employees' hourly rates (domain/staff.ts `labourCost`); 0 when absent. */
  labour?: { cost: number; unrated: number };
}

export interface EventCosting {
  /** null when an ingredient total is unavailable (a line that is not a number). */
  foodCost: number | null;
  /** Hours x hourly rate of the event's staff (0 with no staff). */
  labourCost: number;
  /** Staff shifts counted at 0 because the employee has no hourly rate. */
  unratedShifts: number;
  /** Food cost + labour cost. */
  cost: number | null;
  /** Total after discount, before tax. */
  price: number | null;
  margin: number | null;
  /** Margin as a percentage of the price, 1 decimal; null when the price is 0 or unavailable. */
  marginPercent: number | null;
  costPerGuest: number | null;
  pricePerGuest: number | null;
  marginPerGuest: number | null;
  /** Total after tax (what the customer pays), for the event sheet. */
  taxed: number | null;
  guests: number;
  foreignCurrencies: string[];
}

const perGuest = (amount: number | null, guests: number) =>
  amount === null || !Number.isFinite(guests) || guests <= 0 ? null : roundCents(amount / guests);

const percentOf = (part: number | null, whole: number | null) => {
  if (part === null || whole === null || whole === 0) return null;
  const value = (part / whole) * 100;
  return Number.isFinite(value) ? Math.round(Number((value * 10).toPrecision(12))) / 10 : null;
};

/** Every figure of one event; see the header for the rules. */
export function eventCosting(input: CostingInput): EventCosting {
  const inventory = inventoryTotal(input.inventoryLines);
  const specialty = specialtyTotal(input.specialtyLines as SpecialtyIngredient[]);
  const summary = pricingSummary(input.priceLines, inventory, specialty, input.discountPercent, input.taxPercent ?? 0);
  const finite = (v: number | null) => (v !== null && Number.isFinite(v) ? v : null);
  const foodCost = inventory === null || specialty === null ? null : finite(roundCents(inventory + specialty));
  const price = summary ? finite(roundCents(summary.discounted)) : null;
  const labourCost = roundCents(input.labour?.cost ?? 0);
  const cost = foodCost === null ? null : roundCents(foodCost + labourCost);
  const margin = cost === null || price === null ? null : roundCents(price - cost);
  return {
    foodCost,
    labourCost,
    unratedShifts: input.labour?.unrated ?? 0,
    cost,
    price,
    margin,
    marginPercent: percentOf(margin, price),
    costPerGuest: perGuest(cost, input.guests),
    pricePerGuest: perGuest(price, input.guests),
    marginPerGuest: perGuest(margin, input.guests),
    taxed: summary ? finite(roundCents(summary.taxed)) : null,
    guests: input.guests,
    foreignCurrencies: foreignCurrencies(input.priceLines),
  };
}

export interface WindowCosting {
  events: number;
  revenue: number | null;
  cost: number | null;
  margin: number | null;
  marginPercent: number | null;
  /** Events whose figures are unavailable (left out of the totals). */
  unavailable: number;
  foreignCurrencies: string[];
}

/** Totals over several events (the Dashboard's upcoming window): revenue = sum of prices, cost = sum of food and labour costs. */
export function windowCosting(list: readonly EventCosting[]): WindowCosting {
  let revenue = 0;
  let cost = 0;
  let unavailable = 0;
  const currencies = new Set<string>();
  for (const c of list) {
    c.foreignCurrencies.forEach((code) => currencies.add(code));
    if (c.price === null || c.foodCost === null || c.cost === null) {
      unavailable++;
      continue;
    }
    revenue += c.price;
    cost += c.cost;
  }
  revenue = roundCents(revenue);
  cost = roundCents(cost);
  const margin = roundCents(revenue - cost);
  return {
    events: list.length,
    revenue,
    cost,
    margin,
    marginPercent: percentOf(margin, revenue),
    unavailable,
    foreignCurrencies: [...currencies].sort(),
  };
}

/** Money or '—' (per-guest figures without guests, a margin % without a price). */
export function formatFigure(value: number | null): string {
  return value === null ? '—' : formatMoney(value);
}

// One formatter, made once: `toLocaleString` with options makes a new one on every call (~1 ms each on a slow
// phone; the Tool Kit's costing formats a dozen percentages on every change of a line, issue 23).
const percentFormat = new Intl.NumberFormat('en-CA', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${percentFormat.format(value)} %`;
}
