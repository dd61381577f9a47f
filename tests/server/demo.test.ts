/**
 * Issue 19 #4: the public demo account (its password is on the login page) cannot be hijacked: its
 * password, e-mail and metadata cannot be changed, and it is never recovered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { authInternals, DEMO_EMAIL, DEMO_PASSWORD } from '../../server/auth/index.ts';
import { hashToken } from '../../server/auth/service.ts';
import { client, makeDirs, readOutbox, startServer, uniqueEmail, type TestServer } from './helpers.ts';

const DEMO = { email: DEMO_EMAIL, password: DEMO_PASSWORD };
const READ_ONLY =
  'The demo account is shared: its password, e-mail and details cannot be changed, and it cannot be deleted or recovered.';

describe('the demo account is read-only', () => {
  const dirs = makeDirs();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dirs, { demoUser: true });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  async function demoClient() {
    const c = client(server);
    const { error } = await c.auth.signInWithPassword(DEMO);
    expect(error).toBeNull();
    return c;
  }

  it('refuses a new password, e-mail or metadata with 403 demo_account_read_only', async () => {
    const c = await demoClient();
    for (const change of [
      { password: 'hijacked password' },
      { email: uniqueEmail('thief') },
      { data: { name: 'mine now' } },
    ]) {
      const { error } = await c.auth.updateUser(change);
      expect(error?.status).toBe(403);
      expect(error?.code).toBe('demo_account_read_only');
      expect(error?.message).toBe(READ_ONLY);
    }
    // Nothing changed: the published password still works, the address is still the demo's, no change pending.
    const again = await client(server).auth.signInWithPassword(DEMO);
    expect(again.error).toBeNull();
    expect(again.data.user).toMatchObject({ email: DEMO_EMAIL, user_metadata: { email: DEMO_EMAIL } });
    expect(again.data.user?.new_email).toBeUndefined();
    expect(again.data.user?.user_metadata).not.toHaveProperty('name');
    // Nobody can sign up with the address either.
    expect((await client(server).auth.signUp({ email: DEMO_EMAIL, password: 'another password' })).error?.code).toBe(
      'user_already_exists',
    );
    // Reading it still works.
    expect((await c.auth.getUser()).data.user?.email).toBe(DEMO_EMAIL);
    // There is no way to delete an account through the API (no DELETE /user, no admin endpoints).
    const session = (await c.auth.getSession()).data.session!;
    const del = await fetch(`${server.url}/auth/v1/user`, {
      method: 'DELETE',
      headers: { apikey: server.anonKey, Authorization: `Bearer ${session.access_token}` },
    });
    expect(del.status).toBe(404);
  });

  it('is never recovered: /recover answers as usual but mails nothing, and an old link does not work', async () => {
    const { data, error } = await client(server).auth.resetPasswordForEmail(DEMO_EMAIL);
    expect(error).toBeNull();
    expect(data).toEqual({});
    // A normal account gets its mail; by then the demo's would have been written too.
    const email = uniqueEmail('normal');
    await client(server).auth.signUp({ email, password: 'a password 1' });
    await client(server).auth.resetPasswordForEmail(email);
    for (let i = 0; i < 100 && readOutbox(dirs.dataDir, email).length === 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(readOutbox(dirs.dataDir, email)).toHaveLength(1);
    expect(readOutbox(dirs.dataDir, DEMO_EMAIL)).toHaveLength(0);

    // A recovery token left from before this rule (inserted directly) is refused too.
    const { service } = authInternals(server.app);
    const demo = service.findUserByEmail(DEMO_EMAIL)!;
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    service.store.stmts.insertRecovery.run(
      hashToken(token),
      demo.id,
      DEMO_EMAIL,
      new Date(now).toISOString(),
      new Date(now + 3600_000).toISOString(),
    );
    const res = await fetch(
      `${server.url}/auth/v1/verify?token=${token}&type=recovery&redirect_to=${encodeURIComponent(`${server.url}/reset-password`)}`,
      {
        redirect: 'manual',
      },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('error_code=otp_expired');
    expect(res.headers.get('location')).not.toContain('access_token');
  });
});
