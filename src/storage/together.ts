/**
 * Several keys written as one change (Use Mock Data: four collections and the per-event keys of its
 * events): each value goes through its own typed accessor; if one write fails (a full quota), the keys
 * already written get their earlier text back, so storage holds all of the change or none of it.
 */
import { rawGet, rawRemove, rawSet, type WriteResult } from './raw';
import type { KeyAccessor } from './store';

export interface KeyWrite<T = unknown> {
  accessor: KeyAccessor<T>;
  value: T;
}

/** A typed pair for `writeTogether`'s list (keeps the accessor's and the value's types together). */
export const keyWrite = <T>(accessor: KeyAccessor<T>, value: T): KeyWrite => ({
  accessor: accessor as KeyAccessor<unknown>,
  value,
});

/** Writes every value, or none: on the first failure the earlier writes are undone and that failure is returned. */
export function writeTogether(writes: readonly KeyWrite[]): WriteResult {
  const written: Array<{ key: string; before: string | null }> = [];
  for (const { accessor, value } of writes) {
    const before = rawGet(accessor.key);
    const result = accessor.write(value);
    if (!result.ok) {
      for (const { key, before: text } of written.reverse()) {
        if (text === null) rawRemove(key);
        else rawSet(key, text);
      }
      return result;
    }
    written.push({ key: accessor.key, before });
  }
  return { ok: true };
}
