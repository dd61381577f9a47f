/**
 * /rest/v1 on the embedded server: answers the sync functions' RPC calls the way PostgREST does
 * (supabase-js `rpc()` is POST /rest/v1/rpc/<name>): verifies the JWT with the auth server's secret,
 * runs one transaction as the JWT's role with `request.jwt.claims` set, calls the function and answers
 * with PostgREST's JSON and error shapes. Only the functions the app uses; any other path is a 404.
 * The database opens on the first request (or at start with DB_OPEN=start), so starting the server and
 * serving pages never wait for it. docs/sync.md.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { join } from 'node:path';
import { verifyJwt } from '../auth/jwt.ts';
import { RateLimiter, type RateLimitRule } from '../auth/ratelimit.ts';
import { DbError, migrate, openPglite, openPostgres, type DbTiming, type SyncDatabase } from './database.ts';
import { MAX_RECORD_DEPTH, nestedDeeperThan, recordSchemaProblem } from './records.ts';
import { warmUpClaims, warmUpStatements } from './warmup.ts';

/** Changes per push of the warm-up at open (two pushes and a pull, rolled back). */
const WARM_UP_CHANGES = 2000;

export interface RestOptions {
  /** The JWT secret of the auth server (same tokens). */
  secret: string;
  /** DATA_DIR: the embedded database lives in DATA_DIR/pg. */
  dataDir: string;
  /** Any PostgreSQL instead of the embedded one (env DATABASE_URL): a role that is not a superuser. */
  databaseUrl?: string;
  /** With databaseUrl: the owner's URL, to apply the migrations at open (env DATABASE_MIGRATE_URL). */
  databaseMigrateUrl?: string;
  /** A prepared PGlite data dir copied on first open instead of initdb (tests). */
  pgliteTemplate?: string;
  /** 'lazy' (default): open on the first /rest/v1 request; 'start': begin opening right away (env DB_OPEN). */
  open?: 'lazy' | 'start';
  /** Sync calls per account (default burst 60, 600 per 5 min; env RATE_LIMIT_SYNC); false turns it off. */
  rateLimit?: RateLimitRule | false;
  /** Accounts whose pushes are refused (the demo account: its password is published). */
  isReadOnly?: (claims: Record<string, unknown>) => boolean;
  /** Origins allowed to call /rest/v1 cross-origin (the auth API's CORS_ORIGINS). */
  corsOrigins?: ReadonlySet<string>;
}

/** A request body may hold this many bytes (one push batch; each record is capped at 256 KiB in SQL). */
export const REST_BODY_LIMIT = 4 * 1024 * 1024;
/** How deep a request body may nest: a push of records nested to their limit (MAX_RECORD_DEPTH) fits with room to spare. */
export const MAX_BODY_DEPTH = MAX_RECORD_DEPTH * 2;

type ArgSpec = { name: string; cast: string; required: boolean; json?: boolean };
/** The functions the app calls, with their named arguments (as PostgREST passes them). */
const FUNCTIONS: Record<string, { args: ArgSpec[]; writes: boolean }> = {
  sync_push: { args: [{ name: 'changes', cast: 'jsonb', required: true, json: true }], writes: true },
  // The same push, up to 2,000 changes a call (fewer, larger requests for a first upload).
  sync_push_many: { args: [{ name: 'changes', cast: 'jsonb', required: true, json: true }], writes: true },
  sync_pull: {
    args: [
      { name: 'since', cast: 'bigint', required: false },
      { name: 'max_rows', cast: 'integer', required: false },
    ],
    writes: false,
  },
  sync_summary: { args: [], writes: false },
  // Issue 24 part 7: the events a device keeps only in the account (listed, searched, opened on demand).
  sync_event_summaries: {
    args: [
      { name: 'before_date', cast: 'text', required: false },
      { name: 'search', cast: 'text', required: false },
      { name: 'max_rows', cast: 'integer', required: false },
      { name: 'event_ids', cast: 'jsonb', required: false, json: true },
    ],
    writes: false,
  },
  sync_event_records: { args: [{ name: 'event_id', cast: 'text', required: true }], writes: false },
  // Which of a device's new events' ids the account holds, and its highest event id (two devices, one new id).
  sync_event_ids: { args: [{ name: 'event_ids', cast: 'jsonb', required: true, json: true }], writes: false },
  // Issue 22's numbers, from the account: the next quote or invoice number of the business (never given twice).
  take_document_number: {
    args: [
      { name: 'kind', cast: 'text', required: true },
      { name: 'year', cast: 'integer', required: true },
      { name: 'last_known', cast: 'integer', required: false },
    ],
    writes: true,
  },
  // Issue 24: the next revision (-2, -3…) of an issued number, from the account (two devices never print one).
  take_document_revision: {
    args: [
      { name: 'kind', cast: 'text', required: true },
      { name: 'year', cast: 'integer', required: true },
      { name: 'sequence', cast: 'integer', required: true },
      { name: 'last_known', cast: 'integer', required: false },
    ],
    writes: true,
  },
};

interface PgrstError {
  status: number;
  body: { code: string; details: string | null; hint: string | null; message: string };
  headers?: Record<string, string>;
}
const pgrst = (
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
  headers?: Record<string, string>,
): PgrstError => ({
  status,
  body: { code, details, hint, message },
  headers,
});

/** PostgREST's HTTP status for a SQLSTATE (docs.postgrest.org, "Errors"). */
export function statusForSqlState(code: string | null, anonymous: boolean): number {
  const c = code ?? '';
  if (c === '42501') return anonymous ? 401 : 403;
  if (c === '23503' || c === '23505') return 409;
  if (c === '25006') return 405;
  if (c === '42883' || c === '42P01') return 404;
  if (c === 'P0001') return 400;
  if (/^(08|53)/.test(c)) return 503;
  if (/^(0L|0P|28)/.test(c)) return 403;
  if (/^(09|25|2D|38|39|3B|40|54|55|57|58|F0|HV|P0|XX)/.test(c) || c === '42P17' || c === '') return 500;
  return 400;
}

/** Where a request's time went on the server (ms), answered in the Server-Timing header (scripts/bench/sync.ts reads it). */
interface Timing extends DbTiming {
  /** From the request's start to the handler: the body received and parsed as JSON. */
  read: number;
  /** The app's record schemas over pushed records. */
  check?: number;
  /** The database call, from the server's side (waiting for the worker included). */
  db?: number;
  /** The answer's JSON text: the database's, with any records refused by the app's schemas put back in place. */
  answer?: number;
}
const received = new WeakMap<object, number>();

function serverTiming(t: Timing): string {
  const parts: [string, number | null | undefined][] = [
    ['read', t.read],
    ['check', t.check],
    ['db', t.db],
    ['worker', t.workerMs],
    ['worker-cpu', t.workerCpuMs],
    ['answer', t.answer],
  ];
  return parts
    .filter((p): p is [string, number] => typeof p[1] === 'number')
    .map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`)
    .join(', ');
}

export async function registerRest(
  app: FastifyInstance,
  options: RestOptions,
): Promise<{ database(): Promise<SyncDatabase> }> {
  const limiter = new RateLimiter(options.rateLimit ?? { burst: 60, per5min: 600 });
  let opening: Promise<SyncDatabase> | null = null;
  let closed = false;

  const openDatabase = async (): Promise<SyncDatabase> => {
    if (options.databaseUrl) {
      if (options.databaseMigrateUrl) {
        const owner = openPostgres(options.databaseMigrateUrl, { max: 1 });
        try {
          await migrate(owner);
        } finally {
          await owner.close();
        }
      }
      const db = openPostgres(options.databaseUrl);
      const [me] = await db.admin.query('select rolsuper, rolbypassrls from pg_roles where rolname = current_user');
      if (me?.rolsuper || me?.rolbypassrls) {
        await db.close();
        throw new Error(
          'DATABASE_URL must name a role that is neither a superuser nor BYPASSRLS (e.g. authenticator), so row-level security applies',
        );
      }
      const [found] = await db.admin.query("select to_regprocedure('public.sync_push(jsonb)') is not null as ok");
      if (!found?.ok) {
        await db.close();
        throw new Error(
          'The sync functions are missing in DATABASE_URL: apply supabase/migrations (npx tsx scripts/db.ts migrate)',
        );
      }
      return db;
    }
    const db = await openPglite(join(options.dataDir, 'pg'), { templateDir: options.pgliteTemplate });
    try {
      await migrate(db);
    } catch (e) {
      await db.close();
      throw e;
    }
    // Opened at start: the push path warmed up before the first request (server/data/warmup.ts).
    if (options.open === 'start') {
      const started = performance.now();
      try {
        await db.rehearse('authenticated', warmUpClaims(), warmUpStatements(WARM_UP_CHANGES));
        app.log.info({ ms: Math.round(performance.now() - started) }, 'the account database is warmed up');
      } catch (e) {
        app.log.warn({ err: e }, 'the account database warm-up failed'); // the requests run, just colder
      }
    }
    return db;
  };
  const database = (): Promise<SyncDatabase> => {
    if (closed) return Promise.reject(new Error('closing'));
    if (!opening) {
      opening = openDatabase();
      opening.catch((e: unknown) => {
        app.log.error({ err: e }, 'the account database could not be opened');
        opening = null; // the next request tries again
      });
    }
    return opening;
  };
  if (options.open === 'start') app.addHook('onReady', async () => void database().catch(() => undefined));
  const pruneTimer = setInterval(() => limiter.prune(), 60_000);
  pruneTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(pruneTimer);
    closed = true;
    const pending = opening;
    opening = null;
    if (pending) await (await pending.catch(() => null))?.close();
  });

  const send = (reply: FastifyReply, e: PgrstError) => {
    for (const [k, v] of Object.entries(e.headers ?? {})) reply.header(k, v);
    return reply
      .code(e.status)
      .header('Cache-Control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(e.body);
  };

  await app.register(
    async (rest) => {
      rest.setErrorHandler((error: FastifyError, request, reply) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          return send(
            reply,
            pgrst(
              413,
              'PGRST413',
              `The request body is larger than ${REST_BODY_LIMIT} bytes`,
              null,
              'Push the changes in smaller batches',
            ),
          );
        if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
          return send(reply, pgrst(415, 'PGRST107', 'The request body must be application/json'));
        if ((error.statusCode ?? 500) < 500)
          return send(reply, pgrst(400, 'PGRST102', 'The request body is not valid JSON'));
        request.log.error({ err: error }, 'rest request failed');
        return send(reply, pgrst(500, 'PGRST000', 'Unexpected failure, please try again'));
      });
      rest.setNotFoundHandler((request, reply) => {
        const path = (request.url.split('?')[0] ?? '').replace(/^\/rest\/v1\/?/, '');
        return send(
          reply,
          pgrst(
            404,
            'PGRST205',
            `Could not find the table 'public.${path}' in the schema cache`,
            null,
            'This server answers only the sync functions: POST /rest/v1/rpc/sync_push, sync_push_many, sync_pull, sync_summary, sync_event_summaries, sync_event_records, sync_event_ids, take_document_number, take_document_revision',
          ),
        );
      });
      rest.addHook('onRequest', async (request, reply) => {
        received.set(request.raw, performance.now());
        const origin = request.headers.origin;
        if (origin && options.corsOrigins?.has(origin)) {
          reply.header('Access-Control-Allow-Origin', origin);
          reply.header('Vary', 'Origin');
          reply.header('Access-Control-Expose-Headers', 'Retry-After');
          if (request.method === 'OPTIONS') {
            reply.header('Access-Control-Allow-Methods', 'POST, OPTIONS');
            reply.header(
              'Access-Control-Allow-Headers',
              'apikey, Authorization, Content-Type, Content-Profile, Accept-Profile, Prefer, X-Client-Info',
            );
            reply.header('Access-Control-Max-Age', '86400');
          }
        }
      });
      rest.options('/*', async (_request, reply) => reply.code(204).send());
      rest.route({
        method: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'],
        url: '/rpc/:name',
        handler: async (_request, reply) =>
          send(
            reply,
            pgrst(405, 'PGRST101', 'Only POST is supported for these functions', null, null, { Allow: 'POST' }),
          ),
      });
      rest.post<{ Params: { name: string } }>('/rpc/:name', { bodyLimit: REST_BODY_LIMIT }, async (request, reply) => {
        const timing: Timing = { read: performance.now() - (received.get(request.raw) ?? performance.now()) };
        const result = await callFunction(request, timing);
        if ('status' in result) return send(reply, result);
        return reply
          .code(200)
          .header('Cache-Control', 'no-store')
          .header('Server-Timing', serverTiming(timing))
          .type('application/json; charset=utf-8')
          .send(result.text);
      });
    },
    { prefix: '/rest/v1' },
  );

  async function callFunction(
    request: FastifyRequest<{ Params: { name: string } }>,
    timing: Timing,
  ): Promise<PgrstError | { text: string }> {
    // The JWT: Authorization: Bearer, else the apikey (supabase-js sends both; the anon key means role anon).
    const header = request.headers.authorization;
    const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
    const apikey = typeof request.headers.apikey === 'string' ? request.headers.apikey : undefined;
    const token = bearer ?? apikey;
    if (!token)
      return pgrst(401, 'PGRST302', 'Anonymous access is disabled: send the JWT in Authorization: Bearer', null, null, {
        'WWW-Authenticate': 'Bearer',
      });
    const claims = verifyJwt(token, options.secret);
    if (typeof claims === 'string') {
      const expired = claims === 'token has expired';
      return pgrst(
        401,
        expired ? 'PGRST303' : 'PGRST301',
        expired ? 'JWT expired' : `JWT is not valid: ${claims}`,
        null,
        null,
        {
          'WWW-Authenticate': `Bearer error="invalid_token", error_description="${expired ? 'JWT expired' : 'JWT invalid'}"`,
        },
      );
    }
    const role = claims.role;
    if (role !== 'anon' && role !== 'authenticated')
      return pgrst(401, 'PGRST301', `JWT role "${String(role)}" is not allowed here`);
    const anonymous = role === 'anon';

    // Every call of an account counts, whatever it asks for.
    if (!anonymous && typeof claims.sub === 'string') {
      try {
        limiter.consume(claims.sub);
      } catch (e) {
        const retryAfter = (e as { headers?: Record<string, string> }).headers?.['Retry-After'] ?? '60';
        return pgrst(429, 'PGRST429', `Too many sync requests: try again in ${retryAfter} s`, null, null, {
          'Retry-After': retryAfter,
        });
      }
    }

    const name = request.params.name;
    const fn = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name]! : null;
    const body: unknown = request.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return pgrst(400, 'PGRST102', 'The arguments must be a JSON object of named arguments');
    // Room for a push of records at the records' own limit (changes, a change, its record); deeper is refused
    // whole, before anything reads it (answering it would run JSON.stringify out of stack: a 500).
    if (nestedDeeperThan(body, MAX_BODY_DEPTH))
      return pgrst(400, 'PGRST102', `The request body is nested more than ${MAX_BODY_DEPTH} levels deep`);
    const given = Object.keys(body);
    const signature = (names: string[]) => `public.${name}(${names.join(', ')})`;
    if (
      !fn ||
      given.some((k) => !fn.args.some((a) => a.name === k)) ||
      fn.args.some((a) => a.required && !given.includes(a.name))
    ) {
      return pgrst(
        404,
        'PGRST202',
        `Could not find the function ${signature(given)} in the schema cache`,
        `Searched for the function public.${name} with parameters ${given.join(', ') || 'none'}`,
        fn ? `Perhaps you meant to call the function ${signature(fn.args.map((a) => a.name))}` : null,
      );
    }

    if (!anonymous && fn.writes && options.isReadOnly?.(claims)) {
      return pgrst(
        403,
        '42501',
        'The demo account does not sync: its password is public',
        null,
        'Sign up for an account of your own to keep your data',
      );
    }

    const values = body as Record<string, unknown>;
    // Records the app could not read back are refused here (by the app's schemas) and answered in place.
    let refused: (Record<string, unknown> | null)[] = [];
    const checking = performance.now();
    if ((name === 'sync_push' || name === 'sync_push_many') && Array.isArray(values.changes)) {
      refused = values.changes.map((change: unknown) => {
        if (typeof change !== 'object' || change === null) return null;
        const c = change as Record<string, unknown>;
        if (c.deleted === true) return null;
        const problem = recordSchemaProblem(c.collection, c.record);
        if (!problem) return null;
        const text = (v: unknown) => (typeof v === 'string' ? v : null);
        return {
          status: 'rejected',
          client_change_id: text(c.client_change_id),
          collection: text(c.collection),
          record_id: text(c.record_id),
          error: { code: 'bad_record', message: problem },
        };
      });
      if (refused.some(Boolean)) values.changes = values.changes.filter((_c, i) => !refused[i]);
    }

    timing.check = performance.now() - checking;
    const used = fn.args.filter((a) => given.includes(a.name));
    // The answer as the database writes it: every function here returns jsonb or an integer, whose text is JSON,
    // so it is sent as it is instead of parsed (in the worker), copied to this thread and written out again.
    const sql = `select public.${name}(${used.map((a, i) => `${a.name} => $${i + 1}::${a.cast}`).join(', ')})::text as result`;
    const params = used.map((a) => {
      const v = values[a.name];
      // A list or object given for a plain argument goes as its JSON text, as PostgREST sends it: the database's
      // error then quotes what was sent, not "[object Object]".
      return a.json || (typeof v === 'object' && v !== null) ? JSON.stringify(v) : v === null ? null : String(v);
    });
    let db: SyncDatabase;
    try {
      db = await database();
    } catch {
      return pgrst(503, 'PGRST000', 'The account database is not available, please try again', null, null, {
        'Retry-After': '5',
      });
    }
    let answered: unknown;
    try {
      const calling = performance.now();
      const rows = await db.runAs(role, claims, sql, params, timing);
      timing.db = performance.now() - calling;
      answered = rows[0]?.result ?? null;
    } catch (e) {
      if (!(e instanceof DbError)) {
        request.log.error({ err: e }, 'rpc failed');
        // The database went away (a lost connection, a dead worker): the next request opens it again.
        if (opening && (await opening.catch(() => null)) === db) {
          opening = null;
          void db.close().catch(() => undefined);
        }
        return pgrst(503, 'PGRST000', 'The account database is not available, please try again', null, null, {
          'Retry-After': '5',
        });
      }
      const status = statusForSqlState(e.code, anonymous);
      if (status >= 500) request.log.error({ err: e }, 'rpc failed');
      return pgrst(status, e.code ?? 'XX000', e.message, e.detail, e.hint);
    }
    // Not the database's fault if it happens: the route's error handler answers 500 and logs it.
    if (answered !== null && typeof answered !== 'string')
      throw new TypeError(`The database answered a ${typeof answered}, not the JSON text of the function's value`);
    const t0 = performance.now();
    let text = answered ?? 'null';
    if (refused.some(Boolean)) {
      // The records refused here go back in their places among the database's answers.
      const value: unknown = JSON.parse(text);
      if (Array.isArray(value)) {
        const applied = [...value];
        text = JSON.stringify(refused.map((r) => r ?? applied.shift()));
      }
    }
    timing.answer = performance.now() - t0;
    return { text };
  }

  return { database };
}
