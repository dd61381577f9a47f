/**
 * Issue 19 #5: an e-mail change waits for the links mailed to the new address and (secure e-mail change,
 * the default) the current one, as GoTrue does; it is throttled; and its answer never says whether the
 * new address is taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../server/auth/db.ts';
import { SINGLE_CONFIRMATION_MESSAGE } from '../../server/auth/emailChange.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { client, makeDirs, NO_LIMITS, readOutbox, startServer, uniqueEmail, type TestServer } from './helpers.ts';

const PASSWORD = 'correct horse battery';

function fragment(location: string | null): URLSearchParams {
  expect(location).toContain('#');
  return new URLSearchParams(location!.slice(location!.indexOf('#') + 1));
}

async function mailsTo(dataDir: string, email: string, count: number) {
  for (let i = 0; i < 100 && readOutbox(dataDir, email).length < count; i++)
    await new Promise((r) => setTimeout(r, 20));
  const all = readOutbox(dataDir, email);
  expect(all).toHaveLength(count);
  return all;
}

describe('e-mail change (secure: both addresses confirm)', () => {
  const dirs = makeDirs();
  let server: TestServer;
  let clockOffset = 0;
  beforeAll(async () => {
    server = await startServer(dirs, {
      demoUser: false,
      rateLimits: { ...NO_LIMITS, emailChange: { burst: 2, per5min: 1 } },
      now: () => Date.now() + clockOffset,
    });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  async function signedIn() {
    const email = uniqueEmail('owner');
    const c = client(server);
    const { error } = await c.auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    return { email, c };
  }

  it('changes nothing until both mailed links are followed, then moves the account', async () => {
    const { email, c } = await signedIn();
    const target = uniqueEmail('moved');
    const { data, error } = await c.auth.updateUser({ email: target }, { emailRedirectTo: `${server.url}/dashboard` });
    expect(error).toBeNull();
    // GoTrue's answer: the user, still at the old address, with new_email and email_change_sent_at.
    expect(data.user).toMatchObject({ email, new_email: target });
    expect(Date.parse(data.user!.email_change_sent_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await client(server).auth.signInWithPassword({ email: target, password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await client(server).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const [toNew] = await mailsTo(dirs.dataDir, target, 1);
    const [toOld] = await mailsTo(dirs.dataDir, email, 1);
    expect(toNew!.subject).toBe('Confirm your new Cater Captain e-mail address');
    expect(toOld!.subject).toBe('Confirm the change of your Cater Captain e-mail address');
    for (const mail of [toNew!, toOld!]) {
      expect(mail.link).toMatch(
        new RegExp(`^${server.url}/auth/v1/verify\\?token=[A-Za-z0-9_-]{43}&type=email_change&redirect_to=`),
      );
      expect(new URL(mail.link!).searchParams.get('redirect_to')).toBe(`${server.url}/dashboard`);
    }
    expect(toNew!.link).not.toBe(toOld!.link);

    // The first link only records its half.
    const first = await fetch(toNew!.link!, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')!.startsWith(`${server.url}/dashboard#`)).toBe(true);
    expect(fragment(first.headers.get('location')).get('message')).toBe(SINGLE_CONFIRMATION_MESSAGE);
    expect((await client(server).auth.signInWithPassword({ email: target, password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
    // Single use.
    const reused = await fetch(toNew!.link!, { redirect: 'manual' });
    expect(fragment(reused.headers.get('location')).get('error_code')).toBe('otp_expired');

    // The second completes it and signs the browser in (type=email_change).
    const second = await fetch(toOld!.link!, { redirect: 'manual' });
    const params = fragment(second.headers.get('location'));
    expect(params.get('type')).toBe('email_change');
    expect(params.get('access_token')).toBeTruthy();
    const moved = await client(server).auth.signInWithPassword({ email: target, password: PASSWORD });
    expect(moved.error).toBeNull();
    expect(moved.data.user).toMatchObject({
      email: target,
      user_metadata: { email: target },
      identities: [{ email: target }],
    });
    expect(moved.data.user?.new_email).toBeUndefined();
    expect((await client(server).auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe(
      'invalid_credentials',
    );
  });

  it('answers the same for a taken address; its owner is told by mail, and no link moves anyone onto it', async () => {
    const { email, c } = await signedIn();
    const taken = uniqueEmail('taken');
    await client(server).auth.signUp({ email: taken, password: PASSWORD });
    const { data, error } = await c.auth.updateUser({ email: taken });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: taken });

    const [toTaken] = await mailsTo(dirs.dataDir, taken, 1);
    expect(toTaken!.subject).toBe('Your address already has a Cater Captain account');
    expect(toTaken!.link).toBeNull();
    // Following the current address's link records it, but the account never moves.
    const [toOld] = await mailsTo(dirs.dataDir, email, 1);
    const res = await fetch(toOld!.link!, { redirect: 'manual' });
    expect(fragment(res.headers.get('location')).get('message')).toBe(SINGLE_CONFIRMATION_MESSAGE);
    expect((await client(server).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('is limited per account (429), so addresses cannot be probed', async () => {
    const { c } = await signedIn();
    expect((await c.auth.updateUser({ email: uniqueEmail('probe') })).error).toBeNull();
    expect((await c.auth.updateUser({ email: uniqueEmail('probe') })).error).toBeNull();
    const limited = await c.auth.updateUser({ email: uniqueEmail('probe') });
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.message).toMatch(/^Too many attempts\. Try again in \d+ (seconds|minutes)\.$/);
    // Other changes are not limited.
    expect((await c.auth.updateUser({ data: { theme: 'dark' } })).error).toBeNull();
  });

  it('links expire with the recovery TTL (1 h), and verifyOtp accepts token_hash', async () => {
    const { email, c } = await signedIn();
    const target = uniqueEmail('late');
    await c.auth.updateUser({ email: target });
    const [toNew] = await mailsTo(dirs.dataDir, target, 1);
    const [toOld] = await mailsTo(dirs.dataDir, email, 1);
    const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
    const half = await client(server).auth.verifyOtp({ type: 'email_change', token_hash: tokenOf(toNew!.link!) });
    expect(half.error).toBeNull();
    clockOffset = 3601_000;
    try {
      const late = await client(server).auth.verifyOtp({ type: 'email_change', token_hash: tokenOf(toOld!.link!) });
      expect(late.error?.code).toBe('otp_expired');
    } finally {
      clockOffset = 0;
    }
    expect((await client(server).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });
});

describe('e-mail change without secure e-mail change', () => {
  const dirs = makeDirs();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dirs, { demoUser: false, secureEmailChange: false });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  it('needs only the link sent to the new address (POST /verify returns the session)', async () => {
    const email = uniqueEmail('solo');
    const c = client(server);
    await c.auth.signUp({ email, password: PASSWORD });
    const target = uniqueEmail('solo-new');
    expect((await c.auth.updateUser({ email: target })).data.user?.new_email).toBe(target);
    const [toNew] = await mailsTo(dirs.dataDir, target, 1);
    expect(readOutbox(dirs.dataDir, email)).toHaveLength(0);
    const done = await client(server).auth.verifyOtp({
      type: 'email_change',
      token_hash: new URL(toNew!.link!).searchParams.get('token')!,
    });
    expect(done.error).toBeNull();
    expect(done.data.session?.user.email).toBe(target);
    expect((await client(server).auth.signInWithPassword({ email: target, password: PASSWORD })).error).toBeNull();
  });
});

describe('a database from before e-mail changes', () => {
  it('gets the e-mail-change columns at start-up, keeping its users', async () => {
    const dirs = makeDirs();
    try {
      const old = openDb(dirs.dataDir);
      old.db.exec(`DROP INDEX users_email_change_token_new_idx; DROP INDEX users_email_change_token_current_idx;
        ALTER TABLE users DROP COLUMN email_change; ALTER TABLE users DROP COLUMN email_change_token_new;
        ALTER TABLE users DROP COLUMN email_change_token_current; ALTER TABLE users DROP COLUMN email_change_sent_at;`);
      const now = new Date().toISOString();
      old.db
        .prepare(
          `INSERT INTO users (id, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
           VALUES ('00000000-0000-4000-8000-000000000001', 'old@example.org', ?, ?, '{}', '{}', ?, ?)`,
        )
        .run(await hashPassword(PASSWORD, 10), now, now, now);
      old.db.close();
      const server = await startServer(dirs, { demoUser: true });
      try {
        const c = client(server);
        expect((await c.auth.signInWithPassword({ email: 'old@example.org', password: PASSWORD })).error).toBeNull();
        const target = uniqueEmail('migrated-new');
        expect((await c.auth.updateUser({ email: target })).data.user).toMatchObject({
          email: 'old@example.org',
          new_email: target,
        });
      } finally {
        await server.close();
      }
    } finally {
      dirs.cleanup();
    }
  });
});
