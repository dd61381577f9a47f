/**
 * Typed accessors for whole-value keys (preferences, per-event percentages, and the generic
 * machinery collections build on). Reads never throw: a missing key gives its default; a value that
 * cannot be read, even after normalising what earlier versions wrote, is set aside (recovered.ts)
 * and the default is used. Nothing is written back by reading. Writes return a result instead of
 * throwing, so the calling machine keeps its in-memory state and tells the user.
 */
import { announceLocalChange, listKeys, rawGet, rawRemove, rawSet, setWriteGuard, StorageWriteError, type WriteGuard, type WriteResult } from './raw';
import { setAside } from './recovered';

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
  safeParse(value: unknown): { success: true; data: T } | { success: false; error?: { issues: ReadonlyArray<SchemaIssue> } };
}

const expectedWords: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a record',
};

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') return `the text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (typeof value === 'number') return Number.isFinite(value) ? `the number ${value}` : String(value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a record';
  return String(value);
}

function at(value: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current = value;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[step];
  }
  return current;
}

/**
 * The reason a value failed its schema, as field path and a message a person can act on
 * ('costPerUnit: expected a number, found the text "three"'). `value` is what was checked.
 */
export function describeIssues(error: { issues: ReadonlyArray<SchemaIssue> } | undefined, value?: unknown): string {
  const issue = error?.issues[0];
  if (!issue) return 'does not have the expected shape';
  const path = issue.path.map(String).join('.') || 'value';
  const found = describeValue(at(value, issue.path));
  let message = issue.message;
  if (issue.code === 'invalid_type' && issue.expected) message = `expected ${expectedWords[issue.expected] ?? issue.expected}, found ${found}`;
  else if (issue.code === 'invalid_value' && issue.values) message = `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, found ${found}`;
  else if (message === 'Invalid input') message = `is not valid (found ${found})`;
  return `${path}: ${message}`;
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

export interface KeyOptions {
  /** Raw text to a value (default JSON); earlier versions wrote some values as bare text. */
  decode?: (raw: string) => Decoded;
  /** Fixes what earlier versions wrote (numbers typed as strings, ...) before the schema check. */
  normalize?: (value: unknown) => unknown;
}

type Parsed<T> = { status: 'missing' } | { status: 'ok'; value: T } | { status: 'unreadable'; reason: string };

export function parseValue<T>(raw: string | null, schema: Schema<T>, options: KeyOptions = {}): Parsed<T> {
  if (raw === null) return { status: 'missing' };
  const decoded = (options.decode ?? decodeJSON)(raw);
  if (!decoded.ok) return { status: 'unreadable', reason: decoded.reason };
  const value = options.normalize ? options.normalize(decoded.value) : decoded.value;
  const result = schema.safeParse(value);
  return result.success ? { status: 'ok', value: result.data } : { status: 'unreadable', reason: describeIssues(result.error, value) };
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

export function defineKey<T>(key: string, schema: Schema<T>, fallback: () => T, options: KeyOptions = {}): KeyAccessor<T> {
  const read = (): T => {
    const raw = rawGet(key);
    const parsed = parseValue(raw, schema, options);
    if (parsed.status === 'ok') return parsed.value;
    if (parsed.status === 'unreadable' && raw !== null) setAside({ key, reason: parsed.reason, text: raw, index: null, id: null });
    return fallback();
  };
  return {
    key,
    read,
    write(value) {
      const raw = rawGet(key);
      const current = parseValue(raw, schema, options);
      if (current.status === 'unreadable' && raw !== null && !setAside({ key, reason: current.reason, text: raw, index: null, id: null })) {
        return { ok: false, error: new StorageWriteError(key, 'unknown', 'The saved value could not be read or set aside, so it was not overwritten.') };
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
