/**
 * The one Node server: serves the production build (SPA fallback, compression, caching, security
 * headers) and mounts the embedded auth API on the same origin under /auth/v1.
 */
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registerAssets, staticGlobIgnore } from './assets.ts';
import { authInternals, DEMO_EMAIL, registerAuth, type AuthOptions } from './auth/index.ts';
import { registerRest, type RestOptions } from './data/rest.ts';
import { authUrlFromHtml, connectSourcesFor, contentSecurityPolicy, inlineScriptHashes } from './csp.ts';
import { HSTS, makeOriginPolicy, refuseUnknownHost } from './origin.ts';
import { pageFileFor } from './pages.ts';

export interface AppOptions {
  distDir: string;
  /** Earlier builds' assets that `npm run build` keeps for open tabs (server/assets.ts). */
  retainedAssetsDir?: string;
  auth: AuthOptions;
  /** The account data API under /rest/v1 (server/data/rest.ts); the secret and dataDir come from auth. */
  data?: Omit<RestOptions, 'secret' | 'dataDir' | 'isReadOnly'>;
  /**
   * Logging, as JSON lines (pino) on stdout. By default only errors: every 5xx, a recovery e-mail that
   * could not be sent, failed clean-ups. true (env LOG=1) adds a line per request; false (LOG=0) is
   * silence; an object sets pino's level and stream (tests). Request URLs are logged without their query
   * (it can hold a recovery token), and no headers or bodies are logged.
   */
  logger?: boolean | { level?: string; stream?: { write(line: string): void } };
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
  // Every page is built from index.html, so its inline scripts are all there are (server/csp.ts),
  // and a build against hosted Supabase names its project in a meta tag (vite.config.ts).
  const indexHtml = readFileSync(indexFile, 'utf8');
  const CSP = contentSecurityPolicy(inlineScriptHashes(indexHtml), connectSourcesFor(authUrlFromHtml(indexHtml)));

  // The same headers on every response, errors included: set on the raw response before Fastify sees the
  // request (so its own early answers, e.g. a malformed URL or the 503 while closing, carry them too) and
  // again in onSend (app.inject does not go through the HTTP server).
  const securityHeaders: Record<string, string> = {
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };

  const app = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit: 16 * 1024,
    trustProxy: options.trustProxy ?? false,
    return503OnClosing: true,
    frameworkErrors: (error, request, reply) => frameworkError(error, request, reply),
    clientErrorHandler: (error, socket) => clientError(error, socket, securityHeaders),
  });
  app.server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    for (const [name, value] of Object.entries(securityHeaders)) response.setHeader(name, value);
  });

  const origins = makeOriginPolicy(options);
  app.addHook('onRequest', refuseUnknownHost(origins));
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    for (const [name, value] of Object.entries(securityHeaders)) reply.header(name, value);
    return payload;
  });

  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await registerAuth(app, { publicOrigin: (request) => origins.originOf(request), ...options.auth });
  const { service, secret, corsOrigins } = authInternals(app);
  await registerRest(app, {
    ...options.data,
    secret,
    dataDir: options.auth.dataDir,
    isReadOnly: (claims) => claims.sub === service.findUserByEmail(DEMO_EMAIL)?.id,
    corsOrigins,
  });

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
      } else if (
        filePath.startsWith(join(options.distDir, 'media', 'tutorials')) &&
        /[?&]v=[0-9a-f]{6,}/.test(reply.request.url)
      ) {
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
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/auth/') &&
      !url.startsWith('/rest/') &&
      !looksLikeFile
    ) {
      const page = pageFileFor(options.distDir, url);
      return reply.code(page.status).header('Cache-Control', 'no-cache').sendFile(page.file);
    }
    return reply.code(404).type('application/json').send({ code: 404, error_code: 'not_found', msg: 'Not found' });
  });

  return app;
}

/**
 * Fastify's own early answers (a URL it cannot decode such as `/%`, an over-long parameter) in our error
 * shape: the security headers come from the raw response, and the URL is never echoed back.
 */
function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_BAD_URL' ? 400 : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 500;
  if (status >= 500) request.log.error({ err: error }, 'request failed before routing');
  const msg =
    status === 400
      ? 'The address is not a valid URL'
      : status === 414
        ? 'The address is too long'
        : 'Unexpected failure, please try again';
  void reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ code: status, error_code: status === 500 ? 'unexpected_failure' : 'bad_request', msg });
}

/** A request Node's HTTP parser refused (Fastify's default answer, with the security headers). */
function clientError(error: Error & { code?: string }, socket: Socket, headers: Record<string, string>): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'Client Timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'Exceeded maximum allowed HTTP header size']
        : [400, 'Bad Request', 'Client Error'];
  const body = JSON.stringify({ error: text, message, statusCode: status });
  const lines = [
    `HTTP/1.1 ${status} ${text}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Content-Type: application/json',
    'Connection: close',
  ];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  socket.destroy(error);
}

function loggerOptions(option: AppOptions['logger']) {
  if (option === false) return false;
  const chosen = option === true ? { level: 'info' } : (option ?? {});
  return {
    level: 'error',
    ...chosen,
    serializers: {
      req: (request: { method?: string; url?: string; ip?: string }) => ({
        method: request.method,
        url: (request.url ?? '').split('?')[0],
        remoteAddress: request.ip,
      }),
    },
  };
}
