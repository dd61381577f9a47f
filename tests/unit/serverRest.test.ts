/**
 * /rest/v1 (server/data/rest.ts) on a bare Fastify with a fake database: what PostgREST would answer
 * (status, body, headers), the SQL each sync function is called with, the JWT and limit checks, the
 * records refused in place, and how the database is opened, retried and closed. Fast: no PGlite, no
 * PostgreSQL (tests/db/rest.test.ts runs the same server on both).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signJwt } from '../../server/auth/jwt.ts';
import { RateLimiter } from '../../server/auth/ratelimit.ts';
import {
  DbError,
  migrate,
  openPglite,
  openPostgres,
  type DbTiming,
  type SyncDatabase,
} from '../../server/data/database.ts';
import { registerRest, REST_BODY_LIMIT, type RestOptions } from '../../server/data/rest.ts';

vi.mock('../../server/data/database.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/data/database.ts')>();
  return { ...real, openPglite: vi.fn(), openPostgres: vi.fn(), migrate: vi.fn() };
});

const SECRET = 'a unit test secret that is long enough for HS256';
const USER = '11111111-2222-4333-8444-555555555555';
const token = (claims: Record<string, unknown> = {}) =>
  signJwt({ sub: USER, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600, ...claims }, SECRET);

const ROLE_QUERY = 'select rolsuper, rolbypassrls from pg_roles where rolname = current_user';
const FUNCTIONS_QUERY = "select to_regprocedure('public.sync_push(jsonb)') is not null as ok";

type Row = Record<string, unknown>;
interface FakeDb extends SyncDatabase {
  runAs: ReturnType<typeof vi.fn<SyncDatabase['runAs']>>;
  close: ReturnType<typeof vi.fn<() => Promise<void>>>;
  admin: {
    exec: ReturnType<typeof vi.fn<SyncDatabase['admin']['exec']>>;
    query: ReturnType<typeof vi.fn<SyncDatabase['admin']['query']>>;
  };
}
function fakeDb(
  kind: 'pglite' | 'postgres' = 'pglite',
  runAs: SyncDatabase['runAs'] = async () => [{ result: '"done"' }],
  role: Row = { rolsuper: false, rolbypassrls: false },
  functions: Row = { ok: true },
): FakeDb {
  return {
    kind,
    runAs: vi.fn(runAs),
    admin: {
      exec: vi.fn(async () => undefined),
      query: vi.fn(async (sql: string) => {
        if (sql === ROLE_QUERY) return [role];
        if (sql === FUNCTIONS_QUERY) return [functions];
        throw new Error(`unexpected query ${sql}`);
      }),
    },
    close: vi.fn(async () => undefined),
  } as unknown as FakeDb;
}

/** runAs's out-parameter where the database's part of a call's time is noted (the Server-Timing header). */
const TIMING = expect.any(Object);

let logs: Row[] = [];
const errorsLogged = () => logs.filter((l) => l.level === 50).map((l) => l.msg);
/** The error each error line logged carries (its message). */
const errorsCarried = () =>
  logs.filter((l) => l.level === 50).map((l) => (l.err as { message?: string } | undefined)?.message);
let app: FastifyInstance;
let db: FakeDb;

async function start(options: Partial<RestOptions> = {}, database: FakeDb = fakeDb()) {
  db = database;
  vi.mocked(openPglite).mockImplementation(async () => db as never);
  vi.mocked(openPostgres).mockImplementation(() => db);
  vi.mocked(migrate).mockImplementation(async () => []);
  logs = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line) as Row);
      done();
    },
  });
  app = Fastify({ logger: { level: 'info', stream } });
  const rest = await registerRest(app, { secret: SECRET, dataDir: '/data', rateLimit: false, ...options });
  await app.ready();
  return rest;
}

const post = (name: string, body?: unknown, headers: Record<string, string> = { authorization: `Bearer ${token()}` }) =>
  app.inject({
    method: 'POST',
    url: `/rest/v1/rpc/${name}`,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });

beforeEach(() => {
  vi.mocked(openPglite).mockReset();
  vi.mocked(openPostgres).mockReset();
  vi.mocked(migrate).mockReset();
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await app?.close();
});

const pgrstHeaders = (res: { headers: Record<string, unknown> }) => {
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
};

describe('the functions the app calls, as PostgREST calls them', () => {
  it.each([
    ['sync_push', { changes: [] }, 'select public.sync_push(changes => $1::jsonb)::text as result', ['[]']],
    [
      'sync_push_many',
      { changes: [{ a: 1 }] },
      'select public.sync_push_many(changes => $1::jsonb)::text as result',
      ['[{"a":1}]'],
    ],
    [
      'sync_pull',
      { since: 5, max_rows: 10 },
      'select public.sync_pull(since => $1::bigint, max_rows => $2::integer)::text as result',
      ['5', '10'],
    ],
    ['sync_pull', { since: null }, 'select public.sync_pull(since => $1::bigint)::text as result', [null]],
    ['sync_pull', {}, 'select public.sync_pull()::text as result', []],
    ['sync_summary', {}, 'select public.sync_summary()::text as result', []],
    [
      'sync_event_summaries',
      { before_date: '2026-01-01', search: 'gala', max_rows: 20, event_ids: ['e1', 'e2'] },
      'select public.sync_event_summaries(before_date => $1::text, search => $2::text, max_rows => $3::integer, event_ids => $4::jsonb)::text as result',
      ['2026-01-01', 'gala', '20', '["e1","e2"]'],
    ],
    ['sync_event_summaries', {}, 'select public.sync_event_summaries()::text as result', []],
    [
      'sync_event_records',
      { event_id: 'e1' },
      'select public.sync_event_records(event_id => $1::text)::text as result',
      ['e1'],
    ],
    [
      'take_document_number',
      { kind: 'invoice', year: 2026, last_known: 7 },
      'select public.take_document_number(kind => $1::text, year => $2::integer, last_known => $3::integer)::text as result',
      ['invoice', '2026', '7'],
    ],
    [
      'take_document_number',
      { year: 2026, kind: 'quote' },
      'select public.take_document_number(kind => $1::text, year => $2::integer)::text as result',
      ['quote', '2026'],
    ],
    [
      'take_document_revision',
      { kind: 'invoice', year: 2026, sequence: 1, last_known: 3 },
      'select public.take_document_revision(kind => $1::text, year => $2::integer, sequence => $3::integer, last_known => $4::integer)::text as result',
      ['invoice', '2026', '1', '3'],
    ],
  ])('%s %j', async (name, body, sql, params) => {
    await start();
    const res = await post(name, body);
    expect(res.statusCode).toBe(200);
    pgrstHeaders(res);
    expect(res.body).toBe('"done"');
    expect(db.runAs).toHaveBeenCalledTimes(1);
    expect(db.runAs).toHaveBeenCalledWith('authenticated', expect.objectContaining({ sub: USER }), sql, params, TIMING);
  });

  it('answers the function’s value as the JSON text the database wrote, and null when it gives no row', async () => {
    const rows: Row[][] = [[{ result: '{"changes": [1, 2], "cursor": "9"}' }], []];
    await start(
      {},
      fakeDb('pglite', async () => rows.shift()!),
    );
    expect((await post('sync_pull', {})).body).toBe('{"changes": [1, 2], "cursor": "9"}');
    const empty = await post('sync_pull', {});
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe('null');
  });

  it('a list a function answers is sent as it is (only pushes have records refused in place)', async () => {
    await start(
      {},
      fakeDb('pglite', async () => [{ result: '[{"event_id": "e1"}, {"event_id": "e2"}]' }]),
    );
    for (const [name, body] of [
      ['sync_event_summaries', {}],
      ['sync_event_records', { event_id: 'e1' }],
      ['sync_push', { changes: [] }],
    ] as const)
      expect((await post(name, body)).json()).toEqual([{ event_id: 'e1' }, { event_id: 'e2' }]);
  });

  it('a call without a body is a call without arguments', async () => {
    await start();
    const res = await post('sync_summary');
    expect(res.statusCode).toBe(200);
    expect(db.runAs).toHaveBeenCalledWith(
      'authenticated',
      expect.anything(),
      'select public.sync_summary()::text as result',
      [],
      TIMING,
    );
  });

  it.each([
    ['sync_push', {}, 'public.sync_push()', 'none', 'public.sync_push(changes)'],
    ['sync_event_records', {}, 'public.sync_event_records()', 'none', 'public.sync_event_records(event_id)'],
    [
      'take_document_number',
      { kind: 'quote' },
      'public.take_document_number(kind)',
      'kind',
      'public.take_document_number(kind, year, last_known)',
    ],
    [
      'take_document_number',
      { year: 2026 },
      'public.take_document_number(year)',
      'year',
      'public.take_document_number(kind, year, last_known)',
    ],
    [
      'sync_pull',
      { since: 1, bogus: 2 },
      'public.sync_pull(since, bogus)',
      'since, bogus',
      'public.sync_pull(since, max_rows)',
    ],
    ['sync_summary', { since: 1 }, 'public.sync_summary(since)', 'since', 'public.sync_summary()'],
    ['sync_push_many', {}, 'public.sync_push_many()', 'none', 'public.sync_push_many(changes)'],
    ...(['kind', 'year', 'sequence'] as const).map((missing) => {
      const args: Record<string, unknown> = { kind: 'invoice', year: 2026, sequence: 12 };
      delete args[missing];
      const names = Object.keys(args).join(', ');
      return [
        'take_document_revision',
        args,
        `public.take_document_revision(${names})`,
        names,
        'public.take_document_revision(kind, year, sequence, last_known)',
      ] as [string, Record<string, unknown>, string, string, string];
    }),
  ])('%s %j: no such function (PGRST202), with the one meant', async (name, body, called, given, meant) => {
    await start();
    const res = await post(name, body);
    expect(res.statusCode).toBe(404);
    pgrstHeaders(res);
    expect(res.json()).toEqual({
      code: 'PGRST202',
      message: `Could not find the function ${called} in the schema cache`,
      details: `Searched for the function public.${name} with parameters ${given}`,
      hint: `Perhaps you meant to call the function ${meant}`,
    });
    expect(db.runAs).not.toHaveBeenCalled();
  });

  it.each(['nope', 'toString', '__proto__', 'hasOwnProperty'])('%s is no function of this server', async (name) => {
    await start();
    const res = await post(name, {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'PGRST202',
      message: `Could not find the function public.${name}() in the schema cache`,
      details: `Searched for the function public.${name} with parameters none`,
      hint: null,
    });
  });

  it.each([['[]'], ['"text"'], ['5'], ['true']])('arguments %s that are no JSON object: 400', async (body) => {
    await start();
    const res = await post('sync_summary', body);
    expect(res.statusCode).toBe(400);
    pgrstHeaders(res);
    expect(res.json()).toEqual({
      code: 'PGRST102',
      message: 'The arguments must be a JSON object of named arguments',
      details: null,
      hint: null,
    });
    expect(db.runAs).not.toHaveBeenCalled();
  });
});

describe('the JWT', () => {
  it('is taken from Authorization: Bearer (any case, any spacing), else from the apikey', async () => {
    await start();
    const anon = signJwt({ role: 'anon' }, SECRET);
    for (const authorization of [`Bearer ${token()}`, `bearer ${token()}`, `BEARER  ${token()}`]) {
      expect((await post('sync_summary', {}, { authorization, apikey: anon })).statusCode).toBe(200);
      expect(db.runAs).toHaveBeenLastCalledWith('authenticated', expect.anything(), expect.any(String), [], TIMING);
    }
    // Not a Bearer header as PostgREST reads it: the apikey's role.
    for (const authorization of [`Bearer ${token()} x`, `XBearer ${token()}`, `Basic ${token()}`, `Bearer${token()}`]) {
      expect((await post('sync_summary', {}, { authorization, apikey: anon })).statusCode).toBe(200);
      expect(db.runAs).toHaveBeenLastCalledWith('anon', { role: 'anon' }, expect.any(String), [], TIMING);
    }
    expect((await post('sync_summary', {}, { apikey: token() })).statusCode).toBe(200);
    expect(db.runAs).toHaveBeenLastCalledWith(
      'authenticated',
      expect.objectContaining({ sub: USER }),
      expect.any(String),
      [],
      TIMING,
    );
  });

  it('none at all: 401 PGRST302, WWW-Authenticate: Bearer', async () => {
    await start();
    for (const headers of [{}, { authorization: 'Bearer' }, { authorization: 'Basic abc' }] as Record<
      string,
      string
    >[]) {
      const res = await post('sync_summary', {}, headers);
      expect(res.statusCode).toBe(401);
      pgrstHeaders(res);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toEqual({
        code: 'PGRST302',
        message: 'Anonymous access is disabled: send the JWT in Authorization: Bearer',
        details: null,
        hint: null,
      });
    }
    expect(db.runAs).not.toHaveBeenCalled();
  });

  it('not valid: 401 PGRST301 saying why; expired: 401 PGRST303', async () => {
    await start();
    const bad = await post(
      'sync_summary',
      {},
      { authorization: `Bearer ${signJwt({ role: 'anon' }, 'another secret')}` },
    );
    expect(bad.statusCode).toBe(401);
    pgrstHeaders(bad);
    expect(bad.headers['www-authenticate']).toBe('Bearer error="invalid_token", error_description="JWT invalid"');
    expect(bad.json()).toEqual({
      code: 'PGRST301',
      message: 'JWT is not valid: signature is invalid',
      details: null,
      hint: null,
    });
    const expired = await post('sync_summary', {}, { authorization: `Bearer ${token({ exp: 1000 })}` });
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['www-authenticate']).toBe('Bearer error="invalid_token", error_description="JWT expired"');
    expect(expired.json()).toEqual({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null });
    expect(db.runAs).not.toHaveBeenCalled();
  });

  it.each([['service_role'], ['postgres'], [undefined]])('role %s: 401', async (role) => {
    await start();
    const res = await post('sync_summary', {}, { authorization: `Bearer ${token({ role })}` });
    expect(res.statusCode).toBe(401);
    pgrstHeaders(res);
    expect(res.json()).toEqual({
      code: 'PGRST301',
      message: `JWT role "${String(role)}" is not allowed here`,
      details: null,
      hint: null,
    });
    expect(db.runAs).not.toHaveBeenCalled();
  });
});

describe('errors of the database, in PostgREST’s shape', () => {
  const failing = (e: unknown) =>
    fakeDb('pglite', async () => {
      throw e;
    });

  it('an SQL error: its status, code, message, detail and hint', async () => {
    await start({}, failing(new DbError('record too large', '22001', 'id x', 'smaller')));
    const res = await post('sync_push', { changes: [] });
    expect(res.statusCode).toBe(400);
    pgrstHeaders(res);
    expect(res.json()).toEqual({ code: '22001', message: 'record too large', details: 'id x', hint: 'smaller' });
    expect(errorsLogged()).toEqual([]);
  });

  it('insufficient privilege is 401 for the anon role, 403 for an account', async () => {
    await start({}, failing(new DbError('permission denied', '42501', null, null)));
    const anon = await post('sync_summary', {}, { apikey: signJwt({ role: 'anon', sub: USER }, SECRET) });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ code: '42501', message: 'permission denied', details: null, hint: null });
    expect((await post('sync_summary', {})).statusCode).toBe(403);
  });

  it('a server-side SQL error is logged; one without a code is XX000', async () => {
    await start({}, failing(new DbError('internal', null, null, null)));
    const res = await post('sync_summary', {});
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'XX000', message: 'internal', details: null, hint: null });
    expect(errorsLogged()).toEqual(['rpc failed']);
    expect(errorsCarried()).toEqual(['internal']);
  });

  it('an error at exactly 500 is logged too, and one at 503', async () => {
    await start({}, failing(new DbError('crashed', 'XX001', null, null)));
    expect((await post('sync_summary', {})).statusCode).toBe(500);
    expect(errorsLogged()).toEqual(['rpc failed']);
  });

  it('a lost database: 503 with Retry-After, logged, and the next call opens it again', async () => {
    const lost = failing(new Error('Connection terminated'));
    await start({}, lost);
    const res = await post('sync_summary', {});
    expect(res.statusCode).toBe(503);
    pgrstHeaders(res);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      code: 'PGRST000',
      message: 'The account database is not available, please try again',
      details: null,
      hint: null,
    });
    expect(errorsLogged()).toEqual(['rpc failed']);
    expect(errorsCarried()).toEqual(['Connection terminated']);
    await vi.waitFor(() => expect(lost.close).toHaveBeenCalledTimes(1));
    db = fakeDb();
    expect((await post('sync_summary', {})).statusCode).toBe(200);
    expect(openPglite).toHaveBeenCalledTimes(2);
    expect(lost.close).toHaveBeenCalledTimes(1);
  });

  it('a failed call on a database already replaced leaves the new one open', async () => {
    let release: () => void = () => undefined;
    const slow = fakeDb('pglite', async () => {
      await new Promise<void>((r) => (release = r));
      throw new Error('worker died');
    });
    await start({}, slow);
    const first = post('sync_summary', {});
    await vi.waitFor(() => expect(slow.runAs).toHaveBeenCalled());
    // Meanwhile another call lost the database and a third opened a new one.
    const replacement = fakeDb();
    slow.runAs.mockRejectedValueOnce(new Error('gone'));
    expect((await post('sync_summary', {})).statusCode).toBe(503);
    db = replacement;
    expect((await post('sync_summary', {})).statusCode).toBe(200);
    release();
    expect((await first).statusCode).toBe(503);
    expect((await post('sync_summary', {})).statusCode).toBe(200);
    expect(openPglite).toHaveBeenCalledTimes(2);
    expect(replacement.close).not.toHaveBeenCalled();
  });
});

describe('pushed records the app could not read back', () => {
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

  it('are refused in place; the rest go to the database in order', async () => {
    await start(
      {},
      fakeDb('pglite', async (_r, _c, _s, params) => [
        {
          result: JSON.stringify(
            (JSON.parse(String(params![0])) as unknown[]).map((_c, i) => ({ status: 'applied', n: i })),
          ),
        },
      ]),
    );
    const good1 = { collection: 'inventoryItems', client_change_id: 'c1', record_id: 'a', record: item('a') };
    const bad = { collection: 'inventoryItems', client_change_id: 'c2', record_id: 'b', record: { id: 'b' } };
    const deleted = { collection: 'inventoryItems', client_change_id: 'c3', record_id: 'd', deleted: true, record: {} };
    const badNoText = { collection: 'inventoryItems', client_change_id: 4, record_id: 5, record: { id: 5 } };
    const res = await post('sync_push', { changes: [good1, bad, null, deleted, badNoText, 7] });
    expect(res.statusCode).toBe(200);
    const sent = JSON.parse(String(db.runAs.mock.calls[0]![3]![0])) as unknown[];
    expect(sent).toEqual([good1, null, deleted, 7]);
    const answer = res.json() as Row[];
    expect(answer).toHaveLength(6);
    expect(answer[0]).toEqual({ status: 'applied', n: 0 });
    expect(answer[1]).toEqual({
      status: 'rejected',
      client_change_id: 'c2',
      collection: 'inventoryItems',
      record_id: 'b',
      error: { code: 'bad_record', message: expect.stringMatching(/./) },
    });
    expect(answer[2]).toEqual({ status: 'applied', n: 1 });
    expect(answer[3]).toEqual({ status: 'applied', n: 2 });
    expect(answer[4]).toEqual({
      status: 'rejected',
      client_change_id: null,
      collection: 'inventoryItems',
      record_id: null,
      error: { code: 'bad_record', message: expect.stringMatching(/./) },
    });
    expect(answer[5]).toEqual({ status: 'applied', n: 3 });
  });

  it('a push of many (sync_push_many) has its records refused in place too', async () => {
    await start(
      {},
      fakeDb('pglite', async (_r, _c, _s, params) => [
        {
          result: JSON.stringify(
            (JSON.parse(String(params![0])) as unknown[]).map((_c, i) => ({ status: 'applied', n: i })),
          ),
        },
      ]),
    );
    const good = { collection: 'inventoryItems', client_change_id: 'c1', record_id: 'a', record: item('a') };
    const bad = { collection: 'inventoryItems', client_change_id: 'c2', record_id: 'b', record: { id: 'b' } };
    const res = await post('sync_push_many', { changes: [bad, good] });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(String(db.runAs.mock.calls[0]![3]![0]))).toEqual([good]);
    expect(res.json()).toEqual([
      {
        status: 'rejected',
        client_change_id: 'c2',
        collection: 'inventoryItems',
        record_id: 'b',
        error: { code: 'bad_record', message: expect.stringMatching(/^inventoryItems record does not match/) },
      },
      { status: 'applied', n: 0 },
    ]);
  });

  it('a push with every record readable goes as it came; changes that are not a list go to the database as they are', async () => {
    await start(
      {},
      fakeDb('pglite', async () => [{ result: '{"refused": "whole"}' }]),
    );
    const changes = [{ collection: 'inventoryItems', client_change_id: 'c1', record_id: 'a', record: item('a') }];
    expect((await post('sync_push', { changes })).json()).toEqual({ refused: 'whole' });
    expect(db.runAs.mock.calls[0]![3]).toEqual([JSON.stringify(changes)]);
    expect((await post('sync_push', { changes: { a: 1 } })).statusCode).toBe(200);
    expect(db.runAs.mock.calls[1]![3]).toEqual(['{"a":1}']);
  });

  it('when the database answers no list, its answer is kept as it is', async () => {
    await start(
      {},
      fakeDb('pglite', async () => [{ result: '{"error": "not a list"}' }]),
    );
    const bad = { collection: 'inventoryItems', client_change_id: 'c2', record_id: 'b', record: { id: 'b' } };
    const res = await post('sync_push', { changes: [bad] });
    expect(res.json()).toEqual({ error: 'not a list' });
    expect(db.runAs.mock.calls[0]![3]).toEqual(['[]']);
  });
});

describe('accounts that may not push, and the limit per account', () => {
  it('the demo account may read but not write', async () => {
    const isReadOnly = vi.fn((claims: Record<string, unknown>) => claims.sub === USER);
    await start({ isReadOnly });
    for (const [name, body] of [
      ['sync_push', { changes: [] }],
      ['sync_push_many', { changes: [] }],
      ['take_document_number', { kind: 'quote', year: 2026 }],
      ['take_document_revision', { kind: 'quote', year: 2026, sequence: 1 }],
    ] as const) {
      const res = await post(name, body);
      expect(res.statusCode).toBe(403);
      pgrstHeaders(res);
      expect(res.json()).toEqual({
        code: '42501',
        message: 'The demo account does not sync: its password is public',
        details: null,
        hint: 'Sign up for an account of your own to keep your data',
      });
    }
    expect(db.runAs).not.toHaveBeenCalled();
    for (const [name, body] of [
      ['sync_pull', {}],
      ['sync_summary', {}],
      ['sync_event_summaries', {}],
      ['sync_event_records', { event_id: 'e' }],
    ] as const)
      expect((await post(name, body)).statusCode).toBe(200);
    // The anon role is never an account (its pushes meet row-level security instead).
    expect(
      (await post('sync_push', { changes: [] }, { apikey: signJwt({ role: 'anon', sub: USER }, SECRET) })).statusCode,
    ).toBe(200);
    expect(isReadOnly).toHaveBeenCalledWith(expect.objectContaining({ sub: USER, role: 'authenticated' }));
  });

  it('without isReadOnly every account pushes', async () => {
    await start();
    expect((await post('sync_push', { changes: [] })).statusCode).toBe(200);
  });

  it('counts every call of an account, whatever it asks for; not the anon role, not a sub that is no text', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // no allowance refills while the calls run, however slow
    await start({ rateLimit: { burst: 2, per5min: 300 } });
    expect((await post('nope', {})).statusCode).toBe(404);
    expect((await post('sync_summary', {})).statusCode).toBe(200);
    const limited = await post('sync_summary', {});
    expect(limited.statusCode).toBe(429);
    pgrstHeaders(limited);
    expect(limited.headers['retry-after']).toBe('1');
    expect(limited.json()).toEqual({
      code: 'PGRST429',
      message: 'Too many sync requests: try again in 1 s',
      details: null,
      hint: null,
    });
    // Another account has its own allowance.
    expect((await post('sync_summary', {}, { authorization: `Bearer ${token({ sub: 'other' })}` })).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 3; i++) {
      const anon = signJwt({ role: 'anon', sub: USER }, SECRET);
      expect((await post('sync_summary', {}, { apikey: anon })).statusCode).toBe(200);
      expect((await post('sync_summary', {}, { authorization: `Bearer ${token({ sub: 42 })}` })).statusCode).toBe(200);
    }
  });

  it('by default: 60 calls at once, then one about every half second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // no allowance refills while the calls run, however slow
    await start({ rateLimit: undefined });
    for (let i = 0; i < 60; i++) expect((await post('sync_summary', {})).statusCode).toBe(200);
    const limited = await post('sync_summary', {});
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    vi.setSystemTime(Date.now() + 499);
    expect((await post('sync_summary', {})).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 1);
    expect((await post('sync_summary', {})).statusCode).toBe(200);
    expect((await post('sync_summary', {})).statusCode).toBe(429);
  });

  it('forgets full allowances every minute, and stops when the server closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const prune = vi.spyOn(RateLimiter.prototype, 'prune');
    await start();
    vi.advanceTimersByTime(59_999);
    expect(prune).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(prune).toHaveBeenCalledTimes(1);
    await app.close();
    vi.advanceTimersByTime(120_000);
    expect(prune).toHaveBeenCalledTimes(1);
  });

  it('the timer never keeps the process alive', async () => {
    const timers: NodeJS.Timeout[] = [];
    const real = globalThis.setInterval;
    vi.spyOn(globalThis, 'setInterval').mockImplementation(((fn: () => void, ms: number) => {
      const t = real(fn, ms);
      if (ms === 60_000) timers.push(t);
      return t;
    }) as typeof setInterval);
    await start();
    expect(timers).toHaveLength(1);
    expect(timers[0]!.hasRef()).toBe(false);
  });
});

describe('HTTP around the calls', () => {
  it('only POST calls a function: 405 with Allow: POST', async () => {
    await start();
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/rest/v1/rpc/sync_pull' });
      expect(res.statusCode).toBe(405);
      pgrstHeaders(res);
      expect(res.headers.allow).toBe('POST');
      expect(res.json()).toEqual({
        code: 'PGRST101',
        message: 'Only POST is supported for these functions',
        details: null,
        hint: null,
      });
    }
    const head = await app.inject({ method: 'HEAD', url: '/rest/v1/rpc/sync_pull' });
    expect(head.statusCode).toBe(405);
    expect(head.headers.allow).toBe('POST');
  });

  it('anything else under /rest/v1 is no table: 404 PGRST205', async () => {
    await start();
    for (const [url, path] of [
      ['/rest/v1/items?select=*', 'items'],
      ['/rest/v1/a/b', 'a/b'],
      ['/rest/v1/', ''],
      ['/rest/v1', ''],
      ['/rest/v1/rest/v1/x', 'rest/v1/x'],
    ]) {
      const res = await app.inject({ method: 'GET', url: url! });
      expect(res.statusCode).toBe(404);
      pgrstHeaders(res);
      expect(res.json()).toEqual({
        code: 'PGRST205',
        message: `Could not find the table 'public.${path}' in the schema cache`,
        details: null,
        hint: 'This server answers only the sync functions: POST /rest/v1/rpc/sync_push, sync_push_many, sync_pull, sync_summary, sync_event_summaries, sync_event_records, sync_event_ids, take_document_number, take_document_revision',
      });
    }
  });

  it('a body over the limit: 413 PGRST413', async () => {
    await start();
    const res = await post('sync_push', `{"changes":"${'x'.repeat(REST_BODY_LIMIT)}"}`);
    expect(res.statusCode).toBe(413);
    pgrstHeaders(res);
    expect(res.json()).toEqual({
      code: 'PGRST413',
      message: 'The request body is larger than 4194304 bytes',
      details: null,
      hint: 'Push the changes in smaller batches',
    });
    expect(REST_BODY_LIMIT).toBe(4 * 1024 * 1024);
    // Just under the limit is read.
    const under = await post('sync_push', `{"changes":"${'x'.repeat(REST_BODY_LIMIT - 20)}"}`);
    expect(under.statusCode).toBe(200);
  });

  it('a body that is not JSON: 415 or 400', async () => {
    await start();
    const text = await app.inject({
      method: 'POST',
      url: '/rest/v1/rpc/sync_pull',
      headers: { authorization: `Bearer ${token()}`, 'content-type': 'application/xml' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    pgrstHeaders(text);
    expect(text.json()).toEqual({
      code: 'PGRST107',
      message: 'The request body must be application/json',
      details: null,
      hint: null,
    });
    const broken = await post('sync_pull', '{"since":');
    expect(broken.statusCode).toBe(400);
    pgrstHeaders(broken);
    expect(broken.json()).toEqual({
      code: 'PGRST102',
      message: 'The request body is not valid JSON',
      details: null,
      hint: null,
    });
    expect(errorsLogged()).toEqual([]);
  });

  it('an answer that is not JSON text (not what the SQL asks for): 500 PGRST000, logged, the database kept', async () => {
    await start(
      {},
      fakeDb('pglite', async () => [{ result: 10n }]),
    );
    const res = await post('sync_summary', {});
    expect(res.statusCode).toBe(500);
    pgrstHeaders(res);
    expect(res.json()).toEqual({
      code: 'PGRST000',
      message: 'Unexpected failure, please try again',
      details: null,
      hint: null,
    });
    expect(errorsLogged()).toEqual(['rest request failed']);
    expect(errorsCarried()).toEqual([expect.stringContaining('not the JSON text')]);
    expect(db.close).not.toHaveBeenCalled();
  });

  it('cross-origin: only from the allowed origins; preflights get the methods and headers', async () => {
    await start({ corsOrigins: new Set(['https://app.example']) });
    const allowed = await post(
      'sync_summary',
      {},
      { authorization: `Bearer ${token()}`, origin: 'https://app.example' },
    );
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(allowed.headers.vary).toBe('Origin');
    expect(allowed.headers['access-control-expose-headers']).toBe('Retry-After');
    expect(allowed.headers['access-control-allow-methods']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/rest/v1/rpc/sync_push',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(preflight.headers['access-control-allow-methods']).toBe('POST, OPTIONS');
    expect(preflight.headers['access-control-allow-headers']).toBe(
      'apikey, Authorization, Content-Type, Content-Profile, Accept-Profile, Prefer, X-Client-Info',
    );
    expect(preflight.headers['access-control-max-age']).toBe('86400');
    for (const headers of [{ origin: 'https://evil.example' }, {}]) {
      const other = await app.inject({ method: 'OPTIONS', url: '/rest/v1/rpc/sync_push', headers });
      expect(other.statusCode).toBe(204);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      expect(other.headers['access-control-allow-methods']).toBeUndefined();
      expect(other.headers.vary).toBeUndefined();
    }
  });

  it('no allowed origins configured: no CORS headers, the call still answered', async () => {
    await start();
    const res = await post('sync_summary', {}, { authorization: `Bearer ${token()}`, origin: 'https://app.example' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('opening the database', () => {
  it('the embedded one in DATA_DIR/pg, from the template, migrated, on the first call only', async () => {
    const rest = await start({ pgliteTemplate: '/template' });
    expect(openPglite).not.toHaveBeenCalled();
    expect((await post('sync_summary', {})).statusCode).toBe(200);
    expect((await post('sync_summary', {})).statusCode).toBe(200);
    expect(openPglite).toHaveBeenCalledTimes(1);
    expect(openPglite).toHaveBeenCalledWith('/data/pg', { templateDir: '/template' });
    expect(migrate).toHaveBeenCalledWith(db);
    expect(openPostgres).not.toHaveBeenCalled();
    expect(await rest.database()).toBe(db);
  });

  it('with DB_OPEN=start it opens when the server is ready', async () => {
    await start({ open: 'start' });
    await vi.waitFor(() => expect(migrate).toHaveBeenCalledTimes(1));
    expect(openPglite).toHaveBeenCalledTimes(1);
  });

  it('with DB_OPEN=start it warms the push path up before the first call: a first upload rehearsed, rolled back', async () => {
    const database = fakeDb();
    const rehearse = vi.fn(async () => undefined);
    Object.assign(database, { rehearse });
    const rest = await start({ open: 'start' }, database);
    expect(await rest.database()).toBe(database);
    expect(rehearse).toHaveBeenCalledTimes(1);
    const [role, claims, statements] = rehearse.mock.calls[0] as unknown as [
      string,
      Row,
      { sql: string; params: string[] }[],
    ];
    expect(role).toBe('authenticated');
    expect(claims).toMatchObject({ role: 'authenticated', sub: expect.any(String) });
    expect(statements.map((s) => s.sql)).toEqual([
      'select public.sync_push_many(changes => $1::jsonb)::text as result',
      'select public.sync_push_many(changes => $1::jsonb)::text as result',
      'select public.sync_pull(since => $1::bigint, max_rows => $2::integer)::text as result',
    ]);
    expect(JSON.parse(statements[0]!.params[0]!)).toHaveLength(2000);
    expect(logs.some((l) => l.msg === 'the account database is warmed up')).toBe(true);
  });

  it('a failed warm-up is logged and the database opens all the same; opened lazily, no warm-up', async () => {
    const database = fakeDb();
    Object.assign(database, { rehearse: vi.fn(async () => Promise.reject(new Error('no'))) });
    const rest = await start({ open: 'start' }, database);
    expect(await rest.database()).toBe(database);
    expect(logs.some((l) => l.msg === 'the account database warm-up failed')).toBe(true);
    const lazy = fakeDb();
    const rehearse = vi.fn(async () => undefined);
    Object.assign(lazy, { rehearse });
    await app.close();
    await start({}, lazy);
    expect((await post('sync_summary', {})).statusCode).toBe(200);
    expect(rehearse).not.toHaveBeenCalled();
  });

  it('answers a Server-Timing header: body read, record checks, the database call, the answer', async () => {
    await start();
    const res = await post('sync_push', { changes: [] });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['server-timing'])).toMatch(
      /^read;dur=[\d.]+, check;dur=[\d.]+, db;dur=[\d.]+, answer;dur=[\d.]+$/,
    );
  });

  it('Server-Timing: the worker’s wall and CPU time when the database gives them; each figure of the server within the call’s own time', async () => {
    const fromWorker: DbTiming[] = [
      { workerMs: 12.5, workerCpuMs: 10 },
      { workerMs: 3, workerCpuMs: null },
    ];
    await start(
      {},
      fakeDb('pglite', async (_r, _c, _s, _p, timing) => {
        Object.assign(timing!, fromWorker.shift());
        return [{ result: '"done"' }];
      }),
    );
    const before = performance.now();
    const first = await post('sync_push', { changes: [] });
    const took = performance.now() - before;
    const header = String(first.headers['server-timing']);
    expect(header).toMatch(
      /^read;dur=[\d.]+, check;dur=[\d.]+, db;dur=[\d.]+, worker;dur=12\.5, worker-cpu;dur=10\.0, answer;dur=[\d.]+$/,
    );
    for (const [, name, ms] of header.matchAll(/([a-z-]+);dur=([\d.]+)/g))
      if (!name!.startsWith('worker')) expect(Number(ms), name).toBeLessThanOrEqual(took + 0.1);
    // The thread's CPU time unread: left out, not a figure.
    expect(String((await post('sync_pull', {})).headers['server-timing'])).toMatch(
      /^read;dur=[\d.]+, check;dur=[\d.]+, db;dur=[\d.]+, worker;dur=3\.0, answer;dur=[\d.]+$/,
    );
  });

  it('the warm-up at open logs how long it took, or the error it failed with', async () => {
    const before = performance.now();
    const warmed = fakeDb();
    Object.assign(warmed, { rehearse: vi.fn(async () => undefined) });
    await (await start({ open: 'start' }, warmed)).database();
    const took = performance.now() - before;
    const done = logs.find((l) => l.msg === 'the account database is warmed up');
    expect(done?.ms).toEqual(expect.any(Number));
    expect(done!.ms as number).toBeGreaterThanOrEqual(0);
    expect(done!.ms as number).toBeLessThanOrEqual(Math.ceil(took));
    await app.close();
    const failing = fakeDb();
    Object.assign(failing, { rehearse: vi.fn(async () => Promise.reject(new Error('the rehearsal broke'))) });
    await (await start({ open: 'start' }, failing)).database();
    const failed = logs.find((l) => l.msg === 'the account database warm-up failed');
    expect((failed?.err as { message?: string } | undefined)?.message).toBe('the rehearsal broke');
  });

  it('a failed open: 503, logged, the database closed, and the next call tries again', async () => {
    await start();
    vi.mocked(migrate).mockRejectedValueOnce(new Error('migration 3 failed'));
    const res = await post('sync_summary', {});
    expect(res.statusCode).toBe(503);
    pgrstHeaders(res);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      code: 'PGRST000',
      message: 'The account database is not available, please try again',
      details: null,
      hint: null,
    });
    expect(db.close).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(errorsLogged()).toEqual(['the account database could not be opened']));
    expect(logs.find((l) => l.level === 50)!.err).toMatchObject({ message: 'migration 3 failed' });
    expect((await post('sync_summary', {})).statusCode).toBe(200);
    expect(openPglite).toHaveBeenCalledTimes(2);
  });

  it('DATABASE_URL: that database, checked, not migrated without DATABASE_MIGRATE_URL', async () => {
    await start({ databaseUrl: 'postgres://authenticator@db/app' }, fakeDb('postgres'));
    expect((await post('sync_summary', {})).statusCode).toBe(200);
    expect(openPostgres).toHaveBeenCalledTimes(1);
    expect(openPostgres).toHaveBeenCalledWith('postgres://authenticator@db/app');
    expect(db.admin.query).toHaveBeenCalledWith(ROLE_QUERY);
    expect(db.admin.query).toHaveBeenCalledWith(FUNCTIONS_QUERY);
    expect(migrate).not.toHaveBeenCalled();
    expect(openPglite).not.toHaveBeenCalled();
    expect(db.close).not.toHaveBeenCalled();
  });

  it('DATABASE_MIGRATE_URL: migrated first with one connection as the owner, which is closed after', async () => {
    const owner = fakeDb('postgres');
    const app_ = fakeDb('postgres');
    await start(
      { databaseUrl: 'postgres://authenticator@db/app', databaseMigrateUrl: 'postgres://owner@db/app' },
      app_,
    );
    vi.mocked(openPostgres).mockImplementation((url) => (url === 'postgres://owner@db/app' ? owner : app_));
    vi.mocked(migrate).mockImplementation(async (d) => {
      expect(d).toBe(owner);
      expect(owner.close).not.toHaveBeenCalled();
      return [];
    });
    expect((await post('sync_summary', {})).statusCode).toBe(200);
    expect(openPostgres).toHaveBeenNthCalledWith(1, 'postgres://owner@db/app', { max: 1 });
    expect(openPostgres).toHaveBeenNthCalledWith(2, 'postgres://authenticator@db/app');
    expect(migrate).toHaveBeenCalledTimes(1);
    expect(owner.close).toHaveBeenCalledTimes(1);
    expect(app_.runAs).toHaveBeenCalledTimes(1);
  });

  it('a failed migration still closes the owner’s connection', async () => {
    const owner = fakeDb('postgres');
    await start({ databaseUrl: 'postgres://a@db/app', databaseMigrateUrl: 'postgres://owner@db/app' });
    vi.mocked(openPostgres).mockImplementation((url) => (url === 'postgres://owner@db/app' ? owner : db));
    vi.mocked(migrate).mockRejectedValue(new Error('no'));
    expect((await post('sync_summary', {})).statusCode).toBe(503);
    expect(owner.close).toHaveBeenCalledTimes(1);
    expect(db.runAs).not.toHaveBeenCalled();
  });

  it.each([[{ rolsuper: true, rolbypassrls: false }], [{ rolsuper: false, rolbypassrls: true }]])(
    'a DATABASE_URL role %j is refused (row-level security would not apply)',
    async (role) => {
      await start({ databaseUrl: 'postgres://postgres@db/app' }, fakeDb('postgres', undefined, role));
      expect((await post('sync_summary', {})).statusCode).toBe(503);
      expect(db.close).toHaveBeenCalledTimes(1);
      expect(db.runAs).not.toHaveBeenCalled();
      await vi.waitFor(() => expect(errorsLogged()).toEqual(['the account database could not be opened']));
      expect(logs.find((l) => l.level === 50)!.err).toMatchObject({
        message:
          'DATABASE_URL must name a role that is neither a superuser nor BYPASSRLS (e.g. authenticator), so row-level security applies',
      });
    },
  );

  it.each([[{ ok: false }], [undefined]])(
    'a DATABASE_URL without the sync functions (%j) is refused',
    async (found) => {
      const database = fakeDb('postgres', undefined, undefined, { ok: false });
      if (found === undefined)
        database.admin.query.mockImplementation(async (sql: string) =>
          sql === ROLE_QUERY ? [{ rolsuper: false, rolbypassrls: false }] : [],
        );
      await start({ databaseUrl: 'postgres://a@db/app' }, database);
      expect((await post('sync_summary', {})).statusCode).toBe(503);
      expect(db.close).toHaveBeenCalledTimes(1);
      expect(db.runAs).not.toHaveBeenCalled();
      await vi.waitFor(() => expect(errorsLogged()).toEqual(['the account database could not be opened']));
      expect(logs.find((l) => l.level === 50)!.err).toMatchObject({
        message:
          'The sync functions are missing in DATABASE_URL: apply supabase/migrations (npx tsx scripts/db.ts migrate)',
      });
    },
  );
});

describe('closing', () => {
  it('closes the open database, and opens none after', async () => {
    const rest = await start();
    expect((await post('sync_summary', {})).statusCode).toBe(200);
    await app.close();
    expect(db.close).toHaveBeenCalledTimes(1);
    await expect(rest.database()).rejects.toThrow('closing');
    expect(openPglite).toHaveBeenCalledTimes(1);
  });

  it('closes a database still opening once it is open; one that fails to open is fine', async () => {
    let open: (d: FakeDb) => void = () => undefined;
    const rest = await start();
    vi.mocked(openPglite).mockImplementation(() => new Promise((r) => (open = r as never)));
    const opening = rest.database();
    await vi.waitFor(() => expect(openPglite).toHaveBeenCalled());
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 50)); // the close hook now waits for the open
    expect(db.close).not.toHaveBeenCalled();
    open(db);
    await closing;
    await opening;
    expect(db.close).toHaveBeenCalledTimes(1);
  });

  it('a database that fails to open while closing does not stop the close', async () => {
    let fail: (e: Error) => void = () => undefined;
    const rest = await start();
    vi.mocked(openPglite).mockImplementation(() => new Promise((_r, j) => (fail = j)));
    const opening = rest.database();
    await vi.waitFor(() => expect(openPglite).toHaveBeenCalled());
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 50)); // the close hook now waits for the open
    fail(new Error('initdb failed'));
    await expect(closing).resolves.toBeUndefined();
    await expect(opening).rejects.toThrow('initdb failed');
  });

  it('nothing opened: nothing to close', async () => {
    await start();
    await app.close();
    expect(openPglite).not.toHaveBeenCalled();
  });
});
