/**
 * The embedded database keeps what it acknowledged: a server killed (SIGKILL) during pushes has, after a
 * restart, every change it answered as applied. And scripts/db.ts backs it up and restores it.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { signJwt } from '../../server/auth/jwt.ts';
import { openPglite } from '../../server/data/database.ts';
import { makeDirs } from '../server/helpers.ts';
import { ROOT, spawnServer, waitForExit } from '../server/process.ts';
import { pgliteTemplate } from './support.ts';

const SECRET = 'a test secret that is long enough for HS256 signing';
const item = (id: string) => ({
  id,
  name: `Item ${id}`,
  sku: 'S',
  category: 'C',
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'bag',
  quantity: 1,
  costPerUnit: 1,
  whenToOrder: 0,
  supplierName: 'Acme',
});
const run = promisify(execFile);

describe('the embedded database on disk', () => {
  it('loses no acknowledged push when the server is killed mid-push', async () => {
    const dirs = makeDirs();
    mkdirSync(dirs.dataDir, { recursive: true, mode: 0o700 });
    cpSync(await pgliteTemplate(), join(dirs.dataDir, 'pg'), { recursive: true });
    const env = {
      DATA_DIR: dirs.dataDir,
      DIST_DIR: dirs.distDir,
      DEMO_USER: 'false',
      JWT_SECRET: SECRET,
      RATE_LIMIT_SYNC: 'off',
      DB_OPEN: 'start',
    };
    const user = randomUUID();
    const token = signJwt({ sub: user, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 }, SECRET);
    const call = (url: string, name: string, body: unknown) =>
      fetch(`${url}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    try {
      const first = await spawnServer(env);
      expect((await call(first.url, 'sync_pull', {})).status).toBe(200);
      const acknowledged = new Map<string, number>();
      let stop = false;
      // Four clients pushing one change after another, each its own records, until the kill.
      const pushers = Array.from({ length: 4 }, async (_, p) => {
        for (let i = 0; !stop; i++) {
          const id = `p${p}-${i}`;
          const res = await call(first.url, 'sync_push', {
            changes: [
              {
                collection: 'inventoryItems',
                record_id: id,
                base_rev: null,
                record: item(id),
                client_change_id: randomUUID(),
              },
            ],
          }).catch(() => null);
          if (!res || res.status !== 200) return;
          const [result] = (await res.json().catch(() => [])) as { status: string; rev: number }[];
          if (result?.status === 'applied') acknowledged.set(id, result.rev);
        }
      });
      // Killed once some pushes were answered, while the pushers keep pushing (waiting on the answers,
      // not on a fixed time, so a loaded machine does not fail the test).
      for (const started = Date.now(); acknowledged.size <= 5 && Date.now() - started < 60_000;)
        await new Promise((r) => setTimeout(r, 50));
      first.child.kill('SIGKILL');
      stop = true;
      await waitForExit(first.child);
      await Promise.all(pushers);
      expect(acknowledged.size).toBeGreaterThan(5);

      const second = await spawnServer(env);
      try {
        const res = await call(second.url, 'sync_pull', { since: 0, max_rows: 1000 });
        expect(res.status).toBe(200);
        const pulled = (await res.json()) as { changes: { record_id: string; rev: number }[] };
        const onServer = new Map(pulled.changes.map((c) => [c.record_id, c.rev]));
        for (const [id, rev] of acknowledged) expect(onServer.get(id), id).toBe(rev);
      } finally {
        second.child.kill('SIGTERM');
        await waitForExit(second.child);
      }
    } finally {
      dirs.cleanup();
    }
  }, 120_000);

  it('is backed up and restored by scripts/db.ts, and not copied while a server holds it', async () => {
    const dirs = makeDirs();
    const pgDir = join(dirs.dataDir, 'pg');
    mkdirSync(dirs.dataDir, { recursive: true, mode: 0o700 });
    cpSync(await pgliteTemplate(), pgDir, { recursive: true });
    const user = randomUUID();
    const claims = { sub: user, role: 'authenticated' };
    const script = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'scripts/db.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dirs.dataDir, DATABASE_URL: '' },
      });
    const backup = join(dirs.dataDir, 'backup.tar.gz');
    try {
      const db = await openPglite(pgDir);
      try {
        await db.runAs('authenticated', claims, 'select public.sync_push(changes => $1::jsonb)', [
          JSON.stringify([
            {
              collection: 'inventoryItems',
              record_id: 'kept',
              base_rev: null,
              record: item('kept'),
              client_change_id: randomUUID(),
            },
          ]),
        ]);
        // While this process holds it, the script refuses.
        await expect(script('backup', backup)).rejects.toMatchObject({
          stderr: expect.stringContaining('has the database open: stop it first'),
        });
      } finally {
        await db.close();
      }
      await script('backup', backup);
      expect(existsSync(backup)).toBe(true);
      rmSync(pgDir, { recursive: true, force: true });
      const restored = await script('restore', backup);
      expect(restored.stdout).toContain('(1 records)');
      expect(existsSync(join(pgDir, 'PG_VERSION'))).toBe(true);
    } finally {
      dirs.cleanup();
    }
  }, 120_000);

  it('is never opened by two processes at once (a lock beside it, taken over from a process that is gone)', async () => {
    const dirs = makeDirs();
    const pgDir = join(dirs.dataDir, 'pg');
    mkdirSync(dirs.dataDir, { recursive: true, mode: 0o700 });
    try {
      // A live process (this test's parent) holds it: refused before PGlite starts.
      writeFileSync(`${pgDir}.lock`, String(process.ppid));
      await expect(openPglite(pgDir)).rejects.toThrow(`is open in process ${process.ppid}: one server per DATA_DIR`);
      expect(existsSync(pgDir)).toBe(false);
      // A process that is gone (killed): its lock is taken over.
      writeFileSync(`${pgDir}.lock`, '999999999');
      cpSync(await pgliteTemplate(), pgDir, { recursive: true });
      const db = await openPglite(pgDir);
      try {
        expect(readFileSync(`${pgDir}.lock`, 'utf8')).toBe(String(process.pid));
      } finally {
        await db.close();
      }
      expect(existsSync(`${pgDir}.lock`)).toBe(false);
    } finally {
      dirs.cleanup();
    }
  }, 120_000);
});
