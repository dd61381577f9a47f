/**
 * The record book's connect: state → the values a record-book page shows (Zag's `connect`), pure and
 * unit-tested without React. The app layer's hooks (src/app/records/) bind it to the live actor.
 */
import type { SnapshotFrom } from 'xstate';
import { sameValues } from '../../domain/drafts';
import type { ConflictSource } from '../conflict.connect';
import type { BookRecord, recordBookMachine } from './recordBook.machine';

export type RecordBookSnapshot = SnapshotFrom<typeof recordBookMachine>;

/** Where a record book keeps a stale save's conflict (src/machines/conflict.connect.ts); the page names the record. */
export function recordConflict(s: RecordBookSnapshot): ConflictSource<BookRecord> {
  const { editBase, draft, theirs, form } = s.context;
  return { open: s.hasTag('conflict'), name: '', base: editBase, mine: draft, theirs, toDraft: form.toDraft };
}

/** Typed and not saved (asked about before leaving the page): a restored draft, or values unlike the record's (or the empty form's). */
export function isDirty(s: RecordBookSnapshot): boolean {
  const { draftRestored, draft, editBase, form } = s.context;
  return draftRestored || !sameValues(draft, editBase ? form.toDraft(editBase) : form.empty());
}

/** A field's non-blocking warning (issue 11: a supplier name another supplier already has), from the form's `warn`. */
export function fieldWarning(s: RecordBookSnapshot, field: string): string | undefined {
  const { form, draft, records, editingId } = s.context;
  if (!form.warn) return undefined;
  return form.warn(
    draft,
    records.filter((r) => form.key(r) !== editingId),
  )[field];
}
