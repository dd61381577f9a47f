import { AuthApiError, AuthWeakPasswordError, isAuthSessionMissingError } from '@supabase/supabase-js';
import Database from 'better-sqlite3';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../server/app.ts';
import { signJwt } from '../../server/auth/jwt.ts';
import { client, makeDirs, startServer, uniqueEmail, type TestServer } from './helpers.ts';

const PASSWORD = 'correct horse battery';

function decode(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

async function raw(server: TestServer, path: string, init: RequestInit & { apikey?: string | null } = {}) {
  const headers = new Headers(init.headers);
  if (init.apikey !== null) headers.set('apikey', init.apikey ?? server.anonKey);
  return fetch(`${server.url}${path}`, { ...init, headers });
}

describe('auth server with supabase-js', () => {
  const dirs = makeDirs();
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(dirs, { refreshTokenReuseInterval: 10 });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  it('serves /config.json with the anon key, the origin and no-store', async () => {
    const res = await fetch(`${server.url}/config.json`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { supabaseUrl: string; supabaseAnonKey: string };
    expect(body.supabaseUrl).toBe(server.url);
    const claims = decode(body.supabaseAnonKey);
    expect(claims.role).toBe('anon');
  });

  it('keeps the generated JWT secret with mode 0600', () => {
    expect(statSync(join(dirs.dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('answers /health and /settings', async () => {
    const health = await raw(server, '/auth/v1/health');
    expect(health.status).toBe(200);
    expect(((await health.json()) as { name: string }).name).toBe('GoTrue');
    const settings = (await (await raw(server, '/auth/v1/settings')).json()) as Record<string, unknown>;
    expect(settings.mailer_autoconfirm).toBe(true);
    expect(settings.disable_signup).toBe(false);
  });

  it('requires the apikey header (401)', async () => {
    const res = await raw(server, '/auth/v1/health', { apikey: null });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('no_api_key');
    const bad = await raw(server, '/auth/v1/health', { apikey: 'nope' });
    expect(bad.status).toBe(401);
  });

  it('signs up (confirmed at once) with a session and the Supabase user shape', async () => {
    const supabase = client(server);
    const email = `  ${uniqueEmail('Signup').toUpperCase()} `;
    const { data, error } = await supabase.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { name: 'Ada' } },
    });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(session.refresh_token.length).toBeGreaterThanOrEqual(22);
    const user = data.user!;
    expect(user.email).toBe(email.trim().toLowerCase());
    expect(user.aud).toBe('authenticated');
    expect(user.role).toBe('authenticated');
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.confirmed_at).toBeTruthy();
    expect(user.last_sign_in_at).toBeTruthy();
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.user_metadata).toMatchObject({ name: 'Ada', email: user.email, email_verified: true, sub: user.id });
    expect(user.identities?.[0]).toMatchObject({ provider: 'email', user_id: user.id, id: user.id });
    expect(user.factors).toEqual([]);
    expect(user.created_at).toMatch(/Z$/);
    expect(user.updated_at).toMatch(/Z$/);
    const claims = decode(session.access_token);
    expect(claims).toMatchObject({
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      aal: 'aal1',
      iss: `${server.url}/auth/v1`,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.session_id).toEqual(expect.any(String));
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(decode(session.access_token).user_metadata).toMatchObject({ name: 'Ada' });
  });

  it('rejects a taken e-mail with user_already_exists', async () => {
    const supabase = client(server);
    const email = uniqueEmail('dup');
    await supabase.auth.signUp({ email, password: PASSWORD });
    const { error } = await supabase.auth.signUp({ email: email.toUpperCase(), password: PASSWORD });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
  });

  it('rejects a weak password with AuthWeakPasswordError and its reasons', async () => {
    const { error } = await client(server).auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error?.code).toBe('weak_password');
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length']);
    expect(error?.status).toBe(422);
  });

  it('rejects passwords over 72 bytes and missing fields with validation_failed', async () => {
    const supabase = client(server);
    const long = await supabase.auth.signUp({ email: uniqueEmail('long'), password: 'é'.repeat(37) });
    expect(long.error?.code).toBe('validation_failed');
    expect(long.error?.status).toBe(400);
    const noPassword = await supabase.auth.signUp({ email: uniqueEmail('nopw'), password: '' });
    expect(noPassword.error?.code).toBe('validation_failed');
    const signIn = await supabase.auth.signInWithPassword({ email: '', password: 'whatever' });
    expect(signIn.error?.code).toBe('validation_failed');
  });

  it('validates e-mails: validation_failed for format, email_address_invalid for undeliverable', async () => {
    const supabase = client(server);
    const bad = await supabase.auth.signUp({ email: 'not-an-email', password: PASSWORD });
    expect(bad.error?.code).toBe('validation_failed');
    expect(bad.error?.message).toMatch(/invalid format/);
    const undeliverable = await supabase.auth.signUp({ email: 'someone@nowhere', password: PASSWORD });
    expect(undeliverable.error?.code).toBe('email_address_invalid');
    expect(undeliverable.error?.status).toBe(400);
  });

  it('signs in with a password; wrong password and unknown e-mail are invalid_credentials', async () => {
    const supabase = client(server);
    const email = uniqueEmail('signin');
    await supabase.auth.signUp({ email, password: PASSWORD });
    const ok = await supabase.auth.signInWithPassword({ email: ` ${email.toUpperCase()}`, password: PASSWORD });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.access_token).toBeTruthy();
    expect(ok.data.user?.email).toBe(email);
    const wrong = await supabase.auth.signInWithPassword({ email, password: 'wrong password' });
    expect(wrong.error).toBeInstanceOf(AuthApiError);
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.status).toBe(400);
    const unknown = await supabase.auth.signInWithPassword({ email: uniqueEmail('ghost'), password: PASSWORD });
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  it('spends a bcrypt verification on unknown e-mails too (no timing oracle)', async () => {
    const supabase = client(server);
    const email = uniqueEmail('timing');
    await supabase.auth.signUp({ email, password: PASSWORD });
    const time = async (address: string) => {
      const t = performance.now();
      const { error } = await supabase.auth.signInWithPassword({ email: address, password: 'not the password' });
      expect(error?.code).toBe('invalid_credentials');
      return performance.now() - t;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(email));
      unknown.push(await time(uniqueEmail('nobody')));
    }
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[2]!;
    // Without the dummy verification an unknown address answers some 50 times faster (a few ms against a
    // bcrypt's tens); the bounds are wide so that a loaded CI machine's noise alone never fails this.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.25);
    expect(median(unknown)).toBeLessThan(median(known) * 4);
  });

  it('creates the demo account', async () => {
    const { data, error } = await client(server).auth.signInWithPassword({
      email: 'demo@catercaptain.com',
      password: 'democatercaptain',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe('demo@catercaptain.com');
  });

  it('GET /user returns the bare user; bad tokens give bad_jwt', async () => {
    const supabase = client(server);
    const { data } = await supabase.auth.signUp({ email: uniqueEmail('getuser'), password: PASSWORD });
    const { data: got, error } = await supabase.auth.getUser(data.session!.access_token);
    expect(error).toBeNull();
    expect(got.user?.id).toBe(data.user!.id);
    const res = await raw(server, '/auth/v1/user', {
      headers: { Authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(((await res.json()) as { id: string }).id).toBe(data.user!.id);
    const tampered = data.session!.access_token.slice(0, -3) + 'AAA';
    const bad = await supabase.auth.getUser(tampered);
    expect(bad.error?.code).toBe('bad_jwt');
    expect(bad.error?.status).toBe(403);
    const none = await raw(server, '/auth/v1/user');
    expect(none.status).toBe(401);
  });

  it('an expired access token is refused, and the client renews it with its refresh token', async () => {
    const supabase = client(server);
    const { data } = await supabase.auth.signUp({ email: uniqueEmail('expired'), password: PASSWORD });
    const secret = readFileSync(join(dirs.dataDir, 'jwt-secret'), 'utf8').trim();
    const now = Math.floor(Date.now() / 1000);
    const expired = signJwt({ ...decode(data.session!.access_token), iat: now - 7200, exp: now - 3600 }, secret);
    const refused = await supabase.auth.getUser(expired);
    expect(refused.error?.code).toBe('bad_jwt');
    expect(refused.error?.message).toMatch(/expired/);
    // What a tab left open overnight does: the stored session's access token has expired.
    const renewed = await supabase.auth.setSession({
      access_token: expired,
      refresh_token: data.session!.refresh_token,
    });
    expect(renewed.error).toBeNull();
    expect(renewed.data.session!.access_token).not.toBe(expired);
    expect(renewed.data.session!.refresh_token).not.toBe(data.session!.refresh_token);
    const { data: got, error } = await supabase.auth.getUser(renewed.data.session!.access_token);
    expect(error).toBeNull();
    expect(got.user?.id).toBe(data.user!.id);
  });

  it('PUT /user changes password and metadata; a new e-mail waits for confirmation', async () => {
    const supabase = client(server);
    const email = uniqueEmail('update');
    const { data } = await supabase.auth.signUp({ email, password: PASSWORD });
    await supabase.auth.setSession(data.session!);
    const other = uniqueEmail('taken');
    await client(server).auth.signUp({ email: other, password: PASSWORD });

    // A taken address is not revealed: the answer is the same as for a free one (emailChange.test.ts).
    const taken = await supabase.auth.updateUser({ email: other });
    expect(taken.error).toBeNull();
    expect(taken.data.user).toMatchObject({ email, new_email: other });
    const weak = await supabase.auth.updateUser({ password: '123' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    const same = await supabase.auth.updateUser({ password: PASSWORD });
    expect(same.error?.code).toBe('same_password');

    const newEmail = uniqueEmail('Renamed').toUpperCase();
    const changed = await supabase.auth.updateUser({
      email: newEmail,
      password: 'a new password',
      data: { theme: 'dark' },
    });
    expect(changed.error).toBeNull();
    expect(changed.data.user?.email).toBe(email);
    expect(changed.data.user?.new_email).toBe(newEmail.toLowerCase());
    expect(changed.data.user?.user_metadata).toMatchObject({ theme: 'dark' });

    const c2 = client(server);
    expect((await c2.auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await c2.auth.signInWithPassword({ email: newEmail, password: 'a new password' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await c2.auth.signInWithPassword({ email, password: 'a new password' })).error).toBeNull();
  });

  it('rotates refresh tokens; the parent within the reuse interval returns the current session', async () => {
    const supabase = client(server);
    const { data } = await supabase.auth.signUp({ email: uniqueEmail('rotate'), password: PASSWORD });
    const first = data.session!;
    const r1 = await supabase.auth.refreshSession({ refresh_token: first.refresh_token });
    expect(r1.error).toBeNull();
    const second = r1.data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decode(second.access_token).session_id).toBe(decode(first.access_token).session_id);
    // A second tab presenting the parent within 10 s gets the current token back.
    const again = await supabase.auth.refreshSession({ refresh_token: first.refresh_token });
    expect(again.error).toBeNull();
    expect(again.data.session?.refresh_token).toBe(second.refresh_token);
    // The current one still rotates normally.
    const r2 = await supabase.auth.refreshSession({ refresh_token: second.refresh_token });
    expect(r2.error).toBeNull();
    // The grandparent is not the parent of the active token: reuse → session revoked.
    const reuse = await supabase.auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    expect(reuse.error?.status).toBe(400);
    const afterRevoke = await supabase.auth.refreshSession({ refresh_token: r2.data.session!.refresh_token });
    expect(afterRevoke.error?.code).toBe('refresh_token_not_found');
    const user = await supabase.auth.getUser(r2.data.session!.access_token);
    expect(isAuthSessionMissingError(user.error)).toBe(true);
  });

  it('unknown refresh token → refresh_token_not_found; missing → 400', async () => {
    const supabase = client(server);
    const { error } = await supabase.auth.refreshSession({ refresh_token: 'does-not-exist' });
    expect(error?.code).toBe('refresh_token_not_found');
    const res = await raw(server, '/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(400);
  });

  it('sign-out: local ends one session, global ends them all', async () => {
    const email = uniqueEmail('logout');
    const a = client(server);
    const b = client(server);
    const c = client(server);
    await a.auth.signUp({ email, password: PASSWORD });
    const sb = (await b.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    const sc = (await c.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;

    expect((await c.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await c.auth.refreshSession({ refresh_token: sc.refresh_token })).error?.code).toBe(
      'refresh_token_not_found',
    );
    expect((await b.auth.getUser(sb.access_token)).error).toBeNull();

    const { error } = await a.auth.signOut({ scope: 'global' });
    expect(error).toBeNull();
    const refreshed = await b.auth.refreshSession({ refresh_token: sb.refresh_token });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
    const user = await b.auth.getUser(sb.access_token);
    expect(isAuthSessionMissingError(user.error)).toBe(true);
    const direct = await raw(server, '/auth/v1/user', { headers: { Authorization: `Bearer ${sb.access_token}` } });
    expect(direct.status).toBe(403);
    expect(((await direct.json()) as { code: string }).code).toBe('session_not_found');
    expect(direct.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('logout with a bad scope is validation_failed', async () => {
    const res = await raw(server, '/auth/v1/logout?scope=everyone', { method: 'POST' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('validation_failed');
  });

  it('answers oversized, malformed and unknown requests with 4xx JSON in the Supabase shape', async () => {
    const big = await raw(server, '/auth/v1/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(20_000) }),
    });
    expect(big.status).toBe(413);
    const bigBody = (await big.json()) as { code: string; error_code: string; msg: string };
    expect(bigBody.code).toBe('validation_failed');
    expect(bigBody.msg).toMatch(/too large/);
    expect(big.headers.get('x-supabase-api-version')).toBe('2024-01-01');

    const badJson = await raw(server, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email": ',
    });
    expect(badJson.status).toBe(400);
    const badJsonBody = (await badJson.json()) as { code: string; msg: string };
    expect(badJsonBody.code).toBe('bad_json');
    expect(JSON.stringify(badJsonBody)).not.toMatch(/at .*\.js/);

    const grant = await raw(server, '/auth/v1/token?grant_type=magic', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(grant.status).toBe(400);
    expect(((await grant.json()) as { msg: string }).msg).toMatch(/magic/);

    const notJson = await raw(server, '/auth/v1/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'hello',
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { code: string }).code).toBe('bad_json');

    const arrayBody = await raw(server, '/auth/v1/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '[1,2]',
    });
    expect(arrayBody.status).toBe(400);

    const wrongType = await raw(server, '/auth/v1/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email": 5, "password": {}}',
    });
    expect(wrongType.status).toBe(400);

    const missing = await raw(server, '/auth/v1/nothing-here');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('not_found');
  });
});

describe('reuse after the interval', () => {
  const dirs = makeDirs();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dirs, { refreshTokenReuseInterval: 0, demoUser: false });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  it('presenting the parent after the interval revokes the session (refresh_token_already_used)', async () => {
    const supabase = client(server);
    const { data } = await supabase.auth.signUp({ email: uniqueEmail('late'), password: PASSWORD });
    const first = data.session!;
    const second = (await supabase.auth.refreshSession({ refresh_token: first.refresh_token })).data.session!;
    await new Promise((r) => setTimeout(r, 5));
    const reuse = await supabase.auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reuse.error).toBeInstanceOf(AuthApiError);
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    const current = await supabase.auth.refreshSession({ refresh_token: second.refresh_token });
    expect(current.error?.code).toBe('refresh_token_not_found');
    const user = await supabase.auth.getUser(second.access_token);
    expect(isAuthSessionMissingError(user.error)).toBe(true);
  });

  it('does not create the demo user when turned off', async () => {
    const { error } = await client(server).auth.signInWithPassword({
      email: 'demo@catercaptain.com',
      password: 'democatercaptain',
    });
    expect(error?.code).toBe('invalid_credentials');
  });
});

describe('rate limits', () => {
  const dirs = makeDirs();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dirs, {
      demoUser: false,
      rateLimits: {
        token: { burst: 5, per5min: 1 },
        refresh: { burst: 50, per5min: 50 },
        signup: { burst: 2, per5min: 1 },
        emailFailures: { burst: 2, per5min: 1 },
      },
    });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  it('limits sign-ups per address with 429 + Retry-After', async () => {
    const supabase = client(server);
    expect((await supabase.auth.signUp({ email: uniqueEmail('rl'), password: PASSWORD })).error).toBeNull();
    expect((await supabase.auth.signUp({ email: uniqueEmail('rl'), password: PASSWORD })).error).toBeNull();
    const limited = await supabase.auth.signUp({ email: uniqueEmail('rl'), password: PASSWORD });
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.code).toBe('over_request_rate_limit');
    expect(limited.error?.message).toMatch(/^Too many attempts\. Try again in \d+ (seconds|minutes)\.$/);
    const res = await raw(server, '/auth/v1/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('rl'), password: PASSWORD }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits failed sign-ins per e-mail, and password sign-ins per address', async () => {
    const supabase = client(server);
    const email = 'nobody@example.org';
    expect((await supabase.auth.signInWithPassword({ email, password: 'wrong-1' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await supabase.auth.signInWithPassword({ email, password: 'wrong-2' })).error?.code).toBe(
      'invalid_credentials',
    );
    const locked = await supabase.auth.signInWithPassword({ email, password: 'wrong-3' });
    expect(locked.error?.code).toBe('over_request_rate_limit');
    // Other e-mails are still allowed until the per-address bucket (5) runs dry.
    expect((await supabase.auth.signInWithPassword({ email: 'x@example.org', password: 'wrong' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await supabase.auth.signInWithPassword({ email: 'y@example.org', password: 'wrong' })).error?.code).toBe(
      'invalid_credentials',
    );
    const res = await raw(server, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'z@example.org', password: 'wrong' }),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await res.json()) as { code: string }).code).toBe('over_request_rate_limit');
  });

  it('counts every client as one address when no proxy is trusted (X-Forwarded-For is ignored)', async () => {
    const res = await raw(server, '/auth/v1/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.7' },
      body: JSON.stringify({ email: uniqueEmail('xff'), password: PASSWORD }),
    });
    // The first test emptied this address's sign-up bucket: a made-up forwarded address gets no fresh one.
    expect(res.status).toBe(429);
  });

  it('keeps refresh on its own, larger bucket', async () => {
    const res = await raw(server, '/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: 'unknown' }),
    });
    expect(res.status).toBe(400);
  });
});

describe('CORS', () => {
  const dirs = makeDirs();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dirs, { demoUser: false, corsOrigins: ['https://allowed.example.org'] });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  it('answers preflights for listed origins only and exposes the API version header', async () => {
    const pre = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://allowed.example.org',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://allowed.example.org');
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/apikey/);
    const get = await raw(server, '/auth/v1/health', { headers: { Origin: 'https://allowed.example.org' } });
    expect(get.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/);
    const other = await fetch(`${server.url}/auth/v1/health`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example.org', 'Access-Control-Request-Method': 'GET' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('persistence', () => {
  it('keeps users across a restart on the same data dir', async () => {
    const dirs = makeDirs();
    const first = await startServer(dirs, { demoUser: false });
    const email = uniqueEmail('persist');
    const { data } = await client(first).auth.signUp({ email, password: PASSWORD });
    await first.close();
    const second = await startServer(dirs, { demoUser: false });
    try {
      expect(second.anonKey).toBe(first.anonKey);
      const signIn = await client(second).auth.signInWithPassword({ email, password: PASSWORD });
      expect(signIn.error).toBeNull();
      expect(signIn.data.user?.id).toBe(data.user!.id);
      const refreshed = await client(second).auth.refreshSession({ refresh_token: data.session!.refresh_token });
      expect(refreshed.error).toBeNull();
      // Stored as Supabase stores it: $2a$ bcrypt at cost 10; refresh tokens only as sha256 hashes.
      const db = new Database(join(dirs.dataDir, 'auth.db'), { readonly: true });
      try {
        const row = db.prepare('SELECT encrypted_password FROM users WHERE email = ?').get(email) as {
          encrypted_password: string;
        };
        expect(row.encrypted_password).toMatch(/^\$2a\$10\$.{53}$/);
        const tokens = db.prepare('SELECT token FROM refresh_tokens').all() as { token: string }[];
        expect(tokens.length).toBeGreaterThan(0);
        for (const t of tokens) expect(t.token).toMatch(/^[0-9a-f]{64}$/);
        expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      } finally {
        db.close();
      }
    } finally {
      await second.close();
      dirs.cleanup();
    }
  });
});

describe('behind a trusted reverse proxy (TRUST_PROXY)', () => {
  const dirs = makeDirs();
  let server: TestServer;
  beforeAll(async () => {
    const rateLimits = {
      token: false,
      refresh: false,
      signup: { burst: 1, per5min: 1 },
      emailFailures: false,
    } as const;
    server = await startServer(dirs, { demoUser: false, rateLimits }, { trustProxy: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  const signUp = (forwardedFor: string) =>
    raw(server, '/auth/v1/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
      body: JSON.stringify({ email: uniqueEmail('proxy'), password: PASSWORD }),
    });

  it('limits each forwarded client address on its own', async () => {
    expect((await signUp('203.0.113.7')).status).toBe(200);
    expect((await signUp('203.0.113.7')).status).toBe(429);
    expect((await signUp('198.51.100.20')).status).toBe(200);
  });

  it('reads TRUST_PROXY as off, every hop or an address list', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8')).toBe('127.0.0.1, 10.0.0.0/8');
  });
});
