import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { inventoryIngredientsMachine, type QuantityPromptInput } from '../../src/machines/toolkit/inventoryIngredients.machine';
import { menuNotesMachine } from '../../src/machines/toolkit/menuNotes.machine';
import { specialtyIngredientsMachine, specialtyErrorMessage } from '../../src/machines/toolkit/specialtyIngredients.machine';
import { toolkitMachine } from '../../src/machines/toolkit/toolkit.machine';
import type { ChosenIngredient, InventoryItem } from '../../src/storage/schemas';
import { describeModel } from '../support/model';

// ---------------------------------------------------------------- panels
const panels = ['image', 'ingredients', 'menu', 'notes', 'pricing'] as const;
describeModel('toolkit', {
  machine: toolkitMachine,
  events: {
    'image.toggle': [{ type: 'image.toggle' }],
    'ingredients.toggle': [{ type: 'ingredients.toggle' }],
    'menu.toggle': [{ type: 'menu.toggle' }],
    'notes.toggle': [{ type: 'notes.toggle' }],
    'pricing.toggle': [{ type: 'pricing.toggle' }],
  },
  states: Object.fromEntries(
    panels.flatMap((p) => [
      [`${p}.hidden`, (s: { hasTag: (t: string) => boolean }) => expect(s.hasTag(p)).toBe(false)],
      [`${p}.shown`, (s: { hasTag: (t: string) => boolean }) => expect(s.hasTag(p)).toBe(true)],
    ]),
  ),
});

describe('toolkit (pinned)', () => {
  it('starts with no panel open (the hint shows) and panels toggle independently', () => {
    const actor = createActor(toolkitMachine).start();
    expect(panels.some((p) => actor.getSnapshot().hasTag(p))).toBe(false);
    actor.send({ type: 'menu.toggle' });
    actor.send({ type: 'pricing.toggle' });
    actor.send({ type: 'menu.toggle' });
    expect(panels.filter((p) => actor.getSnapshot().hasTag(p))).toEqual(['pricing']);
  });
});

// ---------------------------------------------------------------- inventory ingredients
const item = (id: string, category: string, costPerUnit = 10): InventoryItem => ({
  id,
  name: `Item ${id}`,
  sku: id,
  category,
  amountPerUnit: 2,
  unit: 'kg',
  packageType: 'box',
  quantity: 4,
  costPerUnit,
  whenToOrder: 1,
  supplierName: 'Sup',
});
const line = (name: string, quantity: number): ChosenIngredient => ({ ...item('x', 'Dairy'), name, quantity });
const persistedLines: ChosenIngredient[][] = [];
/** The prompt's answer is taken from the line's name, so each path can pick cancel, empty or a number. */
const answers: Record<string, string | null> = { 'answer:cancel': null, 'answer:empty': '  ', 'answer:5': '5', 'answer:abc': 'abc' };
const promptFake = createMachine({
  types: {} as { input: QuantityPromptInput; output: string | null },
  context: ({ input }: { input: QuantityPromptInput }) => ({ name: input.name }),
  initial: 'answered',
  // A failing prompt (no window, blocked dialogs) is modelled by the line named 'answer:throw'.
  entry: ({ context }: { context: { name: string } }) => {
    if (context.name === 'answer:throw') throw new Error('prompt unavailable');
  },
  states: { answered: { type: 'final' } },
  output: ({ context }: { context: { name: string } }) => answers[context.name] ?? null,
});
const inventory = inventoryIngredientsMachine.provide({
  actions: { persistLines: ({ context }) => void persistedLines.push(context.lines) },
  actors: { promptQuantity: promptFake as never },
});
const startLines = [line('answer:cancel', 1), line('answer:empty', 1), line('answer:5', 1), line('answer:abc', 1), line('answer:throw', 1)];

describeModel('inventoryIngredients', {
  machine: inventory,
  input: { lines: startLines, items: [item('a', 'Seafood'), item('b', 'Dairy')] },
  reset: () => void (persistedLines.length = 0),
  serializeState: (s) => JSON.stringify([s.value, s.context.category, s.context.itemId, s.context.quantityText, Math.min(s.context.lines.length, 5)]),
  limit: 2000,
  events: {
    'category.select': [{ type: 'category.select', category: 'Seafood' }],
    'item.select': [{ type: 'item.select', id: 'a' }],
    'quantity.change': [
      { type: 'quantity.change', text: '3' },
      { type: 'quantity.change', text: '' },
    ],
    'ingredient.add': [{ type: 'ingredient.add' }],
    'ingredient.delete': [{ type: 'ingredient.delete', index: 0 }],
    'quantity.edit': [
      { type: 'quantity.edit', index: 0 },
      { type: 'quantity.edit', index: 1 },
      { type: 'quantity.edit', index: 2 },
    ],
    'inventory.change': [{ type: 'inventory.change', items: [item('a', 'Seafood')] }],
  },
  states: {
    ready: (s) => {
      expect(s.hasTag('ready')).toBe(true);
      expect(s.context.promptIndex).toBeNull();
      const last = persistedLines.at(-1);
      if (last) expect(last).toEqual(s.context.lines);
    },
    prompting: (s) => expect(s.context.promptIndex).not.toBeNull(),
  },
  sequences: [[{ type: 'quantity.edit', index: 3 }], [{ type: 'quantity.edit', index: 4 }]],
});

describe('inventoryIngredients (pinned)', () => {
  const start = () => createActor(inventory, { input: { lines: startLines, items: [item('a', 'Seafood', 30)] } }).start();
  it('adds a line only with an item and a positive quantity, then resets the picker', () => {
    const actor = start();
    actor.send({ type: 'category.select', category: 'Seafood' });
    actor.send({ type: 'item.select', id: 'a' });
    expect(actor.getSnapshot().can({ type: 'ingredient.add' })).toBe(false);
    actor.send({ type: 'quantity.change', text: '-1' });
    expect(actor.getSnapshot().can({ type: 'ingredient.add' })).toBe(false);
    actor.send({ type: 'quantity.change', text: '1.5' });
    actor.send({ type: 'ingredient.add' });
    const s = actor.getSnapshot();
    expect(s.context.lines.at(-1)).toMatchObject({ id: 'a', quantity: 1.5, costPerUnit: 30, amountPerUnit: 2 });
    expect([s.context.itemId, s.context.quantityText]).toEqual(['', '']);
  });
  it('changing category clears the item', () => {
    const actor = start();
    actor.send({ type: 'category.select', category: 'Seafood' });
    actor.send({ type: 'item.select', id: 'a' });
    actor.send({ type: 'category.select', category: 'Dairy' });
    expect(actor.getSnapshot().context.itemId).toBe('');
  });
  it('the prompt: cancel and empty change nothing, a number replaces the quantity', () => {
    persistedLines.length = 0;
    const actor = start();
    actor.send({ type: 'quantity.edit', index: 0 });
    actor.send({ type: 'quantity.edit', index: 1 });
    actor.send({ type: 'quantity.edit', index: 3 });
    expect(persistedLines).toEqual([]);
    actor.send({ type: 'quantity.edit', index: 2 });
    actor.send({ type: 'quantity.edit', index: 4 });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.lines.map((l) => l.quantity)).toEqual([1, 1, 5, 1, 1]);
    expect(persistedLines).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- specialty ingredients
const persistedSpecialty: unknown[] = [];
const specialty = specialtyIngredientsMachine.provide({ actions: { persistLines: ({ context }) => void persistedSpecialty.push(context.lines) } });
const fill = [
  { type: 'draft.change' as const, field: 'name' as const, value: 'Saffron' },
  { type: 'draft.change' as const, field: 'unitQuantity' as const, value: '2' },
  { type: 'draft.change' as const, field: 'quantityNeeded' as const, value: '3' },
  { type: 'draft.change' as const, field: 'costPerUnit' as const, value: '12.5' },
];

describeModel('specialtyIngredients', {
  machine: specialty,
  input: { lines: [] },
  reset: () => void (persistedSpecialty.length = 0),
  serializeState: (s) => JSON.stringify([s.value, Math.min(s.context.lines.length, 2), s.context.draft.name !== '', s.context.draftError !== null, s.context.draft.onHand]),
  limit: 3000,
  events: {
    'draft.change': [
      { type: 'draft.change', field: 'name', value: 'Saffron' },
      { type: 'draft.change', field: 'name', value: '' },
    ],
    'onHand.change': [{ type: 'onHand.change', checked: true }],
    'ingredient.save': [{ type: 'ingredient.save' }],
    'ingredient.edit': [{ type: 'ingredient.edit', index: 0 }],
    'edit.cancel': [{ type: 'edit.cancel' }],
    'ingredient.delete': [{ type: 'ingredient.delete', index: 0 }],
  },
  states: {
    adding: (s) => {
      expect(s.hasTag('adding')).toBe(true);
      expect(s.context.editingIndex).toBeNull();
    },
    editing: (s) => {
      expect(s.hasTag('editing')).toBe(true);
      expect(s.context.lines[s.context.editingIndex ?? -1]).toBeDefined();
    },
  },
  sequences: [
    [...fill, { type: 'ingredient.save' }, { type: 'ingredient.edit', index: 0 }, { type: 'ingredient.save' }],
    [...fill, { type: 'ingredient.save' }, { type: 'ingredient.edit', index: 0 }, { type: 'draft.change', field: 'name', value: '' }, { type: 'ingredient.save' }],
    [...fill, { type: 'ingredient.save' }, { type: 'ingredient.delete', index: 0 }],
    [...fill, { type: 'ingredient.save' }, { type: 'ingredient.edit', index: 0 }, { type: 'edit.cancel' }],
  ],
});

describe('specialtyIngredients (pinned)', () => {
  it('saves a full line (need to order = not on hand), edits it and rejects a bad form with a message', () => {
    const actor = createActor(specialty, { input: { lines: [] } }).start();
    actor.send({ type: 'ingredient.save' });
    expect(actor.getSnapshot().context.draftError).toBe(specialtyErrorMessage);
    for (const e of fill) actor.send(e);
    actor.send({ type: 'onHand.change', checked: true });
    actor.send({ type: 'ingredient.save' });
    expect(actor.getSnapshot().context.lines).toEqual([
      { name: 'Saffron', units: 'Kg', unitQuantity: 2, quantityNeeded: 3, onHand: true, needToOrder: false, costPerUnit: 12.5, packageType: 'box', supplierName: '' },
    ]);
    actor.send({ type: 'ingredient.edit', index: 0 });
    expect(actor.getSnapshot().context.draft.name).toBe('Saffron');
    actor.send({ type: 'draft.change', field: 'quantityNeeded', value: '4' });
    actor.send({ type: 'ingredient.save' });
    expect(actor.getSnapshot().value).toBe('adding');
    expect(actor.getSnapshot().context.lines[0]?.quantityNeeded).toBe(4);
    expect(actor.getSnapshot().context.lines).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- menu and notes
const persistedMenu: string[][] = [];
const persistedNotes: unknown[] = [];
const menuNotes = menuNotesMachine.provide({
  actions: {
    persistMenu: ({ context }) => void persistedMenu.push(context.menuItems),
    persistNotes: ({ context }) => void persistedNotes.push(context.notes),
  },
});

describeModel('menuNotes', {
  machine: menuNotes,
  input: { menuItems: [], notes: [] },
  reset: () => {
    persistedMenu.length = 0;
    persistedNotes.length = 0;
  },
  serializeState: (s) => JSON.stringify([Math.min(s.context.menuItems.length, 2), Math.min(s.context.notes.length, 2), s.context.noteText.trim() !== '', s.context.menuText]),
  events: {
    'menu.change': [{ type: 'menu.change', text: 'Soup' }],
    'menu.add': [{ type: 'menu.add' }],
    'menu.delete': [{ type: 'menu.delete', index: 0 }],
    'note.change': [
      { type: 'note.change', text: 'Nut allergy' },
      { type: 'note.change', text: '   ' },
    ],
    'note.add': [{ type: 'note.add' }],
    'note.delete': [{ type: 'note.delete', index: 0 }],
  },
  states: {
    ready: (s) => {
      expect(s.context.notes.every((n) => n.notes.trim() !== '')).toBe(true);
      if (persistedMenu.length) expect(persistedMenu.at(-1)).toEqual(s.context.menuItems);
      if (persistedNotes.length) expect(persistedNotes.at(-1)).toEqual(s.context.notes);
    },
  },
});

describe('menuNotes (pinned)', () => {
  it('adds an empty menu item but never a blank note', () => {
    const actor = createActor(menuNotes, { input: { menuItems: [], notes: [] } }).start();
    actor.send({ type: 'menu.add' });
    expect(actor.getSnapshot().context.menuItems).toEqual(['']);
    actor.send({ type: 'note.change', text: ' \t ' });
    actor.send({ type: 'note.add' });
    expect(actor.getSnapshot().context.notes).toEqual([]);
    actor.send({ type: 'note.change', text: ' Table 4 ' });
    actor.send({ type: 'note.add' });
    expect(actor.getSnapshot().context.notes).toEqual([{ notes: 'Table 4' }]);
  });
});
