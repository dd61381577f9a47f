/**
 * Issue 19, finding 1: account takeover through the reset link. The Host (or, behind a trusted proxy,
 * X-Forwarded-Host) is read by the URL parser's own rules; anything but an exact known host is refused
 * with 421, and every link is built from the parsed, allowed origin (or SITE_URL), never from the header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHost } from '../../server/origin.ts';
import {
  client,
  latestMail,
  makeDirs,
  readOutbox,
  send,
  startServer,
  uniqueEmail,
  type TestServer,
} from './helpers.ts';

const PASSWORD = 'correct horse battery';

/** The userinfo tricks of the finding: each reads as host evil.com to a browser and to Node's URL. */
const tricks = (port: string) => [
  '[::1]@evil.com',
  '[127.0.0.1]@evil.com',
  '[localhost]@evil.com',
  '[::1]:80@evil.com',
  `[::1]:${port}@evil.com`,
  `localhost:${port}@evil.com`,
  `127.0.0.1@evil.com`,
];

describe('parseHost', () => {
  it.each([
    '[::1]@evil.com',
    '[127.0.0.1]@evil.com',
    '[localhost]@evil.com',
    '[::1]:80@evil.com',
    'localhost@evil.com',
  ])('refuses the userinfo form %s (a browser reads its host as evil.com)', (host) => {
    expect(new URL(`http://${host}/`).hostname).toBe('evil.com');
    expect(parseHost(host, 'http')).toBeNull();
  });

  it.each([
    'localhost/evil',
    'localhost?x',
    'localhost#x',
    'localhost\\@evil.com',
    'local%68ost',
    '127.1',
    'localhost:',
    'localhost:99999',
    '[::1',
    '',
    ' localhost',
    'localhost:80:80',
  ])('refuses %j: not exactly a host and port', (host) => {
    expect(parseHost(host, 'http')).toBeNull();
  });

  it('reads plain hosts, ports and IPv6 literals, and builds the origin from the parsed URL', () => {
    expect(parseHost('localhost:4411', 'http')).toEqual({ hostname: 'localhost', origin: 'http://localhost:4411' });
    expect(parseHost('LocalHost', 'https')).toEqual({ hostname: 'localhost', origin: 'https://localhost' });
    expect(parseHost('[::1]:8080', 'http')).toEqual({ hostname: '::1', origin: 'http://[::1]:8080' });
    expect(parseHost('localhost:80', 'http')).toEqual({ hostname: 'localhost', origin: 'http://localhost' });
    expect(parseHost('catering.example.com:443', 'https')).toEqual({
      hostname: 'catering.example.com',
      origin: 'https://catering.example.com',
    });
    expect(parseHost('localhost', 'HTTPS')).toEqual({ hostname: 'localhost', origin: 'https://localhost' });
    expect(parseHost('localhost', 'javascript')).toBeNull();
  });
});

describe('the reset link and /config.json with a crafted Host', () => {
  const dirs = makeDirs();
  let server: TestServer;
  let email: string;
  let port: string;
  beforeAll(async () => {
    server = await startServer(dirs, { demoUser: false });
    port = new URL(server.url).port;
    email = uniqueEmail('victim');
    expect((await client(server).auth.signUp({ email, password: PASSWORD })).error).toBeNull();
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  it('answers 421 to /config.json for each userinfo trick, never an origin naming evil.com', async () => {
    for (const host of tricks(port)) {
      const answer = await send(`${server.url}/config.json`, { headers: { Host: host } });
      expect(answer.status, host).toBe(421);
      expect(answer.body, host).not.toContain('evil.com');
      expect(JSON.parse(answer.body), host).toMatchObject({ code: 'unknown_host' });
    }
  });

  it('refuses /recover with 421 for each trick and mails nothing', async () => {
    for (const host of tricks(port)) {
      const answer = await send(`${server.url}/auth/v1/recover`, {
        method: 'POST',
        headers: { Host: host, apikey: server.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(answer.status, host).toBe(421);
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(readOutbox(dirs.dataDir, email)).toEqual([]);
  });

  it('mails a link on the allowed origin for a plain Host, and its host is that origin to the URL parser', async () => {
    const answer = await send(`${server.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { Host: `localhost:${port}`, apikey: server.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(answer.status).toBe(200);
    const link = new URL((await latestMail(dirs.dataDir, email)).link!);
    expect(link.origin).toBe(`http://localhost:${port}`);
    expect(link.username).toBe('');
    expect(new URL(link.searchParams.get('redirect_to')!).origin).toBe(`http://localhost:${port}`);
  });
});

describe('X-Forwarded-Host behind a trusted proxy', () => {
  const dirs = makeDirs();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dirs, { demoUser: false }, { trustProxy: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  it('refuses each userinfo trick in X-Forwarded-Host with 421 and answers a known one', async () => {
    for (const forwarded of tricks('443')) {
      const answer = await send(`${server.url}/config.json`, {
        headers: { 'X-Forwarded-Host': forwarded, 'X-Forwarded-Proto': 'https' },
      });
      expect(answer.status, forwarded).toBe(421);
      expect(answer.body, forwarded).not.toContain('evil.com');
    }
    const ok = await send(`${server.url}/config.json`, {
      headers: { 'X-Forwarded-Host': 'localhost', 'X-Forwarded-Proto': 'https' },
    });
    expect(ok.status).toBe(200);
    expect((JSON.parse(ok.body) as { supabaseUrl: string }).supabaseUrl).toBe('https://localhost');
  });
});

describe('with SITE_URL', () => {
  it('builds the link from SITE_URL whatever the Host says', async () => {
    const dirs = makeDirs();
    const site = 'https://catering.example.com';
    const server = await startServer(dirs, { demoUser: false }, { siteUrl: site });
    try {
      const email = uniqueEmail('site');
      expect((await client(server).auth.signUp({ email, password: PASSWORD })).error).toBeNull();
      const answer = await send(`${server.url}/auth/v1/recover`, {
        method: 'POST',
        headers: { Host: '[::1]@evil.com', apikey: server.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(answer.status).toBe(200);
      expect(new URL((await latestMail(dirs.dataDir, email)).link!).origin).toBe(site);
    } finally {
      await server.close();
      dirs.cleanup();
    }
  });
});
