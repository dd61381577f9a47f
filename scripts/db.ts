/**
 * The account database's maintenance (docs/sync.md):
 *   npx tsx scripts/db.ts backup [file]   the embedded database (DATA_DIR/pg) into one .tar.gz file
 *   npx tsx scripts/db.ts restore <file>  a backup back into DATA_DIR/pg (the old one is kept beside it)
 *   npx tsx scripts/db.ts migrate         Supabase pieces + supabase/migrations into DATABASE_URL
 * backup and restore need the server stopped (one process may hold the embedded database); with
 * DATABASE_URL, back up with pg_dump instead.
 */
import { existsSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, openPglite, openPostgres, pgliteInUse } from '../server/data/database.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = process.env.DATA_DIR ?? join(root, '.data');
const pgDir = join(dataDir, 'pg');
const [command, arg] = process.argv.slice(2);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function refuseWhileRunning(): void {
  const pid = pgliteInUse(pgDir);
  if (pid) fail(`The server (process ${pid}) has the database open: stop it first, then run this again.`);
}

async function main(): Promise<void> {
  switch (command) {
    case 'backup': {
      if (process.env.DATABASE_URL) fail('DATABASE_URL is set: back that database up with pg_dump (docs/sync.md).');
      if (!existsSync(join(pgDir, 'PG_VERSION'))) fail(`No embedded database in ${pgDir}.`);
      refuseWhileRunning();
      const file = resolve(arg ?? `cater-captain-db-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
      if (existsSync(file)) fail(`${file} exists already.`);
      const db = await openPglite(pgDir);
      try {
        await db.dump(file);
      } finally {
        await db.close();
      }
      console.log(`Backed up ${pgDir} to ${file}`);
      return;
    }
    case 'restore': {
      if (!arg) fail('Usage: npx tsx scripts/db.ts restore <backup file>');
      const file = resolve(arg);
      if (!existsSync(file)) fail(`No file ${file}.`);
      refuseWhileRunning();
      if (existsSync(pgDir)) {
        const aside = `${pgDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        renameSync(pgDir, aside);
        console.log(`Kept the previous database in ${aside}`);
      }
      const db = await openPglite(pgDir, { loadFile: file });
      try {
        const [row] = await db.admin.query('select count(*)::int as n from sync.records');
        console.log(`Restored ${file} into ${pgDir} (${String(row?.n)} records)`);
      } finally {
        await db.close();
      }
      return;
    }
    case 'migrate': {
      const url = process.env.DATABASE_MIGRATE_URL || process.env.DATABASE_URL;
      if (!url)
        fail(
          'Set DATABASE_URL (or DATABASE_MIGRATE_URL) to the database owner’s URL. The embedded database migrates itself.',
        );
      const db = openPostgres(url, { max: 1 });
      try {
        const applied = await migrate(db);
        console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Up to date');
      } finally {
        await db.close();
      }
      return;
    }
    default:
      fail('Usage: npx tsx scripts/db.ts backup [file] | restore <file> | migrate');
  }
}

await main();
