/**
 * The client's sync engine (src/sync/engine.ts) and its cycle (src/sync/cycle.ts, src/sync/remote.ts)
 * case by case: each branch of taking the server's answers, with hand-built states, so a planted bug in
 * any branch fails a test here (docs/testing.md, mutation testing).
 */
import { describe, expect, it, vi } from 'vitest';
import { chooseForConflict, noteLocalChanges, pullChanges, pushChanges, PUSH_BATCH } from '../../src/sync/cycle';
import {
  applyPulled,
  applyPushed,
  canonical,
  countRecords,
  DELETED,
  emptySyncState,
  hashRecord,
  keyOf,
  recordChanges,
  resolveConflict,
  type OutboxEntry,
  type Snapshot,
  type SyncState,
} from '../../src/sync/engine';
import { classify, createRemote, type RpcAnswer } from '../../src/sync/remote';
import { describeCounts, eventHoldings, groupOf } from '../../src/machines/sync/sync.connect';
import { FakeDevice, FakeSyncServer, testId } from '../support/fakeSyncServer';

const KEY = keyOf('suppliers', 'S-1');
const supplier = (name: string, rev = 1) => ({ supplierID: 'S-1', supplierName: name, rev });
const snapshotOf = (record: object | null): Snapshot =>
  record ? new Map([['suppliers', new Map([['S-1', record]])]]) : new Map();
const entry = (record: object | null, over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  collection: 'suppliers',
  record_id: 'S-1',
  base_rev: 2,
  record,
  deleted: record === null,
  client_change_id: 'c-1',
  hash: hashRecord(record),
  localRev: 1,
  previous: [],
  ...over,
});
const stateWith = (over: Partial<SyncState>): SyncState => ({ ...emptySyncState(), ...over });
let ids = 0;
const newId = () => `new-${++ids}`;

/** FNV-1a 32-bit, written out here to check the engine's fingerprint independently. */
function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (const unit of Array.from({ length: text.length }, (_v, i) => text.charCodeAt(i))) {
    h = Math.imul(h ^ unit, 0x01000193) >>> 0;
  }
  return `${h.toString(36)}.${text.length.toString(36)}`;
}

describe('canonical text and fingerprints', () => {
  it('sorts keys at every depth, keeps arrays in order and drops undefined values', () => {
    expect(canonical({ c: 1, a: [3, { z: 1, b: 2 }], B: undefined, b: 'x' })).toBe(
      '{"a":[3,{"b":2,"z":1}],"b":"x","c":1}',
    );
    expect(canonical({ b: 1, a: 2, c: 3, A: 4 })).toBe('{"A":4,"a":2,"b":1,"c":3}');
  });

  it('drops rev and updatedAt only at the top, and writes a missing value as null', () => {
    expect(canonical({ rev: 1, updatedAt: 'now', lines: [{ rev: 2 }], meta: { updatedAt: 'x' } })).toBe(
      '{"lines":[{"rev":2}],"meta":{"updatedAt":"x"}}',
    );
    expect(canonical(undefined)).toBe('null');
    expect(canonical('a')).toBe('"a"');
    expect(canonical({ rev: 3 }, false)).toBe('{"rev":3}');
  });

  it('is FNV-1a over the canonical text with its length, and the tombstone mark for a delete', () => {
    const record = { supplierName: 'Harbour', supplierID: 'S-1', rev: 4 };
    expect(hashRecord(record)).toBe(fnv(canonical(record)));
    expect(hashRecord({ a: 'é' })).toBe(fnv('{"a":"é"}'));
    expect(hashRecord(null)).toBe(DELETED);
    expect(DELETED).toBe('∅');
    expect(emptySyncState()).toEqual({
      v: 1,
      device: 'undecided',
      cursor: 0,
      lastSyncedAt: null,
      shadow: {},
      outbox: {},
      conflicts: {},
    });
  });
});

describe('noting local changes', () => {
  it('takes the local revision only when it is a finite number', () => {
    for (const [rev, expected] of [
      [5, 5],
      ['5', 0],
      [Number.NaN, 0],
      [Number.POSITIVE_INFINITY, 0],
      [undefined, 0],
    ] as const) {
      const state = recordChanges(emptySyncState(), snapshotOf({ supplierID: 'S-1', rev }), newId);
      expect(state.outbox[KEY]!.localRev).toBe(expected);
    }
  });

  it('leaves a record in conflict alone until the user chooses', () => {
    const conflict = { key: KEY, collection: 'suppliers', record_id: 'S-1', mine: null, theirs: null, theirsRev: 2 };
    const state = recordChanges(stateWith({ conflicts: { [KEY]: conflict } }), snapshotOf(supplier('Mine')), newId);
    expect(state.outbox).toEqual({});
  });

  it('remembers the last five earlier contents of a change that may have reached the server', () => {
    let state = emptySyncState();
    const hashes: string[] = [];
    for (let n = 0; n < 8; n++) {
      const record = supplier(`Name ${n}`);
      hashes.push(hashRecord(record));
      state = recordChanges(state, snapshotOf(record), newId);
    }
    expect(state.outbox[KEY]!.previous).toEqual(hashes.slice(2, 7));
  });
});

describe('taking pulled changes', () => {
  const agreed = (record: object | null, rev = 2) => ({ [KEY]: { rev, hash: hashRecord(record) } });

  it('skips this device’s own change coming back', () => {
    const mine = supplier('Mine');
    const state = stateWith({ shadow: agreed(mine, 3) });
    const { state: next, writes } = applyPulled(state, snapshotOf(mine), [
      { collection: 'suppliers', record_id: 'S-1', rev: 3, record: mine, deleted: false },
    ]);
    expect(writes).toEqual([]);
    expect(next.shadow).toEqual(state.shadow);
  });

  it('writes another device’s change when this device did not change the record', () => {
    const base = supplier('Base');
    const theirs = supplier('Theirs', 4);
    const { state, writes } = applyPulled(stateWith({ shadow: agreed(base) }), snapshotOf(base), [
      { collection: 'suppliers', record_id: 'S-1', rev: 3, record: theirs, deleted: false },
    ]);
    expect(writes).toEqual([{ collection: 'suppliers', record_id: 'S-1', record: theirs }]);
    expect(state.shadow[KEY]).toEqual({ rev: 3, hash: hashRecord(theirs) });
    expect(state.conflicts).toEqual({});
  });

  it('agrees without a write when both devices made the same change', () => {
    const same = supplier('Same');
    const pending = entry(same);
    const { state, writes } = applyPulled(
      stateWith({ shadow: agreed(supplier('Base')), outbox: { [KEY]: pending } }),
      snapshotOf(same),
      [{ collection: 'suppliers', record_id: 'S-1', rev: 3, record: { ...same, rev: 9 }, deleted: false }],
    );
    expect(writes).toEqual([]);
    expect(state.outbox).toEqual({});
    expect(state.shadow[KEY]).toEqual({ rev: 3, hash: hashRecord(same) });
  });

  it('makes a conflict when both changed it, and keeps it up to date with the newest version', () => {
    const mine = supplier('Mine');
    let { state } = applyPulled(
      stateWith({ shadow: agreed(supplier('Base')), outbox: { [KEY]: entry(mine) } }),
      snapshotOf(mine),
      [{ collection: 'suppliers', record_id: 'S-1', rev: 3, record: supplier('Theirs'), deleted: false }],
    );
    expect(state.outbox).toEqual({});
    expect(state.conflicts[KEY]).toMatchObject({ mine, theirs: supplier('Theirs'), theirsRev: 3 });
    ({ state } = applyPulled(state, snapshotOf(mine), [
      { collection: 'suppliers', record_id: 'S-1', rev: 4, record: null, deleted: true },
    ]));
    expect(state.conflicts[KEY]).toMatchObject({ mine, theirs: null, theirsRev: 4 });
    expect(state.shadow[KEY]!.rev).toBe(2);
  });
});

describe('taking the server’s answer to a push', () => {
  const sentState = (sent: OutboxEntry, current: OutboxEntry | null = sent) =>
    stateWith({ shadow: { [KEY]: { rev: 2, hash: 'base' } }, outbox: current ? { [KEY]: current } : {} });

  it('keeps a change the server did not answer (or answered for another change id) to send again', () => {
    const sent = entry(supplier('Mine'));
    const state = sentState(sent);
    expect(applyPushed(state, snapshotOf(supplier('Mine')), [sent], [], newId)).toEqual(state);
    const other = { status: 'applied', client_change_id: 'other', collection: 'suppliers', record_id: 'S-1', rev: 3 };
    expect(applyPushed(state, snapshotOf(supplier('Mine')), [sent], [other as never], newId)).toEqual(state);
  });

  it('applied: agreed and out of the outbox, or rebased when the record changed again meanwhile', () => {
    const sent = entry(supplier('Mine'));
    const applied = {
      status: 'applied',
      client_change_id: 'c-1',
      collection: 'suppliers',
      record_id: 'S-1',
      rev: 3,
    } as const;
    const done = applyPushed(sentState(sent), snapshotOf(supplier('Mine')), [sent], [applied], newId);
    expect(done.outbox).toEqual({});
    expect(done.shadow[KEY]).toEqual({ rev: 3, hash: sent.hash });

    const later = entry(supplier('Later'), { client_change_id: 'c-2' });
    const rebased = applyPushed(sentState(sent, later), snapshotOf(supplier('Later')), [sent], [applied], newId);
    expect(rebased.outbox[KEY]).toEqual({ ...later, base_rev: 3 });
    expect(rebased.shadow[KEY]).toEqual({ rev: 3, hash: sent.hash });
  });

  it('rejected: kept with the reason, unless the record changed again meanwhile', () => {
    const sent = entry(supplier('Mine'));
    const error = { code: 'bad_record', message: 'no' };
    const rejected = {
      status: 'rejected',
      client_change_id: 'c-1',
      collection: 'suppliers',
      record_id: 'S-1',
      error,
    } as const;
    expect(applyPushed(sentState(sent), snapshotOf(null), [sent], [rejected], newId).outbox[KEY]).toEqual({
      ...sent,
      rejected: error,
    });
    const later = entry(supplier('Later'), { client_change_id: 'c-2' });
    const next = applyPushed(sentState(sent, later), snapshotOf(null), [sent], [rejected], newId);
    expect(next.outbox[KEY]).toEqual(later);
    expect(next.shadow[KEY]).toEqual({ rev: 2, hash: 'base' });
  });

  it('a conflict with nothing on the server sends the record again as new', () => {
    const sent = entry(supplier('Mine'));
    const conflict = {
      status: 'conflict',
      client_change_id: 'c-1',
      collection: 'suppliers',
      record_id: 'S-1',
      server: null,
    } as const;
    const next = applyPushed(sentState(sent), snapshotOf(supplier('Mine')), [sent], [conflict], newId);
    expect(next.shadow[KEY]).toBeUndefined();
    expect(next.outbox[KEY]).toMatchObject({ base_rev: null, hash: sent.hash });
    expect(next.outbox[KEY]!.client_change_id).not.toBe('c-1');
    const gone = applyPushed(sentState(sent, null), snapshotOf(null), [sent], [conflict], newId);
    expect(gone.outbox).toEqual({});
  });

  const conflictWith = (record: object | null, rev = 5) =>
    ({
      status: 'conflict',
      client_change_id: 'c-1',
      collection: 'suppliers',
      record_id: 'S-1',
      server: { rev, record, deleted: record === null },
    }) as const;

  it('a conflict with this device’s own content (an answer lost on the way) is agreed, with no dialog', () => {
    const mine = supplier('Mine');
    const sent = entry(mine);
    const next = applyPushed(sentState(sent), snapshotOf(mine), [sent], [conflictWith(mine)], newId);
    expect(next.conflicts).toEqual({});
    expect(next.outbox).toEqual({});
    expect(next.shadow[KEY]).toEqual({ rev: 5, hash: hashRecord(mine) });
  });

  it('… or with an earlier content of the change: agreed, and the newer content sent on that revision', () => {
    const earlier = supplier('Earlier');
    const mine = supplier('Mine');
    const sent = entry(mine, { previous: [hashRecord(earlier)] });
    const next = applyPushed(sentState(sent), snapshotOf(mine), [sent], [conflictWith(earlier)], newId);
    expect(next.conflicts).toEqual({});
    expect(next.shadow[KEY]).toEqual({ rev: 5, hash: hashRecord(earlier) });
    expect(next.outbox[KEY]).toMatchObject({ base_rev: 5, hash: hashRecord(mine) });
    expect(next.outbox[KEY]!.client_change_id).not.toBe('c-1');
  });

  it('… or with what this device holds now: agreed', () => {
    const now = supplier('Now');
    const sent = entry(supplier('Sent'));
    const next = applyPushed(sentState(sent, null), snapshotOf(now), [sent], [conflictWith(now)], newId);
    expect(next.conflicts).toEqual({});
    expect(next.outbox).toEqual({});
    expect(next.shadow[KEY]).toEqual({ rev: 5, hash: hashRecord(now) });
  });

  it('a conflict with another device’s content is kept for the user, with this device’s version', () => {
    const mine = supplier('Mine');
    const sent = entry(mine);
    const next = applyPushed(sentState(sent), snapshotOf(mine), [sent], [conflictWith(null, 6)], newId);
    expect(next.outbox).toEqual({});
    expect(next.conflicts[KEY]).toEqual({
      key: KEY,
      collection: 'suppliers',
      record_id: 'S-1',
      mine,
      theirs: null,
      theirsRev: 6,
    });
    expect(next.shadow[KEY]).toEqual({ rev: 2, hash: 'base' });
  });
});

describe('the user’s choice for a conflict', () => {
  const conflict = {
    key: KEY,
    collection: 'suppliers',
    record_id: 'S-1',
    mine: supplier('Mine'),
    theirs: supplier('Theirs'),
    theirsRev: 7,
  };
  const state = stateWith({ conflicts: { [KEY]: conflict } });

  it('writes the chosen version here and takes the account’s revision as the base of the next push', () => {
    for (const [choice, record] of [
      [{ keep: 'theirs' }, conflict.theirs],
      [{ keep: 'mine' }, conflict.mine],
      [{ keep: 'merged', record: supplier('Both') }, supplier('Both')],
    ] as const) {
      const { state: next, writes } = resolveConflict(state, KEY, choice);
      expect(writes).toEqual([{ collection: 'suppliers', record_id: 'S-1', record }]);
      expect(next.conflicts).toEqual({});
      expect(next.shadow[KEY]).toEqual({ rev: 7, hash: hashRecord(conflict.theirs) });
    }
  });

  it('of a conflict that is gone changes nothing', () => {
    expect(resolveConflict(state, 'suppliers|S-2', { keep: 'mine' })).toEqual({ state, writes: [] });
    const device = new FakeDevice();
    device.save(state);
    expect(chooseForConflict(device, 'suppliers|S-2', { keep: 'mine' })).toMatchObject({ pending: 0 });
    expect(device.writes).toEqual([]);
  });
});

describe('counting records', () => {
  it('groups tool lines and percentages and counts the rest by collection', () => {
    const snapshot: Snapshot = new Map([
      [
        'ingredientList-1',
        new Map([
          ['a', {}],
          ['b', {}],
        ]),
      ],
      ['ingredientList-2', new Map([['c', {}]])],
      ['1-discountPercentage', new Map([['value', {}]])],
      ['1-taxPercentage', new Map([['value', {}]])],
      ['suppliers', new Map([['S-1', {}]])],
      ['discountNotes', new Map([['x', {}]])],
    ]);
    expect(countRecords(snapshot)).toEqual({ ingredientLines: 3, percentages: 2, suppliers: 1, discountNotes: 1 });
  });

  it('counts staff lists as staff assignments and the business profile, in the words the question shows', () => {
    const snapshot: Snapshot = new Map([
      [
        'staffList-4',
        new Map([
          ['A1', {}],
          ['A2', {}],
        ]),
      ],
      ['staffList-9', new Map([['A3', {}]])],
      ['businessProfile', new Map([['value', {}]])],
      ['events', new Map([['4', {}]])],
    ]);
    const counts = countRecords(snapshot);
    expect(counts).toEqual({ staffLines: 3, businessProfile: 1, events: 1 });
    expect(describeCounts(counts)).toBe('1 event, 3 staff assignments, 1 business profile');
    expect(groupOf('staffList-12')).toBe('staffLines');
    // The account's staff lists count in its events' size, as this browser's do.
    const holdings = eventHoldings(1, 10, 0, [
      { collection: 'events', records: 1, bytes: 100 },
      { collection: 'staffList-4', records: 2, bytes: 40 },
      { collection: 'businessProfile', records: 1, bytes: 500 },
    ]);
    expect(holdings.account).toEqual({ events: 1, bytes: 140 });
  });
});

describe('the cycle', () => {
  it('counts only the refused changes as refused', async () => {
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    device.put('suppliers', 'S-1', { supplierID: 'S-1', bad: true });
    device.put('suppliers', 'S-2', { supplierID: 'S-2' });
    server.failures.push('offline');
    await expect(pushChanges(device, server.remote(), testId)).rejects.toMatchObject({ kind: 'offline' });
    device.put('suppliers', 'S-3', { supplierID: 'S-3', bad: true });
    const outcome = await pushChanges(device, server.remote(), testId);
    expect(outcome).toMatchObject({ pending: 2, rejected: 2 });
    device.put('suppliers', 'S-4', { supplierID: 'S-4' });
    expect(noteLocalChanges(device, testId)).toMatchObject({ pending: 3, rejected: 2 });
  });

  it('pushes more than one batch in batches of at most PUSH_BATCH, every change once', async () => {
    const server = new FakeSyncServer();
    const device = new FakeDevice();
    for (let n = 0; n < PUSH_BATCH + 3; n++) device.put('inventoryItems', `I-${n}`, { id: `I-${n}` });
    const sizes: number[] = [];
    const remote = server.remote();
    const outcome = await pushChanges(
      device,
      {
        ...remote,
        push: (changes) => {
          sizes.push(changes.length);
          return remote.push(changes);
        },
      },
      testId,
    );
    expect(sizes).toEqual([PUSH_BATCH, 3]);
    expect(server.rows.size).toBe(PUSH_BATCH + 3);
    expect(outcome.pending).toBe(0);
  });

  it('pulls everything again when its cursor is past the account’s head (the account was reset)', async () => {
    const server = new FakeSyncServer();
    const other = new FakeDevice();
    other.put('suppliers', 'S-1', supplier('Theirs'));
    await pushChanges(other, server.remote(), testId);
    const device = new FakeDevice();
    device.save(stateWith({ cursor: 99 }));
    await pullChanges(device, server.remote(), testId);
    expect(device.get('suppliers', 'S-1')).toEqual(supplier('Theirs'));
    expect(device.load().cursor).toBe(1);
  });

  it('does not apply a page when another tab moved the cursor meanwhile: it pulls again from there', async () => {
    const server = new FakeSyncServer();
    const other = new FakeDevice();
    other.put('suppliers', 'S-1', supplier('Theirs'));
    await pushChanges(other, server.remote(), testId);
    const device = new FakeDevice();
    const remote = server.remote();
    const sinces: number[] = [];
    let first = true;
    await pullChanges(
      device,
      {
        ...remote,
        pull: async (since, max) => {
          sinces.push(since);
          const page = await remote.pull(since, max);
          if (first) {
            first = false;
            // Another tab took this page meanwhile.
            device.write([{ collection: 'suppliers', record_id: 'S-1', record: supplier('Theirs') }]);
            device.save({
              ...device.load(),
              cursor: page.cursor,
              shadow: { [KEY]: { rev: 1, hash: hashRecord(supplier('Theirs')) } },
            });
          }
          return page;
        },
      },
      testId,
    );
    expect(sinces).toEqual([0, 1]);
    expect(device.writes).toHaveLength(1);
  });
});

describe('the account’s side', () => {
  const answer = (over: Partial<RpcAnswer>): RpcAnswer => ({ data: null, error: null, status: 200, ...over });

  it('classifies failures, with the server’s message or its status in words', () => {
    expect(classify(0, 'x')).toMatchObject({ kind: 'offline', message: 'The server could not be reached.' });
    expect(classify(200, 'x', false)).toMatchObject({ kind: 'offline' });
    for (const status of [401, 408, 429, 500, 503])
      expect(classify(status, 'busy')).toMatchObject({ kind: 'retry', status, message: 'busy' });
    expect(classify(503, '')).toMatchObject({ message: 'The server answered 503.' });
    expect(classify(400, 'bad')).toMatchObject({ kind: 'fatal', status: 400, message: 'bad', name: 'SyncFailure' });
    expect(classify(403, '')).toMatchObject({ kind: 'fatal', message: 'The server answered 403.' });
  });

  it('calls the three functions with their named arguments and returns their data', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [];
    const remote = createRemote(async (name, args) => {
      calls.push([name, args]);
      return answer({ data: { name } });
    });
    expect(await remote.push([{ a: 1 }])).toEqual({ name: 'sync_push' });
    expect(await remote.pull(4, 10)).toEqual({ name: 'sync_pull' });
    expect(await remote.summary()).toEqual({ name: 'sync_summary' });
    expect(calls).toEqual([
      ['sync_push', { changes: [{ a: 1 }] }],
      ['sync_pull', { since: 4, max_rows: 10 }],
      ['sync_summary', {}],
    ]);
  });

  it('turns an error answer into a failure: offline when the browser says so', async () => {
    const remote = createRemote(async () => answer({ error: { message: 'down' }, status: 503 }));
    await expect(remote.summary()).rejects.toMatchObject({ kind: 'retry', message: 'down' });
    vi.stubGlobal('navigator', { onLine: false });
    try {
      await expect(remote.summary()).rejects.toMatchObject({ kind: 'offline' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
