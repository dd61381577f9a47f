/**
 * Quotes and invoices (issue 22, part 4): two whole values, the account's data like the business profile.
 *
 * - `documentNumbers`: the last quote and invoice number used per year (domain/invoice.ts `DocumentCounters`).
 *   Deleting an event never touches it, and a restore keeps the higher of the stored and the restored counts
 *   (batch.ts), so a number is never given twice.
 * - `issuedDocuments`: every issued quote and invoice, with its frozen figures (domain/invoice.ts `IssuedDocument`).
 *
 * `issue` writes both together (writeTogether): a number is taken only when its document is saved, inside a
 * critical section shared by the browser's tabs (`withDocumentBookLock`).
 */
import {
  emptyCounters,
  normalizeCounters,
  normalizeDocuments,
  type DocumentBook,
  type DocumentCounters,
  type IssuedDocument,
} from '../domain/invoice';
import { defineKey, type Schema, type WriteResult } from './store';
import { keyWrite, writeTogether } from './together';
import { rawGet } from './raw';
import { hasWebLocks, withTabLock } from './tabLock';

export const documentNumbersKey = 'documentNumbers';
export const issuedDocumentsKey = 'issuedDocuments';

const countersSchema: Schema<DocumentCounters> = {
  safeParse(value) {
    const counters = normalizeCounters(value);
    return counters
      ? { success: true, data: counters }
      : { success: false, error: { issues: [{ path: [], message: 'must be an object of counts' }] } };
  },
};

const documentsSchema: Schema<IssuedDocument[]> = {
  safeParse(value) {
    const documents = normalizeDocuments(value);
    return documents
      ? { success: true, data: documents }
      : { success: false, error: { issues: [{ path: [], message: 'must be a list of documents' }] } };
  },
};

export const documentNumbersStore = defineKey<DocumentCounters>(documentNumbersKey, countersSchema, emptyCounters);
export const issuedDocumentsStore = defineKey<IssuedDocument[]>(issuedDocumentsKey, documentsSchema, () => []);

/** The counters and the register as stored now. */
export function readDocumentBook(): DocumentBook {
  return { counters: documentNumbersStore.read(), documents: issuedDocumentsStore.read() };
}

/** Saves a book a new issue or revision produced: both keys, or neither. */
export function writeDocumentBook(book: DocumentBook): WriteResult {
  return writeTogether([keyWrite(documentNumbersStore, book.counters), keyWrite(issuedDocumentsStore, book.documents)]);
}

/**
 * The stored text of both keys: another tab wrote the book when it differs from what was read (the
 * check that stands in for the lock where Web Locks are absent).
 */
export function documentBookVersion(): string {
  return JSON.stringify([rawGet(documentNumbersKey), rawGet(issuedDocumentsKey)]);
}

const documentBookLock = 'cater-captain:documentBook';

export { hasWebLocks };

/**
 * Runs `task` while no other tab of this browser runs one (Web Locks, `navigator.locks`), once this tab's
 * storage shows the last tab's writes (tabLock.ts): the read, the number and the write of an issue happen
 * as one step, so two tabs never take the same number nor write over each other's document. Where locks
 * are absent, `task` runs at once and must check `documentBookVersion()` before it writes.
 */
export function withDocumentBookLock<T>(task: () => Promise<T>): Promise<T> {
  return withTabLock(documentBookLock, task);
}
