/**
 * The inventory board actor with its side effects: storage writes (with an error toast on failure),
 * the spec's alert, and a watcher that follows other tabs' changes to inventoryItems and suppliers.
 */
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { fromCallback, type ActorRefFrom } from 'xstate';
import { inventoryBoardMachine } from '../../machines/inventory/inventoryBoard.machine';
import { inventoryItemsStore, suppliersStore } from '../../storage/keys';
import { notify } from '../shell/toaster';

export type InventoryBoardRef = ActorRefFrom<typeof inventoryBoardMachine>;

const supplierNames = () => suppliersStore.read().map((s) => s.supplierName).filter((n) => n.trim() !== '');

const liveMachine = inventoryBoardMachine.provide({
  actions: {
    persistItems: ({ context }) => {
      const result = inventoryItemsStore.write(context.items);
      if (!result.ok) notify({ type: 'error', title: 'Inventory not saved', description: result.error.message });
    },
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
  return useActorRef(liveMachine, { input });
}
