/** The /auth/v1 routes (a Fastify plugin registered with that prefix). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from './db.ts';
import { afterResponse } from './defer.ts';
import { startEmailChange } from './emailChange.ts';
import { API_VERSION, AuthHttpError, err, sendAuthError, toAuthError } from './errors.ts';
import { ForbiddenKeyError, parseJsonBody } from './json.ts';
import { verifyJwt } from './jwt.ts';
import { checkEmail, checkNewPassword, hashPassword, normalizeEmail, verifyPassword } from './passwords.ts';
import type { Mailer } from './mailer.ts';
import type { RateLimiter } from './ratelimit.ts';
import { allowedRedirect, recoveryRoutes } from './recovery.ts';
import { checkMetadataSize, type AuthService } from './service.ts';

export interface AuthLimiters {
  token: RateLimiter;
  refresh: RateLimiter;
  refreshFailures: RateLimiter;
  signup: RateLimiter;
  emailFailures: RateLimiter;
  accountFailures: RateLimiter;
  accountSlow: RateLimiter;
  recover: RateLimiter;
  recoverEmail: RateLimiter;
  verify: RateLimiter;
  passwordChange: RateLimiter;
  emailChange: RateLimiter;
}

export interface RouteContext {
  service: AuthService;
  secret: string;
  anonKey: string;
  dummyHash: Promise<string>;
  bcryptCost: number;
  bodyLimit: number;
  corsOrigins: Set<string>;
  issuer?: string;
  limits: AuthLimiters;
  /** Public origin of a request (SITE_URL, or its Host when known), null when the Host is unknown. */
  publicOrigin(request: FastifyRequest): string | null;
  mailer: Mailer;
  recoveryTtl: number;
  redirectOrigins: Set<string>;
  /** The public demo account (its password is on the login page): nothing about it can be changed. */
  isDemo(user: UserRow): boolean;
  /** E-mail changes also need a link sent to the current address (GoTrue's secure e-mail change). */
  secureEmailChange: boolean;
}

type Body = Record<string, unknown>;

const VERSION = 'v2.0.0-catercaptain';

function bodyOf(request: FastifyRequest): Body {
  const b = request.body;
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw err.badJson('Request body must be a JSON object');
  return b as Body;
}

function optionalString(body: Body, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw err.validation(`${key} must be a string`);
  return v;
}

export async function authRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const { service, limits } = ctx;
  const issuerFor = (request: FastifyRequest) => {
    if (ctx.issuer) return ctx.issuer;
    const origin = ctx.publicOrigin(request);
    if (!origin) throw err.validation('Unknown Host: set SITE_URL');
    return `${origin}/auth/v1`;
  };
  const clientOf = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 512) : null,
  });

  // Auth responses carry secrets next to user input: never compress them (BREACH), and it saves CPU.
  const plain = { compress: false as const };

  // supabase-js sends Content-Type: application/json even on body-less POSTs (logout): accept empty bodies.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const source = typeof text === 'string' ? text : text.toString('utf8');
    if (source.trim() === '') return done(null, undefined);
    try {
      return done(null, parseJsonBody(source));
    } catch (e) {
      if (e instanceof ForbiddenKeyError) return done(err.badJson('Forbidden key in JSON body'), undefined);
      return done(err.badJson('Could not parse request body as JSON'), undefined);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const authError = toAuthError(error, ctx.bodyLimit);
    // Log the unexpected; our own 5xx answers are deliberate (busy: load shedding; mail failed: logged in recovery.ts).
    if (authError.status >= 500 && !(error instanceof AuthHttpError))
      request.log.error({ err: error }, 'auth request failed');
    return sendAuthError(reply, authError);
  });
  app.setNotFoundHandler((_request, reply) => sendAuthError(reply, err.notFound()));

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Supabase-Api-Version', API_VERSION);
    reply.header('Cache-Control', 'no-store');
    const origin = request.headers.origin;
    if (origin && ctx.corsOrigins.has(origin)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Vary', 'Origin');
      reply.header('Access-Control-Expose-Headers', 'X-Supabase-Api-Version, x-sb-error-code, Retry-After');
    }
    if (request.method === 'OPTIONS') return;
    // The e-mailed link is opened by the browser, which sends no apikey (Kong leaves /verify open too).
    if (request.method === 'GET' && request.url.split('?')[0] === '/auth/v1/verify') return;
    const apikey = request.headers.apikey ?? (request.query as Record<string, unknown> | undefined)?.apikey;
    if (typeof apikey !== 'string' || apikey === '') throw err.noApiKey();
    if (apikey !== ctx.anonKey) {
      const claims = verifyJwt(apikey, ctx.secret);
      if (typeof claims === 'string' || (claims.role !== 'anon' && claims.role !== 'service_role')) {
        throw err.invalidApiKey();
      }
    }
  });

  app.options('/*', plain, async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && ctx.corsOrigins.has(origin)) {
      reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
      reply.header(
        'Access-Control-Allow-Headers',
        'apikey, Authorization, Content-Type, X-Client-Info, X-Supabase-Api-Version, X-Requested-With',
      );
      reply.header('Access-Control-Max-Age', '86400');
    }
    return reply.code(204).send();
  });

  /** Bearer access token → user and session, with GoTrue's errors. */
  function authenticate(request: FastifyRequest): { user: UserRow; sessionId: string } {
    const header = request.headers.authorization;
    const m = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!m) throw err.noAuthorization();
    const claims = verifyJwt(m[1]!, ctx.secret);
    if (typeof claims === 'string') throw err.badJwt(claims);
    if (typeof claims.sub !== 'string' || !claims.sub) throw err.badJwt('missing sub claim');
    const user = service.userById(claims.sub);
    if (!user) throw err.userNotFound();
    const sessionId = claims.session_id;
    if (typeof sessionId !== 'string' || !service.store.stmts.sessionById.get(sessionId)) throw err.sessionNotFound();
    return { user, sessionId };
  }

  app.get('/health', plain, async () => ({
    version: VERSION,
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  }));

  app.get('/settings', plain, async () => ({
    external: { anonymous_users: false, email: true, phone: false },
    disable_signup: false,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));

  app.post('/signup', plain, async (request) => {
    const body = bodyOf(request);
    const email = normalizeEmail(optionalString(body, 'email'));
    const password = optionalString(body, 'password');
    if (!email && optionalString(body, 'phone') === undefined) {
      if (!password) throw err.anonymousDisabled();
      throw err.validation('To sign up, please provide your email');
    }
    if (!email) throw err.validation('Phone sign-ups are disabled; please provide your email');
    limits.signup.consume(request.ip);
    checkNewPassword(password);
    checkEmail(email);
    const data = body.data;
    if (data !== undefined && data !== null && (typeof data !== 'object' || Array.isArray(data))) {
      throw err.validation('data must be an object');
    }
    // Checked again with the identity fields by createUser; here before paying for bcrypt.
    checkMetadataSize((data ?? {}) as Body);
    // The hash is paid for whether or not the address is taken (createUser refuses a taken one in its
    // transaction): a registered address must not answer in a fifth of the time.
    const passwordHash = await hashPassword(password!, ctx.bcryptCost, { source: request.ip, account: email });
    const user = service.createUser(email, passwordHash, (data ?? {}) as Body, null);
    return service.signIn(user.id, clientOf(request), issuerFor(request));
  });

  async function passwordGrant(request: FastifyRequest) {
    const body = bodyOf(request);
    const email = normalizeEmail(optionalString(body, 'email'));
    const password = optionalString(body, 'password') ?? '';
    if (!email) {
      if (optionalString(body, 'phone')) throw err.invalidCredentials();
      throw err.validation('A valid email or phone number is required');
    }
    limits.token.consume(request.ip);
    // Failures are counted per (account, address): a stranger guessing the demo password from their
    // address cannot lock out anyone signing in from another. Each attempt takes a token up front (so
    // concurrent guesses cannot overshoot) and a success gives the address its allowance back.
    const pair = `${email}\n${request.ip}`;
    limits.emailFailures.consume(pair);
    // Gentle global slow-down: once an account has many failures from all addresses together, each
    // address gets a much smaller allowance for it. It still never blocks an address that has not failed.
    if (limits.accountFailures.isEmpty(email)) limits.accountSlow.consume(pair);
    const user = service.findUserByEmail(email);
    // Unknown e-mail, or no password: still pay for one bcrypt verification so timing does not tell.
    const ok = await verifyPassword(password, user?.encrypted_password ?? (await ctx.dummyHash), {
      source: request.ip,
      account: email,
    });
    if (!user || !user.encrypted_password || !ok || !password) {
      limits.accountFailures.penalize(email);
      throw err.invalidCredentials();
    }
    limits.emailFailures.reset(pair);
    limits.accountSlow.reset(pair);
    return service.signIn(user.id, clientOf(request), issuerFor(request));
  }

  app.post('/token', plain, async (request, reply: FastifyReply) => {
    const grant = (request.query as Record<string, unknown>).grant_type;
    if (grant === 'password') return passwordGrant(request);
    if (grant === 'refresh_token') {
      const token = optionalString(bodyOf(request), 'refresh_token');
      // Counted per token family (session) for known tokens, and per address only for unknown ones: a
      // stranger sharing a NAT's address cannot spend the bucket its users' refreshes need (a 4xx on
      // refresh signs supabase-js out).
      const family = token ? service.refreshFamily(token) : null;
      if (family) limits.refresh.consume(family);
      else limits.refreshFailures.consume(request.ip);
      if (!token) {
        return reply.code(400).header('x-sb-error-code', 'validation_failed').send({
          error: 'invalid_request',
          error_description: 'refresh_token required',
          code: 'validation_failed',
          error_code: 'validation_failed',
          msg: 'refresh_token required',
        });
      }
      return service.refresh(token, issuerFor(request));
    }
    throw new AuthHttpError(
      400,
      'validation_failed',
      typeof grant === 'string' && grant
        ? `unsupported_grant_type: "${grant}" is not supported (use password or refresh_token)`
        : 'grant_type query parameter is required (password or refresh_token)',
    );
  });

  app.post('/logout', plain, async (request, reply) => {
    const scope = (request.query as Record<string, unknown>).scope ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw err.validation('scope must be one of global, local, others');
    }
    const { user, sessionId } = authenticate(request);
    service.logout(user.id, sessionId, scope);
    return reply.code(204).send();
  });

  app.get('/user', plain, async (request) => {
    const { user } = authenticate(request);
    return service.publicUser(user);
  });

  app.put('/user', plain, async (request, reply) => {
    const { user, sessionId } = authenticate(request);
    const body = bodyOf(request);
    const given = (key: string) => body[key] !== undefined && body[key] !== null;
    if (ctx.isDemo(user) && (given('email') || given('password') || given('data'))) throw err.demoReadOnly();
    const change: { passwordHash?: string; data?: Body } = {};
    let newEmail: string | undefined;
    const rawEmail = optionalString(body, 'email');
    if (rawEmail !== undefined) {
      const email = normalizeEmail(rawEmail);
      if (!email) throw err.validation('Unable to validate email address: invalid format');
      checkEmail(email);
      if (email !== user.email) newEmail = email;
    }
    let origin = '';
    let redirectTo = '';
    if (newEmail) {
      origin = ctx.publicOrigin(request) ?? '';
      if (!origin) throw err.validation('Unknown Host: set SITE_URL');
      const wanted = (request.query as Record<string, unknown>).redirect_to;
      redirectTo = `${origin}/`;
      if (wanted !== undefined && wanted !== '') {
        const ok = allowedRedirect(wanted, origin, ctx.redirectOrigins);
        if (!ok) throw err.validation(`redirect_to must be a page of ${origin} (or an origin in REDIRECT_ORIGINS)`);
        redirectTo = ok;
      }
      // Each request mails up to two links: limited per account, and per address no faster than sign-ups.
      limits.emailChange.consume(user.id);
      limits.signup.consume(request.ip);
    }
    // Metadata first: a request that will be refused must not cost two bcrypt runs.
    const data = body.data;
    if (data !== undefined && data !== null) {
      if (typeof data !== 'object' || Array.isArray(data)) throw err.validation('data must be an object');
      change.data = data as Body;
      checkMetadataSize(service.mergedMetadata(user, change.data));
    }
    const password = optionalString(body, 'password');
    if (password !== undefined) {
      checkNewPassword(password);
      // Two bcrypt runs per call: limited per account (the queue in bcryptQueue.ts bounds them overall).
      limits.passwordChange.consume(user.id);
      const key = { source: request.ip, account: user.id };
      if (user.encrypted_password && (await verifyPassword(password, user.encrypted_password, key)))
        throw err.samePassword();
      change.passwordHash = await hashPassword(password, ctx.bcryptCost, key);
    }
    if (!newEmail && !change.passwordHash && !change.data) return service.publicUser(user);
    // The user may have changed meanwhile (bcrypt is async): re-read before writing.
    let fresh = service.userById(user.id);
    if (!fresh) throw err.userNotFound();
    if (change.passwordHash || change.data) fresh = service.updateUser(fresh, sessionId, change);
    if (newEmail) {
      // The address moves only once the mailed links are followed (see emailChange.ts).
      const started = startEmailChange(service, ctx.mailer, {
        user: fresh,
        newEmail,
        origin,
        redirectTo,
        secure: ctx.secureEmailChange,
        ttlSeconds: ctx.recoveryTtl,
      });
      fresh = started.user;
      afterResponse(reply, started.send, request.log);
    }
    return service.publicUser(fresh);
  });

  recoveryRoutes(app, {
    service,
    mailer: ctx.mailer,
    ttlSeconds: ctx.recoveryTtl,
    originOf: ctx.publicOrigin,
    redirectOrigins: ctx.redirectOrigins,
    issuerFor,
    clientOf,
    limits,
    isDemo: ctx.isDemo,
    log: app.log,
  });
}
