/**
 * The record book's connect: state → the values a record-book page shows (Zag's `connect`), pure and
 * unit-tested without React. The app layer's hooks (src/app/records/) bind it to the live actor.
 */
import type { SnapshotFrom } from 'xstate';
import type { ConflictSource } from '../conflict.connect';
import type { BookRecord, recordBookMachine } from './recordBook.machine';

export type RecordBookSnapshot = SnapshotFrom<typeof recordBookMachine>;

/** Where a record book keeps a stale save's conflict (src/machines/conflict.connect.ts); the page names the record. */
export function recordConflict(s: RecordBookSnapshot): ConflictSource<BookRecord> {
  const { editBase, draft, theirs, form } = s.context;
  return { open: s.hasTag('conflict'), name: '', base: editBase, mine: draft, theirs, toDraft: form.toDraft };
}
