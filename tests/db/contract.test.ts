/**
 * The sync functions' contract (supabase/migrations), run against the embedded PGlite and against a
 * throwaway PostgreSQL 15 with the same SQL: push, pull from a cursor, tombstones, revision conflicts,
 * idempotent retries, size limits, and row-level security against another account. docs/sync.md.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbError, openPostgres, type SyncDatabase } from '../../server/data/database.ts';
import { recordSchemaProblem } from '../../server/data/records.ts';
import { openTestPglite, startPostgres } from './support.ts';

interface Backend {
  /** As the server runs: a role that is not a superuser, switching to `authenticated` per call. */
  db: SyncDatabase;
  /** The database owner (test set-up only). */
  admin: SyncDatabase['admin'];
  close(): Promise<void>;
}

const backends: [string, () => Promise<Backend>][] = [
  [
    'PGlite (embedded)',
    async () => {
      const t = await openTestPglite();
      return { db: t.db, admin: t.db.admin, close: t.cleanup };
    },
  ],
  [
    'PostgreSQL 15',
    async () => {
      const cluster = await startPostgres();
      const db = openPostgres(cluster.url);
      const owner = openPostgres(cluster.adminUrl, { max: 1 });
      return {
        db,
        admin: owner.admin,
        async close() {
          await db.close();
          await owner.close();
          cluster.stop();
        },
      };
    },
  ],
];

type Result = Record<string, unknown> & {
  status: string;
  rev?: number;
  change_seq?: number;
  server?: Record<string, unknown> | null;
  error?: { code: string; message: string };
};
type Pulled = {
  changes: (Record<string, unknown> & {
    collection: string;
    record_id: string;
    rev: number;
    deleted: boolean;
    record: unknown;
    change_seq: number;
  })[];
  cursor: number;
  more: boolean;
  head: number;
};

const item = (id: string, name = `Item ${id}`) => ({
  id,
  name,
  sku: `SKU-${id}`,
  category: 'Dry goods',
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'bag',
  quantity: 3,
  costPerUnit: 2.5,
  whenToOrder: 1,
  supplierName: 'Acme',
});
const change = (fields: Record<string, unknown>) => ({
  collection: 'inventoryItems',
  base_rev: null,
  client_change_id: randomUUID(),
  ...fields,
});

describe.each(backends)('sync contract on %s', (_name, start) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await start();
  }, 120_000);
  afterAll(async () => {
    await backend?.close();
  });

  const claimsOf = (user: string) => ({
    sub: user,
    role: 'authenticated',
    aud: 'authenticated',
    email: `${user}@example.com`,
  });
  const push = async (user: string, changes: unknown[]): Promise<Result[]> =>
    (
      await backend.db.runAs(
        'authenticated',
        claimsOf(user),
        'select public.sync_push(changes => $1::jsonb) as result',
        [JSON.stringify(changes)],
      )
    )[0]!.result as Result[];
  const pull = async (user: string, since = 0, maxRows = 500): Promise<Pulled> =>
    (
      await backend.db.runAs(
        'authenticated',
        claimsOf(user),
        'select public.sync_pull(since => $1::bigint, max_rows => $2::integer) as result',
        [since, maxRows],
      )
    )[0]!.result as Pulled;
  const asUser = (user: string, sql: string, params: unknown[] = []) =>
    backend.db.runAs('authenticated', claimsOf(user), sql, params);
  const failure = async (p: Promise<unknown>): Promise<DbError> => {
    try {
      await p;
    } catch (e) {
      expect(e).toBeInstanceOf(DbError);
      return e as DbError;
    }
    throw new Error('expected the statement to fail');
  };

  it('runs as a role that is neither a superuser nor bypasses RLS', async () => {
    const [row] = await asUser(
      randomUUID(),
      `select current_user as role, r.rolsuper as super, r.rolbypassrls as bypass from pg_roles r where r.rolname = current_user`,
    );
    expect(row).toEqual({ role: 'authenticated', super: false, bypass: false });
  });

  it('creates a business with the account, the account its owner', async () => {
    const user = randomUUID();
    await backend.admin.query('insert into auth.users (id, email) values ($1, $2)', [user, `${user}@example.com`]);
    const rows = await backend.admin.query('select owner_id from sync.businesses where owner_id = $1', [user]);
    expect(rows).toHaveLength(1);
    // An account the database has not seen (the embedded auth server keeps its users elsewhere) gets one on first push.
    const other = randomUUID();
    await push(other, [change({ record_id: 'a', record: item('a') })]);
    expect(await backend.admin.query('select 1 from sync.businesses where owner_id = $1', [other])).toHaveLength(1);
  });

  it('keeps every record with a business that exists, as the foreign key did: added, moved, renamed or deleted', async () => {
    // 20261130010000_records_business_check.sql: the key's per-row check replaced by one per statement.
    const user = randomUUID();
    const other = randomUUID();
    await push(user, [change({ record_id: 'a', record: item('a') }), change({ record_id: 'b', record: item('b') })]);
    await push(other, [change({ record_id: 'a', record: item('a') })]);
    const businessOf = async (owner: string) =>
      String((await backend.admin.query('select id from sync.businesses where owner_id = $1', [owner]))[0]!.id);
    const [mine, theirs] = [await businessOf(user), await businessOf(other)];
    const code = (sql: string, params: unknown[]) =>
      backend.admin.query(sql, params).then(
        () => 'done',
        (e: { code?: string }) => e.code,
      );
    // Even the database's owner (no row-level security) cannot add a record of no business, in a batch or alone.
    const insert = `insert into sync.records (business_id, collection, record_id, rev, record, updated_by, change_seq)
      values ($1, 'inventoryItems', 'x', 1, '{"id": "x"}', $2, 1)`;
    expect(await code(insert, [randomUUID(), user])).toBe('23503');
    expect(
      await code(
        `insert into sync.records (business_id, collection, record_id, rev, record, updated_by, change_seq)
          select b, 'inventoryItems', 'y' || n, 1, jsonb_build_object('id', 'y' || n), $3, n
          from unnest(array[$1::uuid, $2::uuid]) with ordinality as t(b, n)`,
        [mine, randomUUID(), user],
      ),
    ).toBe('23503');
    expect(await code(insert, [mine, user])).toBe('done');
    // Nor move a record to another business, nor give a business with records another id.
    expect(await code('update sync.records set business_id = $1 where business_id = $2', [theirs, mine])).toBe('23503');
    expect(await code('update sync.businesses set id = gen_random_uuid() where id = $1', [mine])).toBe('23503');
    expect(
      await code('update sync.records set rev = rev + 1 where business_id = $1 and record_id = $2', [mine, 'x']),
    ).toBe('done');
    // Deleting a business deletes its records, and only its.
    const count = async (business: string) =>
      Number(
        (await backend.admin.query('select count(*) as n from sync.records where business_id = $1', [business]))[0]!.n,
      );
    expect(await count(mine)).toBe(3);
    await backend.admin.query('delete from sync.businesses where id = $1', [mine]);
    expect(await count(mine)).toBe(0);
    expect(await count(theirs)).toBe(1);
  });

  it('pushes new records and pulls them back, with revisions and a cursor', async () => {
    const user = randomUUID();
    const results = await push(user, [
      change({ record_id: 'a', record: item('a') }),
      change({ record_id: 'b', record: item('b') }),
    ]);
    expect(results.map((r) => [r.status, r.record_id, r.rev])).toEqual([
      ['applied', 'a', 1],
      ['applied', 'b', 1],
    ]);
    expect(results[1]!.change_seq).toBeGreaterThan(results[0]!.change_seq!);
    const all = await pull(user);
    expect(all.changes.map((c) => [c.collection, c.record_id, c.rev, c.deleted])).toEqual([
      ['inventoryItems', 'a', 1, false],
      ['inventoryItems', 'b', 1, false],
    ]);
    expect(all.changes[0]!.record).toEqual(item('a'));
    expect(all.cursor).toBe(results[1]!.change_seq);
    expect(all.more).toBe(false);
    expect(all.head).toBe(all.cursor);
  });

  it('pulls only what changed after the cursor, a page at a time', async () => {
    const user = randomUUID();
    await push(
      user,
      ['a', 'b', 'c'].map((id) => change({ record_id: id, record: item(id) })),
    );
    const first = await pull(user);
    const edit = await push(user, [change({ record_id: 'b', base_rev: 1, record: item('b', 'Renamed') })]);
    expect(edit[0]).toMatchObject({ status: 'applied', rev: 2 });
    const after = await pull(user, first.cursor);
    expect(after.changes.map((c) => [c.record_id, c.rev, (c.record as { name: string }).name])).toEqual([
      ['b', 2, 'Renamed'],
    ]);
    expect((await pull(user, after.cursor)).changes).toEqual([]);
    // Paging: one row at a time, `more` until the head.
    const page1 = await pull(user, 0, 1);
    expect(page1.changes.map((c) => c.record_id)).toEqual(['a']);
    expect(page1.more).toBe(true);
    const page2 = await pull(user, page1.cursor, 1);
    expect(page2.changes.map((c) => c.record_id)).toEqual(['c']);
    const page3 = await pull(user, page2.cursor, 1);
    expect(page3.changes.map((c) => c.record_id)).toEqual(['b']);
    expect(page3.more).toBe(false);
  });

  it('keeps a deleted record as a tombstone that pulls carry, and a stale re-create is a conflict', async () => {
    const user = randomUUID();
    await push(user, [change({ record_id: 'a', record: item('a') })]);
    const cursor = (await pull(user)).cursor;
    const del = await push(user, [change({ record_id: 'a', base_rev: 1, deleted: true })]);
    expect(del[0]).toMatchObject({ status: 'applied', rev: 2, deleted: true });
    const after = await pull(user, cursor);
    expect(after.changes).toHaveLength(1);
    expect(after.changes[0]).toMatchObject({ record_id: 'a', rev: 2, deleted: true, record: null });
    // A device that never saw the delete cannot bring the record back unknowingly.
    const stale = await push(user, [change({ record_id: 'a', base_rev: 1, record: item('a') })]);
    expect(stale[0]).toMatchObject({ status: 'conflict', server: { rev: 2, deleted: true, record: null } });
    const fresh = await push(user, [change({ record_id: 'a', base_rev: null, record: item('a') })]);
    expect(fresh[0]!.status).toBe('conflict');
    // Knowing the tombstone's revision, it can.
    expect((await push(user, [change({ record_id: 'a', base_rev: 2, record: item('a') })]))[0]).toMatchObject({
      status: 'applied',
      rev: 3,
    });
  });

  it('returns a revision conflict with the server row and applies nothing', async () => {
    const user = randomUUID();
    await push(user, [change({ record_id: 'a', record: item('a', 'First') })]);
    await push(user, [change({ record_id: 'a', base_rev: 1, record: item('a', 'Second') })]);
    const head = (await pull(user)).head;
    const [result] = await push(user, [change({ record_id: 'a', base_rev: 1, record: item('a', 'Mine') })]);
    expect(result).toMatchObject({
      status: 'conflict',
      record_id: 'a',
      server: { rev: 2, deleted: false, record: item('a', 'Second') },
    });
    // A new record that already exists on the server is a conflict too.
    const [again] = await push(user, [change({ record_id: 'a', base_rev: null, record: item('a', 'Mine') })]);
    expect(again).toMatchObject({ status: 'conflict', server: { rev: 2 } });
    // A base revision the server never had: conflict with no server row.
    const [ghost] = await push(user, [change({ record_id: 'z', base_rev: 4, record: item('z') })]);
    expect(ghost).toMatchObject({ status: 'conflict', server: null });
    const now = await pull(user);
    expect(now.head).toBe(head);
    expect(now.changes.find((c) => c.record_id === 'a')).toMatchObject({ rev: 2, record: item('a', 'Second') });
  });

  it('applies a retried change once and answers the retry with the same result', async () => {
    const user = randomUUID();
    const c = change({ record_id: 'a', record: item('a') });
    const first = await push(user, [c]);
    const second = await push(user, [c]);
    expect(second).toEqual(first);
    // Also after later changes to the record, and twice in one batch.
    const edit = change({ record_id: 'a', base_rev: 1, record: item('a', 'Edited') });
    const both = await push(user, [edit, edit]);
    expect(both[1]).toEqual(both[0]);
    expect(both[0]).toMatchObject({ status: 'applied', rev: 2 });
    expect(await push(user, [c])).toEqual(first);
    const pulled = await pull(user);
    expect(pulled.changes).toHaveLength(1);
    expect(pulled.changes[0]).toMatchObject({ rev: 2, record: item('a', 'Edited') });
    expect(pulled.head).toBe(2);
  });

  it('refuses records that do not fit their collection, and keeps the rest of the batch', async () => {
    const user = randomUUID();
    const results = await push(user, [
      change({ record_id: 'a', record: item('b') }),
      change({ collection: 'passwords', record_id: 'a', record: { id: 'a' } }),
      change({ record_id: 'c', record: [1, 2] }),
      change({ record_id: 'd', record: item('d'), client_change_id: 'not-a-uuid' }),
      change({ collection: 'events', record_id: '7', record: { id: '7', EventName: 'x' } }),
      change({ collection: 'suppliers', record_id: 'S1', record: { supplierID: 'S1' } }),
      change({ collection: 'ingredientList-7', record_id: 'L1', record: { lineId: 'L1', id: 'a' } }),
      change({ collection: '7-taxPercentage', record_id: 'value', record: { value: 8.5 } }),
      change({ collection: 'deletedEventIds', record_id: '7', record: { id: 7 } }),
      'not an object',
    ]);
    expect(results.map((r) => (r.status === 'rejected' ? r.error!.code : r.status))).toEqual([
      'bad_record',
      'bad_collection',
      'bad_record',
      'bad_change',
      'bad_record',
      'applied',
      'applied',
      'applied',
      'applied',
      'bad_change',
    ]);
    expect(results[0]!.error!.message).toContain('record.id must be the record id "a"');
    expect((await pull(user)).changes.map((c) => `${c.collection}/${c.record_id}`).sort()).toEqual([
      '7-taxPercentage/value',
      'deletedEventIds/7',
      'ingredientList-7/L1',
      'suppliers/S1',
    ]);
  });

  it("inlines the per-record check and answer into the push's statement (no function call per record)", async () => {
    // PostgreSQL inlines a SQL function only without a search_path of its own and when it calls nothing
    // less immutable than declared (docs/performance.md "First sync, fourth pass").
    const plan = await backend.admin.query(
      `explain (verbose) select sync.record_problem(v.c, v.r, v.j),
         sync.applied_result(gen_random_uuid(), v.c, v.r, 1, 1, false)
         from (select e ->> 'c' as c, e ->> 'r' as r, e as j from jsonb_array_elements('[{"c": "events"}]') e) v`,
    );
    const text = plan.map((row) => String(Object.values(row)[0])).join('\n');
    expect(text).not.toContain('record_problem');
    expect(text).not.toContain('applied_result');
    expect(text).toContain('jsonb_typeof');
  });

  it('matches collection names, value keys and change ids without the long regular expressions, with the same answers', async () => {
    // docs/performance.md "First sync, fifth pass": 20261127010000_cheaper_matching.sql. The forms it replaced
    // (20261126140000_set_push.sql's is_collection, 20261126170000_inline_checks.sql's record_problem, the
    // case-insensitive change id) are created here beside them and asked the same questions.
    const previous = readFileSync(
      join(dirname(fileURLToPath(import.meta.url)), '../../supabase/migrations/20261126170000_inline_checks.sql'),
      'utf8',
    );
    const oldProblem = /create or replace function sync\.record_problem[\s\S]*?\n {2}\$\$;/.exec(previous)![0];
    await backend.admin.exec(`create schema if not exists contract_old;
      ${oldProblem.replace('sync.record_problem', 'contract_old.record_problem')}`);
    try {
      const names = [
        ...['inventoryItems', 'suppliers', 'employees', 'events', 'selectedItems', 'deletedEventIds'],
        ...['businessProfile', 'customers', 'issuedDocuments', 'documentNumbers'],
        ...['ingredientList-7', 'ingredientList-123456789012345', 'ingredientList-1234567890123456', 'ingredientList-'],
        ...['ingredientList-7a', 'ingredientList--7', 'ingredientlist-7', 'xingredientList-7', 'staffList-0'],
        ...['staffList-', 'staffList-x', 'staffList-7\n', 'ingredientList-\u0661', 'StaffList-7'],
        ...['7-discountPercentage', '123456789012345-taxPercentage', '1234567890123456-taxPercentage'],
        ...[
          '-taxPercentage',
          'x7-taxPercentage',
          '7-taxPercentagex',
          '7-TaxPercentage',
          '7-discountPercentage-taxPercentage',
        ],
        ...['7 -taxPercentage', '\u0667-taxPercentage', 'events ', ' events', 'Events', 'eventsx', 'events\n', ''],
        ...['passwords', 'ingredientList-7-taxPercentage', '7-taxPercentage-7', 'staffList-7-discountPercentage'],
      ];
      const ids = ['value', 'V', '7', 'L1'];
      const records = [{ value: 8.5 }, { value: '8.5' }, { id: 7 }, { id: '7' }, { lineId: 'L1' }, { id: 'L1' }];
      const rows = await backend.admin.query(
        `select n.name,
           sync.is_collection(n.name) as now,
           n.name ~ '^(inventoryItems|suppliers|employees|events|selectedItems|deletedEventIds|businessProfile|customers|issuedDocuments|documentNumbers|(ingredientList|staffList)-[0-9]{1,15}|[0-9]{1,15}-(discountPercentage|taxPercentage))$' as before,
           (select count(*) from jsonb_array_elements_text($2::jsonb) i, jsonb_array_elements($3::jsonb) r
             where sync.record_problem(n.name, i, r) is distinct from contract_old.record_problem(n.name, i, r))::int as differ
         from unnest($1::text[]) as n(name)`,
        [names, JSON.stringify(ids), JSON.stringify(records)],
      );
      expect(rows.length).toBe(names.length);
      for (const row of rows) {
        expect(row.now, `is_collection(${JSON.stringify(row.name)})`).toBe(row.before);
        expect(row.differ, `record_problem(${JSON.stringify(row.name)}, …)`).toBe(0);
      }
      expect(rows.filter((row) => row.now).length).toBe(15);
      // Neither is_collection nor the table's check constraint runs the 14-alternative expression any more.
      const plan = (
        await backend.admin.query(
          `explain (verbose) select sync.is_collection(c) from jsonb_array_elements_text('["events"]') c`,
        )
      )
        .map((row) => String(Object.values(row)[0]))
        .join('\n');
      expect(plan).not.toContain('is_collection');
      expect(plan).not.toContain('discountPercentage|taxPercentage');
      // 20261130000000_lighter_push.sql: nor any regular expression, and its helpers are inlined too.
      expect(plan).not.toContain('is_id_digits');
      expect(plan).not.toContain('~');
      // A change id's form without the regular expression: the same answers as the expression.
      const uuid = randomUUID();
      const changeIds = [
        uuid,
        uuid.toUpperCase(),
        `-${uuid.slice(1)}`, // a fifth dash where a digit was
        `${uuid.slice(0, 8)}0${uuid.slice(9)}`, // a digit where a dash was
        uuid.replace(/^./, 'g'),
        uuid.replace(/^./, '\u00e9'),
        uuid.replace(/^./, '\u0661'),
        uuid.replace(/^./, '_'),
        uuid.replace(/^./, '%'),
        uuid.replace(/-/g, ''),
        `{${uuid}}`,
        `${uuid}\n`,
        ` ${uuid}`,
        uuid.slice(1),
        `${uuid}0`,
        '--------------------------------------------',
        '',
      ];
      const forms = await backend.admin.query(
        `select i, sync.is_change_id(i) as now,
           i ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' as before
         from unnest($1::text[]) as i`,
        [changeIds],
      );
      for (const row of forms) expect(row.now, `is_change_id(${JSON.stringify(row.i)})`).toBe(row.before);
      expect(forms.filter((row) => row.now).length).toBe(2);
      const idPlan = (
        await backend.admin.query(`explain (verbose) select sync.is_change_id(i) from unnest('{a}'::text[]) i`)
      )
        .map((row) => String(Object.values(row)[0]))
        .join('\n');
      expect(idPlan).not.toContain('is_change_id');
      // A change id is a UUID in either case, and nothing else, as with the case-insensitive expression.
      const user = randomUUID();
      const upper = randomUUID().toUpperCase();
      const mixed = randomUUID().replace(/[a-f]/, (c) => c.toUpperCase());
      const results = await push(user, [
        change({ record_id: 'u1', record: item('u1'), client_change_id: upper }),
        change({ record_id: 'u2', record: item('u2'), client_change_id: mixed }),
        change({ record_id: 'u3', record: item('u3'), client_change_id: randomUUID().replace(/^./, 'g') }),
        change({ record_id: 'u4', record: item('u4'), client_change_id: randomUUID().replace(/-/g, '') }),
        change({ record_id: 'u5', record: item('u5'), client_change_id: `{${randomUUID()}}` }),
        change({ record_id: 'u6', record: item('u6'), client_change_id: `${randomUUID()}\n` }),
      ]);
      expect(results.map((r) => (r.status === 'rejected' ? r.error!.code : r.status))).toEqual([
        'applied',
        'applied',
        'bad_change',
        'bad_change',
        'bad_change',
        'bad_change',
      ]);
      expect(results[0]!.client_change_id).toBe(upper.toLowerCase());
      // A retry with the id in the other case is the same change, answered and not applied again.
      const retry = await push(user, [
        change({ record_id: 'u1', record: item('u1'), client_change_id: upper.toLowerCase() }),
      ]);
      expect(retry).toEqual([results[0]]);
    } finally {
      await backend.admin.exec('drop schema contract_old cascade');
    }
  });

  it('takes the later keys of the app: staff lists and the business profile (a value record)', async () => {
    const user = randomUUID();
    const assignment = {
      id: 'A1',
      employeeId: 'E1',
      name: 'Ana',
      role: 'Chef',
      shiftStart: '16:00',
      shiftEnd: '23:00',
    };
    const results = await push(user, [
      change({ collection: 'staffList-7', record_id: 'A1', record: assignment }),
      change({ collection: 'staffList-7', record_id: 'A2', record: assignment }),
      change({ collection: 'staffList-x', record_id: 'A1', record: assignment }),
      change({ collection: 'businessProfile', record_id: 'value', record: { value: { businessName: 'Cap' } } }),
      change({ collection: 'businessProfile', record_id: 'profile', record: { value: { businessName: 'Cap' } } }),
      change({ collection: 'businessProfile', record_id: 'value', record: { value: 'Cap' } }),
    ]);
    expect(results.map((r) => (r.status === 'rejected' ? r.error!.code : r.status))).toEqual([
      'applied',
      'bad_record',
      'bad_collection',
      'applied',
      'bad_record',
      'bad_record',
    ]);
    expect(results[1]!.error!.message).toBe('record.id must be the record id "A2"');
    expect(results[5]!.error!.message).toBe('value must be the business profile (an object)');
    expect((await pull(user)).changes.map((c) => `${c.collection}/${c.record_id}`)).toEqual([
      'staffList-7/A1',
      'businessProfile/value',
    ]);
  });

  describe('the money side: customers, issued documents and numbers from the account (issue 22)', () => {
    const take = async (user: string, kind: string, year: number, lastKnown?: number): Promise<number> =>
      (
        await asUser(
          user,
          lastKnown === undefined
            ? 'select public.take_document_number(kind => $1::text, year => $2::integer) as n'
            : 'select public.take_document_number(kind => $1::text, year => $2::integer, last_known => $3::integer) as n',
          lastKnown === undefined ? [kind, year] : [kind, year, lastKnown],
        )
      )[0]!.n as number;
    const customer = { id: 'c1', firstName: 'Ana', lastName: 'Lee', email: '', phone: '' };
    const issued = { id: 'D-1', kind: 'invoice', year: 2026, sequence: 7, revision: 1, number: 'INV-2026-0007' };

    it('takes customers, issued documents and counters by id, and refuses what is not theirs', async () => {
      const user = randomUUID();
      const results = await push(user, [
        change({ collection: 'customers', record_id: 'c1', record: customer }),
        change({ collection: 'customers', record_id: 'c2', record: customer }),
        change({ collection: 'issuedDocuments', record_id: 'D-1', record: issued }),
        change({ collection: 'issuedDocuments', record_id: 'D-2', record: { ...issued, id: 'D-2', sequence: 0 } }),
        change({
          collection: 'documentNumbers',
          record_id: 'invoice-2026',
          record: { id: 'invoice-2026', kind: 'invoice', year: 2026, last: 3 },
        }),
        change({
          collection: 'documentNumbers',
          record_id: 'quote-2026',
          record: { id: 'quote-2026', kind: 'invoice', year: 2026, last: 3 },
        }),
        change({
          collection: 'documentNumbers',
          record_id: 'quote-2027',
          record: { id: 'quote-2027', kind: 'quote', year: 2027, last: 1.5 },
        }),
        change({ collection: 'documentNumbers', record_id: 'receipt-2026', record: { id: 'receipt-2026' } }),
      ]);
      expect(results.map((r) => (r.status === 'rejected' ? r.error!.code : r.status))).toEqual([
        'applied',
        'bad_record',
        'applied',
        'bad_record',
        'applied',
        'bad_record',
        'bad_record',
        'bad_record',
      ]);
      expect(results[5]!.error!.message).toBe('record.kind and record.year must be those of "quote-2026"');
      expect(results[6]!.error!.message).toBe('record.last must be a whole number from 1');
      expect((await pull(user)).changes.map((c) => `${c.collection}/${c.record_id}`)).toEqual([
        'customers/c1',
        'issuedDocuments/D-1',
        'documentNumbers/invoice-2026',
      ]);
    });

    it("checks an issued document's issuedAs as the server's record schemas do (a number of a quote or invoice)", async () => {
      const user = randomUUID();
      // A whole issued document (the server's record schemas ask for more fields than the SQL check).
      const full = {
        ...issued,
        revision: 3,
        number: 'INV-2026-0007-3',
        eventId: 7,
        eventName: 'Gala',
        issuedAt: '2026-11-20',
        snapshot: { lines: [], totalCents: 0 },
      };
      const variants: [string, Record<string, unknown>][] = [
        ['D-1', full],
        ['D-2', { ...full, id: 'D-2', issuedAs: 'INV-2026-0007-2' }],
        ['D-3', { ...full, id: 'D-3', issuedAs: 'Q-2026-0012' }],
        ['D-4', { ...full, id: 'D-4', issuedAs: 'the second one' }],
        ['D-5', { ...full, id: 'D-5', issuedAs: 2 }],
        ['D-6', { ...full, id: 'D-6', issuedAs: null }],
        ['D-7', { ...full, id: 'D-7', issuedAs: 'INV-26-0007-2' }],
      ];
      const results = await push(
        user,
        variants.map(([id, record]) => change({ collection: 'issuedDocuments', record_id: id, record })),
      );
      const sql = results.map((r) => (r.status === 'rejected' ? r.error!.code : r.status));
      expect(sql).toEqual(['applied', 'applied', 'applied', 'bad_record', 'bad_record', 'bad_record', 'bad_record']);
      expect(results[3]!.error!.message).toBe(
        'record.issuedAs must be the number of a quote or invoice (INV-2026-0001-2)',
      );
      // The embedded server's own check (server/data/records.ts) agrees record by record.
      expect(
        variants.map(([, record]) =>
          recordSchemaProblem('issuedDocuments', record) === null ? 'applied' : 'bad_record',
        ),
      ).toEqual(sql);
    });

    it('hands out numbers one after another, per kind and year, above every number the account knows', async () => {
      const user = randomUUID();
      expect(await take(user, 'invoice', 2026)).toBe(1);
      expect(await take(user, 'invoice', 2026)).toBe(2);
      expect(await take(user, 'quote', 2026)).toBe(1);
      expect(await take(user, 'invoice', 2027)).toBe(1);
      // The account's synced counter and issued documents (a device that issued before turning sync on).
      await push(user, [
        change({
          collection: 'documentNumbers',
          record_id: 'quote-2026',
          record: { id: 'quote-2026', kind: 'quote', year: 2026, last: 9 },
        }),
        change({ collection: 'issuedDocuments', record_id: 'D-1', record: issued }),
      ]);
      expect(await take(user, 'quote', 2026)).toBe(10);
      expect(await take(user, 'invoice', 2026)).toBe(8);
      // What the calling device has used, and never lower again afterwards.
      expect(await take(user, 'invoice', 2026, 20)).toBe(21);
      expect(await take(user, 'invoice', 2026, 3)).toBe(22);
      expect(await take(user, 'invoice', 2026)).toBe(23);
    });

    it('never gives one number twice, even to calls at the same moment', async () => {
      const user = randomUUID();
      const numbers = await Promise.all(Array.from({ length: 10 }, () => take(user, 'invoice', 2026)));
      expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
      const [one, two] = await Promise.all([take(user, 'quote', 2026), take(user, 'quote', 2026)]);
      expect(one).not.toBe(two);
    });

    it('refuses a kind or year that is not a number’s, and a caller without an account', async () => {
      const user = randomUUID();
      expect((await failure(take(user, 'receipt', 2026))).code).toBe('22023');
      expect((await failure(take(user, 'invoice', 26))).code).toBe('22023');
      expect((await failure(take(user, 'invoice', 2026, -1))).code).toBe('22023');
      // Above the cap: the message says the whole range (not only "from 0").
      const over = await failure(take(user, 'invoice', 2026, 2147483647));
      expect([over.code, over.message]).toEqual(['22023', 'last_known must be a whole number from 0 to 999,999,999']);
      const anon = await failure(
        backend.db.runAs(
          'anon',
          { role: 'anon' },
          "select public.take_document_number(kind => 'invoice', year => 2026)",
        ),
      );
      expect(anon.code).toBe('42501');
      const noSub = await failure(
        backend.db.runAs(
          'authenticated',
          { role: 'authenticated' },
          "select public.take_document_number(kind => 'invoice', year => 2026)",
        ),
      );
      expect(noSub.code).toBe('42501');
    });

    it('account B cannot read, raise, lower or take from A’s counter', async () => {
      const a = randomUUID();
      const b = randomUUID();
      expect(await take(a, 'invoice', 2026)).toBe(1);
      expect(await take(a, 'invoice', 2026)).toBe(2);
      const [row] = await backend.admin.query('select id from sync.businesses where owner_id = $1', [a]);
      const aBusiness = String(row!.id);
      // B's numbers are B's own: A's counter is neither seen nor moved.
      expect(await take(b, 'invoice', 2026)).toBe(1);
      expect(await asUser(b, 'select * from sync.document_counters')).toHaveLength(1);
      expect(await asUser(b, 'select * from sync.document_counters where business_id = $1', [aBusiness])).toEqual([]);
      expect(
        await asUser(b, 'update sync.document_counters set last = 0 where business_id = $1 returning 1', [aBusiness]),
      ).toEqual([]);
      expect(
        await asUser(b, 'update sync.document_counters set last = 99 where business_id = $1 returning 1', [aBusiness]),
      ).toEqual([]);
      const insert = await failure(
        asUser(
          b,
          `insert into sync.document_counters (business_id, kind, year, last, updated_by) values ($1, 'invoice', 2030, 5, auth.uid())`,
          [aBusiness],
        ),
      );
      expect(insert.code).toBe('42501');
      expect(
        (await failure(asUser(b, 'delete from sync.document_counters where business_id = $1', [aBusiness]))).code,
      ).toBe('42501');
      // A itself may not delete its counter either (a number never comes back).
      expect((await failure(asUser(a, 'delete from sync.document_counters'))).code).toBe('42501');
      expect(await take(a, 'invoice', 2026)).toBe(3);
    });

    describe('revisions from the account: take_document_revision (issue 24, two devices never print one revision)', () => {
      const revise = async (user: string, kind: string, year: number, sequence: number, lastKnown?: number) =>
        (
          await asUser(
            user,
            lastKnown === undefined
              ? 'select public.take_document_revision(kind => $1::text, year => $2::integer, sequence => $3::integer) as n'
              : 'select public.take_document_revision(kind => $1::text, year => $2::integer, sequence => $3::integer, last_known => $4::integer) as n',
            lastKnown === undefined ? [kind, year, sequence] : [kind, year, sequence, lastKnown],
          )
        )[0]!.n as number;

      it('hands out the revisions of one number one after another, above every revision the account knows', async () => {
        const user = randomUUID();
        // Two devices that each revise INV-2026-0007 without seeing the other's revision: -2 and -3.
        expect(await revise(user, 'invoice', 2026, 7)).toBe(2);
        expect(await revise(user, 'invoice', 2026, 7)).toBe(3);
        // Per number: another number, kind or year starts at -2.
        expect(await revise(user, 'invoice', 2026, 8)).toBe(2);
        expect(await revise(user, 'quote', 2026, 7)).toBe(2);
        expect(await revise(user, 'invoice', 2027, 7)).toBe(2);
        // The account's synced revisions (made before sync was on) and what the device has seen.
        await push(user, [
          change({
            collection: 'issuedDocuments',
            record_id: 'D-5',
            record: { ...issued, id: 'D-5', sequence: 9, revision: 4, number: 'INV-2026-0009-4' },
          }),
          change({
            collection: 'issuedDocuments',
            record_id: 'D-6',
            record: { ...issued, id: 'D-6', sequence: 10, revision: 'x', number: 'INV-2026-0010' },
          }),
        ]);
        expect(await revise(user, 'invoice', 2026, 9)).toBe(5);
        expect(await revise(user, 'invoice', 2026, 10)).toBe(2);
        expect(await revise(user, 'invoice', 2026, 7, 6)).toBe(7);
        expect(await revise(user, 'invoice', 2026, 7, 2)).toBe(8);
        // A revision takes no new number: the next is above the account's issued numbers (10), as before.
        expect(await take(user, 'invoice', 2026)).toBe(11);
      });

      it('never gives one revision twice, even to calls at the same moment', async () => {
        const user = randomUUID();
        const revisions = await Promise.all(Array.from({ length: 8 }, () => revise(user, 'invoice', 2026, 1)));
        expect([...revisions].sort((a, b) => a - b)).toEqual(Array.from({ length: 8 }, (_, i) => i + 2));
      });

      it('refuses what is not a number’s revision, and a caller without an account', async () => {
        const user = randomUUID();
        expect((await failure(revise(user, 'receipt', 2026, 1))).code).toBe('22023');
        expect((await failure(revise(user, 'invoice', 26, 1))).code).toBe('22023');
        expect((await failure(revise(user, 'invoice', 2026, 0))).code).toBe('22023');
        expect((await failure(revise(user, 'invoice', 2026, 1, 0))).code).toBe('22023');
        expect((await failure(revise(user, 'invoice', 2026, 1_000_000_000))).message).toBe(
          'sequence must be a whole number from 1 to 999,999,999',
        );
        expect((await failure(revise(user, 'invoice', 2026, 1, 1_000_000_000))).message).toBe(
          'last_known must be a whole number from 1 to 999,999,999',
        );
        const sql = "select public.take_document_revision(kind => 'invoice', year => 2026, sequence => 1)";
        expect((await failure(backend.db.runAs('anon', { role: 'anon' }, sql))).code).toBe('42501');
        expect((await failure(backend.db.runAs('authenticated', { role: 'authenticated' }, sql))).code).toBe('42501');
      });

      it('account B cannot read, raise, lower or take from A’s revisions', async () => {
        const a = randomUUID();
        const b = randomUUID();
        expect(await revise(a, 'invoice', 2026, 1)).toBe(2);
        const [row] = await backend.admin.query('select id from sync.businesses where owner_id = $1', [a]);
        const aBusiness = String(row!.id);
        expect(await revise(b, 'invoice', 2026, 1)).toBe(2);
        expect(await asUser(b, 'select * from sync.document_revisions')).toHaveLength(1);
        expect(await asUser(b, 'select * from sync.document_revisions where business_id = $1', [aBusiness])).toEqual(
          [],
        );
        expect(
          await asUser(b, 'update sync.document_revisions set last = 2 where business_id = $1 returning 1', [
            aBusiness,
          ]),
        ).toEqual([]);
        const insert = await failure(
          asUser(
            b,
            `insert into sync.document_revisions (business_id, kind, year, sequence, last, updated_by)
               values ($1, 'invoice', 2030, 1, 5, auth.uid())`,
            [aBusiness],
          ),
        );
        expect(insert.code).toBe('42501');
        expect((await failure(asUser(a, 'delete from sync.document_revisions'))).code).toBe('42501');
        expect(await revise(a, 'invoice', 2026, 1)).toBe(3);
      });
    });
  });

  it('answers a batch set-based exactly as one by one: applied, conflicts, retries, tombstones, refusals', async () => {
    // The same batches, through sync.push_batch for one account and sync.push_one_by_one for another
    // (change ids are per business, so both take the same ones): the same answers and the same rows.
    const viaBatch = randomUUID();
    const oneByOne = randomUUID();
    const call = async (user: string, fn: string, changes: unknown[]) =>
      (await asUser(user, `select sync.${fn}(changes => $1::jsonb) as result`, [JSON.stringify(changes)]))[0]!
        .result as Result[] | null;
    const withoutTimes = (results: Result[] | null) =>
      JSON.parse(JSON.stringify(results), (k, v) => (k === 'updated_at' ? 'time' : v)) as unknown;
    const first = change({ record_id: 'a', record: item('a') });
    const batches: unknown[][] = [
      [
        first,
        change({ record_id: 'b', record: item('b') }),
        change({ record_id: 'c', record: item('c') }),
        change({ record_id: 'd', deleted: true }),
        change({ record_id: 'ghost', base_rev: 3, deleted: true }),
        change({ collection: 'passwords', record_id: 'x', record: { id: 'x' } }),
        change({ record_id: '', record: item('') }),
        change({ record_id: 'e', deleted: 'yes', record: item('e') }),
        change({ record_id: 'f', base_rev: '1', record: item('f') }),
        change({ record_id: 'g', base_rev: 0, record: item('g') }),
        change({ record_id: 'h', record: item('not h') }),
        change({ record_id: 'i', record: { ...item('i'), notes: 'x'.repeat(300 * 1024) } }),
        change({ record_id: 'j', record: item('j'), client_change_id: 'not-a-uuid' }),
        change({ collection: 'staffList-7', record_id: 'S1', record: { id: 'S1' } }),
        change({ collection: '7-taxPercentage', record_id: 'value', record: { value: 13 } }),
        42,
      ],
      [
        change({ record_id: 'a', base_rev: 1, record: item('a', 'Edited') }),
        change({ record_id: 'b', base_rev: 5, record: item('b', 'Stale') }),
        change({ record_id: 'c', base_rev: 1, deleted: true }),
        change({ record_id: 'd', record: item('d') }),
        change({ record_id: 'new', base_rev: null, record: item('new') }),
        first,
      ],
      [
        change({ record_id: 'c', base_rev: 2, record: item('c', 'Back') }),
        change({ record_id: 'a', base_rev: 1, record: item('a') }),
      ],
      [],
    ];
    for (const batch of batches) {
      const batched = await call(viaBatch, 'push_batch', batch);
      expect(batched, `the batch path took batch ${batches.indexOf(batch)}`).not.toBeNull();
      expect(withoutTimes(batched)).toEqual(withoutTimes(await call(oneByOne, 'push_one_by_one', batch)));
    }
    const pulledA = await pull(viaBatch);
    const pulledB = await pull(oneByOne);
    expect(withoutTimes(pulledA as never)).toEqual(withoutTimes(pulledB as never));
    expect(pulledA.changes.map((c) => `${c.record_id}:${c.rev}${c.deleted ? ':deleted' : ''}`).sort()).toEqual([
      'S1:1',
      'a:2',
      'b:1',
      'c:3',
      'd:1:deleted',
      'new:1',
      'value:1',
    ]);
    const counters = async (user: string) =>
      (
        await backend.admin.query(
          'select change_seq::int as seq, used_bytes::int as used from sync.businesses where owner_id = $1',
          [user],
        )
      )[0];
    expect(await counters(viaBatch)).toEqual(await counters(oneByOne));
    // A change id twice in one batch, or the quota within reach, goes one by one (the batch path writes nothing).
    const twice = change({ record_id: 'z', record: item('z') });
    expect(await call(viaBatch, 'push_batch', [twice, twice])).toBeNull();
    expect(await push(viaBatch, [twice, twice])).toMatchObject([{ status: 'applied' }, { status: 'applied' }]);
    await backend.admin.query('update sync.businesses set quota_bytes = used_bytes + 10 where owner_id = $1', [
      viaBatch,
    ]);
    expect(await call(viaBatch, 'push_batch', [change({ record_id: 'y', record: item('y') })])).toBeNull();
  });

  describe('sync_push_many: larger batches, set-based, a retry answered by the record it names', () => {
    const pushMany = async (user: string, changes: unknown[]): Promise<Result[]> =>
      (
        await asUser(user, 'select public.sync_push_many(changes => $1::jsonb) as result', [JSON.stringify(changes)])
      )[0]!.result as Result[];
    const call = async (user: string, fn: string, changes: unknown[]) =>
      (await asUser(user, `select sync.${fn} as result`, [JSON.stringify(changes)]))[0]!.result as Result[] | null;
    const withoutTimes = (value: unknown) =>
      JSON.parse(JSON.stringify(value), (k, v) => (k === 'updated_at' ? 'time' : v)) as unknown;
    const counters = async (user: string) =>
      (
        await backend.admin.query(
          'select change_seq::int as seq, used_bytes::int as used from sync.businesses where owner_id = $1',
          [user],
        )
      )[0];
    const storedResults = async (user: string) =>
      Number(
        (
          await backend.admin.query(
            'select count(*)::int as n from sync.applied_changes a join sync.businesses b on b.id = a.business_id where b.owner_id = $1',
            [user],
          )
        )[0]!.n,
      );

    it('answers exactly as one by one: applied, conflicts, retries, tombstones, refusals', async () => {
      // The same batches through the set-based path for one account and one by one for another.
      const viaSet = randomUUID();
      const oneByOne = randomUUID();
      const first = change({ record_id: 'a', record: item('a') });
      const batches: unknown[][] = [
        [
          first,
          change({ record_id: 'b', record: item('b') }),
          change({ record_id: 'c', record: item('c') }),
          change({ record_id: 'd', deleted: true }),
          change({ record_id: 'ghost', base_rev: 3, deleted: true }),
          change({ collection: 'passwords', record_id: 'x', record: { id: 'x' } }),
          change({ record_id: '', record: item('') }),
          change({ record_id: 'e', deleted: 'yes', record: item('e') }),
          change({ record_id: 'f', base_rev: '1', record: item('f') }),
          change({ record_id: 'g', base_rev: 0, record: item('g') }),
          change({ record_id: 'h', record: item('not h') }),
          change({ record_id: 'i', record: { ...item('i'), notes: 'x'.repeat(300 * 1024) } }),
          change({ record_id: 'j', record: item('j'), client_change_id: 'not-a-uuid' }),
          // A refusal names only what is text: a number for a collection, a record id or a change id is null.
          change({ collection: 5, record_id: 'k', record: item('k') }),
          change({ record_id: 6, record: item('6') }),
          change({ record_id: 'l', record: item('l'), client_change_id: 7 }),
          change({ collection: 'staffList-7', record_id: 'S1', record: { id: 'S1' } }),
          change({ collection: '7-taxPercentage', record_id: 'value', record: { value: 13 } }),
          42,
        ],
        [
          change({ record_id: 'a', base_rev: 1, record: item('a', 'Edited') }),
          change({ record_id: 'b', base_rev: 5, record: item('b', 'Stale') }),
          change({ record_id: 'c', base_rev: 1, deleted: true }),
          change({ record_id: 'd', record: item('d') }),
          change({ record_id: 'new', base_rev: null, record: item('new') }),
          first,
        ],
        [
          change({ record_id: 'c', base_rev: 2, record: item('c', 'Back') }),
          change({ record_id: 'a', base_rev: 1, record: item('a') }),
          first,
        ],
        [],
      ];
      for (const [n, batch] of batches.entries()) {
        const set = await call(viaSet, 'push_set($1::jsonb, 2000)', batch);
        expect(set, `the set-based path took batch ${n}`).not.toBeNull();
        expect(withoutTimes(set), `batch ${n}`).toEqual(
          withoutTimes(await call(oneByOne, 'push_one_by_one($1::jsonb)', batch)),
        );
      }
      expect(withoutTimes(await pull(viaSet))).toEqual(withoutTimes(await pull(oneByOne)));
      expect(await counters(viaSet)).toEqual(await counters(oneByOne));
      // sync_push_many answers the same as sync_push.
      const again = [
        change({ record_id: 'n1', record: item('n1') }),
        change({ record_id: 'a', base_rev: 9, record: item('a') }),
      ];
      expect(withoutTimes(await pushMany(viaSet, again))).toEqual(withoutTimes(await push(oneByOne, again)));
    });

    it('applies a change once whatever batches its retries come in, also after a later change replaced it', async () => {
      const user = randomUUID();
      const changes = Array.from({ length: 40 }, (_, n) => change({ record_id: `r${n}`, record: item(`r${n}`) }));
      const first = await pushMany(user, changes);
      expect(first.every((r) => r.status === 'applied' && r.rev === 1)).toBe(true);
      const head = Number((await counters(user))!.seq);
      // A first upload stores no result per change: a retry is answered from the record it names.
      expect(await storedResults(user)).toBe(0);
      // The answer was lost: the same changes again, split otherwise, reordered, among new ones, and through sync_push.
      const retried = [
        ...(await pushMany(user, [...changes.slice(25)].reverse())),
        ...(await push(user, changes.slice(10, 25))),
        ...(await pushMany(user, [change({ record_id: 'new', record: item('new') }), ...changes.slice(0, 10)])),
      ];
      const byId = new Map(retried.map((r) => [r.client_change_id, r]));
      for (const [n, c] of changes.entries()) expect(byId.get(c.client_change_id), `change ${n}`).toEqual(first[n]);
      expect((await counters(user))!.seq).toBe(head + 1); // only the new record
      // The same change twice in one batch (one by one, in order), beside a fresh one: still once.
      const twice = await pushMany(user, [changes[3], changes[3], change({ record_id: 'x', record: item('x') })]);
      expect(twice.slice(0, 2)).toEqual([first[3], first[3]]);
      expect(twice[2]).toMatchObject({ status: 'applied', rev: 1 });
      // A later change replaces r5's revision: its earlier change is answered with its own result still,
      // by each path, and the later one by its own.
      const edit = change({ record_id: 'r5', base_rev: 1, record: item('r5', 'Edited') });
      const [edited] = await pushMany(user, [edit]);
      expect(edited).toMatchObject({ status: 'applied', rev: 2 });
      expect(await pushMany(user, [changes[5]])).toEqual([first[5]]);
      expect(await push(user, [changes[5], edit])).toEqual([first[5], edited]);
      expect(await pushMany(user, [changes[5], changes[5], edit])).toEqual([first[5], first[5], edited]);
      // Stored: x's result (its batch went one by one) and r5's first change's (replaced), nothing else.
      expect(await storedResults(user)).toBe(2);
      // And a tombstone's change, replaced by a re-creation.
      const gone = change({ record_id: 'r6', base_rev: 1, deleted: true });
      const [deleted] = await pushMany(user, [gone]);
      await pushMany(user, [change({ record_id: 'r6', base_rev: 2, record: item('r6', 'Back') })]);
      expect(await pushMany(user, [gone])).toEqual([deleted]);
      const pulled = await pull(user);
      expect(pulled.changes.filter((c) => c.rev > 1).map((c) => `${c.record_id}:${c.rev}`)).toEqual(['r5:2', 'r6:3']);
      expect(pulled.head).toBe(head + 5);
    });

    it('finds changes applied before this path by their stored results, and stores one replaced by this path', async () => {
      const user = randomUUID();
      // Applied one by one (as before the set-based path): a stored result, no change id on the row.
      const old = change({ record_id: 'o', record: item('o') });
      const [applied] = (await call(user, 'push_one_by_one($1::jsonb)', [old]))!;
      expect(await pushMany(user, [old])).toEqual([applied]);
      // Replaced through this path, then the replacement replaced one by one: each keeps its answer.
      const second = change({ record_id: 'o', base_rev: 1, record: item('o', 'Second') });
      const [secondResult] = await pushMany(user, [second]);
      const third = change({ record_id: 'o', base_rev: 2, record: item('o', 'Third') });
      const [thirdResult] = (await call(user, 'push_one_by_one($1::jsonb)', [third]))!;
      expect(thirdResult).toMatchObject({ status: 'applied', rev: 3 });
      expect(await pushMany(user, [old, second, third])).toEqual([applied, secondResult, thirdResult]);
      expect(await push(user, [third, second, old])).toEqual([thirdResult, secondResult, applied]);
      expect((await pull(user)).head).toBe(3);
    });

    it('writes each record from its own change in a full batch of big records: new ones, edits, tombstones, retries and refusals mixed', async () => {
      // The push reads a record from the batch again by its change's position when it writes it, inserts a record
      // new to the account and updates one it holds (docs/performance.md "First sync, sixth pass"): the same
      // answers, records and counters as one by one, over 1,200 changes of records about an event's size.
      const viaSet = randomUUID();
      const inOrder = randomUUID();
      const big = (id: string, name = `Item ${id}`) => ({ ...item(id, name), notes: `${id} `.repeat(600) });
      const held = Array.from({ length: 400 }, (_, n) => change({ record_id: `h${n}`, record: big(`h${n}`) }));
      for (const user of [viaSet, inOrder])
        expect((await pushMany(user, held)).every((r) => r.status === 'applied')).toBe(true);
      const batch: unknown[] = [];
      for (let n = 0; batch.length < 1200; n++) {
        if (n % 10 === 3) batch.push(change({ record_id: `x${n}`, record: { ...big(`x${n}`), id: 'not its id' } }));
        else if (n % 10 === 5 && n < 800) batch.push(held[n >> 1]);
        else if (n % 10 === 7 && n < 800) batch.push(change({ record_id: `h${n >> 1}`, base_rev: 1, deleted: true }));
        else if (n % 10 === 9 && n < 800)
          batch.push(change({ record_id: `h${n >> 1}`, base_rev: 1, record: big(`h${n >> 1}`, `Edited ${n}`) }));
        else if (n % 50 === 11)
          batch.push(change({ record_id: `h${n >> 1}`, base_rev: 7, record: big(`h${n >> 1}`, 'Stale') }));
        else if (n % 100 === 13) batch.push(42);
        else batch.push(change({ record_id: `n${n}`, record: big(`n${n}`, `New ${n}`) }));
      }
      const set = await call(viaSet, 'push_set($1::jsonb, 2000)', batch);
      expect(set, 'the set-based path took the batch').not.toBeNull();
      const reference = await call(inOrder, 'push_in_order($1::jsonb, 2000)', batch);
      expect(withoutTimes(set)).toEqual(withoutTimes(reference));
      expect(new Set(set!.map((r) => r.status))).toEqual(new Set(['applied', 'conflict', 'rejected']));
      const all = async (user: string) => {
        const rows: Pulled['changes'] = [];
        for (let since = 0, more = true; more;) {
          const page = await pull(user, since, 1000);
          rows.push(...page.changes);
          ({ cursor: since, more } = page);
        }
        return rows;
      };
      const written = await all(viaSet);
      expect(withoutTimes(written)).toEqual(withoutTimes(await all(inOrder)));
      expect(written.find((r) => r.record_id === 'n1198')?.record).toEqual(big('n1198', 'New 1198'));
      expect(await counters(viaSet)).toEqual(await counters(inOrder));
      // A result stored for each held record's change replaced here (one by one stores one per applied change).
      expect(await storedResults(viaSet)).toBe(set!.filter((r) => r.status === 'applied' && r.rev === 2).length);
    }, 120_000);

    it('takes up to 2,000 changes a call, in order one by one when the batch needs it, and refuses more', async () => {
      const user = randomUUID();
      const changes = Array.from({ length: 2000 }, (_, n) => change({ record_id: `m${n}`, record: item(`m${n}`) }));
      const results = await pushMany(user, changes);
      expect(results).toHaveLength(2000);
      expect(results.every((r) => r.status === 'applied')).toBe(true);
      expect(results.map((r) => r.change_seq)).toEqual(Array.from({ length: 2000 }, (_, n) => n + 1));
      const tooMany = await failure(
        pushMany(user, [...changes, change({ record_id: 'one more', record: item('one more') })]),
      );
      expect(tooMany.code).toBe('22023');
      expect(tooMany.message).toBe('At most 2000 changes per push');
      // sync_push keeps its cap.
      expect((await failure(push(user, changes.slice(0, 501)))).message).toBe('At most 500 changes per push');
      // A record twice among 700 changes: the whole batch goes one by one, 500 at a time, in order.
      const other = randomUUID();
      const mixed = Array.from({ length: 700 }, (_, n) => change({ record_id: `k${n}`, record: item(`k${n}`) }));
      mixed[650] = change({ record_id: 'k10', base_rev: 1, record: item('k10', 'Edited in the same batch') });
      expect(await call(other, 'push_set($1::jsonb, 2000)', mixed)).toBeNull();
      const inOrder = await pushMany(other, mixed);
      expect(inOrder).toHaveLength(700);
      expect(inOrder[650]).toMatchObject({ status: 'applied', record_id: 'k10', rev: 2, change_seq: 651 });
      expect(inOrder.filter((r) => r.status !== 'applied')).toEqual([]);
      // The account's quota within reach: one by one too, and the change that does not fit is refused.
      await backend.admin.query('update sync.businesses set quota_bytes = used_bytes + 300 where owner_id = $1', [
        other,
      ]);
      const near = [change({ record_id: 'q1', record: item('q1') }), change({ record_id: 'q2', record: item('q2') })];
      expect(await call(other, 'push_set($1::jsonb, 2000)', near)).toBeNull();
      expect((await pushMany(other, near)).map((r) => (r.status === 'rejected' ? r.error!.code : r.status))).toEqual([
        'applied',
        'quota_exceeded',
      ]);
    });

    it('gives another account nothing of A’s: its own rows, even with A’s record ids and change ids', async () => {
      const a = randomUUID();
      const b = randomUUID();
      const secret = change({ record_id: 'secret', record: item('secret', 'A only') });
      await pushMany(a, [secret]);
      const before = await pull(a);
      const [replay] = await pushMany(b, [secret]);
      expect(replay).toMatchObject({ status: 'applied', rev: 1, change_seq: 1 });
      const [crafted] = await pushMany(b, [
        { ...change({ record_id: 'secret', base_rev: 1, record: item('secret', 'B') }), owner_id: a, updated_by: a },
      ]);
      expect(crafted).toMatchObject({ status: 'applied', rev: 2 });
      expect(await pull(a)).toEqual(before);
      expect(await asUser(b, 'select * from sync.applied_changes')).toHaveLength(1);
      expect((await asUser(a, 'select * from sync.applied_changes')).length).toBe(0);
    });
  });

  it('caps the size of a record, of a batch and of an account', async () => {
    const user = randomUUID();
    const big = { ...item('big'), notes: 'x'.repeat(300 * 1024) };
    const [tooBig] = await push(user, [change({ record_id: 'big', record: big })]);
    expect(tooBig).toMatchObject({ status: 'rejected', error: { code: 'record_too_large' } });
    const tooMany = await failure(
      push(
        user,
        Array.from({ length: 501 }, (_, i) => change({ record_id: `r${i}`, record: item(`r${i}`) })),
      ),
    );
    expect(tooMany.code).toBe('22023');
    expect(tooMany.message).toBe('At most 500 changes per push');
    // The account's cap: a small quota, then a record that does not fit is refused; a delete always fits.
    await push(user, [change({ record_id: 'a', record: item('a') })]);
    await backend.admin.query('update sync.businesses set quota_bytes = used_bytes + 100 where owner_id = $1', [user]);
    const [over] = await push(user, [change({ record_id: 'b', record: { ...item('b'), notes: 'y'.repeat(200) } })]);
    expect(over).toMatchObject({ status: 'rejected', error: { code: 'quota_exceeded' } });
    const [fits] = await push(user, [change({ record_id: 'c', record: { id: 'c' } })]);
    expect(fits!.status).toBe('applied');
    const [gone] = await push(user, [change({ record_id: 'a', base_rev: 1, deleted: true })]);
    expect(gone!.status).toBe('applied');
    expect((await pull(user)).changes.map((c) => c.record_id).sort()).toEqual(['a', 'c']);
    const [{ used }] = (await backend.admin.query(
      'select used_bytes::int as used from sync.businesses where owner_id = $1',
      [user],
    )) as [{ used: number }];
    // What is counted is the record's jsonb text: `{"id": "c"}`.
    expect(used).toBe('{"id": "c"}'.length);
  });

  it('keeps pull cursors gap-free when one account pushes concurrently', async () => {
    const user = randomUUID();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => push(user, [change({ record_id: `p${i}`, record: item(`p${i}`) })])),
    );
    const seen: number[] = [];
    let cursor = 0;
    for (let more = true; more;) {
      const page = await pull(user, cursor, 5);
      seen.push(...page.changes.map((c) => c.change_seq));
      cursor = page.cursor;
      more = page.more;
    }
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  describe('events kept only in the account (issue 24 part 7)', () => {
    const owner = randomUUID();
    const other = randomUUID();
    type Summaries = {
      events: { id: string; name: string; date: string; customer: string; guests: unknown; status: unknown }[];
      more: boolean;
    };
    const event = (id: number, name: string, date: string, first: string, last: string, extra = {}) => ({
      id,
      EventName: name,
      CustomerFirstName: first,
      CustomerLastName: last,
      NumberOfGuests: id * 10,
      EventDate: date,
      ...extra,
    });
    const summaries = async (
      user: string,
      before: string | null,
      search: string | null,
      maxRows?: number,
      ids?: unknown,
    ) =>
      (
        await asUser(
          user,
          'select public.sync_event_summaries(before_date => $1, search => $2, max_rows => $3, event_ids => $4::jsonb) as s',
          [before, search, maxRows ?? null, ids === undefined ? null : JSON.stringify(ids)],
        )
      )[0]!.s as Summaries;
    const records = async (user: string, id: string) =>
      (await asUser(user, 'select public.sync_event_records(event_id => $1) as s', [id]))[0]!.s as Pulled;
    beforeAll(async () => {
      const results = await push(owner, [
        change({
          collection: 'events',
          record_id: '11',
          record: event(11, 'Garden Wedding', '2023-06-10', 'Ada', 'Lovelace', { status: 'completed' }),
        }),
        change({
          collection: 'events',
          record_id: '12',
          record: event(12, 'Board Lunch', '2023-09-01', 'Grace', 'Hopper'),
        }),
        change({
          collection: 'events',
          record_id: '13',
          record: event(13, 'Gala 100%_', '2024-01-20', 'Alan', 'Turing'),
        }),
        change({
          collection: 'events',
          record_id: '14',
          record: event(14, 'Next Wedding', '2099-01-01', 'Ada', 'Byron'),
        }),
        change({
          collection: 'events',
          record_id: '15',
          record: event(15, 'Gone Wedding', '2023-01-01', 'Ada', 'Gone'),
        }),
        change({
          collection: 'ingredientList-11',
          record_id: 'L1',
          record: { lineId: 'L1', id: 'INV-1', quantity: 4 },
        }),
        change({
          collection: 'ingredientList-11',
          record_id: 'L2',
          record: { lineId: 'L2', id: 'INV-2', quantity: 1 },
        }),
        change({ collection: '11-discountPercentage', record_id: 'value', record: { value: 5 } }),
        change({ collection: '11-taxPercentage', record_id: 'value', record: { value: 13 } }),
        change({
          collection: 'ingredientList-12',
          record_id: 'L9',
          record: { lineId: 'L9', id: 'INV-9', quantity: 2 },
        }),
        change({ collection: 'ingredientList-111', record_id: 'X', record: { lineId: 'X', id: 'INV-3', quantity: 2 } }),
      ]);
      expect(results.every((r) => r.status === 'applied')).toBe(true);
      const [gone] = await push(owner, [change({ collection: 'events', record_id: '15', base_rev: 1, deleted: true })]);
      expect(gone).toMatchObject({ status: 'applied', deleted: true });
    });

    it('lists the account’s events before a date, newest first, with name, date, customer and guests', async () => {
      const all = await summaries(owner, '2025-01-01', null);
      expect(all.events).toEqual([
        { id: '13', name: 'Gala 100%_', date: '2024-01-20', customer: 'Alan Turing', guests: 130, status: null },
        { id: '12', name: 'Board Lunch', date: '2023-09-01', customer: 'Grace Hopper', guests: 120, status: null },
        {
          id: '11',
          name: 'Garden Wedding',
          date: '2023-06-10',
          customer: 'Ada Lovelace',
          guests: 110,
          status: 'completed',
        },
      ]);
      expect(all.more).toBe(false);
      // No date: every event the account holds (not the deleted one).
      expect((await summaries(owner, null, null)).events.map((e) => e.id)).toEqual(['14', '13', '12', '11']);
      // Only the given ids (the ones a device keeps only in the account).
      expect((await summaries(owner, null, null, 50, ['11', '14', '15', '99'])).events.map((e) => e.id)).toEqual([
        '14',
        '11',
      ]);
      expect((await summaries(owner, null, 'wedding', 50, ['12', '13'])).events).toEqual([]);
      expect((await failure(summaries(owner, null, null, 50, { id: '11' }))).code).toBe('22023');
    });

    it('searches names and customers, case-insensitively, with % and _ taken literally, a page at a time', async () => {
      expect((await summaries(owner, '2025-01-01', 'WEDDING')).events.map((e) => e.id)).toEqual(['11']);
      expect((await summaries(owner, '2025-01-01', 'hopper')).events.map((e) => e.id)).toEqual(['12']);
      expect((await summaries(owner, '2025-01-01', 'ada LOVE')).events.map((e) => e.id)).toEqual(['11']);
      expect((await summaries(owner, '2025-01-01', '100%_')).events.map((e) => e.id)).toEqual(['13']);
      expect((await summaries(owner, '2025-01-01', '%')).events.map((e) => e.id)).toEqual(['13']);
      expect((await summaries(owner, '2025-01-01', 'nobody')).events).toEqual([]);
      const page = await summaries(owner, '2025-01-01', '  ', 2);
      expect(page.events.map((e) => e.id)).toEqual(['13', '12']);
      expect(page.more).toBe(true);
    });

    it('fetches one event with its ingredient list, discount and tax, as pull gives them', async () => {
      const got = await records(owner, '11');
      expect(got.changes.map((c) => [c.collection, c.record_id, c.rev, c.deleted])).toEqual([
        ['11-discountPercentage', 'value', 1, false],
        ['11-taxPercentage', 'value', 1, false],
        ['events', '11', 1, false],
        ['ingredientList-11', 'L1', 1, false],
        ['ingredientList-11', 'L2', 1, false],
      ]);
      expect(got.changes.find((c) => c.collection === 'events')!.record).toMatchObject({ EventName: 'Garden Wedding' });
      // Another event's list, a deleted event and an unknown one give only their own rows, or none.
      expect((await records(owner, '12')).changes.map((c) => c.collection)).toEqual(['events', 'ingredientList-12']);
      expect((await records(owner, '15')).changes).toEqual([]);
      expect((await records(owner, '99')).changes).toEqual([]);
      const bad = await failure(records(owner, "11' or '1'='1"));
      expect(bad.code).toBe('22023');
    });

    it('shows another account nothing of them, even with their ids', async () => {
      expect((await summaries(other, null, null)).events).toEqual([]);
      expect((await summaries(other, '2100-01-01', 'wedding')).events).toEqual([]);
      expect((await summaries(other, null, null, 50, ['11', '12'])).events).toEqual([]);
      expect((await records(other, '11')).changes).toEqual([]);
      const anon = await failure(backend.db.runAs('anon', { role: 'anon' }, 'select public.sync_event_summaries()'));
      expect(anon.code).toBe('42501');
      const noSub = await failure(
        backend.db.runAs(
          'authenticated',
          { role: 'authenticated' },
          "select public.sync_event_records(event_id => '11')",
        ),
      );
      expect(noSub.code).toBe('42501');
    });

    it('says which of a device’s new event ids the account holds, and its highest event id (sync_event_ids)', async () => {
      type Ids = { events: { id: string; rev: number; record: unknown; deleted: boolean }[]; highest: number };
      const ids = async (user: string, asked: unknown) =>
        (await asUser(user, 'select public.sync_event_ids(event_ids => $1::jsonb) as s', [JSON.stringify(asked)]))[0]!
          .s as Ids;
      const held = await ids(owner, ['11', '15', '99', 14]);
      expect(held.events.map((e) => [e.id, e.rev, e.deleted])).toEqual([
        ['11', 1, false],
        ['14', 1, false],
        // A deleted event's id stays taken: its row is a tombstone.
        ['15', 2, true],
      ]);
      expect(held.events[0]!.record).toMatchObject({ EventName: 'Garden Wedding' });
      expect(held.events[2]!.record).toBeNull();
      // Per-event rows of an id with no event row (ingredientList-111) do not count; deleted ids do.
      expect(held.highest).toBe(15);
      const [deleted] = await push(owner, [
        change({ collection: 'deletedEventIds', record_id: '40', record: { id: 40 } }),
      ]);
      expect(deleted!.status).toBe('applied');
      expect((await ids(owner, [])).highest).toBe(40);
      // Another account learns nothing of them; without an account, or with a bad argument, refused.
      expect(await ids(other, ['11', '14', '15'])).toEqual({ events: [], highest: 0 });
      expect((await failure(ids(owner, { id: '11' }))).code).toBe('22023');
      expect(
        (
          await failure(
            ids(
              owner,
              Array.from({ length: 501 }, (_, n) => String(n)),
            ),
          )
        ).code,
      ).toBe('22023');
      const anon = await failure(
        backend.db.runAs('anon', { role: 'anon' }, `select public.sync_event_ids(event_ids => '[]'::jsonb)`),
      );
      expect(anon.code).toBe('42501');
      const noSub = await failure(
        backend.db.runAs(
          'authenticated',
          { role: 'authenticated' },
          `select public.sync_event_ids(event_ids => '["11"]'::jsonb)`,
        ),
      );
      expect(noSub.code).toBe('42501');
    });
  });

  describe('another account (row-level security)', () => {
    const a = randomUUID();
    const b = randomUUID();
    let aBusiness: string;
    let aChange: ReturnType<typeof change>;
    beforeAll(async () => {
      aChange = change({ record_id: 'secret', record: item('secret', 'A only') });
      await push(a, [aChange, change({ record_id: 'keep', record: item('keep') })]);
      const [row] = await backend.admin.query('select id from sync.businesses where owner_id = $1', [a]);
      aBusiness = String(row!.id);
    });
    const aRows = async () =>
      (await pull(a)).changes.map((c) => [c.record_id, c.rev, c.deleted, (c.record as { name?: string } | null)?.name]);

    it('cannot read A’s rows', async () => {
      expect((await pull(b)).changes).toEqual([]);
      expect(await asUser(b, 'select * from sync.records')).toEqual([]);
      expect(await asUser(b, 'select * from sync.records where business_id = $1', [aBusiness])).toEqual([]);
      expect(await asUser(b, 'select * from sync.applied_changes')).toEqual([]);
      expect(await asUser(b, 'select * from sync.businesses where id = $1', [aBusiness])).toEqual([]);
      const summary = (await asUser(b, 'select public.sync_summary() as s'))[0]!.s as { collections: unknown[] };
      expect(summary.collections).toEqual([]);
    });

    it('cannot change, delete or overwrite A’s rows with A’s record ids, change ids or a crafted owner', async () => {
      const before = await aRows();
      // Same collection and record id, with A's revision: B has no such row, so it is a conflict in B's own space.
      const [stale] = await push(b, [
        change({ record_id: 'secret', base_rev: 1, record: item('secret', 'B was here') }),
      ]);
      expect(stale).toMatchObject({ status: 'conflict', server: null });
      // A crafted owner, business and author are ignored: the row is B's.
      const crafted = await push(b, [
        {
          ...change({ record_id: 'secret', record: item('secret', 'B was here') }),
          business_id: aBusiness,
          owner_id: a,
          updated_by: a,
        },
        change({ record_id: 'keep', deleted: true }),
      ]);
      expect(crafted.map((r) => r.status)).toEqual(['applied', 'applied']);
      // A's change id, retried by B, is B's own new change, not A's stored result.
      const [replay] = await push(b, [{ ...aChange, record: item('secret', 'B again'), base_rev: 1 }]);
      expect(replay).toMatchObject({ status: 'applied', rev: 2 });
      expect(await aRows()).toEqual(before);
      expect((await pull(b)).changes.map((c) => [c.record_id, c.deleted])).toEqual([
        ['keep', true],
        ['secret', false],
      ]);
    });

    it('is refused by the policies when it writes the tables directly', async () => {
      const before = await aRows();
      expect(
        await asUser(b, `update sync.records set record = '{"id":"secret"}' where business_id = $1 returning 1`, [
          aBusiness,
        ]),
      ).toEqual([]);
      const insert = await failure(
        asUser(
          b,
          `insert into sync.records (business_id, collection, record_id, rev, record, updated_by, change_seq) values ($1, 'inventoryItems', 'x', 1, '{"id":"x"}', auth.uid(), 99)`,
          [aBusiness],
        ),
      );
      expect(insert.code).toBe('42501');
      expect(insert.message).toContain('row-level security');
      // Even with A's id as the author.
      const asA = await failure(
        asUser(
          b,
          `insert into sync.records (business_id, collection, record_id, rev, record, updated_by, change_seq) values ($1, 'inventoryItems', 'x', 1, '{"id":"x"}', $2, 99)`,
          [aBusiness, a],
        ),
      );
      expect(asA.code).toBe('42501');
      expect((await failure(asUser(b, 'delete from sync.records where business_id = $1', [aBusiness]))).code).toBe(
        '42501',
      );
      expect(
        (await failure(asUser(b, 'update sync.businesses set owner_id = auth.uid() where id = $1', [aBusiness]))).code,
      ).toBe('42501');
      expect(
        await asUser(b, 'update sync.businesses set change_seq = 0 where id = $1 returning 1', [aBusiness]),
      ).toEqual([]);
      expect(await aRows()).toEqual(before);
    });

    it('needs an account in the JWT: no sub, or the anon role, is refused', async () => {
      const noSub = await failure(
        backend.db.runAs('authenticated', { role: 'authenticated' }, 'select public.sync_push(changes => $1::jsonb)', [
          '[]',
        ]),
      );
      expect(noSub.code).toBe('42501');
      const anon = await failure(backend.db.runAs('anon', { role: 'anon' }, 'select public.sync_pull()'));
      expect(anon.code).toBe('42501');
      expect(anon.message).toContain('permission denied for function sync_pull');
      expect(
        await backend.db.runAs(
          'anon',
          { role: 'anon' },
          'select count(*)::int as n from pg_namespace where nspname = $1',
          ['sync'],
        ),
      ).toEqual([{ n: 1 }]);
      expect((await failure(backend.db.runAs('anon', { role: 'anon' }, 'select * from sync.records'))).code).toBe(
        '42501',
      );
    });
  });
});
