// @vitest-environment jsdom
/**
 * The money side of issue 22 syncs (issue 24, docs/sync.md "Collections"): customers one record per
 * customer id, issued quotes and invoices one record per document id, and the number counters one
 * record per kind and year whose merge never lowers a count. Read and written here by
 * src/storage/syncData.ts; two devices' changes merge by id (src/sync/engine.ts), nothing dropped.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isSyncedKey, readSyncSnapshot, writeSyncChanges } from '../../src/storage/syncData';
import { pullChanges, pushChanges } from '../../src/sync/cycle';
import { mergeWithoutAsking } from '../../src/sync/engine';
import { conflictView, describeCounts } from '../../src/machines/sync/sync.connect';
import { FakeDevice, FakeSyncServer, testId } from '../support/fakeSyncServer';

const customer = (id: string, firstName: string) => ({ id, firstName, lastName: 'Lee', email: '', phone: '' });
const doc = (id: string, sequence: number) => ({
  id,
  kind: 'invoice',
  eventId: 7,
  eventName: 'Gala',
  year: 2026,
  sequence,
  revision: 1,
  number: `INV-2026-${String(sequence).padStart(4, '0')}`,
  issuedAt: '2026-11-26',
  snapshot: { lines: [], totalCents: 100000 },
});
const counter = (kind: 'quote' | 'invoice', last: number, year = 2026) => ({ id: `${kind}-${year}`, kind, year, last });

describe('this browser’s money keys as sync records', () => {
  beforeEach(() => localStorage.clear());

  it('are synced keys', () => {
    for (const key of ['customers', 'issuedDocuments', 'documentNumbers']) expect(isSyncedKey(key), key).toBe(true);
  });

  it('reads customers and issued documents by id, and each counter as kind-year', () => {
    localStorage.setItem('customers', JSON.stringify([customer('c1', 'Ana'), customer('c2', 'Bo')]));
    localStorage.setItem('issuedDocuments', JSON.stringify([doc('D-1', 1)]));
    localStorage.setItem(
      'documentNumbers',
      JSON.stringify({ quote: { '2026': 3 }, invoice: { '2025': 9, '2026': 1 } }),
    );
    const snapshot = readSyncSnapshot();
    expect([...snapshot.get('customers')!.keys()]).toEqual(['c1', 'c2']);
    expect(snapshot.get('issuedDocuments')!.get('D-1')).toEqual(doc('D-1', 1));
    expect(Object.fromEntries(snapshot.get('documentNumbers')!)).toEqual({
      'quote-2026': counter('quote', 3),
      'invoice-2025': counter('invoice', 9, 2025),
      'invoice-2026': counter('invoice', 1),
    });
  });

  it('writes pulled customers and documents by id, keeping the others; a tombstone removes only its record', () => {
    localStorage.setItem('customers', JSON.stringify([customer('c1', 'Ana'), customer('c2', 'Bo')]));
    localStorage.setItem('issuedDocuments', JSON.stringify([doc('D-1', 1)]));
    writeSyncChanges([
      { collection: 'customers', record_id: 'c2', record: customer('c2', 'Bob') },
      { collection: 'customers', record_id: 'c3', record: customer('c3', 'Cy') },
      { collection: 'customers', record_id: 'c1', record: null },
      { collection: 'issuedDocuments', record_id: 'D-2', record: doc('D-2', 2) },
    ]);
    expect(JSON.parse(localStorage.getItem('customers')!)).toEqual([customer('c2', 'Bob'), customer('c3', 'Cy')]);
    expect(JSON.parse(localStorage.getItem('issuedDocuments')!)).toEqual([doc('D-1', 1), doc('D-2', 2)]);
  });

  it('a pulled change of the first customer replaces it in place; a tombstone of one not here removes nothing', () => {
    localStorage.setItem('customers', JSON.stringify([customer('c1', 'Ana'), customer('c2', 'Bo')]));
    writeSyncChanges([
      { collection: 'customers', record_id: 'c1', record: customer('c1', 'Anna') },
      { collection: 'customers', record_id: 'c9', record: null },
    ]);
    expect(JSON.parse(localStorage.getItem('customers')!)).toEqual([customer('c1', 'Anna'), customer('c2', 'Bo')]);
  });

  it('readable money keys are not reported as unknown here', () => {
    localStorage.setItem('customers', JSON.stringify([customer('c1', 'Ana')]));
    localStorage.setItem('documentNumbers', JSON.stringify({ invoice: { 2026: 3 } }));
    const snapshot = readSyncSnapshot();
    expect(snapshot.unknownHere).toBeUndefined();
  });

  it('a pulled page’s snapshot (only some keys) holds the money keys it names and none it does not', () => {
    localStorage.setItem('suppliers', JSON.stringify([]));
    localStorage.setItem('customers', JSON.stringify([customer('c1', 'Ana')]));
    localStorage.setItem('issuedDocuments', JSON.stringify([doc('D-1', 1)]));
    localStorage.setItem('documentNumbers', JSON.stringify({ quote: {}, invoice: { '2026': 1 } }));
    expect(readSyncSnapshot(new Set(['suppliers'])).size).toBe(0);
    expect([...readSyncSnapshot(new Set(['customers'])).keys()]).toEqual(['customers']);
    expect([...readSyncSnapshot(new Set(['issuedDocuments'])).keys()]).toEqual(['issuedDocuments']);
    expect([...readSyncSnapshot(new Set(['documentNumbers'])).keys()]).toEqual(['documentNumbers']);
  });

  it('a pull that renumbers no issued document answers none renumbered', () => {
    localStorage.setItem('issuedDocuments', JSON.stringify([doc('D-1', 1)]));
    expect(
      writeSyncChanges([
        { collection: 'customers', record_id: 'c1', record: customer('c1', 'Ana') },
        { collection: 'issuedDocuments', record_id: 'D-2', record: doc('D-2', 2) },
      ]),
    ).toEqual({ renumbered: [] });
  });

  it('an unreadable money key that could not be set aside (storage full) still holds its records back', () => {
    localStorage.setItem('customers', '[{"id": "C1"');
    const setItem = Storage.prototype.setItem;
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (key.startsWith('recovered:')) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    const snapshot = readSyncSnapshot();
    spy.mockRestore();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('recovered:'))).toEqual([]);
    expect([...(snapshot.unknownHere ?? [])]).toEqual(['customers']);
  });

  it('never lowers a counter: a lower pulled count and a tombstone keep this device’s', () => {
    localStorage.setItem('documentNumbers', JSON.stringify({ quote: {}, invoice: { '2026': 5 } }));
    writeSyncChanges([
      { collection: 'documentNumbers', record_id: 'invoice-2026', record: counter('invoice', 2) },
      { collection: 'documentNumbers', record_id: 'quote-2026', record: counter('quote', 4) },
    ]);
    expect(JSON.parse(localStorage.getItem('documentNumbers')!)).toEqual({
      quote: { '2026': 4 },
      invoice: { '2026': 5 },
    });
    writeSyncChanges([
      { collection: 'documentNumbers', record_id: 'invoice-2026', record: null },
      { collection: 'documentNumbers', record_id: 'quote-2026', record: counter('quote', 6) },
    ]);
    expect(JSON.parse(localStorage.getItem('documentNumbers')!)).toEqual({
      quote: { '2026': 6 },
      invoice: { '2026': 5 },
    });
  });
});

describe('two devices’ money records', () => {
  const sync = async (device: FakeDevice, server: FakeSyncServer) => {
    await pullChanges(device, server.remote(), testId);
    return pushChanges(device, server.remote(), testId);
  };
  const records = (device: FakeDevice, collection: string) =>
    Object.fromEntries(device.snapshot().get(collection) ?? new Map());

  it('merge by id: each device’s customers and issued documents reach the other, none dropped', async () => {
    const server = new FakeSyncServer();
    const one = new FakeDevice();
    const two = new FakeDevice();
    one.put('customers', 'c1', customer('c1', 'Ana'));
    one.put('issuedDocuments', 'D-1', doc('D-1', 1));
    two.put('customers', 'c2', customer('c2', 'Bo'));
    two.put('issuedDocuments', 'D-2', doc('D-2', 2));
    await sync(one, server);
    await sync(two, server);
    await sync(one, server);
    for (const device of [one, two]) {
      expect(Object.keys(records(device, 'customers')).sort()).toEqual(['c1', 'c2']);
      expect(Object.keys(records(device, 'issuedDocuments')).sort()).toEqual(['D-1', 'D-2']);
    }
  });

  it('a counter raised on both merges to the higher count without a dialog, whichever syncs first', async () => {
    for (const [first, second] of [
      [3, 5],
      [5, 3],
    ] as const) {
      const server = new FakeSyncServer();
      const one = new FakeDevice();
      const two = new FakeDevice();
      one.put('documentNumbers', 'invoice-2026', counter('invoice', 1));
      await sync(one, server);
      await sync(two, server);
      // Both issue offline, then sync.
      one.put('documentNumbers', 'invoice-2026', counter('invoice', first));
      two.put('documentNumbers', 'invoice-2026', counter('invoice', second));
      const a = await sync(one, server);
      const b = await sync(two, server);
      const c = await sync(one, server);
      const d = await sync(two, server);
      for (const outcome of [a, b, c, d]) expect(outcome.conflicts).toEqual([]);
      expect(records(one, 'documentNumbers')['invoice-2026']).toEqual(counter('invoice', 5));
      expect(records(two, 'documentNumbers')['invoice-2026']).toEqual(counter('invoice', 5));
      expect(server.rows.get('documentNumbers|invoice-2026')?.record).toEqual(counter('invoice', 5));
      expect(d.pending).toBe(0);
    }
  });

  it('a customer changed on both is a conflict for the owner, as any other record', async () => {
    const server = new FakeSyncServer();
    const one = new FakeDevice();
    const two = new FakeDevice();
    one.put('customers', 'c1', customer('c1', 'Ana'));
    await sync(one, server);
    await sync(two, server);
    one.put('customers', 'c1', customer('c1', 'Anna'));
    two.put('customers', 'c1', customer('c1', 'Annie'));
    await sync(one, server);
    const outcome = await sync(two, server);
    expect(outcome.conflicts.map((c) => c.key)).toEqual(['customers|c1']);
  });

  it('only counters merge without asking, and a merge keeps the higher count', () => {
    expect(mergeWithoutAsking('customers', customer('c1', 'A'), customer('c1', 'B'))).toBeNull();
    expect(mergeWithoutAsking('documentNumbers', counter('invoice', 7), counter('invoice', 4))).toEqual(
      counter('invoice', 7),
    );
    expect(mergeWithoutAsking('documentNumbers', counter('invoice', 2), counter('invoice', 4))).toEqual(
      counter('invoice', 4),
    );
    expect(mergeWithoutAsking('documentNumbers', counter('invoice', 2), null)).toEqual(counter('invoice', 2));
  });
});

describe('the money records in the sync’s words', () => {
  it('counts them, and names a customer or a document in the conflict dialog', () => {
    expect(describeCounts({ customers: 2, issuedDocuments: 1, documentNumbers: 1 })).toBe(
      '2 customers, 1 issued quote or invoice, 1 quote or invoice number count',
    );
    const conflict = (collection: string, mine: object, theirs: object) => ({
      key: `${collection}|x`,
      collection,
      record_id: 'x',
      mine,
      theirs,
      theirsRev: 2,
    });
    expect(conflictView(conflict('customers', customer('c1', 'Ann'), customer('c1', 'Anne')))!.what).toBe(
      'customer “Ann Lee”',
    );
    expect(conflictView(conflict('issuedDocuments', doc('D-1', 3), doc('D-1', 3)))!.what).toBe(
      `issued quote or invoice “INV-2026-0003”`,
    );
  });
});
