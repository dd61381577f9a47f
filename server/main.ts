/** `npm start` entry: one process serving the app and its auth API. */
import { join } from 'node:path';
import { buildApp, parseTrustProxy } from './app.ts';
import { parseRule } from './auth/ratelimit.ts';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? 'localhost';

const app = await buildApp({
  distDir: process.env.DIST_DIR ?? join(root, 'dist'),
  retainedAssetsDir: process.env.RETAINED_ASSETS_DIR ?? join(root, '.data', 'old-assets'),
  // Errors are always logged; LOG=1 adds a line per request, LOG=0 turns logging off.
  logger: process.env.LOG === '1' ? true : process.env.LOG === '0' ? false : undefined,
  trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
  siteUrl: process.env.SITE_URL || undefined,
  allowedHosts: (process.env.ALLOWED_HOSTS ?? '').split(',').filter((h) => h.trim()),
  host,
  auth: {
    dataDir: process.env.DATA_DIR ?? join(root, '.data'),
    jwtSecret: process.env.JWT_SECRET || undefined,
    demoUser: process.env.DEMO_USER !== 'false',
  },
  // Account data (docs/sync.md): embedded PGlite under DATA_DIR/pg, or any PostgreSQL with DATABASE_URL.
  data: {
    databaseUrl: process.env.DATABASE_URL || undefined,
    databaseMigrateUrl: process.env.DATABASE_MIGRATE_URL || undefined,
    open: process.env.DB_OPEN === 'start' ? 'start' : 'lazy',
    rateLimit: parseRule(process.env.RATE_LIMIT_SYNC),
  },
});

const shutdown = async (signal: string) => {
  console.log(`${signal}: closing`);
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port, host });
console.log(`Cater Captain is running on http://${host}:${port}`);
