// @vitest-environment jsdom
/**
 * This browser's port of the sync cycle (src/app/sync/browserPort.ts) while a pull is applied in slices
 * (issues 23 and 24): a view's write still waiting for the paint is this device's change, made and counted
 * before a page's decision is taken and before the sync writes; and once another account's data is open
 * here, the account whose join was cut short writes and saves nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browserLocalPort, OtherAccountOpen } from '../../src/app/sync/browserPort';
import { bindDataSet } from '../../src/storage/accounts';
import { suppliersStore } from '../../src/storage/keys';
import { clearPendingWrite, setPendingWrite } from '../../src/storage/pendingWrites';
import { emptySyncState } from '../../src/sync/engine';

const supplier = (supplierID: string, supplierName = `Supplier ${supplierID}`) => ({
  supplierID,
  supplierName,
  email: `${supplierID}@example.com`,
  phone: '555',
  contractStatus: 'active' as const,
  startDate: '2024-01-01',
  endDate: '',
});

/** A view's write of `list` made after the next paint (as src/app/shell/afterPaint.ts registers it). */
function pendingSuppliers(list: ReturnType<typeof supplier>[]) {
  const write = () => {
    clearPendingWrite(suppliersStore.key, write);
    suppliersStore.write(list);
  };
  setPendingWrite(suppliersStore.key, write);
}

const stops: Array<() => void> = [];
beforeEach(() => localStorage.clear());
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('browserLocalPort', () => {
  it('makes and counts a view’s write waiting for the paint before its version answers', () => {
    bindDataSet('user-a');
    const port = browserLocalPort('user-a');
    let told = 0;
    stops.push(port.watch(() => told++));
    const before = port.version();
    pendingSuppliers([supplier('S1', 'Changed in the view')]);
    expect(port.version()).toBe(before + 1);
    expect(told).toBe(1);
    expect(suppliersStore.read().map((s) => s.supplierName)).toEqual(['Changed in the view']);
  });

  it('makes a view’s pending write as the view’s change (counted) before its own, and keeps it', () => {
    bindDataSet('user-a');
    const port = browserLocalPort('user-a');
    let told = 0;
    stops.push(port.watch(() => told++));
    const before = port.version();
    pendingSuppliers([supplier('S1', 'Changed in the view')]);
    port.write([{ collection: suppliersStore.key, record_id: 'S2', record: supplier('S2') }]);
    expect(port.version()).toBe(before + 1);
    expect(told).toBe(1);
    expect(suppliersStore.read().map((s) => [s.supplierID, s.supplierName])).toEqual([
      ['S1', 'Changed in the view'],
      ['S2', 'Supplier S2'],
    ]);
  });

  it('writes, evicts and saves nothing once another account’s data is open here', () => {
    bindDataSet('user-a');
    const port = browserLocalPort('user-a');
    expect(bindDataSet('user-b')).toMatchObject({ ok: true });
    expect(() => port.write([{ collection: suppliersStore.key, record_id: 'S2', record: supplier('S2') }])).toThrow(
      OtherAccountOpen,
    );
    expect(() => port.evict([1])).toThrow(OtherAccountOpen);
    expect(() => port.save(emptySyncState())).toThrow(OtherAccountOpen);
    expect(localStorage.getItem(suppliersStore.key)).toBeNull();
    expect(localStorage.getItem('sync:user-a')).toBeNull();
    // Its own account's port goes on.
    const other = browserLocalPort('user-b');
    other.write([{ collection: suppliersStore.key, record_id: 'S3', record: supplier('S3') }]);
    other.save(emptySyncState());
    expect(suppliersStore.read().map((s) => s.supplierID)).toEqual(['S3']);
    expect(localStorage.getItem('sync:user-b')).not.toBeNull();
  });
});
