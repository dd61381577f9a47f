/**
 * The parts of server/data/database.ts that need no database: the migrations' order, the lock that
 * keeps one process per embedded database, and the roles a request may run as. The SQL itself is
 * tested on PGlite and PostgreSQL 15 by tests/db.
 */
import { mkdtempSync, mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DbError, listMigrations, openPglite, openPostgres, pgliteInUse } from '../../server/data/database.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'cc-dbunit-'));

describe('listMigrations', () => {
  it('lists <timestamp>_<name>.sql files in order, with their text, and nothing else', () => {
    const dir = tempDir();
    writeFileSync(join(dir, '20250101000000_second.sql'), 'select 2;');
    writeFileSync(join(dir, '20240101000000_first_one.sql'), 'select 1;');
    writeFileSync(join(dir, 'README.md'), 'no');
    writeFileSync(join(dir, 'notes.sql'), 'no');
    writeFileSync(join(dir, '20260101000000_.sql'), 'no');
    writeFileSync(join(dir, '20260101000000_x.sql.bak'), 'no');
    writeFileSync(join(dir, 'v20260101000000_x.sql'), 'no');
    expect(listMigrations(dir)).toEqual([
      { version: '20240101000000', name: 'first_one', sql: 'select 1;' },
      { version: '20250101000000', name: 'second', sql: 'select 2;' },
    ]);
  });

  it('the repository’s migrations are found, in order', () => {
    const versions = listMigrations().map((m) => m.version);
    expect(versions.length).toBeGreaterThan(0);
    expect(versions).toEqual([...versions].sort());
  });
});

describe('pgliteInUse: one process per embedded database', () => {
  const lockFor = (dataDir: string, text: string) => writeFileSync(`${dataDir}.lock`, text);

  it('is null without a lock, for this process’s own lock, and for a lock that names no live process', () => {
    const dataDir = join(tempDir(), 'pg');
    expect(pgliteInUse(dataDir)).toBeNull();
    lockFor(dataDir, String(process.pid));
    expect(pgliteInUse(dataDir)).toBeNull();
    for (const text of ['', 'abc', '0', '-4', '1.5', '4194999'] /* the last above Linux's pid_max */) {
      lockFor(dataDir, text);
      expect(pgliteInUse(dataDir)).toBeNull();
    }
  });

  it('names another live process that holds it, with or without a trailing slash', () => {
    const dataDir = join(tempDir(), 'pg');
    lockFor(dataDir, String(process.ppid));
    expect(pgliteInUse(dataDir)).toBe(process.ppid);
    expect(pgliteInUse(`${dataDir}/`)).toBe(process.ppid);
  });

  it('openPglite refuses a database another live process holds, and leaves its lock', async () => {
    const root = tempDir();
    const dataDir = join(root, 'pg');
    mkdirSync(dataDir);
    lockFor(dataDir, String(process.ppid));
    await expect(openPglite(dataDir)).rejects.toThrow(
      `The database in ${dataDir} is open in process ${process.ppid}: one server per DATA_DIR (or use DATABASE_URL)`,
    );
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
  });
});

describe('roles', () => {
  it.each(['service_role', 'postgres', 'authenticator', ''])(
    'a request as %j is refused before it reaches the database',
    async (role) => {
      // Nothing listens on port 1: a call that got as far as connecting would fail differently.
      const db = openPostgres('postgres://nobody@127.0.0.1:1/none');
      const call = db.runAs(role as never, {}, 'select 1');
      await expect(call).rejects.toBeInstanceOf(DbError);
      await expect(call).rejects.toMatchObject({ code: '42501', message: `role "${role}" is not allowed` });
      await db.close();
    },
  );
});
