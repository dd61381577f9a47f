/**
 * The warm-up of the embedded database at open (server/data/warmup.ts, DB_OPEN=start): a first upload
 * rehearsed as a made-up account in a transaction rolled back. It must run the real push path (every
 * change applied, not refused: else it would warm the refusals) and leave nothing in the database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate, openPglite } from '../../server/data/database.ts';
import { warmUpClaims, warmUpStatements } from '../../server/data/warmup.ts';
import { pgliteTemplate } from './support.ts';

let dir = '';
let db: Awaited<ReturnType<typeof openPglite>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cc-warmup-'));
  db = await openPglite(join(dir, 'pg'), { templateDir: await pgliteTemplate() });
  await migrate(db);
}, 120_000);

afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const counts = async () =>
  (
    await db.admin.query(`select (select count(*) from sync.records)::int as records,
      (select count(*) from sync.businesses)::int as businesses,
      (select count(*) from sync.applied_changes)::int as results`)
  )[0];

it('the rehearsed statements apply every change when run for real (the push path, not its refusals)', async () => {
  const claims = warmUpClaims();
  const [first, edit, pull] = warmUpStatements(200);
  const applied = async (s: { sql: string; params: unknown[] }) =>
    (
      JSON.parse((await db.runAs('authenticated', claims, s.sql, s.params))[0]!.result as string) as {
        status: string;
      }[]
    ).map((r) => r.status);
  expect(new Set(await applied(first!))).toEqual(new Set(['applied']));
  expect(new Set(await applied(edit!))).toEqual(new Set(['applied']));
  // As the server asks for them: the answers' JSON text.
  const pulled = JSON.parse(
    (await db.runAs('authenticated', claims, pull!.sql, pull!.params))[0]!.result as string,
  ) as {
    changes: unknown[];
  };
  expect(pulled.changes).toHaveLength(200);
}, 60_000);

it('the rehearsal leaves nothing behind', async () => {
  const before = await counts();
  await db.rehearse('authenticated', warmUpClaims(), warmUpStatements(2000));
  expect(await counts()).toEqual(before);
}, 120_000);
