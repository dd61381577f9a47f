/**
 * Embedded Supabase-Auth-compatible API under /auth/v1 (signup, password and refresh-token grants,
 * logout, user, settings, health) plus GET /config.json, which tells the app its auth URL and anon key.
 * Options win over environment variables; see docs/auth-server.md.
 */
import type { FastifyInstance } from 'fastify';
import { mkdirSync } from 'node:fs';
import { openDb } from './db.ts';
import { loadSecret, makeAnonKey } from './jwt.ts';
import { hashPassword, makeDummyHash } from './passwords.ts';
import { parseRule, RateLimiter, type RateLimitRule } from './ratelimit.ts';
import { authRoutes } from './routes.ts';
import { AuthService } from './service.ts';

export type { RateLimitRule } from './ratelimit.ts';

export interface AuthRateLimits {
  /** Password sign-ins per client address (default burst 30, 150 per 5 min). Env RATE_LIMIT_TOKEN. */
  token?: RateLimitRule | false;
  /** refresh_token grants per client address (default burst 300, 3000 per 5 min). Env RATE_LIMIT_REFRESH. */
  refresh?: RateLimitRule | false;
  /** Sign-ups per client address (default burst 30, 30 per 5 min). Env RATE_LIMIT_SIGNUP. */
  signup?: RateLimitRule | false;
  /** Failed password sign-ins per e-mail (default burst 10, 10 per 5 min). Env RATE_LIMIT_EMAIL_FAILURES. */
  emailFailures?: RateLimitRule | false;
}

export interface AuthOptions {
  dataDir: string;
  /** Overrides the JWT secret (else generated once and kept in dataDir, mode 0600). */
  jwtSecret?: string;
  /** Create the demo account on first start (default true). */
  demoUser?: boolean;
  /** Access-token lifetime in seconds (default 3600; env JWT_EXPIRY). */
  jwtExpiry?: number;
  /** Seconds the parent of the active refresh token stays usable (default 10; env REFRESH_TOKEN_REUSE_INTERVAL). */
  refreshTokenReuseInterval?: number;
  /** bcrypt cost, at least 10 (default 10; env BCRYPT_COST). */
  bcryptCost?: number;
  /** Origins allowed to call /auth/v1 cross-origin (env CORS_ORIGINS, comma-separated). */
  corsOrigins?: string[];
  /** Per-limit overrides; false turns a limit off. */
  rateLimits?: AuthRateLimits;
  /** JWT `iss` claim (default `<request origin>/auth/v1`). */
  issuer?: string;
  /** Environment to read defaults from (default process.env). */
  env?: Record<string, string | undefined>;
}

export const DEMO_EMAIL = 'demo@catercaptain.com';
export const DEMO_PASSWORD = 'democatercaptain';

const DEFAULT_LIMITS: Required<AuthRateLimits> = {
  token: { burst: 30, per5min: 150 },
  refresh: { burst: 300, per5min: 3000 },
  signup: { burst: 30, per5min: 30 },
  emailFailures: { burst: 10, per5min: 10 },
};

function envNumber(env: Record<string, string | undefined>, name: string): number | undefined {
  const v = env[name];
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${v}"`);
  return n;
}

export async function registerAuth(app: FastifyInstance, options: AuthOptions): Promise<void> {
  const env = options.env ?? process.env;
  const secret = options.jwtSecret || loadSecretAfterMkdir(options.dataDir, env.JWT_SECRET);
  const anonKey = makeAnonKey(secret);
  const bcryptCost = options.bcryptCost ?? envNumber(env, 'BCRYPT_COST') ?? 10;
  if (!Number.isInteger(bcryptCost) || bcryptCost < 10 || bcryptCost > 16) throw new Error('bcrypt cost must be 10..16');
  const jwtExpiry = options.jwtExpiry ?? envNumber(env, 'JWT_EXPIRY') ?? 3600;
  if (jwtExpiry < 120 || jwtExpiry > 604800) throw new Error('JWT expiry must be 120..604800 seconds');
  const reuseInterval = options.refreshTokenReuseInterval ?? envNumber(env, 'REFRESH_TOKEN_REUSE_INTERVAL') ?? 10;
  const corsOrigins = new Set(
    options.corsOrigins ??
      (env.CORS_ORIGINS ?? '')
        .split(',')
        .map((s) => s.trim().replace(/\/$/, ''))
        .filter(Boolean),
  );
  const rule = (key: keyof AuthRateLimits, envName: string): RateLimitRule | false => {
    const fromOptions = options.rateLimits?.[key];
    if (fromOptions !== undefined) return fromOptions;
    const fromEnv = parseRule(env[envName]);
    return fromEnv ?? DEFAULT_LIMITS[key];
  };
  const limits = {
    token: new RateLimiter(rule('token', 'RATE_LIMIT_TOKEN')),
    refresh: new RateLimiter(rule('refresh', 'RATE_LIMIT_REFRESH')),
    signup: new RateLimiter(rule('signup', 'RATE_LIMIT_SIGNUP')),
    emailFailures: new RateLimiter(rule('emailFailures', 'RATE_LIMIT_EMAIL_FAILURES')),
  };

  const store = openDb(options.dataDir);
  const service = new AuthService(store, { secret, jwtExpiry, reuseInterval });
  const dummyHash = makeDummyHash(bcryptCost);
  dummyHash.catch(() => undefined);

  const demoWanted = options.demoUser ?? env.DEMO_USER !== 'false';
  if (demoWanted && !store.stmts.getMeta.get('demo_user_seeded')) {
    if (!service.findUserByEmail(DEMO_EMAIL)) {
      service.createUser(DEMO_EMAIL, await hashPassword(DEMO_PASSWORD, bcryptCost), {}, null);
    }
    store.stmts.setMeta.run('demo_user_seeded', new Date().toISOString());
  }

  const pruneTimer = setInterval(() => {
    for (const l of Object.values(limits)) l.prune();
  }, 60_000);
  pruneTimer.unref();
  const checkpointTimer = setInterval(() => {
    try {
      store.db.pragma('wal_checkpoint(PASSIVE)');
    } catch (e) {
      app.log.warn({ err: e }, 'WAL checkpoint failed');
    }
  }, 2_000);
  checkpointTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(pruneTimer);
    clearInterval(checkpointTimer);
    store.db.close();
  });

  app.get('/config.json', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { supabaseUrl: `${request.protocol}://${request.host}`, supabaseAnonKey: anonKey };
  });

  await app.register(authRoutes, {
    prefix: '/auth/v1',
    service,
    secret,
    anonKey,
    dummyHash,
    bcryptCost,
    bodyLimit: app.initialConfig.bodyLimit ?? 1024 * 1024,
    corsOrigins,
    issuer: options.issuer,
    limits,
  });
}

function loadSecretAfterMkdir(dataDir: string, fromEnv: string | undefined): string {
  openDirOnce(dataDir);
  return loadSecret(dataDir, fromEnv || undefined);
}

function openDirOnce(dataDir: string): void {
  // loadSecret writes into dataDir; make sure it exists (mode 0700) before the database does.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}
