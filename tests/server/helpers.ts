/** Starts the real Fastify app (server/app.ts) on port 0 with a temp data dir and a minimal build. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { buildApp, type AppOptions } from '../../server/app.ts';
import type { AuthOptions } from '../../server/auth/index.ts';

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
  appOptions: Pick<AppOptions, 'trustProxy' | 'retainedAssetsDir'> = {},
): Promise<TestServer> {
  const app = await buildApp({
    ...appOptions,
    distDir: dirs.distDir,
    auth: {
      dataDir: dirs.dataDir,
      env: {},
      rateLimits: { token: false, refresh: false, signup: false, emailFailures: false },
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

export function client(server: { url: string; anonKey: string }): SupabaseClient {
  return createClient(server.url, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${counter++}@example.org`;
