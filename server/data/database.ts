/**
 * The account data's database, behind one small interface: the embedded PGlite (default, data under
 * DATA_DIR/pg) or any PostgreSQL named by DATABASE_URL (the `pg` driver). Both run the same SQL
 * (supabase/migrations) and are called the way PostgREST calls a function: one transaction, SET LOCAL
 * ROLE to the JWT's role, the claims in `request.jwt.claims`.
 */
import pg from 'pg';
import { Worker } from 'node:worker_threads';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A Postgres error as PostgREST reports it. */
export class DbError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly detail: string | null,
    readonly hint: string | null,
  ) {
    super(message);
  }
}

/** Roles a request may run as (a JWT naming any other role is refused before reaching the database). */
export type RequestRole = 'anon' | 'authenticated';

/** Where a call's time went in the database (filled by `runAs` when given; the server's Server-Timing header). */
export interface DbTiming {
  /** The embedded database's worker: wall time of the call there, and that thread's CPU time (Linux, 10 ms ticks). */
  workerMs?: number;
  workerCpuMs?: number | null;
}

export interface SyncDatabase {
  readonly kind: 'pglite' | 'postgres';
  /** Runs one statement in its own transaction as `role` with `request.jwt.claims` = claims. */
  runAs(
    role: RequestRole,
    claims: Record<string, unknown>,
    sql: string,
    params?: unknown[],
    timing?: DbTiming,
  ): Promise<Record<string, unknown>[]>;
  /** Statements as the database owner (migrations, maintenance, tests). */
  admin: {
    exec(sql: string): Promise<void>;
    query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  };
  close(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const MIGRATIONS_DIR = join(ROOT, 'supabase', 'migrations');
export const SUPABASE_PIECES_FILE = join(ROOT, 'supabase', 'local', 'supabase-pieces.sql');

/** The migrations in order: `<timestamp>_<name>.sql`, as the Supabase CLI names them. */
export function listMigrations(dir = MIGRATIONS_DIR): { version: string; name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const [, version, name] = /^(\d+)_(.+)\.sql$/.exec(file)!;
      return { version: version!, name: name!, sql: readFileSync(join(dir, file), 'utf8') };
    });
}

/**
 * Adds the Supabase pieces (roles, schema auth) and applies the migrations not yet applied, each in one
 * transaction, recording them where the Supabase CLI does (supabase_migrations.schema_migrations).
 * Needs the database owner (a superuser): PGlite's default user, or the admin URL of a PostgreSQL.
 */
export async function migrate(db: Pick<SyncDatabase, 'admin'>): Promise<string[]> {
  await db.admin.exec(readFileSync(SUPABASE_PIECES_FILE, 'utf8'));
  await db.admin.exec(`create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text)`);
  const done = new Set(
    (await db.admin.query('select version from supabase_migrations.schema_migrations')).map((r) => String(r.version)),
  );
  const applied: string[] = [];
  for (const m of listMigrations()) {
    if (done.has(m.version)) continue;
    await db.admin.exec(
      `begin;\n${m.sql}\n;insert into supabase_migrations.schema_migrations (version, name) values ('${m.version}', '${m.name.replace(/'/g, "''")}');\ncommit;`,
    );
    applied.push(`${m.version}_${m.name}`);
  }
  return applied;
}

/** A Postgres error (with a SQLSTATE) as DbError; anything else (a lost connection) as it is. */
function toDbError(e: unknown): unknown {
  if (e instanceof DbError) return e;
  const x = e as { message?: string; code?: string; detail?: string; hint?: string };
  if (typeof x?.code !== 'string' || !/^[0-9A-Z]{5}$/.test(x.code)) return e;
  return new DbError(x.message ?? String(e), x.code, x.detail ?? null, x.hint ?? null);
}

function assertRole(role: string): asserts role is RequestRole {
  if (role !== 'anon' && role !== 'authenticated')
    throw new DbError(`role "${role}" is not allowed`, '42501', null, null);
}

/** Any PostgreSQL. `url` should name a role that is not a superuser (e.g. `authenticator`), so RLS applies. */
export function openPostgres(url: string, options: { adminUrl?: string; max?: number } = {}): SyncDatabase {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  pool.on('error', () => undefined);
  const adminPool = options.adminUrl ? new pg.Pool({ connectionString: options.adminUrl, max: 1 }) : pool;
  if (adminPool !== pool) adminPool.on('error', () => undefined);
  return {
    kind: 'postgres',
    async runAs(role, claims, sql, params = []) {
      assertRole(role);
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(`set local role ${role}`);
        await client.query(
          "select set_config('request.jwt.claims', $1, true), set_config('request.method', 'POST', true)",
          [JSON.stringify(claims)],
        );
        const result = await client.query(sql, params);
        await client.query('commit');
        return result.rows as Record<string, unknown>[];
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw toDbError(e);
      } finally {
        client.release();
      }
    },
    admin: {
      async exec(sql) {
        try {
          await adminPool.query(sql);
        } catch (e) {
          throw toDbError(e);
        }
      },
      async query(sql, params = []) {
        try {
          return (await adminPool.query(sql, params)).rows as Record<string, unknown>[];
        } catch (e) {
          throw toDbError(e);
        }
      },
    },
    async close() {
      await pool.end();
      if (adminPool !== pool) await adminPool.end();
    },
  };
}

interface WorkerReply {
  id: number;
  ok: boolean;
  value?: unknown;
  timing?: { ms: number; cpuMs: number | null };
  error?: { message: string; code: string | null; detail: string | null; hint: string | null };
}

/**
 * The embedded PGlite database in a worker thread (server/data/pglite-worker.mjs), data in `dataDir`.
 * `templateDir`: a prepared data dir copied when `dataDir` is empty (tests), instead of initdb;
 * `loadFile`: a backup (scripts/db.ts backup) loaded into an empty `dataDir`.
 * A lock file (`dataDir/../pg.lock`, the pid) keeps `scripts/db.ts` from copying a database in use.
 */
export async function openPglite(
  dataDir: string,
  options: { templateDir?: string; loadFile?: string } = {},
): Promise<
  SyncDatabase & {
    dump(file: string): Promise<void>;
    /** Runs statements in one transaction as `role`, as runAs does, then rolls it back (a warm-up). */
    rehearse(
      role: RequestRole,
      claims: Record<string, unknown>,
      statements: { sql: string; params?: unknown[] }[],
    ): Promise<void>;
  }
> {
  // One process per data dir: two PGlite instances on one directory would corrupt it.
  const lockFile = `${dataDir.replace(/\/$/, '')}.lock`;
  takeLock(dataDir, lockFile);
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir, templateDir: options.templateDir, loadFile: options.loadFile },
  });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void; timing?: DbTiming }>();
  let nextId = 1;
  let dead: Error | null = null;
  worker.on('message', (reply: WorkerReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (p.timing && reply.timing) {
      p.timing.workerMs = reply.timing.ms;
      p.timing.workerCpuMs = reply.timing.cpuMs;
    }
    if (reply.ok) p.resolve(reply.value);
    else if (reply.error!.code)
      p.reject(new DbError(reply.error!.message, reply.error!.code, reply.error!.detail, reply.error!.hint));
    else p.reject(new Error(reply.error!.message));
  });
  const fail = (e: Error) => {
    dead = e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the database worker exited (${code})`)));
  const send = <T>(message: Record<string, unknown>, timing?: DbTiming): Promise<T> => {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timing });
      // Only a timed call asks the worker to read its thread's clock.
      worker.postMessage(timing ? { ...message, id, timed: true } : { ...message, id });
    });
  };
  try {
    await send({ type: 'open' });
  } catch (e) {
    await worker.terminate();
    rmSync(lockFile, { force: true });
    throw e;
  }
  return {
    kind: 'pglite',
    runAs(role, claims, sql, params = [], timing) {
      assertRole(role);
      return send({ type: 'as', role, claims: JSON.stringify(claims), sql, params }, timing);
    },
    admin: {
      exec: (sql) => send({ type: 'exec', sql }),
      query: (sql, params = []) => send({ type: 'query', sql, params }),
    },
    dump: (file) => send({ type: 'dump', file }),
    rehearse: (role, claims, statements) => {
      assertRole(role);
      return send({ type: 'rehearse', role, claims: JSON.stringify(claims), statements });
    },
    async close() {
      if (!dead) await send({ type: 'close' }).catch(() => undefined);
      await worker.terminate();
      if (existsSync(lockFile) && readFileSync(lockFile, 'utf8') === String(process.pid))
        rmSync(lockFile, { force: true });
    },
  };
}

function takeLock(dataDir: string, lockFile: string): void {
  mkdirSync(dirname(lockFile), { recursive: true, mode: 0o700 });
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx', mode: 0o600 });
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== 'EEXIST' || attempt > 0) throw e;
      const holder = pgliteInUse(dataDir);
      if (holder)
        throw new Error(
          `The database in ${dataDir} is open in process ${holder}: one server per DATA_DIR (or use DATABASE_URL)`,
          { cause: e },
        );
      rmSync(lockFile, { force: true }); // left by a process that is gone
    }
  }
}

/** Whether another live process holds the embedded database in `dataDir`. */
export function pgliteInUse(dataDir: string): number | null {
  const lockFile = `${dataDir.replace(/\/$/, '')}.lock`;
  if (!existsSync(lockFile)) return null;
  const pid = Number(readFileSync(lockFile, 'utf8'));
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}
