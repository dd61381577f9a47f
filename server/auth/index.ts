/**
 * Embedded Supabase-Auth-compatible API under /auth/v1 (signup, password and refresh-token grants,
 * logout, user, settings, health) plus GET /config.json, which tells the app its auth URL and anon key.
 * Options win over environment variables; see docs/auth-server.md.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mkdirSync } from 'node:fs';
import { bcryptQueue } from './bcryptQueue.ts';
import { openDb, restrictFiles, tighten, type UserRow } from './db.ts';
import { makeOriginPolicy } from '../origin.ts';
import { AuthHttpError } from './errors.ts';
import { loadSecret, makeAnonKey } from './jwt.ts';
import { makeMailer, OutboxMailer, type Mailer } from './mailer.ts';
import { hashPassword, makeDummyHash } from './passwords.ts';
import { parseRule, RateLimiter, type RateLimitRule } from './ratelimit.ts';
import { authRoutes, type AuthLimiters } from './routes.ts';
import { AuthService } from './service.ts';

export type { RateLimitRule } from './ratelimit.ts';

export interface AuthRateLimits {
  /** Password sign-ins per client address (default burst 30, 150 per 5 min). Env RATE_LIMIT_TOKEN. */
  token?: RateLimitRule | false;
  /** refresh_token grants per token family, i.e. session (default burst 300, 3000 per 5 min). Env RATE_LIMIT_REFRESH. */
  refresh?: RateLimitRule | false;
  /** refresh_token grants with an unknown (or no) token, per client address (default burst 30, 150 per 5 min). Env RATE_LIMIT_REFRESH_FAILURES. */
  refreshFailures?: RateLimitRule | false;
  /** Sign-ups per client address (default burst 30, 30 per 5 min). Env RATE_LIMIT_SIGNUP. */
  signup?: RateLimitRule | false;
  /** Password sign-in attempts per (e-mail, address) not followed by a success (default burst 10, 10 per 5 min). Env RATE_LIMIT_EMAIL_FAILURES. */
  emailFailures?: RateLimitRule | false;
  /** Failed sign-ins per e-mail from all addresses before the slow-down starts (default burst 50, 50 per 5 min). Env RATE_LIMIT_ACCOUNT_FAILURES. */
  accountFailures?: RateLimitRule | false;
  /** While an account is slowed down: attempts per (e-mail, address) (default burst 3, 5 per 5 min). Env RATE_LIMIT_ACCOUNT_SLOW. */
  accountSlow?: RateLimitRule | false;
  /** POST /recover per address (default burst 5, 5 per 5 min). Env RATE_LIMIT_RECOVER. */
  recover?: RateLimitRule | false;
  /** POST /recover per e-mail typed (default burst 3, 1 per 5 min). Env RATE_LIMIT_RECOVER_EMAIL. */
  recoverEmail?: RateLimitRule | false;
  /** GET/POST /verify per address (default burst 30, 30 per 5 min). Env RATE_LIMIT_VERIFY. */
  verify?: RateLimitRule | false;
  /** PUT /user with a password, per account (default burst 5, 5 per 5 min). Env RATE_LIMIT_PASSWORD_CHANGE. */
  passwordChange?: RateLimitRule | false;
  /** PUT /user with a new e-mail, per account (default burst 3, 1 per 5 min; sign-ups per address apply too). Env RATE_LIMIT_EMAIL_CHANGE. */
  emailChange?: RateLimitRule | false;
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
  /** JWT `iss` claim (default `<public origin>/auth/v1`). */
  issuer?: string;
  /** The public origin of a request (app.ts passes SITE_URL or the known Host); null for an unknown Host. */
  publicOrigin?: (request: FastifyRequest) => string | null;
  /** Seconds a password-recovery link stays valid (default 3600; env RECOVERY_TOKEN_TTL, 1–86400). */
  recoveryTokenTtl?: number;
  /** Sends mail; default: SMTP when SMTP_URL is set, else the outbox under dataDir. */
  mailer?: Mailer;
  /** Origins besides the public one that recovery redirect_to may name (env REDIRECT_ORIGINS; CORS_ORIGINS count too). */
  redirectOrigins?: string[];
  /** bcrypt runs at once in this process (default min(2, CPUs − 1), at least 1; env BCRYPT_CONCURRENCY). */
  bcryptConcurrency?: number;
  /** bcrypt runs one client address may have waiting (default 10; env BCRYPT_QUEUE_PER_SOURCE). */
  bcryptQueuePerSource?: number;
  /** E-mail changes need a link followed at the current address too (default true; env SECURE_EMAIL_CHANGE=false turns it off). */
  secureEmailChange?: boolean;
  /** Clock in ms (tests). */
  now?: () => number;
  /** Where outbox and start-up notices are written (default console.log). */
  log?: (line: string) => void;
  /** Environment to read defaults from (default process.env). */
  env?: Record<string, string | undefined>;
}

export const DEMO_EMAIL = 'demo@catercaptain.com';
export const DEMO_PASSWORD = 'democatercaptain';

const DEFAULT_LIMITS: Required<AuthRateLimits> = {
  token: { burst: 30, per5min: 150 },
  refresh: { burst: 300, per5min: 3000 },
  refreshFailures: { burst: 30, per5min: 150 },
  signup: { burst: 30, per5min: 30 },
  emailFailures: { burst: 10, per5min: 10 },
  accountFailures: { burst: 50, per5min: 50 },
  accountSlow: { burst: 3, per5min: 5 },
  recover: { burst: 5, per5min: 5 },
  recoverEmail: { burst: 3, per5min: 1 },
  verify: { burst: 30, per5min: 30 },
  passwordChange: { burst: 5, per5min: 5 },
  emailChange: { burst: 3, per5min: 1 },
};

const LIMIT_ENV: Record<keyof AuthRateLimits, string> = {
  token: 'RATE_LIMIT_TOKEN',
  refresh: 'RATE_LIMIT_REFRESH',
  refreshFailures: 'RATE_LIMIT_REFRESH_FAILURES',
  signup: 'RATE_LIMIT_SIGNUP',
  emailFailures: 'RATE_LIMIT_EMAIL_FAILURES',
  accountFailures: 'RATE_LIMIT_ACCOUNT_FAILURES',
  accountSlow: 'RATE_LIMIT_ACCOUNT_SLOW',
  recover: 'RATE_LIMIT_RECOVER',
  recoverEmail: 'RATE_LIMIT_RECOVER_EMAIL',
  verify: 'RATE_LIMIT_VERIFY',
  passwordChange: 'RATE_LIMIT_PASSWORD_CHANGE',
  emailChange: 'RATE_LIMIT_EMAIL_CHANGE',
};

export interface AuthInternals {
  service: AuthService;
  /** The JWT secret and the CORS origins (the data API verifies the same tokens, for the same origins). */
  secret: string;
  corsOrigins: ReadonlySet<string>;
  mailer: Mailer;
  limits: AuthLimiters;
  /** Runs the periodic clean-up now; returns the rows deleted. */
  cleanup(now?: number): number;
}

const internals = new WeakMap<FastifyInstance, AuthInternals>();

/** The auth service behind an app (tests and maintenance scripts). */
export function authInternals(app: FastifyInstance): AuthInternals {
  const found = internals.get(app);
  if (!found) throw new Error('registerAuth was not called on this app');
  return found;
}

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
  if (!Number.isInteger(bcryptCost) || bcryptCost < 10 || bcryptCost > 16)
    throw new Error('bcrypt cost must be 10..16');
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
  const rule = (key: keyof AuthRateLimits): RateLimitRule | false => {
    const fromOptions = options.rateLimits?.[key];
    if (fromOptions !== undefined) return fromOptions;
    const fromEnv = parseRule(env[LIMIT_ENV[key]]);
    return fromEnv ?? DEFAULT_LIMITS[key];
  };
  const limits = Object.fromEntries(
    (Object.keys(LIMIT_ENV) as (keyof AuthRateLimits)[]).map((key) => [key, new RateLimiter(rule(key))]),
  ) as unknown as AuthLimiters;
  const recoveryTtl = options.recoveryTokenTtl ?? envNumber(env, 'RECOVERY_TOKEN_TTL') ?? 3600;
  if (recoveryTtl < 1 || recoveryTtl > 86400) throw new Error('RECOVERY_TOKEN_TTL must be 1..86400 seconds');
  const concurrency = options.bcryptConcurrency ?? envNumber(env, 'BCRYPT_CONCURRENCY');
  if (concurrency !== undefined) {
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new Error('BCRYPT_CONCURRENCY must be a positive integer');
    bcryptQueue.configure({ concurrency });
  }
  const perSource = options.bcryptQueuePerSource ?? envNumber(env, 'BCRYPT_QUEUE_PER_SOURCE');
  if (perSource !== undefined) {
    if (!Number.isInteger(perSource) || perSource < 1)
      throw new Error('BCRYPT_QUEUE_PER_SOURCE must be a positive integer');
    bcryptQueue.configure({ maxPerSource: perSource });
  }
  const secureEmailChange = options.secureEmailChange ?? !/^(false|0|off)$/i.test(env.SECURE_EMAIL_CHANGE ?? '');
  const log = options.log ?? ((line: string) => console.log(line));
  // Never the raw Host: without app.ts's policy, only the known host names (server/origin.ts).
  const fallbackPolicy = options.publicOrigin ? null : makeOriginPolicy({ siteUrl: env.SITE_URL });
  const publicOrigin = options.publicOrigin ?? ((request: FastifyRequest) => fallbackPolicy!.originOf(request));
  const redirectOrigins = new Set([
    ...corsOrigins,
    ...(options.redirectOrigins ?? (env.REDIRECT_ORIGINS ?? '').split(','))
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
  ]);
  const mailer =
    options.mailer ??
    makeMailer({
      smtpUrl: env.SMTP_URL || undefined,
      from: env.SMTP_FROM || undefined,
      dataDir: options.dataDir,
      siteHost: siteHostOf(env.SITE_URL),
      log,
    });

  const store = openDb(options.dataDir);
  const now = options.now ?? Date.now;
  const service = new AuthService(store, { secret, jwtExpiry, reuseInterval, now });
  const dummyHash = makeDummyHash(bcryptCost);
  dummyHash.catch(() => undefined);

  const demoWanted = options.demoUser ?? env.DEMO_USER !== 'false';
  if (demoWanted && !store.stmts.getMeta.get('demo_user_seeded')) {
    if (!service.findUserByEmail(DEMO_EMAIL)) {
      try {
        service.createUser(DEMO_EMAIL, await hashPassword(DEMO_PASSWORD, bcryptCost), {}, null);
      } catch (e) {
        // Another server on the same DATA_DIR created it meanwhile (both started at once): fine.
        if (!(e instanceof AuthHttpError && e.code === 'user_already_exists')) throw e;
      }
    }
    store.stmts.setMeta.run('demo_user_seeded', new Date().toISOString());
  }
  restrictFiles(options.dataDir);

  const cleanup = (at = now()) => {
    const deleted = service.cleanup(at);
    if (mailer instanceof OutboxMailer) mailer.prune(at);
    return deleted;
  };
  internals.set(app, { service, secret, corsOrigins, mailer, limits, cleanup });
  log(`Auth mail: ${mailer.description}`);
  try {
    cleanup();
  } catch (e) {
    app.log.warn({ err: e }, 'auth clean-up failed');
  }
  const pruneTimer = setInterval(() => {
    for (const l of Object.values(limits)) l.prune();
    try {
      cleanup();
    } catch (e) {
      app.log.warn({ err: e }, 'auth clean-up failed');
    }
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
    const origin = publicOrigin(request);
    if (!origin)
      return reply
        .code(421)
        .send({ code: 'unknown_host', error_code: 'unknown_host', msg: 'Unknown Host: set SITE_URL' });
    return { supabaseUrl: origin, supabaseAnonKey: anonKey };
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
    publicOrigin,
    mailer,
    recoveryTtl,
    redirectOrigins,
    isDemo: (user: UserRow) => user.email === DEMO_EMAIL,
    secureEmailChange,
  });
}

function siteHostOf(siteUrl: string | undefined): string {
  try {
    return siteUrl ? new URL(siteUrl).hostname : 'localhost';
  } catch {
    return 'localhost';
  }
}

function loadSecretAfterMkdir(dataDir: string, fromEnv: string | undefined): string {
  openDirOnce(dataDir);
  return loadSecret(dataDir, fromEnv || undefined);
}

function openDirOnce(dataDir: string): void {
  // loadSecret writes into dataDir; make sure it exists (mode 0700, also when created beforehand) before the database does.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir, 0o700);
}
