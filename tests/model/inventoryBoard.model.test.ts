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
const c = item('c', 3, 1);
/** Tab A saved a new quantity of the middle item while this tab's Edit Item modal was open. */
const bThere = { ...b, quantity: 50, rev: 3 };

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
  input: { items: [a, b, c], supplierNames: ['Acme', 'Bolt'] },
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
      q: s.context.editDraft.quantity,
      bq: s.context.items.find((i) => i.id === 'b')?.quantity ?? null,
      theirs: s.context.theirs?.quantity ?? null,
      active: s.context.activeId,
    }),
  limit: 60000,
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
    'edit.open': [{ type: 'edit.open', id: 'b' }],
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
    'storage.items': [
      { type: 'storage.items', items: [a, c] },
      { type: 'storage.items', items: [a, bThere, c] },
    ],
    'storage.suppliers': [{ type: 'storage.suppliers', names: [] }],
    'save.conflict': [{ type: 'save.conflict', mine: { ...b, quantity: 7 }, theirs: bThere }],
    'conflict.keepTheirs': [{ type: 'conflict.keepTheirs' }],
    'conflict.keepMine': [{ type: 'conflict.keepMine' }],
    'conflict.merge': [{ type: 'conflict.merge', choices: { quantity: 'mine' } }],
  },
  states: {
    'modal.closed': (s) => {
      expect(s.hasTag('edit modal')).toBe(false);
      expect(s.context.editId).toBeNull();
      if (persisted.length) expect(s.context.items.every((i) => i.quantity !== 7 || persisted.some((p) => p.includes(i)))).toBe(true);
    },
    'modal.open': (s) => {
      expect(s.hasTag('edit modal')).toBe(true);
      expect(s.hasTag('conflict')).toBe(false);
      expect(s.context.editId).toBe('b');
      expect(s.context.editBase?.id).toBe('b');
    },
    'modal.conflict': (s) => {
      expect(s.hasTag('conflict')).toBe(true);
      // Their version is exactly what the list holds now (null when deleted there); nothing was overwritten.
      expect(s.context.theirs).toEqual(s.context.items.find((i) => i.id === s.context.editId) ?? null);
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
    [{ type: 'edit.open', id: 'b' }, { type: 'storage.items', items: [a, c] }],
    [{ type: 'edit.open', id: 'b' }, { type: 'edit.change', field: 'quantity', value: 'lots' }, { type: 'storage.items', items: [a, bThere, c] }, { type: 'edit.commit' }, { type: 'conflict.keepMine' }],
    [{ type: 'edit.open', id: 'b' }, { type: 'edit.change', field: 'quantity', value: 'lots' }, { type: 'storage.items', items: [a, bThere, c] }, { type: 'edit.commit' }, { type: 'conflict.merge', choices: { quantity: 'mine' } }],
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

  it('two tabs: a stale Edit Item modal does not revert the quantity another tab saved', () => {
    const actor = started([a, b, c]);
    actor.send({ type: 'edit.open', id: 'b' });
    actor.send({ type: 'edit.change', field: 'name', value: 'Butter' });
    actor.send({ type: 'storage.items', items: [a, bThere, c] });
    expect(actor.getSnapshot().context.editDraft.name).toBe('Butter');
    actor.send({ type: 'edit.commit' });
    expect(actor.getSnapshot().matches({ modal: 'conflict' })).toBe(true);
    expect(persisted).toEqual([]);
    // Merge: my name, their quantity.
    actor.send({ type: 'conflict.merge', choices: { name: 'mine', quantity: 'theirs' } });
    expect(actor.getSnapshot().matches({ modal: 'closed' })).toBe(true);
    const saved = persisted.at(-1)!;
    expect(saved.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(saved[1]).toMatchObject({ name: 'Butter', quantity: 50, rev: 3 });
    expect(saved[0]).toBe(a);
    expect(saved[2]).toBe(c);
  });

  it('keep theirs saves nothing; keep mine writes the modal over theirs; a deleted item can be saved again', () => {
    let actor = started([a, b, c]);
    actor.send({ type: 'edit.open', id: 'b' });
    actor.send({ type: 'edit.change', field: 'quantity', value: '7' });
    actor.send({ type: 'storage.items', items: [a, bThere, c] });
    actor.send({ type: 'edit.commit' });
    actor.send({ type: 'conflict.keepTheirs' });
    expect(persisted).toEqual([]);
    expect(actor.getSnapshot().context.items[1]).toBe(bThere);

    actor = started([a, b, c]);
    actor.send({ type: 'edit.open', id: 'b' });
    actor.send({ type: 'edit.change', field: 'quantity', value: '7' });
    actor.send({ type: 'storage.items', items: [a, bThere, c] });
    actor.send({ type: 'edit.commit' });
    actor.send({ type: 'conflict.keepMine' });
    expect(persisted.at(-1)![1]).toMatchObject({ id: 'b', quantity: 7 });

    actor = started([a, b, c]);
    actor.send({ type: 'edit.open', id: 'b' });
    actor.send({ type: 'storage.items', items: [a, c] });
    expect(actor.getSnapshot().matches({ modal: 'open' })).toBe(true);
    actor.send({ type: 'edit.commit' });
    expect(actor.getSnapshot().context.theirs).toBeNull();
    actor.send({ type: 'conflict.keepMine' });
    expect(persisted.at(-1)!.map((i) => i.id)).toEqual(['a', 'c', 'b']);
  });

  it('deletes the middle card by id and writes the list without it; the others are untouched', () => {
    for (const open of [false, true]) {
      const actor = started([a, b, c]);
      // With the Edit Item modal open on another card, a delete is written all the same.
      if (open) actor.send({ type: 'edit.open', id: 'c' });
      actor.send({ type: 'item.delete', id: 'b' });
      expect(persisted).toEqual([[a, c]]);
      expect(actor.getSnapshot().context.items).toEqual([a, c]);
      expect(actor.getSnapshot().context.items[0]).toBe(a);
    }
  });

  it('a deleted card does not stay expanded (a card restored later starts collapsed)', () => {
    const actor = started([a, b, c]);
    actor.send({ type: 'item.toggle', id: 'a' });
    actor.send({ type: 'item.toggle', id: 'b' });
    actor.send({ type: 'item.delete', id: 'b' });
    expect(actor.getSnapshot().context.expanded).toEqual({ a: true });
    actor.send({ type: 'storage.items', items: [a, b, c] });
    expect(actor.getSnapshot().context.expanded).toEqual({ a: true });
  });

  it('a drop back on the dragged card itself moves nothing and writes nothing', () => {
    const actor = started([a, b, c]);
    actor.send({ type: 'drag.start', id: 'b' });
    expect(actor.getSnapshot().can({ type: 'drag.end', overId: 'b' })).toBe(true);
    actor.send({ type: 'drag.end', overId: 'b' });
    expect(actor.getSnapshot().matches({ drag: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.items).toEqual([a, b, c]);
    expect(persisted).toEqual([]);
  });

  it('an edit is written at once with only the edited card changed', () => {
    const actor = started([a, b, c]);
    actor.send({ type: 'edit.open', id: 'b' });
    actor.send({ type: 'edit.change', field: 'quantity', value: '7' });
    actor.send({ type: 'edit.commit' });
    expect(persisted).toHaveLength(1);
    expect(persisted[0]![1]).toMatchObject({ id: 'b', quantity: 7 });
    expect([persisted[0]![0], persisted[0]![2]]).toEqual([a, c]);
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
