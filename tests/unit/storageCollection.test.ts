// @vitest-environment jsdom
/**
 * Collections (src/storage/collection.ts) as two tabs see them: what a save applies onto the latest
 * stored list, what is a conflict, and what a view's sync remembers as the base of its next save.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { createCollectionSync, defineCollection, revOf } from '../../src/storage/collection';
import { listRecovered } from '../../src/storage/recovered';
import { inventoryItemsStore } from '../../src/storage/keys';

const item = (id: string, quantity = 3) => ({
  id,
  name: `Item ${id}`,
  sku: `SKU-${id}`,
  category: 'Dry Storage',
  amountPerUnit: 10,
  unit: 'kg',
  packageType: 'bag',
  quantity,
  costPerUnit: 12.5,
  whenToOrder: 5,
  supplierName: 'Mill Co',
});
const stored = () => JSON.parse(localStorage.getItem('inventoryItems') ?? 'null') as Array<Record<string, unknown>>;
const ids = () => inventoryItemsStore.read().map((i) => i.id);

beforeEach(() => localStorage.clear());

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
    sync.save([...rows.read(), { id: 'c', n: 0 }]);
    expect(rows.read().map((r) => r.id)).toEqual(['c', 'a', 'b']);
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
