/**
 * The inventory board actor with its side effects: storage writes by id and revision (a failed
 * write is kept and retried; another tab's simultaneous change becomes the Edit Item conflict), the
 * spec's alert, and a watcher that follows other tabs' changes to inventoryItems and suppliers.
 * Issue 25: a delete's toast has Undo (as on the events page) and names the upcoming events that use
 * the item; Undo puts back its order-placed mark too, if that was removed meanwhile.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromCallback, type ActorRefFrom } from 'xstate';
import {
  draftFromItem,
  duplicateSkuWarning,
  emptyItemDraft,
  type ItemDraft,
  type ItemField,
  type SupplierRef,
} from '../../domain/inventory';
import { sameValues } from '../../domain/drafts';
import {
  inventoryBoardMachine,
  isEditedElsewhere,
  type InventoryBoardEvent,
  type SavedEditDraft,
} from '../../machines/inventory/inventoryBoard.machine';
import { itemUsageText, upcomingEventsUsingItem } from '../../domain/itemUsage';
import { toISODate } from '../../domain/eventDates';
import { mergeSamples } from '../../domain/events';
import { sampleEvents } from '../../domain/sampleEvents';
import { draftStore } from '../../storage/drafts';
import {
  deletedEventIdsStore,
  eventsStore,
  ingredientListStore,
  inventoryItemsStore,
  selectedItemsStore,
  suppliersStore,
} from '../../storage/keys';
import type { InventoryItem, SelectedItem } from '../../storage/schemas';
import { notify } from '../../views/shell/toaster';
import { createPersister, handConflicts, type Persister } from '../shell/persister';
import { createAfterPaintWriter } from '../shell/afterPaint';
import { inspect } from '../../views/shell/inspector';
import { useConflict } from '../conflict/useConflict';
import {
  addSupplierOptions,
  editSupplierChoice,
  itemConflict,
  itemIds,
  sameIds,
} from '../../machines/inventory/inventoryBoard.connect';

export type InventoryBoardRef = ActorRefFrom<typeof inventoryBoardMachine>;

/** How long the delete toast (and so its Undo) stays: as long as the events page's. */
export const itemUndoSeconds = 8;

/** The upcoming events (today on, the samples merged in as on the events page) whose Tool Kit lists use the item. */
function itemUsage(itemId: string): string {
  const today = toISODate(new Date());
  const events = mergeSamples(eventsStore.read(), sampleEvents(today), deletedEventIdsStore.read());
  return itemUsageText(upcomingEventsUsingItem(events, (id) => ingredientListStore(id).read(), itemId, today));
}

// One choice per name: two suppliers may share a name (the item then keeps no supplier id, see supplierIdFor).
const supplierNames = () => [
  ...new Set(
    suppliersStore
      .read()
      .map((s) => s.supplierName)
      .filter((n) => n.trim() !== ''),
  ),
];
/** Issue 25: the add form's and the Edit Item dialog's saved drafts. */
function savedDrafts(): { addDraft: ItemDraft | null; editDraft: SavedEditDraft | null } {
  const add = draftStore('inventoryAdd').read();
  const edit = draftStore('inventoryEdit').read();
  const asItem = (values: object) => ({ ...emptyItemDraft(), ...values }) as ItemDraft;
  return {
    addDraft: add ? asItem(add.values) : null,
    editDraft:
      edit && edit.recordId && edit.base
        ? { recordId: edit.recordId, base: asItem(edit.base), values: asItem(edit.values) }
        : null,
  };
}
const supplierRefs = (): SupplierRef[] =>
  suppliersStore.read().map((s) => ({ supplierID: s.supplierID, supplierName: s.supplierName }));

/**
 * Writes are coalesced and made just after the frame that shows the change: serialising thousands of
 * items must not sit between a keystroke or a drop and the screen (src/app/shell/afterPaint.ts). A
 * pending write is made when the page is hidden or left, and before the key is read again (another
 * tab's change taken in), so nothing is lost.
 */
const createWriter = (persister: Persister<InventoryItem>) =>
  createAfterPaintWriter<InventoryItem[]>(inventoryItemsStore.key, (items) => persister.save(items));

export function useInventoryBoard(): InventoryBoardRef {
  const [link] = useState(() => {
    const items = inventoryItemsStore.read();
    const state = {
      input: { items, supplierNames: supplierNames(), suppliers: supplierRefs(), ...savedDrafts() },
      send: null as ((e: InventoryBoardEvent) => void) | null,
      persister: null as never as Persister<InventoryItem>,
    };
    state.persister = createPersister(inventoryItemsStore, items, {
      label: 'Inventory',
      onConflicts: handConflicts(
        (stored) => state.send?.({ type: 'storage.items', items: stored }),
        (mine, theirs) => state.send?.({ type: 'save.conflict', mine, theirs }),
        (item) => item.name,
      ),
    });
    return { ...state, writer: createWriter(state.persister), orderFlags: new Map<string, SelectedItem>() };
  });
  const machine = useMemo(
    () =>
      inventoryBoardMachine.provide({
        actions: {
          persistItems: ({ context, self }) => {
            link.send = (event) => self.send(event);
            link.writer.schedule(context.items);
          },
          alertInvalidNumbers: () => window.alert('Please enter valid numerical values.'),
          rememberOrderFlag: ({ event }) => {
            if (event.type !== 'item.delete') return;
            const flag = selectedItemsStore.read().find((f) => f.id === event.id);
            if (flag) link.orderFlags.set(event.id, flag);
            else link.orderFlags.delete(event.id);
          },
          restoreOrderFlag: ({ event }) => {
            if (event.type !== 'delete.undo') return;
            const flag = link.orderFlags.get(event.id);
            link.orderFlags.delete(event.id);
            const stored = selectedItemsStore.read();
            if (!flag || stored.some((f) => f.id === flag.id)) return;
            const result = selectedItemsStore.save([...stored, flag], stored);
            if (!result.ok)
              notify({
                type: 'error',
                title: 'Could not put back the order-placed mark',
                description: result.error.message,
                duration: 10_000,
              });
          },
          notifyDeleted: ({ context, event, self }) => {
            if (event.type !== 'item.delete') return;
            const item = context.deleted.find((d) => d.item.id === event.id)?.item;
            const usage = itemUsage(event.id);
            notify({
              type: usage ? 'warning' : 'info',
              title: 'Item deleted',
              description: [item?.name || item?.sku || '', usage].filter(Boolean).join('. '),
              duration: itemUndoSeconds * 1000,
              action: { label: 'Undo', onClick: () => self.send({ type: 'delete.undo', id: event.id }) },
            });
          },
          notifyRestored: ({ context, event }) => {
            if (event.type !== 'delete.undo') return;
            const item = context.items.find((i) => i.id === event.id);
            notify({
              type: 'success',
              title: 'Item restored',
              description: item?.name || item?.sku || '',
              duration: 3000,
            });
          },
          persistAddDraft: ({ context }) =>
            void draftStore('inventoryAdd').write({ values: { ...context.draft }, savedAt: Date.now() }),
          discardAddDraft: () => void draftStore('inventoryAdd').remove(),
          persistEditDraft: ({ context }) => {
            if (context.editId === null || context.editBase === null) return;
            void draftStore('inventoryEdit').write({
              values: { ...context.editDraft },
              recordId: context.editId,
              base: { ...draftFromItem(context.editBase) },
              savedAt: Date.now(),
            });
          },
          discardEditDraft: () => void draftStore('inventoryEdit').remove(),
          notifyEditDraftDropped: () =>
            void notify({
              type: 'warning',
              title: 'Unsaved edit dropped',
              description: 'An Edit Item draft was not restored: its item was changed or deleted since.',
              duration: 10_000,
            }),
        },
        actors: {
          watchStorage: fromCallback(({ sendBack }) => {
            const stopItems = inventoryItemsStore.subscribe(() => {
              // This tab's pending change goes onto the other tab's list first, by id.
              link.writer.flush();
              const items = inventoryItemsStore.read();
              link.persister.rebase(items);
              sendBack({ type: 'storage.items', items });
            });
            const stopSuppliers = suppliersStore.subscribe(() =>
              sendBack({ type: 'storage.suppliers', names: supplierNames(), suppliers: supplierRefs() }),
            );
            return () => {
              stopItems();
              stopSuppliers();
            };
          }),
        },
      }),
    [link],
  );
  useEffect(
    () => () => {
      link.writer.stop();
      link.persister.stop();
    },
    [link],
  );
  return useActorRef(machine, { input: link.input, inspect });
}

/** The items' ids in order: the same array while they stay the same, whatever changed inside an item (issue 23). */
export const useItemIds = (ref: InventoryBoardRef): string[] =>
  useSelector(ref, (s) => itemIds(s.context.items), sameIds);

/** The add form's Supplier Name choices (inventoryBoard.connect.ts), computed again only when the suppliers change. */
export function useAddSupplierOptions(ref: InventoryBoardRef) {
  const suppliers = useSelector(ref, (s) => s.context.suppliers);
  return useMemo(() => addSupplierOptions(suppliers), [suppliers]);
}

/** Edit Item's Supplier Name choice and choices (inventoryBoard.connect.ts), computed again only when they can change. */
export function useEditSupplierChoice(ref: InventoryBoardRef) {
  const suppliers = useSelector(ref, (s) => s.context.suppliers);
  const base = useSelector(ref, (s) => s.context.editBase);
  const draftValue = useSelector(ref, (s) => s.context.editDraft.supplierName);
  return useMemo(() => editSupplierChoice(suppliers, base, draftValue), [suppliers, base, draftValue]);
}

/** The Edit Item conflict dialog's view of the board. */
export const useItemConflict = (ref: InventoryBoardRef) => useConflict(ref, itemConflict);

/** True while the Edit Item modal's item was changed in another tab (a notice in the modal). */
export function useEditedElsewhere(ref: InventoryBoardRef): boolean {
  return useSelector(ref, (s) => s.matches({ modal: 'open' }) && isEditedElsewhere(s.context));
}

/** The add form's message for a field (issue 11: negative or too large). */
export function useAddError(ref: InventoryBoardRef, field: ItemField): string | undefined {
  return useSelector(ref, (s) => s.context.draftErrors[field]);
}

/** The Edit Item dialog's message for a field: why Save refused. */
export function useEditError(ref: InventoryBoardRef, field: ItemField): string | undefined {
  return useSelector(ref, (s) => s.context.editErrors[field]);
}

/** The duplicate-SKU warning of the add form (`edit` false) or the Edit Item dialog, naming the other item. */
export function useSkuWarning(ref: InventoryBoardRef, edit: boolean): string | undefined {
  return useSelector(ref, (s) =>
    edit
      ? duplicateSkuWarning(s.context.items, s.context.editDraft.sku, s.context.editId)
      : duplicateSkuWarning(s.context.items, s.context.draft.sku, null),
  );
}

/** Issue 25: the add form's draft state: restored (with Discard draft) and unsaved typing. */
export function useAddDraft(ref: InventoryBoardRef) {
  return {
    restored: useSelector(ref, (s) => s.context.addRestored),
    dirty: useSelector(ref, (s) => s.context.addRestored || !sameValues(s.context.draft, emptyItemDraft())),
    discard: () => ref.send({ type: 'form.discardDraft' }),
  };
}

/** Issue 25: the Edit Item dialog's draft state. */
export function useEditDraft(ref: InventoryBoardRef) {
  return {
    restored: useSelector(ref, (s) => s.hasTag('edit modal') && s.context.editRestored),
    dirty: useSelector(
      ref,
      (s) =>
        s.hasTag('edit modal') &&
        (s.context.editRestored ||
          (s.context.editBase !== null && !sameValues(s.context.editDraft, draftFromItem(s.context.editBase)))),
    ),
    discard: () => ref.send({ type: 'edit.discardDraft' }),
  };
}
