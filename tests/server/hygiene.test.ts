/**
 * Issue 19, the low findings on the server: security headers on every response (also Fastify's own
 * early errors), canonical JWT signatures, well-formed passwords, mail failures surfaced and server
 * errors logged, CSP connect-src limited to the configured auth URL, and `__proto__` however it is spelt.
 */
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authInternals } from '../../server/auth/index.ts';
import { ForbiddenKeyError, parseJsonBody } from '../../server/auth/json.ts';
import { signJwt, verifyJwt } from '../../server/auth/jwt.ts';
import { authUrlFromHtml, authUrlMetaTag, connectSourcesFor } from '../../server/csp.ts';
import { MALFORMED_PASSWORD } from '../../server/auth/passwords.ts';
import { client, makeDirs, send, startServer, uniqueEmail, type TestServer } from './helpers.ts';

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
];

/** Raw bytes over a socket: a request Node's HTTP parser itself refuses. */
function rawExchange(url: string, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const socket = connect(Number(u.port), u.hostname, () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

describe('security headers on every response', () => {
  const dirs = makeDirs();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dirs, { demoUser: false });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  it.each(['/%', '/%zz', '/auth/v1/%', '/assets/%E0%A4%A'])(
    'GET %s: 400 in the JSON error shape with CSP, nosniff and frame options, the URL not echoed',
    async (path) => {
      const answer = await send(server.url, { path });
      expect(answer.status).toBe(400);
      for (const header of SECURITY_HEADERS) expect(answer.headers[header], header).toBeTruthy();
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.body).not.toContain(path);
      expect(JSON.parse(answer.body)).toEqual({
        code: 400,
        error_code: 'bad_request',
        msg: 'The address is not a valid URL',
      });
    },
  );

  it('a request the HTTP parser refuses gets them too', async () => {
    const answer = await rawExchange(server.url, 'GET / HTTP/1.1\r\nHost: localhost\r\nNot a header\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
    expect(answer).toMatch(/\r\nX-Frame-Options: DENY\r\n/i);
    expect(answer).toMatch(/\r\nContent-Security-Policy: default-src 'self'/i);
  });

  it('as do a 421, a 404 and an auth error', async () => {
    const answers = [
      await send(`${server.url}/config.json`, { headers: { Host: 'evil.example.org' } }),
      await send(`${server.url}/nothing.png`),
      await send(`${server.url}/auth/v1/user`),
    ];
    expect(answers.map((a) => a.status)).toEqual([421, 404, 401]);
    for (const answer of answers)
      for (const header of SECURITY_HEADERS) expect(answer.headers[header], header).toBeTruthy();
  });
});

describe('JWT signatures: only the canonical encoding', () => {
  const secret = 'x'.repeat(40);
  /** A token whose signature has a '-' or '_' (so the standard alphabet spells it differently). */
  const tokenWithUrlChars = () => {
    for (let i = 0; ; i++) {
      const token = signJwt({ sub: 'someone', role: 'anon', n: i }, secret);
      if (/[-_]/.test(token.split('.')[2]!)) return token;
    }
  };
  /** Other spellings of the same 32 signature bytes. */
  const variants = (token: string) => {
    const [h, p, s] = token.split('.') as [string, string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // 32 bytes are 43 characters: the last one carries 4 bits and 2 spare (zero) bits.
    const last = alphabet.indexOf(s.at(-1)!);
    const all = {
      padded: `${h}.${p}.${s}=`,
      standardAlphabet: `${h}.${p}.${s.replace(/-/g, '+').replace(/_/g, '/')}`,
      standardPadded: `${h}.${p}.${s.replace(/-/g, '+').replace(/_/g, '/')}=`,
      spareBits: `${h}.${p}.${s.slice(0, -1)}${alphabet[last + 1]}`,
    };
    // A signature with no '-' or '_' is spelt the same in both alphabets: only real variants.
    return Object.fromEntries(Object.entries(all).filter(([, variant]) => variant !== token));
  };

  it('refuses padded, standard-alphabet and spare-bit spellings of a valid signature', () => {
    const token = tokenWithUrlChars();
    expect(typeof verifyJwt(token, secret)).toBe('object');
    expect(Object.keys(variants(token))).toEqual(['padded', 'standardAlphabet', 'standardPadded', 'spareBits']);
    const signature = Buffer.from(token.split('.')[2]!, 'base64url');
    for (const [name, variant] of Object.entries(variants(token))) {
      // The same bytes to a lenient decoder…
      expect(Buffer.from(variant.split('.')[2]!, 'base64url').equals(signature), name).toBe(true);
      // …and still refused.
      expect(verifyJwt(variant, secret), name).toBe('signature is invalid');
    }
  });

  it('the API refuses them as access token and as apikey', async () => {
    const dirs = makeDirs();
    const server = await startServer(dirs, { demoUser: false });
    try {
      const { data } = await client(server).auth.signUp({
        email: uniqueEmail('jwt'),
        password: 'correct horse battery',
      });
      const access = data.session!.access_token;
      const ok = await send(`${server.url}/auth/v1/user`, {
        headers: { apikey: server.anonKey, Authorization: `Bearer ${access}` },
      });
      expect(ok.status).toBe(200);
      for (const [name, variant] of Object.entries(variants(access))) {
        const answer = await send(`${server.url}/auth/v1/user`, {
          headers: { apikey: server.anonKey, Authorization: `Bearer ${variant}` },
        });
        expect(answer.status, name).toBe(403);
        expect(JSON.parse(answer.body), name).toMatchObject({ code: 'bad_jwt' });
      }
      for (const [name, variant] of Object.entries(variants(server.anonKey))) {
        const answer = await send(`${server.url}/auth/v1/settings`, { headers: { apikey: variant } });
        expect(answer.status, name).toBe(401);
        expect(JSON.parse(answer.body), name).toMatchObject({ code: 'invalid_api_key' });
      }
    } finally {
      await server.close();
      dirs.cleanup();
    }
  });
});

describe('passwords must be well-formed Unicode', () => {
  const dirs = makeDirs();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dirs, { demoUser: false });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  it('refuses a lone surrogate at sign-up with a clear 400 validation_failed, and creates nothing', async () => {
    for (const password of ['\uD800abcdefgh', 'abcdefgh\uDC00', 'abc\uDBFF\uDBFFdef']) {
      const email = uniqueEmail('surrogate');
      const { error } = await client(server).auth.signUp({ email, password });
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('validation_failed');
      expect(error?.message).toBe(MALFORMED_PASSWORD);
      expect(authInternals(server.app).service.findUserByEmail(email)).toBeUndefined();
    }
  });

  it('a lone surrogate never signs in as the U+FFFD password it would have collapsed to', async () => {
    const email = uniqueEmail('fffd');
    const c = client(server);
    expect((await c.auth.signUp({ email, password: '\uFFFDabcdefgh' })).error).toBeNull();
    for (const password of ['\uD800abcdefgh', '\uDC00abcdefgh', '\uDBFFabcdefgh']) {
      const { error } = await client(server).auth.signInWithPassword({ email, password });
      expect(error?.code, JSON.stringify(password)).toBe('invalid_credentials');
    }
    expect((await client(server).auth.signInWithPassword({ email, password: '\uFFFDabcdefgh' })).error).toBeNull();
    // …and cannot be set as a new password either.
    const changed = await c.auth.updateUser({ password: 'new\uD83Dpassword' });
    expect(changed.error?.code).toBe('validation_failed');
    expect(changed.error?.message).toBe(MALFORMED_PASSWORD);
    // A whole emoji (a surrogate pair) is fine.
    expect((await c.auth.updateUser({ password: 'new\uD83D\uDE00password' })).error).toBeNull();
  });
});

describe('__proto__ in a JSON body, however it is spelt', () => {
  const dirs = makeDirs();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dirs, { demoUser: false });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  it.each([
    '__proto__',
    '\\u005f_proto__',
    '\\u005F\\u005Fproto\\u005f\\u005f',
    'constru\\u0063tor',
    '\\u0063onstructor',
  ])('refuses the key "%s" with 400 bad_json and creates nothing', async (key) => {
    const email = uniqueEmail('proto');
    const body = `{"email":"${email}","password":"correct horse battery","data":{"${key}":{"isAdmin":true}}}`;
    expect(JSON.parse(body)).toBeTruthy();
    const answer = await send(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
      body,
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'bad_json', msg: 'Forbidden key in JSON body' });
    expect(authInternals(server.app).service.findUserByEmail(email)).toBeUndefined();
  });

  it('parseJsonBody finds the key at any depth and leaves other bodies as JSON.parse does', () => {
    expect(() => parseJsonBody('{"a":[{"b":{"\\u005f_proto__":1}}]}')).toThrow(ForbiddenKeyError);
    expect(() => parseJsonBody('{"a":')).toThrow(SyntaxError);
    expect(parseJsonBody('{"email":"a@b.co","data":{"proto":"__proto__"}}')).toEqual({
      email: 'a@b.co',
      data: { proto: '__proto__' },
    });
  });
});

describe('CSP connect-src: the configured auth URL only', () => {
  const connectSrc = (policy: string) =>
    policy.split('; ').find((directive) => directive.startsWith('connect-src ')) ?? '';

  it("is 'self' alone for a build that uses the embedded server", async () => {
    const dirs = makeDirs();
    const server = await startServer(dirs, { demoUser: false });
    try {
      const answer = await send(`${server.url}/`);
      expect(connectSrc(String(answer.headers['content-security-policy']))).toBe("connect-src 'self'");
    } finally {
      await server.close();
      dirs.cleanup();
    }
  });

  it('names exactly the project of a build against hosted Supabase, never *.supabase.co', async () => {
    const dirs = makeDirs();
    const meta = authUrlMetaTag('https://abcdefgh.supabase.co/');
    writeFileSync(
      join(dirs.distDir, 'index.html'),
      `<!doctype html><html><head><meta charset="UTF-8"><meta name="${meta.attrs.name}" content="${meta.attrs.content}"></head><body></body></html>`,
    );
    const server = await startServer(dirs, { demoUser: false });
    try {
      for (const path of ['/', '/%', '/auth/v1/health']) {
        const policy = String((await send(`${server.url}${path}`)).headers['content-security-policy']);
        expect(connectSrc(policy), path).toBe(
          "connect-src 'self' https://abcdefgh.supabase.co wss://abcdefgh.supabase.co",
        );
        expect(policy, path).not.toContain('*');
      }
    } finally {
      await server.close();
      dirs.cleanup();
    }
  });

  it('reads the meta whatever its attribute order, and refuses a build whose URL is not http(s)', () => {
    expect(authUrlFromHtml('<head><meta content="https://p.supabase.co" name="cc-auth-url"></head>')).toBe(
      'https://p.supabase.co',
    );
    expect(authUrlFromHtml('<head><meta name="description" content="https://other.example"></head>')).toBeNull();
    expect(connectSourcesFor('http://localhost:4173')).toEqual(['http://localhost:4173', 'ws://localhost:4173']);
    expect(() => authUrlFromHtml('<meta name="cc-auth-url" content="javascript:alert(1)">')).toThrow(/http/);
  });
});
