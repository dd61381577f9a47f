/**
 * Quotes and invoices (issue 22, part 4). Pure: the figures a quote or an invoice prints, their numbers,
 * and the issued documents' register. Storage is src/storage/invoices.ts; the pages are
 * /events/:id/quote and /events/:id/invoice.
 *
 * Figures (spec section 9, the Pricing tool's rules, every amount in whole cents):
 * - The price lines are the Pricing tool's custom lines, then its two fixed rows (Total Inventory Items and
 *   Total Specialty Ingredients, which the grand total bills) when they are not zero; each rounded to the cent.
 * - Subtotal = the pricing total rounded to the cent. When the rounded lines do not add up to it (lines
 *   with fractions of a cent), a "Rounding" line shows the difference, so what is printed adds up.
 * - Total = the pricing total after discount then tax, rounded to the cent: the Tool Kit's Event total,
 *   to the cent. Discount = subtotal - the discounted total (rounded); tax = total - the discounted total.
 *   So subtotal - discount + tax = total, exactly.
 * - Deposit = the business's Deposit (%) of the total, half away from zero (payments.ts).
 * - Payments received and Balance due are never frozen: balance due = total - what is paid now.
 *
 * Numbers: `Q-2026-0001` for quotes and `INV-2026-0001` for invoices, sequential per business and year
 * (the year of the issue date), never reused: the last number used per kind and year is kept in its own key
 * (`documentNumbers`), which deleting an event never touches and a restore never lowers (`mergeCounters`).
 * A number is taken when the caterer presses Issue quote / Issue invoice, never by opening the page. With
 * sync on, the account gives it (`take_document_number`, so two devices never print one number twice); a
 * number the account gave but this browser could not save (storage full, an answer that came too late)
 * is not given again, which leaves a gap rather than a repeat.
 *
 * Issuing freezes the figures (a snapshot with the document). When the event's price changes later, the
 * page says "changed since invoice" and offers a revision: the same number with `-2`, `-3`… (INV-2026-0001-2),
 * so the customer's and the books' reference stays one invoice (a revision takes no new number).
 *
 * Revisions are never repeated either (issue 24): with sync on, the suffix comes from the account
 * (`take_document_revision`), as the number does, so two devices that each revise one invoice without
 * seeing the other's revision print `-2` and `-3`, never `-2` twice; offline, nothing is issued. Two
 * revisions that still meet with one printed number (made with sync off, or before revisions came from
 * the account) are both kept: the one issued first keeps it, the other takes the next free revision and
 * remembers the number it was issued as (`separateRevisions`, applied when a sync brings documents).
 */
import { foreignCurrencies, pricingSummary, roundCents } from './money';
import { fromCents, percentOfCents, toCents } from './payments';

export type DocumentKind = 'quote' | 'invoice';
export const documentPrefix: Record<DocumentKind, string> = { quote: 'Q', invoice: 'INV' };
export const documentTitle: Record<DocumentKind, string> = { quote: 'Quote', invoice: 'Invoice' };

/** One printed price line (never a cost or a margin). */
export interface DocumentLine {
  key: string;
  label: string;
  cents: number;
}

/** The frozen figures of an issued quote or invoice (and the live ones of an event). */
export interface PriceSnapshot {
  lines: DocumentLine[];
  subtotalCents: number;
  discountPercent: number;
  discountCents: number;
  taxName: string;
  taxPercent: number;
  taxCents: number;
  totalCents: number;
  depositPercent: number;
  depositCents: number;
  /** Currencies other than CAD among the price lines (added at face value, as the Pricing tool does). */
  foreignCurrencies: string[];
  /**
   * The customer and event as printed (name, date, venue, guests…): an issued document keeps them as they were
   * when it was issued, as it keeps its figures. Absent on documents issued before it was kept (29 November
   * 2026): those print the event as it is now.
   */
  event?: DocumentEvent;
}

export interface SnapshotInput {
  priceLines: ReadonlyArray<{ id?: string; name: string; price: number; currency: string }>;
  /** The inventory lines' total (ingredients.ts), null when unavailable. */
  inventoryTotal: number | null;
  specialtyTotal: number | null;
  discountPercent: number;
  taxPercent: number;
  /** The business profile's tax name ('HST'); 'Tax' when none is saved. */
  taxName: string;
  depositPercent: number;
}

export const ROUNDING_LABEL = 'Rounding';

/** The figures of a quote or invoice; null when the pricing total is unavailable (the Pricing tool's error). */
export function priceSnapshot(input: SnapshotInput): PriceSnapshot | null {
  const summary = pricingSummary(
    input.priceLines,
    input.inventoryTotal,
    input.specialtyTotal,
    input.discountPercent,
    input.taxPercent,
  );
  if (!summary || ![summary.total, summary.discounted, summary.taxed].every(Number.isFinite)) return null;
  const lines: DocumentLine[] = input.priceLines.map((line, i) => ({
    key: line.id ?? `price-${i}`,
    label: line.name.trim() || '—',
    cents: Number.isFinite(line.price) ? toCents(line.price) : 0,
  }));
  if (roundCents(input.inventoryTotal ?? 0) !== 0)
    lines.push({ key: 'inventory', label: 'Total Inventory Items', cents: toCents(input.inventoryTotal ?? 0) });
  if (roundCents(input.specialtyTotal ?? 0) !== 0)
    lines.push({ key: 'specialty', label: 'Total Specialty Ingredients', cents: toCents(input.specialtyTotal ?? 0) });
  const subtotalCents = toCents(summary.total);
  const rounding = subtotalCents - lines.reduce((sum, line) => sum + line.cents, 0);
  if (rounding !== 0) lines.push({ key: 'rounding', label: ROUNDING_LABEL, cents: rounding });
  const discountedCents = toCents(summary.discounted);
  const totalCents = toCents(summary.taxed);
  return {
    lines,
    subtotalCents,
    discountPercent: input.discountPercent,
    discountCents: subtotalCents - discountedCents,
    taxName: input.taxName.trim() || 'Tax',
    taxPercent: input.taxPercent,
    taxCents: totalCents - discountedCents,
    totalCents,
    depositPercent: input.depositPercent,
    depositCents: percentOfCents(totalCents, input.depositPercent),
    foreignCurrencies: foreignCurrencies(input.priceLines),
  };
}

/** True when the priced figures differ (lines, discount, tax, total); the deposit rule is not the price. */
export function snapshotChanged(issued: PriceSnapshot, now: PriceSnapshot | null): boolean {
  if (!now) return true;
  const priced = (s: PriceSnapshot) =>
    JSON.stringify([
      s.lines.map((l) => [l.label, l.cents]),
      s.subtotalCents,
      s.discountPercent,
      s.discountCents,
      s.taxPercent,
      s.taxCents,
      s.totalCents,
    ]);
  return priced(issued) !== priced(now);
}

/** The facts of `event` a quote or invoice prints (what an issued one keeps). */
export function documentEventOf(event: DocumentEvent): DocumentEvent {
  return {
    id: event.id,
    EventName: event.EventName,
    CustomerFirstName: event.CustomerFirstName,
    CustomerLastName: event.CustomerLastName,
    CustomerPhoneNumber: event.CustomerPhoneNumber,
    CustomerEmail: event.CustomerEmail,
    EventDate: event.EventDate,
    StartTime: event.StartTime,
    EndTime: event.EndTime,
    VenueName: event.VenueName,
    VenueStreetAddress: event.VenueStreetAddress,
    VenueCity: event.VenueCity,
    NumberOfGuests: event.NumberOfGuests,
  };
}

const textFacts = [
  'EventName',
  'CustomerFirstName',
  'CustomerLastName',
  'CustomerEmail',
  'EventDate',
  'StartTime',
  'EndTime',
  'VenueName',
  'VenueStreetAddress',
  'VenueCity',
] as const;

/** The event an issued snapshot keeps, when it keeps a whole one (a damaged or partial one is not printed). */
export function frozenEvent(snapshot: PriceSnapshot | null | undefined): DocumentEvent | null {
  const e: unknown = snapshot?.event;
  if (!isRecord(e)) return null;
  if (typeof e.id !== 'number' || typeof e.NumberOfGuests !== 'number') return null;
  if (typeof e.CustomerPhoneNumber !== 'string' && typeof e.CustomerPhoneNumber !== 'number') return null;
  if (!textFacts.every((key) => typeof e[key] === 'string')) return null;
  return documentEventOf(e as unknown as DocumentEvent);
}

/** The printed facts that differ between an issued snapshot's event and the event now (none when it kept none). */
export function changedFacts(issued: PriceSnapshot, now: DocumentEvent): string[] {
  const then = frozenEvent(issued);
  if (!then) return [];
  const current = documentEventOf(now);
  const differ = (key: keyof DocumentEvent) => String(then[key] ?? '').trim() !== String(current[key] ?? '').trim();
  const changed: string[] = [];
  if (differ('CustomerFirstName') || differ('CustomerLastName')) changed.push('customer');
  if (differ('CustomerPhoneNumber')) changed.push('phone');
  if (differ('CustomerEmail')) changed.push('email');
  if (differ('EventName')) changed.push('event name');
  if (differ('EventDate') || differ('StartTime') || differ('EndTime')) changed.push('date and time');
  if (differ('VenueName') || differ('VenueStreetAddress') || differ('VenueCity')) changed.push('venue');
  if (differ('NumberOfGuests')) changed.push('guests');
  return changed;
}

/** Payments received and the balance due against a document's total (cents; negative balance = overpaid). */
export function documentBalance(
  snapshot: Pick<PriceSnapshot, 'totalCents'>,
  payments: ReadonlyArray<{ amount: number }>,
): { paidCents: number; balanceCents: number } {
  const paidCents = payments.reduce((sum, p) => sum + (Number.isFinite(p.amount) ? toCents(p.amount) : 0), 0);
  return { paidCents, balanceCents: snapshot.totalCents - paidCents };
}

// ---------------------------------------------------------------------------------------------
// Numbers

/** The last number used, per kind and year: `{ quote: { "2026": 3 }, invoice: { "2026": 1 } }`. */
export type DocumentCounters = Record<DocumentKind, Record<string, number>>;

export const emptyCounters = (): DocumentCounters => ({ quote: {}, invoice: {} });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored counters value, with anything that is not a year → whole number left out; null when not an object. */
export function normalizeCounters(value: unknown): DocumentCounters | null {
  if (!isRecord(value)) return null;
  const out = emptyCounters();
  for (const kind of ['quote', 'invoice'] as const) {
    const years = value[kind];
    if (!isRecord(years)) continue;
    for (const [year, n] of Object.entries(years))
      if (/^\d{4}$/.test(year) && typeof n === 'number' && Number.isInteger(n) && n > 0) out[kind][year] = n;
  }
  return out;
}

/** The higher of two counters, per kind and year: what a restore keeps, so no number is ever given twice. */
export function mergeCounters(a: DocumentCounters, b: DocumentCounters): DocumentCounters {
  const out = emptyCounters();
  for (const kind of ['quote', 'invoice'] as const)
    for (const source of [a[kind], b[kind]])
      for (const [year, n] of Object.entries(source)) out[kind][year] = Math.max(out[kind][year] ?? 0, n);
  return out;
}

/**
 * One counter as account sync carries it (docs/sync.md "Collections"): one record per kind and year, so
 * two devices' counters merge by id, and a merge keeps the higher count.
 */
export interface DocumentCounterRecord {
  /** `invoice-2026`. */
  id: string;
  kind: DocumentKind;
  year: number;
  last: number;
}

export const documentCounterId = (kind: DocumentKind, year: number | string) => `${kind}-${year}`;

/** The counters as records, one per kind and year. */
export function counterRecordsOf(counters: DocumentCounters): DocumentCounterRecord[] {
  return (['quote', 'invoice'] as const).flatMap((kind) =>
    Object.entries(counters[kind]).map(([year, last]) => ({
      id: documentCounterId(kind, year),
      kind,
      year: Number(year),
      last,
    })),
  );
}

/** The counters raised to these records' counts (never lowered); a record that is not a counter is left out. */
export function mergeCounterRecords(counters: DocumentCounters, records: readonly unknown[]): DocumentCounters {
  const other = emptyCounters();
  for (const r of records) {
    if (
      !isRecord(r) ||
      (r.kind !== 'quote' && r.kind !== 'invoice') ||
      r.id !== documentCounterId(r.kind, String(r.year))
    )
      continue;
    other[r.kind][String(r.year)] = r.last as number;
  }
  return mergeCounters(counters, normalizeCounters(other) ?? emptyCounters());
}

/** 'Q-2026-0001', 'INV-2026-0012', a revision 'INV-2026-0001-2'. */
export function formatDocumentNumber(kind: DocumentKind, year: number, sequence: number, revision = 1): string {
  const base = `${documentPrefix[kind]}-${year}-${String(sequence).padStart(4, '0')}`;
  return revision > 1 ? `${base}-${revision}` : base;
}

// ---------------------------------------------------------------------------------------------
// The register of issued documents

export interface IssuedDocument {
  /** The record's own id. */
  id: string;
  kind: DocumentKind;
  eventId: number;
  /** The event's name when issued (the register outlives a deleted event). */
  eventName: string;
  year: number;
  sequence: number;
  /** 1 for the first issue, 2, 3… for revisions (same year and sequence). */
  revision: number;
  number: string;
  /** YYYY-MM-DD. */
  issuedAt: string;
  snapshot: PriceSnapshot;
  /**
   * The number it was first issued as, when another device had issued a revision with the same number
   * and this one took the next free revision (`separateRevisions`). Absent otherwise.
   */
  issuedAs?: string;
}

export interface DocumentBook {
  counters: DocumentCounters;
  documents: IssuedDocument[];
}

/** The latest issue (highest revision, then latest) of one kind for one event, or null. */
export function latestDocument(
  documents: readonly IssuedDocument[],
  eventId: number,
  kind: DocumentKind,
): IssuedDocument | null {
  let latest: IssuedDocument | null = null;
  for (const doc of documents) {
    if (doc.eventId !== eventId || doc.kind !== kind) continue;
    if (
      !latest ||
      doc.year > latest.year ||
      (doc.year === latest.year && doc.sequence > latest.sequence) ||
      (doc.year === latest.year && doc.sequence === latest.sequence && doc.revision > latest.revision)
    )
      latest = doc;
  }
  return latest;
}

/** The highest sequence used for a kind and year: the counter, or a register entry above it (a hand-edited counter). */
export function lastSequence(book: DocumentBook, kind: DocumentKind, year: number): number {
  const counted = book.counters[kind][String(year)] ?? 0;
  return book.documents.reduce(
    (max, doc) => (doc.kind === kind && doc.year === year ? Math.max(max, doc.sequence) : max),
    counted,
  );
}

export interface IssueRequest {
  kind: DocumentKind;
  eventId: number;
  eventName: string;
  snapshot: PriceSnapshot;
  /** YYYY-MM-DD: the issue date, whose year the number carries. */
  issuedAt: string;
  id: string;
}

/** The year an issue date's number carries. */
export function issueYear(issuedAt: string): number {
  const year = Number(issuedAt.slice(0, 4));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(issuedAt) || !Number.isInteger(year))
    throw new Error(`Not an issue date: ${issuedAt}`);
  return year;
}

/**
 * Issues a new number: the next in the kind's sequence for the issue date's year, or `taken`, a number the
 * account handed out (sync on: never one this book has used, else an error). The counter is raised to it.
 */
export function issueDocument(
  book: DocumentBook,
  request: IssueRequest,
  taken?: number,
): { book: DocumentBook; document: IssuedDocument } {
  const year = issueYear(request.issuedAt);
  const last = lastSequence(book, request.kind, year);
  if (taken !== undefined && (!Number.isInteger(taken) || taken <= last))
    throw new Error(`Number ${taken} is already used here (the last ${request.kind} of ${year} is ${last}).`);
  const sequence = taken ?? last + 1;
  const document: IssuedDocument = {
    id: request.id,
    kind: request.kind,
    eventId: request.eventId,
    eventName: request.eventName,
    year,
    sequence,
    revision: 1,
    number: formatDocumentNumber(request.kind, year, sequence),
    issuedAt: request.issuedAt,
    snapshot: request.snapshot,
  };
  const counters = mergeCounters(book.counters, emptyCounters());
  counters[request.kind][String(year)] = sequence;
  return { book: { counters, documents: [...book.documents, document] }, document };
}

/** The highest revision this register holds of `of`'s number (its kind, year and sequence), at least `of`'s own. */
export function lastRevision(
  documents: readonly IssuedDocument[],
  of: Pick<IssuedDocument, 'kind' | 'year' | 'sequence' | 'revision'>,
): number {
  return documents.reduce(
    (max, doc) =>
      doc.kind === of.kind && doc.year === of.year && doc.sequence === of.sequence ? Math.max(max, doc.revision) : max,
    of.revision,
  );
}

/**
 * A revision of `previous`: the same number with the next revision suffix, or `taken`, a revision the account
 * handed out (sync on: never one this register holds, else an error); the counter is not used.
 */
export function reviseDocument(
  book: DocumentBook,
  previous: IssuedDocument,
  request: Omit<IssueRequest, 'kind' | 'eventId'>,
  taken?: number,
): { book: DocumentBook; document: IssuedDocument } {
  const last = lastRevision(book.documents, previous);
  if (taken !== undefined && (!Number.isInteger(taken) || taken <= last))
    throw new Error(`Revision ${taken} is already used here (the last revision of ${previous.number} is ${last}).`);
  const revision = taken ?? last + 1;
  const { issuedAs: _issuedAs, ...base } = previous;
  const document: IssuedDocument = {
    ...base,
    id: request.id,
    eventName: request.eventName,
    revision,
    number: formatDocumentNumber(previous.kind, previous.year, previous.sequence, revision),
    issuedAt: request.issuedAt,
    snapshot: request.snapshot,
  };
  return { book: { counters: book.counters, documents: [...book.documents, document] }, document };
}

/**
 * Gives each revision a printed number of its own when two (or more) different revisions carry the same
 * one: two devices that each revised one invoice without seeing the other's revision (sync off, or before
 * revisions came from the account). All are kept. Of those sharing a number, the one issued first (issue
 * date, then id: the same choice on every device) keeps it; each other takes the next revision free in
 * this register and keeps the number it was issued as in `issuedAs`. First issues (revision 1) are left
 * as they are: two of them with one number are two different documents, not revisions of one.
 * `renumbered` lists the documents whose number changed (none: the same list is returned).
 */
export function separateRevisions(documents: readonly IssuedDocument[]): {
  documents: readonly IssuedDocument[];
  renumbered: IssuedDocument[];
} {
  const byNumber = new Map<string, IssuedDocument[]>();
  for (const doc of documents) {
    if (doc.revision <= 1) continue;
    const key = `${doc.kind}|${doc.year}|${doc.sequence}|${doc.revision}`;
    const group = byNumber.get(key);
    if (group) group.push(doc);
    else byNumber.set(key, [doc]);
  }
  const sharing = [...byNumber.entries()]
    .filter(([, group]) => new Set(group.map((d) => d.id)).size > 1)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (!sharing.length) return { documents, renumbered: [] };
  const next = documents.slice();
  const renumbered: IssuedDocument[] = [];
  for (const [, group] of sharing) {
    const ordered = [...group].sort((a, b) =>
      a.issuedAt !== b.issuedAt ? (a.issuedAt < b.issuedAt ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
    );
    const keeper = ordered[0]!;
    for (const doc of ordered.slice(1)) {
      if (doc.id === keeper.id) continue; // the same document twice in the list: not two revisions
      const revision = lastRevision(next, doc) + 1;
      const moved: IssuedDocument = {
        ...doc,
        revision,
        number: formatDocumentNumber(doc.kind, doc.year, doc.sequence, revision),
        issuedAs: doc.issuedAs ?? doc.number,
      };
      next[next.indexOf(doc)] = moved;
      renumbered.push(moved);
    }
  }
  return { documents: next, renumbered };
}

/**
 * With sync on, the revision a renumbered document takes comes from the account (`take_document_revision`),
 * as every revision issued does: `moved` (a revision `separateRevisions` moved to the next free revision
 * counted here) with `taken`, the account's, instead. Null (the register is left as it is) when the register
 * no longer holds `moved` as it was moved, when `taken` is the revision it has already, or when `taken` is
 * not above every other revision of its number here (a printed revision is never repeated).
 */
export function withAccountRevision(
  documents: readonly IssuedDocument[],
  moved: IssuedDocument,
  taken: number,
): IssuedDocument[] | null {
  const at = documents.findIndex((d) => d.id === moved.id);
  const doc = documents[at];
  if (!doc || doc.revision !== moved.revision || doc.number !== moved.number || taken === doc.revision) return null;
  if (!Number.isInteger(taken) || taken <= lastRevision(otherRevisions(documents, doc), { ...doc, revision: 1 }))
    return null;
  const next = documents.slice();
  next[at] = { ...doc, revision: taken, number: formatDocumentNumber(doc.kind, doc.year, doc.sequence, taken) };
  return next;
}

/** The register without `doc` (for the highest revision of its number held by the others). */
export const otherRevisions = (documents: readonly IssuedDocument[], doc: IssuedDocument) =>
  documents.filter((d) => d.id !== doc.id);

/** A stored register, keeping only well-formed documents (an earlier or hand-edited one is left out); null when not a list. */
export function normalizeDocuments(value: unknown): IssuedDocument[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter(
    (d): d is IssuedDocument =>
      isRecord(d) &&
      typeof d.id === 'string' &&
      (d.kind === 'quote' || d.kind === 'invoice') &&
      typeof d.eventId === 'number' &&
      typeof d.year === 'number' &&
      typeof d.sequence === 'number' &&
      typeof d.revision === 'number' &&
      typeof d.number === 'string' &&
      typeof d.issuedAt === 'string' &&
      isRecord(d.snapshot) &&
      typeof d.snapshot.totalCents === 'number' &&
      Array.isArray(d.snapshot.lines),
  );
}

/** Dollars of a cents figure (for the exports' and the views' money formatting). */
export const dollars = fromCents;

// ---------------------------------------------------------------------------------------------
// What the page prints

export interface DocumentEvent {
  id: number;
  EventName: string;
  CustomerFirstName: string;
  CustomerLastName: string;
  CustomerPhoneNumber: string | number;
  CustomerEmail: string;
  EventDate: string;
  StartTime: string;
  EndTime: string;
  VenueName: string;
  VenueStreetAddress: string;
  VenueCity: string;
  NumberOfGuests: number;
}

export interface DocumentBusiness {
  businessName: string;
  address: string;
  phone: string;
  email: string;
  taxNumber: string;
  logo: string;
  paymentTerms: string;
}

export interface DocumentPaymentRow {
  id: string;
  date: string;
  method: string;
  /** The note, or a refund's reason. */
  note: string;
  cents: number;
}

export interface DocumentView {
  kind: DocumentKind;
  /** 'Quote' or 'Invoice'. */
  title: string;
  /** The issued number, or null before Issue quote / Issue invoice. */
  number: string | null;
  /** The number it was first issued as, when it was renumbered (`separateRevisions`); else null. */
  issuedAs: string | null;
  issuedAt: string | null;
  /** The figures printed: the issued (frozen) ones, or the live ones before issuing. */
  snapshot: PriceSnapshot | null;
  /** Issued, and the event's price has changed since (the page offers a revision). */
  changed: boolean;
  /** Issued, and these printed details of the event have changed since (the page offers a revision too). */
  changedDetails: string[];
  /** The customer and event printed: as issued when the document kept them, else null (the event as it is now). */
  printedEvent: DocumentEvent | null;
  /** The live figures now (what a revision would freeze); null when the pricing total is unavailable. */
  live: PriceSnapshot | null;
  payments: DocumentPaymentRow[];
  paidCents: number;
  /** Total - paid; negative when overpaid. */
  balanceCents: number;
  /** The deposit's due date ('' = on booking). */
  depositDueDate: string;
  /** The balance's due date ('' when the event has no date). */
  balanceDueDate: string;
}

export interface DocumentViewInput {
  kind: DocumentKind;
  live: PriceSnapshot | null;
  issued: IssuedDocument | null;
  payments: ReadonlyArray<{ id: string; amount: number; date: string; method: string; note: string; reason: string }>;
  depositDueDate: string;
  balanceDueDate: string;
  /** The event as it is now (its details, to tell whether they changed since an issue). */
  event?: DocumentEvent;
}

/** The figures and words of one quote or invoice page. */
export function documentView(input: DocumentViewInput): DocumentView {
  const snapshot = input.issued?.snapshot ?? input.live;
  const rows = input.payments.map((p) => ({
    id: p.id,
    date: p.date,
    method: p.method,
    note: p.amount < 0 ? p.reason || p.note : p.note,
    cents: toCents(p.amount),
  }));
  const { paidCents, balanceCents } = snapshot
    ? documentBalance(snapshot, input.payments)
    : { paidCents: rows.reduce((s, r) => s + r.cents, 0), balanceCents: 0 };
  return {
    kind: input.kind,
    title: documentTitle[input.kind],
    number: input.issued?.number ?? null,
    issuedAs: typeof input.issued?.issuedAs === 'string' ? input.issued.issuedAs : null,
    issuedAt: input.issued?.issuedAt ?? null,
    snapshot,
    changed: input.issued ? snapshotChanged(input.issued.snapshot, input.live) : false,
    changedDetails: input.issued && input.event ? changedFacts(input.issued.snapshot, input.event) : [],
    printedEvent: input.issued ? frozenEvent(input.issued.snapshot) : null,
    live: input.live,
    payments: rows,
    paidCents,
    balanceCents,
    depositDueDate: input.depositDueDate,
    balanceDueDate: input.balanceDueDate,
  };
}
