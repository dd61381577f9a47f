/**
 * The inventory board's connect: state → the values the Inventory page shows (Zag's `connect`), pure
 * and unit-tested without React. The app layer's hooks (src/app/inventory/) bind it to the live actor.
 */
import type { SnapshotFrom } from 'xstate';
import { draftFromItem } from '../../domain/inventory';
import type { ConflictSource } from '../conflict.connect';
import type { InventoryItem, inventoryBoardMachine } from './inventoryBoard.machine';

export type InventoryBoardSnapshot = SnapshotFrom<typeof inventoryBoardMachine>;

/** Where Edit Item keeps a stale save's conflict (src/machines/conflict.connect.ts). */
export function itemConflict(s: InventoryBoardSnapshot): ConflictSource<InventoryItem> {
  const { editBase, editDraft, theirs } = s.context;
  return {
    open: s.hasTag('conflict'),
    name: editBase?.name ?? '',
    base: editBase,
    mine: editDraft,
    theirs,
    toDraft: draftFromItem,
  };
}
