/**
 * Guest-count scaling of Tool Kit ingredient lines (issue 11, part 3). A line is per event (a fixed
 * quantity, the default) or per guest (`perGuest` for one guest). The stored quantity is always the
 * event's total, so demand, costing and the event sheet read it as it is; this file keeps it in step
 * with the event's Number of Guests.
 *
 * Rounding: total = perGuest x guests, rounded UP to 2 decimals (a hundredth of a package or unit).
 * A caterer would rather have a spoonful too much than run short because of rounding, and packages
 * are split in the kitchen anyway; whole packages are a question of ordering (Need to Order rounds
 * its suggestion up to whole packages). Binary noise is not rounded up: 0.1 x 3 is 0.3, not 0.31.
 */
import type { ChosenIngredient, SpecialtyIngredient } from '../storage/schemas';
import { checkTypedAmount, MAX_QUANTITY } from './limits';
import { formatGrouped } from './numberFormat';

export type Per = 'event' | 'guest';

export interface Scalable {
  per?: Per;
  perGuest?: number;
}

/** True when the line scales with guests (and has a usable quantity for one guest). */
export function isPerGuest(line: Scalable): line is Scalable & { per: 'guest'; perGuest: number } {
  return (
    line.per === 'guest' && typeof line.perGuest === 'number' && Number.isFinite(line.perGuest) && line.perGuest >= 0
  );
}

/** perGuest x guests, rounded up to 2 decimals (see the header); 0 guests give 0. */
export function scaledQuantity(perGuest: number, guests: number): number {
  if (!Number.isFinite(perGuest) || !Number.isFinite(guests) || guests <= 0 || perGuest <= 0) return 0;
  const hundredths = Number((perGuest * guests * 100).toPrecision(12));
  return Math.ceil(hundredths) / 100;
}

/**
 * The quantity for one guest when a line's total is turned into a per-guest line; null without guests.
 * Kept at full precision (5 for 3 guests is 1.666…), so the same guests give back the same total.
 */
export function perGuestFrom(total: number, guests: number): number | null {
  if (!Number.isFinite(total) || !Number.isFinite(guests) || guests <= 0) return null;
  return total / guests;
}

/** One per-guest line of the review shown before a change of guests is saved: 'name: old → new'. */
export interface RescaleRow {
  kind: 'inventory' | 'specialty';
  /** The line's id (inventory: lineId; specialty: id). */
  id: string;
  name: string;
  /** What the quantity counts (the package type). */
  unit: string;
  from: number;
  to: number;
  /** The new total is above the ceiling of limits.ts: the change cannot be saved. */
  tooLarge: boolean;
}

export interface RescalePlan {
  guests: number;
  inventory: ChosenIngredient[];
  specialty: SpecialtyIngredient[];
  rows: RescaleRow[];
}

/** Every per-guest line set to its total for `guests`; per-event lines are returned unchanged (same objects). */
export function planRescale(
  inventory: readonly ChosenIngredient[],
  specialty: readonly SpecialtyIngredient[],
  guests: number,
): RescalePlan {
  const rows: RescaleRow[] = [];
  const row = (kind: RescaleRow['kind'], id: string, name: string, unit: string, from: number, to: number) =>
    rows.push({ kind, id, name, unit, from, to, tooLarge: to > MAX_QUANTITY });
  const nextInventory = inventory.map((line, index) => {
    if (!isPerGuest(line)) return line;
    const to = scaledQuantity(line.perGuest, guests);
    row('inventory', line.lineId ?? `${line.id}-${index}`, line.name, line.packageType, line.quantity, to);
    return to === line.quantity ? line : { ...line, quantity: to };
  });
  const nextSpecialty = specialty.map((line, index) => {
    if (!isPerGuest(line)) return line;
    const to = scaledQuantity(line.perGuest, guests);
    row('specialty', line.id ?? `sp-${index}`, line.name, line.packageType, line.quantityNeeded, to);
    return to === line.quantityNeeded ? line : { ...line, quantityNeeded: to };
  });
  return { guests, inventory: nextInventory, specialty: nextSpecialty, rows };
}

/** A plan can be saved when none of its new totals is above the ceiling. */
export function isPlanSane(plan: Pick<RescalePlan, 'rows'>): boolean {
  return plan.rows.every((r) => !r.tooLarge);
}

export type LineQuantityCheck =
  { ok: true; quantity: number; per: Per; perGuest?: number } | { ok: false; message: string };

/**
 * Reads a line's typed quantity (Tool Kit add and edit forms): per event it is the total; per guest
 * it is the quantity for one guest, and the total is scaled to the event's guests. Finite, not
 * negative and not above the ceiling (limits.ts), and the scaled total not above it either.
 * `positive` also refuses 0 (an inventory line needs a quantity).
 */
export function checkLineQuantity(
  text: string,
  per: Per,
  guests: number,
  options: { label: string; positive?: boolean },
): LineQuantityCheck {
  const label = per === 'guest' ? `${options.label} per Guest` : options.label;
  const result = checkTypedAmount(text, { label, max: MAX_QUANTITY });
  if (!result.ok) return result;
  const value = result.value ?? 0;
  if (options.positive && value <= 0) return { ok: false, message: `${label} must be more than 0.` };
  if (per === 'event') return { ok: true, quantity: value, per };
  if (!Number.isFinite(guests) || guests <= 0)
    return {
      ok: false,
      message: 'This event has no guests yet: set its Number of Guests (Edit Event) before a per-guest quantity.',
    };
  const quantity = scaledQuantity(value, guests);
  if (quantity > MAX_QUANTITY) {
    return {
      ok: false,
      message: `${label} is too large: for ${formatGrouped(guests)} guests it makes ${formatGrouped(quantity)}, above ${formatGrouped(MAX_QUANTITY)}.`,
    };
  }
  return { ok: true, quantity, per, perGuest: value };
}
