// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthConfig } from '../../src/machines/auth/config';

// The real actors over the real supabase-js, with the network replaced: what each server answer becomes.
const config: AuthConfig = { url: 'http://auth.test', anonKey: 'anon', storageKey: 'sb-auth-auth-token' };
const user = {
  id: 'u1',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'cook@example.com',
  app_metadata: {},
  user_metadata: {},
  created_at: '2026-01-01T00:00:00Z',
};
const session = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  user,
};
type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'offline';
let answers: Record<string, Answer> = {};
let requests: string[] = [];

function respond(answer: Answer): Response {
  if (answer === 'offline') throw new TypeError('Failed to fetch');
  return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01', ...answer.headers },
  });
}

beforeEach(() => {
  // A fresh module (and so a fresh client) per test: no test leans on another's client, cached
  // Retry-After or listeners, and a mutation of module-level code is seen by every test.
  vi.resetModules();
  answers = {};
  requests = [];
  localStorage.clear();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    requests.push(`${key}${url.search}`);
    return respond(answers[key] ?? { status: 404, body: { code: 'not_found', message: 'not found' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const storeSession = () => localStorage.setItem(config.storageKey, JSON.stringify(session));
const load = () => import('../../src/machines/auth/supabaseAuth');

describe('validateSession (GET /auth/v1/user at start-up)', () => {
  it('is valid when the server knows the user', async () => {
    storeSession();
    answers['GET /auth/v1/user'] = { status: 200, body: user };
    expect(await (await load()).validateSession(config)).toEqual({
      status: 'valid',
      user: { id: 'u1', email: 'cook@example.com' },
    });
  });

  it.each([
    ['session_not_found', 403],
    ['user_not_found', 403],
    ['bad_jwt', 403],
  ])('has ended on %s', async (code, status) => {
    storeSession();
    answers['GET /auth/v1/user'] = { status, body: { code, message: code } };
    const result = await (await load()).validateSession(config);
    expect(result.status).toBe('ended');
  });

  it('is unreachable with no network, and keeps the stored session', async () => {
    storeSession();
    answers['GET /auth/v1/user'] = 'offline';
    expect((await (await load()).validateSession(config)).status).toBe('unreachable');
    expect(localStorage.getItem(config.storageKey)).not.toBeNull();
  });

  it('is unreachable on a server error', async () => {
    storeSession();
    answers['GET /auth/v1/user'] = { status: 503, body: { code: 'unexpected_failure', message: 'down' } };
    expect((await (await load()).validateSession(config)).status).toBe('unreachable');
  });

  it('has ended when an expired session cannot be refreshed (revoked refresh token)', async () => {
    localStorage.setItem(
      config.storageKey,
      JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 10 }),
    );
    answers['POST /auth/v1/token'] = {
      status: 400,
      body: { code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' },
    };
    const result = await (await load()).validateSession(config);
    expect(result.status).toBe('ended');
    expect(requests.some((r) => r.startsWith('GET /auth/v1/user'))).toBe(false);
  });

  it('gives up waiting and keeps the user signed in when the server never answers', async () => {
    storeSession();
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    expect(await (await load()).validateSession(config, 50)).toEqual({
      status: 'unreachable',
      reason: 'no answer in time',
    });
  });
});

describe('endLocalSession (sign-out, local half)', () => {
  it('makes no request once the stored session is removed, and tells listeners SIGNED_OUT', async () => {
    storeSession();
    const supabase = await load();
    const seen: string[] = [];
    const stop = supabase.watchAuthChanges(config, (change) => seen.push(change.event));
    localStorage.removeItem(config.storageKey);
    answers = {};
    requests = [];
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await supabase.endLocalSession(config);
    stop();
    expect(seen).toContain('SIGNED_OUT');
    expect(localStorage.getItem(config.storageKey)).toBeNull();
  });

  it('revokes on the server with the removed token and the scope asked for', async () => {
    answers['POST /auth/v1/logout'] = { status: 204 };
    expect(await (await load()).revokeSession(config, 'access-1', 'global')).toBe(true);
    expect(requests).toContain('POST /auth/v1/logout?scope=global');
  });

  it('reports a revocation that could not reach the server without throwing', async () => {
    answers['POST /auth/v1/logout'] = 'offline';
    expect(await (await load()).revokeSession(config, 'access-1', 'global')).toBe(false);
  });
});

describe('sign-in wording', () => {
  it('says how long to wait on 429, from Retry-After when the message does not', async () => {
    answers['POST /auth/v1/token'] = {
      status: 429,
      body: { code: 'over_request_rate_limit', message: 'Request rate limit reached' },
      headers: { 'Retry-After': '27' },
    };
    await expect((await load()).signIn(config, { email: 'cook@example.com', password: 'x' })).rejects.toThrow(
      'Too many attempts. Try again in 27 seconds.',
    );
  });

  it('keeps the server’s own 429 message when it says how long', async () => {
    answers['POST /auth/v1/token'] = {
      status: 429,
      body: { code: 'over_request_rate_limit', message: 'Too many attempts. Try again in 3 minutes.' },
      headers: { 'Retry-After': '170' },
    };
    await expect((await load()).signIn(config, { email: 'cook@example.com', password: 'x' })).rejects.toThrow(
      'Too many attempts. Try again in 3 minutes.',
    );
  });

  it('shows the server message otherwise', async () => {
    answers['POST /auth/v1/token'] = {
      status: 400,
      body: { code: 'invalid_credentials', message: 'Invalid login credentials' },
    };
    await expect((await load()).signIn(config, { email: 'cook@example.com', password: 'x' })).rejects.toThrow(
      'Invalid login credentials',
    );
  });
});

describe('password recovery', () => {
  it('asks POST /recover with the reset page as redirect_to', async () => {
    answers['POST /auth/v1/recover'] = { status: 200, body: {} };
    await (await load()).requestPasswordReset(config, 'cook@example.com', 'http://localhost:3000/reset-password');
    expect(requests).toContain(
      `POST /auth/v1/recover?redirect_to=${encodeURIComponent('http://localhost:3000/reset-password')}`,
    );
  });
});

describe('validateSession: which answers mean the session has ended', () => {
  // session_not_found is not in the list: supabase-js itself reports it as a missing session (see below).
  it.each([
    'user_not_found',
    'refresh_token_not_found',
    'refresh_token_already_used',
    'session_expired',
    'bad_jwt',
    'no_authorization',
  ])('%s has ended the session, whatever the status', async (code) => {
    storeSession();
    answers['GET /auth/v1/user'] = { status: 400, body: { code, message: `message of ${code}` } };
    expect(await (await load()).validateSession(config)).toEqual({ status: 'ended', reason: code });
  });
  it.each([401, 403])('a %i with an unknown code has ended the session too', async (status) => {
    storeSession();
    answers['GET /auth/v1/user'] = { status, body: { code: 'something_new', message: 'Nope' } };
    expect(await (await load()).validateSession(config)).toEqual({ status: 'ended', reason: 'something_new' });
  });
  it('a 400 with an unknown code is not an ended session: unreachable, with the message', async () => {
    storeSession();
    answers['GET /auth/v1/user'] = { status: 400, body: { code: 'validation_failed', message: 'Bad request' } };
    expect(await (await load()).validateSession(config)).toEqual({ status: 'unreachable', reason: 'Bad request' });
  });
  it('no stored session has ended, with the library’s reason', async () => {
    expect(await (await load()).validateSession(config)).toEqual({ status: 'ended', reason: 'Auth session missing!' });
  });
  it('no network: unreachable, with the reason', async () => {
    storeSession();
    answers['GET /auth/v1/user'] = 'offline';
    expect(await (await load()).validateSession(config)).toEqual({ status: 'unreachable', reason: 'Failed to fetch' });
  });
});

describe('restoreSession, signIn, signUp: the user as the app knows it', () => {
  it('a stored session gives its user; none gives no user', async () => {
    const supabase = await load();
    expect(await supabase.restoreSession(config)).toEqual({ user: null });
    storeSession();
    expect(await supabase.restoreSession({ ...config, anonKey: 'anon-2' })).toEqual({
      user: { id: 'u1', email: 'cook@example.com' },
    });
  });
  it('sign-in gives the signed-in user; a user without an email has a null email', async () => {
    answers['POST /auth/v1/token'] = { status: 200, body: { ...session, user: { ...user, email: undefined } } };
    expect(await (await load()).signIn(config, { email: 'cook@example.com', password: 'pw' })).toEqual({
      user: { id: 'u1', email: null },
    });
  });
  it('sign-in with no network says the server could not be reached', async () => {
    answers['POST /auth/v1/token'] = 'offline';
    await expect((await load()).signIn(config, { email: 'cook@example.com', password: 'pw' })).rejects.toThrow(
      'The server could not be reached. Check your connection and try again.',
    );
  });
  it('sign-up that needs an email confirmation gives no user; a refused one throws the server message', async () => {
    answers['POST /auth/v1/signup'] = { status: 200, body: user };
    expect(await (await load()).signUp(config, { email: 'cook@example.com', password: 'pw-long-enough' })).toEqual({
      user: null,
    });
    answers['POST /auth/v1/signup'] = {
      status: 422,
      body: { code: 'user_already_exists', message: 'User already registered' },
    };
    await expect(
      (await load()).signUp(config, { email: 'cook@example.com', password: 'pw-long-enough' }),
    ).rejects.toThrow('User already registered');
  });
  it('sign-up with a session gives its user', async () => {
    answers['POST /auth/v1/signup'] = { status: 200, body: session };
    expect(await (await load()).signUp(config, { email: 'cook@example.com', password: 'pw-long-enough' })).toEqual({
      user: { id: 'u1', email: 'cook@example.com' },
    });
  });
});

describe('password reset requests and updates', () => {
  it('a 429 on a reset request says how long to wait', async () => {
    answers['POST /auth/v1/recover'] = {
      status: 429,
      body: { code: 'over_email_send_rate_limit', message: 'Email rate limit exceeded' },
      headers: { 'Retry-After': '300' },
    };
    await expect(
      (await load()).requestPasswordReset(config, 'cook@example.com', 'http://localhost/reset'),
    ).rejects.toThrow('Too many attempts. Try again in 5 minutes.');
  });
  it('a 500 on a reset request shows the server’s message (the e-mail could not be sent), not "{}"', async () => {
    answers['POST /auth/v1/recover'] = {
      status: 500,
      body: {
        code: 'unexpected_failure',
        msg: 'Error sending recovery email: the e-mail could not be sent. Please try again later.',
      },
    };
    await expect(
      (await load()).requestPasswordReset(config, 'cook@example.com', 'http://localhost/reset'),
    ).rejects.toThrow(/^Error sending recovery email: the e-mail could not be sent\. Please try again later\.$/);
  });
  it('a 5xx without a message of its own says the server could not do it', async () => {
    answers['POST /auth/v1/recover'] = { status: 502 };
    await expect(
      (await load()).requestPasswordReset(config, 'cook@example.com', 'http://localhost/reset'),
    ).rejects.toThrow('The server could not do that just now. Please try again in a few minutes.');
  });
  it('a password update without a session says the session is gone', async () => {
    const error = await (await load()).updatePassword(config, 'new-password-1').catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Auth session missing!', sessionGone: true });
  });
  it('a password update with the session succeeds, or throws the server message', async () => {
    storeSession();
    answers['PUT /auth/v1/user'] = { status: 200, body: user };
    await expect((await load()).updatePassword(config, 'new-password-1')).resolves.toBeUndefined();
    answers['PUT /auth/v1/user'] = {
      status: 422,
      body: { code: 'same_password', message: 'New password should be different from the old password.' },
    };
    const error = await (await load()).updatePassword(config, 'new-password-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('New password should be different from the old password.');
    expect(error).not.toHaveProperty('sessionGone');
  });
});

describe('the client and its listeners', () => {
  it('one client per project: the same URL and key reuse it, another key makes a new one', async () => {
    const supabase = await load();
    const first = supabase.getClient(config);
    expect(supabase.getClient({ ...config })).toBe(first);
    expect(supabase.getClient({ ...config, anonKey: 'other' })).not.toBe(first);
    const second = supabase.getClient({ ...config, anonKey: 'other' });
    expect(supabase.getClient({ ...config, anonKey: 'other', url: 'http://other.test' })).not.toBe(second);
  });
  it('a revocation the server refuses reports false', async () => {
    answers['POST /auth/v1/logout'] = { status: 401, body: { code: 'bad_jwt', message: 'invalid JWT' } };
    expect(await (await load()).revokeSession(config, 'access-1', 'local')).toBe(false);
    expect(requests).toContain('POST /auth/v1/logout?scope=local');
  });
});

describe('where the auth service is (config.ts)', () => {
  const loadConfig = async () => {
    vi.resetModules();
    return import('../../src/machines/auth/config');
  };
  const serve = (answer: { status: number; body?: unknown }) => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push([String(input), init]);
      return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status });
    });
    return calls;
  };
  afterEach(() => vi.unstubAllEnvs());

  it('names the session key after the project (the first label of the host), as supabase-js does', async () => {
    const { storageKeyFor } = await loadConfig();
    expect(storageKeyFor('https://abcdefgh.supabase.co')).toBe('sb-abcdefgh-auth-token');
    expect(storageKeyFor('http://localhost:54321')).toBe('sb-localhost-auth-token');
  });
  it('a build with both VITE_ variables uses them and asks nothing', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', 'https://proj.supabase.co');
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'key-1');
    const calls = serve({ status: 500 });
    const { loadAuthConfig } = await loadConfig();
    expect(await loadAuthConfig()).toEqual({
      url: 'https://proj.supabase.co',
      anonKey: 'key-1',
      storageKey: 'sb-proj-auth-token',
    });
    expect(calls).toEqual([]);
  });
  it('otherwise asks GET /config.json once (as JSON), and keeps the answer', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', 'https://proj.supabase.co');
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', '');
    const calls = serve({ status: 200, body: { supabaseUrl: 'http://own.example.com', supabaseAnonKey: 'key-2' } });
    const { loadAuthConfig } = await loadConfig();
    const expected = { url: 'http://own.example.com', anonKey: 'key-2', storageKey: 'sb-own-auth-token' };
    expect(await loadAuthConfig()).toEqual(expected);
    expect(await loadAuthConfig()).toEqual(expected);
    expect(calls).toEqual([['/config.json', { headers: { Accept: 'application/json' } }]]);
  });
  it('a failed /config.json says so with its status; the next call asks again', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', '');
    vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'key-1');
    const calls = serve({ status: 404 });
    const { loadAuthConfig } = await loadConfig();
    await expect(loadAuthConfig()).rejects.toThrow('The auth service could not be found (config.json answered 404).');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(loadAuthConfig()).rejects.toThrow('config.json answered 404');
    expect(calls).toHaveLength(2);
  });
  it.each([{ supabaseUrl: 'http://own.example.com' }, { supabaseAnonKey: 'key-2' }, {}])(
    'an answer without a URL and a key (%o) is "not configured"',
    async (body) => {
      vi.stubEnv('VITE_SUPABASE_URL', '');
      vi.stubEnv('VITE_SUPABASE_ANON_KEY', '');
      serve({ status: 200, body });
      const { loadAuthConfig } = await loadConfig();
      await expect(loadAuthConfig()).rejects.toThrow('The auth service is not configured.');
    },
  );
});

describe('the session key, listeners and timers', () => {
  it('the session is kept under the config’s storage key, and read back from it', async () => {
    const own = { ...config, storageKey: 'own-session-key' };
    answers['POST /auth/v1/token'] = { status: 200, body: session };
    const supabase = await load();
    await supabase.signIn(own, { email: 'cook@example.com', password: 'pw' });
    expect(JSON.parse(localStorage.getItem('own-session-key') ?? 'null')).toMatchObject({ access_token: 'access-1' });
    expect(localStorage.getItem(config.storageKey)).toBeNull();
    expect(await supabase.restoreSession(own)).toEqual({ user: { id: 'u1', email: 'cook@example.com' } });
  });
  it('listeners hear changes, never the initial session, and nothing once they stop', async () => {
    storeSession();
    const supabase = await load();
    const seen: string[] = [];
    const stop = supabase.watchAuthChanges(config, (change) => seen.push(`${change.event}:${change.user?.id ?? null}`));
    await supabase.restoreSession(config);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // supabase-js says SIGNED_IN for the stored session as it loads it, and INITIAL_SESSION, which is not passed on.
    expect(seen).toEqual(['SIGNED_IN:u1']);
    localStorage.removeItem(config.storageKey);
    await supabase.endLocalSession(config);
    expect(seen).toEqual(['SIGNED_IN:u1', 'SIGNED_OUT:null']);
    stop();
    storeSession();
    answers['POST /auth/v1/token'] = { status: 200, body: session };
    await supabase.signIn(config, { email: 'cook@example.com', password: 'pw' });
    expect(seen).toEqual(['SIGNED_IN:u1', 'SIGNED_OUT:null']);
  });
  it('the patience timer is cleared once the server answered', async () => {
    storeSession();
    answers['GET /auth/v1/user'] = { status: 200, body: user };
    const supabase = await load();
    await supabase.restoreSession(config);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      expect((await supabase.validateSession(config)).status).toBe('valid');
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
  it('the new password is what is sent', async () => {
    storeSession();
    const bodies: unknown[] = [];
    const supabase = await load();
    await supabase.restoreSession(config);
    vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') bodies.push(JSON.parse(String(init.body)));
      return respond({ status: 200, body: user });
    });
    await supabase.updatePassword(config, 'new-password-1');
    expect(bodies).toEqual([expect.objectContaining({ password: 'new-password-1' })]);
  });
});

describe('adoptRecoverySession (the reset page)', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));
  it('an expired link reports expired with its error code', async () => {
    window.history.replaceState(
      null,
      '',
      '/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    expect(await (await load()).adoptRecoverySession(config)).toEqual({ status: 'expired', reason: 'otp_expired' });
  });
  it('no link and no session: missing; a stored session: ready, with its email', async () => {
    expect(await (await load()).adoptRecoverySession(config)).toEqual({ status: 'missing' });
    storeSession();
    expect(await (await load()).adoptRecoverySession({ ...config, anonKey: 'anon-2' })).toEqual({
      status: 'ready',
      email: 'cook@example.com',
    });
  });
});

describe('which failures say "could not be reached"', () => {
  it('a 503 from the server is not "no network": its own message is shown', async () => {
    answers['POST /auth/v1/token'] = {
      status: 503,
      body: { code: 'unexpected_failure', message: 'Service down for maintenance' },
    };
    const error = await (
      await load()
    )
      .signIn(config, { email: 'cook@example.com', password: 'pw' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toBe('The server could not be reached. Check your connection and try again.');
  });
});

describe('a session in the address (login CSRF)', () => {
  const b64 = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const otherUser = { ...user, id: 'u2', email: 'stranger@example.com' };
  const tokenOf = (sub: string) =>
    `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, exp: Math.floor(Date.now() / 1000) + 3600, role: 'authenticated' })}.c2ln`;
  const fragment = (sub: string, type: string) =>
    `#access_token=${tokenOf(sub)}&refresh_token=refresh-2&expires_in=3600&expires_at=${Math.floor(Date.now() / 1000) + 3600}&token_type=bearer&type=${type}`;
  const storedUserId = () =>
    (JSON.parse(localStorage.getItem(config.storageKey) ?? 'null') as { user?: { id: string } } | null)?.user?.id ??
    null;
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('is not taken on a page that does not expect one, signed in or not', async () => {
    answers['GET /auth/v1/user'] = { status: 200, body: otherUser };
    window.history.replaceState(null, '', `/Dashboard${fragment('u2', 'signup')}`);
    expect(await (await load()).restoreSession(config)).toEqual({ user: null });
    expect(localStorage.getItem(config.storageKey)).toBeNull();

    vi.resetModules();
    storeSession();
    window.history.replaceState(null, '', `/Inventory${fragment('u2', 'magiclink')}`);
    expect(await (await load()).restoreSession(config)).toEqual({ user: { id: 'u1', email: 'cook@example.com' } });
    expect(storedUserId()).toBe('u1');
  });

  it('on the reset page, replaces another signed-in account only when the visitor agrees', async () => {
    answers['GET /auth/v1/user'] = { status: 200, body: otherUser };
    storeSession();
    window.history.replaceState(null, '', `/reset-password${fragment('u2', 'recovery')}`);
    const decline = vi.fn(() => false);
    await expect((await load()).adoptRecoverySession(config, decline)).rejects.toThrow(
      'Nothing was changed: cook@example.com is still signed in on this browser.',
    );
    expect(decline).toHaveBeenCalledWith('cook@example.com');
    expect(storedUserId()).toBe('u1');
    expect(window.location.hash).toBe('');

    vi.resetModules();
    window.history.replaceState(null, '', `/reset-password${fragment('u2', 'recovery')}`);
    const agree = vi.fn(() => true);
    expect(await (await load()).adoptRecoverySession(config, agree)).toEqual({
      status: 'ready',
      email: 'stranger@example.com',
    });
    expect(agree).toHaveBeenCalledWith('cook@example.com');
    expect(storedUserId()).toBe('u2');
  });

  it('on the reset page, takes the link’s session without asking when no one else is signed in', async () => {
    answers['GET /auth/v1/user'] = { status: 200, body: otherUser };
    window.history.replaceState(null, '', `/reset-password${fragment('u2', 'recovery')}`);
    const ask = vi.fn(() => false);
    expect(await (await load()).adoptRecoverySession(config, ask)).toEqual({
      status: 'ready',
      email: 'stranger@example.com',
    });
    expect(ask).not.toHaveBeenCalled();
  });
});

describe('the pages that expect a session in the address', () => {
  it('are the reset page only, as the route table names it', async () => {
    const { urlSessionPaths } = await import('../../src/machines/auth/urlSession');
    const { routes } = await import('../../src/views/shell/routes');
    expect(urlSessionPaths).toEqual([routes.resetPassword]);
  });
});
