/**
 * What the seventh mutation pass of src/sync (docs/testing.md, "Seventh pass") found unchecked in
 * src/sync/engine.ts since the sliced join: `applyPulledChange` (one pulled change applied) and
 * `renumberedOnBoth` (an issued document given another revision number on two devices).
 */
import { describe, expect, it } from 'vitest';
import {
  applyPulled,
  DELETED,
  emptySyncState,
  hashRecord,
  keyOf,
  mergeWithoutAsking,
  type PulledChange,
  type Snapshot,
  type SyncState,
} from '../../src/sync/engine';

const snapshotOf = (records: Record<string, Record<string, object>>, unknownHere?: string[]): Snapshot => {
  const map = new Map(
    Object.entries(records).map(([collection, byId]) => [collection, new Map(Object.entries(byId))]),
  ) as Snapshot;
  if (unknownHere) map.unknownHere = new Set(unknownHere);
  return map;
};
const pulled = (collection: string, record_id: string, rev: number, record: object | null): PulledChange => ({
  collection,
  record_id,
  rev,
  record,
  deleted: record === null,
});

const SUP = keyOf('suppliers', 'S-1');
const supplier = (name: string) => ({ supplierID: 'S-1', supplierName: name });
const agreed = (rev: number, record: object): SyncState => ({
  ...emptySyncState(),
  shadow: { [SUP]: { rev, hash: hashRecord(record) } },
});

describe('applyPulled: a change that is the version agreed already', () => {
  it('skips only the same revision with the same content', () => {
    const state = agreed(3, supplier('A'));
    const here = snapshotOf({ suppliers: { 'S-1': supplier('B') } }); // changed here since
    const same = applyPulled(state, here, [pulled('suppliers', 'S-1', 3, supplier('A'))]);
    expect(same.writes).toEqual([]);
    expect(same.state.conflicts).toEqual({});
    expect(same.state.shadow[SUP]).toEqual({ rev: 3, hash: hashRecord(supplier('A')) });
  });

  it('the same content at a later revision moves the agreed revision on', () => {
    const state = agreed(3, supplier('A'));
    const here = snapshotOf({ suppliers: { 'S-1': supplier('A') } });
    const next = applyPulled(state, here, [pulled('suppliers', 'S-1', 4, supplier('A'))]);
    expect(next.writes).toEqual([]);
    expect(next.state.shadow[SUP]).toEqual({ rev: 4, hash: hashRecord(supplier('A')) });
  });

  it('other content at the agreed revision is taken, not skipped', () => {
    const state = agreed(3, supplier('A'));
    const here = snapshotOf({ suppliers: { 'S-1': supplier('A') } });
    const next = applyPulled(state, here, [pulled('suppliers', 'S-1', 3, supplier('C'))]);
    expect(next.writes).toEqual([{ collection: 'suppliers', record_id: 'S-1', record: supplier('C') }]);
    expect(next.state.shadow[SUP]).toEqual({ rev: 3, hash: hashRecord(supplier('C')) });
  });
});

describe('applyPulled: an event kept only in the account', () => {
  const EV = keyOf('events', '5');
  const away: SyncState = { ...emptySyncState(), shadow: { [EV]: { rev: 2, hash: 'h', away: true } } };

  it('changed elsewhere: stays away at its new revision, with its date, and comes back to be looked at', () => {
    const record = { EventID: 5, EventName: 'Gala', EventDate: '2027-01-02' };
    const next = applyPulled(away, snapshotOf({}), [pulled('events', '5', 3, record)]);
    expect(next.writes).toEqual([]);
    expect(next.state.shadow[EV]).toEqual({ rev: 3, hash: hashRecord(record), away: true, date: '2027-01-02' });
    expect(next.state.returning).toEqual([5]);
  });

  it('a date that is not text is not kept', () => {
    const record = { EventID: 5, EventDate: 20270102 };
    const next = applyPulled(away, snapshotOf({}), [pulled('events', '5', 3, record)]);
    expect(next.state.shadow[EV]).toEqual({ rev: 3, hash: hashRecord(record), away: true });
  });

  it('deleted elsewhere: agreed as deleted at its revision, no longer away', () => {
    const next = applyPulled(away, snapshotOf({}), [pulled('events', '5', 4, null)]);
    expect(next.state.shadow[EV]).toEqual({ rev: 4, hash: DELETED });
    expect(next.writes).toEqual([]);
  });

  it('here again (its record on this device): a change elsewhere is written here like any other', () => {
    const old = { EventID: 5, EventName: 'Gala' };
    const state: SyncState = { ...emptySyncState(), shadow: { [EV]: { rev: 2, hash: hashRecord(old), away: true } } };
    const changed = { EventID: 5, EventName: 'Gala dinner' };
    const next = applyPulled(state, snapshotOf({ events: { '5': old } }), [pulled('events', '5', 3, changed)]);
    expect(next.writes).toEqual([{ collection: 'events', record_id: '5', record: changed }]);
    expect(next.state.shadow[EV]).toEqual({ rev: 3, hash: hashRecord(changed) });
    expect(next.state.returning ?? []).toEqual([]);
  });
});

describe('applyPulled: a conflict waiting for the user', () => {
  it('takes the newer version into the conflict, even one equal to what is here; the agreed version waits', () => {
    const conflict = {
      key: SUP,
      collection: 'suppliers',
      record_id: 'S-1',
      mine: supplier('Mine'),
      theirs: supplier('Theirs'),
      theirsRev: 4,
    };
    const state: SyncState = { ...agreed(3, supplier('Base')), conflicts: { [SUP]: conflict } };
    const here = snapshotOf({ suppliers: { 'S-1': supplier('Mine') } });
    const next = applyPulled(state, here, [pulled('suppliers', 'S-1', 5, supplier('Mine'))]);
    expect(next.state.conflicts[SUP]).toEqual({ ...conflict, theirs: supplier('Mine'), theirsRev: 5 });
    expect(next.state.shadow[SUP]).toEqual({ rev: 3, hash: hashRecord(supplier('Base')) });
    expect(next.writes).toEqual([]);
  });
});

describe('applyPulled: what is changed here', () => {
  it('a record changed here (not set aside) against another change elsewhere is a conflict, nothing written', () => {
    const state = agreed(3, supplier('A'));
    const here = snapshotOf({ suppliers: { 'S-1': supplier('B') } }, ['events']);
    const next = applyPulled(state, here, [pulled('suppliers', 'S-1', 4, supplier('C'))]);
    expect(next.writes).toEqual([]);
    expect(next.state.conflicts[SUP]).toMatchObject({ mine: supplier('B'), theirs: supplier('C'), theirsRev: 4 });
  });

  it('a record set aside here and never agreed takes the account version', () => {
    const here = snapshotOf({}, [SUP]);
    const next = applyPulled(emptySyncState(), here, [pulled('suppliers', 'S-1', 1, supplier('C'))]);
    expect(next.writes).toEqual([{ collection: 'suppliers', record_id: 'S-1', record: supplier('C') }]);
    expect(next.state.shadow[SUP]).toEqual({ rev: 1, hash: hashRecord(supplier('C')) });
  });

  it('a counter whose higher count is here: agreed, and nothing written when the merge is what is here', () => {
    const KEY = keyOf('documentNumbers', 'invoice-2027');
    const counter = (last: number) => ({ id: 'invoice-2027', kind: 'invoice', year: 2027, last });
    const state: SyncState = { ...emptySyncState(), shadow: { [KEY]: { rev: 1, hash: hashRecord(counter(2)) } } };
    const here = snapshotOf({ documentNumbers: { 'invoice-2027': counter(5) } });
    const next = applyPulled(state, here, [pulled('documentNumbers', 'invoice-2027', 2, counter(3))]);
    expect(next.writes).toEqual([]);
    expect(next.state.conflicts).toEqual({});
    expect(next.state.shadow[KEY]).toEqual({ rev: 2, hash: hashRecord(counter(3)) });
  });
});

describe('mergeWithoutAsking: an issued document with another revision number on each device', () => {
  const doc = (revision: unknown, number = 'INV-2027-001') => ({ id: 'd1', number, revision, total: 100 });
  const merge = (mine: object | null, theirs: object | null) => mergeWithoutAsking('issuedDocuments', mine, theirs);

  it('keeps the higher revision, the account version on a tie', () => {
    expect(merge(doc(2), doc(3))).toEqual(doc(3));
    expect(merge(doc(3), doc(2))).toEqual(doc(3));
    expect(merge(doc(3, 'INV-2027-001'), doc(3, 'INV-2027-002'))).toEqual(doc(3, 'INV-2027-002'));
  });

  it('asks the user when either side is deleted, not revised, or has no revision number', () => {
    expect(merge(doc(3), null)).toBeNull();
    expect(merge(null, doc(3))).toBeNull();
    expect(merge(doc(3), doc(1))).toBeNull();
    expect(merge(doc(1), doc(3))).toBeNull();
    expect(merge(doc(3), doc(undefined))).toBeNull();
    expect(merge(doc(undefined), doc(3))).toBeNull();
    expect(merge(doc(undefined), doc(undefined))).toBeNull();
    expect(merge(doc(3), { ...doc(2), total: 90 })).toBeNull();
  });
});

describe('applyPulled: a record of an event kept only in the account, deleted here before the event went away', () => {
  it('made again elsewhere: it stays in the account with its event, not written here', () => {
    const EV = keyOf('events', '5');
    const LINE = keyOf('ingredientList-5', 'L1');
    const state: SyncState = {
      ...emptySyncState(),
      shadow: { [EV]: { rev: 2, hash: 'h', away: true }, [LINE]: { rev: 3, hash: DELETED } },
    };
    const line = { lineId: 'L1', qty: 2 };
    const next = applyPulled(state, snapshotOf({}), [pulled('ingredientList-5', 'L1', 4, line)]);
    expect(next.writes).toEqual([]);
    expect(next.state.shadow[LINE]).toEqual({ rev: 4, hash: hashRecord(line), away: true });
    // Not a record it held when it went away: the event is not brought back for it.
    expect(next.state.returning ?? []).toEqual([]);
  });
});
