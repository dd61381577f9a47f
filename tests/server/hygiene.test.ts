/**
 * Issue 19, the low findings on the server: security headers on every response (also Fastify's own
 * early errors), canonical JWT signatures, well-formed passwords, mail failures surfaced and server
 * errors logged, CSP connect-src limited to the configured auth URL, and `__proto__` however it is spelt.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDirs, send, startServer, type TestServer } from './helpers.ts';

const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy'];

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

  it.each(['/%', '/%zz', '/auth/v1/%', '/assets/%E0%A4%A'])('GET %s: 400 in the JSON error shape with CSP, nosniff and frame options, the URL not echoed', async (path) => {
    const answer = await send(server.url, { path });
    expect(answer.status).toBe(400);
    for (const header of SECURITY_HEADERS) expect(answer.headers[header], header).toBeTruthy();
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.body).not.toContain(path);
    expect(JSON.parse(answer.body)).toEqual({ code: 400, error_code: 'bad_request', msg: 'The address is not a valid URL' });
  });

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
    for (const answer of answers) for (const header of SECURITY_HEADERS) expect(answer.headers[header], header).toBeTruthy();
  });
});
