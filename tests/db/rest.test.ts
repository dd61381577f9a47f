/**
 * /rest/v1 on the embedded server (server/data/rest.ts): supabase-js `rpc()` against the real app, with
 * PostgREST's answers and errors, the checks of pushed records, the limits, the lazily opened database,
 * and the same server on a PostgreSQL 15 named by DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/auth/index.ts';
import { signJwt } from '../../server/auth/jwt.ts';
import { client, makeDirs, NO_LIMITS, uniqueEmail } from '../server/helpers.ts';
import { openPostgres } from '../../server/data/database.ts';
import { pgliteTemplate, startPostgres, type PgCluster } from './support.ts';

const SECRET = 'a test secret that is long enough for HS256 signing';

async function start(data: AppOptions['data'], auth: Partial<AppOptions['auth']> = {}) {
  const dirs = makeDirs();
  const app = await buildApp({
    distDir: dirs.distDir,
    auth: {
      dataDir: dirs.dataDir,
      env: {},
      jwtSecret: SECRET,
      rateLimits: NO_LIMITS,
      log: () => undefined,
      demoUser: false,
      ...auth,
    },
    data,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  const { supabaseAnonKey: anonKey } = (await (await fetch(`${url}/config.json`)).json()) as {
    supabaseAnonKey: string;
  };
  return {
    app,
    url,
    anonKey,
    dataDir: dirs.dataDir,
    async close() {
      await app.close();
      dirs.cleanup();
    },
  };
}
type Server = Awaited<ReturnType<typeof start>>;

const tokenFor = (sub: string, extra: Record<string, unknown> = {}) =>
  signJwt(
    { sub, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600, ...extra },
    SECRET,
  );
const rpc = (server: Server, name: string, body: unknown, token?: string, init: RequestInit = {}) =>
  fetch(`${server.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
const item = (id: string, name = `Item ${id}`) => ({
  id,
  name,
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
const change = (fields: Record<string, unknown>) => ({
  collection: 'inventoryItems',
  base_rev: null,
  client_change_id: randomUUID(),
  ...fields,
});

describe('/rest/v1 on the embedded database', () => {
  let server: Server;
  let template: string;
  beforeAll(async () => {
    template = await pgliteTemplate();
    server = await start({ pgliteTemplate: template, rateLimit: false });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  // The first test: this server's database is not open yet.
  it('does not open the database until a /rest/v1 request, and auth answers while it opens', async () => {
    expect(existsSync(join(server.dataDir, 'pg'))).toBe(false);
    const order: string[] = [];
    const first = rpc(server, 'sync_pull', {}, tokenFor(randomUUID())).then(async (res) => {
      order.push('rpc');
      return res;
    });
    await new Promise((r) => setTimeout(r, 50));
    const health = await fetch(`${server.url}/auth/v1/health`, { headers: { apikey: server.anonKey } });
    order.push('auth');
    expect(health.status).toBe(200);
    expect((await first).status).toBe(200);
    expect(order).toEqual(['auth', 'rpc']);
    expect(existsSync(join(server.dataDir, 'pg', 'PG_VERSION'))).toBe(true);
  });

  it('answers supabase-js rpc() for a signed-in account: push, then pull', async () => {
    const supabase = client(server);
    const email = uniqueEmail('sync');
    const signUp = await supabase.auth.signUp({ email, password: 'a long enough password' });
    expect(signUp.error).toBeNull();
    const retried = change({ record_id: 'a', record: item('a') });
    const pushed = await supabase.rpc('sync_push', { changes: [retried] });
    expect(pushed.error).toBeNull();
    expect(pushed.data).toMatchObject([{ status: 'applied', record_id: 'a', rev: 1, change_seq: 1 }]);
    const pulled = await supabase.rpc('sync_pull', { since: 0, max_rows: 100 });
    expect(pulled.error).toBeNull();
    expect(pulled.data).toMatchObject({
      cursor: 1,
      more: false,
      head: 1,
      changes: [{ collection: 'inventoryItems', record_id: 'a', rev: 1, record: item('a') }],
    });
    const summary = await supabase.rpc('sync_summary');
    expect(summary.data).toMatchObject({
      collections: [{ collection: 'inventoryItems', records: 1, deleted: 0 }],
      head: 1,
    });
    // The larger push answers the same way (a retry of that change: the same answer, nothing applied).
    const many = await supabase.rpc('sync_push_many', {
      changes: [retried, change({ record_id: 'b', record: item('b') })],
    });
    expect(many.error).toBeNull();
    expect(many.data).toEqual([
      pushed.data![0],
      expect.objectContaining({ status: 'applied', record_id: 'b', change_seq: 2 }),
    ]);
    // Another account sees none of it.
    const other = client(server);
    await other.auth.signUp({ email: uniqueEmail('other'), password: 'a long enough password' });
    expect((await other.rpc('sync_pull', { since: 0 })).data).toMatchObject({ changes: [], cursor: 0 });
  });

  it('a record of any text comes back from a pull exactly as it was pushed (accents, emoji, quotes, a long note)', async () => {
    // The embedded database is given a push as UTF-8 bytes (server/data/pglite-worker.mjs) and answers its
    // JSON text as written: a character counted wrong or an answer changed on its way would show here.
    const a = randomUUID();
    const name = `Crème brûlée 🍮 "the chef’s" \\ back\\slash \u2028 ${'é'.repeat(60_000)} 中文 end`;
    const pushed = await rpc(
      server,
      'sync_push_many',
      { changes: [change({ record_id: 'u', record: item('u', name) })] },
      tokenFor(a),
    );
    expect(pushed.status).toBe(200);
    expect(await pushed.json()).toMatchObject([{ status: 'applied', record_id: 'u', rev: 1 }]);
    const pulled = (await (await rpc(server, 'sync_pull', { since: 0 }, tokenFor(a))).json()) as {
      changes: { record: unknown }[];
    };
    expect(pulled.changes.map((c) => c.record)).toEqual([item('u', name)]);
  });

  it('answers the archive calls (issue 24 part 7): event summaries and one event’s records, by name', async () => {
    const supabase = client(server);
    const signUp = await supabase.auth.signUp({ email: uniqueEmail('archive'), password: 'a long enough password' });
    expect(signUp.error).toBeNull();
    const old = {
      id: 7,
      EventName: 'Old Gala',
      CustomerFirstName: 'Ada',
      CustomerLastName: 'Hart',
      CustomerPhoneNumber: '555',
      CustomerEmail: 'ada@example.com',
      EventType: 'Gala',
      NumberOfGuests: 80,
      EventDate: '2022-05-01',
      StartTime: '18:00',
      EndTime: '22:00',
      VenueName: 'Hall',
      VenueStreetAddress: '1 Main St',
      VenueCity: 'Halifax',
      ingredients: [],
    };
    const pushed = await supabase.rpc('sync_push', {
      changes: [change({ collection: 'events', record_id: '7', record: old })],
    });
    expect(pushed.data).toMatchObject([{ status: 'applied' }]);
    const listed = await supabase.rpc('sync_event_summaries', { event_ids: ['7', '8'], search: 'gala' });
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual({
      events: [{ id: '7', name: 'Old Gala', date: '2022-05-01', customer: 'Ada Hart', guests: 80, status: null }],
      more: false,
    });
    const fetched = await supabase.rpc('sync_event_records', { event_id: '7' });
    expect(fetched.error).toBeNull();
    expect(fetched.data).toMatchObject({ changes: [{ collection: 'events', record_id: '7', rev: 1, record: old }] });
    // The event id is required, and no other argument is taken.
    expect((await supabase.rpc('sync_event_records', {})).status).toBe(404);
    expect((await supabase.rpc('sync_event_summaries', { owner: 'x' })).status).toBe(404);
  });

  it('answers take_document_number (issue 22): the account’s next quote or invoice number, by name', async () => {
    const supabase = client(server);
    const signUp = await supabase.auth.signUp({ email: uniqueEmail('numbers'), password: 'a long enough password' });
    expect(signUp.error).toBeNull();
    expect((await supabase.rpc('take_document_number', { kind: 'invoice', year: 2026 })).data).toBe(1);
    expect((await supabase.rpc('take_document_number', { kind: 'invoice', year: 2026, last_known: 4 })).data).toBe(5);
    const bad = await supabase.rpc('take_document_number', { kind: 'receipt', year: 2026 });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe('kind must be quote or invoice');
    expect((await supabase.rpc('take_document_number', { kind: 'invoice' })).status).toBe(404);
  });

  it('answers take_document_revision (issue 24): the account’s next revision of an issued number, by name', async () => {
    const supabase = client(server);
    const signUp = await supabase.auth.signUp({ email: uniqueEmail('revisions'), password: 'a long enough password' });
    expect(signUp.error).toBeNull();
    expect((await supabase.rpc('take_document_revision', { kind: 'invoice', year: 2026, sequence: 1 })).data).toBe(2);
    expect(
      (await supabase.rpc('take_document_revision', { kind: 'invoice', year: 2026, sequence: 1, last_known: 4 })).data,
    ).toBe(5);
    const bad = await supabase.rpc('take_document_revision', { kind: 'invoice', year: 2026, sequence: 0 });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe('sequence must be a whole number from 1 to 999,999,999');
    expect((await supabase.rpc('take_document_revision', { kind: 'invoice', year: 2026 })).status).toBe(404);
  });

  it.each(['sync_push', 'sync_push_many'])(
    'refuses records that do not match the app’s schemas, in place, and applies the rest (%s)',
    async (name) => {
      const user = randomUUID();
      const res = await rpc(
        server,
        name,
        {
          changes: [
            change({ record_id: 'ok', record: item('ok') }),
            change({ collection: 'events', record_id: '5', record: { id: 5, EventName: 'No customer' } }),
            change({ record_id: 'n', record: { ...item('n'), quantity: 'three' } }),
            change({ collection: '5-discountPercentage', record_id: 'value', record: { value: 10 } }),
            change({ record_id: 'gone', deleted: true }),
          ],
        },
        tokenFor(user),
      );
      expect(res.status).toBe(200);
      const results = (await res.json()) as {
        status: string;
        record_id: string;
        error?: { code: string; message: string };
      }[];
      expect(results.map((r) => [r.record_id, r.status])).toEqual([
        ['ok', 'applied'],
        ['5', 'rejected'],
        ['n', 'rejected'],
        ['value', 'applied'],
        ['gone', 'applied'],
      ]);
      expect(results[1]!.error).toEqual({
        code: 'bad_record',
        message: expect.stringContaining("events record does not match the app's schema: CustomerFirstName"),
      });
      expect(results[2]!.error!.message).toContain('quantity');
    },
  );

  it('answers errors in PostgREST’s shapes', async () => {
    const user = tokenFor(randomUUID());
    const expectError = async (res: Response, status: number, code: string) => {
      expect(res.status).toBe(status);
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(body.code).toBe(code);
      return body;
    };
    // Only the anon key: role anon may not call the sync functions.
    const anon = await expectError(await rpc(server, 'sync_pull', {}), 401, '42501');
    expect(anon.message).toContain('permission denied for function sync_pull');
    await expectError(
      await rpc(
        server,
        'sync_pull',
        {},
        signJwt({ sub: randomUUID(), role: 'authenticated' }, 'another secret that is long enough to sign'),
      ),
      401,
      'PGRST301',
    );
    await expectError(await rpc(server, 'sync_pull', {}, tokenFor(randomUUID(), { exp: 1 })), 401, 'PGRST303');
    await expectError(
      await rpc(server, 'sync_pull', {}, tokenFor(randomUUID(), { role: 'service_role' })),
      401,
      'PGRST301',
    );
    await expectError(
      await rpc(server, 'sync_pull', {}, undefined, { headers: { 'Content-Type': 'application/json' } }),
      401,
      'PGRST302',
    );
    await expectError(await rpc(server, 'drop_everything', {}, user), 404, 'PGRST202');
    await expectError(await rpc(server, 'sync_push', { changes: [], owner_id: 'x' }, user), 404, 'PGRST202');
    await expectError(await rpc(server, 'sync_push', {}, user), 404, 'PGRST202');
    await expectError(await rpc(server, 'sync_pull', { since: 'yesterday' }, user), 400, '22P02');
    // An object for a number: the error quotes it as sent (its JSON), as PostgREST's does.
    const quoted = await expectError(await rpc(server, 'sync_pull', { since: { a: 1 } }, user), 400, '22P02');
    expect(quoted.message).toContain('{"a":1}');
    expect(quoted.message).not.toContain('[object Object]');
    await expectError(await rpc(server, 'sync_push', { changes: {} }, user), 400, '22023');
    await expectError(await rpc(server, 'sync_push', '{"changes": [', user), 400, 'PGRST102');
    await expectError(
      await fetch(`${server.url}/rest/v1/rpc/sync_pull`, {
        headers: { apikey: server.anonKey, Authorization: `Bearer ${user}` },
      }),
      405,
      'PGRST101',
    );
    const table = await expectError(
      await fetch(`${server.url}/rest/v1/records?select=*`, {
        headers: { apikey: server.anonKey, Authorization: `Bearer ${user}` },
      }),
      404,
      'PGRST205',
    );
    expect(table.message).toContain("Could not find the table 'public.records'");
    await expectError(await fetch(`${server.url}/rest/v1/`, { headers: { apikey: server.anonKey } }), 404, 'PGRST205');
    const huge = JSON.stringify({
      changes: [change({ record_id: 'x', record: { ...item('x'), notes: 'z'.repeat(4.5 * 1024 * 1024) } })],
    });
    await expectError(await rpc(server, 'sync_push', huge, user), 413, 'PGRST413');
    // Auth's own 404s are unchanged.
    expect((await fetch(`${server.url}/rest/v2/x`)).status).toBe(404);
  });

  it('limits sync calls per account', async () => {
    const limited = await start({ pgliteTemplate: template, rateLimit: { burst: 2, per5min: 1 } });
    try {
      // Every call counts, even one the database never sees (so this server's database stays closed).
      const a = tokenFor(randomUUID());
      expect((await rpc(limited, 'no_such_function', {}, a)).status).toBe(404);
      expect((await rpc(limited, 'no_such_function', {}, a)).status).toBe(404);
      const third = await rpc(limited, 'sync_pull', {}, a);
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await third.json()) as { code: string }).code).toBe('PGRST429');
      // Another account has its own allowance.
      expect((await rpc(limited, 'no_such_function', {}, tokenFor(randomUUID()))).status).toBe(404);
      expect(existsSync(join(limited.dataDir, 'pg'))).toBe(false);
    } finally {
      await limited.close();
    }
  });

  it('by default an account may make 60 calls at once, then about two a second', async () => {
    const server = await start({ pgliteTemplate: template });
    try {
      const a = tokenFor(randomUUID());
      // Then 600 per 5 minutes (two a second) come back: a few more may pass while this test runs.
      let allowed = 0;
      while (allowed < 200 && (await rpc(server, 'no_such_function', {}, a)).status === 404) allowed++;
      expect(allowed).toBeGreaterThanOrEqual(60);
      expect(allowed).toBeLessThan(80);
    } finally {
      await server.close();
    }
  });

  it('answers cross-origin calls only from CORS_ORIGINS', async () => {
    const cors = await start({ pgliteTemplate: template }, { corsOrigins: ['http://localhost:5173'] });
    try {
      const preflight = (origin: string) =>
        fetch(`${cors.url}/rest/v1/rpc/sync_push`, {
          method: 'OPTIONS',
          headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
        });
      const allowed = await preflight('http://localhost:5173');
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(allowed.headers.get('access-control-allow-headers')).toContain('Authorization');
      const other = await preflight('https://evil.example');
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const call = await rpc(cors, 'no_such_function', {}, undefined, {
        headers: {
          Origin: 'http://localhost:5173',
          'Content-Type': 'application/json',
          Authorization: `Bearer ${tokenFor(randomUUID())}`,
        },
      });
      expect(call.status).toBe(404);
      expect(call.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      // A cache must not serve one origin's answer to another; the app reads Retry-After cross-origin.
      expect(call.headers.get('vary')).toContain('Origin');
      expect(call.headers.get('access-control-expose-headers')).toBe('Retry-After');
      expect(allowed.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
      expect(allowed.headers.get('access-control-max-age')).toBe('86400');
    } finally {
      await cors.close();
    }
  });

  it('never lets the demo account push (its password is published)', async () => {
    const demoServer = await start({ pgliteTemplate: template }, { demoUser: true });
    try {
      const supabase = client(demoServer);
      const signIn = await supabase.auth.signInWithPassword({ email: DEMO_EMAIL, password: DEMO_PASSWORD });
      expect(signIn.error).toBeNull();
      const pushed = await supabase.rpc('sync_push', { changes: [change({ record_id: 'a', record: item('a') })] });
      expect(pushed.status).toBe(403);
      expect(pushed.error?.message).toBe('The demo account does not sync: its password is public');
      const many = await supabase.rpc('sync_push_many', { changes: [change({ record_id: 'a', record: item('a') })] });
      expect(many.status).toBe(403);
      // Nor take a number from the account (its numbers are this browser's).
      const taken = await supabase.rpc('take_document_number', { kind: 'invoice', year: 2026 });
      expect(taken.status).toBe(403);
      const revised = await supabase.rpc('take_document_revision', { kind: 'invoice', year: 2026, sequence: 1 });
      expect(revised.status).toBe(403);
      expect(existsSync(join(demoServer.dataDir, 'pg'))).toBe(false);
    } finally {
      await demoServer.close();
    }
  });
});

describe('/rest/v1 on PostgreSQL 15 (DATABASE_URL)', () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await startPostgres();
  }, 120_000);
  afterAll(() => cluster?.stop());

  it('serves the same calls from the database DATABASE_URL names, and never opens PGlite', async () => {
    const server = await start({ databaseUrl: cluster.url });
    try {
      const a = randomUUID();
      const pushed = await rpc(
        server,
        'sync_push',
        { changes: [change({ record_id: 'a', record: item('a') })] },
        tokenFor(a),
      );
      expect(pushed.status).toBe(200);
      expect(await pushed.json()).toMatchObject([{ status: 'applied', rev: 1 }]);
      const pulled = (await (await rpc(server, 'sync_pull', { since: 0 }, tokenFor(a))).json()) as {
        changes: unknown[];
      };
      expect(pulled.changes).toHaveLength(1);
      expect(
        (
          (await (await rpc(server, 'sync_pull', { since: 0 }, tokenFor(randomUUID()))).json()) as {
            changes: unknown[];
          }
        ).changes,
      ).toEqual([]);
      expect(existsSync(join(server.dataDir, 'pg'))).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('answers 503 while the database is down, and serves again once it is back', async () => {
    const server = await start({ databaseUrl: cluster.url });
    try {
      const token = tokenFor(randomUUID());
      expect((await rpc(server, 'sync_pull', {}, token)).status).toBe(200);
      cluster.pause();
      const down = await rpc(server, 'sync_pull', {}, token);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ code: 'PGRST000' });
      expect(down.headers.get('retry-after')).toBe('5');
      cluster.resume();
      expect((await rpc(server, 'sync_pull', {}, token)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('refuses a superuser DATABASE_URL (row-level security would not apply)', async () => {
    const server = await start({ databaseUrl: cluster.adminUrl });
    try {
      const res = await rpc(server, 'sync_pull', {}, tokenFor(randomUUID()));
      expect(res.status).toBe(503);
      expect(((await res.json()) as { code: string }).code).toBe('PGRST000');
    } finally {
      await server.close();
    }
  });

  /** Runs statements as the cluster's superuser (a database of its own, a role). */
  const asAdmin = async (sql: string) => {
    const admin = openPostgres(cluster.adminUrl, { max: 1 });
    try {
      await admin.admin.exec(sql);
    } finally {
      await admin.close();
    }
  };
  const urlOf = (user: string, database: string) =>
    cluster.url.replace('authenticator@', `${user}@`).replace(/\/postgres$/, `/${database}`);

  it('refuses a DATABASE_URL role that bypasses row-level security, even when it is no superuser', async () => {
    await asAdmin('create role bypasser login bypassrls');
    const server = await start({ databaseUrl: urlOf('bypasser', 'postgres') });
    try {
      expect((await rpc(server, 'sync_pull', {}, tokenFor(randomUUID()))).status).toBe(503);
    } finally {
      await server.close();
    }
  });

  it('refuses a database without the sync functions, and applies them from DATABASE_MIGRATE_URL', async () => {
    await asAdmin('create database bare');
    const bare = await start({ databaseUrl: urlOf('authenticator', 'bare') });
    try {
      expect((await rpc(bare, 'sync_pull', {}, tokenFor(randomUUID()))).status).toBe(503);
    } finally {
      await bare.close();
    }
    const migrated = await start({
      databaseUrl: urlOf('authenticator', 'bare'),
      databaseMigrateUrl: urlOf('postgres', 'bare'),
    });
    try {
      const res = await rpc(migrated, 'sync_pull', { since: 0 }, tokenFor(randomUUID()));
      expect(res.status).toBe(200);
      expect(((await res.json()) as { changes: unknown[] }).changes).toEqual([]);
    } finally {
      await migrated.close();
    }
  });
});
