/**
 * Password recovery end to end through the real supabase-js client: resetPasswordForEmail → the link in
 * the outbox → GET /verify (303 with the session in the fragment) → setSession → updateUser({password}).
 */
import { AuthApiError } from '@supabase/supabase-js';
import { readdirSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authInternals } from '../../server/auth/index.ts';
import { client, latestMail, makeDirs, readOutbox, startServer, uniqueEmail, type TestServer } from './helpers.ts';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new password';

function fragment(location: string | null): URLSearchParams {
  expect(location).toContain('#');
  return new URLSearchParams(location!.slice(location!.indexOf('#') + 1));
}

describe('password recovery', () => {
  const dirs = makeDirs();
  let server: TestServer;
  let clockOffset = 0;

  beforeAll(async () => {
    server = await startServer(dirs, { demoUser: false, now: () => Date.now() + clockOffset });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  async function signUp() {
    const email = uniqueEmail('recover');
    const { error } = await client(server).auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    return email;
  }

  async function requestLink(email: string) {
    const before = readOutbox(dirs.dataDir, email).length;
    const { data, error } = await client(server).auth.resetPasswordForEmail(email, {
      redirectTo: `${server.url}/reset-password`,
    });
    expect(error).toBeNull();
    expect(data).toEqual({});
    for (let i = 0; i < 50 && readOutbox(dirs.dataDir, email).length === before; i++)
      await new Promise((r) => setTimeout(r, 20));
    return (await latestMail(dirs.dataDir, email)).link!;
  }

  it('mails a one-time link; following it lands on /reset-password with a recovery session that can set the password', async () => {
    const email = await signUp();
    // An existing session on another device: ended by the reset.
    const other = client(server);
    const otherSession = (await other.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;

    const link = await requestLink(email);
    const mail = await latestMail(dirs.dataDir, email);
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.html).toContain('href=');
    expect(link).toMatch(
      new RegExp(`^${server.url}/auth/v1/verify\\?token=[A-Za-z0-9_-]{43}&type=recovery&redirect_to=`),
    );
    expect(new URL(link).searchParams.get('redirect_to')).toBe(`${server.url}/reset-password`);

    // The browser opens the link: no apikey, a 303 to the reset page with the session in the fragment.
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${server.url}/reset-password#`)).toBe(true);
    const params = fragment(location);
    expect(params.get('type')).toBe('recovery');
    expect(params.get('token_type')).toBe('bearer');
    expect(Number(params.get('expires_in'))).toBe(3600);
    expect(Number(params.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    const accessToken = params.get('access_token')!;
    const refreshToken = params.get('refresh_token')!;
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as {
      amr: { method: string }[];
    };
    expect(claims.amr[0]!.method).toBe('recovery');

    // What the reset page does with supabase-js.
    const page = client(server);
    const set = await page.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
    expect(set.error).toBeNull();
    expect(set.data.user?.email).toBe(email);
    const updated = await page.auth.updateUser({ password: NEW_PASSWORD });
    expect(updated.error).toBeNull();

    const check = client(server);
    expect((await check.auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await check.auth.signInWithPassword({ email, password: NEW_PASSWORD })).error).toBeNull();
    // The other device's session ended with the new password.
    expect((await other.auth.refreshSession({ refresh_token: otherSession.refresh_token })).error?.code).toBe(
      'refresh_token_not_found',
    );

    // Single use: the same link again is refused, back on the reset page with an error fragment.
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(303);
    const error = fragment(again.headers.get('location'));
    expect(again.headers.get('location')!.startsWith(`${server.url}/reset-password#`)).toBe(true);
    expect(error.get('error')).toBe('access_denied');
    expect(error.get('error_code')).toBe('otp_expired');
    expect(error.get('error_description')).toMatch(/invalid or has expired/);
  });

  it('stores only a sha256 of the token, with an expiry, and files the mail 0600', async () => {
    const email = await signUp();
    const link = await requestLink(email);
    const token = new URL(link).searchParams.get('token')!;
    const rows = authInternals(server.app)
      .service.store.db.prepare('SELECT token_hash, expires_at, created_at FROM recovery_tokens WHERE email = ?')
      .all(email) as { token_hash: string; expires_at: string; created_at: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at)).toBe(3600_000);
    const outbox = join(dirs.dataDir, 'outbox');
    expect(statSync(outbox).mode & 0o777).toBe(0o700);
    for (const m of readOutbox(dirs.dataDir)) expect(m.link).toMatch(/^http/);
    for (const name of readdirSync(outbox)) expect(statSync(join(outbox, name)).mode & 0o777).toBe(0o600);
  });

  it('expires links after the TTL (1 h by default)', async () => {
    const email = await signUp();
    const link = await requestLink(email);
    clockOffset = 3600_000 + 1000;
    try {
      const res = await fetch(link, { redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(fragment(res.headers.get('location')).get('error_code')).toBe('otp_expired');
    } finally {
      clockOffset = 0;
    }
    // Expired and therefore deleted: it does not come back when the clock does.
    const later = await fetch(link, { redirect: 'manual' });
    expect(fragment(later.headers.get('location')).get('error_code')).toBe('otp_expired');
  });

  it('answers 200 {} for unknown e-mails and sends nothing (no account enumeration)', async () => {
    const ghost = uniqueEmail('ghost');
    const { data, error } = await client(server).auth.resetPasswordForEmail(ghost);
    expect(error).toBeNull();
    expect(data).toEqual({});
    await new Promise((r) => setTimeout(r, 100));
    expect(readOutbox(dirs.dataDir, ghost)).toEqual([]);
    const raw = await fetch(`${server.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ghost }),
    });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toEqual({});
  });

  it('verifyOtp with token_hash (or email + token) returns a recovery session, once', async () => {
    const email = await signUp();
    const token = new URL(await requestLink(email)).searchParams.get('token')!;
    const page = client(server);
    const first = await page.auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect(first.error).toBeNull();
    expect(first.data.session?.access_token).toBeTruthy();
    expect(first.data.user?.email).toBe(email);
    const second = await client(server).auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect(second.error).toBeInstanceOf(AuthApiError);
    expect(second.error?.code).toBe('otp_expired');
    expect(second.error?.status).toBe(403);

    const token2 = new URL(await requestLink(email)).searchParams.get('token')!;
    const wrongEmail = await client(server).auth.verifyOtp({
      type: 'recovery',
      email: uniqueEmail('other'),
      token: token2,
    });
    expect(wrongEmail.error?.code).toBe('otp_expired');
    const right = await client(server).auth.verifyOtp({ type: 'recovery', email, token: token2 });
    expect(right.error).toBeNull();
    expect((await page.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
  });

  it('keeps earlier links valid when more are requested (a stranger cannot void them), and a new password voids them all', async () => {
    const email = await signUp();
    const first = await requestLink(email);
    const second = await requestLink(email);
    expect(first).not.toBe(second);
    const res = await fetch(first, { redirect: 'manual' });
    const params = fragment(res.headers.get('location'));
    expect(params.get('access_token')).toBeTruthy();
    // Using one link voids the others.
    const other = await fetch(second, { redirect: 'manual' });
    expect(fragment(other.headers.get('location')).get('error_code')).toBe('otp_expired');

    const third = await requestLink(email);
    const page = client(server);
    const signedIn = (await page.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    await page.auth.setSession(signedIn);
    expect((await page.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    const stale = await fetch(third, { redirect: 'manual' });
    expect(fragment(stale.headers.get('location')).get('error_code')).toBe('otp_expired');
  });

  it('never redirects off-site: /recover refuses a foreign redirect_to, /verify falls back to /reset-password', async () => {
    const email = await signUp();
    const foreign = await client(server).auth.resetPasswordForEmail(email, {
      redirectTo: 'https://evil.example.org/reset-password',
    });
    expect(foreign.error?.code).toBe('validation_failed');
    expect(foreign.error?.status).toBe(400);
    const sneaky = await client(server).auth.resetPasswordForEmail(email, {
      redirectTo: `javascript:alert(1)//${server.url}`,
    });
    expect(sneaky.error?.code).toBe('validation_failed');

    const link = new URL(await requestLink(email));
    link.searchParams.set('redirect_to', 'https://evil.example.org/steal');
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')!.startsWith(`${server.url}/reset-password#access_token=`)).toBe(true);
  });

  it('without redirect_to the link leads to /reset-password', async () => {
    const email = await signUp();
    await client(server).auth.resetPasswordForEmail(email);
    const mail = await latestMail(dirs.dataDir, email);
    expect(new URL(mail.link!).searchParams.get('redirect_to')).toBe(`${server.url}/reset-password`);
  });

  it('refuses unknown, missing and non-recovery tokens', async () => {
    const unknown = await fetch(
      `${server.url}/auth/v1/verify?token=nope&type=recovery&redirect_to=${encodeURIComponent(server.url + '/reset-password')}`,
      {
        redirect: 'manual',
      },
    );
    expect(unknown.status).toBe(303);
    expect(fragment(unknown.headers.get('location')).get('error_code')).toBe('otp_expired');
    const wrongType = await fetch(`${server.url}/auth/v1/verify?token=nope&type=signup`, { redirect: 'manual' });
    expect(fragment(wrongType.headers.get('location')).get('error')).toBe('invalid_request');
    const missing = await client(server).auth.verifyOtp({ type: 'recovery', token_hash: '' });
    expect(missing.error?.code).toBe('validation_failed');
  });
});

describe('recovery rate limits', () => {
  const dirs = makeDirs();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dirs, {
      demoUser: false,
      rateLimits: {
        token: false,
        refresh: false,
        signup: false,
        emailFailures: false,
        recover: { burst: 4, per5min: 1 },
        recoverEmail: { burst: 2, per5min: 1 },
      },
    });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  it('limits per e-mail (known or not, same answer) and per address, saying how long to wait', async () => {
    const known = uniqueEmail('known');
    await client(server).auth.signUp({ email: known, password: PASSWORD });
    const ghost = uniqueEmail('ghost');
    for (const email of [known, ghost]) {
      expect((await client(server).auth.resetPasswordForEmail(email)).error).toBeNull();
      expect((await client(server).auth.resetPasswordForEmail(email)).error).toBeNull();
    }
    const limited = await client(server).auth.resetPasswordForEmail(known);
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.code).toBe('over_request_rate_limit');
    expect(limited.error?.message).toMatch(/^Too many attempts\. Try again in \d+ (seconds|minutes)\.$/);
    // The address has used its 4 as well.
    const res = await fetch(`${server.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('fresh') }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('recovery mail over SMTP (SMTP_URL)', () => {
  /** A minimal SMTP server (no TLS, no auth) that keeps what it receives. */
  function fakeSmtp(): Promise<{ port: number; messages: string[]; close(): void }> {
    const messages: string[] = [];
    const server = createServer((socket) => {
      let inData = false;
      let buffer = '';
      socket.write('220 fake ESMTP\r\n');
      socket.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        for (;;) {
          if (inData) {
            const end = buffer.indexOf('\r\n.\r\n');
            if (end < 0) return;
            messages.push(buffer.slice(0, end));
            buffer = buffer.slice(end + 5);
            inData = false;
            socket.write('250 queued\r\n');
            continue;
          }
          const eol = buffer.indexOf('\r\n');
          if (eol < 0) return;
          const line = buffer.slice(0, eol);
          buffer = buffer.slice(eol + 2);
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n');
          else if (verb === 'DATA') {
            inData = true;
            socket.write('354 go ahead\r\n');
          } else if (verb === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    return new Promise((resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const address = server.address() as AddressInfo;
        resolve({ port: address.port, messages, close: () => server.close() });
      });
    });
  }

  it('sends the recovery e-mail through nodemailer and writes nothing to the outbox', async () => {
    const smtp = await fakeSmtp();
    const dirs = makeDirs();
    const server = await startServer(dirs, {
      demoUser: false,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_FROM: 'Cater Captain <help@catercaptain.com>' },
    });
    try {
      expect(authInternals(server.app).mailer.description).toBe(`SMTP 127.0.0.1:${smtp.port}`);
      const email = uniqueEmail('smtp');
      await client(server).auth.signUp({ email, password: PASSWORD });
      expect((await client(server).auth.resetPasswordForEmail(email)).error).toBeNull();
      for (let i = 0; i < 100 && smtp.messages.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(smtp.messages).toHaveLength(1);
      const message = smtp.messages[0]!;
      expect(message).toMatch(new RegExp(`^To: ${email}`, 'm'));
      expect(message).toMatch(/^From: Cater Captain <help@catercaptain\.com>/m);
      expect(message).toMatch(/^Subject: Reset your Cater Captain password/m);
      // The link survives the quoted-printable encoding: join soft line breaks, decode =3D.
      const decoded = message.replace(/=\r\n/g, '').replace(/=3D/g, '=');
      const link =
        /http:\/\/127\.0\.0\.1:\d+\/auth\/v1\/verify\?token=[A-Za-z0-9_-]+&type=recovery&redirect_to=[^\s"<]+/.exec(
          decoded,
        )?.[0];
      expect(link).toBeTruthy();
      const res = await fetch(link!, { redirect: 'manual' });
      expect(fragment(res.headers.get('location')).get('type')).toBe('recovery');
      expect(readOutbox(dirs.dataDir)).toEqual([]);
    } finally {
      await server.close();
      smtp.close();
      dirs.cleanup();
    }
  });
});
