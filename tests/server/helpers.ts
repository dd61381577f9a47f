/** Starts the real Fastify app (server/app.ts) on port 0 with a temp data dir and a minimal build. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { FastifyInstance } from 'fastify';
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import WebSocket from 'ws';
import { buildApp, type AppOptions } from '../../server/app.ts';
import type { AuthOptions } from '../../server/auth/index.ts';
import type { OutboxMessage } from '../../server/auth/mailer.ts';

export interface TestServer {
  app: FastifyInstance;
  url: string;
  anonKey: string;
  dataDir: string;
  distDir: string;
  close(): Promise<void>;
}

export function makeDirs(): { dataDir: string; distDir: string; cleanup(): void } {
  const root = mkdtempSync(join(tmpdir(), 'cc-auth-'));
  const dataDir = join(root, 'data');
  const distDir = join(root, 'dist');
  mkdirSync(distDir, { recursive: true });
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Cater Captain</title>');
  return { dataDir, distDir, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export async function startServer(
  dirs: { dataDir: string; distDir: string },
  auth: Partial<AuthOptions> = {},
  appOptions: Pick<AppOptions, 'trustProxy' | 'siteUrl' | 'allowedHosts' | 'retainedAssetsDir' | 'logger'> = {},
): Promise<TestServer> {
  const app = await buildApp({
    ...appOptions,
    distDir: dirs.distDir,
    auth: {
      dataDir: dirs.dataDir,
      env: {},
      rateLimits: NO_LIMITS,
      log: () => undefined,
      ...auth,
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  const config = (await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string };
  return { app, url, anonKey: config.supabaseAnonKey, ...dirs, close: () => app.close() };
}

/** Every limit off: tests that are not about limits make many requests from one address. */
export const NO_LIMITS = {
  token: false,
  refresh: false,
  refreshFailures: false,
  signup: false,
  emailFailures: false,
  accountFailures: false,
  accountSlow: false,
  recover: false,
  recoverEmail: false,
  verify: false,
  passwordChange: false,
  emailChange: false,
} as const;

/**
 * The mail the server put in its outbox (DATA_DIR/outbox, one JSON file per message), oldest first,
 * optionally only those to `email`. There is deliberately no HTTP endpoint for this: tests read the files.
 */
export function readOutbox(dataDir: string, email?: string): OutboxMessage[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as OutboxMessage)
    .filter((m) => email === undefined || m.to === email.trim().toLowerCase());
}

/** The newest outbox message to `email` (throws if there is none). The mailer writes it asynchronously: waits a little. */
export async function latestMail(dataDir: string, email: string): Promise<OutboxMessage> {
  for (let i = 0; i < 50; i++) {
    const all = readOutbox(dataDir, email);
    if (all.length > 0) return all[all.length - 1]!;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail to ${email} in the outbox`);
}

export function client(server: { url: string; anonKey: string }, headers: Record<string, string> = {}): SupabaseClient {
  return createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers },
    realtime: { transport: WebSocket as never },
  });
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${counter++}@example.org`;

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with any method, path, Host and body (fetch does not let a test choose the Host, nor send `/%`). */
export function send(
  url: string,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: options.path ?? u.pathname + u.search,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
