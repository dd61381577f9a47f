/**
 * What the Recovered data screen does with a set-aside entry: check an edited text as a reader
 * would, put it back where it came from (a record into its list by id, a list merged by id, a
 * single value written), or discard it. Both remove the entry and announce the change so open views
 * read again, and both make sure the bad text does not come back on the next read. Failures are
 * returned with their message, never thrown.
 */
import { accessorFor } from './keys';
import { isRecoveredKey, ownedKeyOf } from './owned';
import { colorModeStore, soundMutedStore } from './preferences';
import { announceLocalChange, listKeys, rawGet } from './raw';
import { onSetAside, removeRecovered, type RecoveredEntry } from './recovered';
import { decodeJSON, type KeyAccessor } from './store';
import type { CollectionAccessor } from './collection';

export type CheckResult = { ok: true; value: unknown } | { ok: false; reason: string };

export type PutBackResult =
  | {
      ok: true;
      /** Records added to a list (1 for a record, 0 for a single value). */
      added: number;
      /** Records of a whole list that were already there (same id), so left as they are. */
      skipped: number;
      /** A record took the place of the one with its id. */
      replaced: boolean;
    }
  /** `taken`: a record with this id is already there (put back again with `replace`); `invalid`: the text does not check; `failed`: a write failed. */
  | { ok: false; reason: 'taken' | 'invalid' | 'failed'; message: string };

export type DiscardResult = { ok: true } | { ok: false; error: string };

type Target =
  { kind: 'collection'; accessor: CollectionAccessor<object> } | { kind: 'value'; accessor: KeyAccessor<unknown> };

/** The accessor that reads the entry's source key: the data keys, plus the preferences every page reads. */
function targetOf(key: string): Target | null {
  const target = accessorFor(key);
  if (target) return target;
  if (key === colorModeStore.key) return { kind: 'value', accessor: colorModeStore as KeyAccessor<unknown> };
  if (key === soundMutedStore.key) return { kind: 'value', accessor: soundMutedStore as KeyAccessor<unknown> };
  return null;
}

const isLegacy = (entry: RecoveredEntry) => ownedKeyOf(entry.entryKey)?.kind !== 'recovered';

/** Checks an (edited) text as the reader of the entry's key would: one record, a whole list, or a single value. */
export function checkRecovered(entry: RecoveredEntry, text: string): CheckResult {
  const target = targetOf(entry.key);
  if (!target) return { ok: false, reason: `the app no longer reads "${entry.key}", so it cannot be put back` };
  if (entry.index !== null) {
    if (target.kind !== 'collection') return { ok: false, reason: 'this value is not a list of records' };
    const checked = target.accessor.checkRecord(text);
    return checked.ok ? { ok: true, value: checked.record } : { ok: false, reason: checked.reason };
  }
  const checked = target.accessor.check(text);
  return checked.ok ? { ok: true, value: checked.value } : { ok: false, reason: checked.reason };
}

/** The records of a whole-list text, each as a reader gives it (ids given where the app gives them). */
function recordsOf(accessor: CollectionAccessor<object>, text: string): object[] | string {
  const decoded = decodeJSON(text);
  if (!decoded.ok || !Array.isArray(decoded.value)) return 'value: expected a list of records';
  const records: object[] = [];
  for (const [index, value] of decoded.value.entries()) {
    const checked = accessor.checkRecord(JSON.stringify(value));
    if (!checked.ok) return `record ${index + 1}, ${checked.reason}`;
    records.push(checked.record);
  }
  return records;
}

const failed = (message: string): PutBackResult => ({ ok: false, reason: 'failed', message });

/**
 * A list still holding unreadable text (not saved since it was set aside) is written again from its
 * readable records: the bad text then cannot be set aside again once its entry is gone. Safe, because
 * the collection refuses to write while anything unreadable is not safely set aside.
 */
function settleCollection(accessor: CollectionAccessor<object>): string | null {
  if (rawGet(accessor.key) === null || accessor.setAsideCount() === 0) return null;
  const result = accessor.write(accessor.read());
  return result.ok ? null : result.error.message;
}

function finish(entry: RecoveredEntry): string | null {
  const removed = removeRecovered(entry.entryKey);
  announceLocalChange(entry.key);
  return removed.ok ? null : removed.error.message;
}

/**
 * Puts a (fixed) text back where the entry came from, then removes the entry. A record whose id is
 * already taken is refused (`taken`) unless `replace` is passed.
 */
export function putBack(entry: RecoveredEntry, text: string, options: { replace?: boolean } = {}): PutBackResult {
  const target = targetOf(entry.key);
  const checked = checkRecovered(entry, text);
  if (!target || !checked.ok)
    return { ok: false, reason: 'invalid', message: checked.ok ? 'cannot be put back' : checked.reason };
  let added = 0;
  let skipped = 0;
  let replaced = false;
  if (target.kind === 'collection') {
    const { accessor } = target;
    const base = accessor.read();
    const ids = new Set(base.map((r) => accessor.idOf(r)));
    let next: object[];
    if (entry.index !== null) {
      const record = checked.value as object;
      const id = accessor.idOf(record);
      if (ids.has(id) && !options.replace) {
        return { ok: false, reason: 'taken', message: `Another record with the id "${id}" is already there.` };
      }
      replaced = ids.has(id);
      next = replaced ? base.map((r) => (accessor.idOf(r) === id ? record : r)) : [...base, record];
      added = replaced ? 0 : 1;
    } else {
      const records = recordsOf(accessor, text);
      if (typeof records === 'string') return { ok: false, reason: 'invalid', message: records };
      const missing: object[] = [];
      for (const record of records) {
        const id = accessor.idOf(record);
        if (ids.has(id)) skipped++;
        else {
          ids.add(id);
          missing.push(record);
        }
      }
      added = missing.length;
      next = [...base, ...missing];
    }
    const saved = accessor.save(next, base);
    if (!saved.ok) return failed(saved.error.message);
    if (saved.conflicts.length) return failed('The list was changed in another tab meanwhile. Try again.');
    const settled = settleCollection(accessor);
    if (settled) return failed(settled);
  } else {
    const written = target.accessor.write(checked.value);
    if (!written.ok) return failed(written.error.message);
  }
  const error = finish(entry);
  if (error) return failed(`It was put back, but could not be taken off this list: ${error}`);
  return { ok: true, added, skipped, replaced };
}

/**
 * Drops a set-aside entry for good. Its source may still hold the bad text (a list not saved since,
 * or a whole value): that is cleared first, so it is not set aside again on the next read.
 */
export function discard(entry: RecoveredEntry): DiscardResult {
  const target = isLegacy(entry) ? null : targetOf(entry.key);
  if (target) {
    const stored = rawGet(entry.key);
    if (entry.index === null && stored === entry.text) {
      const removed = target.accessor.remove();
      if (!removed.ok) return { ok: false, error: removed.error.message };
    } else if (target.kind === 'collection') {
      const settled = settleCollection(target.accessor);
      if (settled) return { ok: false, error: settled };
    }
  }
  const error = finish(entry);
  return error ? { ok: false, error } : { ok: true };
}

/** How many entries the Recovered data screen lists (without reading their texts). */
export function countRecovered(): number {
  return listKeys().filter(isRecoveredKey).length;
}

/** Calls back when entries may have changed: any storage change (this tab or another) or a new set-aside. */
export function watchRecovered(listener: () => void): () => void {
  const stopSetAside = onSetAside(() => listener());
  if (typeof window === 'undefined') return stopSetAside;
  window.addEventListener('storage', listener);
  return () => {
    stopSetAside();
    window.removeEventListener('storage', listener);
  };
}
