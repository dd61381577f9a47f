// @vitest-environment jsdom
/**
 * Issue 23: saving one item in the Edit Item dialog keeps the sortable list's ids as they were (the same
 * array), so dnd-kit's sortable context does not change and only the saved card is drawn again; a move or a
 * delete gives new ids.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { useItemIds, type InventoryBoardRef } from '../../src/app/inventory/useInventoryBoard';
import { itemIds, sameIds } from '../../src/machines/inventory/inventoryBoard.connect';
import { inventoryBoardMachine } from '../../src/machines/inventory/inventoryBoard.machine';
import type { InventoryItem } from '../../src/storage/schemas';

const item = (id: string): InventoryItem => ({
  id,
  sku: `SKU-${id}`,
  name: `Item ${id}`,
  category: 'Dairy',
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'box',
  quantity: 10,
  costPerUnit: 2,
  whenToOrder: 2,
  supplierName: 'Acme',
});

const noop = () => undefined;
const machine = inventoryBoardMachine.provide({
  actions: {
    alertInvalidNumbers: noop,
    persistItems: noop,
    rememberOrderFlag: noop,
    restoreOrderFlag: noop,
    notifyDeleted: noop,
    notifyRestored: noop,
    persistAddDraft: noop,
    discardAddDraft: noop,
    persistEditDraft: noop,
    discardEditDraft: noop,
    notifyEditDraftDropped: noop,
  },
  actors: { watchStorage: fromCallback(() => () => {}) },
});

afterEach(cleanup);

describe('the inventory list ids (issue 23)', () => {
  it('stay the same array when a save changes an item, and change when the order or the items change', () => {
    const board = createActor(machine, {
      input: { items: ['a', 'b', 'c'].map(item), supplierNames: ['Acme'], suppliers: [] },
    }).start() as unknown as InventoryBoardRef;
    const { result } = renderHook(() => useItemIds(board));
    const first = result.current;
    expect(first).toEqual(['a', 'b', 'c']);

    const before = board.getSnapshot().context.items;
    act(() => {
      board.send({ type: 'edit.open', id: 'b' });
      board.send({ type: 'edit.change', field: 'quantity', value: '7' });
      board.send({ type: 'edit.commit' });
    });
    expect(board.getSnapshot().context.items).not.toBe(before);
    expect(board.getSnapshot().context.items[1]!.quantity).toBe(7);
    expect(result.current).toBe(first);

    act(() => {
      board.send({ type: 'drag.start', id: 'a' });
      board.send({ type: 'drag.end', overId: 'c' });
    });
    expect(result.current).toEqual(['b', 'c', 'a']);

    const moved = result.current;
    act(() => board.send({ type: 'item.delete', id: 'c' }));
    expect(result.current).not.toBe(moved);
    expect(result.current).toEqual(['b', 'a']);
  });

  it('itemIds works out a list once; sameIds compares by id and order', () => {
    const list = ['a', 'b'].map(item);
    expect(itemIds(list)).toBe(itemIds(list));
    expect(sameIds(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameIds(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameIds(['a', 'b'], ['a'])).toBe(false);
  });
});
