/**
 * Embedded Supabase-compatible auth API (issue 3). Placeholder contract: serves /config.json so the
 * app can find its auth URL; the endpoints are built by the auth issue.
 */
import type { FastifyInstance } from 'fastify';

export interface AuthOptions {
  dataDir: string;
  /** Overrides the JWT secret (else generated once and kept in dataDir, mode 0600). */
  jwtSecret?: string;
  /** Create the demo account on first start (default true). */
  demoUser?: boolean;
}

export async function registerAuth(app: FastifyInstance, _options: AuthOptions): Promise<void> {
  app.get('/config.json', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { supabaseUrl: `${request.protocol}://${request.host}`, supabaseAnonKey: '' };
  });
}
