/**
 * Small pure parts of src/sync/engine.ts: a quote or invoice counter merged without asking (the higher
 * count wins, a count that is not a whole number above 0 counts as none), the events to bring back kept
 * in number order, and the group each collection is counted in.
 */
import { describe, expect, it } from 'vitest';
import { applyPulled, countGroupOf, emptySyncState, mergeWithoutAsking } from '../../src/sync/engine';

const counter = (last: unknown, extra: Record<string, unknown> = {}) => ({
  id: 'invoice-2026',
  kind: 'invoice',
  year: 2026,
  last,
  ...extra,
});

describe('a document counter changed on two devices', () => {
  it('only counters merge; any other record is for the user', () => {
    expect(mergeWithoutAsking('events', { id: 1 }, { id: 1 })).toBeNull();
  });

  it('keeps the higher count, on the account’s record', () => {
    const theirs = counter(4, { updatedAt: 'there' });
    expect(mergeWithoutAsking('documentNumbers', counter(7), theirs)).toEqual({ ...theirs, last: 7 });
    expect(mergeWithoutAsking('documentNumbers', counter(3), theirs)).toBe(theirs);
    expect(mergeWithoutAsking('documentNumbers', null, theirs)).toBe(theirs);
  });

  it('a count on the account that is not a whole number above 0 counts as none: this device’s stands', () => {
    const mine = counter(3);
    for (const last of ['5', 2.5, -1, 0, null])
      expect(mergeWithoutAsking('documentNumbers', mine, counter(last, { note: 'theirs' })), String(last)).toBe(mine);
    expect(mergeWithoutAsking('documentNumbers', mine, null)).toBe(mine);
  });

  it('a count here that is not a whole number above 0 counts as none too: the account’s stands', () => {
    const theirs = counter(2);
    for (const last of ['5', 2.5, -1])
      expect(mergeWithoutAsking('documentNumbers', counter(last), theirs)).toBe(theirs);
  });
});

describe('events to bring back', () => {
  it('are kept in number order whatever order they came in', () => {
    const state = { ...emptySyncState(), returning: [12, 5, 8, 100] };
    expect(applyPulled(state, new Map(), []).state.returning).toEqual([5, 8, 12, 100]);
  });
});

describe('the group a collection is counted in', () => {
  it('per-event keys by their kind, named from the start (or the end for percentages); anything else is itself', () => {
    expect(countGroupOf('ingredientList-4')).toBe('ingredientLines');
    expect(countGroupOf('staffList-4')).toBe('staffLines');
    expect(countGroupOf('4-taxPercentage')).toBe('percentages');
    expect(countGroupOf('4-discountPercentage')).toBe('percentages');
    for (const other of ['myingredientList-4', 'old-staffList-4', '4-taxPercentage-old', 'events'])
      expect(countGroupOf(other)).toBe(other);
  });
});
