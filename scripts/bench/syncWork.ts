/**
 * The embedded database's work for a first sync, counted in instructions (issue 24): a figure this
 * machine's speed does not move. On the shared 2-core machines the same loop takes 1.2 s in one run
 * and 1.7 s in the next, so the first sync's wall and CPU times (scripts/bench/sync.ts) cannot show a
 * change of 10% in the database's work; Valgrind's instruction count (`cachegrind --cache-sim=no`)
 * can (two runs of the same code differ by ~1%).
 *
 * What it runs: the server's own database module (server/data/database.ts `openPglite`: PGlite in its
 * worker thread, opened from the tests' template) and, as the server calls it (server/data/rest.ts),
 * `sync_push_many` as a signed-in account, for a sample of the first sync's batches of
 * scripts/bench/sync.ts `fullAccount()` (5,000 items, 2,000 events with full tool kits: 29,000
 * changes, batched as the client batches them, `PUSH_MANY_BATCH` changes or about `PUSH_MANY_CHARS`
 * characters). Two processes under Valgrind, in parallel: one opens the database and pushes a tiny
 * warm-up batch, the other does the same and then the sample; the difference is the sample's work.
 *
 * Run: `npx tsx scripts/bench/syncWork.ts` (needs Debian's `valgrind`; ~5 minutes on 2 cores).
 * `SYNC_WORK_BATCHES=0,2,5` picks the batches (default: the first items batch, the first events batch
 * and the first tool-kit batch); `SYNC_WORK_BATCHES=all` pushes the whole first sync (~15 minutes).
 * Not part of `npm run bench` (it takes minutes and Valgrind): docs/performance.md "How to read".
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openPglite } from '../../server/data/database.ts';
import { PUSH_MANY_BATCH, PUSH_MANY_CHARS } from '../../src/sync/cycle';
import { pgliteTemplate } from '../../tests/db/support.ts';

/** The statement the server runs for a push (server/data/rest.ts, `sync_push_many` with its one argument). */
const PUSH_SQL = 'select public.sync_push_many(changes => $1::jsonb)::text as result';
const CLAIMS = { sub: '11111111-2222-4333-8444-555555555555', role: 'authenticated', aud: 'authenticated' };

/** The first sync's changes in the client's batches, as JSON texts (what the server passes to the database). */
async function firstSyncBatches(): Promise<string[]> {
  const { fullAccount } = await import('./sync.ts');
  const batches: string[] = [];
  let batch: string[] = [];
  let chars = 0;
  for (const [collection, records] of fullAccount())
    for (const [record_id, record] of records) {
      const change = JSON.stringify({ collection, record_id, base_rev: null, record, client_change_id: randomUUID() });
      if (batch.length === PUSH_MANY_BATCH || (batch.length > 0 && chars + change.length > PUSH_MANY_CHARS)) {
        batches.push(`[${batch.join(',')}]`);
        batch = [];
        chars = 0;
      }
      batch.push(change);
      chars += change.length;
    }
  if (batch.length) batches.push(`[${batch.join(',')}]`);
  return batches;
}

/** In the child under Valgrind: open the database, push a tiny batch (plans made), then the given batches. */
async function child(batchFile: string, template: string): Promise<void> {
  const batches = JSON.parse(readFileSync(batchFile, 'utf8')) as string[];
  const dir = mkdtempSync(join(tmpdir(), 'cc-sync-work-'));
  cpSync(template, join(dir, 'pg'), { recursive: true });
  const db = await openPglite(join(dir, 'pg'));
  try {
    const warmUp = (JSON.parse(batches[0]!) as { record_id: string; record: { id: string } }[])
      .slice(0, 3)
      .map((c) => ({ ...c, record_id: `w-${c.record_id}`, record: { ...c.record, id: `w-${c.record.id}` } }));
    for (const text of [JSON.stringify(warmUp), ...batches.slice(1)]) {
      const [row] = await db.runAs('authenticated', CLAIMS, PUSH_SQL, [text]);
      const answer = String(row?.result);
      if (!answer.startsWith('[') || /"status": "(conflict|rejected)"/.test(answer))
        throw new Error(`a push was not applied: ${answer.slice(0, 300)}`);
    }
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs this file's child under cachegrind; its instruction count. */
function countInstructions(batchFile: string, template: string): Promise<number> {
  const out = join(tmpdir(), `cc-sync-work-${randomUUID()}.cachegrind`);
  const args = [
    '--tool=cachegrind',
    '--cache-sim=no',
    `--cachegrind-out-file=${out}`,
    process.execPath,
    '--import',
    'tsx',
    fileURLToPath(import.meta.url),
    '--child',
    batchFile,
    template,
  ];
  return new Promise((resolve, reject) => {
    const run = spawn('valgrind', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    run.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    run.on('error', reject);
    run.on('close', (code) => {
      rmSync(out, { force: true });
      const refs = /I\s+refs:\s+([\d,]+)/.exec(stderr)?.[1];
      if (code !== 0 || !refs) reject(new Error(`valgrind exited ${code}: ${stderr.slice(-2000)}`));
      else resolve(Number(refs.replace(/,/g, '')));
    });
  });
}

async function main(): Promise<void> {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    console.log('valgrind is not installed (Debian: apt-get install valgrind): nothing measured');
    return;
  }
  const batches = await firstSyncBatches();
  const chosen = process.env.SYNC_WORK_BATCHES ?? '';
  const picked =
    chosen === 'all'
      ? batches.map((_b, i) => i)
      : chosen
        ? chosen.split(',').map(Number)
        : [0, batches.findIndex((b) => b.startsWith('[{"collection":"events"')), batches.length - 2];
  const sample = picked.map((i) => {
    const batch = batches[i];
    if (!batch) throw new Error(`no batch ${i}: the first sync has ${batches.length}`);
    return batch;
  });
  const template = await pgliteTemplate();
  const dir = mkdtempSync(join(tmpdir(), 'cc-sync-work-'));
  try {
    // The child pushes every batch after the first; the first only gives the warm-up its records' shape.
    const onlyWarmUp = join(dir, 'warm-up.json');
    const withSample = join(dir, 'sample.json');
    writeFileSync(onlyWarmUp, JSON.stringify([batches[0]]));
    writeFileSync(withSample, JSON.stringify([batches[0], ...sample]));
    const started = performance.now();
    const [base, total] = await Promise.all([
      countInstructions(onlyWarmUp, template),
      countInstructions(withSample, template),
    ]);
    const records = sample.reduce((n, b) => n + (JSON.parse(b) as unknown[]).length, 0);
    const mb = sample.reduce((n, b) => n + Buffer.byteLength(b), 0) / 1e6;
    const work = total - base;
    console.log(
      `sync work: batches ${picked.join(', ')} of ${batches.length} (${records.toLocaleString('en-CA')} changes, ${mb.toFixed(2)} MB): ` +
        `${(work / 1e9).toFixed(3)} G instructions in the database (${((work / records) * 1e-3).toFixed(0)} k a change); ` +
        `the open and warm-up alone ${(base / 1e9).toFixed(3)} G; measured in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--child');
  if (at > 0) await child(process.argv[at + 1]!, process.argv[at + 2]!);
  else await main();
  process.exit(0);
}
