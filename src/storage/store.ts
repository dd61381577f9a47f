/**
 * Typed accessors for whole-value keys (preferences, per-event percentages, and the generic
 * machinery collections build on). Reads never throw: a missing key gives its default; a value that
 * cannot be read, even after normalising what earlier versions wrote, is set aside (recovered.ts)
 * and the default is used. Nothing is written back by reading. Writes return a result instead of
 * throwing, so the calling machine keeps its in-memory state and tells the user.
 */
import {
  announceLocalChange,
  listKeys,
  rawGet,
  rawRemove,
  rawSet,
  setWriteGuard,
  StorageWriteError,
  type WriteGuard,
  type WriteResult,
} from './raw';

export { listKeys, StorageWriteError, announceLocalChange, setWriteGuard, type WriteGuard, type WriteResult };

export interface SchemaIssue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
  code?: string;
  expected?: string;
  values?: readonly unknown[];
}

/** Anything with zod's safeParse: zod schemas, or the tiny validators of preferences.ts. */
export interface Schema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error?: { issues: ReadonlyArray<SchemaIssue> } };
}

export type Decoded = { ok: true; value: unknown } | { ok: false; reason: string };

/** JSON text to a value; the reason when it is not JSON. */
export function decodeJSON(raw: string): Decoded {
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch (error) {
    return { ok: false, reason: `not valid JSON (${error instanceof Error ? error.message : 'parse error'})` };
  }
}

/** What sets an unreadable value aside (recovered.ts installs it when it loads); true when it is safely kept. */
export type Keeper = (entry: { key: string; reason: string; text: string; index: null; id: null }) => boolean;
let keeper: Keeper | null = null;

/**
 * Installed by recovered.ts. Until then (the landing page's first moments, which read only
 * preferences) an unreadable value reads as its default and is never overwritten: a write over it
 * is refused until it can be set aside first.
 */
export function installKeeper(keep: Keeper): void {
  keeper = keep;
}

export interface KeyAccessor<T> {
  readonly key: string;
  /** Never throws. Missing or unreadable values give the default (unreadable ones are set aside first). */
  read(): T;
  /** Writes the value; if the stored text is unreadable it is set aside first, and kept if that fails. */
  write(value: T): WriteResult;
  remove(): WriteResult;
  /** Checks a whole value's text as a reader would (decoded, normalised, then the schema). */
  check(text: string): { ok: true; value: T } | { ok: false; reason: string };
  /** Called when another tab (or a restore in this one) changes this key. */
  subscribe(listener: (value: T) => void): () => void;
}

/** The first issue as 'path: message' (zod/mini's own message); collections and per-event keys pass `describeIssues` for fuller words. */
function plainReason(error: { issues: ReadonlyArray<SchemaIssue> } | undefined): string {
  const issue = error?.issues[0];
  return issue
    ? `${issue.path.map(String).join('.') || 'value'}: ${issue.message}`
    : 'does not have the expected shape';
}

export interface KeyOptions {
  /** Raw text to a value (default JSON); earlier versions wrote some values as bare text. */
  decode?: (raw: string) => Decoded;
  /** Fixes what earlier versions wrote (numbers typed as strings, ...) before the schema check. */
  normalize?: (value: unknown) => unknown;
  /** Words for a failed check (issues.ts `describeIssues`); the landing page's preferences keep the plain reason. */
  explain?: (error: { issues: ReadonlyArray<SchemaIssue> } | undefined, value: unknown) => string;
}

type Parsed<T> = { status: 'missing' } | { status: 'ok'; value: T } | { status: 'unreadable'; reason: string };

export function parseValue<T>(raw: string | null, schema: Schema<T>, options: KeyOptions = {}): Parsed<T> {
  if (raw === null) return { status: 'missing' };
  const decoded = (options.decode ?? decodeJSON)(raw);
  if (!decoded.ok) return { status: 'unreadable', reason: decoded.reason };
  const value = options.normalize ? options.normalize(decoded.value) : decoded.value;
  const result = schema.safeParse(value);
  return result.success
    ? { status: 'ok', value: result.data }
    : { status: 'unreadable', reason: (options.explain ?? plainReason)(result.error, value) };
}

/** Subscribes to storage events for one key (key === null means "everything changed", e.g. a restore). */
export function watchKey(key: string, onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

export function defineKey<T>(
  key: string,
  schema: Schema<T>,
  fallback: () => T,
  options: KeyOptions = {},
): KeyAccessor<T> {
  const read = (): T => {
    const raw = rawGet(key);
    const parsed = parseValue(raw, schema, options);
    if (parsed.status === 'ok') return parsed.value;
    if (parsed.status === 'unreadable' && raw !== null)
      keeper?.({ key, reason: parsed.reason, text: raw, index: null, id: null });
    return fallback();
  };
  return {
    key,
    read,
    write(value) {
      const raw = rawGet(key);
      const current = parseValue(raw, schema, options);
      if (
        current.status === 'unreadable' &&
        raw !== null &&
        !keeper?.({ key, reason: current.reason, text: raw, index: null, id: null })
      ) {
        return {
          ok: false,
          error: new StorageWriteError(
            key,
            'unknown',
            'The saved value could not be read or set aside, so it was not overwritten.',
          ),
        };
      }
      let text: string;
      try {
        text = JSON.stringify(value);
      } catch {
        return { ok: false, error: new StorageWriteError(key, 'unknown', 'The value could not be serialised.') };
      }
      return rawSet(key, text);
    },
    remove() {
      return rawRemove(key);
    },
    check(text) {
      const parsed = parseValue(text, schema, options);
      if (parsed.status === 'ok') return { ok: true, value: parsed.value };
      return { ok: false, reason: parsed.status === 'unreadable' ? parsed.reason : 'empty' };
    },
    subscribe(listener) {
      return watchKey(key, () => listener(read()));
    },
  };
}
