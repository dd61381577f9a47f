import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { addRangeErrors, hasCountsAndSku, hasValidNumbers, isEditDraftValid, itemErrors } from '../../src/domain/inventory';
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
      expect(s.context.editErrors).toEqual({});
      // The add form's messages always describe the values shown (a change clears its field's message).
      for (const [field, message] of Object.entries(s.context.draftErrors)) expect(addRangeErrors(s.context.draft)[field as 'quantity']).toBe(message);
      if (persisted.length) expect(s.context.items.every((i) => i.quantity !== 7 || persisted.some((p) => p.includes(i)))).toBe(true);
    },
    'modal.open': (s) => {
      expect(s.hasTag('edit modal')).toBe(true);
      expect(s.hasTag('conflict')).toBe(false);
      expect(s.context.editId).toBe('b');
      expect(s.context.editBase?.id).toBe('b');
      // Why Save refused, for the values shown: never a stale message.
      for (const [field, message] of Object.entries(s.context.editErrors)) expect(itemErrors(s.context.editDraft)[field as 'quantity']).toBe(message);
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
    // Issue 11: a negative count the spec's integer rule accepts is refused with a message.
    [
      { type: 'form.change', field: 'amountPerUnit', value: '2' },
      { type: 'form.change', field: 'costPerUnit', value: '3.5' },
      { type: 'form.change', field: 'quantity', value: '-4' },
      { type: 'form.change', field: 'whenToOrder', value: '6' },
      { type: 'form.change', field: 'sku', value: 'X1' },
      { type: 'item.add' },
      { type: 'form.change', field: 'quantity', value: '4' },
    ],
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

  it('issue 11: the add form refuses a negative on-hand or a $1e20 cost with messages and adds nothing', () => {
    const actor = started();
    fill(actor, { ...valid, quantity: '-4', costPerUnit: '1e20' });
    actor.send({ type: 'item.add' });
    expect(actor.getSnapshot().context.items).toHaveLength(2);
    expect(persisted).toEqual([]);
    expect(alerts).toEqual([]);
    expect(actor.getSnapshot().context.draftErrors).toEqual({
      quantity: 'On-hand Quantity cannot be negative: enter a whole number from 0 to 1,000,000.',
      costPerUnit: 'Cost per Unit is too large: enter a number from 0 to 10,000,000.',
    });
    expect(actor.getSnapshot().context.draft.quantity).toBe('-4');
    actor.send({ type: 'form.change', field: 'quantity', value: '4' });
    expect(Object.keys(actor.getSnapshot().context.draftErrors)).toEqual(['costPerUnit']);
  });

  it('issue 11: Edit Item refuses a negative on-hand with the message, stays open and saves nothing', () => {
    const actor = started();
    actor.send({ type: 'edit.open', id: 'a' });
    actor.send({ type: 'edit.change', field: 'quantity', value: '-5' });
    actor.send({ type: 'edit.commit' });
    const s = actor.getSnapshot();
    expect(s.matches({ modal: 'open' })).toBe(true);
    expect(s.context.editErrors).toEqual({ quantity: 'On-hand Quantity cannot be negative: enter a whole number from 0 to 1,000,000.' });
    expect(s.context.items[0]).toBe(a);
    expect(persisted).toEqual([]);
    actor.send({ type: 'edit.cancel' });
    expect(actor.getSnapshot().context.editErrors).toEqual({});
  });

  it('issue 11: an added item keeps the id of its supplier, so a rename finds it', () => {
    reset();
    const actor = createActor(machine, { input: { items: [], supplierNames: ['Acme', 'Bolt'], suppliers: [{ supplierID: 'S1', supplierName: 'Acme' }, { supplierID: 'S2', supplierName: 'Bolt' }] } }).start();
    fill(actor, { ...valid, supplierName: 'Bolt' });
    actor.send({ type: 'item.add' });
    expect(actor.getSnapshot().context.items[0]).toMatchObject({ supplierName: 'Bolt', supplierID: 'S2' });
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

  it('keeps each card expanded or collapsed on its own', () => {
    const actor = started();
    actor.send({ type: 'item.toggle', id: 'a' });
    expect(actor.getSnapshot().context.expanded).toEqual({ a: true });
    actor.send({ type: 'item.toggle', id: 'b' });
    actor.send({ type: 'item.toggle', id: 'a' });
    expect(actor.getSnapshot().context.expanded).toEqual({ b: true });
  });
});
