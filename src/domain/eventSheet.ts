/**
 * The printable event sheet (BEO, issue 11 part 5): everything the kitchen and the floor need for one
 * event, as display-ready rows. Pure: the page reads storage and hands the values in.
 */
import type {
  CateringEvent,
  ChosenIngredient,
  InventoryItem,
  PriceLine,
  SpecialtyIngredient,
  Employee,
  StaffAssignment,
} from '../storage/schemas';
import { fromISODate, addDays } from './eventDates';
import {
  allergenLabel,
  allergenTable,
  avoidedIn,
  dietaryOf,
  flagMessage,
  hasDietaryNeeds,
  ingredientFlag,
  menuLinesOf,
  type AllergenId,
  type AllergenTable,
} from './allergens';
import { employeeName, shiftInterval, shiftLabel } from './staff';
import { formatAmount, formatMeasure, inventoryTotal, specialtyAmount, specialtyTotal } from './ingredients';
import { foreignCurrencies, formatMoney, pricingSummary, type PricingSummary } from './money';

/**
 * Words that make a note an allergy or dietary note: allergens (the major ones named by Health Canada
 * and the FDA), intolerances and diets the kitchen must respect. Matched as whole words, any case, with
 * plurals and "-free" forms ("nut-free", "peanuts"); "nutmeg", "minute" or "donut" do not match.
 */
const allergyWords = [
  'allergy',
  'allergies',
  'allergic',
  'allergen',
  'allergens',
  'anaphylaxis',
  'anaphylactic',
  'epipen',
  'epi-pen',
  'intolerance',
  'intolerant',
  'coeliac',
  'celiac',
  'dietary',
  'nut',
  'nuts',
  'peanut',
  'peanuts',
  'tree nut',
  'tree nuts',
  'almond',
  'almonds',
  'cashew',
  'cashews',
  'walnut',
  'walnuts',
  'pecan',
  'pecans',
  'hazelnut',
  'hazelnuts',
  'pistachio',
  'pistachios',
  'gluten',
  'wheat',
  'dairy',
  'lactose',
  'milk',
  'egg',
  'eggs',
  'soy',
  'soya',
  'sesame',
  'mustard',
  'sulphite',
  'sulphites',
  'sulfite',
  'sulfites',
  'shellfish',
  'crustacean',
  'crustaceans',
  'shrimp',
  'prawn',
  'prawns',
  'crab',
  'lobster',
  'mollusc',
  'molluscs',
  'fish',
  'vegan',
  'vegetarian',
  'halal',
  'kosher',
];
const allergyPattern = new RegExp(
  `(?<![\\p{L}\\p{N}])(${allergyWords.map((w) => w.replace(/[-\s]/g, '[-\\s]?')).join('|')})(?:[-\\s]?free)?(?![\\p{L}\\p{N}])`,
  'giu',
);

/** The allergy or dietary words a note mentions, lower case, first mention first, each once. */
export function allergyTerms(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(allergyPattern)) {
    const word = match[1]!.toLowerCase().replace(/[-\s]+/g, ' ');
    if (!found.includes(word)) found.push(word);
  }
  return found;
}

/** True when a note mentions an allergy, an allergen, an intolerance or a diet: the sheet marks it "Allergy". */
export function isAllergyNote(text: string): boolean {
  return allergyTerms(text).length > 0;
}

const dayFormat = new Intl.DateTimeFormat('en-CA', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** 'Saturday, November 21, 2026' for a YYYY-MM-DD date; anything else is shown as stored ('—' when empty). */
export function formatSheetDate(iso: string): string {
  const date = fromISODate(iso);
  if (!date) return iso.trim() || '—';
  return dayFormat.format(date);
}

export interface SheetTimes {
  start: string;
  end: string;
  /** The end time is earlier than the start (20:00 to 01:00): the event ends the next day. */
  endsNextDay: boolean;
  /** 'Sunday, November 22, 2026' when it ends the next day, else null. */
  endDate: string | null;
}

/**
 * Start and end of an event. Written here until the event rules (helper D, issue 11 part 6) give
 * eventDates.ts its own "ends after midnight" rule: an end time before the start time is the next day.
 */
export function sheetTimes(date: string, start: string, end: string): SheetTimes {
  const valid = (t: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(t);
  const endsNextDay = valid(start) && valid(end) && end < start;
  return {
    start: start.trim() || '—',
    end: end.trim() || '—',
    endsNextDay,
    endDate: endsNextDay && fromISODate(date) ? formatSheetDate(addDays(date, 1)) : null,
  };
}

export interface SheetNote {
  id: string;
  text: string;
  allergy: boolean;
}

export interface PullRow {
  /** The line's own id (one item may be chosen twice). */
  key: string;
  name: string;
  /** '3 box' */
  quantity: string;
  /** '15 kg' (quantity x amount per unit), or '' when unknown. */
  amount: string;
  /** '0.05 box per guest' for a per-guest line, else ''. */
  perGuest: string;
  supplier: string;
  /** Where it is kept: the item's category (Dry Storage, Frozen, Wine Cellar...). */
  storage: string;
  /** On hand in the inventory now, in packages ('' when the item is gone from the inventory). */
  onHand: string;
  /** Issue 21: the item carries an allergen the event avoids ("Contains Peanuts — this event avoids Peanuts"). */
  flag: string | null;
}

export interface SpecialtyRow {
  key: string;
  name: string;
  quantity: string;
  amount: string;
  supplier: string;
  /** 'On hand', 'To order', both, or 'Not set'. */
  status: string;
  toOrder: boolean;
  /** Issue 21: as PullRow's. */
  flag: string | null;
}

export interface SheetPriceLine {
  key: string;
  name: string;
  price: string;
}

export interface SheetPricing {
  lines: SheetPriceLine[];
  inventoryTotal: string;
  specialtyTotal: string;
  /** null when an ingredient total is unavailable (the Pricing tool's error message is shown). */
  summary: { total: string; discountPercent: string; discounted: string; taxPercent: string; taxed: string } | null;
  /** Currencies other than CAD among the price lines (added at face value, as in the Pricing tool). */
  foreign: string[];
}

export interface EventSheet {
  id: number;
  name: string;
  customer: { name: string; phone: string; email: string };
  venue: { name: string; address: string; city: string };
  date: string;
  dateISO: string;
  times: SheetTimes;
  guests: string;
  type: string;
  menu: string[];
  /** Issue 21: the menu items with their ids and, when one carries an allergen the event avoids, its flag. */
  menuRows: Array<{ id: string; name: string; flag: string | null }>;
  /** Issue 21: menu items × the allergens present on the menu. */
  allergenTable: AllergenTable;
  /** Issue 21: the dietary counts and the allergens the event avoids (labels). */
  dietary: { vegetarian: number; vegan: number; glutenFree: number; avoid: string[] };
  /** Issue 21: how many menu items carry an allergen the event avoids. */
  flagged: number;
  /** Issue 21: the event has dietary needs or its menu items carry allergens (else the sheet leaves the block out). */
  showAllergens: boolean;
  notes: SheetNote[];
  /** True when any note is an allergy note (the sheet's header repeats the warning). */
  hasAllergy: boolean;
  pull: PullRow[];
  specialty: SpecialtyRow[];
  pricing: SheetPricing;
  /** Issue 21: who works the event, earliest shift first. */
  staff: SheetStaffRow[];
}

export interface SheetStaffRow {
  key: string;
  name: string;
  role: string;
  shift: string;
}

export interface EventSheetInput {
  event: CateringEvent;
  /** ingredientList-{id}: the Tool Kit's inventory ingredient lines. */
  lines: readonly ChosenIngredient[];
  /** The inventory now (where each line's item is kept and how many are on hand). */
  items: readonly InventoryItem[];
  discountPercent: number;
  taxPercent: number;
  /** staffList-{id} (issue 21), with the employees now (their current names). */
  staff?: readonly StaffAssignment[];
  employees?: readonly Employee[];
}

/** The staff rows of the sheet: name (the employee's now, else as assigned), role and shift, earliest first. */
function staffRows(
  event: CateringEvent,
  staff: readonly StaffAssignment[],
  employees: readonly Employee[],
): SheetStaffRow[] {
  const byId = new Map(employees.map((e) => [e.id ?? '', e]));
  return staff
    .map((a) => ({ a, start: shiftInterval(event, a)?.start ?? Number.MAX_SAFE_INTEGER }))
    .sort((x, y) => x.start - y.start)
    .map(({ a }) => ({
      key: a.id,
      name: employeeName(byId.get(a.employeeId), a.name),
      role: orDash(a.role),
      shift: shiftLabel(a.shiftStart, a.shiftEnd),
    }));
}

const orDash = (text: string | number | undefined | null) => {
  const value = String(text ?? '').trim();
  return value === '' ? '—' : value;
};

/** Per-guest lines (issue 11 contract): `per: 'guest'` with `perGuest`, the quantity for one guest. */
function perGuestOf(line: ChosenIngredient): number | null {
  const { per, perGuest } = line as ChosenIngredient & { per?: unknown; perGuest?: unknown };
  return per === 'guest' && typeof perGuest === 'number' && Number.isFinite(perGuest) ? perGuest : null;
}

function withUnit(value: number, unit: string): string {
  return Number.isFinite(value) ? `${formatAmount(value)} ${unit}`.trim() : '—';
}

function pullRow(
  line: ChosenIngredient,
  index: number,
  items: ReadonlyMap<string, InventoryItem>,
  avoid: readonly AllergenId[],
): PullRow {
  const item = items.get(line.id);
  const packageType = item?.packageType ?? line.packageType;
  const perGuest = perGuestOf(line);
  const amountPerUnit = item?.amountPerUnit ?? line.amountPerUnit;
  return {
    key: line.lineId ?? `${line.id}-${index}`,
    name: orDash(line.name),
    quantity: withUnit(line.quantity, packageType),
    amount:
      Number.isFinite(amountPerUnit) && amountPerUnit > 0
        ? formatMeasure(line.quantity * amountPerUnit, item?.unit ?? line.unit)
        : '',
    perGuest: perGuest === null ? '' : `${withUnit(perGuest, packageType)} per guest`,
    supplier: orDash(item?.supplierName ?? line.supplierName),
    storage: orDash(item?.category ?? line.category),
    onHand: item ? withUnit(item.quantity, item.packageType) : '',
    flag: ingredientFlag(item?.allergens, avoid),
  };
}

function specialtyRow(line: SpecialtyIngredient, index: number, avoid: readonly AllergenId[]): SpecialtyRow {
  const status =
    [line.onHand ? 'On hand' : '', line.needToOrder ? 'To order' : ''].filter(Boolean).join(', ') || 'Not set';
  return {
    key: line.id ?? `specialty-${index}`,
    name: orDash(line.name),
    quantity: withUnit(line.quantityNeeded, line.packageType),
    amount: line.unitQuantity > 0 ? formatMeasure(specialtyAmount(line), line.units) : '',
    supplier: orDash(line.supplierName),
    status,
    toOrder: line.needToOrder,
    flag: ingredientFlag(line.allergens, avoid),
  };
}

const percent = (value: number) => `${formatAmount(value)} %`;

/** The pricing summary of the Pricing tool (money.ts), as text. */
export function sheetPricing(
  prices: readonly PriceLine[],
  lines: readonly ChosenIngredient[],
  specialty: readonly SpecialtyIngredient[],
  discount: number,
  tax: number,
): SheetPricing {
  const invTotal = inventoryTotal([...lines]);
  const spTotal = specialtyTotal([...specialty]);
  const summary: PricingSummary | null = pricingSummary(prices, invTotal, spTotal, discount, tax);
  return {
    lines: prices.map((p, i) => ({
      key: p.id ?? `price-${i}`,
      name: orDash(p.name),
      price: formatMoney(p.price, p.currency.trim().toUpperCase() || undefined),
    })),
    inventoryTotal: invTotal === null ? '—' : formatMoney(invTotal),
    specialtyTotal: spTotal === null ? '—' : formatMoney(spTotal),
    summary: summary && {
      total: formatMoney(summary.total),
      discountPercent: percent(discount),
      discounted: formatMoney(summary.discounted),
      taxPercent: percent(tax),
      taxed: formatMoney(summary.taxed),
    },
    foreign: foreignCurrencies(prices),
  };
}

export function buildEventSheet({
  event,
  lines,
  items,
  discountPercent,
  taxPercent,
  staff = [],
  employees = [],
}: EventSheetInput): EventSheet {
  const byId = new Map(items.map((i) => [i.id, i]));
  const notes = (event.notes ?? [])
    .map((n, i) => ({ id: n.id ?? `note-${i}`, text: n.notes.trim(), allergy: isAllergyNote(n.notes) }))
    .filter((n) => n.text !== '');
  const specialty = event.ingredients ?? [];
  const dietary = dietaryOf(event);
  const menuLines = menuLinesOf(event).filter((l) => l.name.trim() !== '');
  const menuRows = menuLines.map((l) => {
    const hit = avoidedIn(l, dietary.avoid);
    return { id: l.id, name: l.name.trim(), flag: hit.length ? flagMessage(hit) : null };
  });
  return {
    id: event.id,
    name: orDash(event.EventName),
    customer: {
      name: orDash(`${event.CustomerFirstName} ${event.CustomerLastName}`),
      phone: orDash(event.CustomerPhoneNumber),
      email: orDash(event.CustomerEmail),
    },
    venue: { name: orDash(event.VenueName), address: orDash(event.VenueStreetAddress), city: orDash(event.VenueCity) },
    date: formatSheetDate(event.EventDate),
    dateISO: event.EventDate,
    times: sheetTimes(event.EventDate, event.StartTime, event.EndTime),
    guests: Number.isFinite(event.NumberOfGuests) ? new Intl.NumberFormat('en-CA').format(event.NumberOfGuests) : '—',
    type: orDash(event.EventType),
    menu: (event.menuItems ?? []).map((m) => m.trim()).filter((m) => m !== ''),
    menuRows,
    allergenTable: allergenTable(menuLines, dietary.avoid),
    dietary: { ...dietary, avoid: dietary.avoid.map(allergenLabel) },
    flagged: menuRows.filter((r) => r.flag !== null).length,
    showAllergens: hasDietaryNeeds(dietary) || menuLines.some((l) => l.allergens.length > 0),
    notes,
    hasAllergy: notes.some((n) => n.allergy),
    pull: lines.map((line, i) => pullRow(line, i, byId, dietary.avoid)),
    specialty: specialty.map((line, i) => specialtyRow(line, i, dietary.avoid)),
    pricing: sheetPricing(event.pricing ?? [], lines, specialty, discountPercent, taxPercent),
    staff: staffRows(event, staff, employees),
  };
}

/** The route id of an event sheet ('12' -> 12); null for anything that is not a whole positive id. */
export function parseSheetId(text: string | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
