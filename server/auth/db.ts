/**
 * SQLite store (better-sqlite3, WAL). The tables keep the essential columns of Supabase's auth.users,
 * auth.identities, auth.sessions and auth.refresh_tokens so rows can be exported to hosted Supabase.
 */
import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: string;
  raw_user_meta_data: string;
  created_at: string;
  updated_at: string;
  /** Pending e-mail change (GoTrue's columns): the new address, sha256 of the links mailed to the new and
   * the current address (null once that link was used), and when they were sent. */
  email_change: string | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change_sent_at: string | null;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: string;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  email: string | null;
}

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: string;
  updated_at: string;
  aal: string;
  not_after: string | null;
}

export interface RefreshTokenRow {
  id: number;
  token: string;
  user_id: string;
  session_id: string;
  parent: string | null;
  revoked: number;
  nonce: string | null;
  created_at: string;
  updated_at: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS users (
  instance_id TEXT,
  id TEXT PRIMARY KEY,
  aud TEXT NOT NULL DEFAULT 'authenticated',
  role TEXT NOT NULL DEFAULT 'authenticated',
  email TEXT NOT NULL UNIQUE,
  encrypted_password TEXT,
  email_confirmed_at TEXT,
  last_sign_in_at TEXT,
  raw_app_meta_data TEXT NOT NULL DEFAULT '{}',
  raw_user_meta_data TEXT NOT NULL DEFAULT '{}',
  is_anonymous INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS identities (
  id TEXT PRIMARY KEY,
  provider_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  identity_data TEXT NOT NULL,
  provider TEXT NOT NULL,
  last_sign_in_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  email TEXT,
  UNIQUE (provider_id, provider)
);
CREATE INDEX IF NOT EXISTS identities_user_id_idx ON identities(user_id);
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  factor_id TEXT,
  aal TEXT NOT NULL DEFAULT 'aal1',
  not_after TEXT,
  refreshed_at TEXT,
  user_agent TEXT,
  ip TEXT
);
CREATE INDEX IF NOT EXISTS sessions_user_id_idx ON sessions(user_id);
CREATE TABLE IF NOT EXISTS refresh_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  token TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  parent TEXT,
  revoked INTEGER NOT NULL DEFAULT 0,
  nonce TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS refresh_tokens_session_idx ON refresh_tokens(session_id);
CREATE INDEX IF NOT EXISTS refresh_tokens_revoked_idx ON refresh_tokens(revoked, updated_at);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS recovery_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS recovery_tokens_user_idx ON recovery_tokens(user_id);
`;

export interface RecoveryTokenRow {
  token_hash: string;
  user_id: string;
  email: string;
  created_at: string;
  expires_at: string;
}

const BUSY = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_LOCKED']);

/**
 * Runs a write transaction with BEGIN IMMEDIATE (the write lock is taken up front, so a second process
 * on the same DATA_DIR makes it wait in the busy handler instead of failing with SQLITE_BUSY_SNAPSHOT
 * when a read transaction tries to upgrade), and retries a few times if SQLite still reports busy.
 */
export function immediate<A extends unknown[], R>(db: Database.Database, fn: (...args: A) => R): (...args: A) => R {
  const tx = db.transaction(fn);
  return (...args: A): R => {
    for (let attempt = 1; ; attempt++) {
      try {
        return tx.immediate(...args);
      } catch (e) {
        if (attempt >= 5 || !BUSY.has((e as { code?: string }).code ?? '')) throw e;
      }
    }
  };
}

/** The database and its WAL/SHM files hold password hashes and token hashes: owner-only. */
export function restrictFiles(dataDir: string): void {
  tighten(dataDir, 0o700);
  for (const name of ['auth.db', 'auth.db-wal', 'auth.db-shm', 'jwt-secret']) {
    const file = join(dataDir, name);
    if (existsSync(file)) tighten(file, 0o600);
  }
}

/** chmod, but a DATA_DIR owned by someone else (EPERM) is reported rather than fatal. */
export function tighten(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch (e) {
    if ((e as { code?: string }).code !== 'EPERM') throw e;
    console.warn(`Could not set mode ${mode.toString(8)} on ${path}: not its owner. Other local users may read it.`);
  }
}

function retryBusy<T>(work: () => T, deadline = Date.now() + 10_000): T {
  for (;;) {
    try {
      return work();
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (!code.startsWith('SQLITE_BUSY') || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25 + Math.random() * 50);
    }
  }
}

/** Columns added after the first release: ALTER TABLE inside the schema transaction (two processes agree). */
const USER_COLUMNS: Record<string, string> = {
  email_change: 'TEXT',
  email_change_token_new: 'TEXT',
  email_change_token_current: 'TEXT',
  email_change_sent_at: 'TEXT',
};

function migrate(db: Database.Database): void {
  const have = new Set((db.prepare('PRAGMA table_info(users)').all() as { name: string }[]).map((c) => c.name));
  for (const [name, type] of Object.entries(USER_COLUMNS)) {
    if (!have.has(name)) db.exec(`ALTER TABLE users ADD COLUMN ${name} ${type}`);
  }
  db.exec(`CREATE INDEX IF NOT EXISTS users_email_change_token_new_idx ON users(email_change_token_new);
CREATE INDEX IF NOT EXISTS users_email_change_token_current_idx ON users(email_change_token_current);`);
}

export function openDb(dataDir: string) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // A DATA_DIR created beforehand keeps whatever mode it had (755): tighten it, and create the database
  // file 0600 before SQLite does (it would use 0644; the WAL and SHM files copy the database's mode).
  tighten(dataDir, 0o700);
  const file = join(dataDir, 'auth.db');
  closeSync(openSync(file, 'a', 0o600));
  tighten(file, 0o600);
  const db = new Database(file, { timeout: 10_000 });
  // Switching a fresh database to WAL needs it to itself; a second process starting at the same
  // moment gets SQLITE_BUSY at once (the busy timeout does not cover it), so wait and try again.
  retryBusy(() => db.pragma('journal_mode = WAL'));
  // WAL + NORMAL: a committed transaction survives a process crash (kill -9); fsync at checkpoints.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // Checkpoint in batches (timer in index.ts) rather than every ~1000 pages on the request path:
  // hot pages rewritten by many refreshes are copied back to the database file once.
  db.pragma('wal_autocheckpoint = 8000');
  immediate(db, () => {
    db.exec(SCHEMA);
    migrate(db);
  })();
  restrictFiles(dataDir);

  const stmts = {
    userByEmail: db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?'),
    userById: db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?'),
    insertUser: db.prepare(
      `INSERT INTO users (id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       VALUES (@id, 'authenticated', 'authenticated', @email, @encrypted_password, @now, @last_sign_in_at,
        @app, @meta, @now, @now)`,
    ),
    touchSignIn: db.prepare('UPDATE users SET last_sign_in_at = ?, updated_at = ? WHERE id = ?'),
    updateUser: db.prepare(
      `UPDATE users SET email = @email, encrypted_password = @encrypted_password,
        raw_user_meta_data = @meta, updated_at = @now WHERE id = @id`,
    ),
    setEmailChange: db.prepare(
      `UPDATE users SET email_change = ?, email_change_token_new = ?, email_change_token_current = ?,
        email_change_sent_at = ?, updated_at = ? WHERE id = ?`,
    ),
    userByEmailChangeToken: db.prepare<[string, string], UserRow>(
      'SELECT * FROM users WHERE email_change_token_new = ? OR email_change_token_current = ?',
    ),
    confirmEmailChangeNew: db.prepare('UPDATE users SET email_change_token_new = NULL, updated_at = ? WHERE id = ?'),
    confirmEmailChangeCurrent: db.prepare(
      'UPDATE users SET email_change_token_current = NULL, updated_at = ? WHERE id = ?',
    ),
    applyEmailChange: db.prepare(
      `UPDATE users SET email = email_change, email_change = NULL, email_change_token_new = NULL,
        email_change_token_current = NULL, email_change_sent_at = NULL, updated_at = ? WHERE id = ?`,
    ),
    identitiesByUser: db.prepare<[string], IdentityRow>('SELECT * FROM identities WHERE user_id = ?'),
    insertIdentity: db.prepare(
      `INSERT INTO identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email)
       VALUES (@id, @user_id, @user_id, @data, 'email', @last_sign_in_at, @now, @now, @email)`,
    ),
    touchIdentity: db.prepare(
      "UPDATE identities SET last_sign_in_at = ?, updated_at = ? WHERE user_id = ? AND provider = 'email'",
    ),
    updateIdentity: db.prepare(
      "UPDATE identities SET identity_data = ?, email = ?, updated_at = ? WHERE user_id = ? AND provider = 'email'",
    ),
    sessionById: db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?'),
    insertSession: db.prepare(
      `INSERT INTO sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
       VALUES (@id, @user_id, @now, @now, 'aal1', @user_agent, @ip)`,
    ),
    // Refreshes touch the session at most once a minute: one page write fewer on the hot path.
    touchSession: db.prepare(
      'UPDATE sessions SET updated_at = ?, refreshed_at = ? WHERE id = ? AND (refreshed_at IS NULL OR refreshed_at < ?)',
    ),
    deleteSession: db.prepare('DELETE FROM sessions WHERE id = ?'),
    deleteUserSessions: db.prepare('DELETE FROM sessions WHERE user_id = ?'),
    deleteOtherSessions: db.prepare('DELETE FROM sessions WHERE user_id = ? AND id <> ?'),
    tokenByHash: db.prepare<[string], RefreshTokenRow>('SELECT * FROM refresh_tokens WHERE token = ?'),
    activeToken: db.prepare<[string], RefreshTokenRow>(
      'SELECT * FROM refresh_tokens WHERE session_id = ? AND revoked = 0 ORDER BY id DESC LIMIT 1',
    ),
    insertToken: db.prepare(
      `INSERT INTO refresh_tokens (token, user_id, session_id, parent, revoked, nonce, created_at, updated_at)
       VALUES (?, ?, ?, ?, 0, ?, ?, ?)`,
    ),
    revokeToken: db.prepare('UPDATE refresh_tokens SET revoked = 1, updated_at = ? WHERE id = ?'),
    // Clean-up (as GoTrue's cleanup does): revoked refresh tokens are only kept for reuse detection.
    deleteRevokedBefore: db.prepare('DELETE FROM refresh_tokens WHERE revoked = 1 AND updated_at < ?'),
    // Keep at most the newest `?` revoked tokens of each session (an abusive client rotating all day).
    trimRevokedPerSession: db.prepare(
      `DELETE FROM refresh_tokens WHERE id IN (
         SELECT id FROM (
           SELECT id, row_number() OVER (PARTITION BY session_id ORDER BY id DESC) AS n
           FROM refresh_tokens WHERE revoked = 1)
         WHERE n > ?)`,
    ),
    deleteSessionsNotAfter: db.prepare('DELETE FROM sessions WHERE not_after IS NOT NULL AND not_after < ?'),
    countRefreshTokens: db.prepare<[], { total: number; revoked: number }>(
      'SELECT count(*) AS total, coalesce(sum(revoked), 0) AS revoked FROM refresh_tokens',
    ),
    insertRecovery: db.prepare(
      'INSERT INTO recovery_tokens (token_hash, user_id, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    ),
    recoveryByUser: db.prepare<[string], RecoveryTokenRow>(
      'SELECT * FROM recovery_tokens WHERE user_id = ? ORDER BY created_at DESC',
    ),
    recoveryByHash: db.prepare<[string], RecoveryTokenRow>('SELECT * FROM recovery_tokens WHERE token_hash = ?'),
    deleteRecoveryOfUser: db.prepare('DELETE FROM recovery_tokens WHERE user_id = ?'),
    deleteRecoveryToken: db.prepare('DELETE FROM recovery_tokens WHERE token_hash = ?'),
    deleteExpiredRecovery: db.prepare('DELETE FROM recovery_tokens WHERE expires_at < ?'),
    getMeta: db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
    setMeta: db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),
  };

  return { db, stmts };
}

export type AuthDb = ReturnType<typeof openDb>;
