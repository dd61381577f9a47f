import { describe, expect, it } from 'vitest';
import {
  defaultChoices,
  differences,
  mergeDrafts,
  shownDifferences,
  shownValue,
  type FieldDifference,
} from '../../src/domain/conflict';

interface Draft {
  name: string;
  guests: number | string;
  notes?: string;
  paid?: boolean;
}

describe('differences: only the fields where mine and theirs differ', () => {
  it('lists nothing when mine and theirs hold the same values', () => {
    const base: Draft = { name: 'Gala', guests: 40 };
    expect(differences(base, { name: 'Gala', guests: 50 }, { name: 'Gala', guests: 50 })).toEqual([]);
  });

  it('reports each differing field with both texts and who changed it, in the draft field order', () => {
    const base: Draft = { name: 'Gala', guests: 40, notes: 'x' };
    const mine: Draft = { name: 'Gala dinner', guests: 40, notes: 'x' };
    const theirs: Draft = { name: 'Gala', guests: 60, notes: 'x' };
    expect(differences(base, mine, theirs)).toEqual<FieldDifference[]>([
      { field: 'name', mine: 'Gala dinner', theirs: 'Gala', changedHere: true, changedThere: false },
      { field: 'guests', mine: '40', theirs: '60', changedHere: false, changedThere: true },
    ]);
  });

  it('marks a field both sides changed (differently) as changed here and there', () => {
    const [diff] = differences({ name: 'A' }, { name: 'B' }, { name: 'C' });
    expect(diff).toEqual({ field: 'name', mine: 'B', theirs: 'C', changedHere: true, changedThere: true });
  });

  it('compares values as text: the number 40 and the text "40" are the same', () => {
    expect(differences({ guests: 40 }, { guests: '40' }, { guests: 40 })).toEqual([]);
    const [diff] = differences({ guests: '40' }, { guests: 40 }, { guests: 41 });
    expect(diff).toEqual({ field: 'guests', mine: '40', theirs: '41', changedHere: false, changedThere: true });
  });

  it('treats a missing field as blank text, so missing and "" do not differ', () => {
    expect(differences({}, { notes: '' }, {})).toEqual([]);
    expect(differences({}, {}, { notes: '' })).toEqual([]);
  });

  it('includes a field present only on theirs, with mine blank', () => {
    expect(differences({}, {}, { notes: 'late delivery' })).toEqual([
      { field: 'notes', mine: '', theirs: 'late delivery', changedHere: false, changedThere: true },
    ]);
  });

  it('includes a field present only on mine, with theirs blank, and a base missing it counts as blank', () => {
    expect(differences({}, { paid: true }, {})).toEqual([
      { field: 'paid', mine: 'true', theirs: '', changedHere: true, changedThere: false },
    ]);
  });

  it('lists a field present on both only once', () => {
    const diffs = differences({ name: 'A' }, { name: 'B' }, { name: 'C' });
    expect(diffs.map((d) => d.field)).toEqual(['name']);
  });
});

describe('defaultChoices: what this view changed stays mine, the rest takes theirs', () => {
  it('chooses mine for fields changed here and theirs for the others', () => {
    const diffs = differences(
      { name: 'A', guests: 1, notes: 'n' },
      { name: 'B', guests: 1, notes: 'm' },
      { name: 'A', guests: 2, notes: 'o' },
    );
    expect(defaultChoices(diffs)).toEqual({ name: 'mine', guests: 'theirs', notes: 'mine' });
  });

  it('gives no choices when there are no differences', () => {
    expect(defaultChoices([])).toEqual({});
  });
});

describe('mergeDrafts: theirs, with the fields chosen as mine taken from mine', () => {
  const mine: Draft = { name: 'Mine', guests: 10, notes: 'my notes' };
  const theirs: Draft = { name: 'Theirs', guests: 20, notes: 'their notes' };

  it('takes the fields chosen as mine from mine and everything else from theirs', () => {
    expect(mergeDrafts(mine, theirs, { name: 'mine', guests: 'theirs' })).toEqual({
      name: 'Mine',
      guests: 20,
      notes: 'their notes',
    });
  });

  it('with no choices gives a copy of theirs, not theirs itself', () => {
    const merged = mergeDrafts(mine, theirs, {});
    expect(merged).toEqual(theirs);
    expect(merged).not.toBe(theirs);
  });

  it('ignores a choice of mine for a field mine does not have', () => {
    const merged = mergeDrafts<Draft>({ name: 'Mine', guests: 10 }, theirs, { notes: 'mine' });
    expect(merged).toEqual({ name: 'Theirs', guests: 20, notes: 'their notes' });
  });

  it('leaves theirs unchanged', () => {
    mergeDrafts(mine, theirs, { name: 'mine', guests: 'mine', notes: 'mine' });
    expect(theirs).toEqual({ name: 'Theirs', guests: 20, notes: 'their notes' });
  });
});

describe('shownValue: the dialog’s words for allergen fields (issue 21)', () => {
  it('names the allergens of a list of ids, as form text or as a stored list, "None" when empty', () => {
    expect(shownValue('AllergiesToAvoid', 'peanuts,treeNuts')).toBe('Peanuts, Tree nuts');
    expect(shownValue('allergens', 'wheatGluten')).toBe('Wheat and gluten');
    expect(shownValue('allergens', '["sulphites","milk"]')).toBe('Milk, Sulphites');
    expect(shownValue('allergens', '')).toBe('None');
    expect(shownValue('allergens', '[]')).toBe('None');
  });

  it('leaves a value that is not a list of allergen ids, and every other field, as it is', () => {
    expect(shownValue('allergens', 'peanuts,cheese')).toBe('peanuts,cheese');
    expect(shownValue('EventName', 'peanuts')).toBe('peanuts');
    expect(shownValue('dietary', 'not json')).toBe('not json');
  });

  it('a synced event’s dietary needs and menu lines read as words', () => {
    expect(shownValue('dietary', '{"vegetarian":4,"vegan":0,"glutenFree":1,"avoid":["peanuts","milk"]}')).toBe(
      'Vegetarian 4 · Gluten-free 1 · Avoid Peanuts, Milk',
    );
    expect(
      shownValue('menuLines', '[{"id":"m1","name":"Satay","allergens":["peanuts","soy"]},{"id":"m2","name":"Rice"}]'),
    ).toBe('Satay (Peanuts, Soy); Rice');
  });

  it('shownDifferences changes only the words shown, not who changed what', () => {
    const diffs = differences({ allergens: 'milk' }, { allergens: 'peanuts' }, { allergens: 'milk' });
    expect(shownDifferences(diffs)).toEqual([
      { field: 'allergens', mine: 'Peanuts', theirs: 'Milk', changedHere: true, changedThere: false },
    ]);
  });
});
