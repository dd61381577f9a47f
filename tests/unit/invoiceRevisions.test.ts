// @vitest-environment jsdom
/**
 * Two different revisions never carry one printed number (issue 24's "nothing dropped, never repeated",
 * for issue 22's revisions: INV-2026-0001-2, -3…). A revision the account hands out is used as given (and
 * never one the register already holds); two revisions that meet in a sync with one number (made with sync
 * off, or before revisions came from the account) are both kept, the first issued keeps the number, the
 * other takes the next free revision and remembers the number it was issued as; every device makes the
 * same choice, and the renumbered one reaches the account and the other device without a conflict.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  documentView,
  emptyCounters,
  issueDocument,
  priceSnapshot,
  reviseDocument,
  separateRevisions,
  type DocumentBook,
  type IssuedDocument,
} from '../../src/domain/invoice';
import { readSyncSnapshot, writeSyncChanges } from '../../src/storage/syncData';
import { revisionsFromAccount } from '../../src/app/sync/accountRevisions';
import { pullChanges, pushChanges, type LocalPort } from '../../src/sync/cycle';
import { emptySyncState, forStorage, mergeWithoutAsking, type SyncState } from '../../src/sync/engine';
import { FakeDevice, FakeSyncServer, testId } from '../support/fakeSyncServer';

const snapshot = (price: number) =>
  priceSnapshot({
    priceLines: [{ id: 'L1', name: 'Dinner', price, currency: 'CAD' }],
    inventoryTotal: 0,
    specialtyTotal: 0,
    discountPercent: 0,
    taxPercent: 13,
    taxName: 'HST',
    depositPercent: 50,
  })!;
const first = issueDocument(
  { counters: emptyCounters(), documents: [] },
  { kind: 'invoice', eventId: 7, eventName: 'Gala', snapshot: snapshot(1000), issuedAt: '2026-11-20', id: 'D-1' },
).document;
/** A revision of INV-2026-0001 as a device that had not seen the other's revisions made it. */
const revision = (id: string, revision: number, issuedAt: string, price = 1100): IssuedDocument => ({
  ...first,
  id,
  revision,
  number: `INV-2026-0001${revision > 1 ? `-${revision}` : ''}`,
  issuedAt,
  snapshot: snapshot(price),
});
const numbers = (documents: readonly IssuedDocument[]) => documents.map((d) => `${d.id} ${d.number}`);

describe('a revision the account hands out', () => {
  const book = (): DocumentBook => ({
    counters: { quote: {}, invoice: { '2026': 1 } },
    documents: [first, revision('D-2', 2, '2026-11-21')],
  });
  const request = { eventName: 'Gala', snapshot: snapshot(1200), issuedAt: '2026-11-22', id: 'D-3' };

  it('is used as given (another device took the ones between), and the counter is not touched', () => {
    const { book: next, document } = reviseDocument(book(), first, request, 5);
    expect(document).toMatchObject({ id: 'D-3', revision: 5, number: 'INV-2026-0001-5', sequence: 1 });
    expect(next.counters).toEqual(book().counters);
  });

  it('is refused when this register already holds it (or above), so a printed revision is never repeated', () => {
    expect(() => reviseDocument(book(), first, request, 2)).toThrow(
      'Revision 2 is already used here (the last revision of INV-2026-0001 is 2).',
    );
    expect(() => reviseDocument(book(), first, request, 1)).toThrow(/already used here/);
    expect(() => reviseDocument(book(), first, request, 3.5)).toThrow(/already used here/);
  });
});

describe('two revisions with one number, when they meet', () => {
  it('are both kept: the first issued keeps the number, the other takes the next free one and says what it was', () => {
    const mine = revision('D-b', 2, '2026-11-22', 1200);
    const theirs = revision('D-a', 2, '2026-11-21');
    const { documents, renumbered } = separateRevisions([first, mine, theirs]);
    expect(numbers(documents)).toEqual(['D-1 INV-2026-0001', 'D-b INV-2026-0001-3', 'D-a INV-2026-0001-2']);
    expect(renumbered).toEqual([{ ...mine, revision: 3, number: 'INV-2026-0001-3', issuedAs: 'INV-2026-0001-2' }]);
    // Its frozen figures are its own, untouched.
    expect(documents[1]!.snapshot.totalCents).toBe(135600);
    // The page tells the caterer what it was printed as.
    const view = documentView({
      kind: 'invoice',
      live: snapshot(1200),
      issued: documents[1]!,
      payments: [],
      depositDueDate: '',
      balanceDueDate: '',
    });
    expect(view).toMatchObject({ number: 'INV-2026-0001-3', issuedAs: 'INV-2026-0001-2' });
  });

  it('every device makes the same choice, whatever order it holds them in', () => {
    const docs = [
      revision('D-c', 2, '2026-11-21'),
      revision('D-a', 2, '2026-11-21'),
      revision('D-x', 3, '2026-11-20'),
      revision('D-b', 3, '2026-11-23'),
      first,
    ];
    const expected = [
      'D-1 INV-2026-0001',
      'D-a INV-2026-0001-2',
      'D-b INV-2026-0001-5',
      'D-c INV-2026-0001-4',
      'D-x INV-2026-0001-3',
    ];
    for (const order of [docs, [...docs].reverse(), [docs[2]!, docs[0]!, docs[4]!, docs[3]!, docs[1]!]]) {
      const { documents } = separateRevisions(order);
      expect(numbers(documents).sort()).toEqual(expected);
      expect(new Set(documents.map((d) => d.number)).size).toBe(documents.length);
    }
  });

  it('leaves a register without shared numbers as it is, and first issues alone (two numbers, not revisions)', () => {
    const register = [first, revision('D-2', 2, '2026-11-21'), revision('D-3', 3, '2026-11-22')];
    expect(separateRevisions(register)).toEqual({ documents: register, renumbered: [] });
    const twoFirsts = [first, { ...first, id: 'D-other', eventId: 8 }];
    expect(separateRevisions(twoFirsts).renumbered).toEqual([]);
    // A renumbered one renumbered again keeps the number it was first printed as.
    const again = { ...revision('D-z', 3, '2026-11-25'), issuedAs: 'INV-2026-0001-2' };
    expect(separateRevisions([revision('D-y', 3, '2026-11-24'), again]).renumbered).toEqual([
      { ...again, revision: 4, number: 'INV-2026-0001-4', issuedAs: 'INV-2026-0001-2' },
    ]);
  });
});

/** This browser's storage as a sync device (src/storage/syncData.ts, as the app wires it). */
class StorageDevice implements LocalPort {
  stored = JSON.stringify(emptySyncState());
  snapshot = readSyncSnapshot;
  write = writeSyncChanges;
  load(): SyncState {
    return JSON.parse(this.stored) as SyncState;
  }
  save(state: SyncState) {
    this.stored = JSON.stringify(forStorage(state));
  }
  evict() {}
}

describe('two devices that each revised one invoice without seeing the other’s revision', () => {
  beforeEach(() => localStorage.clear());
  const sync = async (device: LocalPort, server: FakeSyncServer) => {
    await pullChanges(device, server.remote(), testId);
    return pushChanges(device, server.remote(), testId);
  };
  const stored = () => JSON.parse(localStorage.getItem('issuedDocuments') ?? '[]') as IssuedDocument[];
  const onServer = (server: FakeSyncServer) =>
    [...server.rows.entries()]
      .filter(([key]) => key.startsWith('issuedDocuments|'))
      .map(([, row]) => row.record as IssuedDocument);

  it.each([
    ['this browser’s revision was issued later: it takes -3', '2026-11-22', '2026-11-21'],
    [
      'the other device’s was issued later: the one pulled takes -3, and goes back to the account',
      '2026-11-21',
      '2026-11-22',
    ],
  ])('keep both, with two numbers, on both devices and in the account (%s)', async (_, hereAt, thereAt) => {
    const server = new FakeSyncServer();
    const other = new FakeDevice();
    const here = new StorageDevice();
    // Both have the first invoice from the account.
    other.put('issuedDocuments', 'D-1', first);
    await sync(other, server);
    await sync(here, server);
    expect(numbers(stored())).toEqual(['D-1 INV-2026-0001']);
    // Each revises it out of reach of the other (sync off, or before revisions came from the account).
    other.put('issuedDocuments', 'D-there', revision('D-there', 2, thereAt, 1100));
    localStorage.setItem('issuedDocuments', JSON.stringify([first, revision('D-here', 2, hereAt, 1200)]));
    await sync(other, server);
    const met = await sync(here, server);
    const later = hereAt > thereAt ? 'D-here' : 'D-there';
    const expected = [
      'D-1 INV-2026-0001',
      `D-here INV-2026-0001-${later === 'D-here' ? 3 : 2}`,
      `D-there INV-2026-0001-${later === 'D-there' ? 3 : 2}`,
    ];
    // Here: both kept, each with its own number and its own figures.
    expect(numbers(stored()).sort()).toEqual(expected);
    expect(stored().find((d) => d.id === later)!.issuedAs).toBe('INV-2026-0001-2');
    expect(stored().find((d) => d.id === 'D-here')!.snapshot.totalCents).toBe(135600);
    const last = await sync(other, server);
    expect(numbers(onServer(server)).sort()).toEqual(expected);
    expect(numbers([...other.snapshot().get('issuedDocuments')!.values()] as IssuedDocument[]).sort()).toEqual(
      expected,
    );
    // Without a conflict for the caterer to settle, and nothing left to send.
    expect([...met.conflicts, ...last.conflicts]).toEqual([]);
    expect((await sync(here, server)).pending).toBe(0);
    expect(numbers(stored()).sort()).toEqual(expected);
  });

  it.each([
    [4, 5],
    [5, 4],
  ])(
    'one document renumbered differently on each (here -%i, there -%i) merges to the higher without a conflict',
    async (hereRevision, thereRevision) => {
      const server = new FakeSyncServer();
      const other = new FakeDevice();
      const here = new StorageDevice();
      const moved = (n: number) => ({
        ...revision('D-b', n, '2026-11-22'),
        issuedAs: 'INV-2026-0001-2',
      });
      other.put('issuedDocuments', 'D-1', first);
      other.put('issuedDocuments', 'D-b', moved(3));
      await sync(other, server);
      await sync(here, server);
      // Each device knew of another revision, so each moved D-b to another free number.
      other.put('issuedDocuments', 'D-b', moved(thereRevision));
      localStorage.setItem('issuedDocuments', JSON.stringify([first, moved(hereRevision)]));
      const outcomes = [await sync(other, server), await sync(here, server), await sync(other, server)];
      expect(outcomes.flatMap((o) => o.conflicts)).toEqual([]);
      const expected = ['D-1 INV-2026-0001', 'D-b INV-2026-0001-5'];
      expect(numbers(stored())).toEqual(expected);
      expect(numbers(onServer(server)).sort()).toEqual(expected);
      expect(numbers([...other.snapshot().get('issuedDocuments')!.values()] as IssuedDocument[]).sort()).toEqual(
        expected,
      );
      expect(stored()[1]!.issuedAs).toBe('INV-2026-0001-2');
    },
  );

  it('only a renumbering merges without asking: a document whose figures differ is still a conflict', () => {
    const a = revision('D-b', 3, '2026-11-22');
    expect(mergeWithoutAsking('issuedDocuments', a, { ...a, revision: 4, number: 'INV-2026-0001-4' })).toMatchObject({
      revision: 4,
    });
    expect(mergeWithoutAsking('issuedDocuments', { ...a, revision: 4, number: 'INV-2026-0001-4' }, a)).toMatchObject({
      revision: 4,
    });
    expect(mergeWithoutAsking('issuedDocuments', a, { ...a, snapshot: snapshot(900) })).toBeNull();
    expect(mergeWithoutAsking('issuedDocuments', a, { ...a, eventId: 8, revision: 4 })).toBeNull();
    expect(mergeWithoutAsking('issuedDocuments', first, { ...first, revision: 2 })).toBeNull();
    expect(mergeWithoutAsking('issuedDocuments', a, null)).toBeNull();
  });
});

describe('with sync on, a renumbered revision takes the account’s revision (take_document_revision)', () => {
  beforeEach(() => localStorage.clear());
  const stored = () => JSON.parse(localStorage.getItem('issuedDocuments') ?? '[]') as IssuedDocument[];
  /** This device holds -2 (D-a) when a pull brings another -2 (D-b, issued later): D-b is moved. */
  const meet = () => {
    localStorage.setItem('issuedDocuments', JSON.stringify([first, revision('D-a', 2, '2026-11-21')]));
    return writeSyncChanges([
      { collection: 'issuedDocuments', record_id: 'D-b', record: revision('D-b', 2, '2026-11-22', 1200) },
    ]).renumbered;
  };

  it('the account’s answer, not the count here: the account already handed out -3 and -4 to other devices', async () => {
    const moved = meet();
    expect(numbers(moved)).toEqual(['D-b INV-2026-0001-3']);
    const asked: unknown[][] = [];
    const done = await revisionsFromAccount(moved, async (...args) => {
      asked.push(args);
      return 5;
    });
    // Asked above the highest revision the other documents here hold (-2), for that number.
    expect(asked).toEqual([['invoice', 2026, 1, 2]]);
    expect(numbers(done)).toEqual(['D-b INV-2026-0001-5']);
    expect(numbers(stored())).toEqual(['D-1 INV-2026-0001', 'D-a INV-2026-0001-2', 'D-b INV-2026-0001-5']);
    expect(stored()[2]).toMatchObject({ revision: 5, issuedAs: 'INV-2026-0001-2' });
    expect(stored()[2]!.snapshot.totalCents).toBe(135600);
  });

  it('out of reach of the account, or an answer this register holds already: the revision counted here stays', async () => {
    const moved = meet();
    expect(await revisionsFromAccount(moved, () => Promise.reject(new Error('offline')))).toEqual([]);
    expect(await revisionsFromAccount(moved, async () => 2)).toEqual([]);
    expect(await revisionsFromAccount(moved, async () => 3)).toEqual([]);
    expect(numbers(stored())).toEqual(['D-1 INV-2026-0001', 'D-a INV-2026-0001-2', 'D-b INV-2026-0001-3']);
  });

  it('a document changed here while the account answered is left as it is now', async () => {
    const moved = meet();
    const done = await revisionsFromAccount(moved, async () => {
      localStorage.setItem('issuedDocuments', JSON.stringify([first, revision('D-a', 2, '2026-11-21')]));
      return 6;
    });
    expect(done).toEqual([]);
    expect(numbers(stored())).toEqual(['D-1 INV-2026-0001', 'D-a INV-2026-0001-2']);
  });

  it('another account signed in here while the account answered: its register is not touched', async () => {
    localStorage.setItem('dataOwner', 'owner-a');
    const moved = meet();
    const before = localStorage.getItem('issuedDocuments');
    const done = await revisionsFromAccount(moved, async () => {
      // Signed out and in as B, whose data set holds the same register (e.g. restored from one backup).
      localStorage.setItem('dataOwner', 'owner-b');
      return 7;
    });
    expect(done).toEqual([]);
    expect(localStorage.getItem('issuedDocuments')).toBe(before);
  });
});
