/**
 * Set-aside values: what a reader could not use is kept here, one localStorage key per record or
 * value (`recovered:<source key>:<fingerprint>`), with its original text, the reason and the time.
 * Nothing is ever dropped: a collection that is saved again after a record was set aside still has
 * that record here until the user puts it back or discards it on the Recovered data screen.
 */
import { ownedKeyOf, recoveredPrefix } from './owned';
import { backend, rawGet, rawRemove, rawSet, StorageWriteError, type WriteResult } from './raw';
import { installKeeper } from './store';

export interface RecoveredEntry {
  /** The localStorage key of this entry. */
  entryKey: string;
  /** The key the value was read from (`events`, `4-discountPercentage`, ...). */
  key: string;
  /** When it was set aside (ms since epoch). */
  time: number;
  /** Field path and message, e.g. `ingredients.0.costPerUnit: expected number`. */
  reason: string;
  /** The original text of the record or value. */
  text: string;
  /** Position in the stored list it came from; null for a whole value. */
  index: number | null;
  /** The record's id, when it had one. */
  id: string | null;
}

/** FNV-1a, 32 bits, as hex: a short fingerprint so one text is set aside once. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0') + text.length.toString(36);
}

/** `copy` counts identical texts within one stored list (0 for the first), so each copy keeps an entry of its own. */
export function recoveredKeyFor(key: string, text: string, copy = 0): string {
  return `${recoveredPrefix}${key}:${fingerprint(text)}${copy > 0 ? `~${copy + 1}` : ''}`;
}

export interface SetAsideNotice {
  key: string;
  reason: string;
  /** One record of a list (true) or the whole value (false). */
  isRecord: boolean;
}
type Listener = (batch: SetAsideNotice[]) => void;
const listeners = new Set<Listener>();
const announced = new Set<string>();
let batch: SetAsideNotice[] = [];
let scheduled = false;

/** Calls back, once per batch of reads, with what was newly set aside (the shell shows a warning toast). */
export function onSetAside(listener: Listener): () => void {
  listeners.add(listener);
  if (batch.length && !scheduled) flush();
  return () => listeners.delete(listener);
}

function flush() {
  scheduled = false;
  if (listeners.size === 0) return;
  const done = batch;
  batch = [];
  for (const listener of listeners) listener(done);
}

function announce(notice: SetAsideNotice) {
  batch.push(notice);
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(flush);
}

/**
 * Keeps one unreadable record or value. Returns true when it is safely kept (already there, or
 * written now); false when the write failed, in which case the caller must not overwrite the source.
 */
export function setAside(entry: Omit<RecoveredEntry, 'entryKey' | 'time'>, copy = 0): boolean {
  const entryKey = recoveredKeyFor(entry.key, entry.text, copy);
  if (rawGet(entryKey) !== null) return true;
  const stored = {
    key: entry.key,
    time: Date.now(),
    reason: entry.reason,
    text: entry.text,
    index: entry.index,
    id: entry.id,
  };
  const ok = rawSet(entryKey, JSON.stringify(stored)).ok;
  if (ok && !announced.has(entryKey)) {
    announced.add(entryKey);
    announce({ key: entry.key, reason: entry.reason, isRecord: entry.index !== null });
  }
  return ok;
}

function parseEntry(entryKey: string, raw: string): RecoveredEntry | null {
  try {
    const v = JSON.parse(raw) as Partial<RecoveredEntry>;
    if (typeof v.key !== 'string' || typeof v.text !== 'string') return null;
    return {
      entryKey,
      key: v.key,
      time: typeof v.time === 'number' ? v.time : 0,
      reason: typeof v.reason === 'string' ? v.reason : 'unreadable',
      text: v.text,
      index: typeof v.index === 'number' ? v.index : null,
      id: typeof v.id === 'string' ? v.id : null,
    };
  } catch {
    return null;
  }
}

/** Every set-aside value, newest first; whole-value backups of earlier builds (`<key>.corrupt.<ts>`) included. */
export function listRecovered(): RecoveredEntry[] {
  const store = backend();
  if (!store) return [];
  const entries: RecoveredEntry[] = [];
  let keys: string[];
  try {
    keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((k): k is string => k !== null);
  } catch {
    return [];
  }
  for (const entryKey of keys) {
    // Only the signed-in account's entries (owned.ts): another account's stashed ones are not listed.
    const owned = ownedKeyOf(entryKey);
    if (owned?.kind !== 'recovered' && owned?.kind !== 'legacyCorrupt') continue;
    const raw = rawGet(entryKey);
    if (raw === null) continue;
    if (owned.kind === 'recovered') {
      const entry = parseEntry(entryKey, raw);
      if (entry) entries.push(entry);
      else
        entries.push({
          entryKey,
          key: owned.source,
          time: 0,
          reason: 'unreadable entry',
          text: raw,
          index: null,
          id: null,
        });
      continue;
    }
    entries.push({
      entryKey,
      key: owned.source,
      time: owned.time,
      reason: 'could not be read (kept by an earlier version)',
      text: raw,
      index: null,
      id: null,
    });
  }
  return entries.sort((a, b) => b.time - a.time);
}

/** Removes one set-aside entry (after it was put back, or discarded by the user); never a key that is not the signed-in account's entry. */
export function removeRecovered(entryKey: string): WriteResult {
  const kind = ownedKeyOf(entryKey)?.kind;
  if (kind !== 'recovered' && kind !== 'legacyCorrupt') {
    return {
      ok: false,
      error: new StorageWriteError(
        entryKey,
        'unknown',
        'This is not a set-aside value of the signed-in account, so it was left as it is.',
      ),
    };
  }
  return rawRemove(entryKey);
}

// Whole-value keys (store.ts) set aside through this module once it is loaded.
installKeeper((entry) => setAside(entry));
