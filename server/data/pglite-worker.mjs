// The embedded database (PGlite) in a worker thread, so that opening it (initdb ~14 s on a first start,
// ~1.5 s later) and running queries never stall the server's event loop (the auth API keeps answering).
// One PGlite instance per server; PGlite runs one query at a time, so requests wait their turn here.
// Plain JavaScript so the worker starts without a TypeScript loader. Messages: server/data/pglite.ts.
import { PGlite } from '@electric-sql/pglite';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Blob, Buffer } from 'node:buffer';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { startTiming } from './thread-cpu.mjs';

const { dataDir, templateDir, loadFile } = workerData;
let db = null;
let chain = Promise.resolve();

/** jsonb's type oid. */
const JSONB = 3802;

/**
 * A jsonb parameter as PostgreSQL's binary format (version 1, then the JSON text as UTF-8), encoded here by
 * Node's native encoder. Given as text, PGlite counts its UTF-8 bytes one character at a time in JavaScript
 * (~10% of the worker's time on a first sync of 12.6 MB): docs/performance.md "First sync, eighth pass".
 */
function jsonbBytes(value) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const bytes = Buffer.allocUnsafe(Buffer.byteLength(text) + 1);
  bytes[0] = 1;
  bytes.write(text, 1, 'utf8');
  return bytes;
}
const REQUEST_OPTIONS = { serializers: { [JSONB]: jsonbBytes } };

function errorOf(e) {
  return {
    message: e?.message ?? String(e),
    code: e?.code ?? null,
    detail: e?.detail ?? null,
    hint: e?.hint ?? null,
  };
}

async function open() {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // A prepared data dir (tests): copied instead of running initdb.
    if (templateDir && existsSync(join(templateDir, 'PG_VERSION'))) cpSync(templateDir, dataDir, { recursive: true });
  }
  // A backup made by `scripts/db.ts backup` (PGlite's dumpDataDir tarball), loaded into an empty dataDir.
  const loadDataDir = loadFile ? new Blob([readFileSync(loadFile)]) : undefined;
  db = await PGlite.create({ dataDir, loadDataDir });
}

async function handle(message) {
  switch (message.type) {
    case 'open':
      return open();
    case 'exec':
      await db.exec(message.sql);
      return null;
    case 'query':
      return (await db.query(message.sql, message.params ?? [])).rows;
    case 'as':
    case 'rehearse':
      // As PostgREST: one transaction, SET LOCAL ROLE to the JWT's role, the claims in request.jwt.claims.
      // 'rehearse': the same statements, rolled back (the warm-up at open, server/data/rest.ts).
      return db.transaction(async (tx) => {
        await tx.query(`set local role ${message.role}`);
        await tx.query(
          "select set_config('request.jwt.claims', $1, true), set_config('request.method', 'POST', true)",
          [message.claims],
        );
        let rows = [];
        for (const statement of message.type === 'as' ? [message] : message.statements)
          rows = (await tx.query(statement.sql, statement.params ?? [], REQUEST_OPTIONS)).rows;
        if (message.type === 'rehearse') await tx.rollback();
        return rows;
      });
    case 'dump': {
      const blob = await db.dumpDataDir('gzip');
      writeFileSync(message.file, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
      return null;
    }
    case 'close':
      if (db) await db.close();
      db = null;
      return null;
    default:
      throw new Error(`unknown message ${message.type}`);
  }
}

parentPort.on('message', (message) => {
  chain = chain.then(async () => {
    // Only a timed call reads the thread's clock (server/data/thread-cpu.mjs).
    const timed = message.timed ? startTiming() : null;
    const timing = () => (timed ? timed() : undefined);
    try {
      const value = await handle(message);
      parentPort.postMessage({ id: message.id, ok: true, value, timing: timing() });
    } catch (e) {
      parentPort.postMessage({ id: message.id, ok: false, error: errorOf(e) });
    }
  });
});
