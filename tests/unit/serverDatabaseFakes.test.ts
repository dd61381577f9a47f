/**
 * server/data/database.ts around the database itself, with fakes in its place: the `pg` pools of
 * `openPostgres` (one transaction per call, as PostgREST makes it), the PGlite worker's messages of
 * `openPglite`, the lock of the data dir, Postgres errors made `DbError`s, and `migrate` over the
 * repository's migrations. The SQL is run for real by tests/db (PGlite and PostgreSQL 15).
 */
import * as fs from 'node:fs';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { drivers, type FakePool, type FakeWorker } from '../support/fakeDbDrivers.ts';
import {
  DbError,
  listMigrations,
  migrate,
  MIGRATIONS_DIR,
  openPglite,
  type DbTiming,
  openPostgres,
  SUPABASE_PIECES_FILE,
} from '../../server/data/database.ts';

const fake = vi.hoisted(() => ({
  extraMigration: null as null | { file: string; sql: string },
}));

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return {
    ...real,
    readdirSync: vi.fn((dir: string, ...rest: never[]) => {
      const list = real.readdirSync(dir, ...rest) as unknown as string[];
      return fake.extraMigration && dir === fake.extraMigration.file.replace(/\/[^/]*$/, '')
        ? [...list, fake.extraMigration.file.replace(/^.*\//, '')]
        : list;
    }),
    rmSync: vi.fn(real.rmSync),
    writeFileSync: vi.fn(real.writeFileSync),
    readFileSync: vi.fn((file: string, ...rest: never[]) =>
      fake.extraMigration && file === fake.extraMigration.file
        ? fake.extraMigration.sql
        : real.readFileSync(file, ...rest),
    ),
  };
});

vi.mock('pg', async () => ({ default: { Pool: (await import('../support/fakeDbDrivers.ts')).FakePool } }));
vi.mock('node:worker_threads', async () => ({ Worker: (await import('../support/fakeDbDrivers.ts')).FakeWorker }));

const lastPool = () => drivers.pools.at(-1) as FakePool;
const lastWorker = () => drivers.workers.at(-1) as FakeWorker;
const tempDir = () => mkdtempSync(join(tmpdir(), 'cc-dbfake-'));

beforeEach(() => {
  drivers.pools.length = 0;
  drivers.workers.length = 0;
  fake.extraMigration = null;
});

describe('openPostgres', () => {
  it('a pool on the URL of ten connections (or max), sharing it for the owner’s statements', async () => {
    const db = openPostgres('postgres://a@h/d');
    expect(db.kind).toBe('postgres');
    expect(drivers.pools).toHaveLength(1);
    expect(lastPool().config).toEqual({ connectionString: 'postgres://a@h/d', max: 10 });
    expect(await db.admin.query('select 1')).toEqual([{ answered: 'select 1' }]);
    expect(lastPool().queries).toEqual([{ sql: 'select 1', params: [] }]);
    await db.admin.exec('create table t ()');
    expect(lastPool().queries[1]).toEqual({ sql: 'create table t ()' });
    await db.close();
    expect(lastPool().ended).toBe(1);

    openPostgres('postgres://b@h/d', { max: 1 });
    expect(lastPool().config).toEqual({ connectionString: 'postgres://b@h/d', max: 1 });
  });

  it('with adminUrl: a second pool of one connection for the owner’s statements, closed too', async () => {
    const db = openPostgres('postgres://a@h/d', { adminUrl: 'postgres://owner@h/d' });
    expect(drivers.pools).toHaveLength(2);
    const [pool, admin] = drivers.pools as FakePool[];
    expect(admin!.config).toEqual({ connectionString: 'postgres://owner@h/d', max: 1 });
    await db.admin.query('select $1', [2]);
    await db.admin.exec('vacuum');
    expect(admin!.queries).toEqual([{ sql: 'select $1', params: [2] }, { sql: 'vacuum' }]);
    expect(pool!.queries).toEqual([]);
    await db.close();
    expect(pool!.ended).toBe(1);
    expect(admin!.ended).toBe(1);
  });

  it('an idle connection’s error does not crash the process (pools keep a listener)', () => {
    openPostgres('postgres://a@h/d', { adminUrl: 'postgres://owner@h/d' });
    for (const pool of drivers.pools as FakePool[]) {
      expect(pool.listenerCount('error')).toBe(1);
      expect(() => pool.emit('error', new Error('terminated'))).not.toThrow();
    }
    openPostgres('postgres://a@h/d');
    expect(lastPool().listenerCount('error')).toBe(1);
  });

  it('runAs: one transaction as the role with the claims, then released', async () => {
    const db = openPostgres('postgres://a@h/d');
    const rows = await db.runAs('authenticated', { sub: 'u1', role: 'authenticated' }, 'select f($1)', ['x']);
    const client = lastPool().client;
    expect(rows).toEqual([{ sql: 'select f($1)' }]);
    expect(client.queries).toEqual([
      { sql: 'begin' },
      { sql: 'set local role authenticated' },
      {
        sql: "select set_config('request.jwt.claims', $1, true), set_config('request.method', 'POST', true)",
        params: ['{"sub":"u1","role":"authenticated"}'],
      },
      { sql: 'select f($1)', params: ['x'] },
      { sql: 'commit' },
    ]);
    expect(client.released).toBe(1);
    await db.runAs('anon', {}, 'select 2');
    expect(client.queries.slice(5)).toEqual([
      { sql: 'begin' },
      { sql: 'set local role anon' },
      { sql: expect.stringContaining('request.jwt.claims'), params: ['{}'] },
      { sql: 'select 2', params: [] },
      { sql: 'commit' },
    ]);
    expect(client.released).toBe(2);
  });

  it('a failing call is rolled back and released; a Postgres error becomes a DbError with its fields', async () => {
    const db = openPostgres('postgres://a@h/d');
    const client = lastPool().client;
    client.failOn = (q) =>
      q.sql === 'select f()' && { message: 'duplicate', code: '23505', detail: 'Key (id)', hint: 'change it' };
    const call = db.runAs('authenticated', {}, 'select f()');
    await expect(call).rejects.toBeInstanceOf(DbError);
    await expect(call).rejects.toMatchObject({
      message: 'duplicate',
      code: '23505',
      detail: 'Key (id)',
      hint: 'change it',
    });
    expect(client.queries.map((q) => q.sql).slice(-2)).toEqual(['select f()', 'rollback']);
    expect(client.queries.map((q) => q.sql)).not.toContain('commit');
    expect(client.released).toBe(2 - 1);
  });

  it('a rollback that fails too still gives the first error, and releases', async () => {
    const db = openPostgres('postgres://a@h/d');
    const client = lastPool().client;
    const lost = new Error('Connection terminated');
    client.failOn = (q) => (q.sql === 'select f()' ? lost : q.sql === 'rollback' ? new Error('no connection') : null);
    await expect(db.runAs('anon', {}, 'select f()')).rejects.toBe(lost);
    expect(client.released).toBe(1);
  });

  it.each([
    [
      { message: 'm', code: '22001' },
      { message: 'm', code: '22001', detail: null, hint: null },
    ],
    [
      { message: 'm', code: 'P0001', detail: 'd' },
      { message: 'm', code: 'P0001', detail: 'd', hint: null },
    ],
    [{ code: '42P01' }, { message: '[object Object]', code: '42P01', detail: null, hint: null }],
  ])('a Postgres error %j is a DbError %j', async (error, expected) => {
    const db = openPostgres('postgres://a@h/d');
    lastPool().failWith = error;
    const query = db.admin.query('select 1');
    await expect(query).rejects.toBeInstanceOf(DbError);
    await expect(query).rejects.toMatchObject(expected);
    const exec = db.admin.exec('select 1');
    await expect(exec).rejects.toBeInstanceOf(DbError);
    await expect(exec).rejects.toMatchObject(expected);
  });

  it.each([
    [Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    [Object.assign(new Error('six'), { code: '123456' })],
    [Object.assign(new Error('lower'), { code: '2200a' })],
    [Object.assign(new Error('number'), { code: 22001 })],
    [Object.assign(new Error('inside'), { code: 'x22001y' })],
    [new Error('no code')],
    ['a string'],
  ])('anything else (%s) is passed on as it is', async (error) => {
    const db = openPostgres('postgres://a@h/d');
    lastPool().failWith = error;
    await expect(db.admin.query('select 1')).rejects.toBe(error);
    await expect(db.admin.exec('select 1')).rejects.toBe(error);
    lastPool().client.failOn = (q) => q.sql === 'select 1' && error;
    await expect(db.runAs('anon', {}, 'select 1')).rejects.toBe(error);
  });

  it('a DbError is passed on as it is (the same error, its stack kept)', async () => {
    const db = openPostgres('postgres://a@h/d');
    for (const error of [new DbError('x', null, null, null), new DbError('y', '23505', 'd', null)]) {
      lastPool().failWith = error;
      await expect(db.admin.query('select 1')).rejects.toBe(error);
    }
  });

  it('a thrown null or undefined is passed on as it is', async () => {
    const db = openPostgres('postgres://a@h/d');
    for (const error of [null, undefined]) {
      vi.spyOn(lastPool(), 'query').mockRejectedValueOnce(error);
      await expect(db.admin.query('select 1')).rejects.toBe(error);
    }
  });
});

describe('openPglite: the worker’s messages', () => {
  it('starts the worker on the data dir, opens it, and sends each call as a message', async () => {
    const dataDir = join(tempDir(), 'pg');
    const db = await openPglite(dataDir, { templateDir: '/tpl', loadFile: '/backup.tgz' });
    const worker = lastWorker();
    expect(db.kind).toBe('pglite');
    expect(worker.url.href).toMatch(/\/server\/data\/pglite-worker\.mjs$/);
    expect(worker.options.workerData).toEqual({ dataDir, templateDir: '/tpl', loadFile: '/backup.tgz' });
    expect(worker.messages).toEqual([{ type: 'open', id: 1 }]);

    worker.answer = (m) => ({ ok: true, value: [{ got: m.type }] });
    expect(await db.runAs('authenticated', { sub: 'u' }, 'select f($1)', [1])).toEqual([{ got: 'as' }]);
    await db.runAs('anon', {}, 'select 2');
    await db.admin.exec('create table t ()');
    expect(await db.admin.query('select 3')).toEqual([{ got: 'query' }]);
    await db.admin.query('select $1', [4]);
    await db.dump('/tmp/x.tgz');
    expect(worker.messages.slice(1)).toEqual([
      { type: 'as', role: 'authenticated', claims: '{"sub":"u"}', sql: 'select f($1)', params: [1], id: 2 },
      { type: 'as', role: 'anon', claims: '{}', sql: 'select 2', params: [], id: 3 },
      { type: 'exec', sql: 'create table t ()', id: 4 },
      { type: 'query', sql: 'select 3', params: [], id: 5 },
      { type: 'query', sql: 'select $1', params: [4], id: 6 },
      { type: 'dump', file: '/tmp/x.tgz', id: 7 },
    ]);
    await db.close();
  });

  it('an SQL error comes back as a DbError; one without a code as a plain Error', async () => {
    const db = await openPglite(join(tempDir(), 'pg'));
    const worker = lastWorker();
    worker.answer = (m) =>
      m.sql === 'bad sql'
        ? { ok: false, error: { message: 'syntax error', code: '42601', detail: 'd', hint: 'h' } }
        : { ok: false, error: { message: 'worker broke', code: null, detail: null, hint: null } };
    const sqlError = db.admin.query('bad sql');
    await expect(sqlError).rejects.toBeInstanceOf(DbError);
    await expect(sqlError).rejects.toMatchObject({ message: 'syntax error', code: '42601', detail: 'd', hint: 'h' });
    const other = db.admin.query('other');
    await expect(other).rejects.toThrow('worker broke');
    await expect(other).rejects.not.toBeInstanceOf(DbError);
  });

  it('a timed call asks the worker for its times and reads them back; an untimed one asks nothing', async () => {
    const db = await openPglite(join(tempDir(), 'pg'));
    const worker = lastWorker();
    worker.answer = (m) => ({ ok: true, value: [], timing: m.timed ? { ms: 12.5, cpuMs: 10 } : undefined });
    const timing: DbTiming = {};
    await db.runAs('authenticated', { sub: 'u' }, 'select 1', [], timing);
    expect(worker.messages.at(-1)).toMatchObject({ type: 'as', timed: true });
    expect(timing).toEqual({ workerMs: 12.5, workerCpuMs: 10 });
    await db.runAs('authenticated', { sub: 'u' }, 'select 2');
    expect(worker.messages.at(-1)).not.toHaveProperty('timed');
    await db.close();
  });

  it('a timed call the worker answers without times, and an untimed one answered with times, both answer', async () => {
    const db = await openPglite(join(tempDir(), 'pg'));
    const worker = lastWorker();
    worker.answer = (m) => ({ ok: true, value: [{ n: 1 }], timing: m.timed ? undefined : { ms: 3, cpuMs: 0 } });
    const timing: DbTiming = {};
    await expect(db.runAs('authenticated', { sub: 'u' }, 'select 1', [], timing)).resolves.toEqual([{ n: 1 }]);
    expect(timing).toEqual({});
    await expect(db.runAs('authenticated', { sub: 'u' }, 'select 2')).resolves.toEqual([{ n: 1 }]);
    await db.close();
  });

  it('a rehearsal goes to the worker with its role, claims and statements; a role not allowed is refused first', async () => {
    const db = await openPglite(join(tempDir(), 'pg'));
    const worker = lastWorker();
    worker.answer = () => ({ ok: true, value: null });
    const statements = [{ sql: 'select 1', params: [1] }, { sql: 'select 2' }];
    await db.rehearse('authenticated', { sub: 'u' }, statements);
    expect(worker.messages.at(-1)).toEqual({
      type: 'rehearse',
      role: 'authenticated',
      claims: '{"sub":"u"}',
      statements,
      id: expect.any(Number),
    });
    const sent = worker.messages.length;
    expect(() => db.rehearse('postgres' as never, {}, statements)).toThrow(
      expect.objectContaining({ code: '42501', message: 'role "postgres" is not allowed' }),
    );
    expect(worker.messages).toHaveLength(sent);
    await db.close();
  });

  it('answers are matched by id; an unknown id is ignored', async () => {
    const db = await openPglite(join(tempDir(), 'pg'));
    const worker = lastWorker();
    worker.answer = () => undefined;
    const first = db.admin.query('one');
    const second = db.admin.query('two');
    worker.emit('message', { id: 99, ok: true, value: 'nobody' });
    worker.emit('message', { id: 3, ok: true, value: 'second' });
    worker.emit('message', { id: 3, ok: true, value: 'again' });
    worker.emit('message', { id: 2, ok: true, value: 'first' });
    expect(await first).toBe('first');
    expect(await second).toBe('second');
  });

  it('a worker that fails or exits fails every call waiting and every call after; close still ends it', async () => {
    const dataDir = join(tempDir(), 'pg');
    const db = await openPglite(dataDir);
    const worker = lastWorker();
    worker.answer = () => undefined;
    const waiting = [db.admin.query('a'), db.runAs('anon', {}, 'b')];
    const crash = new Error('out of memory');
    worker.emit('error', crash);
    for (const call of waiting) await expect(call).rejects.toBe(crash);
    await expect(db.admin.exec('c')).rejects.toBe(crash);
    expect(worker.messages).toHaveLength(3);
    await db.close();
    expect(worker.messages).toHaveLength(3); // no 'close' message to a dead worker
    expect(worker.terminated).toBe(1);
    expect(existsSync(`${dataDir}.lock`)).toBe(false);

    const db2 = await openPglite(join(tempDir(), 'pg'));
    const worker2 = lastWorker();
    worker2.answer = () => undefined;
    const pending = db2.admin.query('a');
    worker2.emit('exit', 1);
    await expect(pending).rejects.toThrow('the database worker exited (1)');
    await expect(db2.admin.query('b')).rejects.toThrow('the database worker exited (1)');
  });

  it('close: asks the worker to close, ends it, and removes this process’s lock', async () => {
    const dataDir = join(tempDir(), 'pg');
    const db = await openPglite(dataDir);
    const worker = lastWorker();
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    expect(statSync(`${dataDir}.lock`).mode & 0o777).toBe(0o600);
    await db.close();
    expect(worker.messages.at(-1)).toEqual({ type: 'close', id: 2 });
    expect(worker.terminated).toBe(1);
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('close: a failing close message still ends the worker; a lock of another process is left', async () => {
    const dataDir = join(tempDir(), 'pg');
    const db = await openPglite(`${dataDir}/`);
    const worker = lastWorker();
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
    worker.answer = () => ({ ok: false, error: { message: 'already closed', code: null, detail: null, hint: null } });
    writeFileSync(`${dataDir}.lock`, '1');
    await expect(db.close()).resolves.toBeUndefined();
    expect(worker.terminated).toBe(1);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe('1');
  });

  it.each([[false], [true]])(
    'a database that fails to open: the worker ended, the lock removed, the error given (lock removed meanwhile: %s)',
    async (removedMeanwhile) => {
      const dataDir = join(tempDir(), 'pg');
      const failing = openPglite(dataDir);
      const worker = lastWorker();
      if (removedMeanwhile) fs.rmSync(`${dataDir}.lock`);
      worker.emit('message', {
        id: 1,
        ok: false,
        error: { message: 'initdb failed', code: null, detail: null, hint: null },
      });
      await expect(failing).rejects.toThrow('initdb failed');
      expect(worker.terminated).toBe(1);
      expect(existsSync(`${dataDir}.lock`)).toBe(false);
    },
  );
});

describe('the lock of the embedded database', () => {
  it('is made beside the data dir, its folder created private', async () => {
    const root = tempDir();
    const dataDir = join(root, 'deep', 'er', 'pg');
    const db = await openPglite(dataDir);
    expect(statSync(join(root, 'deep', 'er')).mode & 0o777).toBe(0o700);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    await db.close();
  });

  it('a lock left by a process that is gone is taken over', async () => {
    const dataDir = join(tempDir(), 'pg');
    writeFileSync(`${dataDir}.lock`, '4194999');
    const db = await openPglite(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    await db.close();
  });

  it('a live holder: refused, naming it, with the cause; the lock left', async () => {
    const dataDir = join(tempDir(), 'pg');
    writeFileSync(`${dataDir}.lock`, String(process.ppid));
    const error = await openPglite(dataDir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).cause).toMatchObject({ code: 'EEXIST' });
    expect(drivers.workers).toHaveLength(0);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.ppid));
  });

  it('a lock that cannot be written for another reason: that error', async () => {
    const dataDir = join(tempDir(), 'pg');
    const denied = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    vi.mocked(fs.writeFileSync).mockImplementationOnce(() => {
      throw denied;
    });
    await expect(openPglite(dataDir)).rejects.toBe(denied);
    expect(drivers.workers).toHaveLength(0);
  });

  it('a lock still there after it was removed once: that error, no endless retry', async () => {
    const dataDir = join(tempDir(), 'pg');
    writeFileSync(`${dataDir}.lock`, '4194999');
    // Another process takes the lock back as this one removes it.
    vi.mocked(fs.rmSync).mockImplementationOnce(() => undefined);
    const error = await openPglite(dataDir).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'EEXIST' });
    expect(drivers.workers).toHaveLength(0);
  });
});

describe('migrate', () => {
  const fakeAdmin = (done: string[]) => {
    const execs: string[] = [];
    const queries: string[] = [];
    return {
      execs,
      queries,
      db: {
        admin: {
          exec: async (sql: string) => void execs.push(sql),
          query: async (sql: string) => {
            queries.push(sql);
            return done.map((version) => ({ version }));
          },
        },
      },
    };
  };

  it('the migrations and Supabase pieces are the repository’s', () => {
    expect(MIGRATIONS_DIR).toMatch(/\/supabase\/migrations$/);
    expect(SUPABASE_PIECES_FILE).toMatch(/\/supabase\/local\/supabase-pieces\.sql$/);
    expect(existsSync(SUPABASE_PIECES_FILE)).toBe(true);
    expect(listMigrations().length).toBeGreaterThan(2);
  });

  it('adds the Supabase pieces, then applies each migration not yet recorded, recording it', async () => {
    const all = listMigrations();
    const { db, execs, queries } = fakeAdmin([all[0]!.version, '19990101000000']);
    const applied = await migrate(db);
    expect(applied).toEqual(all.slice(1).map((m) => `${m.version}_${m.name}`));
    expect(execs[0]).toBe(readFileSync(SUPABASE_PIECES_FILE, 'utf8'));
    expect(execs[1]).toBe(`create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text)`);
    expect(queries).toEqual(['select version from supabase_migrations.schema_migrations']);
    expect(execs.slice(2)).toEqual(
      all
        .slice(1)
        .map(
          (m) =>
            `begin;\n${m.sql}\n;insert into supabase_migrations.schema_migrations (version, name) values ('${m.version}', '${m.name}');\ncommit;`,
        ),
    );
  });

  it('all applied: nothing more', async () => {
    const { db, execs } = fakeAdmin(listMigrations().map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
    expect(execs).toHaveLength(2);
  });

  it('in version order, whatever order the folder lists them in', () => {
    fake.extraMigration = { file: join(MIGRATIONS_DIR, '20000101000000_early.sql'), sql: 'select 0;' };
    expect(fs.readdirSync(MIGRATIONS_DIR).at(-1)).toBe('20000101000000_early.sql');
    const all = listMigrations();
    expect(all[0]).toEqual({ version: '20000101000000', name: 'early', sql: 'select 0;' });
    expect(all.map((m) => m.version)).toEqual(all.map((m) => m.version).sort());
  });

  it('a name with quotes is recorded as it is', async () => {
    fake.extraMigration = { file: join(MIGRATIONS_DIR, "29990101000000_o'brien's.sql"), sql: 'select 1;' };
    const { db, execs } = fakeAdmin(
      listMigrations()
        .map((m) => m.version)
        .filter((v) => v !== '29990101000000'),
    );
    expect(await migrate(db)).toEqual(["29990101000000_o'brien's"]);
    expect(execs.at(-1)).toBe(
      "begin;\nselect 1;\n;insert into supabase_migrations.schema_migrations (version, name) values ('29990101000000', 'o''brien''s');\ncommit;",
    );
  });
});
