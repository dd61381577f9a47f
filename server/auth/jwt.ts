/** HS256 JWTs with node:crypto, the JWT secret file, and the anon key. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export type JwtClaims = Record<string, unknown> & { exp?: number; iat?: number; sub?: string; role?: string };

export function signJwt(claims: JwtClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const data = `${HEADER}.${payload}`;
  const sig = createHmac('sha256', secret).update(data).digest('base64url');
  return `${data}.${sig}`;
}

/** Returns the claims, or a string saying why the token is not acceptable. */
export function verifyJwt(
  token: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): JwtClaims | string {
  const parts = token.split('.');
  if (parts.length !== 3) return 'token is malformed';
  const [h, p, s] = parts as [string, string, string];
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
  } catch {
    return 'token is malformed';
  }
  if (typeof header !== 'object' || header === null || (header as { alg?: unknown }).alg !== 'HS256') {
    return 'signing method is not HS256';
  }
  // Compared as text with the one canonical encoding (unpadded base64url, zero spare bits): Buffer.from
  // decodes '+', '/', '=' and spare bits leniently, which would accept other spellings of one signature.
  const expected = Buffer.from(createHmac('sha256', secret).update(`${h}.${p}`).digest('base64url'));
  const given = Buffer.from(s);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'signature is invalid';
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  } catch {
    return 'token is malformed';
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return 'token is malformed';
  const c = claims as JwtClaims;
  if (typeof c.exp === 'number' && c.exp <= nowSeconds) return 'token has expired';
  return c;
}

/** The secret from options/env, else the one kept in dataDir (created on first start, mode 0600). */
export function loadSecret(dataDir: string, configured?: string): string {
  if (configured) {
    if (configured.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
    return configured;
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
    unlinkSync(file);
  }
  // Two servers starting at once on a fresh DATA_DIR must end up with the same secret: write a complete
  // temporary file, then link it into place (fails if the other process got there first; then use theirs).
  const secret = randomBytes(48).toString('base64url');
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${secret}\n`, { mode: 0o600 });
  try {
    linkSync(temp, file);
    return secret;
  } catch (e) {
    if ((e as { code?: string }).code !== 'EEXIST') throw e;
    return readFileSync(file, 'utf8').trim();
  } finally {
    unlinkSync(temp);
  }
}

/** Fixed iat/exp so the anon key is stable for a given secret (Supabase's are long-lived too). */
const ANON_IAT = 1735689600; // 2025-01-01
const ANON_EXP = ANON_IAT + 20 * 365 * 24 * 3600;

export function makeAnonKey(secret: string): string {
  return signJwt({ iss: 'supabase', ref: 'local', role: 'anon', iat: ANON_IAT, exp: ANON_EXP }, secret);
}
