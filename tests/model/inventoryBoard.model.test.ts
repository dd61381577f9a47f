import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type ContextFrom, type EventFromLogic } from 'xstate';
import { mergeDrafts } from '../../src/domain/conflict';
import {
  addRangeErrors,
  applyEdit,
  draftFromItem,
  emptyItemDraft,
  hasCountsAndSku,
  hasValidNumbers,
  isEditDraftValid,
  itemErrors,
  itemFromDraft,
  moveItem,
} from '../../src/domain/inventory';
import {
  inventoryBoardMachine,
  type InventoryBoardEvent,
  type InventoryBoardInput,
} from '../../src/machines/inventory/inventoryBoard.machine';
import type { InventoryItem } from '../../src/storage/schemas';
import { createWorld, describeModel, failureAfter, type Expectation } from '../support/model';

const item = (id: string, quantity: number, whenToOrder: number, supplierName = 'Acme'): InventoryItem => ({
  id,
  sku: `SKU-${id}`,
  name: `Item ${id}`,
  category: 'Dairy',
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'box',
  quantity,
  costPerUnit: 2,
  whenToOrder,
  supplierName,
});
const a = item('a', 1, 5);
const b = item('b', 10, 2);
const c = item('c', 3, 1);
/** Tab A saved a new quantity of the middle item while this tab's Edit Item modal was open. */
const bThere = { ...b, quantity: 50, rev: 3 };
/** The suppliers with their ids (issue 11: a saved item carries the id of the one supplier of its name). */
const suppliers = [
  { supplierID: 'S1', supplierName: 'Acme' },
  { supplierID: 'S2', supplierName: 'Bolt' },
];
const NEGATIVE_ON_HAND = 'On-hand Quantity cannot be negative: enter a whole number from 0 to 1,000,000.';

const alerts: string[] = [];
const persisted: InventoryItem[][] = [];
/** inventoryItems as the fakes leave it. */
const world = createWorld<{ items: InventoryItem[] }>();
const machine = inventoryBoardMachine.provide({
  actions: {
    alertInvalidNumbers: () => {
      alerts.push('Please enter valid numerical values.');
      world.record('alert', 'Please enter valid numerical values.');
    },
    persistItems: ({ context }) => {
      persisted.push(context.items);
      world.record(
        'persistItems',
        context.items.map((i) => i.id),
      );
      world.store.items = context.items;
    },
    rememberOrderFlag: ({ event }) => world.record('rememberOrderFlag', (event as { id: string }).id),
    restoreOrderFlag: ({ event }) => world.record('restoreOrderFlag', (event as { id: string }).id),
    notifyDeleted: ({ event }) => world.record('notifyDeleted', (event as { id: string }).id),
    notifyRestored: ({ event }) => world.record('notifyRestored', (event as { id: string }).id),
    // Issue 25: the drafts of the add form and of the Edit Item dialog.
    persistAddDraft: ({ context }) => world.record('persistAddDraft', context.draft),
    discardAddDraft: () => world.record('discardAddDraft'),
    persistEditDraft: ({ context }) =>
      world.record(
        'persistEditDraft',
        context.editId,
        context.editDraft,
        context.editBase && draftFromItem(context.editBase),
      ),
    discardEditDraft: () => world.record('discardEditDraft'),
    notifyEditDraftDropped: () => world.record('notifyEditDraftDropped'),
  },
  actors: { watchStorage: fromCallback(() => () => {}) },
});
const reset = () => {
  alerts.length = 0;
  persisted.length = 0;
};

type Ctx = ContextFrom<typeof machine>;
type Expect = Expectation<typeof machine, { items: InventoryItem[] }>;
const ids = (items: InventoryItem[]) => items.map((i) => i.id);
const written: Expect['effects'] = ({ after }) => [['persistItems', ids(after.items)]];
const cleared = (c: Ctx): Ctx => ({
  ...c,
  editId: null,
  editDraft: emptyItemDraft(),
  editBase: null,
  theirs: null,
  editErrors: {},
  editRestored: false,
});
/** Written, then the Edit Item draft dropped (a save from the dialog). */
const writtenAndDropped: Expect['effects'] = ({ after }) => [['persistItems', ids(after.items)], ['discardEditDraft']];
// Issue 25: saved drafts the page opens with. The add form's; an Edit Item draft of b typed from b as it is now;
// and one typed from b as it was before another tab changed it (stale: dropped, and the caterer told).
const addDraft = { ...emptyItemDraft(), sku: 'X1', name: 'Half typed' };
const editDraftOfB = { recordId: 'b', base: draftFromItem(b), values: { ...draftFromItem(b), quantity: '-5' } };
const staleEditDraft = {
  recordId: 'b',
  base: { ...draftFromItem(b), quantity: '9' },
  values: { ...draftFromItem(b), quantity: '7' },
};
const baseInput: InventoryBoardInput = { items: [a, b, c], supplierNames: ['Acme', 'Bolt'], suppliers };
/** A record without one key (a field's message cleared by typing in that field). */
const without = <T extends object>(o: T, key: string): T => {
  const next = { ...o };
  delete (next as Record<string, unknown>)[key];
  return next;
};
const findItem = (items: InventoryItem[], id: string | null) => items.find((i) => i.id === id);
const withoutItem = (c: Ctx, id: string) => {
  const expanded = { ...c.expanded };
  delete expanded[id];
  // Issue 25: the item and its place are kept for Undo (the item after it, and its index).
  const index = c.items.findIndex((i) => i.id === id);
  const entry = {
    item: c.items[index]!,
    index,
    beforeId: c.items[index + 1]?.id ?? null,
    afterId: c.items[index - 1]?.id ?? null,
  };
  return {
    ...c,
    items: c.items.filter((i) => i.id !== id),
    expanded,
    deleted: [...c.deleted.filter((d) => d.item.id !== id), entry],
  };
};
/** A delete: the order-placed mark read first, the list written without the item, then the toast with Undo. */
const deleteEffects: Expect['effects'] = ({ event, after }) => {
  const id = (event as { id: string }).id;
  return [
    ['rememberOrderFlag', id],
    ['persistItems', ids(after.items)],
    ['notifyDeleted', id],
  ];
};
/** Undo: the very item back in its place (before the item that followed it), written, its mark put back, then the toast. */
const withItemBack = (c: Ctx, id: string) => {
  const entry = c.deleted.find((d) => d.item.id === id)!;
  expect(c.items.some((i) => i.id === id)).toBe(false);
  const items = c.items.slice();
  const before = items.findIndex((i) => i.id === entry.beforeId);
  const after = items.findIndex((i) => i.id === entry.afterId);
  const at =
    entry.afterId === null
      ? 0
      : entry.beforeId === null
        ? items.length
        : before >= 0
          ? before
          : after >= 0
            ? after + 1
            : Math.min(entry.index, items.length);
  items.splice(at, 0, entry.item);
  return { ...c, items, deleted: c.deleted.filter((d) => d !== entry) };
};
const undoEffects: Expect['effects'] = ({ event, after }) => {
  const id = (event as { id: string }).id;
  return [
    ['persistItems', ids(after.items)],
    ['restoreOrderFlag', id],
    ['notifyRestored', id],
  ];
};
/** Keep mine (or a valid merge): the modal's values over their version, or the item again if they deleted it; every other item untouched. */
const keptMine = (draftOf: (c: Ctx, event: unknown) => Ctx['editDraft']): Expect => ({
  target: 'modal.closed',
  context: (before, event) => {
    const draft = draftOf(before, event);
    expect(isEditDraftValid(draft)).toBe(true);
    const theirs = findItem(before.items, before.editId);
    const items = theirs
      ? before.items.map((i) => (i === theirs ? applyEdit(theirs, draft, before.suppliers) : i))
      : [...before.items, applyEdit(before.editBase!, draft, before.suppliers)];
    return { ...cleared(before), items };
  },
  effects: writtenAndDropped,
});
const mergedDraft = (c: Ctx, event: unknown) =>
  mergeDrafts(c.editDraft, draftFromItem(c.theirs!), (event as { choices: Record<string, 'mine' | 'theirs'> }).choices);

describeModel('inventoryBoard', {
  machine,
  reset,
  world,
  store: (input) => ({ items: input.items }),
  persisted: (context) => ({ items: context.items }),
  external: (event, store) => {
    if (event.type === 'storage.items') store.items = event.items;
  },
  initial: {
    started: [{ id: 'storageSync', input: undefined }],
    effects: (input) =>
      input.editDraft?.base.quantity === staleEditDraft.base.quantity
        ? [['discardEditDraft'], ['notifyEditDraftDropped']]
        : [],
  },
  transitions: {
    // Each change is kept as the add form's draft.
    '(machine)|form.change|0': {
      context: (before, event) => {
        const { field, value } = event as { field: string; value: string };
        // The field's message (issue 11) goes with the value it described; the other fields' stay.
        return {
          ...before,
          draft: { ...before.draft, [field]: value },
          draftErrors: without(before.draftErrors, field),
        };
      },
      effects: ({ after }) => [['persistAddDraft', after.draft]],
    },
    // Discard draft: the add form empties (its defaults), its messages go, the saved draft is dropped.
    '(machine)|form.discardDraft|0': {
      context: (before) => ({ ...before, draft: emptyItemDraft(), draftErrors: {}, addRestored: false }),
      effects: [['discardAddDraft']],
    },
    // Issue 25: the page opens. An Edit Item draft of an unchanged item reopens the dialog with the values typed.
    'modal.restoring||0': {
      target: 'modal.open',
      // (Only the page opened with editDraftOfB gets here: b is unchanged since that draft began.)
      context: (before) => ({
        ...before,
        editId: 'b',
        editDraft: editDraftOfB.values,
        editBase: b,
        editErrors: {},
        editRestored: true,
        savedEdit: null,
      }),
    },
    // Its item changed (or went) since: dropped, never applied over the newer item.
    'modal.restoring||1': {
      target: 'modal.closed',
      // (Only the page opened with staleEditDraft gets here: its base is not b as stored.)
      context: (before) => ({ ...before, savedEdit: null }),
      check: ({ after }) => expect(draftFromItem(findItem(after.items, 'b')!)).not.toEqual(staleEditDraft.base),
    },
    'modal.restoring||2': { target: 'modal.closed', check: ({ before }) => expect(before.savedEdit).toBeNull() },
    // Amount or cost not a number: the spec's alert, nothing added, no message set.
    '(machine)|item.add|0': {
      effects: [['alert', 'Please enter valid numerical values.']],
      check: ({ before }) => expect(hasValidNumbers(before.draft)).toBe(false),
    },
    // Issue 11: numbers, but negative or above the ceiling: a message next to each such field, nothing added or written, the form kept.
    '(machine)|item.add|1': {
      context: (before) => {
        expect(hasValidNumbers(before.draft)).toBe(true);
        const errors = addRangeErrors(before.draft);
        expect(Object.keys(errors).length).toBeGreaterThan(0);
        return { ...before, draftErrors: errors };
      },
      check: ({ before, after }) => {
        if (before.draft.quantity.trim() === '-4') expect(after.draftErrors.quantity).toBe(NEGATIVE_ON_HAND);
        if (before.draft.whenToOrder.trim() === '1000001')
          expect(after.draftErrors.whenToOrder).toBe(
            'Re-order Qty is too large: enter a whole number from 0 to 1,000,000.',
          );
        // The boundary itself is accepted.
        if (before.draft.quantity.trim() === '1000000') expect(after.draftErrors.quantity).toBeUndefined();
      },
    },
    // A new id, the draft made an item (first supplier when none chosen, with that supplier's id), appended and written; the form and its messages reset.
    '(machine)|item.add|2': {
      context: (before, _event, after) => {
        expect(hasValidNumbers(before.draft) && hasCountsAndSku(before.draft)).toBe(true);
        expect(addRangeErrors(before.draft)).toEqual({});
        const added = after.items.at(-1)!;
        expect(ids(before.items)).not.toContain(added.id);
        return {
          ...before,
          items: [...before.items, itemFromDraft(before.draft, added.id, before.supplierNames, before.suppliers)],
          draft: emptyItemDraft(),
          draftErrors: {},
          addRestored: false,
        };
      },
      check: ({ before, after }) => {
        const added = after.items.at(-1)!;
        const name = before.draft.supplierName || before.supplierNames[0];
        expect(added.supplierID).toBe(before.suppliers.find((s) => s.supplierName === name)?.supplierID);
      },
      // Added: the add form's draft is dropped.
      effects: ({ after }) => [['persistItems', ids(after.items)], ['discardAddDraft']],
    },
    '(machine)|item.toggle|0': {
      context: (before, event) => {
        const id = (event as { id: string }).id;
        const expanded = { ...before.expanded };
        if (expanded[id]) delete expanded[id];
        else expanded[id] = true;
        return { ...before, expanded };
      },
    },
    '(machine)|storage.suppliers|0': {
      context: (before, event) => {
        const e = event as { names: string[]; suppliers?: Ctx['suppliers'] };
        // An older tab sends names only: the suppliers with ids are kept.
        return { ...before, supplierNames: e.names, suppliers: e.suppliers ?? before.suppliers };
      },
    },
    'modal|save.conflict|0': {
      target: 'modal.conflict',
      context: (before, event) => {
        const { mine, theirs } = event as { mine: InventoryItem; theirs: InventoryItem | null };
        return {
          ...before,
          editId: mine.id,
          editDraft: draftFromItem(mine),
          editBase: theirs ?? mine,
          theirs: findItem(before.items, mine.id) ?? null,
        };
      },
    },
    'modal.closed|edit.open|0': {
      target: 'modal.open',
      context: (before, event) => {
        const item = findItem(before.items, (event as { id: string }).id)!;
        return {
          ...before,
          editId: item.id,
          editDraft: draftFromItem(item),
          editBase: item,
          editErrors: {},
          editRestored: false,
        };
      },
    },
    // Delete by id: gone from the list and from the expanded cards, and written.
    'modal.closed|item.delete|0': {
      context: (before, event) => withoutItem(before, (event as { id: string }).id),
      effects: deleteEffects,
    },
    'modal.closed|delete.undo|0': {
      context: (before, event) => withItemBack(before, (event as { id: string }).id),
      effects: undoEffects,
    },
    'modal.closed|storage.items|0': {
      context: (before, event) => ({ ...before, items: (event as { items: InventoryItem[] }).items }),
    },
    'modal.open|edit.change|0': {
      context: (before, event) => {
        const { field, value } = event as { field: string; value: string };
        return {
          ...before,
          editDraft: { ...before.editDraft, [field]: value },
          editErrors: without(before.editErrors, field),
        };
      },
      // Kept as the Edit Item draft, with the item's id and its values when editing began.
      effects: ({ after }) => [['persistEditDraft', 'b', after.editDraft, draftFromItem(after.editBase!)]],
    },
    // Discard draft in the dialog: the item's stored values again, the saved draft dropped.
    'modal.open|edit.discardDraft|0': {
      context: (before) => ({
        ...before,
        editDraft: draftFromItem(before.editBase!),
        editErrors: {},
        editRestored: false,
      }),
      effects: [['discardEditDraft']],
    },
    // Stale: changed or deleted elsewhere since Edit. Nothing written.
    'modal.open|edit.commit|0': {
      target: 'modal.conflict',
      context: (before) => {
        const current = findItem(before.items, before.editId);
        expect(
          !current || JSON.stringify(draftFromItem(current)) !== JSON.stringify(draftFromItem(before.editBase!)),
          'not stale',
        ).toBe(true);
        return { ...before, theirs: current ?? null };
      },
    },
    'modal.open|edit.commit|1': {
      target: 'modal.closed',
      context: (before) => {
        expect(isEditDraftValid(before.editDraft)).toBe(true);
        return {
          ...cleared(before),
          items: before.items.map((i) =>
            i.id === before.editId ? applyEdit(i, before.editDraft, before.suppliers) : i,
          ),
        };
      },
      // The item now carries the id of its supplier (issue 11), every other item is the same object.
      check: ({ before, after }) => {
        const saved = findItem(after.items, before.editId)!;
        expect(saved.supplierID).toBe(before.suppliers.find((s) => s.supplierName === saved.supplierName)?.supplierID);
        after.items.forEach((i, n) => i.id !== before.editId && expect(i).toBe(before.items[n]));
      },
      effects: writtenAndDropped,
    },
    // Issue 11: not stale but invalid: the modal stays open, nothing is written, each refused field says why.
    'modal.open|edit.commit|2': {
      context: (before) => {
        expect(isEditDraftValid(before.editDraft)).toBe(false);
        return { ...before, editErrors: itemErrors(before.editDraft) };
      },
      check: ({ before, after }) => {
        expect(Object.keys(after.editErrors).length).toBeGreaterThan(0);
        if (before.editDraft.quantity === 'lots')
          expect(after.editErrors).toEqual({
            quantity: 'On-hand Quantity must be a whole number from 0 to 1,000,000.',
          });
        if (before.editDraft.quantity === '-5') expect(after.editErrors.quantity).toBe(NEGATIVE_ON_HAND);
        if (before.editDraft.sku.trim() === '') expect(after.editErrors.sku).toBe('SKU is required.');
      },
    },
    'modal.open|edit.cancel|0': { target: 'modal.closed', context: cleared, effects: [['discardEditDraft']] },
    'modal.open|item.delete|0': {
      context: (before, event) => withoutItem(before, (event as { id: string }).id),
      effects: deleteEffects,
    },
    'modal.open|delete.undo|0': {
      context: (before, event) => withItemBack(before, (event as { id: string }).id),
      effects: undoEffects,
    },
    'modal.open|storage.items|0': {
      context: (before, event) => ({ ...before, items: (event as { items: InventoryItem[] }).items }),
    },
    'modal.conflict|conflict.keepTheirs|0': {
      target: 'modal.closed',
      context: cleared,
      effects: [['discardEditDraft']],
    },
    'modal.conflict|conflict.keepMine|0': keptMine((c) => c.editDraft),
    // Mine is not valid: back to the modal, now based on their version.
    'modal.conflict|conflict.keepMine|1': {
      target: 'modal.open',
      context: (before) => {
        expect(isEditDraftValid(before.editDraft)).toBe(false);
        // And it says why, as Save does.
        return { ...before, editBase: before.theirs ?? before.editBase, editErrors: itemErrors(before.editDraft) };
      },
    },
    'modal.conflict|conflict.merge|0': keptMine(mergedDraft),
    'modal.conflict|conflict.merge|1': {
      target: 'modal.open',
      context: (before, event) => {
        const draft = mergedDraft(before, event);
        expect(isEditDraftValid(draft)).toBe(false);
        return { ...before, editDraft: draft, editBase: before.theirs, editErrors: itemErrors(draft) };
      },
    },
    'modal.conflict|item.delete|0': {
      context: (before, event) => {
        const next = withoutItem(before, (event as { id: string }).id);
        return { ...next, theirs: findItem(next.items, before.editId) ?? null };
      },
      effects: deleteEffects,
    },
    // Their version follows the list: an undone delete of the item under conflict is their version again.
    'modal.conflict|delete.undo|0': {
      context: (before, event) => {
        const next = withItemBack(before, (event as { id: string }).id);
        return { ...next, theirs: findItem(next.items, before.editId) ?? null };
      },
      effects: undoEffects,
    },
    'modal.conflict|storage.items|0': {
      context: (before, event) => {
        const items = (event as { items: InventoryItem[] }).items;
        return { ...before, items, theirs: findItem(items, before.editId) ?? null };
      },
    },
    'drag.idle|drag.start|0': {
      target: 'drag.dragging',
      context: (before, event) => ({ ...before, activeId: (event as { id: string }).id }),
    },
    // A drop on another card moves the dragged card there and writes the list.
    'drag.dragging|drag.end|0': {
      target: 'drag.idle',
      context: (before, event) => {
        const overId = (event as { overId: string | null }).overId;
        expect(overId).not.toBeNull();
        expect(overId).not.toBe(before.activeId);
        return { ...before, items: moveItem(before.items, before.activeId!, overId!), activeId: null };
      },
      effects: written,
      check: ({ before, after }) => expect(ids(after.items)).not.toEqual(ids(before.items)),
    },
    // Outside any list or back on itself: nothing moves, nothing is written.
    'drag.dragging|drag.end|1': {
      target: 'drag.idle',
      context: (before, event) => {
        const overId = (event as { overId: string | null }).overId;
        expect(overId === null || overId === before.activeId || !findItem(before.items, overId)).toBe(true);
        return { ...before, activeId: null };
      },
    },
    'drag.dragging|drag.cancel|0': { target: 'drag.idle', context: (before) => ({ ...before, activeId: null }) },
  },
  inputs: [baseInput, { ...baseInput, addDraft, editDraft: editDraftOfB }, { ...baseInput, editDraft: staleEditDraft }],
  // Context holds whole drafts and lists; tell states apart by what the rules look at.
  serializeState: (s) =>
    JSON.stringify({
      v: s.value,
      n: s.context.items.map((i) => (i.id.length < 3 ? i.id : 'new')).join(''),
      numbers: hasValidNumbers(s.context.draft),
      range: Object.keys(addRangeErrors(s.context.draft)).join(),
      de: Object.keys(s.context.draftErrors).join(),
      ee: Object.keys(s.context.editErrors).join(),
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
    'item.toggle': [
      { type: 'item.toggle', id: 'a' },
      { type: 'item.toggle', id: 'b' },
    ],
    'item.delete': [{ type: 'item.delete', id: 'b' }],
    // b's toast, and a toast for an item never deleted here (refused).
    'delete.undo': [
      { type: 'delete.undo', id: 'b' },
      { type: 'delete.undo', id: 'a' },
    ],
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
      { type: 'drag.end', overId: 'a' },
    ],
    'drag.cancel': [{ type: 'drag.cancel' }],
    'storage.items': [
      { type: 'storage.items', items: [a, c] },
      { type: 'storage.items', items: [a, bThere, c] },
    ],
    'storage.suppliers': [
      { type: 'storage.suppliers', names: [] },
      {
        type: 'storage.suppliers',
        names: ['Bolt', 'Crate'],
        suppliers: [
          { supplierID: 'S2', supplierName: 'Bolt' },
          { supplierID: 'S3', supplierName: 'Crate' },
        ],
      },
    ],
    'save.conflict': [{ type: 'save.conflict', mine: { ...b, quantity: 7 }, theirs: bThere }],
    'conflict.keepTheirs': [{ type: 'conflict.keepTheirs' }],
    'conflict.keepMine': [{ type: 'conflict.keepMine' }],
    'conflict.merge': [{ type: 'conflict.merge', choices: { quantity: 'mine' } }],
    'form.discardDraft': [{ type: 'form.discardDraft' }],
    'edit.discardDraft': [{ type: 'edit.discardDraft' }],
  },
  states: {
    'modal.restoring': () => {
      throw new Error('modal.restoring is transient');
    },
    'modal.closed': (s) => {
      expect(s.hasTag('edit modal')).toBe(false);
      expect(s.context.editId).toBeNull();
      expect(s.context.editErrors).toEqual({});
      // The add form's messages always describe the values shown (a change clears its field's message).
      for (const [field, message] of Object.entries(s.context.draftErrors))
        expect(addRangeErrors(s.context.draft)[field as 'quantity']).toBe(message);
      if (persisted.length)
        expect(s.context.items.every((i) => i.quantity !== 7 || persisted.some((p) => p.includes(i)))).toBe(true);
    },
    'modal.open': (s) => {
      expect(s.hasTag('edit modal')).toBe(true);
      expect(s.hasTag('conflict')).toBe(false);
      expect(s.context.editId).toBe('b');
      expect(s.context.editBase?.id).toBe('b');
      // Why Save refused, for the values shown: never a stale message.
      for (const [field, message] of Object.entries(s.context.editErrors))
        expect(itemErrors(s.context.editDraft)[field as 'quantity']).toBe(message);
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
  // Written for the page that opens with no drafts.
  sequences: (input): InventoryBoardEvent[][] =>
    input.addDraft || input.editDraft
      ? []
      : [
          [
            { type: 'form.change', field: 'amountPerUnit', value: '2' },
            { type: 'form.change', field: 'costPerUnit', value: '3.5' },
            { type: 'form.change', field: 'quantity', value: '4' },
            { type: 'form.change', field: 'whenToOrder', value: '6' },
            { type: 'form.change', field: 'sku', value: 'X1' },
            { type: 'item.add' },
            { type: 'item.add' },
          ],
          [
            { type: 'edit.open', id: 'b' },
            { type: 'storage.items', items: [a, c] },
          ],
          [
            { type: 'edit.open', id: 'b' },
            { type: 'edit.change', field: 'quantity', value: 'lots' },
            { type: 'storage.items', items: [a, bThere, c] },
            { type: 'edit.commit' },
            { type: 'conflict.keepMine' },
          ],
          [
            { type: 'edit.open', id: 'b' },
            { type: 'edit.change', field: 'quantity', value: 'lots' },
            { type: 'storage.items', items: [a, bThere, c] },
            { type: 'edit.commit' },
            { type: 'conflict.merge', choices: { quantity: 'mine' } },
          ],
          [
            { type: 'drag.start', id: 'a' },
            { type: 'drag.end', overId: 'a' },
          ],
          // Issue 11: a negative count the spec's integer rule accepts is refused with a message; typing clears that message only.
          [
            { type: 'form.change', field: 'amountPerUnit', value: '2' },
            { type: 'form.change', field: 'costPerUnit', value: '3.5' },
            { type: 'form.change', field: 'quantity', value: '-4' },
            { type: 'form.change', field: 'whenToOrder', value: '1000001' },
            { type: 'form.change', field: 'sku', value: 'X1' },
            { type: 'item.add' },
            { type: 'form.change', field: 'quantity', value: '4' },
            { type: 'item.add' },
            { type: 'form.change', field: 'whenToOrder', value: '6' },
            { type: 'item.add' },
          ],
          // The ceilings themselves are accepted, one above is refused; the added item takes Bolt's id.
          [
            { type: 'form.change', field: 'amountPerUnit', value: '1000000' },
            { type: 'form.change', field: 'costPerUnit', value: '10000000.01' },
            { type: 'form.change', field: 'quantity', value: '1000000' },
            { type: 'form.change', field: 'whenToOrder', value: '0' },
            { type: 'form.change', field: 'sku', value: 'X2' },
            { type: 'form.change', field: 'supplierName', value: 'Bolt' },
            { type: 'item.add' },
            { type: 'form.change', field: 'costPerUnit', value: '10000000' },
            { type: 'item.add' },
          ],
          // Issue 21: the allergen picker's ticks are the Allergens field of each draft: added and saved with the item.
          [
            { type: 'form.change', field: 'amountPerUnit', value: '2' },
            { type: 'form.change', field: 'costPerUnit', value: '3.5' },
            { type: 'form.change', field: 'quantity', value: '4' },
            { type: 'form.change', field: 'whenToOrder', value: '6' },
            { type: 'form.change', field: 'sku', value: 'X1' },
            { type: 'form.change', field: 'allergens', value: 'peanuts,milk' },
            { type: 'item.add' },
            { type: 'edit.open', id: 'b' },
            { type: 'edit.change', field: 'allergens', value: 'sesame' },
            { type: 'edit.commit' },
            { type: 'edit.open', id: 'b' },
            { type: 'edit.change', field: 'allergens', value: '' },
            { type: 'edit.commit' },
          ],
          // Edit Item: a negative on-hand is refused with its message, the ceiling saved (with the supplier's id).
          [
            { type: 'edit.open', id: 'b' },
            { type: 'edit.change', field: 'quantity', value: '-5' },
            { type: 'edit.commit' },
            { type: 'edit.change', field: 'sku', value: '  ' },
            { type: 'edit.commit' },
            { type: 'edit.change', field: 'quantity', value: '1000000' },
            { type: 'edit.commit' },
            { type: 'edit.change', field: 'sku', value: 'SKU-b2' },
            { type: 'edit.commit' },
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
  for (const [field, value] of Object.entries(fields))
    actor.send({ type: 'form.change', field: field as never, value });
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
    expect(items[2]).toMatchObject({
      sku: 'N1',
      amountPerUnit: 1,
      costPerUnit: 2.5,
      quantity: 3,
      whenToOrder: 4,
      supplierName: 'Acme',
      unit: 'lbs',
      packageType: 'bag',
    });
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
      quantity: NEGATIVE_ON_HAND,
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
    expect(s.context.editErrors).toEqual({ quantity: NEGATIVE_ON_HAND });
    expect(s.context.items[0]).toBe(a);
    expect(persisted).toEqual([]);
    actor.send({ type: 'edit.cancel' });
    expect(actor.getSnapshot().context.editErrors).toEqual({});
  });

  it('issue 11: an added item keeps the id of its supplier, so a rename finds it', () => {
    reset();
    const actor = createActor(machine, { input: { items: [], supplierNames: ['Acme', 'Bolt'], suppliers } }).start();
    fill(actor, { ...valid, supplierName: 'Bolt' });
    actor.send({ type: 'item.add' });
    expect(actor.getSnapshot().context.items[0]).toMatchObject({ supplierName: 'Bolt', supplierID: 'S2' });
  });

  it('issue 11: an edited middle item takes its supplier id; the other two are untouched', () => {
    reset();
    const actor = createActor(machine, {
      input: { items: [a, b, c], supplierNames: ['Acme', 'Bolt'], suppliers },
    }).start();
    actor.send({ type: 'edit.open', id: 'b' });
    actor.send({ type: 'edit.change', field: 'supplierName', value: 'Bolt' });
    actor.send({ type: 'edit.commit' });
    expect(persisted).toHaveLength(1);
    expect(persisted[0]).toEqual([a, { ...b, supplierName: 'Bolt', supplierID: 'S2' }, c]);
    expect(persisted[0]![0]).toBe(a);
    expect(persisted[0]![2]).toBe(c);
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

  it('issue 25: Undo puts the deleted item back exactly (the same object, in its place) and writes the list; only that item’s toast undoes it', () => {
    for (const [id, expected] of [
      ['a', [a, b, c]],
      ['b', [a, b, c]],
      ['c', [a, b, c]],
    ] as const) {
      const actor = started([a, b, c]);
      actor.send({ type: 'item.delete', id });
      expect(actor.getSnapshot().can({ type: 'delete.undo', id: id === 'a' ? 'b' : 'a' })).toBe(false);
      actor.send({ type: 'delete.undo', id });
      expect(actor.getSnapshot().context.items).toEqual(expected);
      expect(actor.getSnapshot().context.items.find((i) => i.id === id)).toBe(expected.find((i) => i.id === id));
      expect(persisted.at(-1)).toEqual(expected);
      // A second Undo of the same toast does nothing.
      expect(actor.getSnapshot().can({ type: 'delete.undo', id })).toBe(false);
    }
    // Two deletes, each toast undoing its own item: back before the item that followed it, or after the one before it.
    for (const [first, second] of [
      ['b', 'a'],
      ['b', 'c'],
      ['a', 'c'],
    ] as const) {
      const actor = started([a, b, c]);
      actor.send({ type: 'item.delete', id: first });
      actor.send({ type: 'item.delete', id: second });
      actor.send({ type: 'delete.undo', id: second });
      actor.send({ type: 'delete.undo', id: first });
      expect(actor.getSnapshot().context.items).toEqual([a, b, c]);
    }
    // Undone in the order deleted, too: a first item goes back first, a last one last.
    for (const [first, second] of [
      ['b', 'a'],
      ['b', 'c'],
    ] as const) {
      const actor = started([a, b, c]);
      actor.send({ type: 'item.delete', id: first });
      actor.send({ type: 'item.delete', id: second });
      actor.send({ type: 'delete.undo', id: first });
      actor.send({ type: 'delete.undo', id: second });
      expect(actor.getSnapshot().context.items).toEqual([a, b, c]);
    }
    // Another tab put an item with that id back meanwhile: Undo adds no second copy.
    const other = started([a, b, c]);
    other.send({ type: 'item.delete', id: 'b' });
    other.send({ type: 'storage.items', items: [a, bThere, c] });
    expect(other.getSnapshot().can({ type: 'delete.undo', id: 'b' })).toBe(false);
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

describe('inventoryBoard (unprovided effects)', () => {
  const run = (
    provide: Parameters<typeof inventoryBoardMachine.provide>[0],
    send: Array<EventFromLogic<typeof inventoryBoardMachine>>,
  ) => failureAfter(inventoryBoardMachine.provide(provide), { items: [a, b], supplierNames: ['Acme', 'Bolt'] }, send);
  const quiet = fromCallback(() => () => {});
  it('without a provided watchStorage, persistItems or alertInvalidNumbers, the board fails loudly, naming what to provide', () => {
    expect(run({}, [])).toContain('inventoryBoard: provide watchStorage');
    expect(run({ actors: { watchStorage: quiet } }, [{ type: 'item.delete', id: a.id }])).toContain(
      'inventoryBoard: provide rememberOrderFlag',
    );
    expect(
      run({ actors: { watchStorage: quiet }, actions: { rememberOrderFlag: () => {} } }, [
        { type: 'item.delete', id: a.id },
      ]),
    ).toContain('inventoryBoard: provide persistItems');
    expect(
      run({ actors: { watchStorage: quiet }, actions: { rememberOrderFlag: () => {}, persistItems: () => {} } }, [
        { type: 'item.delete', id: a.id },
      ]),
    ).toContain('inventoryBoard: provide notifyDeleted');
    const deleteThenUndo = [
      { type: 'item.delete' as const, id: a.id },
      { type: 'delete.undo' as const, id: a.id },
    ];
    const deletes = { rememberOrderFlag: () => {}, persistItems: () => {}, notifyDeleted: () => {} };
    expect(run({ actors: { watchStorage: quiet }, actions: deletes }, deleteThenUndo)).toContain(
      'inventoryBoard: provide restoreOrderFlag',
    );
    expect(
      run({ actors: { watchStorage: quiet }, actions: { ...deletes, restoreOrderFlag: () => {} } }, deleteThenUndo),
    ).toContain('inventoryBoard: provide notifyRestored');
    const bad = Object.entries({ ...valid, costPerUnit: 'abc' }).map(([field, value]) => ({
      type: 'form.change' as const,
      field: field as never,
      value,
    }));
    expect(run({ actors: { watchStorage: quiet } }, bad)).toContain('inventoryBoard: provide persistAddDraft');
    const drafts = { persistAddDraft: () => {}, discardAddDraft: () => {} };
    expect(run({ actors: { watchStorage: quiet }, actions: drafts }, [...bad, { type: 'item.add' }])).toContain(
      'inventoryBoard: provide alertInvalidNumbers',
    );
  });
});
