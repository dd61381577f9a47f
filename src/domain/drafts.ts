/** Pure rules of form drafts (issue 25); storage is src/storage/drafts.ts. */
import type { DraftValues } from '../storage/drafts';

/** True when both hold the same values (field order aside). */
export function sameValues(a: object, b: object): boolean {
  const x = a as DraftValues;
  const y = b as DraftValues;
  for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) if (x[key] !== y[key]) return false;
  return true;
}

/**
 * A saved draft of an edit form, if it still applies: its record exists and still has the values it
 * had when editing began. Otherwise the record changed or was deleted since, and the draft is stale.
 */
export function applicableEditDraft<V extends object>(
  saved: { recordId?: string | null; base?: object | null; values: V } | null,
  current: (id: string) => object | undefined,
): { status: 'none' } | { status: 'ok'; recordId: string; values: V } | { status: 'stale'; recordId: string } {
  if (!saved || !saved.recordId) return { status: 'none' };
  const record = current(saved.recordId);
  if (!record || !saved.base || !sameValues(record, saved.base)) return { status: 'stale', recordId: saved.recordId };
  return { status: 'ok', recordId: saved.recordId, values: saved.values };
}
