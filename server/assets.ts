/**
 * Build ids and retained assets, so a redeploy does not break tabs that are already open.
 *
 * - `npm run build` stamps each build with an id (a hash of its hashed asset names): dist/version.json
 *   and a `<meta name="build-id">` in index.html. The server answers `GET /version.json` (no-store), so
 *   an open tab whose page chunk fails can tell "the server moved on to a new build" from "offline".
 * - Before a build replaces dist/, `retireAssets` copies the current dist/assets into
 *   `<retained>/<buildId>/` and removes retained builds older than the retention period.
 * - `/assets/*` is served from dist/assets first, then from the retained builds, with the same
 *   immutable caching: a tab opened before the rebuild still gets its old chunks.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** How long a replaced build's assets stay available (ASSET_RETENTION_DAYS overrides). */
export const DEFAULT_RETENTION_DAYS = 7;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files @fastify/static must not route itself: this module serves them. */
export const staticGlobIgnore = ['assets/**', 'version.json', 'pages/**'];

const RETIRED_AT = '.retired-at';
// A hashed asset name as Vite writes it (plus .br/.gz): no slashes, no leading dot, no `..`.
const assetName = /^[\w-][\w.-]*$/;

/** The build's id: a hash of its asset names, which carry content hashes, so equal builds share an id. */
export function computeBuildId(distDir: string): string {
  const assets = join(distDir, 'assets');
  const names = existsSync(assets)
    ? readdirSync(assets)
        .filter((n) => !/\.(br|gz)$/.test(n))
        .sort()
    : [];
  return createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 12);
}

export function readBuildId(distDir: string): string | null {
  try {
    const parsed = JSON.parse(readFileSync(join(distDir, 'version.json'), 'utf8')) as { buildId?: unknown };
    return typeof parsed.buildId === 'string' ? parsed.buildId : null;
  } catch {
    return null;
  }
}

/**
 * After `vite build`: writes dist/version.json and puts the id in index.html for the app to read, and the
 * id and the app's files into the offline worker (dist/sw.js, from public/sw.js).
 */
export function stampBuild(distDir: string, now = new Date()): string {
  const buildId = computeBuildId(distDir);
  writeFileSync(join(distDir, 'version.json'), `${JSON.stringify({ buildId, builtAt: now.toISOString() })}\n`);
  const indexFile = join(distDir, 'index.html');
  const html = readFileSync(indexFile, 'utf8').replace(/\s*<meta name="build-id"[^>]*>/, '');
  writeFileSync(indexFile, html.replace('</head>', `  <meta name="build-id" content="${buildId}" />\n  </head>`));
  stampOfflineWorker(distDir, buildId);
  return buildId;
}

/** The line of public/sw.js that a build replaces with its own id and files. */
const OFFLINE_LINE = /^const OFFLINE = .*;$/m;

/**
 * The files the offline worker keeps at install (as paths): the build's code, styles and fonts, and the
 * app's images and sound, without the precompressed copies and without the tutorial videos (large, and
 * played from the network).
 */
export function offlineFiles(distDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string, path: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        if (!(path === '/media' && name === 'tutorials')) walk(full, `${path}/${name}`);
      } else if (!/\.(br|gz)$/.test(name)) files.push(`${path}/${name}`);
    }
  };
  walk(join(distDir, 'assets'), '/assets');
  walk(join(distDir, 'media'), '/media');
  walk(join(distDir, 'sounds'), '/sounds');
  return files;
}

function stampOfflineWorker(distDir: string, buildId: string): void {
  const file = join(distDir, 'sw.js');
  if (!existsSync(file)) return;
  const source = readFileSync(file, 'utf8');
  if (!OFFLINE_LINE.test(source)) throw new Error(`${file}: no "const OFFLINE = …;" line to stamp`);
  const offline = JSON.stringify({ build: buildId, files: offlineFiles(distDir) });
  writeFileSync(
    file,
    source.replace(OFFLINE_LINE, () => `const OFFLINE = ${offline};`),
  );
}

/**
 * Before a build replaces dist/: keeps the current build's assets under `<retainedDir>/<buildId>/`
 * (stamped with when they were retired) and deletes retained builds retired more than `maxAgeMs` ago.
 */
export function retireAssets(
  distDir: string,
  retainedDir: string,
  options: { now?: number; maxAgeMs?: number } = {},
): string | null {
  const now = options.now ?? Date.now();
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_RETENTION_DAYS * 24 * 60 * 60 * 1000;
  const assets = join(distDir, 'assets');
  let retired: string | null = null;
  if (existsSync(assets)) {
    retired = readBuildId(distDir) ?? computeBuildId(distDir);
    const target = join(retainedDir, retired);
    if (!existsSync(target)) {
      mkdirSync(target, { recursive: true });
      cpSync(assets, target, { recursive: true });
    }
    // Retired now: the clock starts when a build stops being the current one.
    writeFileSync(join(target, RETIRED_AT), new Date(now).toISOString());
  }
  for (const id of existsSync(retainedDir) ? readdirSync(retainedDir) : []) {
    const dir = join(retainedDir, id);
    if (!statSync(dir).isDirectory() || id === retired) continue;
    const stamp = existsSync(join(dir, RETIRED_AT))
      ? Date.parse(readFileSync(join(dir, RETIRED_AT), 'utf8'))
      : statSync(dir).mtimeMs;
    if (!(now - stamp <= maxAgeMs)) rmSync(dir, { recursive: true, force: true });
  }
  return retired;
}

/** The folder holding `name`: the current build's assets first, then the retained builds. */
function findAsset(name: string, distDir: string, retainedDir: string | undefined): string | null {
  const current = join(distDir, 'assets');
  if (existsSync(join(current, name))) return current;
  if (!retainedDir || !existsSync(retainedDir)) return null;
  for (const id of readdirSync(retainedDir)) {
    const dir = join(retainedDir, id);
    if (existsSync(join(dir, name))) return dir;
  }
  return null;
}

/** GET /version.json and GET /assets/* (current build, then retained builds). Needs @fastify/static's reply.sendFile. */
export async function registerAssets(
  app: FastifyInstance,
  options: { distDir: string; retainedDir?: string },
): Promise<void> {
  app.get('/version.json', async (_request, reply) => {
    const text = await readFile(join(options.distDir, 'version.json'), 'utf8').catch(() => null);
    if (text === null) return reply.callNotFound();
    return reply.header('Cache-Control', 'no-store').type('application/json').send(text);
  });

  app.get<{ Params: { '*': string } }>(
    '/assets/*',
    {
      // @fastify/static's setHeaders only knows dist/assets: a retained copy is just as immutable.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200 || reply.statusCode === 304) reply.header('Cache-Control', IMMUTABLE);
        return payload;
      },
    },
    async (request, reply) => {
      const name = request.params['*'];
      const dir = assetName.test(name) ? findAsset(name, options.distDir, options.retainedDir) : null;
      if (!dir) return reply.callNotFound();
      return reply.sendFile(name, dir);
    },
  );
}
