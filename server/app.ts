/**
 * The one Node server: serves the production build (SPA fallback, compression, caching, security
 * headers) and mounts the embedded auth API on the same origin under /auth/v1.
 */
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registerAssets, staticGlobIgnore } from './assets.ts';
import { registerAuth, type AuthOptions } from './auth/index.ts';
import { contentSecurityPolicy, inlineScriptHashes } from './csp.ts';
import { HSTS, makeOriginPolicy, refuseUnknownHost } from './origin.ts';
import { pageFileFor } from './pages.ts';

export interface AppOptions {
  distDir: string;
  /** Earlier builds' assets that `npm run build` keeps for open tabs (server/assets.ts). */
  retainedAssetsDir?: string;
  auth: AuthOptions;
  logger?: boolean;
  /**
   * Whether to believe X-Forwarded-For (Fastify's trustProxy): off by default, so a client cannot pick
   * its own address for the rate limits. Behind a reverse proxy, set it (env TRUST_PROXY) or every
   * client shares the proxy's address and bucket.
   */
  trustProxy?: boolean | string;
  /** Public origin (env SITE_URL): used for /config.json, the JWT issuer and e-mailed links; Host is then ignored. */
  siteUrl?: string;
  /** Without siteUrl, extra Host names answered besides localhost, loopback, `host` and this machine's (env ALLOWED_HOSTS). */
  allowedHosts?: string[];
  /** The address the server listens on (env HOST): its name is a known Host. */
  host?: string;
}

/**
 * TRUST_PROXY as Fastify takes it: unset, '' or 'false' is off; 'true' trusts every hop; anything else
 * is a comma-separated list of the proxies' addresses or CIDRs (the safer choice). Fastify 5 turns a
 * bare hop count off (it cannot check the nearest peer), so there is no hop-count form.
 */
export function parseTrustProxy(value: string | undefined): boolean | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return text;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const indexFile = join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`No build found at ${options.distDir}. Run "npm run build" first (npm start does this for you).`);
  }
  // Every page is built from index.html, so its inline scripts are all there are (server/csp.ts).
  const CSP = contentSecurityPolicy(inlineScriptHashes(readFileSync(indexFile, 'utf8')));

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 16 * 1024,
    trustProxy: options.trustProxy ?? false,
    return503OnClosing: true,
  });

  const origins = makeOriginPolicy(options);
  app.addHook('onRequest', refuseUnknownHost(origins));
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    return payload;
  });

  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await registerAuth(app, { publicOrigin: (request) => origins.originOf(request), ...options.auth });

  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: false,
    globIgnore: staticGlobIgnore,
    index: false,
    // scripts/precompress.mjs writes .br/.gz beside each asset at build time.
    preCompressed: true,
    // Ranges are on (@fastify/send's default), so a video can be sought without downloading it all.
    setHeaders(reply, filePath) {
      if (filePath.includes(`${join(options.distDir, 'assets')}`)) {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else if (filePath.startsWith(join(options.distDir, 'media', 'tutorials')) && /[?&]v=[0-9a-f]{6,}/.test(reply.request.url)) {
        // The tutorial videos, captions and posters are linked with a hash of the file (?v=…), written
        // by `npm run videos`: a new recording gets a new address, so the old one can be kept for good.
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('Cache-Control', 'no-cache');
      }
    },
  });

  await registerAssets(app, { distDir: options.distDir, retainedDir: options.retainedAssetsDir });

  // Pages: any GET that is not a file or an API call gets a page, so a reload on any route works. A route
  // the build prerendered gets its HTML (dist/pages/), any other route the app shell (index.html); a path
  // the client router does not know gets the 404 page with status 404 (server/pages.ts).
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(url);
    if ((request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/auth/') && !looksLikeFile) {
      const page = pageFileFor(options.distDir, url);
      return reply.code(page.status).header('Cache-Control', 'no-cache').sendFile(page.file);
    }
    return reply.code(404).type('application/json').send({ code: 404, error_code: 'not_found', msg: 'Not found' });
  });

  return app;
}
