/** bcrypt hashing ($2a$, the format Supabase keeps in auth.users), password and e-mail rules. */
import { hash, verify } from '@node-rs/bcrypt';
import { randomBytes } from 'node:crypto';
import { bcryptQueue, type QueueKey } from './bcryptQueue.ts';
import { AuthHttpError, err } from './errors.ts';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_BYTES = 72;

export async function hashPassword(password: string, cost: number, key?: QueueKey): Promise<string> {
  // @node-rs/bcrypt 1.x writes $2y$ ($2b$ rules). For passwords of at most 72 bytes (enforced below) $2a$, $2b$ and $2y$
  // compute the same hash; $2a$ is the prefix Supabase (Go's bcrypt) writes in auth.users.
  return (await bcryptQueue.run(() => hash(password, cost), key)).replace(/^\$2[by]\$/, '$2a$');
}

/**
 * Whether a string is well-formed Unicode (no unpaired surrogate). bcrypt sees UTF-8, where every lone
 * surrogate becomes U+FFFD: "\uD800…", "\uDC00…" and "\uFFFD…" would all be one password.
 */
export function isWellFormed(text: string): boolean {
  return !/\p{Surrogate}/u.test(text);
}

export const MALFORMED_PASSWORD =
  'Password contains an invalid character (a lone surrogate: half of an emoji or other symbol). Please type it again.';

export async function verifyPassword(password: string, encoded: string, key?: QueueKey): Promise<boolean> {
  // No password that can be set is malformed: one that is cannot match (it would match its U+FFFD twin).
  if (!isWellFormed(password)) return false;
  try {
    return await bcryptQueue.run(() => verify(password, encoded), key);
  } catch (e) {
    // A full queue must reach the client as 503, not as a wrong password.
    if (e instanceof AuthHttpError) throw e;
    return false;
  }
}

/** A hash of a random password, verified against when the e-mail is unknown so timing does not leak. */
export async function makeDummyHash(cost: number): Promise<string> {
  return hashPassword(randomBytes(18).toString('base64url'), cost);
}

/** Throws the Supabase error for a password that cannot be set. */
export function checkNewPassword(password: unknown): string {
  if (typeof password !== 'string' || password.length === 0) {
    throw err.validation('Password is required');
  }
  if (!isWellFormed(password)) {
    throw err.validation(MALFORMED_PASSWORD);
  }
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw err.validation(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw err.weakPassword(`Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, ['length']);
  }
  return password;
}

// badoux/checkmail's pattern, as GoTrue uses it.
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const RESERVED_TLDS = new Set(['invalid', 'test', 'example', 'localhost', 'local']);

export function normalizeEmail(email: unknown): string {
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** Validates a normalised, non-empty e-mail; throws validation_failed or email_address_invalid. */
export function checkEmail(email: string): string {
  if (email.length > 255) throw err.validation('An email address is too long');
  if (!EMAIL_RE.test(email)) throw err.validation('Unable to validate email address: invalid format');
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const tld = domain.includes('.') ? domain.slice(domain.lastIndexOf('.') + 1) : '';
  // No mail is sent, so there is no MX check: reject addresses that can never receive mail.
  if (!tld || RESERVED_TLDS.has(tld) || /^\d+$/.test(tld)) throw err.emailInvalid(email);
  return email;
}
