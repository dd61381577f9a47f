/**
 * Whole-data-set reads and writes for backup and restore: every key the app owns (owned.ts), as the raw
 * text localStorage holds. `replaceAppData` writes everything or nothing: if a write fails half way
 * (a full quota), what was written is rolled back so every key holds the same bytes as before.
 */
import { mergeCounters, normalizeCounters } from '../domain/invoice';
import { isAppKey } from './owned';
import { parseJson } from './json';
import { announceLocalChange, backend, isQuotaError, StorageWriteError } from './raw';
import { flushPendingWrites } from './pendingWrites';

export type AppData = Record<string, string>;

export type ReplaceResult =
  | { ok: true; previous: AppData }
  /** `rolledBack` is false only when putting the old data back failed too (the message says so). */
  | { ok: false; error: StorageWriteError; rolledBack: boolean };

function appKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && isAppKey(key)) keys.push(key);
  }
  return keys;
}

/** Throws when storage does: a restore must never mistake a failing storage for an empty one. */
function snapshot(storage: Storage): AppData {
  const data: AppData = {};
  for (const key of appKeys(storage)) {
    const value = storage.getItem(key);
    if (value !== null) data[key] = value;
  }
  return data;
}

/** Every key the app owns → its raw text. Never throws: unavailable storage reads as empty. */
export function readAppData(storage: Storage | null = backend()): AppData {
  flushPendingWrites(); // a change made a moment ago is in the backup
  if (!storage) return {};
  try {
    return snapshot(storage);
  } catch {
    return {};
  }
}

function errorFor(key: string, error: unknown): StorageWriteError {
  if (isQuotaError(error)) {
    return new StorageWriteError(
      key,
      'quota',
      `Browser storage is full: ${key} could not be written. Nothing was changed.`,
    );
  }
  return new StorageWriteError(key, 'unknown', `${key} could not be written to browser storage. Nothing was changed.`);
}

/** Puts the snapshot back: first every app key goes (freeing space), then the old values return. */
function rollback(storage: Storage, before: AppData): boolean {
  try {
    for (const key of appKeys(storage)) storage.removeItem(key);
    for (const [key, value] of Object.entries(before)) storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

const numbersKey = 'documentNumbers';

/**
 * The quote and invoice numbers a restore writes (issue 22): the higher of the stored and the restored
 * count per kind and year, so numbers issued after the backup was made are never given again. A value
 * that cannot be read on either side leaves the other as it is.
 */
export function keepHighestNumbers(previous: AppData, next: AppData): AppData {
  const before = previous[numbersKey];
  if (before === undefined) return next;
  const read = (text: string | undefined) => {
    if (text === undefined) return null;
    try {
      return normalizeCounters(parseJson(text));
    } catch {
      return null;
    }
  };
  const mine = read(before);
  if (!mine) return next;
  const theirs = read(next[numbersKey]);
  const merged = theirs ? mergeCounters(mine, theirs) : mine;
  const text = JSON.stringify(merged);
  return text === next[numbersKey] ? next : { ...next, [numbersKey]: text };
}

/**
 * Makes the app's keys exactly `next`: app keys not in `next` are removed, every key of `next` is set,
 * except that the quote and invoice numbers never go down (`keepHighestNumbers`).
 * Keys the app does not own are never touched (a `next` naming one is refused before any write).
 */
export function replaceAppData(next: AppData, storage: Storage | null = backend()): ReplaceResult {
  flushPendingWrites(); // made before, not over the restored data
  if (!storage) {
    return {
      ok: false,
      rolledBack: true,
      error: new StorageWriteError('', 'unavailable', 'Browser storage is not available. Nothing was changed.'),
    };
  }
  const foreign = Object.keys(next).find((key) => !isAppKey(key));
  if (foreign !== undefined) {
    return {
      ok: false,
      rolledBack: true,
      error: new StorageWriteError(foreign, 'unknown', `${foreign} is not Cater Captain data, so nothing was written.`),
    };
  }
  let previous: AppData;
  try {
    previous = snapshot(storage);
  } catch (error) {
    return { ok: false, rolledBack: true, error: errorFor('', error) };
  }
  next = keepHighestNumbers(previous, next);
  let current = '';
  try {
    // Removals first: they free the space the new values need.
    for (const key of Object.keys(previous)) {
      if (!(key in next)) {
        current = key;
        storage.removeItem(key);
      }
    }
    for (const [key, value] of Object.entries(next)) {
      current = key;
      storage.setItem(key, value);
    }
  } catch (error) {
    const failure = errorFor(current, error);
    const rolledBack = rollback(storage, previous);
    announceLocalChange();
    if (rolledBack) return { ok: false, rolledBack, error: failure };
    return {
      ok: false,
      rolledBack,
      error: new StorageWriteError(
        current,
        failure.reason,
        `${current} could not be written, and putting the earlier data back failed too. Keep your backup file and reload the page.`,
      ),
    };
  }
  announceLocalChange();
  return { ok: true, previous };
}
