/**
 * Auth server hardening: refresh-token clean-up, file modes, the public origin (SITE_URL / known hosts),
 * HSTS behind a trusted proxy, the user-metadata cap, and two real processes on one fresh DATA_DIR.
 */
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authInternals } from '../../server/auth/index.ts';
import { REVOKED_TOKENS_PER_SESSION } from '../../server/auth/service.ts';
import { client, latestMail, makeDirs, startServer, uniqueEmail, type TestServer } from './helpers.ts';
import { spawnServer, waitForExit } from './process.ts';

const PASSWORD = 'correct horse battery';

/** GET with any Host header (fetch does not let a test choose it). */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = request({ host: u.hostname, port: u.port, path: u.pathname + u.search, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const mode = (path: string) => statSync(path).mode & 0o777;

describe('refresh-token clean-up', () => {
  const dirs = makeDirs();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dirs, { demoUser: false });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  it('keeps only the newest revoked tokens per session, drops revoked ones after 24 h, and the session keeps working', async () => {
    const supabase = client(server);
    const { data } = await supabase.auth.signUp({ email: uniqueEmail('rotate'), password: PASSWORD });
    let token = data.session!.refresh_token;
    for (let i = 0; i < 40; i++) {
      const r = await supabase.auth.refreshSession({ refresh_token: token });
      expect(r.error).toBeNull();
      token = r.data.session!.refresh_token;
    }
    const { service, cleanup } = authInternals(server.app);
    const count = () => service.store.stmts.countRefreshTokens.get()!;
    expect(count()).toEqual({ total: 41, revoked: 40 });
    cleanup();
    expect(count()).toEqual({ total: REVOKED_TOKENS_PER_SESSION + 1, revoked: REVOKED_TOKENS_PER_SESSION });
    // The parent of the active token is still there: the reuse interval keeps working.
    cleanup(Date.now() + 25 * 3600_000);
    expect(count()).toEqual({ total: 1, revoked: 0 });
    const next = await supabase.auth.refreshSession({ refresh_token: token });
    expect(next.error).toBeNull();
  });
});

describe('file modes', () => {
  it('makes a DATA_DIR created beforehand 0700 and the database, WAL, secret and outbox owner-only', async () => {
    const dirs = makeDirs();
    mkdirSync(dirs.dataDir, { recursive: true });
    chmodSync(dirs.dataDir, 0o755);
    const server = await startServer(dirs, { demoUser: false });
    try {
      const email = uniqueEmail('modes');
      await client(server).auth.signUp({ email, password: PASSWORD });
      await client(server).auth.resetPasswordForEmail(email);
      await latestMail(dirs.dataDir, email);
      expect(mode(dirs.dataDir)).toBe(0o700);
      for (const name of ['auth.db', 'auth.db-wal', 'auth.db-shm', 'jwt-secret'])
        expect(mode(join(dirs.dataDir, name))).toBe(0o600);
      expect(mode(join(dirs.dataDir, 'outbox'))).toBe(0o700);
    } finally {
      await server.close();
      dirs.cleanup();
    }
  });
});

describe('public origin', () => {
  it('with SITE_URL: config.json, the JWT issuer and reset links use it whatever the Host', async () => {
    const dirs = makeDirs();
    const site = 'https://catering.example.com';
    const server = await startServer(dirs, { demoUser: false }, { siteUrl: site });
    try {
      const config = await get(`${server.url}/config.json`, { Host: 'evil.example.org' });
      expect(config.status).toBe(200);
      expect((JSON.parse(config.body) as { supabaseUrl: string }).supabaseUrl).toBe(site);
      const email = uniqueEmail('site');
      const { data } = await client(server).auth.signUp({ email, password: PASSWORD });
      const claims = JSON.parse(
        Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString('utf8'),
      ) as { iss: string };
      expect(claims.iss).toBe(`${site}/auth/v1`);
      await client(server).auth.resetPasswordForEmail(email, { redirectTo: `${site}/reset-password` });
      const mail = await latestMail(dirs.dataDir, email);
      expect(mail.link!.startsWith(`${site}/auth/v1/verify?token=`)).toBe(true);
      expect(new URL(mail.link!).searchParams.get('redirect_to')).toBe(`${site}/reset-password`);
      // The local origin is not the site's: refused as a redirect target.
      const local = await client(server).auth.resetPasswordForEmail(email, {
        redirectTo: `${server.url}/reset-password`,
      });
      expect(local.error?.code).toBe('validation_failed');
    } finally {
      await server.close();
      dirs.cleanup();
    }
  });

  it('without SITE_URL: unknown Host refused with 421; localhost, 127.0.0.1 and ALLOWED_HOSTS answered', async () => {
    const dirs = makeDirs();
    const server = await startServer(dirs, { demoUser: false }, { allowedHosts: ['catering.lan'] });
    try {
      const port = new URL(server.url).port;
      const evil = await get(`${server.url}/config.json`, { Host: 'evil.example.org' });
      expect(evil.status).toBe(421);
      expect(JSON.parse(evil.body)).toMatchObject({ code: 'unknown_host' });
      expect((await get(`${server.url}/`, { Host: `evil.example.org:${port}` })).status).toBe(421);
      expect((await get(`${server.url}/auth/v1/health`, { Host: 'evil.example.org' })).status).toBe(421);
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `catering.lan:${port}`, `[::1]:${port}`]) {
        const ok = await get(`${server.url}/config.json`, { Host: host });
        expect(ok.status).toBe(200);
        expect((JSON.parse(ok.body) as { supabaseUrl: string }).supabaseUrl).toBe(`http://${host}`);
      }
    } finally {
      await server.close();
      dirs.cleanup();
    }
  });
});

describe('HSTS', () => {
  it('is sent behind a trusted proxy that says https, and not otherwise', async () => {
    const proxied = makeDirs();
    const direct = makeDirs();
    const behindProxy = await startServer(proxied, { demoUser: false }, { trustProxy: '127.0.0.1' });
    const noProxy = await startServer(direct, { demoUser: false });
    try {
      const https = await get(`${behindProxy.url}/`, { 'X-Forwarded-Proto': 'https' });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
      const httpOnly = await get(`${behindProxy.url}/`);
      expect(httpOnly.headers['strict-transport-security']).toBeUndefined();
      const spoofed = await get(`${noProxy.url}/`, { 'X-Forwarded-Proto': 'https' });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
      await noProxy.close();
      proxied.cleanup();
      direct.cleanup();
    }
  });
});

describe('user metadata cap', () => {
  const dirs = makeDirs();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dirs, { demoUser: false });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  it('refuses sign-up and updateUser metadata over 2 KB with a clear 400', async () => {
    const big = { notes: 'x'.repeat(15_000) };
    const signUp = await client(server).auth.signUp({
      email: uniqueEmail('big'),
      password: PASSWORD,
      options: { data: big },
    });
    expect(signUp.error?.status).toBe(400);
    expect(signUp.error?.code).toBe('validation_failed');
    expect(signUp.error?.message).toMatch(/User metadata is too large: \d+ bytes as JSON, at most 2048 bytes/);

    const c = client(server);
    const ok = await c.auth.signUp({
      email: uniqueEmail('small'),
      password: PASSWORD,
      options: { data: { name: 'Ada', notes: 'y'.repeat(1500) } },
    });
    expect(ok.error).toBeNull();
    await c.auth.setSession(ok.data.session!);
    const grow = await c.auth.updateUser({ data: { more: 'z'.repeat(1000) } });
    expect(grow.error?.status).toBe(400);
    expect(grow.error?.message).toMatch(/too large/);
    expect((await c.auth.updateUser({ data: { notes: null, theme: 'dark' } })).error).toBeNull();
  });
});

describe('two servers on one fresh DATA_DIR', () => {
  it('both start (one demo user, one secret) and concurrent refreshes across them give no 5xx', async () => {
    const dirs = makeDirs();
    const env = {
      DATA_DIR: dirs.dataDir,
      DIST_DIR: dirs.distDir,
      DEMO_USER: 'true',
      RATE_LIMIT_TOKEN: 'off',
      RATE_LIMIT_REFRESH: 'off',
      RATE_LIMIT_EMAIL_FAILURES: 'off',
    };
    const [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    try {
      const keyA = ((await (await fetch(`${a.url}/config.json`)).json()) as { supabaseAnonKey: string })
        .supabaseAnonKey;
      const keyB = ((await (await fetch(`${b.url}/config.json`)).json()) as { supabaseAnonKey: string })
        .supabaseAnonKey;
      expect(keyA).toBe(keyB);
      const servers = [
        { url: a.url, anonKey: keyA },
        { url: b.url, anonKey: keyB },
      ];
      const sessions = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const { data, error } = await client(servers[i % 2]!).auth.signInWithPassword({
            email: 'demo@catercaptain.com',
            password: 'democatercaptain',
          });
          expect(error).toBeNull();
          return data.session!.refresh_token;
        }),
      );
      const statuses: number[] = [];
      await Promise.all(
        sessions.map(async (first, i) => {
          let token = first;
          for (let n = 0; n < 12; n++) {
            const target = servers[(i + n) % 2]!;
            const res = await fetch(`${target.url}/auth/v1/token?grant_type=refresh_token`, {
              method: 'POST',
              headers: { apikey: target.anonKey, 'Content-Type': 'application/json' },
              body: JSON.stringify({ refresh_token: token }),
            });
            statuses.push(res.status);
            if (res.ok) token = ((await res.json()) as { refresh_token: string }).refresh_token;
          }
        }),
      );
      expect(statuses).toHaveLength(120);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
    } finally {
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      await Promise.all([waitForExit(a.child), waitForExit(b.child)]);
      dirs.cleanup();
    }
  }, 60_000);
});
