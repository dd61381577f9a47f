/**
 * Field-by-field comparison of a form being saved from a stale view ("mine") with the version
 * another tab saved meanwhile ("theirs"), and the merge the user chooses. Pure functions over form
 * drafts (field name to text).
 */

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
