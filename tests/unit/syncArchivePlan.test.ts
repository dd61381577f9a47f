/**
 * The pure plan of "events kept only in the account" (src/sync/archive.ts), with hand-built sync states
 * and snapshots: the edges of the cutoff and the keep time, which records hold an event here (not yet
 * agreed, set aside, in a conflict), the highest id, what an event owes, which keys become `away`, which
 * events come back, and what a fetch writes. tests/unit/syncArchive.test.ts covers the same through the
 * sync cycle with a fake server.
 */
import { describe, expect, it } from 'vitest';
import {
  applyFetched,
  awayEventIds,
  cutoffOf,
  eventsToBringBack,
  keepMonthsOf,
  markAway,
  mayKeepOnlyInAccount,
  owedHere,
  selectEvictions,
} from '../../src/sync/archive';
import {
  DELETED,
  emptySyncState,
  hashRecord,
  type ShadowEntry,
  type Snapshot,
  type SyncState,
} from '../../src/sync/engine';

const CUTOFF = '2025-11-26';
const done = (id: number, date = '2023-04-01', extra: Record<string, unknown> = {}) => ({
  id,
  EventName: `Event ${id}`,
  EventDate: date,
  status: 'completed',
  ...extra,
});

type Records = Record<string, Record<string, object>>;

function snapshotOf(records: Records, unknownHere?: string[]): Snapshot {
  const snapshot: Snapshot = new Map(
    Object.entries(records).map(([collection, byId]) => [collection, new Map(Object.entries(byId))]),
  );
  if (unknownHere) snapshot.unknownHere = new Set(unknownHere);
  return snapshot;
}

/** A state that agrees with every record of `records` (each at revision 1). */
function agreedState(records: Records, extra: Partial<SyncState> = {}): SyncState {
  const shadow: Record<string, ShadowEntry> = {};
  for (const [collection, byId] of Object.entries(records))
    for (const [id, record] of Object.entries(byId))
      shadow[`${collection}|${id}`] = { rev: 1, hash: hashRecord(record) };
  return { ...emptySyncState(), ...extra, shadow: { ...shadow, ...extra.shadow } };
}

/** Plans with everything agreed; `highest` is an open event with the highest id, so it never goes itself. */
function plan(records: Records, options: { unknownHere?: string[]; state?: Partial<SyncState> } = {}) {
  const all = { ...records, events: { ...records.events, 99: done(99, '2026-11-01', { status: 'confirmed' }) } };
  return selectEvictions(agreedState(all, options.state), snapshotOf(all, options.unknownHere), { cutoff: CUTOFF });
}

describe('the keep time and the cutoff', () => {
  it('a keep time that is not a whole number of months reads as the default 12', () => {
    for (const keepMonths of ['6', 1.5, Number.NaN, null, -3])
      expect(keepMonthsOf({ ...emptySyncState(), keepMonths } as unknown as SyncState)).toBe(12);
    expect(keepMonthsOf({ ...emptySyncState(), keepMonths: 36 })).toBe(36);
  });

  it('only a whole ISO date gives a cutoff; the day and a short year keep their leading zeros', () => {
    expect(cutoffOf('x2026-11-26', 12)).toBeNull();
    expect(cutoffOf('2026-11-26T10:00', 12)).toBeNull();
    expect(cutoffOf('2026-11-05', 12)).toBe('2025-11-05');
    expect(cutoffOf('0999-05-10', 1)).toBe('0999-04-10');
  });
});

describe('whether one event may be kept only in the account', () => {
  const none = snapshotOf({});

  it('never without a cutoff, nor with a date that is missing, not a whole ISO date, or on the cutoff', () => {
    expect(mayKeepOnlyInAccount(done(5), 5, none, CUTOFF)).toBe(true);
    expect(mayKeepOnlyInAccount(done(5), 5, none, null)).toBe(false);
    for (const EventDate of ['', '2023-4-1', '2023-04-01T12:00', ['2023-04-01'], 20230401, undefined])
      expect(mayKeepOnlyInAccount({ ...done(5), EventDate }, 5, none, CUTOFF)).toBe(false);
    expect(mayKeepOnlyInAccount(done(5, CUTOFF), 5, none, CUTOFF)).toBe(false);
    expect(mayKeepOnlyInAccount(done(5, '2025-11-25'), 5, none, CUTOFF)).toBe(true);
  });

  it('owes what the pricing tool totals after its discount and tax, less its payments', () => {
    const dinner = { pricing: [{ name: 'Dinner', price: 1000, currency: 'CAD' }] };
    const paid = (amount: number) => ({
      payments: [{ id: 'P1', amount, date: '2023-03-01', method: 'Card', note: '', reason: '' }],
    });
    const discounted = snapshotOf({ '5-discountPercentage': { value: { value: 10 } } });
    // $1,000 less 10 %: $900, paid in full.
    expect(owedHere(done(5, '2023-04-01', { ...dinner, ...paid(900) }), 5, discounted)).toBe(0);
    expect(mayKeepOnlyInAccount(done(5, '2023-04-01', { ...dinner, ...paid(900) }), 5, discounted, CUTOFF)).toBe(true);
    // Another event's discount is not this one's.
    expect(owedHere(done(6, '2023-04-01', { ...dinner, ...paid(900) }), 6, discounted)).toBe(10000);
    // A discount or tax that is not a number counts as none, as its store reads it.
    const text = snapshotOf({ '5-discountPercentage': { value: { value: '10' } }, '5-taxPercentage': { value: {} } });
    expect(owedHere(done(5, '2023-04-01', { ...dinner, ...paid(900) }), 5, text)).toBe(10000);
  });
});

describe('which events go (selectEvictions)', () => {
  it('nothing goes without a cutoff, without events, or when none may: the empty plan', () => {
    const empty = { eventIds: [], keys: [] };
    const records = { events: { 5: done(5), 6: done(6) } };
    expect(selectEvictions(agreedState(records), snapshotOf(records), { cutoff: null })).toEqual(empty);
    expect(selectEvictions(emptySyncState(), snapshotOf({}), { cutoff: CUTOFF })).toEqual(empty);
    expect(selectEvictions(emptySyncState(), snapshotOf({ events: {} }), { cutoff: CUTOFF })).toEqual(empty);
    const recent = { events: { 5: done(5, '2026-01-01'), 6: done(6, '2026-01-01') } };
    expect(selectEvictions(agreedState(recent), snapshotOf(recent), { cutoff: CUTOFF })).toEqual(empty);
  });

  it('the highest event id stays, counting deleted ids; ids that are not numbers count for nothing', () => {
    const lone = { events: { 5: done(5) } };
    expect(selectEvictions(agreedState(lone), snapshotOf(lone), { cutoff: CUTOFF }).eventIds).toEqual([]);
    const deletedLater = { ...lone, deletedEventIds: { 9: {} } };
    expect(selectEvictions(agreedState(deletedLater), snapshotOf(deletedLater), { cutoff: CUTOFF }).eventIds).toEqual([
      5,
    ]);
    const junk = { events: { 5: done(5), 7: done(7), x: done(0) }, deletedEventIds: { y: {} } };
    expect(selectEvictions(agreedState(junk), snapshotOf(junk), { cutoff: CUTOFF })).toEqual({
      eventIds: [5],
      keys: ['events|5'],
      dates: { 5: '2023-04-01' },
    });
  });

  it('an event in a conflict stays, even when its record here is as agreed', () => {
    const conflict = {
      key: 'events|5',
      collection: 'events',
      record_id: '5',
      mine: done(5),
      theirs: done(5, '2023-04-02'),
      theirsRev: 2,
    };
    expect(
      plan({ events: { 5: done(5), 6: done(6) } }, { state: { conflicts: { 'events|5': conflict } } }).eventIds,
    ).toEqual([6]);
  });

  it('an event whose own record or per-event record is not as agreed stays, outbox or not', () => {
    const records = { events: { 5: done(5), 6: done(6) }, 'ingredientList-5': { L1: { lineId: 'L1', quantity: 1 } } };
    const changed = { shadow: { 'ingredientList-5|L1': { rev: 1, hash: hashRecord({ lineId: 'L1', quantity: 2 }) } } };
    expect(plan(records, { state: changed }).eventIds).toEqual([6]);
    const renamed = {
      shadow: { 'events|6': { rev: 1, hash: hashRecord(done(6, '2023-04-01', { EventName: 'Was' })) } },
    };
    expect(plan(records, { state: renamed }).eventIds).toEqual([5]);
    // A record of no event (an inventory item) changed here holds nothing back.
    const item = { ...records, inventoryItems: { I1: { id: 'I1' } } };
    const itemChanged = { shadow: { 'inventoryItems|I1': { rev: 1, hash: hashRecord({ id: 'I1', x: 1 }) } } };
    expect(plan(item, { state: itemChanged }).eventIds).toEqual([5, 6]);
  });

  it('an event with a record set aside here (one record, or its whole list) stays; a whole events list set aside holds none', () => {
    const records = { events: { 5: done(5), 6: done(6), 7: done(7) } };
    expect(plan(records, { unknownHere: ['ingredientList-5|L9', 'staffList-7'] }).eventIds).toEqual([6]);
    expect(plan(records, { unknownHere: ['events', 'inventoryItems'] }).eventIds).toEqual([5, 6, 7]);
  });

  it('takes the event’s records and per-event records agreed here, not their tombstones nor another event’s', () => {
    const records = {
      events: { 5: done(5), 6: done(6, '2026-06-01') },
      'ingredientList-5': { L1: { lineId: 'L1' } },
      '5-taxPercentage': { value: { value: 0 } },
      'ingredientList-6': { L2: { lineId: 'L2' } },
    };
    const tombstone = { shadow: { 'ingredientList-5|L0': { rev: 3, hash: DELETED } } };
    expect(plan(records, { state: tombstone })).toEqual({
      eventIds: [5],
      keys: ['events|5', 'ingredientList-5|L1', '5-taxPercentage|value'],
      dates: { 5: '2023-04-01' },
    });
  });
});

describe('marking events away and listing them', () => {
  it('marks only keys it knows, and gives only the event’s own record its date', () => {
    const state = agreedState({ events: { 5: done(5) }, 'ingredientList-5': { 5: { lineId: '5' } } });
    const away = markAway(state, {
      eventIds: [5],
      keys: ['events|5', 'ingredientList-5|5', 'ingredientList-5|L404'],
      dates: { 5: '2023-04-01' },
    });
    expect(away.shadow['events|5']).toMatchObject({ away: true, date: '2023-04-01' });
    expect(away.shadow['ingredientList-5|5']).toEqual({ ...state.shadow['ingredientList-5|5'], away: true });
    expect(Object.keys(away.shadow).sort()).toEqual(['events|5', 'ingredientList-5|5']);
  });

  it('lists away events by their own record only, in number order', () => {
    const entry = { rev: 1, hash: 'h', away: true } as const;
    const state = {
      ...emptySyncState(),
      shadow: {
        'events|12': entry,
        'events|5': entry,
        'events|100': entry,
        'events|x': entry,
        'events|3': { rev: 1, hash: 'h' },
        'staffList-7|7': entry,
      },
    };
    expect(awayEventIds(state)).toEqual([5, 12, 100]);
  });
});

describe('which away events come back (eventsToBringBack)', () => {
  const away = (date?: string): ShadowEntry => ({ rev: 1, hash: 'h', away: true, ...(date ? { date } : {}) });

  it('those a pulled change touched that are still away; one whose date is not known; one dated on or after the cutoff', () => {
    const state: SyncState = {
      ...emptySyncState(),
      shadow: {
        'events|5': away('2023-04-01'),
        'events|6': away(),
        'events|7': away(CUTOFF),
        'events|8': away('2023-04-01'),
        'events|9': { rev: 1, hash: 'h' },
      },
      returning: [8, 9, 42],
    };
    expect(eventsToBringBack(state, CUTOFF)).toEqual([8, 7, 6]);
    expect(eventsToBringBack(state, null)).toEqual([8, 7, 6, 5]);
  });
});

describe('an event fetched from the account (applyFetched)', () => {
  const line = (id: string, quantity = 1) => ({ lineId: id, quantity });
  const change = (collection: string, record_id: string, record: object | null, rev = 2) => ({
    collection,
    record_id,
    rev,
    record,
    deleted: record === null,
  });

  it('writes only the event’s own records the account still has; what it no longer has becomes a tombstone', () => {
    const state: SyncState = {
      ...emptySyncState(),
      shadow: {
        'events|5': { rev: 1, hash: 'h5', away: true },
        'ingredientList-5|L1': { rev: 1, hash: 'h1', away: true },
        'ingredientList-5|L2': { rev: 1, hash: 'h2', away: true },
        'ingredientList-8|L3': { rev: 1, hash: 'h3', away: true },
      },
      returning: [5, 8],
    };
    const { state: next, writes } = applyFetched(state, snapshotOf({}), 5, [
      change('events', '5', done(5)),
      change('ingredientList-5', 'L1', line('L1', 4)),
      change('ingredientList-5', 'L2', null),
      change('ingredientList-8', 'L3', line('L3')),
      change('events', '50', done(50)),
    ]);
    expect(writes).toEqual([
      { collection: 'events', record_id: '5', record: done(5) },
      { collection: 'ingredientList-5', record_id: 'L1', record: line('L1', 4) },
    ]);
    expect(next.shadow['events|5']).toEqual({ rev: 2, hash: hashRecord(done(5)) });
    expect(next.shadow['ingredientList-5|L2']).toEqual({ rev: 1, hash: DELETED });
    // Another event's away record is left as it is.
    expect(next.shadow['ingredientList-8|L3']).toEqual({ rev: 1, hash: 'h3', away: true });
    expect(next.returning).toEqual([8]);
  });
});
