/**
 * Databases for the contract tests: a throwaway PostgreSQL 15 cluster (Debian's postgresql-15, run as
 * the `postgres` user in a temp dir, 127.0.0.1 on a free port) and the embedded PGlite opened from a
 * prepared template (initdb + migrations once per machine and schema, then copied per test file).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  listMigrations,
  migrate,
  openPglite,
  openPostgres,
  SUPABASE_PIECES_FILE,
  type SyncDatabase,
} from '../../server/data/database.ts';
import { freePort } from '../server/process.ts';

export const PG_BIN = '/usr/lib/postgresql/15/bin';

export interface PgCluster {
  /** The superuser (migrations, test set-up). */
  adminUrl: string;
  /** The non-superuser role the server logs in as (PostgREST's `authenticator`). */
  url: string;
  /** Stops and starts the server process (the data stays). */
  pause(): void;
  resume(): void;
  stop(): void;
}

/** Starts a throwaway PostgreSQL 15, adds the Supabase pieces and applies supabase/migrations. */
export async function startPostgres(): Promise<PgCluster> {
  if (!existsSync(join(PG_BIN, 'initdb')))
    throw new Error(`PostgreSQL 15 is not installed (${PG_BIN}/initdb): apt-get install -y postgresql-15`);
  const root = mkdtempSync(join(tmpdir(), 'cc-pg-'));
  const dir = join(root, 'data');
  mkdirSync(dir, { mode: 0o700 });
  const asPostgres = process.getuid?.() === 0;
  const run = (bin: string, args: string[]) =>
    asPostgres
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, bin), ...args], { stdio: 'pipe' })
      : execFileSync(join(PG_BIN, bin), args, { stdio: 'pipe' });
  if (asPostgres) {
    const { uid, gid } = userIds('postgres');
    chownSync(root, uid, gid);
    chownSync(dir, uid, gid);
  }
  run('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const resume = () =>
    run('pg_ctl', [
      '-D',
      dir,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      join(dir, 'log'),
      '-w',
      'start',
    ]);
  const pause = () => run('pg_ctl', ['-D', dir, 'stop', '-m', 'fast']);
  resume();
  const stop = () => {
    try {
      run('pg_ctl', ['-D', dir, 'stop', '-m', 'immediate']);
    } catch {
      // already stopped
    }
    rmSync(root, { recursive: true, force: true });
  };
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = openPostgres(adminUrl, { max: 1 });
  try {
    await migrate(admin);
  } catch (e) {
    stop();
    throw e;
  } finally {
    await admin.close();
  }
  return { adminUrl, url: `postgres://authenticator@127.0.0.1:${port}/postgres`, pause, resume, stop };
}

function userIds(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no user ${name}`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** A PGlite data dir with the Supabase pieces and all migrations applied, made once per schema version. */
export async function pgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(readFileSync(SUPABASE_PIECES_FILE));
  for (const m of listMigrations()) hash.update(m.version).update(m.sql);
  // Found by module resolution, not by a path from this file: under Stryker this file runs in a sandbox
  // (.stryker-tmp/sandbox-…) without a node_modules of its own, and PGlite does not export its package.json.
  const pglitePackage = join(
    dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
    '..',
    'package.json',
  );
  hash.update((JSON.parse(readFileSync(pglitePackage, 'utf8')) as { version: string }).version);
  const dir = join(tmpdir(), `cc-pglite-template-${hash.digest('hex').slice(0, 16)}`);
  // Test files run in parallel: one builds the template (initdb, ~14 s), the others wait for it.
  const lock = `${dir}.lock`;
  for (;;) {
    if (existsSync(join(dir, 'PG_VERSION'))) return dir;
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock left by a killed run is taken over after 3 minutes.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 180_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const building = mkdtempSync(`${dir}.building-`);
  try {
    const db = await openPglite(join(building, 'pg'));
    await migrate(db);
    await db.close();
    renameSync(join(building, 'pg'), dir);
  } finally {
    rmSync(building, { recursive: true, force: true });
    rmSync(lock, { recursive: true, force: true });
  }
  return dir;
}

/** The embedded database in a fresh temp dir, copied from the template. */
export async function openTestPglite(): Promise<{
  db: Awaited<ReturnType<typeof openPglite>>;
  dataDir: string;
  cleanup(): Promise<void>;
}> {
  const template = await pgliteTemplate();
  const root = mkdtempSync(join(tmpdir(), 'cc-pglite-'));
  const dataDir = join(root, 'pg');
  cpSync(template, dataDir, { recursive: true });
  const db = await openPglite(dataDir);
  await migrate(db);
  return {
    db,
    dataDir,
    async cleanup() {
      await db.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export type { SyncDatabase };
