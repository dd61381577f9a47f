/**
 * Issue 19 #3, sign-in starvation: the bcrypt queue is fair across client addresses and accounts.
 * The queue is driven with a fake hasher whose runs finish only when the test says so, so what is
 * checked is the order runs start in (queue positions), not wall-clock time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BcryptQueue, bcryptQueue, type QueueKey } from '../../server/auth/bcryptQueue.ts';
import { client, makeDirs, NO_LIMITS, startServer, uniqueEmail, type TestServer } from './helpers.ts';

/** A fake hasher: each run records its label when it starts and finishes when finishNext() is called. */
function fakeHasher(queue: BcryptQueue) {
  const started: string[] = [];
  const pending: Array<() => void> = [];
  const outcomes = new Map<string, 'done' | 'refused'>();
  const submit = (label: string, key: QueueKey) => {
    queue
      .run(
        () =>
          new Promise<void>((resolve) => {
            started.push(label);
            pending.push(resolve);
          }),
        key,
      )
      .then(
        () => outcomes.set(label, 'done'),
        (e: { status?: number }) => outcomes.set(label, e.status === 503 ? 'refused' : 'done'),
      );
  };
  const flush = () => new Promise((r) => setImmediate(r));
  const finishNext = async () => {
    pending.shift()?.();
    await flush();
  };
  /** Finishes runs one at a time until `label` has started; returns its position (1 = first run). */
  const positionOf = async (label: string, limit = 1000) => {
    for (let i = 0; i < limit && !started.includes(label); i++) await finishNext();
    return started.indexOf(label) + 1;
  };
  return { started, outcomes, submit, positionOf, finishNext, flush };
}

describe('the bcrypt queue is fair (fake hasher, queue positions)', () => {
  it('300 runs from 10 addresses delay a fresh address by at most one run of each', async () => {
    const queue = new BcryptQueue({ concurrency: 1, maxWaiting: 1000, maxPerSource: 30 });
    const h = fakeHasher(queue);
    // The case: 10 loopback addresses, 30 wrong sign-ins each (each within its burst).
    for (let i = 0; i < 30; i++)
      for (let a = 0; a < 10; a++)
        h.submit(`attack-${a}-${i}`, { source: `127.0.0.${a + 2}`, account: 'demo@catercaptain.com' });
    h.submit('user', { source: '127.0.0.200', account: 'someone@example.org' });
    await h.flush();
    // One run was already going, then at most one from each of the 10 attacking addresses: position ≤ 12
    // (a FIFO queue starts it at 302).
    expect(await h.positionOf('user')).toBeLessThanOrEqual(12);
  });

  it('within one address, accounts take turns', async () => {
    const queue = new BcryptQueue({ concurrency: 1, maxWaiting: 1000, maxPerSource: 50 });
    const h = fakeHasher(queue);
    for (let i = 0; i < 40; i++) h.submit(`guess-${i}`, { source: '10.0.0.1', account: 'victim@example.org' });
    h.submit('colleague', { source: '10.0.0.1', account: 'colleague@example.org' });
    await h.flush();
    expect(await h.positionOf('colleague')).toBeLessThanOrEqual(3);
  });

  it('a full queue refuses the busiest address, not a newcomer; one address has a small queue of its own', async () => {
    const queue = new BcryptQueue({ concurrency: 1, maxWaiting: 20, maxPerSource: 10 });
    const h = fakeHasher(queue);
    h.submit('running', { source: '10.0.0.9' });
    for (let i = 0; i < 10; i++) for (const a of [1, 2]) h.submit(`a${a}-${i}`, { source: `10.0.0.${a}` });
    // An 11th from one address: its own queue is full.
    h.submit('a1-extra', { source: '10.0.0.1' });
    // The whole queue is full (20 waiting): a newcomer still gets in, the newest run of a busiest address goes.
    h.submit('newcomer', { source: '10.0.0.77' });
    await h.flush();
    expect(h.outcomes.get('a1-extra')).toBe('refused');
    expect(h.outcomes.get('newcomer')).toBeUndefined();
    expect([h.outcomes.get('a1-9'), h.outcomes.get('a2-9')].filter((o) => o === 'refused')).toHaveLength(1);
    expect(queue.stats.waiting).toBe(20);
    expect(await h.positionOf('newcomer')).toBeLessThanOrEqual(4);
    expect(h.outcomes.get('newcomer')).toBeUndefined();
    await h.finishNext();
    expect(h.outcomes.get('newcomer')).toBe('done');
  });
});

describe('the server queues bcrypt runs by client address', () => {
  const dirs = makeDirs();
  let server: TestServer;
  const before = bcryptQueue.stats;
  beforeAll(async () => {
    server = await startServer(
      dirs,
      { demoUser: true, rateLimits: NO_LIMITS, bcryptConcurrency: 1 },
      { trustProxy: '127.0.0.1' },
    );
  });
  afterAll(async () => {
    bcryptQueue.configure({ concurrency: before.concurrency });
    await server.close();
    dirs.cleanup();
  });

  it("a fresh address's sign-in overtakes an attacker's queued wrong guesses", async () => {
    const email = uniqueEmail('fair');
    await client(server).auth.signUp({ email, password: 'the right one' });
    const finished: string[] = [];
    const attacker = client(server, { 'X-Forwarded-For': '203.0.113.5' });
    const attacks = Array.from({ length: 10 }, (_, i) =>
      attacker.auth.signInWithPassword({ email: 'demo@catercaptain.com', password: `guess ${i}` }).then(({ error }) => {
        expect(error?.code).toBe('invalid_credentials');
        finished.push(`attack ${i}`);
      }),
    );
    // Wait until the guesses are in the queue (one running, the rest waiting), then sign in from elsewhere.
    for (let i = 0; i < 1000 && bcryptQueue.stats.waiting < 9; i++) await new Promise((r) => setTimeout(r, 5));
    expect(bcryptQueue.stats.waiting).toBeGreaterThanOrEqual(6);
    const doneBefore = finished.length;
    const user = client(server, { 'X-Forwarded-For': '198.51.100.20' })
      .auth.signInWithPassword({ email, password: 'the right one' })
      .then(({ error }) => {
        expect(error).toBeNull();
        finished.push('user');
      });
    await Promise.all([...attacks, user]);
    // Behind at most the running guess and one waiting guess of the attacker's address (FIFO: behind all ≥ 6).
    expect(finished.indexOf('user') - doneBefore).toBeLessThanOrEqual(2);
  });
});
