/**
 * The inventory board actor with its side effects: storage writes (with an error toast on failure),
 * the spec's alert, and a watcher that follows other tabs' changes to inventoryItems and suppliers.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromCallback, type ActorRefFrom } from 'xstate';
import { inventoryBoardMachine } from '../../machines/inventory/inventoryBoard.machine';
import { inventoryItemsStore, suppliersStore } from '../../storage/keys';
import type { InventoryItem } from '../../storage/schemas';
import { notify } from '../shell/toaster';

export type InventoryBoardRef = ActorRefFrom<typeof inventoryBoardMachine>;

const supplierNames = () => suppliersStore.read().map((s) => s.supplierName).filter((n) => n.trim() !== '');

/**
 * Writes are coalesced and made just after the frame that shows the change: serialising thousands of
 * items must not sit between a keystroke or a drop and the screen. Pending writes are flushed when
 * the page is hidden or left, so nothing is lost on reload or close.
 */
let pending: InventoryItem[] | null = null;
let scheduled = false;
function flushItems() {
  scheduled = false;
  if (pending === null) return;
  const items = pending;
  pending = null;
  const result = inventoryItemsStore.write(items);
  if (!result.ok) notify({ type: 'error', title: 'Inventory not saved', description: result.error.message });
}
function scheduleWrite(items: InventoryItem[]) {
  pending = items;
  if (scheduled) return;
  scheduled = true;
  if ('requestIdleCallback' in window) window.requestIdleCallback(flushItems, { timeout: 150 });
  else setTimeout(flushItems, 16);
}
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushItems);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flushItems());
}

const liveMachine = inventoryBoardMachine.provide({
  actions: {
    persistItems: ({ context }) => scheduleWrite(context.items),
    alertInvalidNumbers: () => window.alert('Please enter valid numerical values.'),
  },
  actors: {
    watchStorage: fromCallback(({ sendBack }) => {
      const stopItems = inventoryItemsStore.subscribe((items) => sendBack({ type: 'storage.items', items }));
      const stopSuppliers = suppliersStore.subscribe(() => sendBack({ type: 'storage.suppliers', names: supplierNames() }));
      return () => {
        stopItems();
        stopSuppliers();
      };
    }),
  },
});

export function useInventoryBoard(): InventoryBoardRef {
  const [input] = useState(() => ({ items: inventoryItemsStore.read(), supplierNames: supplierNames() }));
  useEffect(() => flushItems, []);
  return useActorRef(liveMachine, { input });
}
