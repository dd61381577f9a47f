/**
 * The one place that touches window.localStorage.
 *
 * Every key of the spec gets a typed accessor made by `defineKey`. Reads never throw: a missing key
 * gives its default; a value that is not JSON or fails its schema gives the default, is copied to
 * `<key>.corrupt.<timestamp>` and reported once. Writes return a result instead of throwing, so the
 * calling machine can keep its in-memory state and tell the user.
 */

/** Anything with zod's safeParse: zod schemas, or the tiny validators of preferences.ts. */
export interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export type WriteResult = { ok: true } | { ok: false; error: StorageWriteError };

export class StorageWriteError extends Error {
  readonly key: string;
  readonly reason: 'quota' | 'unavailable' | 'otherAccount' | 'unknown';
  constructor(key: string, reason: StorageWriteError['reason'], message: string) {
    super(message);
    this.name = 'StorageWriteError';
    this.key = key;
    this.reason = reason;
  }
}

export interface CorruptValueReport {
  key: string;
  backupKey: string | null;
  reason: 'invalid-json' | 'schema';
}

type CorruptListener = (report: CorruptValueReport) => void;

const corruptListeners = new Set<CorruptListener>();
const reportedCorrupt = new Set<string>();
const pendingReports: CorruptValueReport[] = [];

/** The app shell subscribes once and shows a toast; reports made before it subscribes are replayed. */
export function onCorruptValue(listener: CorruptListener): () => void {
  corruptListeners.add(listener);
  for (const report of pendingReports.splice(0)) listener(report);
  return () => corruptListeners.delete(listener);
}

function reportCorrupt(report: CorruptValueReport) {
  if (corruptListeners.size === 0) pendingReports.push(report);
  for (const listener of corruptListeners) listener(report);
}

function backend(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // access itself throws when storage is disabled
  }
}

/** Says why a write of `key` must not happen now, else null (see accounts.ts: a tab whose account is no longer the data's owner). */
export type WriteGuard = (key: string) => StorageWriteError | null;
let writeGuard: WriteGuard | null = null;

/** Installed by accounts.ts once this tab has bound an account's data set. */
export function setWriteGuard(guard: WriteGuard | null): void {
  writeGuard = guard;
}

function rawGet(key: string): string | null {
  try {
    return backend()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function classify(key: string, error: unknown): StorageWriteError {
  const name = error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '';
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') {
    return new StorageWriteError(key, 'quota', 'Browser storage is full. Your last change is kept on screen but was not saved.');
  }
  return new StorageWriteError(key, 'unknown', 'Your last change could not be saved to browser storage.');
}

function rawSet(key: string, value: string): WriteResult {
  const store = backend();
  if (!store) {
    return { ok: false, error: new StorageWriteError(key, 'unavailable', 'Browser storage is not available. Changes will be lost on reload.') };
  }
  try {
    store.setItem(key, value);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: classify(key, error) };
  }
}

function rawRemove(key: string): WriteResult {
  try {
    backend()?.removeItem(key);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: classify(key, error) };
  }
}

/** Every key the app has written, for tests and the data tools. */
export function listKeys(): string[] {
  const store = backend();
  if (!store) return [];
  const keys: string[] = [];
  try {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key !== null) keys.push(key);
    }
  } catch {
    return [];
  }
  return keys;
}

type Parsed<T> = { status: 'missing' } | { status: 'ok'; value: T } | { status: 'corrupt'; reason: CorruptValueReport['reason'] };

function parse<T>(raw: string | null, schema: Schema<T>): Parsed<T> {
  if (raw === null) return { status: 'missing' };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { status: 'corrupt', reason: 'invalid-json' };
  }
  const result = schema.safeParse(json);
  return result.success ? { status: 'ok', value: result.data } : { status: 'corrupt', reason: 'schema' };
}

/** Keeps the unreadable text under a backup key (once per distinct text) and reports it once. */
function preserveCorrupt(key: string, raw: string, reason: CorruptValueReport['reason']): boolean {
  const fingerprint = `${key}\u0000${raw}`;
  if (reportedCorrupt.has(fingerprint)) return true;
  const existing = listKeys().find((k) => k.startsWith(`${key}.corrupt.`) && rawGet(k) === raw);
  let backupKey: string | null = existing ?? null;
  if (!backupKey) {
    const candidate = `${key}.corrupt.${Date.now()}`;
    backupKey = rawSet(candidate, raw).ok ? candidate : null;
  }
  reportedCorrupt.add(fingerprint);
  reportCorrupt({ key, backupKey, reason });
  return backupKey !== null;
}

export interface KeyAccessor<T> {
  readonly key: string;
  /** Never throws. Missing or unreadable values give the default. */
  read(): T;
  /** Writes the value; if the current stored text is unreadable it is backed up first. */
  write(value: T): WriteResult;
  remove(): WriteResult;
  /** Called when another tab changes this key (storage events). */
  subscribe(listener: (value: T) => void): () => void;
}

export function defineKey<T>(key: string, schema: Schema<T>, fallback: () => T): KeyAccessor<T> {
  const read = (): T => {
    const raw = rawGet(key);
    const parsed = parse(raw, schema);
    if (parsed.status === 'ok') return parsed.value;
    if (parsed.status === 'corrupt' && raw !== null) preserveCorrupt(key, raw, parsed.reason);
    return fallback();
  };
  return {
    key,
    read,
    write(value) {
      const refused = writeGuard?.(key);
      if (refused) return { ok: false, error: refused };
      const raw = rawGet(key);
      const current = parse(raw, schema);
      if (current.status === 'corrupt' && raw !== null && !preserveCorrupt(key, raw, current.reason)) {
        return { ok: false, error: new StorageWriteError(key, 'unknown', `The stored ${key} could not be read or backed up, so it was not overwritten.`) };
      }
      let text: string;
      try {
        text = JSON.stringify(value);
      } catch {
        return { ok: false, error: new StorageWriteError(key, 'unknown', `The ${key} value could not be serialised.`) };
      }
      return rawSet(key, text);
    },
    remove() {
      const refused = writeGuard?.(key);
      if (refused) return { ok: false, error: refused };
      return rawRemove(key);
    },
    subscribe(listener) {
      if (typeof window === 'undefined') return () => {};
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener(read());
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}
