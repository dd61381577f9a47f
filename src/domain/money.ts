/**
 * Money rules of spec section 9. Pure functions; amounts are plain numbers in CAD.
 * Discount and tax are between 0 and 100 % (issue 11, `checkPercent`; the spec's "no bounds" is
 * replaced). Values outside that range that earlier versions stored are still read and computed with
 * as stored (the formulas below have no bounds), and the Pricing tool flags them with the message.
 */
import { checkAmount, MAX_PERCENT, ungroupThousands } from './limits';

export const defaultCurrency = 'CAD';

/** Rounds half away from zero to cents, robust to binary artefacts such as 1.005. */
export function roundCents(value: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const abs = Math.abs(value);
  if (abs >= 1e15) return value; // already beyond cent precision of a double
  return (sign * Math.round(Number((abs * 100).toPrecision(15)))) / 100;
}

const formatter = new Intl.NumberFormat('en-CA', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/** '$1,234.50 CAD'; non-finite values read 'unavailable'. */
export function formatMoney(value: number, currency: string = defaultCurrency): string {
  if (!Number.isFinite(value)) return 'unavailable';
  const rounded = roundCents(value);
  const text = formatter.format(Math.abs(rounded));
  return `${rounded < 0 ? '-' : ''}$${text} ${currency}`;
}

/** Discounted total = total x (1 - discount/100). */
export function discountedTotal(total: number, discountPercent: number): number {
  return total * (1 - discountPercent / 100);
}

/** Taxed total = discounted total x (1 + tax/100). */
export function taxedTotal(discounted: number, taxPercent: number): number {
  return discounted * (1 + taxPercent / 100);
}

/** Parses a percentage field: empty means 0; anything not numeric is null. */
export function parsePercent(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/**
 * Checks a typed discount or tax: empty means 0, otherwise a number from 0 to 100. The message names
 * the field ('Discount is too large: enter a number from 0 to 100.').
 */
export function checkPercent(
  text: string,
  label: string,
): { ok: true; value: number } | { ok: false; message: string } {
  const result = checkAmount(text, { label, max: MAX_PERCENT, optional: true });
  return result.ok ? { ok: true, value: result.value ?? 0 } : result;
}

/** Parses a money or quantity field; null when empty or not numeric. Thousands separators are read ('1,250.50'). */
export function parseAmount(text: string): number | null {
  const trimmed = ungroupThousands(String(text));
  if (trimmed === null || trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export interface PricingSummary {
  customTotal: number;
  /** Custom prices + inventory total + specialty total. */
  total: number;
  discounted: number;
  taxed: number;
}

/**
 * The pricing panel's figures. Returns null when either ingredient total is unavailable (the panel then
 * shows 'Error fetching total event ingredient cost.').
 */
export function pricingSummary(
  prices: ReadonlyArray<{ price: number }>,
  inventoryTotal: number | null,
  specialtyTotal: number | null,
  discountPercent: number,
  taxPercent: number,
): PricingSummary | null {
  if (
    inventoryTotal === null ||
    specialtyTotal === null ||
    !Number.isFinite(inventoryTotal) ||
    !Number.isFinite(specialtyTotal)
  )
    return null;
  const customTotal = prices.reduce((sum, line) => sum + (Number.isFinite(line.price) ? line.price : 0), 0);
  const total = customTotal + inventoryTotal + specialtyTotal;
  const discounted = discountedTotal(total, discountPercent);
  return { customTotal, total, discounted, taxed: taxedTotal(discounted, taxPercent) };
}

/** Currencies other than CAD among custom price lines: the totals add them at face value. */
export function foreignCurrencies(lines: ReadonlyArray<{ currency: string }>): string[] {
  const seen = new Set<string>();
  for (const line of lines) {
    const code = line.currency.trim().toUpperCase();
    if (code && code !== defaultCurrency) seen.add(code);
  }
  return [...seen].sort();
}
