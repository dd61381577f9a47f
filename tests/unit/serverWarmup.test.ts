/**
 * The embedded database's warm-up at open (server/data/warmup.ts), without a database: the changes of the
 * rehearsed first upload (tests/db/warmup.test.ts runs them on PGlite and checks every one is applied).
 */
import { describe, expect, it } from 'vitest';
import { recordSchemaProblem } from '../../server/data/records.ts';
import { warmUpChanges, warmUpClaims, warmUpStatements } from '../../server/data/warmup.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
type Change = {
  collection: string;
  record_id: string;
  base_rev: number | null;
  client_change_id: string;
  record: object;
};
const parsed = (statement: { params: unknown[] }) => JSON.parse(String(statement.params[0])) as Change[];

describe('the warm-up’s first upload', () => {
  it('event by event: an item, the event, three ingredient lines, a staff assignment and a tax rate, as new records', () => {
    const changes = warmUpChanges(9) as Change[];
    expect(changes.map((c) => [c.collection, c.record_id, c.base_rev])).toEqual([
      ['inventoryItems', 'W-0', null],
      ['events', '100', null],
      ['ingredientList-100', 'L-0', null],
      ['ingredientList-100', 'L-1', null],
      ['ingredientList-100', 'L-2', null],
      ['staffList-100', 'S-0', null],
      ['100-taxPercentage', 'value', null],
      ['inventoryItems', 'W-1', null],
      ['events', '101', null],
    ]);
    expect(changes[0]!.record).toMatchObject({ id: 'W-0', sku: 'W-0' });
    expect(changes[1]!.record).toMatchObject({ id: 100, date: '2026-01-01', guests: 50 });
    expect(changes[2]!.record).toMatchObject({ lineId: 'L-0', id: 'W-0', per: 'event' });
    expect(changes[4]!.record).toMatchObject({ lineId: 'L-2', id: 'W-2', per: 'event' });
    expect(changes[5]!.record).toMatchObject({ id: 'S-0', hours: 4 });
    expect(changes[6]!.record).toEqual({ value: 15 });
    expect(changes[7]!.record).toMatchObject({ id: 'W-1', sku: 'W-1' });
    // Each change its own id.
    expect(changes.every((c) => UUID.test(c.client_change_id))).toBe(true);
    expect(new Set(changes.map((c) => c.client_change_id)).size).toBe(9);
  });

  it('records of about the usual size, ingredient lines and tax rates as the app writes them', () => {
    const [item, , line, , , , tax] = warmUpChanges(7) as Change[];
    for (const change of [line!, tax!]) expect(recordSchemaProblem(change.collection, change.record)).toBeNull();
    expect(JSON.stringify(item!.record).length).toBeGreaterThan(250);
  });

  it('exactly the number asked for', () => {
    expect(warmUpChanges(0)).toEqual([]);
    expect(warmUpChanges(2000)).toHaveLength(2000);
    expect(warmUpChanges(2000).at(-1)).toMatchObject({ collection: 'ingredientList-385', record_id: 'L-2' });
  });
});

describe('the rehearsal', () => {
  it('a first push, an edit of each record on the revision the first push gave it, then a pull', () => {
    const [first, edit, pull, ...more] = warmUpStatements(14);
    expect(more).toEqual([]);
    expect(first!.sql).toBe('select public.sync_push_many(changes => $1::jsonb)::text as result');
    expect(edit!.sql).toBe('select public.sync_push_many(changes => $1::jsonb)::text as result');
    expect(pull).toEqual({
      sql: 'select public.sync_pull(since => $1::bigint, max_rows => $2::integer)::text as result',
      params: ['0', '1000'],
    });
    const pushed = parsed(first!);
    const edited = parsed(edit!);
    expect(pushed).toHaveLength(14);
    expect(pushed.every((c) => c.base_rev === null)).toBe(true);
    expect(edited.map((c) => [c.collection, c.record_id])).toEqual(pushed.map((c) => [c.collection, c.record_id]));
    expect(edited.every((c) => c.base_rev === 1)).toBe(true);
    expect(new Set([...pushed, ...edited].map((c) => c.client_change_id)).size).toBe(28);
  });

  it('as a made-up account, another each time', () => {
    const claims = warmUpClaims();
    expect(claims).toEqual({ sub: expect.stringMatching(UUID), role: 'authenticated', aud: 'authenticated' });
    expect(warmUpClaims().sub).not.toBe(claims.sub);
  });
});
