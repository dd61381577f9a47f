/**
 * Issue 19, low items: a stranger cannot void a user's reset link; /recover and sign-up do the same work
 * for known and unknown addresses; a shared address cannot spend the refresh bucket of a NAT's users.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bcryptQueue } from '../../server/auth/bcryptQueue.ts';
import type { MailMessage, Mailer } from '../../server/auth/mailer.ts';
import { MAX_LIVE_RECOVERY_TOKENS } from '../../server/auth/recovery.ts';
import {
  client,
  latestMail,
  makeDirs,
  NO_LIMITS,
  readOutbox,
  startServer,
  uniqueEmail,
  type TestServer,
} from './helpers.ts';

const PASSWORD = 'correct horse battery';

/** POST /recover for each e-mail in turn from a worker thread; each answer's status, body and time. */
function timeInWorker(server: TestServer, emails: string[]): Promise<{ status: number; body: string; ms: number }[]> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    (async () => {
      const out = [];
      for (const email of workerData.emails) {
        const start = performance.now();
        const res = await fetch(workerData.url + '/auth/v1/recover', {
          method: 'POST',
          headers: { apikey: workerData.anonKey, 'Content-Type': 'application/json' },
          body: JSON.stringify({ email }),
        });
        const body = await res.text();
        out.push({ status: res.status, body, ms: performance.now() - start });
        await new Promise((r) => setTimeout(r, 150));
      }
      parentPort.postMessage(out);
    })();`;
  const worker = new Worker(code, { eval: true, workerData: { url: server.url, anonKey: server.anonKey, emails } });
  return new Promise((resolve, reject) => {
    worker.once('message', (out: { status: number; body: string; ms: number }[]) => {
      void worker.terminate();
      resolve(out);
    });
    worker.once('error', reject);
  });
}

describe("a stranger cannot void a user's reset link", () => {
  const dirs = makeDirs();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dirs, { demoUser: false });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  it("the user's latest link keeps working however many more links a stranger asks for within its hour", async () => {
    const email = uniqueEmail('victim');
    await client(server).auth.signUp({ email, password: PASSWORD });
    await client(server).auth.resetPasswordForEmail(email);
    const link = (await latestMail(dirs.dataDir, email)).link!;
    // A stranger asks again and again (no other limit in the way here): same answer every time…
    for (let i = 0; i < 10; i++)
      expect(await client(server).auth.resetPasswordForEmail(email)).toEqual({ data: {}, error: null });
    await new Promise((r) => setTimeout(r, 200));
    // …but at most MAX_LIVE_RECOVERY_TOKENS links are live per account, and none is ever evicted.
    expect(readOutbox(dirs.dataDir, email)).toHaveLength(MAX_LIVE_RECOVERY_TOKENS);
    const res = await fetch(link, { redirect: 'manual' });
    expect(new URLSearchParams(res.headers.get('location')!.split('#')[1]).get('access_token')).toBeTruthy();
  });
});

describe('known and unknown addresses cost the same', () => {
  const dirs = makeDirs();
  let server: TestServer;
  /**
   * A mailer that holds the event loop for 300 ms per message, as a slow synchronous transport would: long
   * beside the noise of a loaded machine (a CI run's other tests: 60 ms once gave a difference of 49 ms).
   */
  const slowMailer: Mailer = {
    description: 'slow test mailer',
    async send(_message: MailMessage) {
      const end = Date.now() + 300;
      while (Date.now() < end) {
        // busy
      }
    },
  };
  beforeAll(async () => {
    server = await startServer(dirs, { demoUser: false, mailer: slowMailer });
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  it('/recover answers before looking the address up or mailing (no timing difference)', async () => {
    const known = uniqueEmail('known');
    await client(server).auth.signUp({ email: known, password: PASSWORD });
    const ghosts = Array.from({ length: 5 }, () => uniqueEmail('ghost'));
    // Timed from a worker thread: a client in the server's own thread would wait for the deferred work too.
    const runs = await timeInWorker(server, [
      known,
      ghosts[0]!,
      known,
      ghosts[1]!,
      known,
      ghosts[2]!,
      known,
      ghosts[3]!,
      known,
      ghosts[4]!,
    ]);
    for (const run of runs) expect(run).toMatchObject({ status: 200, body: '{}' });
    const median = (list: typeof runs) => list.map((r) => r.ms).sort((a, b) => a - b)[2]!;
    const knownMs = median(runs.filter((_, i) => i % 2 === 0));
    const unknownMs = median(runs.filter((_, i) => i % 2 === 1));
    // Done inline, the known address's answer waited for the 300 ms mail every time.
    expect(knownMs - unknownMs).toBeLessThan(150);
  });

  it('sign-up pays for one bcrypt hash whether or not the address is taken', async () => {
    const taken = uniqueEmail('taken');
    const startedBy = async (email: string) => {
      const before = bcryptQueue.stats.started;
      const result = await client(server).auth.signUp({ email, password: PASSWORD });
      return { ran: bcryptQueue.stats.started - before, code: result.error?.code ?? null };
    };
    expect(await startedBy(taken)).toEqual({ ran: 1, code: null });
    expect(await startedBy(taken)).toEqual({ ran: 1, code: 'user_already_exists' });
  });
});

describe('refresh limits cannot be spent by a stranger at the same address', () => {
  const dirs = makeDirs();
  let server: TestServer;
  const NAT = '192.0.2.44';
  beforeAll(async () => {
    server = await startServer(
      dirs,
      {
        demoUser: false,
        rateLimits: { ...NO_LIMITS, refresh: { burst: 3, per5min: 1 }, refreshFailures: { burst: 3, per5min: 1 } },
      },
      { trustProxy: '127.0.0.1' },
    );
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });

  const refresh = (token: string) =>
    fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': NAT },
      body: JSON.stringify({ refresh_token: token }),
    });

  it('bad refresh tokens exhaust only the failures bucket; a user behind the same NAT still refreshes', async () => {
    const user = client(server, { 'X-Forwarded-For': NAT });
    const { data } = await user.auth.signUp({ email: uniqueEmail('nat'), password: PASSWORD });
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await refresh(`garbage-${i}`)).status);
    expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
    expect(statuses.slice(3)).toEqual(Array(7).fill(429));
    // The user's own refreshes are counted per session (token family), not per address.
    let token = data.session!.refresh_token;
    for (let i = 0; i < 3; i++) {
      const res = await refresh(token);
      expect(res.status).toBe(200);
      token = ((await res.json()) as { refresh_token: string }).refresh_token;
    }
    // A runaway client is still limited, per session.
    expect((await refresh(token)).status).toBe(429);
    // Another session at the same address is not.
    const other = await client(server, { 'X-Forwarded-For': NAT }).auth.signUp({
      email: uniqueEmail('nat'),
      password: PASSWORD,
    });
    expect((await refresh(other.data.session!.refresh_token)).status).toBe(200);
  });
});
