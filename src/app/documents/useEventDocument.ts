/**
 * Quotes and invoices (issue 22, part 4): one event's quote or invoice page, read through the storage
 * accessors (the event, stored or a built-in sample; its ingredient lines, discount and tax; its payments;
 * the business profile; the issued documents), read again when any of them changes (another tab, the Tool
 * Kit), and the page's two actions: Issue (a new number) and Issue revised (the same number, next revision).
 * Also `useEventDocumentNumbers`, the latest quote and invoice numbers an event's card and Tool Kit show.
 */
import { useCallback, useEffect, useState } from 'react';
import { emptyProfile, type BusinessProfile } from '../../domain/businessProfile';
import { toISODate } from '../../domain/eventDates';
import { inventoryTotal, specialtyTotal } from '../../domain/ingredients';
import {
  documentView,
  issueDocument,
  formatDocumentNumber,
  issueYear,
  lastRevision,
  lastSequence,
  latestDocument,
  priceSnapshot,
  documentEventOf,
  reviseDocument,
  type DocumentBook,
  type DocumentKind,
  type DocumentView,
  type IssuedDocument,
  type PriceSnapshot,
} from '../../domain/invoice';
import { daysBefore, depositDueDateOf, paymentsOf } from '../../domain/payments';
import {
  discountPercentageStore,
  eventsStore,
  ingredientListStore,
  taxPercentageStore,
  type CateringEvent,
} from '../../storage';
import { businessProfileStore } from '../../storage/businessProfile';
import {
  documentBookVersion,
  documentNumbersStore,
  issuedDocumentsStore,
  readDocumentBook,
  withDocumentBookLock,
  writeDocumentBook,
} from '../../storage/invoices';
import { loadEvents } from '../events/eventsData';
import { useHoldEventHere } from '../sync/holds';
import { quoteIssuedFor } from './quoteStatus';
import { accountNumbers } from './accountNumbers';

/** An event's figures now, as a quote or invoice would freeze them. */
export function liveSnapshot(event: CateringEvent, profile: BusinessProfile): PriceSnapshot | null {
  const snapshot = priceSnapshot({
    priceLines: event.pricing ?? [],
    inventoryTotal: inventoryTotal(ingredientListStore(event.id).read()),
    specialtyTotal: specialtyTotal(event.ingredients ?? []),
    discountPercent: discountPercentageStore(event.id).read(),
    taxPercent: taxPercentageStore(event.id).read(),
    taxName: profile.taxName,
    depositPercent: profile.depositPercent,
  });
  // The customer and event as printed now: issuing keeps them with the figures.
  return snapshot && { ...snapshot, event: documentEventOf(event) };
}

export interface DocumentPageData {
  event: CateringEvent;
  profile: BusinessProfile;
  /** True when a business profile has been saved (else the page asks for one). */
  hasProfile: boolean;
  view: DocumentView;
  issued: IssuedDocument | null;
}

function readPage(id: number | null, kind: DocumentKind): DocumentPageData | null {
  if (id === null) return null;
  const event = loadEvents(toISODate(new Date())).events.find((e) => e.id === id);
  if (!event) return null;
  const saved = businessProfileStore.read();
  const profile = saved ?? emptyProfile();
  const issued = latestDocument(issuedDocumentsStore.read(), id, kind);
  const view = documentView({
    kind,
    live: liveSnapshot(event, profile),
    issued,
    payments: paymentsOf(event),
    depositDueDate: depositDueDateOf(event),
    balanceDueDate: daysBefore(event.EventDate, profile.balanceDays),
    event,
  });
  return { event, profile, hasProfile: saved !== null, view, issued };
}

let sequence = 0;
const newId = () => `D-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

/** What issuing says when sync is on and the account cannot give a number now (nothing is issued). */
export const NEEDS_CONNECTION =
  'Issuing needs a connection to your account so a number is never used twice — try again when online.';

/** The account's numbers and revisions (sync on). */
export interface AccountTake {
  /** The next number of `kind` for `year`, above `lastKnown`. */
  number(kind: DocumentKind, year: number, lastKnown: number): Promise<number>;
  /** The next revision of the issued number `sequence` of `kind` and `year`, above `lastKnown`. */
  revision(kind: DocumentKind, year: number, sequence: number, lastKnown: number): Promise<number>;
}

/** Where a new number or revision comes from: the account (sync on), or null for this browser's register. */
export type NumberSource = null | AccountTake;

/**
 * The account's numbers when sync is on for this account here, else null (this browser's counter). The
 * sync code hands them over when it loads (accountNumbers.ts); when it has not loaded, whether sync is on
 * is unknown, so nothing is issued rather than risk a number another device takes.
 */
async function numberSource(): Promise<NumberSource> {
  const numbers = await accountNumbers();
  if (!numbers) throw new Error(NEEDS_CONNECTION);
  return numbers.fromAccount() ? { number: numbers.take, revision: numbers.takeRevision } : null;
}

/** Why the account gave no number, in words (an unreachable account: try again when online). */
function noNumberMessage(error: unknown): string {
  const kind = (error as { kind?: unknown } | null)?.kind;
  if (kind === 'fatal' && error instanceof Error)
    return `Your account did not give a number, so nothing was issued: ${error.message}`;
  return NEEDS_CONNECTION;
}

/** The number a document is a revision of ('INV-2026-0001' for INV-2026-0001-3). */
const baseNumberOf = (doc: IssuedDocument) => formatDocumentNumber(doc.kind, doc.year, doc.sequence);

/** Tries before giving up when other tabs keep writing the book (browsers without Web Locks only). */
const ATTEMPTS = 5;

/**
 * Issues the event's first quote or invoice, or a revision of the latest one; the message when it could
 * not be saved. The read of the book, the number and the write are one step for this browser's tabs
 * (Web Locks; without them, the write happens only when the book is unchanged since it was read, else the
 * step runs again with the same number). With sync on, a new number comes from the account (the local
 * counter is raised to it), and so does a revision's suffix (issue 24: two devices that revise one invoice
 * without seeing each other's revision never print the same `-2`); when the account cannot be reached,
 * nothing is issued and nothing is lost.
 */
export function issueDocumentNow(
  eventId: number,
  kind: DocumentKind,
  source: () => Promise<NumberSource> = numberSource,
): Promise<string | null> {
  return withDocumentBookLock(async () => {
    // A number the account gave this issue: kept across attempts (it is ours, and never given again).
    let taken: number | undefined;
    // Likewise a revision the account gave, with the number it is a revision of.
    let takenRevision: { of: string; revision: number } | undefined;
    /** The account's numbers (sync on) or null, asked once per issue; the message when unknown. */
    let asked: { source: NumberSource } | undefined;
    const account = async (): Promise<{ source: NumberSource } | { message: string }> => {
      if (asked) return asked;
      try {
        asked = { source: await source() };
        return asked;
      } catch (error) {
        return { message: noNumberMessage(error) };
      }
    };
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const data = readPage(eventId, kind);
      if (!data) return 'The event is no longer here, so nothing was issued.';
      // The figures as stored at this moment (not as last rendered).
      const live = data.view.live;
      if (!live) return 'The price is not available (an ingredient line is not a number), so nothing was issued.';
      const version = documentBookVersion();
      const book = readDocumentBook();
      // Read again: another tab may have issued meanwhile (then this one revises what it issued).
      const latest = latestDocument(book.documents, eventId, kind);
      const request = { eventName: data.event.EventName, snapshot: live, issuedAt: toISODate(new Date()), id: newId() };
      let next: { book: DocumentBook };
      if (latest) {
        const last = lastRevision(book.documents, latest);
        // Used here meanwhile (or the latest is now another number): take another.
        if (takenRevision && (takenRevision.of !== baseNumberOf(latest) || takenRevision.revision <= last))
          takenRevision = undefined;
        if (!takenRevision) {
          const answer = await account();
          if ('message' in answer) return answer.message;
          if (answer.source) {
            try {
              const revision = await answer.source.revision(kind, latest.year, latest.sequence, last);
              takenRevision = { of: baseNumberOf(latest), revision };
            } catch (error) {
              return noNumberMessage(error);
            }
          }
        }
        // Another tab wrote the book while the account answered: read it again (the revision stays ours).
        if (takenRevision && documentBookVersion() !== version) continue;
        next = reviseDocument(book, latest, request, takenRevision?.revision);
      } else {
        const year = issueYear(request.issuedAt);
        const last = lastSequence(book, kind, year);
        if (taken !== undefined && taken <= last) taken = undefined; // used here meanwhile: take another
        if (taken === undefined) {
          const answer = await account();
          if ('message' in answer) return answer.message;
          if (answer.source) {
            try {
              taken = await answer.source.number(kind, year, last);
            } catch (error) {
              return noNumberMessage(error);
            }
          }
        }
        // Another tab wrote the book while the account answered: read it again (the number stays ours).
        if (taken !== undefined && documentBookVersion() !== version) continue;
        next = issueDocument(book, { ...request, kind, eventId }, taken);
      }
      if (documentBookVersion() !== version) continue;
      const result = writeDocumentBook(next.book);
      if (!result.ok) return `The ${kind} was not issued: ${result.error.message}`;
      if (kind !== 'quote') return null;
      // A quote moves an Enquiry to Quoted (through the status machine, src/app/documents/quoteStatus.ts).
      const paid = data.view.paidCents;
      return quoteIssuedFor(data.event, paid >= live.depositCents && (live.depositCents > 0 || paid > 0)).error;
    }
    return `Other tabs kept issuing at the same moment, so this ${kind} was not issued: press Issue again.`;
  });
}

/** The page of event `id`'s quote or invoice, or null when no event has that id. */
export function useEventDocument(id: number | null, kind: DocumentKind) {
  const [read, setRead] = useState(() => ({ id, kind, data: readPage(id, kind) }));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const again = useCallback(() => setRead({ id, kind, data: readPage(id, kind) }), [id, kind]);
  // The event stays on this device while its quote or invoice is open (no sync lets it go to the account).
  useHoldEventHere(id);
  useEffect(() => {
    if (read.id !== id || read.kind !== kind) again();
    if (id === null) return;
    const stops = [
      eventsStore.subscribe(again),
      ingredientListStore(id).subscribe(again),
      discountPercentageStore(id).subscribe(again),
      taxPercentageStore(id).subscribe(again),
      businessProfileStore.subscribe(again),
      documentNumbersStore.subscribe(again),
      issuedDocumentsStore.subscribe(again),
    ];
    return () => stops.forEach((stop) => stop());
  }, [id, kind, read.id, read.kind, again]);
  const data = read.id === id && read.kind === kind ? read.data : readPage(id, kind);
  return {
    data,
    error,
    /** True while an issue is under way (waiting for another tab, or for the account's number). */
    busy,
    /** Issue quote / Issue invoice, or, once issued and changed, the revision. */
    issue: () => {
      if (!data || busy) return;
      setBusy(true);
      setError(null);
      void issueDocumentNow(data.event.id, kind)
        .catch((e: unknown) => `The ${kind} was not issued: ${e instanceof Error ? e.message : String(e)}`)
        .then((message) => {
          setError(message);
          setBusy(false);
          again();
        });
    },
  };
}

/** The latest quote and invoice numbers of one event (null when not issued), kept current. */
export function useEventDocumentNumbers(eventId: number): { quote: string | null; invoice: string | null } {
  const [documents, setDocuments] = useState(() => issuedDocumentsStore.read());
  useEffect(() => {
    const reread = () => setDocuments(issuedDocumentsStore.read());
    reread();
    return issuedDocumentsStore.subscribe(reread);
  }, []);
  return {
    quote: latestDocument(documents, eventId, 'quote')?.number ?? null,
    invoice: latestDocument(documents, eventId, 'invoice')?.number ?? null,
  };
}
