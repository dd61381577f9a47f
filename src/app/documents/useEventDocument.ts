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
  latestDocument,
  priceSnapshot,
  reviseDocument,
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
  documentNumbersStore,
  issuedDocumentsStore,
  readDocumentBook,
  writeDocumentBook,
} from '../../storage/invoices';
import { loadEvents } from '../events/eventsData';
import { useHoldEventHere } from '../sync/holds';
import { quoteIssuedFor } from './quoteStatus';

/** An event's figures now, as a quote or invoice would freeze them. */
export function liveSnapshot(event: CateringEvent, profile: BusinessProfile): PriceSnapshot | null {
  return priceSnapshot({
    priceLines: event.pricing ?? [],
    inventoryTotal: inventoryTotal(ingredientListStore(event.id).read()),
    specialtyTotal: specialtyTotal(event.ingredients ?? []),
    discountPercent: discountPercentageStore(event.id).read(),
    taxPercent: taxPercentageStore(event.id).read(),
    taxName: profile.taxName,
    depositPercent: profile.depositPercent,
  });
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
  });
  return { event, profile, hasProfile: saved !== null, view, issued };
}

let sequence = 0;
const newId = () => `D-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

/**
 * Issues the event's first quote or invoice, or a revision of the latest one; the message when it could not
 * be saved. A quote moves an Enquiry to Quoted (through the status machine, src/app/documents/quoteStatus.ts).
 */
function issue(data: DocumentPageData, kind: DocumentKind): string | null {
  // The figures as stored at this moment (not as last rendered).
  const now = readPage(data.event.id, kind);
  if (!now) return 'The event is no longer here (deleted in another tab?), so nothing was issued.';
  const live = now.view.live;
  if (!live) return 'The price is not available (an ingredient line is not a number), so nothing was issued.';
  const book = readDocumentBook();
  // Read again: another tab may have issued meanwhile (then this one revises what it issued).
  const latest = latestDocument(book.documents, data.event.id, kind);
  const request = { eventName: data.event.EventName, snapshot: live, issuedAt: toISODate(new Date()), id: newId() };
  const next = latest
    ? reviseDocument(book, latest, request)
    : issueDocument(book, { ...request, kind, eventId: data.event.id });
  const result = writeDocumentBook(next.book);
  if (!result.ok) return `The ${kind} was not issued: ${result.error.message}`;
  if (kind !== 'quote') return null;
  const depositPaid = now.view.paidCents >= live.depositCents && (live.depositCents > 0 || now.view.paidCents > 0);
  return quoteIssuedFor(now.event, depositPaid).error;
}

/** The page of event `id`'s quote or invoice, or null when no event has that id. */
export function useEventDocument(id: number | null, kind: DocumentKind) {
  const [read, setRead] = useState(() => ({ id, kind, data: readPage(id, kind) }));
  const [error, setError] = useState<string | null>(null);
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
    /** Issue quote / Issue invoice, or, once issued and changed, the revision. */
    issue: () => {
      if (!data) return;
      const message = issue(data, kind);
      setError(message);
      again();
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
