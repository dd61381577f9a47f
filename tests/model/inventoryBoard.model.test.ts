import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { hasCountsAndSku, hasValidNumbers, isEditDraftValid } from '../../src/domain/inventory';
import { inventoryBoardMachine } from '../../src/machines/inventory/inventoryBoard.machine';
import type { InventoryItem } from '../../src/storage/schemas';
import { describeModel } from '../support/model';

const item = (id: string, quantity: number, whenToOrder: number, supplierName = 'Acme'): InventoryItem => ({
  id, sku: `SKU-${id}`, name: `Item ${id}`, category: 'Dairy', amountPerUnit: 1, unit: 'kg', packageType: 'box', quantity, costPerUnit: 2, whenToOrder, supplierName,
});
const a = item('a', 1, 5);
const b = item('b', 10, 2);

const alerts: string[] = [];
const persisted: InventoryItem[][] = [];
const machine = inventoryBoardMachine.provide({
  actions: {
    alertInvalidNumbers: () => void alerts.push('Please enter valid numerical values.'),
    persistItems: ({ context }) => void persisted.push(context.items),
  },
  actors: { watchStorage: fromCallback(() => () => {}) },
});
const reset = () => {
  alerts.length = 0;
  persisted.length = 0;
};

describeModel('inventoryBoard', {
  machine,
  reset,
  input: { items: [a, b], supplierNames: ['Acme', 'Bolt'] },
  // Context holds whole drafts and lists; tell states apart by what the rules look at.
  serializeState: (s) =>
    JSON.stringify({
      v: s.value,
      n: s.context.items.map((i) => i.id.length < 3 ? i.id : 'new').join(''),
      numbers: hasValidNumbers(s.context.draft),
      counts: hasCountsAndSku(s.context.draft),
      open: Object.keys(s.context.expanded).length,
      edit: s.context.editId,
      editValid: isEditDraftValid(s.context.editDraft),
      active: s.context.activeId,
    }),
  limit: 3000,
  events: {
    'form.change': [
      { type: 'form.change', field: 'amountPerUnit', value: '2' },
      { type: 'form.change', field: 'costPerUnit', value: '3.5' },
      { type: 'form.change', field: 'quantity', value: '4' },
      { type: 'form.change', field: 'whenToOrder', value: '6' },
      { type: 'form.change', field: 'sku', value: 'X1' },
    ],
    'item.add': [{ type: 'item.add' }],
    'item.toggle': [{ type: 'item.toggle', id: 'a' }],
    'item.delete': [{ type: 'item.delete', id: 'b' }],
    'edit.open': [{ type: 'edit.open', id: 'a' }],
    'edit.change': [
      { type: 'edit.change', field: 'quantity', value: 'lots' },
      { type: 'edit.change', field: 'quantity', value: '7' },
    ],
    'edit.commit': [{ type: 'edit.commit' }],
    'edit.cancel': [{ type: 'edit.cancel' }],
    'drag.start': [{ type: 'drag.start', id: 'a' }],
    'drag.end': [
      { type: 'drag.end', overId: 'b' },
      { type: 'drag.end', overId: null },
    ],
    'drag.cancel': [{ type: 'drag.cancel' }],
    'storage.items': [{ type: 'storage.items', items: [b] }],
    'storage.suppliers': [{ type: 'storage.suppliers', names: [] }],
  },
  states: {
    'modal.closed': (s) => {
      expect(s.hasTag('edit modal')).toBe(false);
      expect(s.context.editId).toBeNull();
      if (persisted.length) expect(s.context.items.every((i) => i.quantity !== 7 || persisted.some((p) => p.includes(i)))).toBe(true);
    },
    'modal.open': (s) => {
      expect(s.hasTag('edit modal')).toBe(true);
      expect(s.context.items.some((i) => i.id === s.context.editId)).toBe(true);
    },
    'drag.idle': (s) => {
      expect(s.hasTag('dragging')).toBe(false);
      expect(s.context.activeId).toBeNull();
    },
    'drag.dragging': (s) => {
      expect(s.hasTag('dragging')).toBe(true);
      expect(s.context.activeId).toBe('a');
    },
  },
  sequences: [
    [
      { type: 'form.change', field: 'amountPerUnit', value: '2' },
      { type: 'form.change', field: 'costPerUnit', value: '3.5' },
      { type: 'form.change', field: 'quantity', value: '4' },
      { type: 'form.change', field: 'whenToOrder', value: '6' },
      { type: 'form.change', field: 'sku', value: 'X1' },
      { type: 'item.add' },
      { type: 'item.add' },
    ],
    [{ type: 'edit.open', id: 'a' }, { type: 'storage.items', items: [a] }],
    [{ type: 'drag.start', id: 'a' }, { type: 'drag.end', overId: 'a' }],
  ],
});

function started(items: InventoryItem[] = [a, b], supplierNames = ['Acme', 'Bolt']) {
  reset();
  const actor = createActor(machine, { input: { items, supplierNames } });
  actor.start();
  return actor;
}
function fill(actor: ReturnType<typeof started>, fields: Record<string, string>) {
  for (const [field, value] of Object.entries(fields)) actor.send({ type: 'form.change', field: field as never, value });
}
const valid = { sku: 'N1', name: 'Cream', amountPerUnit: '1', costPerUnit: '2.5', quantity: '3', whenToOrder: '4' };

describe('inventoryBoard rules pinned by hand (spec section 5)', () => {
  it('alerts and adds nothing when amount or cost is not numeric', () => {
    const actor = started();
    fill(actor, { ...valid, costPerUnit: 'abc' });
    actor.send({ type: 'item.add' });
    expect(alerts).toEqual(['Please enter valid numerical values.']);
    expect(actor.getSnapshot().context.items).toHaveLength(2);
    expect(actor.getSnapshot().context.draft.costPerUnit).toBe('abc');
  });

  it('silently adds nothing without a SKU or with non-integer counts', () => {
    for (const bad of [{ sku: '  ' }, { quantity: '2.5' }, { whenToOrder: '' }]) {
      const actor = started();
      fill(actor, { ...valid, ...bad });
      actor.send({ type: 'item.add' });
      expect(alerts).toEqual([]);
      expect(persisted).toEqual([]);
      expect(actor.getSnapshot().context.items).toHaveLength(2);
    }
  });

  it('adds a valid item, resets the form to kg/box and falls back to the first supplier', () => {
    const actor = started();
    fill(actor, { ...valid, unit: 'lbs', packageType: 'bag' });
    actor.send({ type: 'item.add' });
    const { items, draft } = actor.getSnapshot().context;
    expect(items).toHaveLength(3);
    expect(items[2]).toMatchObject({ sku: 'N1', amountPerUnit: 1, costPerUnit: 2.5, quantity: 3, whenToOrder: 4, supplierName: 'Acme', unit: 'lbs', packageType: 'bag' });
    expect(draft).toMatchObject({ unit: 'kg', packageType: 'box', sku: '', supplierName: '' });
    expect(persisted.at(-1)).toBe(items);
  });

  it('gives two adds in the same millisecond different ids', () => {
    const actor = started([]);
    const now = Date.now;
    Date.now = () => 1_700_000_000_000;
    try {
      fill(actor, valid);
      actor.send({ type: 'item.add' });
      fill(actor, valid);
      actor.send({ type: 'item.add' });
    } finally {
      Date.now = now;
    }
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual(['1700000000000', '1700000000000-1']);
  });

  it('keeps the edit modal open when a number is invalid and saves when valid', () => {
    const actor = started();
    actor.send({ type: 'edit.open', id: 'a' });
    actor.send({ type: 'edit.change', field: 'costPerUnit', value: 'two' });
    actor.send({ type: 'edit.commit' });
    expect(actor.getSnapshot().matches({ modal: 'open' })).toBe(true);
    actor.send({ type: 'edit.change', field: 'costPerUnit', value: '9' });
    actor.send({ type: 'edit.commit' });
    expect(actor.getSnapshot().matches({ modal: 'closed' })).toBe(true);
    expect(actor.getSnapshot().context.items[0]!.costPerUnit).toBe(9);
  });

  it('ignores a drop outside any list and stores a real move', () => {
    const actor = started();
    actor.send({ type: 'drag.start', id: 'a' });
    actor.send({ type: 'drag.end', overId: null });
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual(['a', 'b']);
    expect(persisted).toEqual([]);
    actor.send({ type: 'drag.start', id: 'a' });
    actor.send({ type: 'drag.end', overId: 'b' });
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual(['b', 'a']);
    expect(persisted.at(-1)!.map((i) => i.id)).toEqual(['b', 'a']);
  });

  it('keeps each card expanded or collapsed on its own', () => {
    const actor = started();
    actor.send({ type: 'item.toggle', id: 'a' });
    expect(actor.getSnapshot().context.expanded).toEqual({ a: true });
    actor.send({ type: 'item.toggle', id: 'b' });
    actor.send({ type: 'item.toggle', id: 'a' });
    expect(actor.getSnapshot().context.expanded).toEqual({ b: true });
  });
});
