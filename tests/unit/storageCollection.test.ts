// @vitest-environment jsdom
/**
 * Collections (src/storage/collection.ts) as two tabs see them: what a save applies onto the latest
 * stored list, what is a conflict, and what a view's sync remembers as the base of its next save.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { createCollectionSync, defineCollection, revOf } from '../../src/storage/collection';
import { listRecovered } from '../../src/storage/recovered';
import { inventoryItemsStore } from '../../src/storage/keys';
import { inventoryItemFixture } from '../support/recordFixtures';

const item = inventoryItemFixture;
const stored = () => JSON.parse(localStorage.getItem('inventoryItems') ?? 'null') as Array<Record<string, unknown>>;
const ids = () => inventoryItemsStore.read().map((i) => i.id);

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('a delete of a record another tab changed', () => {
  it('is a conflict with nothing on my side, and the record stays as the other tab saved it', () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item('1'), item('2'), item('3')]));
    const start = inventoryItemsStore.read();
    const tabA = createCollectionSync(inventoryItemsStore, start);
    const tabB = createCollectionSync(inventoryItemsStore, start);
    expect(tabA.save(start.map((i) => (i.id === '2' ? { ...i, quantity: 50 } : i))).ok).toBe(true);
    const before = localStorage.getItem('inventoryItems');

    const result = tabB.save(start.filter((i) => i.id !== '2'));
    expect(result).toEqual({
      ok: true,
      conflicts: [{ id: '2', mine: null, theirs: expect.objectContaining({ id: '2', quantity: 50, rev: 1 }) }],
      records: inventoryItemsStore.read(),
    });
    expect(localStorage.getItem('inventoryItems')).toBe(before);
    expect(ids()).toEqual(['1', '2', '3']);
  });

  it('"delete anyway" after the conflict deletes it: the view now knows the other tab’s version', () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item('1'), item('2'), item('3')]));
    const start = inventoryItemsStore.read();
    const tabA = createCollectionSync(inventoryItemsStore, start);
    const tabB = createCollectionSync(inventoryItemsStore, start);
    tabA.save(start.map((i) => (i.id === '2' ? { ...i, quantity: 50 } : i)));
    const next = start.filter((i) => i.id !== '2');
    expect(tabB.save(next).conflicts).toHaveLength(1);
    // The user confirms the delete: the same list again.
    expect(tabB.save(next)).toMatchObject({ ok: true, conflicts: [] });
    expect(ids()).toEqual(['1', '3']);
  });

  it('goes through when the other tab changed it and back (a newer revision, the same content)', () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item('1'), item('2'), item('3')]));
    const start = inventoryItemsStore.read();
    const tabA = createCollectionSync(inventoryItemsStore, start);
    const tabB = createCollectionSync(inventoryItemsStore, start);
    tabA.save(start.map((i) => (i.id === '2' ? { ...i, quantity: 50 } : i)));
    tabA.save(start);
    expect(stored().find((r) => r.id === '2')).toMatchObject({ quantity: 3, rev: 2 });
    expect(tabB.save(start.filter((i) => i.id !== '2'))).toMatchObject({ ok: true, conflicts: [] });
    expect(ids()).toEqual(['1', '3']);
  });

  it('of a record another tab deleted too is no conflict, and nothing else changes', () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item('1'), item('2'), item('3')]));
    const start = inventoryItemsStore.read();
    const tabA = createCollectionSync(inventoryItemsStore, start);
    const tabB = createCollectionSync(inventoryItemsStore, start);
    tabA.save(start.filter((i) => i.id !== '2'));
    const before = localStorage.getItem('inventoryItems');
    expect(tabB.save(start.filter((i) => i.id !== '2'))).toEqual({
      ok: true,
      conflicts: [],
      records: inventoryItemsStore.read(),
    });
    expect(localStorage.getItem('inventoryItems')).toBe(before);
  });

  it('an unchanged record is deleted and the others keep their revisions', () => {
    localStorage.setItem('inventoryItems', JSON.stringify([{ ...item('1'), rev: 4 }, item('2'), item('3')]));
    const sync = createCollectionSync(inventoryItemsStore, inventoryItemsStore.read());
    expect(sync.save(inventoryItemsStore.read().filter((i) => i.id !== '3'))).toMatchObject({
      ok: true,
      conflicts: [],
    });
    expect(stored().map((r) => [r.id, r.rev])).toEqual([
      ['1', 4],
      ['2', undefined],
    ]);
  });
});

describe('edits and additions', () => {
  it('the same edit made in both tabs is no conflict', () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item('1'), item('2')]));
    const start = inventoryItemsStore.read();
    const tabA = createCollectionSync(inventoryItemsStore, start);
    const tabB = createCollectionSync(inventoryItemsStore, start);
    const edited = start.map((i) => (i.id === '2' ? { ...i, quantity: 9 } : i));
    tabA.save(edited);
    expect(tabB.save(edited)).toMatchObject({ ok: true, conflicts: [] });
    expect(stored().find((r) => r.id === '2')).toMatchObject({ quantity: 9, rev: 1 });
  });

  it('an edit saved twice from one tab counts two revisions and stamps the time', () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item('1')]));
    const sync = createCollectionSync(inventoryItemsStore, inventoryItemsStore.read());
    sync.save([{ ...item('1'), quantity: 4 }]);
    const after = stored()[0]!;
    expect(after).toMatchObject({ quantity: 4, rev: 1 });
    expect(Date.now() - Date.parse(after.updatedAt as string)).toBeLessThan(60_000);
    sync.save([{ ...item('1'), quantity: 5 }]);
    expect(stored()[0]).toMatchObject({ quantity: 5, rev: 2 });
  });

  it('a save that changes nothing writes nothing', () => {
    const text = JSON.stringify([item('1'), item('2')]);
    localStorage.setItem('inventoryItems', text);
    const start = inventoryItemsStore.read();
    const sync = createCollectionSync(inventoryItemsStore, start);
    // A copy with the same content, a different revision stamp: no change.
    expect(sync.save(start.map((i) => ({ ...i, rev: 7, updatedAt: 'later' })))).toMatchObject({
      ok: true,
      conflicts: [],
    });
    expect(localStorage.getItem('inventoryItems')).toBe(text);
  });

  it('a record added here with an id another tab added meanwhile is a conflict when they differ', () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item('1')]));
    const sync = createCollectionSync(inventoryItemsStore, inventoryItemsStore.read());
    localStorage.setItem('inventoryItems', JSON.stringify([item('1'), item('2', 8)]));
    const result = sync.save([item('1'), item('2', 1)]);
    expect(result).toMatchObject({
      ok: true,
      conflicts: [{ id: '2', mine: { quantity: 1 }, theirs: { quantity: 8 } }],
    });
    expect(stored().find((r) => r.id === '2')).toMatchObject({ quantity: 8 });
    // ... and no conflict when they are the same record.
    const again = createCollectionSync(inventoryItemsStore, [item('1')]);
    expect(again.save([item('1'), item('2', 8)])).toMatchObject({ ok: true, conflicts: [] });
  });

  it('a new record starts at revision 1', () => {
    const sync = createCollectionSync(inventoryItemsStore, []);
    expect(sync.save([item('1')])).toMatchObject({ ok: true, conflicts: [] });
    expect(stored()).toEqual([expect.objectContaining({ id: '1', rev: 1, updatedAt: expect.any(String) })]);
  });
});

describe('a change made elsewhere without a new revision', () => {
  // A writer that does not count revisions (an older app version, a restore) still changed the record.
  const rewriteWithoutRev = (id: string, change: Record<string, unknown>) =>
    localStorage.setItem(
      'inventoryItems',
      JSON.stringify(stored().map((r) => (r.id === id ? { ...r, ...change } : r))),
    );

  it('an edit of it in a stale view is a conflict, not a silent overwrite', () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item('1'), item('2')]));
    const start = inventoryItemsStore.read();
    const view = createCollectionSync(inventoryItemsStore, start);
    rewriteWithoutRev('2', { quantity: 50 });
    const result = view.save(start.map((i) => (i.id === '2' ? { ...i, name: 'Flour' } : i)));
    expect(result.conflicts).toEqual([
      {
        id: '2',
        mine: expect.objectContaining({ name: 'Flour', quantity: 3 }),
        theirs: expect.objectContaining({ quantity: 50 }),
      },
    ]);
    expect(stored().find((r) => r.id === '2')).toMatchObject({ name: 'Item 2', quantity: 50 });
  });

  it('a delete of it in a stale view is a conflict, and the record stays', () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item('1'), item('2')]));
    const start = inventoryItemsStore.read();
    const view = createCollectionSync(inventoryItemsStore, start);
    rewriteWithoutRev('2', { quantity: 50 });
    expect(view.save(start.filter((i) => i.id !== '2')).conflicts).toEqual([
      { id: '2', mine: null, theirs: expect.objectContaining({ quantity: 50 }) },
    ]);
    expect(ids()).toEqual(['1', '2']);
  });
});

describe('revOf', () => {
  it('is the stored revision, or 0 when there is none or it is not a finite number', () => {
    expect(revOf({ rev: 3 })).toBe(3);
    expect(revOf({})).toBe(0);
    expect(revOf({ rev: '3' })).toBe(0);
    expect(revOf({ rev: Infinity })).toBe(0);
    expect(revOf({ rev: NaN })).toBe(0);
  });
});

describe('a collection with an order and ids given on read', () => {
  const schema = z.object({ id: z.optional(z.string()), n: z.number() });
  type Row = z.infer<typeof schema>;
  const rows = defineCollection<Row>({
    key: 'rows',
    record: schema,
    idOf: (r) => r.id ?? '',
    normalize: (v) => (v && typeof v === 'object' && 'n' in v ? { ...v, n: Number((v as { n: unknown }).n) } : v),
    assignId: (r, index, taken) => (r.id ? r : { ...r, id: taken.has(`r${index}`) ? `r${index}b` : `r${index}` }),
    order: (a, b) => a.n - b.n,
  });

  it('reads normalised records, gives missing ids, and sets aside a duplicate id with its stored text', () => {
    localStorage.setItem(
      'rows',
      JSON.stringify([{ id: 'r1', n: 5 }, { n: '2' }, { id: 'x', n: 1 }, { id: 'x', n: 9 }]),
    );
    // What is read, in the stored order (the order applies to writes).
    expect(rows.read()).toEqual([
      { id: 'r1', n: 5 },
      { id: 'r1b', n: 2 },
      { id: 'x', n: 1 },
    ]);
    expect(rows.setAsideCount()).toBe(1);
    expect(listRecovered()).toEqual([
      expect.objectContaining({
        key: 'rows',
        text: '{"id":"x","n":9}',
        index: 3,
        id: 'x',
        reason: 'record 4, id: another record already has the id "x"',
      }),
    ]);
  });

  it('writes and saves in its order', () => {
    expect(
      rows.write([
        { id: 'b', n: 2 },
        { id: 'a', n: 1 },
      ]).ok,
    ).toBe(true);
    expect(JSON.parse(localStorage.getItem('rows')!)).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ]);
    const sync = createCollectionSync(rows, rows.read());
    const saved = sync.save([...rows.read(), { id: 'c', n: 0 }]);
    expect(rows.read().map((r) => r.id)).toEqual(['c', 'a', 'b']);
    // The records the save gives back (what the view shows next) are in that order too.
    expect(saved.ok && saved.records.map((r) => r.id)).toEqual(['c', 'a', 'b']);
  });

  it('checks one record and a whole list as a reader would', () => {
    expect(rows.checkRecord('{"n":"4"}')).toEqual({ ok: true, record: { id: 'r0', n: 4 } });
    expect(rows.checkRecord('{"id":"q","n":"x"}')).toMatchObject({ ok: false });
    expect(rows.checkRecord('{oops')).toMatchObject({ ok: false, reason: expect.stringMatching(/^not valid JSON/) });
    expect(rows.check('[{"id":"a","n":"3"}]')).toEqual({ ok: true, value: [{ id: 'a', n: 3 }] });
    expect(rows.check('{"id":"a"}')).toEqual({ ok: false, reason: 'value: expected a list of records' });
    expect(rows.check('[{"id":"a","n":1},{"id":"b","n":"x"}]')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^record 2, /),
    });
    expect(rows.check('[')).toMatchObject({ ok: false, reason: expect.stringMatching(/^not valid JSON/) });
  });

  it('a whole value that is not a list is set aside as one entry, and reads as empty', () => {
    localStorage.setItem('rows', '{"id":"a","n":1}');
    expect(rows.read()).toEqual([]);
    expect(rows.setAsideCount()).toBe(1);
    expect(listRecovered()).toEqual([
      expect.objectContaining({
        key: 'rows',
        text: '{"id":"a","n":1}',
        index: null,
        id: null,
        reason: 'value: expected a list of records',
      }),
    ]);
  });

  it('remove deletes the key, and a later read is empty', () => {
    rows.write([{ id: 'a', n: 1 }]);
    expect(rows.read()).toHaveLength(1);
    expect(rows.remove()).toEqual({ ok: true });
    expect(localStorage.getItem('rows')).toBeNull();
    expect(rows.read()).toEqual([]);
  });
});

describe('where records go, and what the view’s base becomes', () => {
  const setUp = (list: unknown[]) => {
    localStorage.setItem('inventoryItems', JSON.stringify(list));
    return inventoryItemsStore.read();
  };

  it('a delete in a stale view keeps the order another tab gave the list', () => {
    const start = setUp([item('1'), item('2'), item('3')]);
    const tabA = createCollectionSync(inventoryItemsStore, start);
    const tabB = createCollectionSync(inventoryItemsStore, start);
    tabA.save([start[2]!, start[0]!, start[1]!]);
    tabB.save(start.filter((i) => i.id !== '2'));
    expect(ids()).toEqual(['3', '1']);
  });

  it('a record added at the top of a stale view goes before its follower, keeping another tab’s order', () => {
    const start = setUp([item('1'), item('2'), item('3')]);
    const tabA = createCollectionSync(inventoryItemsStore, start);
    const tabB = createCollectionSync(inventoryItemsStore, start);
    tabA.save([start[2]!, start[0]!, start[1]!]);
    tabB.save([item('4'), ...start]);
    expect(ids()).toEqual(['3', '4', '1', '2']);
  });

  it('a record added first goes first', () => {
    const start = setUp([item('1'), item('2')]);
    createCollectionSync(inventoryItemsStore, start).save([item('0'), ...start]);
    expect(ids()).toEqual(['0', '1', '2']);
  });

  it('a record put back before one another tab deleted goes before the next one still there', () => {
    const start = setUp([item('1'), item('3'), item('4')]);
    const tabA = createCollectionSync(inventoryItemsStore, start);
    const tabB = createCollectionSync(inventoryItemsStore, start);
    tabA.save(start.filter((i) => i.id !== '3'));
    // Tab B (stale) puts 2 back between 1 and 3 (Undo of a delete).
    tabB.save([start[0]!, item('2'), start[1]!, start[2]!]);
    expect(ids()).toEqual(['1', '2', '4']);
  });

  it('a reorder and an added record in one save', () => {
    const start = setUp([item('1'), item('2')]);
    createCollectionSync(inventoryItemsStore, start).save([start[1]!, start[0]!, item('3')]);
    expect(ids()).toEqual(['2', '1', '3']);
    expect(stored().every((r) => r && typeof r === 'object')).toBe(true);
  });

  it('an edit of a record another tab changed and changed back goes through with the next revision', () => {
    const start = setUp([item('1'), item('2')]);
    const tabA = createCollectionSync(inventoryItemsStore, start);
    const tabB = createCollectionSync(inventoryItemsStore, start);
    tabA.save(start.map((i) => (i.id === '2' ? { ...i, quantity: 50 } : i)));
    tabA.save(start);
    const result = tabB.save(start.map((i) => (i.id === '2' ? { ...i, quantity: 7 } : i)));
    expect(result).toMatchObject({ ok: true, conflicts: [] });
    expect(stored().find((r) => r.id === '2')).toMatchObject({ quantity: 7, rev: 3 });
  });

  it('after a conflict the view’s other records stay in its base: a later delete of one goes through', () => {
    const start = setUp([item('1'), item('2'), item('3')]);
    const tabA = createCollectionSync(inventoryItemsStore, start);
    const tabB = createCollectionSync(inventoryItemsStore, start);
    tabA.save(start.map((i) => (i.id === '2' ? { ...i, quantity: 50 } : i)));
    const mine = start.map((i) => (i.id === '2' ? { ...i, quantity: 1 } : i));
    expect(tabB.save(mine).conflicts).toHaveLength(1);
    // The view now shows their version of 2 (the conflict dialog), then deletes 3.
    const shown = inventoryItemsStore.read();
    expect(tabB.save(shown.filter((i) => i.id !== '3'))).toMatchObject({ ok: true, conflicts: [] });
    expect(ids()).toEqual(['1', '2']);
  });

  it('"keep mine" after an edit of a record another tab deleted puts it back', () => {
    const start = setUp([item('1'), item('2')]);
    const tabA = createCollectionSync(inventoryItemsStore, start);
    const tabB = createCollectionSync(inventoryItemsStore, start);
    tabA.save(start.filter((i) => i.id !== '2'));
    const mine = start.map((i) => (i.id === '2' ? { ...i, quantity: 1 } : i));
    expect(tabB.save(mine).conflicts).toEqual([
      { id: '2', mine: expect.objectContaining({ quantity: 1 }), theirs: null },
    ]);
    expect(tabB.save(mine)).toMatchObject({ ok: true, conflicts: [] });
    expect(stored().map((r) => [r.id, r.quantity])).toEqual([
      ['1', 3],
      ['2', 1],
    ]);
  });

  it('after conflicts the base holds each record once, as stored: their edit, nothing for their delete, their edit of one deleted here', () => {
    const start = setUp([item('1'), item('2'), item('3'), item('4')]);
    const tabA = createCollectionSync(inventoryItemsStore, start);
    const tabB = createCollectionSync(inventoryItemsStore, start);
    // Tab A changes 2 and 4 and deletes 3; tab B (stale) changes 2 and 3 and deletes 4.
    tabA.save(
      start
        .filter((i) => i.id !== '3')
        .map((i) => (i.id === '2' ? { ...i, quantity: 50 } : i.id === '4' ? { ...i, quantity: 60 } : i)),
    );
    const mine = start
      .filter((i) => i.id !== '4')
      .map((i) => (i.id === '2' ? { ...i, quantity: 1 } : i.id === '3' ? { ...i, quantity: 2 } : i));
    const result = tabB.save(mine);
    expect(result.conflicts.map((c) => [c.id, c.mine?.quantity ?? null, c.theirs?.quantity ?? null])).toEqual([
      ['2', 1, 50],
      ['3', 2, null],
      ['4', null, 60],
    ]);
    const theirs = inventoryItemsStore.read();
    expect(tabB.base()).toEqual([theirs[0], theirs[1], theirs[2]]);
    expect(tabB.base().map((i) => [i.id, i.quantity])).toEqual([
      ['1', 3],
      ['2', 50],
      ['4', 60],
    ]);
  });

  it('a new view has no failed write waiting; a rebase clears one', () => {
    const start = setUp([item('1')]);
    const sync = createCollectionSync(inventoryItemsStore, start);
    expect(sync.pending()).toBe(false);
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(sync.save([{ ...start[0]!, quantity: 9 }]).ok).toBe(false);
    spy.mockRestore();
    expect(sync.pending()).toBe(true);
    sync.rebase(inventoryItemsStore.read());
    expect(sync.pending()).toBe(false);
  });

  it('reading twice without a change gives the same list (a view can tell its records are unchanged)', () => {
    setUp([item('1')]);
    expect(inventoryItemsStore.read()).toBe(inventoryItemsStore.read());
  });

  it('a failed write leaves the stored list as what is read', () => {
    const start = setUp([item('1')]);
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(inventoryItemsStore.write([item('9')]).ok).toBe(false);
    spy.mockRestore();
    expect(inventoryItemsStore.read()).toEqual(start);
  });

  it('a save that changes nothing does not rewrite text stored in an older format', () => {
    const text = JSON.stringify([{ ...item('1'), quantity: '3' }], null, 1);
    localStorage.setItem('inventoryItems', text);
    const start = inventoryItemsStore.read();
    expect(createCollectionSync(inventoryItemsStore, start).save(start.slice())).toMatchObject({ ok: true });
    expect(localStorage.getItem('inventoryItems')).toBe(text);
  });
});

describe('records that could not be set aside', () => {
  const unsafeList = () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item('1'), { ...item('2'), quantity: 'lots' }]));
    // Storage is full: the unreadable record cannot be set aside.
    return vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
  };

  it('the list is neither overwritten nor removed, with the reason', () => {
    const spy = unsafeList();
    expect(inventoryItemsStore.read().map((i) => i.id)).toEqual(['1']);
    spy.mockRestore();
    const text = localStorage.getItem('inventoryItems');
    expect(inventoryItemsStore.write([item('1')])).toMatchObject({
      ok: false,
      error: {
        key: 'inventoryItems',
        reason: 'unknown',
        message: 'Some saved records could not be read or set aside, so the list was not overwritten.',
      },
    });
    expect(inventoryItemsStore.remove()).toMatchObject({
      ok: false,
      error: {
        reason: 'unknown',
        message: 'Some saved records could not be read or set aside, so they were not removed.',
      },
    });
    expect(localStorage.getItem('inventoryItems')).toBe(text);
  });

  it('a list that cannot be serialised is not written', () => {
    const rows = defineCollection<{ id: string; big?: unknown }>({
      key: 'bigRows',
      record: { safeParse: (v) => ({ success: true, data: v as { id: string } }) },
      idOf: (r) => r.id,
    });
    expect(rows.write([{ id: 'a', big: 1n }])).toMatchObject({
      ok: false,
      error: { key: 'bigRows', reason: 'unknown', message: 'The list could not be serialised.' },
    });
    expect(localStorage.getItem('bigRows')).toBeNull();
  });

  it('an ordered write does not reorder the caller’s list', () => {
    const rows = defineCollection<{ id: string; n: number }>({
      key: 'orderedRows',
      record: z.object({ id: z.string(), n: z.number() }),
      idOf: (r) => r.id,
      order: (a, b) => a.n - b.n,
    });
    const list = [
      { id: 'b', n: 2 },
      { id: 'a', n: 1 },
    ];
    rows.write(list);
    expect(list.map((r) => r.id)).toEqual(['b', 'a']);
  });
});

describe('unreadable entries that are not records', () => {
  it('a number, null, text, a list or a record without an id is set aside with no id, and the rest show', () => {
    const bad = [5, null, 'x', [1], { name: 'no id' }];
    localStorage.setItem('inventoryItems', JSON.stringify([item('1'), ...bad]));
    expect(ids()).toEqual(['1']);
    const entries = listRecovered();
    expect(entries.map((e) => [e.text, e.id]).sort()).toEqual(
      [
        ['5', null],
        ['null', null],
        ['"x"', null],
        ['[1]', null],
        ['{"name":"no id"}', null],
      ].sort(),
    );
  });

  it('a record whose id is not text keeps that id as JSON text', () => {
    const bad = { ...item('2'), id: { code: 7 } };
    localStorage.setItem('inventoryItems', JSON.stringify([item('1'), bad]));
    expect(ids()).toEqual(['1']);
    expect(listRecovered()).toEqual([expect.objectContaining({ id: '{"code":7}', index: 1 })]);
  });
});

describe('reordering', () => {
  it('a reversed list of three (the middle one stays put) is saved in the new order', () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item('1'), item('2'), item('3')]));
    const start = inventoryItemsStore.read();
    createCollectionSync(inventoryItemsStore, start).save([start[2]!, start[1]!, start[0]!]);
    expect(ids()).toEqual(['3', '2', '1']);
  });
});

describe('writing a big list again (issue 23)', () => {
  it('serialises only the records that changed, and stores exactly the list’s JSON', () => {
    localStorage.setItem('inventoryItems', JSON.stringify(Array.from({ length: 50 }, (_, i) => item(String(i + 1)))));
    const start = inventoryItemsStore.read();
    const sync = createCollectionSync(inventoryItemsStore, start);
    const first = start.map((i) => (i.id === '7' ? { ...i, quantity: 70 } : i));
    expect(sync.save(first).ok).toBe(true);
    const afterFirst = inventoryItemsStore.read();
    expect(localStorage.getItem('inventoryItems')).toBe(JSON.stringify(afterFirst));

    const stringify = vi.spyOn(JSON, 'stringify');
    const second = afterFirst.map((i) => (i.id === '20' ? { ...i, quantity: 20 } : i));
    expect(sync.save(second).ok).toBe(true);
    // The one changed record (with its new revision) is serialised for the write; the list and the other 49
    // are not (the diff's content comparisons, without revisions, are the only other calls).
    const values = stringify.mock.calls.map(([value]) => value as { id?: string; rev?: number });
    expect(values.some((value) => Array.isArray(value))).toBe(false);
    expect(values.filter((value) => value.rev !== undefined).map((value) => value.id)).toEqual(['20']);
    stringify.mockRestore();
    const written = inventoryItemsStore.read();
    expect(localStorage.getItem('inventoryItems')).toBe(JSON.stringify(written));
    expect(written.find((i) => i.id === '20')).toMatchObject({ quantity: 20, rev: 1 });
    expect(written.find((i) => i.id === '7')).toMatchObject({ quantity: 70, rev: 1 });
  });
});

describe('a read prepared in slices (issue 23)', () => {
  let checks = 0;
  const rows = defineCollection<{ id: string; n: number }>({
    key: 'slicedRows',
    record: {
      safeParse: (v) => {
        checks++;
        return z.object({ id: z.string(), n: z.number() }).safeParse(v);
      },
    },
    idOf: (r) => r.id,
  });
  const list = (count: number, n = 1) => Array.from({ length: count }, (_, i) => ({ id: `r${i + 1}`, n }));
  /** One step per call: time is left before the first step only. */
  const oneStep = () => {
    let left = 1;
    return () => left--;
  };
  beforeEach(() => (checks = 0));

  it('checks each record once across the slices, and the read then answers from it', () => {
    localStorage.setItem('slicedRows', JSON.stringify(list(120)));
    const step = rows.prepareRead();
    let calls = 1;
    while (!step(oneStep())) calls++;
    // The decode, two slices of 50 records, then the last 20 and the ids.
    expect(calls).toBe(4);
    expect(checks).toBe(120);
    expect(rows.read()).toEqual(list(120));
    expect(checks).toBe(120);
  });

  it('a read before the last slice finishes it, checking only the records left', () => {
    localStorage.setItem('slicedRows', JSON.stringify(list(120, 3)));
    const step = rows.prepareRead();
    step(oneStep());
    step(oneStep());
    expect(checks).toBe(50);
    expect(rows.read()).toEqual(list(120, 3));
    expect(checks).toBe(120);
    // The read took over: the slices are done.
    expect(step(oneStep())).toBe(true);
    expect(checks).toBe(120);
  });

  it('another tab’s change between the slices, or after them, is what the read gives', () => {
    localStorage.setItem('slicedRows', JSON.stringify(list(120, 4)));
    const step = rows.prepareRead();
    step(oneStep());
    step(oneStep());
    localStorage.setItem('slicedRows', JSON.stringify(list(3, 2)));
    expect(rows.read()).toEqual(list(3, 2));

    localStorage.setItem('slicedRows', JSON.stringify(list(120, 6)));
    const again = rows.prepareRead();
    while (!again(() => 1));
    localStorage.setItem('slicedRows', JSON.stringify(list(2, 5)));
    expect(rows.read()).toEqual(list(2, 5));
  });

  it('a write before the last slice wins over the slices', () => {
    localStorage.setItem('slicedRows', JSON.stringify(list(120, 7)));
    const step = rows.prepareRead();
    step(oneStep());
    expect(rows.write(list(4, 9)).ok).toBe(true);
    expect(step(oneStep())).toBe(true);
    expect(rows.read()).toEqual(list(4, 9));
    expect(localStorage.getItem('slicedRows')).toBe(JSON.stringify(list(4, 9)));
  });

  it('sets unreadable records aside as a plain read does', () => {
    const bad = { ...item('2'), quantity: 'lots' };
    localStorage.setItem('inventoryItems', JSON.stringify([item('1'), bad, item('3'), { ...item('1'), quantity: 8 }]));
    const step = inventoryItemsStore.prepareRead();
    while (!step(oneStep()));
    // (Listed newest first: both may have the same time.)
    expect(listRecovered()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'inventoryItems', index: 1, id: '2', text: JSON.stringify(bad) }),
        expect.objectContaining({
          key: 'inventoryItems',
          index: 3,
          id: '1',
          reason: 'record 4, id: another record already has the id "1"',
        }),
      ]),
    );
    expect(ids()).toEqual(['1', '3']);
    expect(inventoryItemsStore.setAsideCount()).toBe(2);
    expect(listRecovered()).toHaveLength(2);
  });

  it('once a read has taken over, the slices check nothing more and later reads answer from that read', () => {
    localStorage.setItem('slicedRows', JSON.stringify(list(120, 3)));
    const step = rows.prepareRead();
    step(oneStep());
    expect(rows.read()).toEqual(list(120, 3));
    expect(step(() => 1)).toBe(true);
    expect(rows.read()).toEqual(list(120, 3));
    expect(checks).toBe(120);
  });

  it('a finished prepared read stays finished: asked again, it checks nothing and reads answer from it', () => {
    localStorage.setItem('slicedRows', JSON.stringify(list(120, 2)));
    const step = rows.prepareRead();
    while (!step(() => 1));
    expect(checks).toBe(120);
    expect(step(() => 1)).toBe(true);
    expect(rows.read()).toEqual(list(120, 2));
    expect(checks).toBe(120);
  });

  it('preparing the same text again goes on with the read already begun, each record checked once', () => {
    localStorage.setItem('slicedRows', JSON.stringify(list(120, 5)));
    const first = rows.prepareRead();
    first(oneStep());
    first(oneStep());
    expect(checks).toBe(50);
    const second = rows.prepareRead();
    while (!second(() => 1));
    expect(checks).toBe(120);
    expect(first(() => 1)).toBe(true);
    expect(rows.read()).toEqual(list(120, 5));
    expect(checks).toBe(120);
  });

  it('a remove before the last slice ends the slices (it reads the rest first, as a read), and the read is empty', () => {
    localStorage.setItem('slicedRows', JSON.stringify(list(120, 7)));
    const step = rows.prepareRead();
    step(oneStep());
    step(oneStep());
    expect(rows.remove().ok).toBe(true);
    expect(step(oneStep())).toBe(true);
    expect(checks).toBe(120);
    expect(rows.read()).toEqual([]);
    expect(localStorage.getItem('slicedRows')).toBeNull();
  });

  it('a remove storage refuses keeps what was read: the text is still there, each record checked once', () => {
    localStorage.setItem('slicedRows', JSON.stringify(list(120, 8)));
    const step = rows.prepareRead();
    step(oneStep());
    step(oneStep());
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new Error('refused');
    });
    expect(rows.remove().ok).toBe(false);
    vi.restoreAllMocks();
    expect(step(oneStep())).toBe(true);
    expect(rows.read()).toEqual(list(120, 8));
    expect(checks).toBe(120);
  });

  it('a write storage refuses keeps what was read: the stored list is read without checking it again', () => {
    localStorage.setItem('slicedRows', JSON.stringify(list(120, 9)));
    const step = rows.prepareRead();
    while (!step(() => 1));
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('refused');
    });
    expect(rows.write(list(4, 1)).ok).toBe(false);
    vi.restoreAllMocks();
    expect(rows.read()).toEqual(list(120, 9));
    expect(checks).toBe(120);
  });

  it('nothing to prepare when the stored text was read already, or there is none', () => {
    expect(rows.prepareRead()(() => 0)).toBe(true);
    localStorage.setItem('slicedRows', JSON.stringify(list(3, 8)));
    rows.read();
    checks = 0;
    expect(rows.prepareRead()(() => 0)).toBe(true);
    expect(checks).toBe(0);
  });
});
