/** Users, sessions and refresh-token rotation on top of the SQLite store. */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { immediate, type AuthDb, type IdentityRow, type UserRow } from './db.ts';
import { err } from './errors.ts';
import { signJwt } from './jwt.ts';

export interface ServiceConfig {
  secret: string;
  jwtExpiry: number;
  /** Seconds during which the parent of the active refresh token still returns the current session. */
  reuseInterval: number;
  /** Clock (ms since the epoch); tests move it forward. */
  now?: () => number;
}

/** Revoked refresh tokens are kept this long for reuse detection (GoTrue's clean-up uses 24 h). */
export const REVOKED_TOKEN_RETENTION_MS = 24 * 3600_000;
/** …and at most this many per session (the newest), so a client rotating non-stop cannot grow the file. */
export const REVOKED_TOKENS_PER_SESSION = 20;
/** user_metadata is copied into every access token: bounded so the Authorization header stays small. */
export const MAX_USER_METADATA_BYTES = 2048;

export function checkMetadataSize(meta: Record<string, unknown>): void {
  const bytes = Buffer.byteLength(JSON.stringify(meta), 'utf8');
  if (bytes > MAX_USER_METADATA_BYTES) {
    throw err.metadataTooLarge(bytes, MAX_USER_METADATA_BYTES);
  }
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
/** 256-bit opaque refresh token. */
const newRefreshToken = (): string => randomBytes(32).toString('base64url');
const nowIso = (ms = Date.now()): string => new Date(ms).toISOString();

function parseJson(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function identityData(userId: string, email: string): Record<string, unknown> {
  return { sub: userId, email, email_verified: true, phone_verified: false };
}

export function userJson(user: UserRow, identities: IdentityRow[]) {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: user.email_confirmed_at ?? undefined,
    phone: '',
    confirmed_at: user.email_confirmed_at ?? undefined,
    last_sign_in_at: user.last_sign_in_at ?? undefined,
    app_metadata: parseJson(user.raw_app_meta_data),
    user_metadata: parseJson(user.raw_user_meta_data),
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: parseJson(i.identity_data),
      provider: i.provider,
      last_sign_in_at: i.last_sign_in_at ?? undefined,
      created_at: i.created_at,
      updated_at: i.updated_at,
      email: i.email ?? undefined,
    })),
    factors: [] as unknown[],
    created_at: user.created_at,
    updated_at: user.updated_at,
    // A pending e-mail change, as GoTrue shows it (supabase-js updateUser({email}) reads these).
    new_email: user.email_change ?? undefined,
    email_change_sent_at: user.email_change ? (user.email_change_sent_at ?? undefined) : undefined,
    is_anonymous: false,
  };
}

export type SignInMethod = 'password' | 'recovery' | 'email_change';

/** What following an e-mail-change link did. */
export type EmailChangeResult =
  { status: 'invalid' } | { status: 'taken' } | { status: 'single'; user: UserRow } | { status: 'done'; user: UserRow };

export class AuthService {
  constructor(
    readonly store: AuthDb,
    readonly config: ServiceConfig,
  ) {
    this.refreshTx = immediate(store.db, (token: string, now: number) => this.rotate(token, now));
    this.now = config.now ?? Date.now;
  }

  readonly now: () => number;

  private get s() {
    return this.store.stmts;
  }

  findUserByEmail(email: string): UserRow | undefined {
    return this.s.userByEmail.get(email);
  }

  userById(id: string): UserRow | undefined {
    return this.s.userById.get(id);
  }

  /** User JSON (with identities and parsed metadata), cached per user until any of its columns change. */
  private cache = new Map<string, { key: string; json: ReturnType<typeof userJson> }>();

  publicUser(user: UserRow): ReturnType<typeof userJson> {
    const key = [
      user.updated_at,
      user.last_sign_in_at,
      user.email,
      user.raw_user_meta_data,
      user.raw_app_meta_data,
      user.email_change,
      user.email_change_sent_at,
    ].join('\u0000');
    const hit = this.cache.get(user.id);
    if (hit && hit.key === key) return hit.json;
    const json = userJson(user, this.s.identitiesByUser.all(user.id));
    if (this.cache.size >= 5000) this.cache.clear();
    this.cache.set(user.id, { key, json });
    return json;
  }

  /** Creates a confirmed user with its e-mail identity. Throws user_already_exists on a taken e-mail. */
  createUser(email: string, passwordHash: string, data: Record<string, unknown>, signInAt: string | null): UserRow {
    const id = randomUUID();
    const now = nowIso(this.now());
    const meta = { ...data, ...identityData(id, email) };
    checkMetadataSize(meta);
    try {
      immediate(this.store.db, () => {
        this.s.insertUser.run({
          id,
          email,
          encrypted_password: passwordHash,
          now,
          last_sign_in_at: signInAt,
          app: JSON.stringify({ provider: 'email', providers: ['email'] }),
          meta: JSON.stringify(meta),
        });
        this.s.insertIdentity.run({
          id: randomUUID(),
          user_id: id,
          data: JSON.stringify(identityData(id, email)),
          last_sign_in_at: signInAt,
          now,
          email,
        });
      })();
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw err.userAlreadyExists();
      throw e;
    }
    return this.s.userById.get(id)!;
  }

  /** Starts a session for a user who just proved their password; returns the session response body. */
  signIn(userId: string, client: ClientInfo, issuer: string, method: SignInMethod = 'password') {
    const now = this.now();
    const iso = nowIso(now);
    const sessionId = randomUUID();
    const refresh = newRefreshToken();
    const user = immediate(this.store.db, () => {
      this.s.touchSignIn.run(iso, iso, userId);
      this.s.touchIdentity.run(iso, iso, userId);
      this.s.insertSession.run({
        id: sessionId,
        user_id: userId,
        now: iso,
        user_agent: client.userAgent,
        ip: client.ip,
      });
      this.s.insertToken.run(hashToken(refresh), userId, sessionId, null, null, iso, iso);
      return this.s.userById.get(userId)!;
    })();
    return this.sessionBody(user, sessionId, Math.floor(now / 1000), refresh, issuer, now, method);
  }

  /** The whole rotation in one SQLite transaction (created once, not per request). */
  private refreshTx = (token: string, now: number) => this.rotate(token, now);

  private rotate(token: string, now: number) {
    const iso = nowIso(now);
    const hashed = hashToken(token);
    const rt = this.s.tokenByHash.get(hashed);
    if (!rt) return { error: err.refreshNotFound() };
    const session = this.s.sessionById.get(rt.session_id);
    if (!session) return { error: err.refreshNotFound() };
    if (session.not_after && Date.parse(session.not_after) <= now) return { error: err.sessionExpired() };
    let refresh: string;
    if (rt.revoked) {
      const active = this.s.activeToken.get(session.id);
      const withinInterval = now - Date.parse(rt.updated_at) <= this.config.reuseInterval * 1000;
      const current =
        active && active.parent === rt.token && active.nonce ? this.childToken(token, active.nonce) : null;
      if (!active || !current || !withinInterval || hashToken(current) !== active.token) {
        this.s.deleteSession.run(session.id);
        return { error: err.refreshAlreadyUsed() };
      }
      // The parent of the active token, within the reuse interval: answer with the current token.
      refresh = current;
    } else {
      const nonce = randomBytes(16).toString('base64url');
      refresh = this.childToken(token, nonce);
      this.s.revokeToken.run(iso, rt.id);
      this.s.insertToken.run(hashToken(refresh), rt.user_id, session.id, rt.token, nonce, iso, iso);
    }
    this.s.touchSession.run(iso, iso, session.id, nowIso(now - 60_000));
    const user = this.s.userById.get(rt.user_id);
    if (!user) return { error: err.refreshNotFound() };
    return { user, session, refresh };
  }

  /**
   * refresh_token grant: rotates the token in one transaction. The parent of the active token is accepted
   * within the reuse interval (returns the current refresh token); any other reuse revokes the session.
   */
  refresh(token: string, issuer: string) {
    const now = this.now();
    const result = this.refreshTx(token, now);
    if ('error' in result) throw result.error;
    const signedInAt = Math.floor(Date.parse(result.session.created_at) / 1000);
    return this.sessionBody(result.user, result.session.id, signedInAt, result.refresh, issuer, now);
  }

  /**
   * A rotated token is HMAC(secret, parent token + random nonce): only the hash and nonce are stored, yet
   * whoever presents the parent again within the reuse interval can be handed the same current token.
   */
  private childToken(parent: string, nonce: string): string {
    return createHmac('sha256', this.config.secret).update(`refresh:${parent}:${nonce}`).digest('base64url');
  }

  sessionBody(
    user: UserRow,
    sessionId: string,
    signedInAt: number,
    refreshToken: string,
    issuer: string,
    nowMs: number,
    method: SignInMethod = 'password',
  ) {
    const iat = Math.floor(nowMs / 1000);
    const exp = iat + this.config.jwtExpiry;
    const publicUser = this.publicUser(user);
    const accessToken = signJwt(
      {
        iss: issuer,
        sub: user.id,
        aud: user.aud,
        exp,
        iat,
        email: user.email,
        phone: '',
        app_metadata: publicUser.app_metadata,
        user_metadata: publicUser.user_metadata,
        role: user.role,
        aal: 'aal1',
        amr: [{ method, timestamp: signedInAt }],
        session_id: sessionId,
        is_anonymous: false,
      },
      this.config.secret,
    );
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: this.config.jwtExpiry,
      expires_at: exp,
      refresh_token: refreshToken,
      user: publicUser,
    };
  }

  logout(userId: string, sessionId: string, scope: 'global' | 'local' | 'others'): void {
    if (scope === 'global') this.s.deleteUserSessions.run(userId);
    else if (scope === 'local') this.s.deleteSession.run(sessionId);
    else this.s.deleteOtherSessions.run(userId, sessionId);
  }

  /** user_metadata after merging a PUT /user `data` (null deletes a key) and a new e-mail. */
  mergedMetadata(user: UserRow, data?: Record<string, unknown>, email?: string): Record<string, unknown> {
    const meta = parseJson(user.raw_user_meta_data);
    for (const [k, v] of Object.entries(data ?? {})) {
      if (v === null) delete meta[k];
      else meta[k] = v;
    }
    if (email) meta.email = email;
    return meta;
  }

  /** Applies a PUT /user change; a new password signs out the user's other sessions (as GoTrue does). */
  updateUser(
    user: UserRow,
    sessionId: string,
    change: { email?: string; passwordHash?: string; data?: Record<string, unknown> },
  ): UserRow {
    const now = nowIso(this.now());
    const email = change.email ?? user.email;
    const meta = this.mergedMetadata(user, change.data, change.email);
    checkMetadataSize(meta);
    try {
      immediate(this.store.db, () => {
        this.s.updateUser.run({
          id: user.id,
          email,
          encrypted_password: change.passwordHash ?? user.encrypted_password,
          meta: JSON.stringify(meta),
          now,
        });
        if (change.email) this.s.updateIdentity.run(JSON.stringify(identityData(user.id, email)), email, now, user.id);
        if (change.passwordHash) {
          this.s.deleteOtherSessions.run(user.id, sessionId);
          // A new password also voids any recovery link still in a mailbox.
          this.s.deleteRecoveryOfUser.run(user.id);
        }
      })();
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw err.emailExists();
      throw e;
    }
    return this.s.userById.get(user.id)!;
  }

  /**
   * Records a pending e-mail change (replacing any earlier one and its links). Only the sha256 of each
   * link token is stored; `currentToken` is null when only the new address has to confirm.
   */
  requestEmailChange(user: UserRow, newEmail: string, newToken: string, currentToken: string | null): UserRow {
    const now = nowIso(this.now());
    this.s.setEmailChange.run(
      newEmail,
      hashToken(newToken),
      currentToken ? hashToken(currentToken) : null,
      now,
      now,
      user.id,
    );
    return this.s.userById.get(user.id)!;
  }

  /**
   * Follows an e-mail-change link (single use) in one transaction. With both links outstanding the first
   * one only records its confirmation ('single'); the last one moves the account to the new address
   * ('done'), or cancels the change if someone else registered that address meanwhile ('taken').
   * Links older than `ttlMs`, unknown or used ones, and links of `refused` accounts are 'invalid'.
   */
  confirmEmailChange(token: string, ttlMs: number, refused: (user: UserRow) => boolean): EmailChangeResult {
    const hashed = hashToken(token);
    return immediate(this.store.db, (): EmailChangeResult => {
      const user = this.s.userByEmailChangeToken.get(hashed, hashed);
      if (!user || !user.email_change || refused(user)) return { status: 'invalid' };
      const now = this.now();
      const iso = nowIso(now);
      if (!user.email_change_sent_at || Date.parse(user.email_change_sent_at) + ttlMs <= now) {
        this.s.setEmailChange.run(null, null, null, null, iso, user.id);
        return { status: 'invalid' };
      }
      const isNew = user.email_change_token_new === hashed;
      const other = isNew ? user.email_change_token_current : user.email_change_token_new;
      if (other) {
        if (isNew) this.s.confirmEmailChangeNew.run(iso, user.id);
        else this.s.confirmEmailChangeCurrent.run(iso, user.id);
        return { status: 'single', user: this.s.userById.get(user.id)! };
      }
      const email = user.email_change;
      if (this.s.userByEmail.get(email)) {
        this.s.setEmailChange.run(null, null, null, null, iso, user.id);
        return { status: 'taken' };
      }
      const meta = this.mergedMetadata(user, undefined, email);
      this.s.updateUser.run({
        id: user.id,
        email,
        encrypted_password: user.encrypted_password,
        meta: JSON.stringify(meta),
        now: iso,
      });
      this.s.setEmailChange.run(null, null, null, null, iso, user.id);
      this.s.updateIdentity.run(JSON.stringify(identityData(user.id, email)), email, iso, user.id);
      // Recovery links were mailed to the old address: void them.
      this.s.deleteRecoveryOfUser.run(user.id);
      return { status: 'done', user: this.s.userById.get(user.id)! };
    })();
  }

  /** The session (token family) a refresh token belongs to, or null when the token is unknown. */
  refreshFamily(token: string): string | null {
    return this.s.tokenByHash.get(hashToken(token))?.session_id ?? null;
  }

  /**
   * Periodic clean-up, as GoTrue's: revoked refresh tokens older than 24 h, all but the newest
   * REVOKED_TOKENS_PER_SESSION revoked tokens of each session, time-boxed sessions long past their end,
   * and expired recovery tokens. Returns the number of rows deleted.
   */
  cleanup(now = this.now()): number {
    return immediate(this.store.db, () => {
      let deleted = 0;
      deleted += this.s.deleteRevokedBefore.run(nowIso(now - REVOKED_TOKEN_RETENTION_MS)).changes;
      deleted += this.s.trimRevokedPerSession.run(REVOKED_TOKENS_PER_SESSION).changes;
      deleted += this.s.deleteSessionsNotAfter.run(nowIso(now - 72 * 3600_000)).changes;
      deleted += this.s.deleteExpiredRecovery.run(nowIso(now)).changes;
      return deleted;
    })();
  }
}
