/**
 * Password-guessing throttles: per (account, address) failures, a gentle per-account slow-down, and 429
 * messages that say how long to wait. Two client addresses via a trusted proxy's X-Forwarded-For.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BcryptQueue } from '../../server/auth/bcryptQueue.ts';
import { waitText } from '../../server/auth/errors.ts';
import { client, makeDirs, NO_LIMITS, startServer, uniqueEmail, type TestServer } from './helpers.ts';

const DEMO = { email: 'demo@catercaptain.com', password: 'democatercaptain' };
const ATTACKER = '203.0.113.66';
const USER = '198.51.100.7';

describe('sign-in throttles cannot lock a real user out', () => {
  const dirs = makeDirs();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(
      dirs,
      {
        demoUser: true,
        rateLimits: {
          ...NO_LIMITS,
          emailFailures: { burst: 4, per5min: 10 },
          accountFailures: { burst: 8, per5min: 1 },
          accountSlow: { burst: 1, per5min: 1 },
          passwordChange: { burst: 2, per5min: 1 },
        },
      },
      { trustProxy: '127.0.0.1' },
    );
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  const from = (address: string) => client(server, { 'X-Forwarded-For': address });

  it('an attacker hammering the demo account is throttled at their address; another address signs in', async () => {
    const attacker = from(ATTACKER);
    for (let i = 0; i < 4; i++) {
      expect((await attacker.auth.signInWithPassword({ email: DEMO.email, password: `guess-${i}` })).error?.code).toBe(
        'invalid_credentials',
      );
    }
    const blocked = await attacker.auth.signInWithPassword({ email: DEMO.email, password: 'guess-5' });
    expect(blocked.error?.status).toBe(429);
    expect(blocked.error?.code).toBe('over_request_rate_limit');
    expect(blocked.error?.message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);

    // The message and Retry-After agree.
    const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': ATTACKER },
      body: JSON.stringify({ email: DEMO.email, password: 'guess-6' }),
    });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(((await res.json()) as { msg: string }).msg).toBe(`Too many attempts. Try again in ${retryAfter} seconds.`);

    // Even the right password waits at the attacker's address…
    expect((await attacker.auth.signInWithPassword(DEMO)).error?.status).toBe(429);
    // …but the real user at another address is not locked out.
    const user = await from(USER).auth.signInWithPassword(DEMO);
    expect(user.error).toBeNull();
    expect(user.data.user?.email).toBe(DEMO.email);
  });

  it('a success gives the address its allowance back', async () => {
    const address = '192.0.2.10';
    const c = from(address);
    const email = uniqueEmail('typo');
    await c.auth.signUp({ email, password: 'the right one' });
    for (let i = 0; i < 3; i++)
      expect((await c.auth.signInWithPassword({ email, password: 'typo' })).error?.code).toBe('invalid_credentials');
    expect((await c.auth.signInWithPassword({ email, password: 'the right one' })).error).toBeNull();
    for (let i = 0; i < 4; i++)
      expect((await c.auth.signInWithPassword({ email, password: 'typo' })).error?.code).toBe('invalid_credentials');
    expect((await c.auth.signInWithPassword({ email, password: 'typo' })).error?.status).toBe(429);
  });

  it('many failing addresses slow the account down for failing addresses only', async () => {
    const email = uniqueEmail('target');
    await from('192.0.2.50').auth.signUp({ email, password: 'the right one' });
    // 8 failures in total (from 4 addresses, 2 each) empty the account's bucket: it is now slowed down.
    for (let a = 0; a < 4; a++) {
      const c = from(`192.0.2.${100 + a}`);
      for (let i = 0; i < 2; i++)
        expect((await c.auth.signInWithPassword({ email, password: 'wrong' })).error?.code).toBe('invalid_credentials');
    }
    // A new address now gets one attempt (accountSlow burst 1) instead of four before it waits…
    const newcomer = from('192.0.2.200');
    expect((await newcomer.auth.signInWithPassword({ email, password: 'wrong' })).error?.code).toBe(
      'invalid_credentials',
    );
    const slowed = await newcomer.auth.signInWithPassword({ email, password: 'wrong' });
    expect(slowed.error?.status).toBe(429);
    expect(slowed.error?.message).toMatch(/Try again in \d+ (seconds|minutes)\./);
    // …and an address that has not failed signs in at once with the right password.
    expect((await from('192.0.2.201').auth.signInWithPassword({ email, password: 'the right one' })).error).toBeNull();
  });

  it('limits password changes per account', async () => {
    const c = from('192.0.2.30');
    const email = uniqueEmail('changes');
    const { data } = await c.auth.signUp({ email, password: 'password 0' });
    await c.auth.setSession(data.session!);
    expect((await c.auth.updateUser({ password: 'password 1' })).error).toBeNull();
    expect((await c.auth.updateUser({ password: 'password 2' })).error).toBeNull();
    const limited = await c.auth.updateUser({ password: 'password 3' });
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.message).toMatch(/^Too many attempts\. Try again in \d+ (seconds|minutes)\.$/);
    // Other changes (metadata) are not limited.
    expect((await c.auth.updateUser({ data: { theme: 'dark' } })).error).toBeNull();
  });
});

describe('wait messages and the bcrypt queue', () => {
  it('words the wait in seconds, then minutes', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(27)).toBe('27 seconds');
    expect(waitText(26.2)).toBe('27 seconds');
    expect(waitText(119)).toBe('119 seconds');
    expect(waitText(300)).toBe('5 minutes');
  });

  it('runs at most `concurrency` tasks at once, in order, and refuses past maxWaiting with 503', async () => {
    const queue = new BcryptQueue({ concurrency: 2, maxWaiting: 3 });
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (i: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 10));
      running--;
      order.push(i);
      return i;
    };
    const runs = [0, 1, 2, 3, 4].map((i) => queue.run(task(i)));
    await expect(queue.run(task(5))).rejects.toMatchObject({ status: 503, headers: { 'Retry-After': '2' } });
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([2, 3, 4]);
    expect(queue.stats).toMatchObject({ running: 0, waiting: 0 });
  });
});
