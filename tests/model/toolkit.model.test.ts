import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type ContextFrom } from 'xstate';
import { chooseIngredient } from '../../src/domain/ingredients';
import { parseAmount } from '../../src/domain/money';
import { inventoryIngredientsMachine, type QuantityPromptInput } from '../../src/machines/toolkit/inventoryIngredients.machine';
import { menuNotesMachine } from '../../src/machines/toolkit/menuNotes.machine';
import { blankSpecialtyDraft, specialtyIngredientsMachine, specialtyErrorMessage } from '../../src/machines/toolkit/specialtyIngredients.machine';
import { toolkitMachine } from '../../src/machines/toolkit/toolkit.machine';
import type { ChosenIngredient, InventoryItem, SpecialtyIngredient } from '../../src/storage/schemas';
import { createWorld, describeModel } from '../support/model';

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
  // Each toggle flips its own panel; the helper checks that no other panel moves.
  transitions: Object.fromEntries(
    panels.flatMap((p) => [
      [`${p}.hidden|${p}.toggle|0`, { target: `${p}.shown` }],
      [`${p}.shown|${p}.toggle|0`, { target: `${p}.hidden` }],
    ]),
  ),
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
  it('every panel’s toggle opens it, and pressed again closes it, leaving the others as they are', () => {
    for (const panel of panels) {
      const actor = createActor(toolkitMachine).start();
      actor.send({ type: 'pricing.toggle' });
      const others = panels.filter((p) => p !== panel && p !== 'pricing');
      const open = () => panels.filter((p) => actor.getSnapshot().hasTag(p));
      actor.send({ type: `${panel}.toggle` });
      // Pricing is the last panel, so the open ones read in panel order.
      expect(open()).toEqual(panel === 'pricing' ? [] : [panel, 'pricing']);
      actor.send({ type: `${panel}.toggle` });
      expect(open()).toEqual(['pricing']);
      expect(others.some((p) => actor.getSnapshot().hasTag(p))).toBe(false);
    }
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
const line = (name: string, quantity: number, lineId = `L-${name}`): ChosenIngredient => ({ ...item('x', 'Dairy'), name, quantity, lineId });
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
const linesWorld = createWorld<{ lines: ChosenIngredient[] }>();
const inventory = inventoryIngredientsMachine.provide({
  actions: {
    persistLines: ({ context }) => {
      persistedLines.push(context.lines);
      linesWorld.record('persistLines', context.lines.map((l) => l.lineId));
      linesWorld.store.lines = context.lines;
    },
  },
  actors: { promptQuantity: promptFake as never },
});
const startLines = [line('answer:cancel', 1), line('answer:empty', 1), line('answer:5', 1), line('answer:abc', 1), line('answer:throw', 1)];

type LinesCtx = ContextFrom<typeof inventory>;
const lineIds = (lines: ChosenIngredient[]) => lines.map((l) => l.lineId);
/** The prompt's answer for the line under edit, as the fake gives it. */
const answerFor = (before: LinesCtx) => answers[before.lines.find((l) => l.lineId === before.promptLineId)?.name ?? ''] ?? null;
const usable = (answer: string | null) => answer !== null && parseAmount(answer) !== null && parseAmount(answer)! > 0;

describeModel('inventoryIngredients', {
  machine: inventory,
  world: linesWorld,
  input: { lines: startLines, items: [item('a', 'Seafood'), item('b', 'Dairy')] },
  // ingredientList-{eventId} holds exactly the lines shown.
  store: (input) => ({ lines: input.lines }),
  persisted: (context) => ({ lines: context.lines }),
  external: (event, store) => {
    if (event.type === 'storage.change') store.lines = event.lines;
  },
  reset: () => void (persistedLines.length = 0),
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.category, s.context.itemId, s.context.quantityText, s.context.lines.filter((l) => l.lineId?.startsWith('L-answer')).map((l) => `${l.lineId}=${l.quantity}`), Math.min(s.context.lines.length, 6), s.context.items.length]),
  limit: 30000,
  events: {
    'category.select': [{ type: 'category.select', category: 'Seafood' }],
    'item.select': [{ type: 'item.select', id: 'a' }],
    'quantity.change': [
      // Boundaries: zero is refused, a small positive amount is fine.
      { type: 'quantity.change', text: '0' },
      { type: 'quantity.change', text: '0.01' },
    ],
    'ingredient.add': [{ type: 'ingredient.add' }],
    'ingredient.delete': [{ type: 'ingredient.delete', lineId: 'L-answer:empty' }],
    'quantity.edit': [
      { type: 'quantity.edit', lineId: 'L-answer:cancel' },
      { type: 'quantity.edit', lineId: 'L-answer:empty' },
      { type: 'quantity.edit', lineId: 'L-answer:5' },
    ],
    'inventory.change': [{ type: 'inventory.change', items: [item('a', 'Seafood')] }],
    'storage.change': [
      { type: 'storage.change', lines: startLines.map((l) => (l.lineId === 'L-answer:empty' ? { ...l, quantity: 9 } : l)) },
      { type: 'storage.change', lines: startLines.filter((l) => l.lineId !== 'L-answer:empty') },
    ],
  },
  transitions: {
    '(machine)|inventory.change|0': { context: (before, event) => ({ ...before, items: (event as { items: InventoryItem[] }).items }) },
    // Another tab's lines; the picker and the quantity being typed stay.
    '(machine)|storage.change|0': { context: (before, event) => ({ ...before, lines: (event as { lines: ChosenIngredient[] }).lines }) },
    'ready|category.select|0': { context: (before, event) => ({ ...before, category: (event as { category: string }).category, itemId: '' }) },
    'ready|item.select|0': { context: (before, event) => ({ ...before, itemId: (event as { id: string }).id }) },
    'ready|quantity.change|0': { context: (before, event) => ({ ...before, quantityText: (event as { text: string }).text }) },
    // The chosen item with the quantity typed, appended under a new line id; the picker resets; written.
    'ready|ingredient.add|0': {
      context: (before, _event, after) => {
        const chosen = before.items.find((i) => i.id === before.itemId);
        const quantity = parseAmount(before.quantityText);
        expect(chosen, 'an item is chosen').toBeDefined();
        expect(quantity !== null && quantity > 0, 'a positive quantity').toBe(true);
        const added = after.lines.at(-1)!;
        expect(added.lineId).toMatch(new RegExp(`^L-${chosen!.id}-`));
        expect(lineIds(before.lines)).not.toContain(added.lineId);
        return { ...before, lines: [...before.lines, { ...chooseIngredient(chosen!, quantity!), lineId: added.lineId }], itemId: '', quantityText: '', seq: before.seq + 1 };
      },
      effects: ({ after }) => [['persistLines', lineIds(after.lines)]],
    },
    'ready|ingredient.delete|0': {
      context: (before, event) => {
        const id = (event as { lineId: string }).lineId;
        expect(lineIds(before.lines)).toContain(id);
        return { ...before, lines: before.lines.filter((l) => l.lineId !== id) };
      },
      effects: ({ after }) => [['persistLines', lineIds(after.lines)]],
    },
    // The prompt asks about that line, by name, with its current quantity.
    'ready|quantity.edit|0': {
      target: 'prompting',
      context: (before, event) => ({ ...before, promptLineId: (event as { lineId: string }).lineId }),
      started: ({ event, before }) => {
        const l = before.lines.find((x) => x.lineId === (event as { lineId: string }).lineId)!;
        return [{ id: 'promptQuantity', input: { name: l.name, current: l.quantity } }];
      },
    },
    'prompting|xstate.done.actor.promptQuantity|0': {
      target: 'ready',
      context: (before) => {
        const answer = answerFor(before);
        expect(usable(answer), `answer ${answer} is usable`).toBe(true);
        return { ...before, lines: before.lines.map((l) => (l.lineId === before.promptLineId ? { ...l, quantity: parseAmount(answer!)! } : l)), promptLineId: null };
      },
      effects: ({ after }) => [['persistLines', lineIds(after.lines)]],
    },
    // Cancel, blank or not a number: nothing changes and nothing is written.
    'prompting|xstate.done.actor.promptQuantity|1': {
      target: 'ready',
      context: (before) => {
        expect(usable(answerFor(before))).toBe(false);
        return { ...before, promptLineId: null };
      },
    },
    'prompting|xstate.error.actor.promptQuantity|0': { target: 'ready', context: (before) => ({ ...before, promptLineId: null }) },
  },
  states: {
    ready: (s) => {
      expect(s.hasTag('ready')).toBe(true);
      expect(s.context.promptLineId).toBeNull();
      // Lines never acted on (the first, the fourth and the fifth) stay as they were.
      for (const kept of [startLines[0]!, startLines[3]!, startLines[4]!]) expect(s.context.lines.find((l) => l.lineId === kept.lineId)).toEqual(kept);
    },
    prompting: (s) => expect(s.context.lines.some((l) => l.lineId === s.context.promptLineId)).toBe(true),
  },
  sequences: [[{ type: 'quantity.edit', lineId: 'L-answer:abc' }], [{ type: 'quantity.edit', lineId: 'L-answer:throw' }]],
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
    expect(s.context.lines.at(-1)).toMatchObject({ id: 'a', quantity: 1.5, costPerUnit: 30, amountPerUnit: 2, lineId: expect.stringMatching(/^L-a-/) });
    expect([s.context.itemId, s.context.quantityText]).toEqual(['', '']);
  });
  it('another tab’s save replaces the lines and keeps the picker and the quantity being typed', () => {
    const actor = start();
    actor.send({ type: 'category.select', category: 'Seafood' });
    actor.send({ type: 'item.select', id: 'a' });
    actor.send({ type: 'quantity.change', text: '2.' });
    const theirs = [startLines[0]!, { ...startLines[2]!, quantity: 7 }];
    actor.send({ type: 'storage.change', lines: theirs });
    const s = actor.getSnapshot();
    expect(s.context.lines).toBe(theirs);
    expect([s.context.category, s.context.itemId, s.context.quantityText]).toEqual(['Seafood', 'a', '2.']);
    // Lines are found by id: a deleted line cannot be edited, the moved one still can.
    expect(s.can({ type: 'quantity.edit', lineId: 'L-answer:empty' })).toBe(false);
    expect(s.can({ type: 'quantity.edit', lineId: 'L-answer:5' })).toBe(true);
  });
  it('a quantity of zero (or less, or not a number) adds no line', () => {
    for (const text of ['0', '0.00', '-1', 'abc', '', '   ']) {
      persistedLines.length = 0;
      const actor = start();
      actor.send({ type: 'category.select', category: 'Seafood' });
      actor.send({ type: 'item.select', id: 'a' });
      actor.send({ type: 'quantity.change', text });
      expect(actor.getSnapshot().can({ type: 'ingredient.add' }), text).toBe(false);
      actor.send({ type: 'ingredient.add' });
      expect(actor.getSnapshot().context.lines).toBe(startLines);
      expect(persistedLines).toEqual([]);
    }
  });
  it('deletes the line by id and writes the lines without it', () => {
    persistedLines.length = 0;
    const actor = start();
    actor.send({ type: 'ingredient.delete', lineId: 'L-answer:5' });
    expect(persistedLines).toEqual([startLines.filter((l) => l.lineId !== 'L-answer:5')]);
    expect(actor.getSnapshot().context.lines).toEqual(persistedLines[0]);
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
    actor.send({ type: 'quantity.edit', lineId: 'L-answer:cancel' });
    actor.send({ type: 'quantity.edit', lineId: 'L-answer:empty' });
    actor.send({ type: 'quantity.edit', lineId: 'L-answer:abc' });
    expect(persistedLines).toEqual([]);
    actor.send({ type: 'quantity.edit', lineId: 'L-answer:5' });
    actor.send({ type: 'quantity.edit', lineId: 'L-answer:throw' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.lines.map((l) => l.quantity)).toEqual([1, 1, 5, 1, 1]);
    expect(persistedLines).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- specialty ingredients
const persistedSpecialty: unknown[] = [];
const specialtyWorld = createWorld<{ lines: SpecialtyIngredient[] }>();
const specialty = specialtyIngredientsMachine.provide({
  actions: {
    persistLines: ({ context }) => {
      persistedSpecialty.push(context.lines);
      specialtyWorld.record('persistLines', context.lines.map((l) => l.id));
      specialtyWorld.store.lines = context.lines;
    },
  },
});
const fill = [
  { type: 'draft.change' as const, field: 'name' as const, value: 'Saffron' },
  { type: 'draft.change' as const, field: 'unitQuantity' as const, value: '2' },
  { type: 'draft.change' as const, field: 'quantityNeeded' as const, value: '3' },
  { type: 'draft.change' as const, field: 'costPerUnit' as const, value: '12.5' },
];

// Three lines; the walks act on the middle one (b), and another tab changes or deletes it.
const spLine = (id: string, name: string, quantityNeeded = 1): SpecialtyIngredient => ({ id, name, units: 'Kg', unitQuantity: 1, quantityNeeded, onHand: false, needToOrder: true, costPerUnit: 2, packageType: 'box', supplierName: '' });
const spA = spLine('a', 'Anise');
const spB = spLine('b', 'Basil');
const spC = spLine('c', 'Cumin');
const spBThere = spLine('b', 'Basil', 8);

type SpCtx = ContextFrom<typeof specialty>;
type SpDraft = SpCtx['draft'];
const spValid = (d: SpDraft) => d.name.trim() !== '' && [d.unitQuantity, d.quantityNeeded, d.costPerUnit].every((t) => parseAmount(t) !== null);
/** The line a draft saves as: trimmed texts, numbers parsed, need to order = not on hand. */
const spFromDraft = (d: SpDraft) => ({
  name: d.name.trim(),
  units: d.units,
  unitQuantity: Number(d.unitQuantity),
  quantityNeeded: Number(d.quantityNeeded),
  onHand: d.onHand,
  needToOrder: !d.onHand,
  costPerUnit: Number(d.costPerUnit),
  packageType: d.packageType,
  supplierName: d.supplierName.trim(),
});
const spIds = (lines: Array<{ id?: string }>) => lines.map((l) => l.id);
const spCleared = (before: SpCtx) => ({ ...before, draft: blankSpecialtyDraft(), editingId: null, draftError: null });

describeModel('specialtyIngredients', {
  machine: specialty,
  world: specialtyWorld,
  input: { lines: [spA, spB, spC] },
  store: (input) => ({ lines: input.lines }),
  persisted: (context) => ({ lines: context.lines }),
  external: (event, store) => {
    if (event.type === 'storage.change') store.lines = event.lines;
  },
  reset: () => void (persistedSpecialty.length = 0),
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.lines.filter((l) => l.id.length === 1).map((l) => `${l.id}=${l.name}/${l.quantityNeeded}/${l.onHand}`),
      Math.min(s.context.lines.length, 4),
      s.context.draft.name,
      s.context.draft.costPerUnit,
      s.context.draftError !== null,
      s.context.draft.onHand,
    ]),
  limit: 8000,
  events: {
    'draft.change': [
      { type: 'draft.change', field: 'name', value: 'Saffron' },
      // Whitespace only is no name.
      { type: 'draft.change', field: 'name', value: '   ' },
      { type: 'draft.change', field: 'costPerUnit', value: 'abc' },
    ],
    'onHand.change': [{ type: 'onHand.change', checked: true }],
    'ingredient.save': [{ type: 'ingredient.save' }],
    'ingredient.edit': [{ type: 'ingredient.edit', id: 'b' }],
    'edit.cancel': [{ type: 'edit.cancel' }],
    'ingredient.delete': [{ type: 'ingredient.delete', id: 'b' }],
    'storage.change': [
      { type: 'storage.change', lines: [spA, spBThere, spC] },
      { type: 'storage.change', lines: [spA, spC] },
    ],
  },
  transitions: {
    '(machine)|draft.change|0': {
      context: (before, event) => {
        const { field, value } = event as { field: keyof SpDraft; value: string };
        return { ...before, draft: { ...before.draft, [field]: value }, draftError: null };
      },
    },
    '(machine)|onHand.change|0': { context: (before, event) => ({ ...before, draft: { ...before.draft, onHand: (event as { checked: boolean }).checked } }) },
    '(machine)|storage.change|0': { context: (before, event) => ({ ...before, lines: (event as { lines: SpCtx['lines'] }).lines }) },
    // A valid form appends a new line (new id), clears the form and writes the lines.
    'adding|ingredient.save|0': {
      context: (before, _event, after) => {
        expect(spValid(before.draft)).toBe(true);
        const added = after.lines.at(-1)!;
        expect(spIds(before.lines)).not.toContain(added.id);
        return { ...spCleared(before), lines: [...before.lines, { ...spFromDraft(before.draft), id: added.id }], seq: before.seq + 1 };
      },
      effects: ({ after }) => [['persistLines', spIds(after.lines)]],
    },
    'adding|ingredient.save|1': {
      context: (before) => {
        expect(spValid(before.draft)).toBe(false);
        return { ...before, draftError: specialtyErrorMessage };
      },
    },
    // The form takes that line's values, as text.
    'adding|ingredient.edit|0': {
      target: 'editing',
      context: (before, event) => {
        const l = before.lines.find((x) => x.id === (event as { id: string }).id)!;
        const draft = { name: l.name, unitQuantity: String(l.unitQuantity), units: l.units, quantityNeeded: String(l.quantityNeeded), packageType: l.packageType, costPerUnit: String(l.costPerUnit), supplierName: l.supplierName, onHand: l.onHand };
        return { ...before, editingId: l.id, draft, draftError: null };
      },
    },
    'adding|ingredient.delete|0': {
      context: (before, event) => ({ ...before, lines: before.lines.filter((l) => l.id !== (event as { id: string }).id) }),
      effects: ({ after }) => [['persistLines', spIds(after.lines)]],
    },
    // Save replaces the line being edited (by id), nothing else.
    'editing|ingredient.save|0': {
      target: 'adding',
      context: (before) => {
        expect(spValid(before.draft)).toBe(true);
        return { ...spCleared(before), lines: before.lines.map((l) => (l.id === before.editingId ? { ...l, ...spFromDraft(before.draft) } : l)) };
      },
      effects: ({ after }) => [['persistLines', spIds(after.lines)]],
    },
    'editing|ingredient.save|1': {
      context: (before) => {
        expect(spValid(before.draft)).toBe(false);
        return { ...before, draftError: specialtyErrorMessage };
      },
    },
    'editing|edit.cancel|0': { target: 'adding', context: spCleared },
    // The line under edit deleted elsewhere: back to adding, the draft kept.
    'editing|storage.change|0': {
      target: 'adding',
      context: (before, event) => {
        const lines = (event as { lines: SpCtx['lines'] }).lines;
        expect(spIds(lines)).not.toContain(before.editingId);
        return { ...before, lines, editingId: null };
      },
    },
    'editing|storage.change|1': {
      context: (before, event) => {
        const lines = (event as { lines: SpCtx['lines'] }).lines;
        expect(spIds(lines)).toContain(before.editingId);
        return { ...before, lines };
      },
    },
  },
  states: {
    adding: (s) => {
      expect(s.hasTag('adding')).toBe(true);
      expect(s.context.editingId).toBeNull();
      expect(s.context.lines.filter((l) => l.id === 'a' || l.id === 'c')).toEqual([spA, spC]);
    },
    editing: (s) => {
      expect(s.hasTag('editing')).toBe(true);
      expect(s.context.editingId).toBe('b');
      expect(s.context.lines.find((l) => l.id === s.context.editingId)).toBeDefined();
      expect(s.context.lines.filter((l) => l.id === 'a' || l.id === 'c')).toEqual([spA, spC]);
    },
  },
  sequences: [
    [{ type: 'ingredient.edit', id: 'b' }, { type: 'ingredient.save' }],
    [{ type: 'ingredient.edit', id: 'b' }, { type: 'draft.change', field: 'name', value: '' }, { type: 'ingredient.save' }],
    [{ type: 'ingredient.edit', id: 'b' }, { type: 'storage.change', lines: [spA, spBThere, spC] }, { type: 'ingredient.save' }],
    [{ type: 'ingredient.edit', id: 'b' }, { type: 'storage.change', lines: [spA, spC] }],
    [{ type: 'ingredient.edit', id: 'b' }, { type: 'onHand.change', checked: true }, { type: 'ingredient.save' }],
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
      { id: expect.stringMatching(/^sp-/), name: 'Saffron', units: 'Kg', unitQuantity: 2, quantityNeeded: 3, onHand: true, needToOrder: false, costPerUnit: 12.5, packageType: 'box', supplierName: '' },
    ]);
    actor.send({ type: 'ingredient.edit', id: actor.getSnapshot().context.lines[0]!.id });
    expect(actor.getSnapshot().context.draft.name).toBe('Saffron');
    actor.send({ type: 'draft.change', field: 'quantityNeeded', value: '4' });
    actor.send({ type: 'ingredient.save' });
    expect(actor.getSnapshot().value).toBe('adding');
    expect(actor.getSnapshot().context.lines[0]?.quantityNeeded).toBe(4);
    expect(actor.getSnapshot().context.lines).toHaveLength(1);
  });
  it('another tab’s save keeps the half-typed draft; the edit continues on the same line by id', () => {
    const actor = createActor(specialty, { input: { lines: [spA, spB, spC] } }).start();
    actor.send({ type: 'ingredient.edit', id: 'b' });
    actor.send({ type: 'draft.change', field: 'name', value: 'Basil (Thai' });
    // The other tab deleted the first line: by position the edit would now hit Cumin.
    actor.send({ type: 'storage.change', lines: [spBThere, spC] });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft.name).toBe('Basil (Thai');
    actor.send({ type: 'draft.change', field: 'name', value: 'Basil (Thai)' });
    actor.send({ type: 'ingredient.save' });
    expect(actor.getSnapshot().context.lines.map((l) => l.name)).toEqual(['Basil (Thai)', 'Cumin']);
    expect(persistedSpecialty.at(-1)).toEqual(actor.getSnapshot().context.lines);
  });
  it('deletes the middle line by id and writes the lines without it', () => {
    persistedSpecialty.length = 0;
    const actor = createActor(specialty, { input: { lines: [spA, spB, spC] } }).start();
    actor.send({ type: 'ingredient.delete', id: 'b' });
    expect(persistedSpecialty).toEqual([[spA, spC]]);
    expect(actor.getSnapshot().context.lines).toEqual([spA, spC]);
  });
  it('Save while editing the middle line replaces that line only, and writes it', () => {
    persistedSpecialty.length = 0;
    const actor = createActor(specialty, { input: { lines: [spA, spB, spC] } }).start();
    actor.send({ type: 'ingredient.edit', id: 'b' });
    actor.send({ type: 'draft.change', field: 'quantityNeeded', value: '6' });
    actor.send({ type: 'ingredient.save' });
    const lines = actor.getSnapshot().context.lines;
    expect(lines).toEqual([spA, { ...spB, quantityNeeded: 6 }, spC]);
    expect(persistedSpecialty).toEqual([lines]);
  });
  it('the line under edit deleted elsewhere: back to adding with the draft kept', () => {
    const actor = createActor(specialty, { input: { lines: [spA, spB, spC] } }).start();
    actor.send({ type: 'ingredient.edit', id: 'b' });
    actor.send({ type: 'draft.change', field: 'name', value: 'Basil!' });
    actor.send({ type: 'storage.change', lines: [spA, spC] });
    expect(actor.getSnapshot().value).toBe('adding');
    expect(actor.getSnapshot().context.draft.name).toBe('Basil!');
  });
});

// ---------------------------------------------------------------- menu and notes
const persistedMenu: string[][] = [];
const persistedNotes: unknown[] = [];
const menuWorld = createWorld<{ menuItems: string[]; notes: Array<{ id?: string; notes: string }> }>();
const menuNotes = menuNotesMachine.provide({
  actions: {
    persistMenu: ({ context }) => {
      persistedMenu.push(context.menuItems);
      menuWorld.record('persistMenu', context.menuItems);
      menuWorld.store.menuItems = context.menuItems;
    },
    persistNotes: ({ context }) => {
      persistedNotes.push(context.notes);
      menuWorld.record('persistNotes', context.notes.map((n) => n.id));
      menuWorld.store.notes = context.notes;
    },
  },
});

// Three notes; the walks act on the middle one (n2), and another tab changes or deletes it.
const n1 = { id: 'n1', notes: 'Nuts' };
const n2 = { id: 'n2', notes: 'Vegan table 2' };
const n3 = { id: 'n3', notes: 'Late arrival' };

describeModel('menuNotes', {
  machine: menuNotes,
  world: menuWorld,
  input: { menuItems: ['Soup', 'Salad', 'Pie'], notes: [n1, n2, n3] },
  // The event's menuItems and notes are stored as shown.
  store: (input) => ({ menuItems: input.menuItems, notes: input.notes }),
  persisted: (context) => ({ menuItems: context.menuItems, notes: context.notes }),
  external: (event, store) => {
    if (event.type === 'storage.change') Object.assign(store, { menuItems: event.menuItems, notes: event.notes });
  },
  limit: 300000,
  reset: () => {
    persistedMenu.length = 0;
    persistedNotes.length = 0;
  },
  serializeState: (s) =>
    JSON.stringify([
      Math.min(s.context.menuItems.length, 4),
      s.context.menuItems.slice(0, 3),
      s.context.notes.filter((n) => /^n\d$/.test(n.id)).map((n) => n.notes),
      Math.min(s.context.notes.length, 4),
      s.context.noteText.trim() !== '',
      s.context.menuText,
    ]),
  events: {
    'menu.change': [{ type: 'menu.change', text: 'Soup' }],
    'menu.add': [{ type: 'menu.add' }],
    // The middle row, and one past the end of the starting list.
    'menu.delete': [
      { type: 'menu.delete', index: 1 },
      { type: 'menu.delete', index: 3 },
    ],
    'note.change': [
      { type: 'note.change', text: ' Nut allergy ' },
      { type: 'note.change', text: '   ' },
    ],
    'note.add': [{ type: 'note.add' }],
    'note.delete': [{ type: 'note.delete', id: 'n2' }],
    'storage.change': [
      { type: 'storage.change', menuItems: ['Soup', 'Stew', 'Pie'], notes: [n1, { ...n2, notes: 'Vegan table 5' }, n3] },
      { type: 'storage.change', menuItems: ['Soup', 'Pie'], notes: [n1, n3] },
    ],
  },
  transitions: {
    'ready|menu.change|0': { context: (before, event) => ({ ...before, menuText: (event as { text: string }).text }) },
    // Menu items are added as typed, even blank (spec), and written.
    'ready|menu.add|0': {
      context: (before) => ({ ...before, menuItems: [...before.menuItems, before.menuText], menuText: '' }),
      effects: ({ after }) => [['persistMenu', after.menuItems]],
    },
    'ready|menu.delete|0': {
      context: (before, event) => {
        const index = (event as { index: number }).index;
        expect(index).toBeLessThan(before.menuItems.length);
        return { ...before, menuItems: [...before.menuItems.slice(0, index), ...before.menuItems.slice(index + 1)] };
      },
      effects: ({ after }) => [['persistMenu', after.menuItems]],
    },
    'ready|note.change|0': { context: (before, event) => ({ ...before, noteText: (event as { text: string }).text }) },
    // A note with text is added trimmed under a new id, and written; a blank one never reaches here.
    'ready|note.add|0': {
      context: (before, _event, after) => {
        expect(before.noteText.trim()).not.toBe('');
        const added = after.notes.at(-1)!;
        expect(before.notes.map((n) => n.id)).not.toContain(added.id);
        return { ...before, notes: [...before.notes, { id: added.id, notes: before.noteText.trim() }], noteText: '', seq: before.seq + 1 };
      },
      effects: ({ after }) => [['persistNotes', after.notes.map((n) => n.id)]],
    },
    'ready|note.delete|0': {
      context: (before, event) => {
        const id = (event as { id: string }).id;
        expect(before.notes.map((n) => n.id)).toContain(id);
        return { ...before, notes: before.notes.filter((n) => n.id !== id) };
      },
      effects: ({ after }) => [['persistNotes', after.notes.map((n) => n.id)]],
    },
    // Another tab's lists; the texts being typed stay.
    'ready|storage.change|0': {
      context: (before, event) => {
        const e = event as { menuItems: string[]; notes: Array<{ id: string; notes: string }> };
        return { ...before, menuItems: e.menuItems, notes: e.notes };
      },
    },
  },
  states: {
    ready: (s) => {
      expect(s.context.notes.every((n) => n.notes.trim() !== '')).toBe(true);
      expect(s.context.notes.filter((n) => n.id === 'n1' || n.id === 'n3')).toEqual([n1, n3]);
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
    expect(actor.getSnapshot().context.notes).toEqual([{ id: expect.stringMatching(/^note-/), notes: 'Table 4' }]);
  });
  it('adding or deleting a menu item or a note writes that list at once', () => {
    persistedMenu.length = 0;
    persistedNotes.length = 0;
    const actor = createActor(menuNotes, { input: { menuItems: ['Soup', 'Salad', 'Pie'], notes: [n1, n2, n3] } }).start();
    actor.send({ type: 'menu.change', text: 'Stew' });
    actor.send({ type: 'menu.add' });
    expect(persistedMenu).toEqual([['Soup', 'Salad', 'Pie', 'Stew']]);
    actor.send({ type: 'menu.delete', index: 1 });
    expect(persistedMenu.at(-1)).toEqual(['Soup', 'Pie', 'Stew']);
    actor.send({ type: 'note.delete', id: 'n2' });
    expect(persistedNotes).toEqual([[n1, n3]]);
    expect(persistedMenu).toHaveLength(2);
  });
  it('deleting the only note empties the list', () => {
    const actor = createActor(menuNotes, { input: { menuItems: [], notes: [n2] } }).start();
    actor.send({ type: 'note.delete', id: 'n2' });
    expect(actor.getSnapshot().context.notes).toEqual([]);
  });
  it('another tab’s save replaces the lists and keeps the text being typed', () => {
    const actor = createActor(menuNotes, { input: { menuItems: ['Soup'], notes: [n1, n2, n3] } }).start();
    actor.send({ type: 'menu.change', text: 'Cedar plank sal' });
    actor.send({ type: 'note.change', text: 'Gluten-fr' });
    actor.send({ type: 'storage.change', menuItems: ['Soup', 'Chowder'], notes: [n1, n3] });
    const s = actor.getSnapshot();
    expect(s.context.menuItems).toEqual(['Soup', 'Chowder']);
    expect(s.context.notes).toEqual([n1, n3]);
    expect([s.context.menuText, s.context.noteText]).toEqual(['Cedar plank sal', 'Gluten-fr']);
    // Notes are deleted by id: n3 is still n3 after n2 went away.
    actor.send({ type: 'note.delete', id: 'n3' });
    expect(actor.getSnapshot().context.notes).toEqual([n1]);
  });
});
