/**
 * Issue 25: the Events export is the whole event. Each event row carries its per-event keys (the
 * Tool Kit's chosen inventory ingredients, `ingredientList-{id}`, and `{id}-discountPercentage`,
 * `{id}-taxPercentage`), as the backup does; the CSV adds the Pricing tool's totals as columns
 * (money.ts: price lines + both ingredient totals, after discount, after tax). Pure.
 */
import type { CateringEvent, ChosenIngredient } from '../storage/schemas';
import { inventoryTotal, specialtyTotal } from './ingredients';
import { pricingSummary, roundCents } from './money';
import type { ExportFormat } from './export';

export interface EventKeys {
  inventoryIngredients: readonly ChosenIngredient[];
  discountPercentage: number;
  taxPercentage: number;
}

const cents = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? null : roundCents(value);

/** Every event with its per-event values (JSON), and with the totals too (CSV). */
export function wholeEventRows(
  events: readonly CateringEvent[],
  keysOf: (id: number) => EventKeys,
  format: ExportFormat,
): Record<string, unknown>[] {
  return events.map((event) => {
    const keys = keysOf(event.id);
    const row: Record<string, unknown> = {
      ...event,
      inventoryIngredients: keys.inventoryIngredients,
      discountPercentage: keys.discountPercentage,
      taxPercentage: keys.taxPercentage,
    };
    if (format === 'json') return row;
    const inventory = inventoryTotal(keys.inventoryIngredients);
    const specialty = specialtyTotal(event.ingredients ?? []);
    const summary = pricingSummary(
      event.pricing ?? [],
      inventory,
      specialty,
      keys.discountPercentage,
      keys.taxPercentage,
    );
    return {
      ...row,
      totalInventoryItems: cents(inventory),
      totalSpecialtyIngredients: cents(specialty),
      total: cents(summary?.total),
      totalAfterDiscount: cents(summary?.discounted),
      totalAfterTax: cents(summary?.taxed),
    };
  });
}
