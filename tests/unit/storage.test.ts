// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { blankEventForm, formToEvent } from '../../src/domain/events';
import { createCollectionSync } from '../../src/storage/collection';
import { defineKey } from '../../src/storage/store';
import { listKeys } from '../../src/storage/raw';
import { colorModeStore, soundMutedStore } from '../../src/storage/preferences';
import { listRecovered, onSetAside, type SetAsideNotice } from '../../src/storage/recovered';
import {
  discountPercentageStore,
  employeesStore,
  eventsStore,
  ingredientListStore,
  inventoryItemsStore,
  perEventStores,
  suppliersStore,
  taxPercentageStore,
} from '../../src/storage/keys';

const item = {
  id: '1',
  name: 'Flour',
  sku: 'F-1',
  category: 'Dry Storage',
  amountPerUnit: 10,
  unit: 'kg',
  packageType: 'bag',
  quantity: 3,
  costPerUnit: 12.5,
  whenToOrder: 5,
  supplierName: 'Mill Co',
};
const item2 = { ...item, id: '2', name: 'Sugar', sku: 'S-1' };
const item3 = { ...item, id: '3', name: 'Salt', sku: 'SA-1' };
const supplier = (id: string, name: string) => ({
  supplierID: id,
  supplierName: name,
  email: '',
  phone: '555',
  contractStatus: 'active',
  startDate: '',
  endDate: '',
});
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('storage layer', () => {
  const notices: SetAsideNotice[][] = [];
  let stop: () => void;
  beforeEach(() => {
    localStorage.clear();
    notices.length = 0;
    stop = onSetAside((batch) => notices.push(batch));
  });
  afterEach(() => {
    stop();
    vi.restoreAllMocks();
  });

  it('gives the default for a missing key', () => {
    expect(inventoryItemsStore.read()).toEqual([]);
    expect(colorModeStore.read()).toBe('light');
    expect(soundMutedStore.read()).toBe(true);
    expect(discountPercentageStore(7).read()).toBe(0);
  });

  it('round-trips a valid value', () => {
    expect(inventoryItemsStore.write([item])).toEqual({ ok: true });
    expect(inventoryItemsStore.read()).toEqual([item]);
    expect(JSON.parse(localStorage.getItem('inventoryItems')!)).toEqual([item]);
  });

  it('sets aside text that is not JSON once, with the reason, and writes nothing back', async () => {
    localStorage.setItem('inventoryItems', '{not json');
    expect(inventoryItemsStore.read()).toEqual([]);
    expect(inventoryItemsStore.read()).toEqual([]);
    await flush();
    expect(notices).toEqual([
      [{ key: 'inventoryItems', reason: expect.stringMatching(/not valid JSON/), isRecord: false }],
    ]);
    const entries = listRecovered();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ key: 'inventoryItems', text: '{not json', index: null });
    expect(localStorage.getItem('inventoryItems')).toBe('{not json');
  });

  it('one bad record of three hides only that record, set aside with its text and field path', async () => {
    const bad = { ...item2, quantity: 'lots' };
    localStorage.setItem('inventoryItems', JSON.stringify([item, bad, item3]));
    expect(inventoryItemsStore.read().map((i) => i.id)).toEqual(['1', '3']);
    await flush();
    const [entry] = listRecovered();
    expect(entry).toMatchObject({ key: 'inventoryItems', index: 1, id: '2', text: JSON.stringify(bad) });
    expect(entry!.reason).toBe('record 2, quantity: expected a number, found the text "lots"');
    expect(notices[0]).toEqual([expect.objectContaining({ key: 'inventoryItems', isRecord: true })]);
  });

  it('two identical unreadable records are two set-aside entries, so neither is lost', () => {
    const bad = { ...item2, quantity: 'lots' };
    localStorage.setItem('inventoryItems', JSON.stringify([bad, item, bad]));
    expect(inventoryItemsStore.read().map((i) => i.id)).toEqual(['1']);
    expect(
      listRecovered()
        .map((e) => e.index)
        .sort(),
    ).toEqual([0, 2]);
  });

  it('says which value is wrong in words a person can act on', () => {
    localStorage.setItem('suppliers', JSON.stringify([{ ...supplier('S1', 'Acme'), contractStatus: 'maybe' }]));
    suppliersStore.read();
    expect(listRecovered()[0]!.reason).toBe(
      'record 1, contractStatus: must be one of "active", "inactive", found the text "maybe"',
    );
  });

  it('opens what the earlier app wrote: numbers as strings, phone as a number, missing lists, bare percentages', () => {
    localStorage.setItem(
      'events',
      JSON.stringify([
        {
          id: '4',
          EventName: 'Gala',
          CustomerFirstName: 'A',
          CustomerLastName: 'B',
          CustomerPhoneNumber: 5551234,
          CustomerEmail: '',
          EventType: 'Wedding',
          NumberOfGuests: '80',
          EventDate: '2026-12-01',
          StartTime: '18:00',
          EndTime: '22:00',
          VenueName: '',
          VenueStreetAddress: '',
          VenueCity: '',
          ingredients: [
            {
              name: 'Saffron',
              units: 'grams',
              unitQuantity: '2',
              quantityNeeded: '3',
              onHand: 'false',
              needToOrder: true,
              costPerUnit: '3.25',
              packageType: 'box',
              supplierName: '',
            },
          ],
        },
      ]),
    );
    localStorage.setItem('suppliers', JSON.stringify([{ ...supplier('S1', 'Acme'), phone: 4165550000 }]));
    localStorage.setItem('4-discountPercentage', '10');
    localStorage.setItem('4-taxPercentage', '"13"');
    localStorage.setItem('5-taxPercentage', '');
    const [event] = eventsStore.read();
    expect(event).toMatchObject({
      id: 4,
      NumberOfGuests: 80,
      CustomerPhoneNumber: 5551234,
      menuItems: [],
      notes: [],
      pricing: [],
    });
    expect(event!.ingredients[0]).toMatchObject({
      unitQuantity: 2,
      quantityNeeded: 3,
      costPerUnit: 3.25,
      onHand: false,
    });
    expect(suppliersStore.read()[0]!.phone).toBe('4165550000');
    expect(discountPercentageStore(4).read()).toBe(10);
    expect(taxPercentageStore(4).read()).toBe(13);
    expect(taxPercentageStore(5).read()).toBe(0);
    expect(listRecovered()).toEqual([]);
  });

  it('keeps unknown fields and gives employees without ids a stable id', () => {
    localStorage.setItem(
      'employees',
      JSON.stringify([
        {
          firstName: 'Ann',
          lastName: 'Lee',
          email: '',
          role: 'Chef',
          phone: '1',
          fullTimePartTime: 'fulltime',
          department: '',
          startDate: '',
          badge: 7,
        },
      ]),
    );
    const first = employeesStore.read()[0]!;
    localStorage.setItem('employees', localStorage.getItem('employees')! + ' ');
    expect(employeesStore.read()[0]!.id).toBe(first.id);
    expect(first).toMatchObject({ badge: 7 });
    expect(first.id).toMatch(/^E-/);
  });

  it('never overwrites an unreadable record without setting it aside first', () => {
    const bad = { ...item2, quantity: 'lots' };
    localStorage.setItem('inventoryItems', JSON.stringify([item, bad]));
    const sync = createCollectionSync(inventoryItemsStore, inventoryItemsStore.read());
    expect(sync.save([{ ...item, quantity: 9 }]).ok).toBe(true);
    expect(JSON.parse(localStorage.getItem('inventoryItems')!).map((i: { id: string }) => i.id)).toEqual(['1']);
    expect(listRecovered().map((e) => e.text)).toEqual([JSON.stringify(bad)]);
  });

  it('refuses to overwrite an unreadable value when it cannot even be set aside', () => {
    localStorage.setItem('suppliersX', 'garbage');
    const store = defineKey('suppliersX', z.array(z.string()), () => []);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const result = store.write(['a']);
    expect(result.ok).toBe(false);
    vi.restoreAllMocks();
    expect(localStorage.getItem('suppliersX')).toBe('garbage');
  });

  it('reports a full quota to the caller with what to do, and the sync keeps the change to retry', () => {
    inventoryItemsStore.write([item]);
    const sync = createCollectionSync(inventoryItemsStore, inventoryItemsStore.read());
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const changed = [{ ...item, quantity: 1 }];
    const result = sync.save(changed);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.reason).toBe('quota');
      expect(result.error.message).toMatch(/download a backup/);
    }
    expect(sync.pending()).toBe(true);
    spy.mockRestore();
    expect(sync.save(changed).ok).toBe(true);
    expect(inventoryItemsStore.read()[0]!.quantity).toBe(1);
  });

  it('reads the default when storage itself throws (disabled)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(inventoryItemsStore.read()).toEqual([]);
  });

  it('tells subscribers about changes made in another tab', () => {
    const seen: unknown[] = [];
    const unsubscribe = inventoryItemsStore.subscribe((v) => seen.push(v));
    localStorage.setItem('inventoryItems', JSON.stringify([item]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'inventoryItems' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'events' }));
    unsubscribe();
    window.dispatchEvent(new StorageEvent('storage', { key: 'inventoryItems' }));
    expect(seen).toEqual([[item]]);
  });

  it('has accessors for every per-event key', () => {
    expect(perEventStores(12).map((s) => s.key)).toEqual([
      'ingredientList-12',
      'staffList-12',
      '12-discountPercentage',
      '12-taxPercentage',
    ]);
    expect(ingredientListStore(12)).toBe(ingredientListStore(12));
  });
});

describe('saving by id and revision (two tabs)', () => {
  beforeEach(() => localStorage.clear());

  it('applies only what this view changed onto the latest list, and counts revisions', () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item, item2, item3]));
    const tabA = createCollectionSync(inventoryItemsStore, inventoryItemsStore.read());
    const tabB = createCollectionSync(inventoryItemsStore, inventoryItemsStore.read());
    const b = inventoryItemsStore.read();
    // Tab A deletes the first item; tab B (stale) edits the third one.
    expect(tabA.save(b.filter((i) => i.id !== '1')).ok).toBe(true);
    const result = tabB.save(b.map((i) => (i.id === '3' ? { ...i, quantity: 42 } : i)));
    expect(result).toMatchObject({ ok: true, conflicts: [] });
    const stored = inventoryItemsStore.read();
    expect(stored.map((i) => [i.id, i.quantity, i.rev ?? 0])).toEqual([
      ['2', 3, 0],
      ['3', 42, 1],
    ]);
  });

  it('a stale edit of a record another tab changed is a conflict, not an overwrite', () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item, item2, item3]));
    const start = inventoryItemsStore.read();
    const tabA = createCollectionSync(inventoryItemsStore, start);
    const tabB = createCollectionSync(inventoryItemsStore, start);
    tabA.save(start.map((i) => (i.id === '2' ? { ...i, quantity: 50 } : i)));
    const result = tabB.save(start.map((i) => (i.id === '2' ? { ...i, quantity: 1 } : i)));
    expect(result.ok && result.conflicts).toEqual([
      {
        id: '2',
        mine: expect.objectContaining({ quantity: 1 }),
        theirs: expect.objectContaining({ quantity: 50, rev: 1 }),
      },
    ]);
    expect(inventoryItemsStore.read().find((i) => i.id === '2')!.quantity).toBe(50);
    // Resolving with "keep mine" writes for real: the base now holds their version.
    const theirs = inventoryItemsStore.read();
    const again = tabB.save(theirs.map((i) => (i.id === '2' ? { ...i, quantity: 1 } : i)));
    expect(again).toMatchObject({ ok: true, conflicts: [] });
    expect(inventoryItemsStore.read().find((i) => i.id === '2')).toMatchObject({ quantity: 1, rev: 2 });
  });

  it('an edit of a record another tab deleted is a conflict with nothing on their side', () => {
    localStorage.setItem(
      'suppliers',
      JSON.stringify([supplier('S1', 'Acme'), supplier('S2', 'Bolt'), supplier('S3', 'Crate')]),
    );
    const start = suppliersStore.read();
    const tabA = createCollectionSync(suppliersStore, start);
    const tabB = createCollectionSync(suppliersStore, start);
    tabA.save(start.filter((s) => s.supplierID !== 'S2'));
    const result = tabB.save(start.map((s) => (s.supplierID === 'S2' ? { ...s, supplierName: 'Bolt Foods' } : s)));
    expect(result.ok && result.conflicts).toEqual([
      { id: 'S2', mine: expect.objectContaining({ supplierName: 'Bolt Foods' }), theirs: null },
    ]);
    expect(suppliersStore.read().map((s) => s.supplierID)).toEqual(['S1', 'S3']);
  });

  it('a record another tab added is kept when this tab saves', () => {
    localStorage.setItem('suppliers', JSON.stringify([supplier('S1', 'Acme')]));
    const start = suppliersStore.read();
    const tabB = createCollectionSync(suppliersStore, start);
    localStorage.setItem('suppliers', JSON.stringify([supplier('S1', 'Acme'), supplier('S9', 'New')]));
    tabB.save([...start, supplier('S2', 'Bolt') as never]);
    expect(suppliersStore.read().map((s) => s.supplierID)).toEqual(['S1', 'S9', 'S2']);
  });

  it('issue 25: events stay stored by id descending, a new event first (not appended after the older ones)', () => {
    const event = (id: number) =>
      eventsStore.checkRecord(
        JSON.stringify({
          ...formToEvent({ ...blankEventForm(), EventName: `E${id}`, EventDate: '2026-12-01', NumberOfGuests: '10' }),
          id,
        }),
      );
    const ev = (id: number) => {
      const checked = event(id);
      if (!checked.ok) throw new Error(checked.reason);
      return checked.record;
    };
    // The page's list: the samples (not stored yet) merged in, newest first; each save adds one new event.
    const sync = createCollectionSync(eventsStore, []);
    const first = [ev(4), ev(3), ev(2), ev(1)];
    expect(sync.save(first).ok).toBe(true);
    expect(eventsStore.read().map((e) => e.id)).toEqual([4, 3, 2, 1]);
    expect(sync.save([ev(5), ...first]).ok).toBe(true);
    expect(eventsStore.read().map((e) => e.id)).toEqual([5, 4, 3, 2, 1]);
    // Another tab added 7 meanwhile; this tab's 6 and their 7 both take their places.
    const stored = eventsStore.read();
    localStorage.setItem('events', JSON.stringify([ev(7), ...stored]));
    expect(sync.save([ev(6), ...stored]).ok).toBe(true);
    expect(eventsStore.read().map((e) => e.id)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    // A whole list written at once (mock data: ids 4 to 13 in ascending order) is stored in that order too.
    expect(eventsStore.write([ev(4), ev(5), ev(6)]).ok).toBe(true);
    expect((JSON.parse(localStorage.getItem('events')!) as Array<{ id: number }>).map((e) => e.id)).toEqual([6, 5, 4]);
  });

  it('issue 25: a record this view puts back (Undo of a delete) is stored in its place, not at the end', () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item, item2, item3]));
    const start = inventoryItemsStore.read();
    const sync = createCollectionSync(inventoryItemsStore, start);
    expect(sync.save([start[0]!, start[2]!]).ok).toBe(true);
    expect(inventoryItemsStore.read().map((i) => i.id)).toEqual(['1', '3']);
    expect(sync.save(start).ok).toBe(true);
    expect(inventoryItemsStore.read().map((i) => [i.id, i.name])).toEqual([
      ['1', 'Flour'],
      ['2', 'Sugar'],
      ['3', 'Salt'],
    ]);
    // A new record is still added last, after records other tabs added.
    localStorage.setItem('inventoryItems', JSON.stringify([...inventoryItemsStore.read(), { ...item, id: '9' }]));
    expect(sync.save([...start, { ...item, id: '4' }]).ok).toBe(true);
    expect(inventoryItemsStore.read().map((i) => i.id)).toEqual(['1', '2', '3', '9', '4']);
  });

  it('a reorder in this view keeps its order and keeps records others added', () => {
    localStorage.setItem('inventoryItems', JSON.stringify([item, item2, item3]));
    const start = inventoryItemsStore.read();
    const sync = createCollectionSync(inventoryItemsStore, start);
    localStorage.setItem('inventoryItems', JSON.stringify([item, item2, item3, { ...item, id: '4' }]));
    sync.save([item3, item, item2]);
    expect(inventoryItemsStore.read().map((i) => i.id)).toEqual(['3', '1', '2', '4']);
  });
});

describe('recovered entries', () => {
  beforeEach(() => localStorage.clear());
  it('lists legacy whole-value backups too', () => {
    localStorage.setItem('events.corrupt.1700000000000', '[oops');
    expect(listRecovered()).toEqual([expect.objectContaining({ key: 'events', text: '[oops', time: 1700000000000 })]);
    expect(listKeys()).toContain('events.corrupt.1700000000000');
  });
});
