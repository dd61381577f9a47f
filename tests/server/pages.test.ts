/**
 * Page requests (server/pages.ts): prerendered routes get their own HTML, other routes the app shell,
 * unknown paths the 404 page with status 404, all with the same caching and compression as index.html.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDirs, startServer, type TestServer } from './helpers.ts';

const page = (name: string) =>
  `<!doctype html><html><head><title>${name}</title></head><body><div id="root">${name} markup${' '.repeat(1500)}</div></body></html>`;

describe('prerendered pages', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function setUp(withPages = true) {
    const dirs = makeDirs();
    cleanups.push(dirs.cleanup);
    writeFileSync(join(dirs.distDir, 'index.html'), page('shell'));
    if (withPages) {
      mkdirSync(join(dirs.distDir, 'pages'));
      for (const name of ['HomePage', 'AboutPage', 'LoginPage', 'InventoryPage', 'NotFoundPage']) {
        writeFileSync(join(dirs.distDir, 'pages', `${name}.html`), page(name));
        writeFileSync(join(dirs.distDir, 'pages', `${name}.html.br`), brotliCompressSync(page(name)));
      }
    }
    const server = await startServer(dirs);
    cleanups.push(() => server.close());
    return server;
  }
  const get = (server: TestServer, url: string, encoding = 'identity') =>
    server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

  it('answers each route, in any case and with a trailing slash, with its prerendered HTML, revalidated on every visit', async () => {
    const server = await setUp();
    for (const [url, name] of [
      ['/', 'HomePage'],
      ['/About', 'AboutPage'],
      ['/about/', 'AboutPage'],
      ['/LOGIN?next=1', 'LoginPage'],
      ['/Inventory', 'InventoryPage'],
    ] as const) {
      const response = await get(server, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`${name} markup`);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
  });

  it('sends the precompressed brotli file when the browser takes it', async () => {
    const server = await setUp();
    const response = await get(server, '/about', 'br, gzip');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('AboutPage markup');
  });

  it('answers a known route that is not prerendered with the app shell', async () => {
    const server = await setUp();
    for (const url of ['/reset-password', '/tutorials', '/ManageEvents']) {
      const response = await get(server, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('shell markup');
    }
  });

  it('answers a path the client router does not know with the 404 page and status 404', async () => {
    const server = await setUp();
    for (const url of ['/no-such-page', '/About/more', '/inventory/12', '/caf%C3%A9']) {
      const response = await get(server, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('NotFoundPage markup');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await server.app.inject({ method: 'HEAD', url: '/nope' })).statusCode).toBe(404);
  });

  it("answers an event's printable sheet, any case, with the app shell and status 200, but not a longer or shorter path", async () => {
    const server = await setUp();
    for (const url of ['/events/ev-42/sheet', '/Events/EV-42/Sheet/', '/events/caf%C3%A9/sheet']) {
      const response = await get(server, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('shell markup');
    }
    for (const url of ['/events/ev-42/sheet/more', '/events//sheet', '/events/ev-42']) {
      expect((await get(server, url)).statusCode, url).toBe(404);
    }
  });

  it("answers an event's quote and invoice (issue 22), any case, with the app shell and status 200", async () => {
    const server = await setUp();
    for (const url of ['/events/42/quote', '/Events/42/Invoice/', '/events/ev-42/invoice']) {
      const response = await get(server, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('shell markup');
    }
    for (const url of ['/events/42/invoice/2', '/events//quote', '/events/42/invoices']) {
      expect((await get(server, url)).statusCode, url).toBe(404);
    }
  });

  it('without prerendered pages (an older build) still serves the shell, and 404 for unknown paths', async () => {
    const server = await setUp(false);
    expect((await get(server, '/about')).body).toContain('shell markup');
    const unknown = await get(server, '/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('shell markup');
  });

  it('keeps API and file paths out of it', async () => {
    const server = await setUp();
    expect((await get(server, '/auth/v1/nothing')).body).not.toContain('markup');
    expect((await get(server, '/missing.js')).headers['content-type']).toContain('application/json');
    // The prerendered files are not served under their own names.
    expect((await get(server, '/pages/AboutPage.html')).statusCode).toBe(404);
  });
});
