import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { retireAssets, stampBuild } from '../../server/assets.ts';
import { makeDirs, startServer, type TestServer } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Writes a build into dist/ the way `vite build` + precompress do: index.html and hashed assets with .br. */
function writeBuild(distDir: string, assets: Record<string, string>) {
  rmSync(join(distDir, 'assets'), { recursive: true, force: true });
  mkdirSync(join(distDir, 'assets'), { recursive: true });
  for (const [name, text] of Object.entries(assets)) {
    writeFileSync(join(distDir, 'assets', name), text);
    writeFileSync(join(distDir, 'assets', `${name}.br`), brotliCompressSync(text));
  }
  writeFileSync(
    join(distDir, 'index.html'),
    `<!doctype html><html><head><title>Cater Captain</title></head><body>${Object.keys(assets).join(' ')}</body></html>`,
  );
  return stampBuild(distDir);
}

const oldChunk = `export const page = "old about page";${' '.repeat(2000)}`;
const newChunk = 'export const page = "new about page";';

describe('a rebuild keeps the previous build working for open tabs', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function setUp() {
    const dirs = makeDirs();
    const retainedDir = join(dirs.distDir, '..', 'old-assets');
    cleanups.push(dirs.cleanup);
    const first = writeBuild(dirs.distDir, {
      'AboutPage-OLD11111.js': oldChunk,
      'index-OLD22222.js': 'import "./AboutPage-OLD11111.js";',
    });
    const server = await startServer(dirs, {}, { retainedAssetsDir: retainedDir });
    cleanups.push(() => server.close());
    return { dirs, retainedDir, first, server };
  }
  const get = (server: TestServer, url: string) =>
    server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });

  it('serves /version.json uncached, and the build id in index.html', async () => {
    const { server, first } = await setUp();
    const version = await get(server, '/version.json');
    expect(version.statusCode).toBe(200);
    expect(version.headers['cache-control']).toBe('no-store');
    expect(version.headers['content-security-policy']).toContain("default-src 'self'");
    expect(version.json()).toMatchObject({ buildId: first });
    expect((await get(server, '/')).body).toContain(`<meta name="build-id" content="${first}" />`);
  });

  it('still serves an old hashed chunk (brotli, immutable) after a rebuild, and /version.json changes', async () => {
    const { dirs, retainedDir, first, server } = await setUp();
    retireAssets(dirs.distDir, retainedDir);
    const second = writeBuild(dirs.distDir, {
      'AboutPage-NEW33333.js': newChunk,
      'index-NEW44444.js': 'import "./AboutPage-NEW33333.js";',
    });
    expect(second).not.toBe(first);
    expect(existsSync(join(dirs.distDir, 'assets', 'AboutPage-OLD11111.js'))).toBe(false);

    for (const running of [server, await startServer(dirs, {}, { retainedAssetsDir: retainedDir })]) {
      if (running !== server) cleanups.push(() => running.close());
      expect((await get(running, '/version.json')).json()).toMatchObject({ buildId: second });
      const old = await get(running, '/assets/AboutPage-OLD11111.js');
      expect(old.statusCode).toBe(200);
      expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(old.headers['content-encoding']).toBe('br');
      expect(old.headers['content-type']).toContain('javascript');
      expect(brotliDecompressSync(old.rawPayload).toString()).toBe(oldChunk);
      const fresh = await get(running, '/assets/AboutPage-NEW33333.js');
      expect(fresh.statusCode).toBe(200);
      expect(fresh.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(fresh.rawPayload).toString()).toBe(newChunk);
    }
  });

  it('answers 404 for assets no build has, and refuses paths outside the asset folders', async () => {
    const { dirs, retainedDir, server } = await setUp();
    retireAssets(dirs.distDir, retainedDir);
    expect((await get(server, '/assets/.retired-at')).body, 'the retirement stamp is not served').not.toMatch(
      /^\d{4}-/,
    );
    for (const url of [
      '/assets/AboutPage-NOPE.js',
      '/assets/..%2Fversion.json',
      '/assets/..%2F..%2Fdist%2Fversion.json',
      '/assets/sub/AboutPage-OLD11111.js',
    ]) {
      const response = await get(server, url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain('old about page');
    }
  });

  it('drops retained builds after the retention period, counted from when they were replaced', async () => {
    const { dirs, retainedDir, first, server } = await setUp();
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    retireAssets(dirs.distDir, retainedDir, { now: t0, maxAgeMs: 7 * DAY });
    writeBuild(dirs.distDir, { 'AboutPage-NEW33333.js': newChunk });
    expect(readFileSync(join(retainedDir, first, '.retired-at'), 'utf8')).toBe(new Date(t0).toISOString());

    retireAssets(dirs.distDir, retainedDir, { now: t0 + 6 * DAY, maxAgeMs: 7 * DAY });
    expect((await get(server, '/assets/AboutPage-OLD11111.js')).statusCode).toBe(200);

    writeBuild(dirs.distDir, { 'AboutPage-NEW55555.js': newChunk });
    retireAssets(dirs.distDir, retainedDir, { now: t0 + 8 * DAY, maxAgeMs: 7 * DAY });
    expect(existsSync(join(retainedDir, first))).toBe(false);
    expect((await get(server, '/assets/AboutPage-OLD11111.js')).statusCode).toBe(404);
    // The build replaced 2 days ago is still kept.
    expect((await get(server, '/assets/AboutPage-NEW33333.js')).statusCode).toBe(200);
  });
});

describe('the offline worker (public/sw.js) a build stamps', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('names the build and keeps its code, images and sound, never the precompressed copies or the videos', async () => {
    const dirs = makeDirs();
    cleanups.push(dirs.cleanup);
    writeFileSync(join(dirs.distDir, 'sw.js'), readFileSync(new URL('../../public/sw.js', import.meta.url), 'utf8'));
    for (const [dir, name] of [
      ['media', 'logo.svg'],
      ['media/event-types', 'wedding.svg'],
      ['media/tutorials', 'add-event.mp4'],
      ['sounds', 'click.wav'],
      ['sounds', 'click.wav.br'],
    ] as const) {
      mkdirSync(join(dirs.distDir, dir), { recursive: true });
      writeFileSync(join(dirs.distDir, dir, name), 'x');
    }
    const first = writeBuild(dirs.distDir, { 'AboutPage-AAAA1111.js': newChunk, 'index-BBBB2222.js': 'x' });
    const worker = readFileSync(join(dirs.distDir, 'sw.js'), 'utf8');
    const stamped = /^const OFFLINE = (.*);$/m.exec(worker)?.[1];
    expect(JSON.parse(stamped!)).toEqual({
      build: first,
      files: [
        '/assets/AboutPage-AAAA1111.js',
        '/assets/index-BBBB2222.js',
        '/media/event-types/wedding.svg',
        '/media/logo.svg',
        '/sounds/click.wav',
      ],
    });
    // A rebuild is a new worker (the browser installs it): another id, the new files.
    const second = writeBuild(dirs.distDir, { 'AboutPage-CCCC3333.js': newChunk });
    const again = readFileSync(join(dirs.distDir, 'sw.js'), 'utf8');
    expect(again).toContain(`"build":"${second}"`);
    expect(again).toContain('/assets/AboutPage-CCCC3333.js');
    expect(again).not.toContain('AAAA1111');

    // Served at the root (its scope is the whole app), as script, checked for a new build on every visit.
    const server = await startServer(dirs);
    cleanups.push(() => server.close());
    const response = await server.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(`"build":"${second}"`);
  });
});
