/**
 * Ingredient amounts and costs of spec section 9, and the helpers of the Tool Kit's ingredient panels.
 */
import type { ChosenIngredient, InventoryItem, SpecialtyIngredient } from '../storage/schemas';

/** Inventory ingredient cost = quantity x cost per unit. */
export function inventoryLineCost(line: Pick<ChosenIngredient, 'quantity' | 'costPerUnit'>): number {
  return line.quantity * line.costPerUnit;
}

/** Inventory ingredient amount shown = quantity x amount per unit. */
export function inventoryLineAmount(line: Pick<ChosenIngredient, 'quantity' | 'amountPerUnit'>): number {
  return line.quantity * line.amountPerUnit;
}

/** Total of the inventory ingredients; null when a line is not a number (the total is then unavailable). */
export function inventoryTotal(lines: ReadonlyArray<ChosenIngredient>): number | null {
  let sum = 0;
  for (const line of lines) {
    const cost = inventoryLineCost(line);
    if (!Number.isFinite(cost)) return null;
    sum += cost;
  }
  return sum;
}

/** Specialty ingredient total = sum of quantityNeeded x costPerUnit; null when unavailable. */
export function specialtyTotal(lines: ReadonlyArray<SpecialtyIngredient> | undefined | null): number | null {
  if (!Array.isArray(lines)) return null;
  let sum = 0;
  for (const line of lines) {
    const cost = line.quantityNeeded * line.costPerUnit;
    if (!Number.isFinite(cost)) return null;
    sum += cost;
  }
  return sum;
}

/** A specialty row shows quantity needed x unit quantity. */
export function specialtyAmount(line: Pick<SpecialtyIngredient, 'quantityNeeded' | 'unitQuantity'>): number {
  return line.quantityNeeded * line.unitQuantity;
}

/** The picker's group for inventory items with no category (issue 11): they are still offered. */
export const UNCATEGORISED = 'Uncategorised';

const categoryOf = (item: Pick<InventoryItem, 'category'>) =>
  item.category.trim() === '' ? UNCATEGORISED : item.category;

/** Distinct categories of the inventory, sorted; items with no category make an 'Uncategorised' group, last. */
export function inventoryCategories(items: ReadonlyArray<InventoryItem>): string[] {
  const named = [...new Set(items.map((i) => i.category).filter((c) => c.trim() !== '' && c !== UNCATEGORISED))].sort(
    (a, b) => a.localeCompare(b),
  );
  return items.some((i) => categoryOf(i) === UNCATEGORISED) ? [...named, UNCATEGORISED] : named;
}

export function itemsInCategory(items: ReadonlyArray<InventoryItem>, category: string): InventoryItem[] {
  return category ? items.filter((i) => categoryOf(i) === category) : [];
}

/** The chosen line for an inventory item and a quantity (the stored shape of ingredientList-{id}). */
export function chooseIngredient(item: InventoryItem, quantity: number): ChosenIngredient {
  return {
    id: item.id,
    name: item.name,
    category: item.category,
    supplierName: item.supplierName,
    costPerUnit: item.costPerUnit,
    amountPerUnit: item.amountPerUnit,
    unit: item.unit,
    packageType: item.packageType,
    quantity,
  };
}

/** Unit list of the event ingredient form (spec section 3). */
export const specialtyUnits = [
  'Kg',
  'lbs',
  'cups',
  'oz',
  'fluid oz',
  'grams',
  'tbsp',
  'tsp',
  'milliliters',
  'liters',
  'quarts',
  'pints',
  'gallons',
  'each',
  'other',
];
export const packageTypes = ['box', 'bag', 'bottle', 'carton', 'container', 'pallet', 'each', 'other'];

/** Rounds an amount for display, dropping needless zeros (2.50 -> 2.5). */
export function formatAmount(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return String(Math.round(value * 1000) / 1000);
}

/** Short names of the stored unit words, as a caterer writes them after a number (issue 25: "1 L", not "1 liters"). */
const UNIT_SYMBOLS: Record<string, string> = {
  grams: 'g',
  gram: 'g',
  g: 'g',
  kg: 'kg',
  milliliters: 'mL',
  millilitres: 'mL',
  ml: 'mL',
  liters: 'L',
  litres: 'L',
  l: 'L',
  lbs: 'lb',
  lb: 'lb',
  oz: 'oz',
  floz: 'fl oz',
  'fluid oz': 'fl oz',
  quarts: 'qt',
  pints: 'pt',
  gallons: 'gal',
  tbsp: 'tbsp',
  tsp: 'tsp',
};

/** The unit as shown after a number: 'liters' → 'L', 'grams' → 'g'; other words as they are. */
export function unitSymbol(unit: string): string {
  return UNIT_SYMBOLS[unit.trim().toLowerCase()] ?? unit.trim();
}

/**
 * An amount with its unit, for reading: metric amounts of 1,000 or more move up (1816 grams → 1.82 kg,
 * 2500 milliliters → 2.5 L), to two decimals; unit words become their symbols ('1 L').
 */
export function formatMeasure(value: number, unit: string): string {
  if (!Number.isFinite(value)) return '—';
  let symbol = unitSymbol(unit);
  let amount = value;
  if ((symbol === 'g' || symbol === 'mL') && Math.abs(amount) >= 1000) {
    amount /= 1000;
    symbol = symbol === 'g' ? 'kg' : 'L';
    return `${Math.round(amount * 100) / 100} ${symbol}`;
  }
  return `${formatAmount(amount)} ${symbol}`.trim();
}

/** A package type for a count: 4 cartons, 1 carton, 2 boxes; 'each' and 'other' stay as they are. */
export function packageNoun(packageType: string, count: number): string {
  const word = packageType.trim();
  if (count === 1 || word === '' || /^(each|other|—)$/i.test(word) || /s$/i.test(word)) return word;
  return /(x|ch|sh)$/i.test(word) ? `${word}es` : `${word}s`;
}
