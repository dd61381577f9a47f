/**
 * Issue 19: mail that cannot be written or sent was lost silently (disk full: a 0-byte outbox file, 200,
 * no log line), and 500s were not logged. Now errors are logged by default (JSON, no secrets), a
 * mail system that cannot send makes POST /recover answer 500 for every address alike (so the answer
 * still tells nothing about which accounts exist), and no partial outbox file is left behind.
 *
 * A full disk is reproduced faithfully: node:fs's writeFileSync, for files under an outbox directory,
 * creates the file and then fails with ENOSPC, as the kernel does when no block is left.
 */
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authInternals } from '../../server/auth/index.ts';
import { SmtpMailer } from '../../server/auth/mailer.ts';
import {
  client,
  latestMail,
  makeDirs,
  readOutbox,
  send,
  startServer,
  uniqueEmail,
  type TestServer,
} from './helpers.ts';

const disk = vi.hoisted(() => ({ full: false, onlyMessages: false }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const writeFileSync: typeof fs.writeFileSync = (file, data, options) => {
    const path = String(file);
    const hit = disk.full && /[\\/]outbox[\\/]/.test(path) && (!disk.onlyMessages || path.endsWith('.json'));
    if (!hit) return fs.writeFileSync(file, data, options);
    fs.writeFileSync(file, '', options);
    throw Object.assign(new Error(`ENOSPC: no space left on device, write`), {
      code: 'ENOSPC',
      errno: -28,
      syscall: 'write',
    });
  };
  return { ...fs, default: { ...fs, writeFileSync }, writeFileSync };
});

const PASSWORD = 'correct horse battery';

/** Log lines the server wrote (pino JSON), captured. */
function captureLog() {
  const lines: string[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(line) },
    parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

const recover = (server: TestServer, email: string) =>
  send(`${server.url}/auth/v1/recover`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });

describe('outbox on a full disk', () => {
  const dirs = makeDirs();
  const log = captureLog();
  let server: TestServer;
  let known: string;
  beforeAll(async () => {
    server = await startServer(dirs, { demoUser: false }, { logger: { stream: log.stream } });
    known = uniqueEmail('known');
    expect((await client(server).auth.signUp({ email: known, password: PASSWORD })).error).toBeNull();
  });
  afterEach(() => {
    disk.full = false;
    disk.onlyMessages = false;
  });
  afterAll(async () => {
    await server.close();
    dirs.cleanup();
  });
  const outboxFiles = () => {
    try {
      return readdirSync(join(dirs.dataDir, 'outbox'));
    } catch {
      return [];
    }
  };

  it('answers the same 500 for a known and an unknown address, logs it, and leaves no 0-byte file', async () => {
    disk.full = true;
    const forKnown = await recover(server, known);
    const forUnknown = await recover(server, uniqueEmail('nobody'));
    expect(forKnown.status).toBe(500);
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.body).toBe(forKnown.body);
    expect(JSON.parse(forKnown.body)).toEqual({
      code: 'unexpected_failure',
      error_code: 'unexpected_failure',
      msg: 'Error sending recovery email: the e-mail could not be sent. Please try again later.',
    });
    expect(outboxFiles()).toEqual([]);
    // One line per refused request, saying why.
    const errors = log.parsed().filter((l) => l.level === 50);
    expect(errors).toHaveLength(2);
    for (const line of errors)
      expect(line).toMatchObject({
        msg: 'the mail system cannot send: POST /recover refused',
        err: { code: 'ENOSPC' },
      });
  });

  it('sends again once there is room', async () => {
    expect((await recover(server, known)).status).toBe(200);
    expect((await latestMail(dirs.dataDir, known)).to).toBe(known);
  });

  it('a message that fails after the check passed is logged and leaves no partial file', async () => {
    const before = readOutbox(dirs.dataDir).length;
    const lines = log.lines.length;
    disk.full = true;
    disk.onlyMessages = true;
    expect((await recover(server, known)).status).toBe(200);
    await vi.waitFor(() => expect(log.lines.length).toBeGreaterThan(lines));
    expect(log.parsed().at(-1)).toMatchObject({
      level: 50,
      msg: 'sending the recovery e-mail failed',
      err: { code: 'ENOSPC' },
    });
    expect(outboxFiles().filter((name) => name.endsWith('.json'))).toHaveLength(before);
    expect(readOutbox(dirs.dataDir)).toHaveLength(before);
  });
});

describe('SMTP server that cannot be reached', () => {
  let closed: Server;
  let port: number;
  beforeAll(async () => {
    // A port that was just free: connecting is refused at once.
    closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
  });

  it('makes /recover answer 500 for every address, and logs why', async () => {
    const dirs = makeDirs();
    const log = captureLog();
    const server = await startServer(
      dirs,
      { demoUser: false, mailer: new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Cater Captain <no-reply@localhost>') },
      { logger: { stream: log.stream } },
    );
    try {
      const known = uniqueEmail('smtp');
      expect((await client(server).auth.signUp({ email: known, password: PASSWORD })).error).toBeNull();
      const forKnown = await recover(server, known);
      const forUnknown = await recover(server, uniqueEmail('nobody'));
      expect([forKnown.status, forUnknown.status]).toEqual([500, 500]);
      expect(forUnknown.body).toBe(forKnown.body);
      // supabase-js reports it as an error, not as "sent".
      const { error } = await client(server).auth.resetPasswordForEmail(known);
      expect(error?.status).toBe(500);
      const refused = log.parsed().filter((l) => l.msg === 'the mail system cannot send: POST /recover refused');
      expect(refused).toHaveLength(3);
      for (const line of refused)
        expect(line).toMatchObject({ level: 50, reqId: expect.any(String), err: { originalCode: 'ECONNREFUSED' } });
    } finally {
      await server.close();
      dirs.cleanup();
    }
  });
});

describe('server errors are logged by default', () => {
  it('a 500 writes one JSON error line with the path but no query, body, password or keys', async () => {
    const dirs = makeDirs();
    const log = captureLog();
    const server = await startServer(dirs, { demoUser: false }, { logger: { stream: log.stream } });
    try {
      authInternals(server.app).service.store.db.close();
      const answer = await send(`${server.url}/auth/v1/signup?secret=query-text`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail('boom'), password: 'hunter2-secret-password' }),
      });
      expect(answer.status).toBe(500);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'unexpected_failure' });
      const errors = log.parsed().filter((l) => l.level === 50);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ msg: 'auth request failed', err: { type: 'TypeError' } });
      const text = log.lines.join('\n');
      expect(text).not.toContain('hunter2');
      expect(text).not.toContain(server.anonKey);
      expect(text).not.toContain('query-text');
    } finally {
      await server.close();
      dirs.cleanup();
    }
  });

  it('logs nothing below error level by default (no line per request)', async () => {
    const dirs = makeDirs();
    const log = captureLog();
    const server = await startServer(dirs, { demoUser: false }, { logger: { stream: log.stream } });
    try {
      expect((await send(`${server.url}/auth/v1/health`, { headers: { apikey: server.anonKey } })).status).toBe(200);
      expect(log.lines).toEqual([]);
    } finally {
      await server.close();
      dirs.cleanup();
    }
  });
});
