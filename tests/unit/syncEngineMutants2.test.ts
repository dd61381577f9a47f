/**
 * What the tenth mutation pass of src/sync/engine.ts (docs/testing.md, "Tenth pass") found unchecked in the
 * code changed since the sixth pass: `recordChangesOf` noting the outbox a slice of collections at a time
 * (e19d079), the pull's test for a record of an event kept only in the account (eacc069), and the words the
 * caterer reads when this browser's storage cannot hold what the device needs.
 */
import { describe, expect, it } from 'vitest';
import {
  applyPulled,
  DELETED,
  emptySyncState,
  hashRecord,
  keyOf,
  markReturned,
  recordChanges,
  recordChangesOf,
  STORAGE_FULL_MESSAGE,
  type SyncState,
} from '../../src/sync/engine';
import { FakeDevice, testId } from '../support/fakeSyncServer';

const item = (id: string, name: string) => ({ id, name, rev: 1 });
const supplier = (id: string, name: string) => ({ supplierID: id, supplierName: name, rev: 1 });

describe('recordChangesOf: the outbox of the collections noted now is noted again whole', () => {
  it('a change made back, or an added record removed before it was sent, leaves the outbox; other collections’ entries stay', () => {
    const device = new FakeDevice();
    device.put('inventoryItems', 'I-1', item('I-1', 'Flour'));
    device.put('inventoryItems', 'I-2', item('I-2', 'Sugar'));
    device.put('suppliers', 'S-1', supplier('S-1', 'Mill'));
    const agreed: SyncState = {
      ...emptySyncState(),
      shadow: {
        [keyOf('inventoryItems', 'I-1')]: { rev: 1, hash: hashRecord(item('I-1', 'Flour')) },
        [keyOf('suppliers', 'S-1')]: { rev: 1, hash: hashRecord(supplier('S-1', 'Mill')) },
      },
    };
    // Changed here: I-1 renamed, I-2 and S-2 added, S-1 renamed; all noted.
    device.put('inventoryItems', 'I-1', item('I-1', 'Rye flour'));
    device.put('suppliers', 'S-1', supplier('S-1', 'Old mill'));
    device.put('suppliers', 'S-2', supplier('S-2', 'Dairy'));
    const noted = recordChanges(agreed, device.snapshot(), testId);
    expect(Object.keys(noted.outbox).sort()).toEqual([
      keyOf('inventoryItems', 'I-1'),
      keyOf('inventoryItems', 'I-2'),
      keyOf('suppliers', 'S-1'),
      keyOf('suppliers', 'S-2'),
    ]);

    // Then, before anything is sent: I-1 named back, I-2 removed, the suppliers as they were changed.
    device.put('inventoryItems', 'I-1', item('I-1', 'Flour'));
    device.remove('inventoryItems', 'I-2');
    const items = recordChangesOf(noted, device.snapshot(), testId, (c) => c === 'inventoryItems');
    // Nothing of the items is left to send: I-1 is as agreed, I-2 never reached the account.
    expect(Object.keys(items.outbox).sort()).toEqual([keyOf('suppliers', 'S-1'), keyOf('suppliers', 'S-2')]);
    // The suppliers' entries, not noted now, are kept as they were (the same change ids).
    expect(items.outbox[keyOf('suppliers', 'S-1')]).toBe(noted.outbox[keyOf('suppliers', 'S-1')]);
    expect(items.outbox[keyOf('suppliers', 'S-2')]).toBe(noted.outbox[keyOf('suppliers', 'S-2')]);
  });
});

describe('applyPulled: a record of an event kept only in the account that came back here on its own', () => {
  // Event 5 and its ingredient line L-1 went away (kept only in the account). The line is here again as the
  // account has it (a restore of the list, say), without its event: markReturned agrees it here.
  const line = (name: string) => ({ lineId: 'L-1', id: 'I-1', name, quantity: 2 });
  const EVENT = keyOf('events', '5');
  const LINE = keyOf('ingredientList-5', 'L-1');
  const wentAway: SyncState = {
    ...emptySyncState(),
    shadow: {
      [EVENT]: { rev: 2, hash: hashRecord({ id: 5, EventName: 'Gala' }), away: true, date: '2020-01-01' },
      [LINE]: { rev: 3, hash: hashRecord(line('Flour')), away: true },
    },
  };

  it('deleted here again, then changed elsewhere: a conflict for the caterer, not kept in the account unasked', () => {
    const device = new FakeDevice();
    device.put('ingredientList-5', 'L-1', line('Flour'));
    const back = markReturned(wentAway, () => device.snapshot());
    expect(back.shadow[LINE]).toEqual({ rev: 3, hash: hashRecord(line('Flour')) });
    expect(back.shadow[EVENT]?.away).toBe(true);

    // Removed here (a delete noted for the account), and meanwhile changed on another device.
    device.remove('ingredientList-5', 'L-1');
    const noted = recordChanges(back, device.snapshot(), testId);
    expect(noted.outbox[LINE]).toMatchObject({ deleted: true, hash: DELETED, base_rev: 3 });
    const next = applyPulled(noted, device.snapshot(), [
      { collection: 'ingredientList-5', record_id: 'L-1', rev: 4, record: line('Rye flour'), deleted: false },
    ]);
    // Deleted here, changed there: the caterer chooses, as for any record this device holds.
    expect(next.state.conflicts[LINE]).toEqual({
      key: LINE,
      collection: 'ingredientList-5',
      record_id: 'L-1',
      mine: null,
      theirs: line('Rye flour'),
      theirsRev: 4,
    });
    expect(next.state.shadow[LINE]).toEqual({ rev: 3, hash: hashRecord(line('Flour')) });
    expect(next.writes).toEqual([]);
  });
});

describe('the storage-full message', () => {
  it('says nothing is lost and names what the caterer can do: the setting as the sync panel labels it, and Retry', () => {
    expect(STORAGE_FULL_MESSAGE).toMatch(/^This browser’s storage is full/);
    expect(STORAGE_FULL_MESSAGE).toContain('Nothing is lost');
    expect(STORAGE_FULL_MESSAGE).toContain('“Keep events on this device for”');
    expect(STORAGE_FULL_MESSAGE).toMatch(/then Retry\.$/);
  });
});
