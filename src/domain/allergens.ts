/**
 * Allergens and dietary needs (issue 21 part 4). Pure functions.
 *
 * The list: Canada's priority allergens and the EU's 14, in one list of fourteen. An allergen is
 * stored by its id (`peanuts`, `wheatGluten`), shown by its label.
 *
 * Menu items: the spec's `menuItems` text list stays as it is (earlier builds read and write it).
 * Beside it the event keeps `menuLines`, one `{ id, name, allergens }` per item in the same order:
 * tags belong to the line's id, never to a position. `menuLinesOf` pairs the two lists on every read:
 * a line whose text an earlier build deleted, moved or changed is found by its text, not by its
 * position, so a tag never moves to another dish; a text with no line gets a new one without tags.
 */
import type { CateringEvent } from '../storage/schemas';

export const allergens = [
  { id: 'peanuts', label: 'Peanuts' },
  { id: 'treeNuts', label: 'Tree nuts' },
  { id: 'sesame', label: 'Sesame' },
  { id: 'milk', label: 'Milk' },
  { id: 'eggs', label: 'Eggs' },
  { id: 'fish', label: 'Fish' },
  { id: 'crustaceans', label: 'Crustaceans' },
  { id: 'molluscs', label: 'Molluscs' },
  { id: 'soy', label: 'Soy' },
  { id: 'wheatGluten', label: 'Wheat and gluten' },
  { id: 'mustard', label: 'Mustard' },
  { id: 'sulphites', label: 'Sulphites' },
  { id: 'celery', label: 'Celery' },
  { id: 'lupin', label: 'Lupin' },
] as const;

export type AllergenId = (typeof allergens)[number]['id'];

export const allergenIds: readonly AllergenId[] = allergens.map((a) => a.id);

export function isAllergenId(value: unknown): value is AllergenId {
  return typeof value === 'string' && (allergenIds as readonly string[]).includes(value);
}

export function allergenLabel(id: AllergenId): string {
  return allergens.find((a) => a.id === id)?.label ?? id;
}

/** The known allergens of a stored value, each once, in the list's order (unknown ids and non-arrays are dropped). */
export function cleanAllergens(value: unknown): AllergenId[] {
  if (!Array.isArray(value)) return [];
  const chosen = new Set(value.filter(isAllergenId));
  return allergenIds.filter((id) => chosen.has(id));
}

/** `selected` with `allergen` added, or taken away when it was there; in the list's order. */
export function toggleAllergen(selected: readonly AllergenId[], allergen: AllergenId): AllergenId[] {
  const next = new Set(selected);
  if (next.has(allergen)) next.delete(allergen);
  else next.add(allergen);
  return allergenIds.filter((id) => next.has(id));
}

/** The event form keeps Allergies to avoid as text (drafts and conflicts compare text): ids joined by commas. */
export function avoidToText(ids: readonly AllergenId[]): string {
  return cleanAllergens(ids).join(',');
}

export function avoidFromText(text: string): AllergenId[] {
  return cleanAllergens(text.split(',').map((s) => s.trim()));
}

// ---------------------------------------------------------------- menu lines

/** One menu item with its identity and its allergens. */
export interface MenuLine {
  id: string;
  name: string;
  allergens: AllergenId[];
}

type StoredLine = { id?: unknown; name?: unknown; allergens?: unknown };

/**
 * The event's menu items with their ids and allergens, in `menuItems` order. Each text takes the first
 * stored line with the same text not taken yet; a text no line has (added by an earlier build) gets a
 * new id (`menu-line-<n>`, never one a stored line has) and no allergens.
 */
export function menuLinesOf(event: Pick<CateringEvent, 'menuItems'> & { menuLines?: unknown }): MenuLine[] {
  const items = event.menuItems ?? [];
  const stored = (Array.isArray(event.menuLines) ? (event.menuLines as StoredLine[]) : []).filter(
    (l): l is { id: string; name: string; allergens?: unknown } =>
      !!l && typeof l === 'object' && typeof l.id === 'string' && l.id !== '' && typeof l.name === 'string',
  );
  const taken = new Set<number>();
  const ids = new Set<string>();
  const lines = items.map((name, i) => {
    const at = stored.findIndex((l, j) => !taken.has(j) && l.name === name && !ids.has(l.id));
    if (at < 0) return { id: '', name, allergens: [] as AllergenId[], index: i };
    taken.add(at);
    ids.add(stored[at]!.id);
    return { id: stored[at]!.id, name, allergens: cleanAllergens(stored[at]!.allergens), index: i };
  });
  const storedIds = new Set(stored.map((l) => l.id));
  return lines.map(({ index, ...line }) => {
    if (line.id) return line;
    let id = `menu-line-${index}`;
    for (let n = 2; storedIds.has(id) || ids.has(id); n++) id = `menu-line-${index}-${n}`;
    ids.add(id);
    return { ...line, id };
  });
}

/** What the Menu tool stores: the spec's text list, and the lines beside it. */
export function menuPatch(lines: readonly MenuLine[]): { menuItems: string[]; menuLines: MenuLine[] } {
  return {
    menuItems: lines.map((l) => l.name),
    menuLines: lines.map((l) => ({ id: l.id, name: l.name, allergens: [...l.allergens] })),
  };
}

// ---------------------------------------------------------------- dietary needs and flags

/** The event's dietary needs as stored (the extra field `dietary`, absent on earlier events). */
export interface DietaryNeeds {
  vegetarian: number;
  vegan: number;
  glutenFree: number;
  avoid: AllergenId[];
}

export const noDietaryNeeds: DietaryNeeds = { vegetarian: 0, vegan: 0, glutenFree: 0, avoid: [] };

const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0);

export function dietaryOf(event: { dietary?: unknown }): DietaryNeeds {
  const d = event.dietary;
  if (!d || typeof d !== 'object') return noDietaryNeeds;
  const r = d as Record<string, unknown>;
  return {
    vegetarian: count(r.vegetarian),
    vegan: count(r.vegan),
    glutenFree: count(r.glutenFree),
    avoid: cleanAllergens(r.avoid),
  };
}

export function hasDietaryNeeds(d: DietaryNeeds): boolean {
  return d.vegetarian > 0 || d.vegan > 0 || d.glutenFree > 0 || d.avoid.length > 0;
}

/** A menu item that carries allergens the event avoids. */
export interface AllergenFlag {
  lineId: string;
  name: string;
  /** The avoided allergens the item carries, in the list's order. */
  allergens: AllergenId[];
  /** "Contains Peanuts — this event avoids Peanuts" (several: "Contains Peanuts, Milk — this event avoids Peanuts, Milk"). */
  message: string;
}

export function flagMessage(ids: readonly AllergenId[]): string {
  const names = ids.map(allergenLabel).join(', ');
  return `Contains ${names} — this event avoids ${names}`;
}

/** The allergens of `line` the event avoids (empty when none). */
export function avoidedIn(line: Pick<MenuLine, 'allergens'>, avoid: readonly AllergenId[]): AllergenId[] {
  return line.allergens.filter((a) => avoid.includes(a));
}

/**
 * The flag of an ingredient (an inventory item's or a specialty line's stored allergens, read
 * tolerantly) against the event's avoided allergens: the Menu tool's words, or null.
 */
export function ingredientFlag(allergens: unknown, avoid: readonly AllergenId[]): string | null {
  const hit = avoidedIn({ allergens: cleanAllergens(allergens) }, avoid);
  return hit.length ? flagMessage(hit) : null;
}

/** Every menu item carrying an allergen the event avoids, in menu order. */
export function allergenFlags(lines: readonly MenuLine[], avoid: readonly AllergenId[]): AllergenFlag[] {
  return lines.flatMap((line) => {
    const hit = avoidedIn(line, avoid);
    return hit.length ? [{ lineId: line.id, name: line.name, allergens: hit, message: flagMessage(hit) }] : [];
  });
}

/** The flags of a stored event (its menu lines against its Allergies to avoid). */
export function eventAllergenFlags(event: CateringEvent): AllergenFlag[] {
  return allergenFlags(menuLinesOf(event), dietaryOf(event).avoid);
}

/** The event sheet's allergen table: the allergens present on the menu (columns) × the menu items (rows). */
export interface AllergenTable {
  columns: Array<{ id: AllergenId; label: string; avoided: boolean }>;
  rows: Array<{ id: string; name: string; cells: boolean[]; flagged: boolean }>;
}

export function allergenTable(lines: readonly MenuLine[], avoid: readonly AllergenId[]): AllergenTable {
  const shown = lines.filter((l) => l.name.trim() !== '');
  const present = new Set(shown.flatMap((l) => l.allergens));
  const columns = allergenIds
    .filter((id) => present.has(id))
    .map((id) => ({ id, label: allergenLabel(id), avoided: avoid.includes(id) }));
  return {
    columns,
    rows: shown.map((l) => ({
      id: l.id,
      name: l.name.trim(),
      cells: columns.map((c) => l.allergens.includes(c.id)),
      flagged: avoidedIn(l, avoid).length > 0,
    })),
  };
}

// ---------------------------------------------------------------- the event form's counts

export type DietaryCountField = 'Vegetarian' | 'Vegan' | 'GlutenFree';

export const dietaryCountLabels: Record<DietaryCountField, string> = {
  Vegetarian: 'Vegetarian',
  Vegan: 'Vegan',
  GlutenFree: 'Gluten-free',
};

/**
 * A dietary count as typed: empty is 0; otherwise a whole number from 0 to the number of guests.
 * Returns the message, or null when the count is fine.
 */
export function checkDietaryCount(field: DietaryCountField, text: string, guestsText: string): string | null {
  const value = text.trim();
  if (value === '') return null;
  const label = dietaryCountLabels[field];
  if (!/^\d+$/.test(value)) return `${label} guests must be a whole number, 0 or more.`;
  const guests = Number(guestsText);
  const n = Number(value);
  if (Number.isInteger(guests) && guests > 0 && n > guests)
    return `${label} guests (${n}) cannot be more than the number of guests (${guests}).`;
  return null;
}

/** The form's dietary text fields as stored, or undefined when nothing is set (earlier events stay as they were). */
export function dietaryFromForm(
  values: { Vegetarian: string; Vegan: string; GlutenFree: string; AllergiesToAvoid: string },
  had: boolean,
): DietaryNeeds | undefined {
  const n = (t: string) => (/^\d+$/.test(t.trim()) ? Number(t.trim()) : 0);
  const d = {
    vegetarian: n(values.Vegetarian),
    vegan: n(values.Vegan),
    glutenFree: n(values.GlutenFree),
    avoid: avoidFromText(values.AllergiesToAvoid),
  };
  return hasDietaryNeeds(d) || had ? d : undefined;
}

/** One line for an event's details: "Vegetarian 4 · Vegan 2 · Gluten-free 1 · Avoid Peanuts, Milk" ('' when none). */
export function dietarySummary(d: DietaryNeeds): string {
  const parts = [
    d.vegetarian ? `Vegetarian ${d.vegetarian}` : '',
    d.vegan ? `Vegan ${d.vegan}` : '',
    d.glutenFree ? `Gluten-free ${d.glutenFree}` : '',
    d.avoid.length ? `Avoid ${d.avoid.map(allergenLabel).join(', ')}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}
