/**
 * Where quote and invoice numbers (and their revisions' suffixes) come from when sync is on (issue 22, docs/sync.md): the sync code
 * (src/app/sync/syncService.ts, loaded for every signed-in page, never by the landing page) hands its
 * functions here when it loads, so the documents page reaches them without a way of its own into the
 * sync chunk (which would reshape the shared chunks the landing page loads).
 */
import type { DocumentKind } from '../../domain/invoice';

export interface AccountNumbers {
  /** True when numbers come from the account: sync is on here for the account whose data is open. */
  fromAccount(): boolean;
  /** The account's next number of `kind` for `year`, above `lastKnown`. */
  take(kind: DocumentKind, year: number, lastKnown: number): Promise<number>;
  /** The account's next revision (2, 3…) of the issued number `sequence` of `kind` and `year`, above `lastKnown`. */
  takeRevision(kind: DocumentKind, year: number, sequence: number, lastKnown: number): Promise<number>;
}

let provided: AccountNumbers | null = null;
const waiting = new Set<(numbers: AccountNumbers) => void>();

/** Called by the sync code when it loads. */
export function provideAccountNumbers(numbers: AccountNumbers): void {
  provided = numbers;
  for (const resolve of waiting) resolve(numbers);
  waiting.clear();
}

/** The sync code's numbers, once it has loaded (null when it has not within `timeoutMs`). */
export function accountNumbers(timeoutMs = 10_000): Promise<AccountNumbers | null> {
  if (provided) return Promise.resolve(provided);
  return new Promise((resolve) => {
    const done = (numbers: AccountNumbers | null) => {
      clearTimeout(timer);
      waiting.delete(done);
      resolve(numbers);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    waiting.add(done);
  });
}
