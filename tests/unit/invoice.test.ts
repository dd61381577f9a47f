// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  documentEventOf,
  documentView,
  emptyCounters,
  frozenEvent,
  formatDocumentNumber,
  issueDocument,
  latestDocument,
  mergeCounters,
  normalizeCounters,
  priceSnapshot,
  reviseDocument,
  snapshotChanged,
  type DocumentBook,
  type SnapshotInput,
} from '../../src/domain/invoice';
import { readAppData, replaceAppData } from '../../src/storage/batch';
import { documentNumbersStore, readDocumentBook, writeDocumentBook } from '../../src/storage/invoices';
import { isAccountDataKey, isAppKey } from '../../src/storage/owned';
import { isSyncedKey } from '../../src/storage/syncData';

const base: SnapshotInput = {
  priceLines: [{ id: 'L1', name: 'Dinner for 50', price: 1000, currency: 'CAD' }],
  inventoryTotal: 0,
  specialtyTotal: 0,
  discountPercent: 0,
  taxPercent: 13,
  taxName: 'HST',
  depositPercent: 50,
};
const snap = (over: Partial<SnapshotInput> = {}) => priceSnapshot({ ...base, ...over })!;
const emptyBook = (): DocumentBook => ({ counters: emptyCounters(), documents: [] });
let ids = 0;
const issue = (book: DocumentBook, kind: 'quote' | 'invoice', eventId: number, issuedAt = '2026-11-26') =>
  issueDocument(book, { kind, eventId, eventName: `Event ${eventId}`, snapshot: snap(), issuedAt, id: `d${ids++}` });

describe('quote and invoice figures (issue 22, part 4), hand-worked', () => {
  it('a $1,000 event with 13% HST: subtotal $1,000.00, HST $130.00, total $1,130.00, deposit 50% $565.00', () => {
    expect(snap()).toEqual({
      lines: [{ key: 'L1', label: 'Dinner for 50', cents: 100000 }],
      subtotalCents: 100000,
      discountPercent: 0,
      discountCents: 0,
      taxName: 'HST',
      taxPercent: 13,
      taxCents: 13000,
      totalCents: 113000,
      depositPercent: 50,
      depositCents: 56500,
      foreignCurrencies: [],
    });
  });

  it('with $300 paid the balance due is $830.00; a $50 refund brings it to $880.00', () => {
    const view = documentView({
      kind: 'invoice',
      live: snap(),
      issued: null,
      payments: [{ id: 'p1', amount: 300, date: '2026-11-20', method: 'Cheque', note: 'Cheque #104', reason: '' }],
      depositDueDate: '',
      balanceDueDate: '2026-12-13',
    });
    expect(view).toMatchObject({ title: 'Invoice', number: null, paidCents: 30000, balanceCents: 83000 });
    const refunded = documentView({
      kind: 'invoice',
      live: snap(),
      issued: null,
      payments: [
        { id: 'p1', amount: 300, date: '2026-11-20', method: 'Cheque', note: '', reason: '' },
        { id: 'p2', amount: -50, date: '2026-11-21', method: 'Cheque', note: '', reason: 'Fewer guests' },
      ],
      depositDueDate: '',
      balanceDueDate: '',
    });
    expect(refunded.balanceCents).toBe(88000);
    expect(refunded.payments[1]).toMatchObject({ note: 'Fewer guests', cents: -5000 });
  });

  it('discount then tax: $1,000 + $234.56 of inventory less 10% = $1,111.10; total $1,255.55; the rows add up', () => {
    const s = snap({ inventoryTotal: 234.56, discountPercent: 10 });
    // 1,234.56 x 0.9 = 1,111.104 -> $1,111.10 discounted; the total is taxed from the unrounded figure, as the
    // Tool Kit does: 1,111.104 x 1.13 = 1,255.54752 -> $1,255.55 (the Tool Kit's Event total).
    expect(s.lines.map((l) => [l.label, l.cents])).toEqual([
      ['Dinner for 50', 100000],
      ['Total Inventory Items', 23456],
    ]);
    expect(s.subtotalCents).toBe(123456);
    expect(s.totalCents).toBe(125555);
    // Discount = 1,234.56 - 1,111.10 = 123.46; tax = 1,255.55 - 1,111.10 = 144.45: the rows add up to the total.
    expect(s.discountCents).toBe(12346);
    expect(s.taxCents).toBe(14445);
    expect(s.subtotalCents - s.discountCents + s.taxCents).toBe(s.totalCents);
  });

  it('lines with fractions of a cent get a Rounding line, so the printed lines add up to the subtotal', () => {
    // 3 x $0.333 = $0.999 -> subtotal $1.00, lines print $0.33 each: a $0.01 rounding line.
    const s = snap({
      priceLines: [1, 2, 3].map((n) => ({ id: `L${n}`, name: `Item ${n}`, price: 0.333, currency: 'CAD' })),
      taxPercent: 0,
    });
    expect(s.subtotalCents).toBe(100);
    expect(s.lines.at(-1)).toEqual({ key: 'rounding', label: 'Rounding', cents: 1 });
    expect(s.lines.reduce((sum, l) => sum + l.cents, 0)).toBe(100);
  });

  it('an unavailable ingredient total gives no figures; no tax name reads "Tax"', () => {
    expect(priceSnapshot({ ...base, inventoryTotal: null })).toBeNull();
    expect(snap({ taxName: '  ' }).taxName).toBe('Tax');
  });

  it('a price change is seen (lines, discount, tax); a new deposit rule alone is not a price change', () => {
    expect(snapshotChanged(snap(), snap())).toBe(false);
    expect(snapshotChanged(snap(), snap({ depositPercent: 30 }))).toBe(false);
    expect(snapshotChanged(snap(), snap({ discountPercent: 5 }))).toBe(true);
    expect(
      snapshotChanged(snap(), snap({ priceLines: [{ name: 'Dinner for 50', price: 1100, currency: 'CAD' }] })),
    ).toBe(true);
    expect(snapshotChanged(snap(), null)).toBe(true);
  });
});

describe('numbering (issue 22, part 4)', () => {
  it('formats Q-2026-0001, INV-2026-0012 and the revision INV-2026-0001-2', () => {
    expect(formatDocumentNumber('quote', 2026, 1)).toBe('Q-2026-0001');
    expect(formatDocumentNumber('invoice', 2026, 12)).toBe('INV-2026-0012');
    expect(formatDocumentNumber('invoice', 2026, 1, 2)).toBe('INV-2026-0001-2');
  });

  it('is sequential per kind and per year of the issue date', () => {
    let book = emptyBook();
    const q1 = issue(book, 'quote', 1);
    book = q1.book;
    const i1 = issue(book, 'invoice', 1);
    book = i1.book;
    const q2 = issue(book, 'quote', 2);
    book = q2.book;
    const q3 = issue(book, 'quote', 3, '2027-01-02');
    expect([q1.document.number, i1.document.number, q2.document.number, q3.document.number]).toEqual([
      'Q-2026-0001',
      'INV-2026-0001',
      'Q-2026-0002',
      'Q-2027-0001',
    ]);
    expect(q3.book.counters).toEqual({ quote: { '2026': 2, '2027': 1 }, invoice: { '2026': 1 } });
  });

  it('is never reused: deleting events (and their documents) leaves the counter, so the next is 0003', () => {
    let book = issue(issue(emptyBook(), 'invoice', 1).book, 'invoice', 2).book;
    // Both events and every record of their documents gone: only the counter is left.
    book = { ...book, documents: [] };
    expect(issue(book, 'invoice', 3).document.number).toBe('INV-2026-0003');
  });

  it('never goes below a register entry, even when the counter was lost', () => {
    const book = issue(issue(emptyBook(), 'quote', 1).book, 'quote', 2).book;
    expect(issue({ ...book, counters: emptyCounters() }, 'quote', 3).document.number).toBe('Q-2026-0003');
  });

  it('a revision keeps the number with the next suffix and takes no number from the sequence', () => {
    let book = issue(emptyBook(), 'invoice', 7).book;
    const first = latestDocument(book.documents, 7, 'invoice')!;
    const second = reviseDocument(book, first, {
      eventName: 'Event 7',
      snapshot: snap({ discountPercent: 10 }),
      issuedAt: '2026-11-27',
      id: 'r1',
    });
    expect(second.document.number).toBe('INV-2026-0001-2');
    book = second.book;
    const third = reviseDocument(book, second.document, {
      eventName: 'Event 7',
      snapshot: snap(),
      issuedAt: '2026-11-28',
      id: 'r2',
    });
    expect(third.document.number).toBe('INV-2026-0001-3');
    expect(latestDocument(third.book.documents, 7, 'invoice')!.number).toBe('INV-2026-0001-3');
    expect(issue(third.book, 'invoice', 8).document.number).toBe('INV-2026-0002');
    // The first issue's figures stay frozen in the register.
    expect(third.book.documents[0]!.snapshot.totalCents).toBe(113000);
    expect(third.book.documents[1]!.snapshot.totalCents).toBe(101700);
  });

  it('an issued invoice prints its frozen figures and says when the price changed since', () => {
    const { document } = issue(emptyBook(), 'invoice', 1);
    const later = snap({ priceLines: [{ name: 'Dinner for 60', price: 1200, currency: 'CAD' }] });
    const view = documentView({
      kind: 'invoice',
      live: later,
      issued: document,
      payments: [{ id: 'p', amount: 300, date: '2026-11-26', method: 'Card', note: '', reason: '' }],
      depositDueDate: '',
      balanceDueDate: '',
    });
    expect(view).toMatchObject({ number: 'INV-2026-0001', changed: true, balanceCents: 83000 });
    expect(view.snapshot!.totalCents).toBe(113000);
    expect(view.live!.totalCents).toBe(135600);
  });

  it('merging counters keeps the higher count per kind and year; junk is left out', () => {
    expect(
      mergeCounters(
        { quote: { '2026': 4 }, invoice: { '2026': 2 } },
        { quote: { '2026': 3, '2025': 9 }, invoice: { '2026': 5 } },
      ),
    ).toEqual({ quote: { '2026': 4, '2025': 9 }, invoice: { '2026': 5 } });
    expect(normalizeCounters({ quote: { '2026': 2, x: 3, '2027': -1, '2028': 1.5 }, invoice: 'no' })).toEqual({
      quote: { '2026': 2 },
      invoice: {},
    });
    expect(normalizeCounters([])).toBeNull();
  });
});

describe('the numbers in storage: per account, in backups, never lowered by a restore', () => {
  beforeEach(() => localStorage.clear());

  it('documentNumbers and issuedDocuments are the account’s keys (backups and account switches carry them)', () => {
    for (const key of ['documentNumbers', 'issuedDocuments']) {
      expect(isAppKey(key)).toBe(true);
      expect(isAccountDataKey(key)).toBe(true);
    }
    // They sync with the account (docs/sync.md "Collections"; tests/unit/syncMoney.test.ts).
    expect(isSyncedKey('documentNumbers') && isSyncedKey('issuedDocuments')).toBe(true);
    const book = issue(emptyBook(), 'invoice', 1).book;
    expect(writeDocumentBook(book).ok).toBe(true);
    expect(Object.keys(readAppData())).toEqual(expect.arrayContaining(['documentNumbers', 'issuedDocuments']));
  });

  it('restoring a backup made before two invoices were issued keeps the count: the next invoice is INV-2026-0003', () => {
    const backup = readAppData(); // nothing issued yet
    let book = issue(emptyBook(), 'invoice', 1).book;
    book = issue(book, 'invoice', 2).book;
    writeDocumentBook(book);
    expect(replaceAppData({ ...backup, events: '[]' }).ok).toBe(true);
    expect(documentNumbersStore.read().invoice).toEqual({ '2026': 2 });
    expect(readDocumentBook().documents).toEqual([]);
    expect(issue(readDocumentBook(), 'invoice', 3).document.number).toBe('INV-2026-0003');
  });

  it('a backup with higher counts than this browser raises them (the backup’s numbers were given too)', () => {
    writeDocumentBook(issue(emptyBook(), 'quote', 1).book);
    const result = replaceAppData({
      documentNumbers: JSON.stringify({ quote: { '2026': 5 }, invoice: { '2025': 3 } }),
    });
    expect(result.ok).toBe(true);
    expect(documentNumbersStore.read()).toEqual({ quote: { '2026': 5 }, invoice: { '2025': 3 } });
  });
});

describe('an issued document keeps the customer and event it printed (found by trying it: guests 70 → 90 changed an issued invoice)', () => {
  const event = {
    id: 12,
    EventName: 'Anderson Family Reunion',
    CustomerFirstName: 'Karen',
    CustomerLastName: 'Anderson',
    CustomerPhoneNumber: '6045550311',
    CustomerEmail: 'karen@example.com',
    EventDate: '2026-12-12',
    StartTime: '17:00',
    EndTime: '22:00',
    VenueName: 'Harbour Hall',
    VenueStreetAddress: '1 Pier Rd',
    VenueCity: 'Vancouver',
    NumberOfGuests: 70,
  };
  const issuedWith = (facts: typeof event | undefined) =>
    issueDocument(emptyBook(), {
      kind: 'invoice',
      eventId: 12,
      eventName: facts?.EventName ?? 'Event 12',
      snapshot: facts ? { ...snap(), event: documentEventOf(facts) } : snap(),
      issuedAt: '2026-11-29',
      id: `d${ids++}`,
    }).document;
  const viewOf = (issued: ReturnType<typeof issuedWith>, now: typeof event) =>
    documentView({
      kind: 'invoice',
      live: { ...snap(), event: documentEventOf(now) },
      issued,
      payments: [],
      depositDueDate: '',
      balanceDueDate: '',
      event: now,
    });

  it('prints the guests, customer and date it was issued with after the event changes, and says what changed', () => {
    const issued = issuedWith(event);
    const now = { ...event, NumberOfGuests: 90, CustomerEmail: 'k.anderson@example.com', StartTime: '18:00' };
    const view = viewOf(issued, now);
    expect(view.printedEvent).toMatchObject({
      NumberOfGuests: 70,
      CustomerEmail: 'karen@example.com',
      StartTime: '17:00',
    });
    expect(view.changedDetails).toEqual(['email', 'date and time', 'guests']);
    // The price did not change: only the details ask for a revision.
    expect(view.changed).toBe(false);
  });

  it('nothing changed: no details named; each fact, changed alone, is named', () => {
    expect(viewOf(issuedWith(event), { ...event }).changedDetails).toEqual([]);
    const one = (over: Partial<typeof event>) => viewOf(issuedWith(event), { ...event, ...over }).changedDetails;
    expect(one({ CustomerLastName: 'Andersen' })).toEqual(['customer']);
    expect(one({ CustomerPhoneNumber: '6045550000' })).toEqual(['phone']);
    expect(one({ EventName: 'Anderson Reunion' })).toEqual(['event name']);
    expect(one({ EventDate: '2026-12-13' })).toEqual(['date and time']);
    expect(one({ VenueCity: 'Burnaby' })).toEqual(['venue']);
    // Spaces around a value are not a change.
    expect(one({ VenueName: ' Harbour Hall ' })).toEqual([]);
  });

  it('a revision keeps the new details; a document issued before details were kept prints the event as it is now', () => {
    const issued = issuedWith(event);
    const now = { ...event, NumberOfGuests: 90 };
    const revised = reviseDocument({ counters: emptyCounters(), documents: [issued] }, issued, {
      eventName: now.EventName,
      snapshot: { ...snap(), event: documentEventOf(now) },
      issuedAt: '2026-11-30',
      id: 'rev',
    }).document;
    expect(viewOf(revised, now)).toMatchObject({ changedDetails: [], printedEvent: { NumberOfGuests: 90 } });
    const older = issuedWith(undefined);
    expect(viewOf(older, now)).toMatchObject({ changedDetails: [], printedEvent: null });
  });

  it('a damaged kept event (a field missing or of the wrong type) is not printed', () => {
    const { NumberOfGuests: _n, ...noGuests } = event;
    expect(frozenEvent({ ...snap(), event: noGuests as never })).toBeNull();
    expect(frozenEvent({ ...snap(), event: { ...event, CustomerEmail: 5 } as never })).toBeNull();
    expect(frozenEvent({ ...snap(), event: 'x' as never })).toBeNull();
    expect(frozenEvent(null)).toBeNull();
    expect(frozenEvent({ ...snap(), event: { ...event, extra: 'kept out' } as never })).toEqual(event);
  });
});
