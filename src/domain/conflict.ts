/**
 * Field-by-field comparison of a form being saved from a stale view ("mine") with the version
 * another tab saved meanwhile ("theirs"), and the merge the user chooses. Pure functions over form
 * drafts (field name to text).
 */

import { allergenLabel, cleanAllergens, dietaryOf, dietarySummary, isAllergenId, menuLinesOf } from './allergens';

/** A form's values by field name (an object type of text, number or boolean fields). */
export type FormDraft = object;
type Values = Readonly<Record<string, string | number | boolean | undefined>>;
export type Side = 'mine' | 'theirs';

export interface FieldDifference {
  field: string;
  mine: string;
  theirs: string;
  /** This view changed the field since it loaded the record. */
  changedHere: boolean;
  /** The other tab changed the field. */
  changedThere: boolean;
}

const text = (v: string | number | boolean | undefined): string => (v === undefined ? '' : String(v));

/** The fields where mine and theirs differ, in the draft's field order. */
export function differences(baseDraft: FormDraft, mineDraft: FormDraft, theirsDraft: FormDraft): FieldDifference[] {
  const base = baseDraft as Values;
  const mine = mineDraft as Values;
  const theirs = theirsDraft as Values;
  const fields = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])];
  return fields
    .filter((field) => text(mine[field]) !== text(theirs[field]))
    .map((field) => ({
      field,
      mine: text(mine[field]),
      theirs: text(theirs[field]),
      changedHere: text(mine[field]) !== text(base[field]),
      changedThere: text(theirs[field]) !== text(base[field]),
    }));
}

/** The starting choice per field: what this view changed stays mine, everything else takes theirs. */
export function defaultChoices(diffs: readonly FieldDifference[]): Record<string, Side> {
  return Object.fromEntries(diffs.map((d) => [d.field, d.changedHere ? 'mine' : 'theirs']));
}

/** Theirs, with the fields chosen as mine taken from mine. */
export function mergeDrafts<D extends FormDraft>(mine: D, theirs: D, choices: Readonly<Record<string, Side>>): D {
  const merged = { ...theirs } as Record<string, unknown>;
  for (const [field, side] of Object.entries(choices))
    if (side === 'mine' && field in mine) merged[field] = (mine as Values)[field];
  return merged as D;
}

// ---------------------------------------------------------------- what the dialog shows

/** Fields that hold allergen ids (issue 21): the event form's Allergies to avoid, an item's or a line's allergens. */
const allergenListFields = new Set(['AllergiesToAvoid', 'allergens', 'avoid']);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The allergen ids of a field's text (ids joined by commas, or a stored JSON list); null when it is not one. */
function allergenIdsOf(text: string): string[] | null {
  const t = text.trim();
  const list = t.startsWith('[') ? parseJson(t) : t === '' ? [] : t.split(',').map((s) => s.trim());
  if (!Array.isArray(list) || !list.every(isAllergenId)) return null;
  return cleanAllergens(list);
}

const allergenNames = (ids: readonly string[]) =>
  ids.length ? cleanAllergens(ids).map(allergenLabel).join(', ') : 'None';

/**
 * A field's value in the conflict dialog's words: allergen ids as the allergens' names ("Peanuts, Milk";
 * "None" for an empty list), a synced event's dietary needs as their summary and its menu lines as the
 * dishes with their allergens. Any other value, or one that does not read as such, is shown as it is.
 */
export function shownValue(field: string, value: string): string {
  if (allergenListFields.has(field)) {
    const ids = allergenIdsOf(value);
    return ids ? allergenNames(ids) : value;
  }
  if (field === 'dietary') {
    const dietary = parseJson(value);
    if (!dietary || typeof dietary !== 'object' || Array.isArray(dietary)) return value;
    return dietarySummary(dietaryOf({ dietary })) || 'None';
  }
  if (field === 'menuLines') {
    const lines = parseJson(value);
    if (!Array.isArray(lines)) return value;
    const names = lines.map((l: { name?: unknown }) => (l && typeof l.name === 'string' ? l.name : ''));
    return (
      menuLinesOf({ menuItems: names, menuLines: lines })
        .map((l) => (l.allergens.length ? `${l.name} (${allergenNames(l.allergens)})` : l.name))
        .join('; ') || 'None'
    );
  }
  return value;
}

/** The differences as the dialog shows them: each side's value in the dialog's words (`shownValue`). */
export function shownDifferences(diffs: readonly FieldDifference[]): FieldDifference[] {
  return diffs.map((d) => ({ ...d, mine: shownValue(d.field, d.mine), theirs: shownValue(d.field, d.theirs) }));
}
