import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, type ContextFrom, type EventFromLogic } from 'xstate';
import { chooseIngredient } from '../../src/domain/ingredients';
import {
  inventoryIngredientsMachine,
  type QuantityPromptInput,
} from '../../src/machines/toolkit/inventoryIngredients.machine';
import { menuNotesMachine } from '../../src/machines/toolkit/menuNotes.machine';
import {
  blankSpecialtyDraft,
  specialtyIngredientsMachine,
  specialtyNameMessage,
} from '../../src/machines/toolkit/specialtyIngredients.machine';
import { toolkitMachine } from '../../src/machines/toolkit/toolkit.machine';
import type { ChosenIngredient, InventoryItem, SpecialtyIngredient } from '../../src/storage/schemas';
import { createWorld, describeModel, failureAfter } from '../support/model';

// ---------------------------------------------------------------- panels
const panels = ['image', 'ingredients', 'menu', 'notes', 'pricing', 'staff'] as const;
describeModel('toolkit', {
  machine: toolkitMachine,
  events: {
    'image.toggle': [{ type: 'image.toggle' }],
    'ingredients.toggle': [{ type: 'ingredients.toggle' }],
    'menu.toggle': [{ type: 'menu.toggle' }],
    'notes.toggle': [{ type: 'notes.toggle' }],
    'pricing.toggle': [{ type: 'pricing.toggle' }],
    'staff.toggle': [{ type: 'staff.toggle' }],
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
      // The open ones read in panel order.
      expect(open()).toEqual(panel === 'pricing' ? [] : panels.filter((p) => p === panel || p === 'pricing'));
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
const line = (name: string, quantity: number, lineId = `L-${name}`): ChosenIngredient => ({
  ...item('x', 'Dairy'),
  name,
  quantity,
  lineId,
});
const persistedLines: ChosenIngredient[][] = [];
/** The prompt's answer is taken from the line's name, so each path can pick cancel, empty or a number. */
const answers: Record<string, string | null> = {
  'answer:cancel': null,
  'answer:empty': '  ',
  'answer:5': '5',
  'answer:abc': 'abc',
};
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
      linesWorld.record(
        'persistLines',
        context.lines.map((l) => l.lineId),
      );
      linesWorld.store.lines = context.lines;
    },
  },
  actors: { promptQuantity: promptFake as never },
});
const startLines = [
  line('answer:cancel', 1),
  line('answer:empty', 1),
  line('answer:5', 1),
  line('answer:abc', 1),
  line('answer:throw', 1),
];

type LinesCtx = ContextFrom<typeof inventory>;
const lineIds = (lines: ChosenIngredient[]) => lines.map((l) => l.lineId);
/** A typed amount's message, worked out here (limits.ts): required, a number, 0 to max. */
const amountMessage = (label: string, text: string, max: number) => {
  const t = text.trim();
  const wanted = `a number from 0 to ${max.toLocaleString('en-CA')}`;
  if (t === '') return `${label} is required: enter ${wanted}.`;
  const v = Number(t);
  if (!Number.isFinite(v)) return `${label} must be ${wanted}.`;
  if (v < 0) return `${label} cannot be negative: enter ${wanted}.`;
  if (v > max) return `${label} is too large: enter ${wanted}.`;
  return null;
};
/** A line's quantity as typed: per event the total; per guest the share of one guest, scaled up to cents. */
const quantityOf = (
  text: string,
  per: 'event' | 'guest',
  guests: number,
  positive: boolean,
): { message: string } | { quantity: number; perGuest?: number } => {
  const label = per === 'guest' ? 'Quantity Needed per Guest' : 'Quantity Needed';
  const message = amountMessage(label, text, 1_000_000);
  if (message) return { message };
  const value = Number(text.trim());
  if (positive && value <= 0) return { message: `${label} must be more than 0.` };
  if (per === 'event') return { quantity: value };
  if (guests <= 0)
    return {
      message: 'This event has no guests yet: set its Number of Guests (Edit Event) before a per-guest quantity.',
    };
  return { quantity: Math.ceil(Number((value * guests * 100).toPrecision(12))) / 100, perGuest: value };
};
/** A line with its new quantity: per guest carries perGuest; per event has neither field. */
const withQty = <L extends { per?: string; perGuest?: number }>(
  l: L,
  q: { quantity: number; perGuest?: number },
  key: 'quantity' | 'quantityNeeded' = 'quantity',
) => {
  const { per: _per, perGuest: _perGuest, ...rest } = l;
  return (q.perGuest === undefined
    ? { ...rest, [key]: q.quantity }
    : { ...rest, [key]: q.quantity, per: 'guest' as const, perGuest: q.perGuest }) as unknown as L;
};
const isGuestLine = (l: { per?: string; perGuest?: number }) => l.per === 'guest' && typeof l.perGuest === 'number';
const noGuestsForLine =
  'This event has no guests yet: set its Number of Guests (Edit Event) before making a line per guest.';
/** The prompt's answer for the line under edit, as the fake gives it. */
const answerFor = (before: LinesCtx) =>
  answers[before.lines.find((l) => l.lineId === before.promptLineId)?.name ?? ''] ?? null;
const promptLine = (before: LinesCtx) => before.lines.find((l) => l.lineId === before.promptLineId)!;
const promptCheck = (before: LinesCtx) =>
  quantityOf(answerFor(before) ?? '', isGuestLine(promptLine(before)) ? 'guest' : 'event', before.guests, true);
const usable = (before: LinesCtx) => answerFor(before) !== null && 'quantity' in promptCheck(before);
const blankAnswer = (before: LinesCtx) => (answerFor(before) ?? '').trim() === '';

describeModel('inventoryIngredients', {
  machine: inventory,
  world: linesWorld,
  input: { lines: startLines, items: [item('a', 'Seafood'), item('b', 'Dairy')], guests: 40 },
  // ingredientList-{eventId} holds exactly the lines shown.
  store: (input) => ({ lines: input.lines }),
  persisted: (context) => ({ lines: context.lines }),
  external: (event, store) => {
    if (event.type === 'storage.change') store.lines = event.lines;
  },
  reset: () => void (persistedLines.length = 0),
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.category,
      s.context.itemId,
      s.context.quantityText,
      s.context.lines
        .filter((l) => l.lineId?.startsWith('L-answer'))
        .map((l) => `${l.lineId}=${l.quantity}/${l.per ?? ''}`),
      Math.min(s.context.lines.length, 6),
      s.context.items.length,
      s.context.per,
      s.context.guests,
      s.context.quantityError !== null,
      s.context.lineError !== null,
    ]),
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
    // The add form's basis and the guests are walked in the sequences below (they double the state space otherwise).
    'per.select': [],
    'guests.change': [],
    'line.per': [
      { type: 'line.per', lineId: 'L-answer:5', per: 'guest' },
      { type: 'line.per', lineId: 'L-answer:5', per: 'event' },
    ],
    'quantity.edit': [
      { type: 'quantity.edit', lineId: 'L-answer:cancel' },
      { type: 'quantity.edit', lineId: 'L-answer:empty' },
      { type: 'quantity.edit', lineId: 'L-answer:5' },
    ],
    'inventory.change': [{ type: 'inventory.change', items: [item('a', 'Seafood')] }],
    'storage.change': [
      {
        type: 'storage.change',
        lines: startLines.map((l) => (l.lineId === 'L-answer:empty' ? { ...l, quantity: 9 } : l)),
      },
      { type: 'storage.change', lines: startLines.filter((l) => l.lineId !== 'L-answer:empty') },
    ],
  },
  transitions: {
    '(machine)|guests.change|0': {
      context: (before, event) => ({ ...before, guests: (event as { guests: number }).guests }),
    },
    '(machine)|inventory.change|0': {
      context: (before, event) => ({ ...before, items: (event as { items: InventoryItem[] }).items }),
    },
    // Another tab's lines; the picker and the quantity being typed stay.
    '(machine)|storage.change|0': {
      context: (before, event) => ({ ...before, lines: (event as { lines: ChosenIngredient[] }).lines }),
    },
    // Each control of the add form clears the form's message.
    'ready|category.select|0': {
      context: (before, event) => ({
        ...before,
        category: (event as { category: string }).category,
        itemId: '',
        quantityError: null,
      }),
    },
    'ready|item.select|0': {
      context: (before, event) => ({ ...before, itemId: (event as { id: string }).id, quantityError: null }),
    },
    'ready|quantity.change|0': {
      context: (before, event) => ({ ...before, quantityText: (event as { text: string }).text, quantityError: null }),
    },
    'ready|per.select|0': {
      context: (before, event) => ({ ...before, per: (event as { per: 'event' | 'guest' }).per, quantityError: null }),
    },
    // The chosen item with the quantity typed, appended under a new line id; the picker resets; written.
    'ready|ingredient.add|0': {
      context: (before, _event, after) => {
        const chosen = before.items.find((i) => i.id === before.itemId);
        const q = quantityOf(before.quantityText, before.per, before.guests, true);
        expect(chosen, 'an item is chosen').toBeDefined();
        expect('quantity' in q, 'a sane positive quantity').toBe(true);
        const qty = q as { quantity: number; perGuest?: number };
        const added = after.lines.at(-1)!;
        expect(added.lineId).toMatch(new RegExp(`^L-${chosen!.id}-`));
        expect(lineIds(before.lines)).not.toContain(added.lineId);
        const newLine = { ...withQty(chooseIngredient(chosen!, qty.quantity), qty), lineId: added.lineId };
        return {
          ...before,
          lines: [...before.lines, newLine],
          itemId: '',
          quantityText: '',
          quantityError: null,
          seq: before.seq + 1,
        };
      },
      effects: ({ after }) => [['persistLines', lineIds(after.lines)]],
    },
    // An item but a quantity that is not sane: the message says why; what was typed stays; nothing written.
    'ready|ingredient.add|1': {
      context: (before) => {
        expect(before.items.some((i) => i.id === before.itemId)).toBe(true);
        const q = quantityOf(before.quantityText, before.per, before.guests, true);
        expect('message' in q, 'the quantity is refused').toBe(true);
        return { ...before, quantityError: (q as { message: string }).message };
      },
    },
    // Per guest keeps the line's total (its share of each guest derived); per event drops the share. Written.
    'ready|line.per|0': {
      context: (before, event) => {
        const e = event as { lineId: string; per: 'event' | 'guest' };
        return {
          ...before,
          lineError: null,
          lines: before.lines.map((l) => {
            if (l.lineId !== e.lineId) return l;
            if (e.per === 'event') return withQty(l, { quantity: l.quantity });
            expect(before.guests).toBeGreaterThan(0);
            return withQty(l, { quantity: l.quantity, perGuest: l.quantity / before.guests });
          }),
        };
      },
      effects: ({ after }) => [['persistLines', lineIds(after.lines)]],
    },
    // Per guest without guests: refused with the message, the line unchanged, nothing written.
    'ready|line.per|1': {
      context: (before, event) => {
        expect((event as { per: string }).per).toBe('guest');
        expect(before.guests).toBe(0);
        return { ...before, lineError: noGuestsForLine };
      },
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
      context: (before, event) => ({ ...before, promptLineId: (event as { lineId: string }).lineId, lineError: null }),
      // A per-guest line is asked for one guest's share.
      started: ({ event, before }) => {
        const l = before.lines.find((x) => x.lineId === (event as { lineId: string }).lineId)!;
        const perGuest = isGuestLine(l);
        return [
          { id: 'promptQuantity', input: { name: l.name, current: perGuest ? l.perGuest : l.quantity, perGuest } },
        ];
      },
    },
    'prompting|xstate.done.actor.promptQuantity|0': {
      target: 'ready',
      context: (before) => {
        expect(usable(before), `answer ${answerFor(before)} is usable`).toBe(true);
        const q = promptCheck(before) as { quantity: number; perGuest?: number };
        return {
          ...before,
          lines: before.lines.map((l) => (l.lineId === before.promptLineId ? withQty(l, q) : l)),
          promptLineId: null,
        };
      },
      effects: ({ after }) => [['persistLines', lineIds(after.lines)]],
    },
    // Cancel or blank: nothing changes and nothing is written.
    'prompting|xstate.done.actor.promptQuantity|1': {
      target: 'ready',
      context: (before) => {
        expect(usable(before)).toBe(false);
        expect(blankAnswer(before)).toBe(true);
        return { ...before, promptLineId: null };
      },
    },
    // Not a sane number: the line stays, and the panel says why (named by the line).
    'prompting|xstate.done.actor.promptQuantity|2': {
      target: 'ready',
      context: (before) => {
        expect(usable(before)).toBe(false);
        expect(blankAnswer(before)).toBe(false);
        const q = promptCheck(before) as { message: string };
        return { ...before, promptLineId: null, lineError: `${promptLine(before).name} was not changed: ${q.message}` };
      },
    },
    'prompting|xstate.error.actor.promptQuantity|0': {
      target: 'ready',
      context: (before) => ({ ...before, promptLineId: null }),
    },
  },
  states: {
    ready: (s) => {
      expect(s.hasTag('ready')).toBe(true);
      expect(s.context.promptLineId).toBeNull();
      // Lines never acted on (the first, the fourth and the fifth) stay as they were.
      for (const kept of [startLines[0]!, startLines[3]!, startLines[4]!])
        expect(s.context.lines.find((l) => l.lineId === kept.lineId)).toEqual(kept);
    },
    prompting: (s) => expect(s.context.lines.some((l) => l.lineId === s.context.promptLineId)).toBe(true),
  },
  sequences: [
    [{ type: 'quantity.edit', lineId: 'L-answer:abc' }],
    [{ type: 'quantity.edit', lineId: 'L-answer:throw' }],
    // An item but no quantity yet: refused with the message.
    [{ type: 'category.select', category: 'Seafood' }, { type: 'item.select', id: 'a' }, { type: 'ingredient.add' }],
    // Per guest: 0.15 for 40 guests is added as 6.
    [
      { type: 'category.select', category: 'Seafood' },
      { type: 'item.select', id: 'a' },
      { type: 'per.select', per: 'guest' },
      { type: 'quantity.change', text: '0.15' },
      { type: 'ingredient.add' },
    ],
    // Per guest with no guests: the add and the line's checkbox are refused with their messages.
    [
      { type: 'guests.change', guests: 0 },
      { type: 'category.select', category: 'Seafood' },
      { type: 'item.select', id: 'a' },
      { type: 'per.select', per: 'guest' },
      { type: 'quantity.change', text: '1' },
      { type: 'ingredient.add' },
      { type: 'line.per', lineId: 'L-answer:5', per: 'guest' },
    ],
    // A per-guest line's prompt asks for one guest's share: 5 for 60 guests is 300.
    [
      { type: 'line.per', lineId: 'L-answer:5', per: 'guest' },
      { type: 'guests.change', guests: 60 },
      { type: 'quantity.edit', lineId: 'L-answer:5' },
    ],
  ],
});

describe('inventoryIngredients (pinned)', () => {
  const start = () =>
    createActor(inventory, { input: { lines: startLines, items: [item('a', 'Seafood', 30)], guests: 40 } }).start();
  it('adds a line only with an item and a positive quantity, then resets the picker', () => {
    const actor = start();
    actor.send({ type: 'category.select', category: 'Seafood' });
    expect(actor.getSnapshot().can({ type: 'ingredient.add' })).toBe(false);
    actor.send({ type: 'item.select', id: 'a' });
    // With an item, Add says what is wrong with the quantity instead of doing nothing silently.
    actor.send({ type: 'ingredient.add' });
    expect(actor.getSnapshot().context.quantityError).toBe(
      'Quantity Needed is required: enter a number from 0 to 1,000,000.',
    );
    actor.send({ type: 'quantity.change', text: '0' });
    actor.send({ type: 'ingredient.add' });
    expect(actor.getSnapshot().context.quantityError).toBe('Quantity Needed must be more than 0.');
    expect(actor.getSnapshot().context.lines).toHaveLength(5);
    actor.send({ type: 'quantity.change', text: '1.5' });
    actor.send({ type: 'ingredient.add' });
    const s = actor.getSnapshot();
    expect(s.context.lines.at(-1)).toMatchObject({
      id: 'a',
      quantity: 1.5,
      costPerUnit: 30,
      amountPerUnit: 2,
      lineId: expect.stringMatching(/^L-a-/),
    });
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
      actor.send({ type: 'ingredient.add' });
      expect(actor.getSnapshot().context.quantityError, text).not.toBeNull();
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
  it('a non-numeric prompt answer changes nothing and says why', () => {
    const actor = start();
    actor.send({ type: 'quantity.edit', lineId: 'L-answer:abc' });
    expect(actor.getSnapshot().context.lineError).toBe(
      'answer:abc was not changed: Quantity Needed must be a number from 0 to 1,000,000.',
    );
    expect(actor.getSnapshot().context.lines.map((l) => l.quantity)).toEqual([1, 1, 1, 1, 1]);
  });
  it('1e20 or -1 as Quantity Needed is refused with the limits.ts message; what was typed is kept', () => {
    const actor = start();
    actor.send({ type: 'category.select', category: 'Seafood' });
    actor.send({ type: 'item.select', id: 'a' });
    actor.send({ type: 'quantity.change', text: '1e20' });
    actor.send({ type: 'ingredient.add' });
    expect(actor.getSnapshot().context.quantityError).toBe(
      'Quantity Needed is too large: enter a number from 0 to 1,000,000.',
    );
    expect(actor.getSnapshot().context.quantityText).toBe('1e20');
    actor.send({ type: 'quantity.change', text: '-1' });
    expect(actor.getSnapshot().context.quantityError).toBeNull();
    actor.send({ type: 'ingredient.add' });
    expect(actor.getSnapshot().context.quantityError).toBe(
      'Quantity Needed cannot be negative: enter a number from 0 to 1,000,000.',
    );
    expect(actor.getSnapshot().context.lines).toHaveLength(5);
  });
  it('per guest: 0.15 box per guest for 40 guests is stored as 6 boxes with perGuest 0.15', () => {
    const actor = start();
    actor.send({ type: 'category.select', category: 'Seafood' });
    actor.send({ type: 'item.select', id: 'a' });
    actor.send({ type: 'per.select', per: 'guest' });
    actor.send({ type: 'quantity.change', text: '0.15' });
    actor.send({ type: 'ingredient.add' });
    expect(actor.getSnapshot().context.lines.at(-1)).toMatchObject({
      id: 'a',
      quantity: 6,
      per: 'guest',
      perGuest: 0.15,
    });
  });
  it('a line made per guest keeps its total (8 boxes for 40 guests = 0.2 each); back to per event drops perGuest; no guests: refused with a message', () => {
    const actor = start();
    actor.send({ type: 'line.per', lineId: 'L-answer:5', per: 'guest' });
    expect(actor.getSnapshot().context.lines[2]).toMatchObject({ quantity: 1, per: 'guest', perGuest: 0.025 });
    // The prompt of a per-guest line asks per guest: 5 per guest x 40 guests = 200.
    actor.send({ type: 'quantity.edit', lineId: 'L-answer:5' });
    expect(actor.getSnapshot().context.lines[2]).toMatchObject({ quantity: 200, per: 'guest', perGuest: 5 });
    actor.send({ type: 'line.per', lineId: 'L-answer:5', per: 'event' });
    expect(actor.getSnapshot().context.lines[2]!.quantity).toBe(200);
    expect(actor.getSnapshot().context.lines[2]).not.toHaveProperty('perGuest');
    actor.send({ type: 'guests.change', guests: 0 });
    actor.send({ type: 'line.per', lineId: 'L-answer:5', per: 'guest' });
    expect(actor.getSnapshot().context.lines[2]).not.toHaveProperty('per');
    expect(actor.getSnapshot().context.lineError).toMatch(/no guests yet/);
  });
});

describe('inventoryIngredients (pinned: choices, gone lines, the prompt)', () => {
  const start = (items = [item('a', 'Seafood', 30)], guests = 40, lines = startLines) =>
    createActor(inventory, { input: { lines, items, guests } }).start();
  it('starts with no category and no item chosen, nothing typed', () => {
    const c = start().getSnapshot().context;
    expect([c.category, c.itemId, c.quantityText, c.per, c.promptLineId, c.quantityError, c.lineError]).toEqual([
      '',
      '',
      '',
      'event',
      null,
      null,
      null,
    ]);
  });
  it('adds the item chosen, not the first of the list (the middle of three)', () => {
    const actor = start([item('a', 'Seafood', 30), item('b', 'Seafood', 40), item('c', 'Seafood', 50)]);
    actor.send({ type: 'category.select', category: 'Seafood' });
    actor.send({ type: 'item.select', id: 'b' });
    actor.send({ type: 'quantity.change', text: '2' });
    actor.send({ type: 'ingredient.add' });
    expect(actor.getSnapshot().context.lines.at(-1)).toMatchObject({
      id: 'b',
      name: 'Item b',
      costPerUnit: 40,
      quantity: 2,
    });
  });
  it('with several items, a refused quantity for the chosen one says why', () => {
    const actor = start([item('a', 'Seafood'), item('b', 'Seafood')]);
    actor.send({ type: 'item.select', id: 'a' });
    actor.send({ type: 'quantity.change', text: '0' });
    actor.send({ type: 'ingredient.add' });
    expect(actor.getSnapshot().context.quantityError).toBe('Quantity Needed must be more than 0.');
  });
  it('a line another tab deleted can be neither deleted, nor switched per guest or per event: no write, no message', () => {
    persistedLines.length = 0;
    const actor = start();
    const theirs = startLines.filter((l) => l.lineId !== 'L-answer:5');
    actor.send({ type: 'storage.change', lines: theirs });
    actor.send({ type: 'ingredient.delete', lineId: 'L-answer:5' });
    actor.send({ type: 'line.per', lineId: 'L-answer:5', per: 'guest' });
    actor.send({ type: 'line.per', lineId: 'L-answer:5', per: 'event' });
    expect(actor.getSnapshot().context.lines).toBe(theirs);
    expect(actor.getSnapshot().context.lineError).toBeNull();
    expect(persistedLines).toEqual([]);
  });
  it('with no guests, a line can still go back to per event (only per guest needs guests)', () => {
    persistedLines.length = 0;
    const guestLine: ChosenIngredient = { ...line('answer:5', 8), per: 'guest', perGuest: 0.2 };
    const actor = start(undefined, 0, [startLines[0]!, guestLine, startLines[3]!]);
    actor.send({ type: 'line.per', lineId: 'L-answer:5', per: 'event' });
    const lines = actor.getSnapshot().context.lines;
    expect(lines[1]).toEqual(line('answer:5', 8));
    expect(actor.getSnapshot().context.lineError).toBeNull();
    expect(persistedLines).toEqual([lines]);
  });
  it('a prompt answer of 0 is refused: the line stays and the panel says why', () => {
    answers['answer:0'] = '0';
    persistedLines.length = 0;
    const actor = start(undefined, 40, [line('answer:cancel', 1), line('answer:0', 3)]);
    actor.send({ type: 'quantity.edit', lineId: 'L-answer:0' });
    expect(actor.getSnapshot().context.lines.map((l) => l.quantity)).toEqual([1, 3]);
    expect(actor.getSnapshot().context.lineError).toBe(
      'answer:0 was not changed: Quantity Needed must be more than 0.',
    );
    expect(persistedLines).toEqual([]);
  });
  it('a blank (whitespace) prompt answer is ignored without a message, as a cancel is', () => {
    const actor = start();
    actor.send({ type: 'quantity.edit', lineId: 'L-answer:empty' });
    expect(actor.getSnapshot().context.lineError).toBeNull();
    actor.send({ type: 'quantity.edit', lineId: 'L-answer:cancel' });
    expect(actor.getSnapshot().context.lineError).toBeNull();
    expect(actor.getSnapshot().context.lines).toBe(startLines);
  });
  it('while the prompt is open the panel is "prompting"; if another tab deleted the line meanwhile, a bad answer names "The line"', async () => {
    let answer: (value: string | null) => void = () => {};
    const slow = inventory.provide({
      actors: {
        promptQuantity: fromPromise<string | null, QuantityPromptInput>(
          () => new Promise((resolve) => (answer = resolve)),
        ),
      },
    });
    const guestLine: ChosenIngredient = { ...line('answer:5', 8), per: 'guest', perGuest: 0.2 };
    const actor = createActor(slow, { input: { lines: [startLines[0]!, guestLine], items: [], guests: 40 } }).start();
    actor.send({ type: 'quantity.edit', lineId: 'L-answer:5' });
    expect(actor.getSnapshot().hasTag('prompting')).toBe(true);
    expect(actor.getSnapshot().hasTag('ready')).toBe(false);
    actor.send({ type: 'storage.change', lines: [startLines[0]!] });
    answer('abc');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context.lineError).toBe(
      'The line was not changed: Quantity Needed must be a number from 0 to 1,000,000.',
    );
    expect(actor.getSnapshot().context.lines).toEqual([startLines[0]]);
  });
});

describe('inventoryIngredients (unprovided effects)', () => {
  it('without a provided persistLines, adding fails loudly, naming what to provide', () => {
    const events = [
      { type: 'item.select', id: 'a' },
      { type: 'quantity.change', text: '1' },
      { type: 'ingredient.add' },
    ] as const;
    expect(
      failureAfter(inventoryIngredientsMachine, { lines: [], items: [item('a', 'Seafood')], guests: 0 }, [...events]),
    ).toContain('inventoryIngredients: provide persistLines');
  });
});

// ---------------------------------------------------------------- specialty ingredients
const persistedSpecialty: unknown[] = [];
const specialtyWorld = createWorld<{ lines: SpecialtyIngredient[] }>();
const specialty = specialtyIngredientsMachine.provide({
  actions: {
    persistLines: ({ context }) => {
      persistedSpecialty.push(context.lines);
      specialtyWorld.record(
        'persistLines',
        context.lines.map((l) => l.id),
      );
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
const spLine = (id: string, name: string, quantityNeeded = 1): SpecialtyIngredient => ({
  id,
  name,
  units: 'Kg',
  unitQuantity: 1,
  quantityNeeded,
  onHand: false,
  needToOrder: true,
  costPerUnit: 2,
  packageType: 'box',
  supplierName: '',
});
const spA = spLine('a', 'Anise');
const spB = spLine('b', 'Basil');
const spC = spLine('c', 'Cumin');
const spBThere = spLine('b', 'Basil', 8);

type SpCtx = ContextFrom<typeof specialty>;
type SpDraft = SpCtx['draft'];
/** The messages next to each field, worked out here (limits.ts); none when the draft saves. */
const spErrors = (d: SpDraft, guests: number) => {
  const errors: Record<string, string> = {};
  if (d.name.trim() === '') errors.name = specialtyNameMessage;
  const unitQuantity = amountMessage('Unit Quantity', d.unitQuantity, 1_000_000);
  if (unitQuantity) errors.unitQuantity = unitQuantity;
  const q = quantityOf(d.quantityNeeded, d.per, guests, false);
  if ('message' in q) errors.quantityNeeded = q.message;
  const cost = amountMessage('Cost per Unit', d.costPerUnit, 10_000_000);
  if (cost) errors.costPerUnit = cost;
  return errors;
};
const spValid = (d: SpDraft, guests: number) => Object.keys(spErrors(d, guests)).length === 0;
/** The line a draft saves as: trimmed texts, numbers parsed, need to order = not on hand; per guest scaled. */
const spFromDraft = (d: SpDraft, guests: number) => {
  const q = quantityOf(d.quantityNeeded, d.per, guests, false) as { quantity: number; perGuest?: number };
  return {
    name: d.name.trim(),
    units: d.units,
    unitQuantity: Number(d.unitQuantity),
    quantityNeeded: q.quantity,
    onHand: d.onHand,
    needToOrder: !d.onHand,
    costPerUnit: Number(d.costPerUnit),
    packageType: d.packageType,
    supplierName: d.supplierName.trim(),
    ...(q.perGuest === undefined ? {} : { per: 'guest' as const, perGuest: q.perGuest }),
  };
};
const spIds = (lines: Array<{ id?: string }>) => lines.map((l) => l.id);
const spCleared = (before: SpCtx) => ({ ...before, draft: blankSpecialtyDraft(), editingId: null, draftErrors: {} });

describeModel('specialtyIngredients', {
  machine: specialty,
  world: specialtyWorld,
  input: { lines: [spA, spB, spC], guests: 40 },
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
      Object.keys(s.context.draftErrors).sort(),
      s.context.draft.onHand,
      s.context.draft.per,
      s.context.guests,
    ]),
  limit: 8000,
  events: {
    'draft.change': [
      { type: 'draft.change', field: 'name', value: 'Saffron' },
      // Whitespace only is no name.
      { type: 'draft.change', field: 'name', value: '   ' },
      { type: 'draft.change', field: 'costPerUnit', value: 'abc' },
    ],
    // Walked in the sequences below (it doubles the state space otherwise).
    'guests.change': [],
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
        // Only that field's message is cleared.
        const { field, value } = event as { field: keyof SpDraft; value: string };
        const draftErrors: Record<string, string> = { ...before.draftErrors };
        delete draftErrors[field];
        return { ...before, draft: { ...before.draft, [field]: value }, draftErrors };
      },
    },
    '(machine)|guests.change|0': {
      context: (before, event) => ({ ...before, guests: (event as { guests: number }).guests }),
    },
    '(machine)|onHand.change|0': {
      context: (before, event) => ({
        ...before,
        draft: { ...before.draft, onHand: (event as { checked: boolean }).checked },
      }),
    },
    '(machine)|storage.change|0': {
      context: (before, event) => ({ ...before, lines: (event as { lines: SpCtx['lines'] }).lines }),
    },
    // A valid form appends a new line (new id), clears the form and writes the lines.
    'adding|ingredient.save|0': {
      context: (before, _event, after) => {
        expect(spValid(before.draft, before.guests)).toBe(true);
        const added = after.lines.at(-1)!;
        expect(spIds(before.lines)).not.toContain(added.id);
        return {
          ...spCleared(before),
          lines: [...before.lines, { ...spFromDraft(before.draft, before.guests), id: added.id }],
          seq: before.seq + 1,
        };
      },
      effects: ({ after }) => [['persistLines', spIds(after.lines)]],
    },
    'adding|ingredient.save|1': {
      context: (before) => {
        expect(spValid(before.draft, before.guests)).toBe(false);
        return { ...before, draftErrors: spErrors(before.draft, before.guests) };
      },
    },
    // The form takes that line's values, as text.
    'adding|ingredient.edit|0': {
      target: 'editing',
      context: (before, event) => {
        const l = before.lines.find((x) => x.id === (event as { id: string }).id)!;
        // A per-guest line shows one guest's share.
        const perGuest = isGuestLine(l);
        const quantityNeeded = String(perGuest ? l.perGuest : l.quantityNeeded);
        const draft = {
          name: l.name,
          unitQuantity: String(l.unitQuantity),
          units: l.units,
          per: perGuest ? 'guest' : 'event',
          quantityNeeded,
          packageType: l.packageType,
          costPerUnit: String(l.costPerUnit),
          supplierName: l.supplierName,
          onHand: l.onHand,
        };
        return { ...before, editingId: l.id, draft: draft as SpDraft, draftErrors: {} };
      },
    },
    'adding|ingredient.delete|0': {
      context: (before, event) => ({
        ...before,
        lines: before.lines.filter((l) => l.id !== (event as { id: string }).id),
      }),
      effects: ({ after }) => [['persistLines', spIds(after.lines)]],
    },
    // Save replaces the line being edited (by id), nothing else.
    'editing|ingredient.save|0': {
      target: 'adding',
      context: (before) => {
        expect(spValid(before.draft, before.guests)).toBe(true);
        const replaced = (l: SpCtx['lines'][number]) => ({
          ...withQty(l, { quantity: l.quantityNeeded }, 'quantityNeeded'),
          ...spFromDraft(before.draft, before.guests),
        });
        return { ...spCleared(before), lines: before.lines.map((l) => (l.id === before.editingId ? replaced(l) : l)) };
      },
      effects: ({ after }) => [['persistLines', spIds(after.lines)]],
    },
    'editing|ingredient.save|1': {
      context: (before) => {
        expect(spValid(before.draft, before.guests)).toBe(false);
        return { ...before, draftErrors: spErrors(before.draft, before.guests) };
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
    [
      { type: 'ingredient.edit', id: 'b' },
      { type: 'draft.change', field: 'name', value: '' },
      { type: 'ingredient.save' },
    ],
    [
      { type: 'ingredient.edit', id: 'b' },
      { type: 'storage.change', lines: [spA, spBThere, spC] },
      { type: 'ingredient.save' },
    ],
    [
      { type: 'ingredient.edit', id: 'b' },
      { type: 'storage.change', lines: [spA, spC] },
    ],
    [{ type: 'ingredient.edit', id: 'b' }, { type: 'onHand.change', checked: true }, { type: 'ingredient.save' }],
    // Per guest: 3 per guest for 40 guests saves 120; Edit shows 3 per guest; Save per event drops the share.
    [
      ...fill,
      { type: 'draft.change', field: 'per', value: 'guest' },
      { type: 'ingredient.save' },
      { type: 'storage.change', lines: [spA, { ...spB, quantityNeeded: 120, per: 'guest', perGuest: 3 }, spC] },
      { type: 'ingredient.edit', id: 'b' },
      { type: 'draft.change', field: 'per', value: 'event' },
      { type: 'ingredient.save' },
    ],
    // Per guest with no guests: refused next to Quantity Needed.
    [
      { type: 'guests.change', guests: 0 },
      ...fill,
      { type: 'draft.change', field: 'per', value: 'guest' },
      { type: 'ingredient.save' },
    ],
  ],
});

describe('specialtyIngredients (pinned)', () => {
  it('a cost of 1e20 and a quantity of -2 are refused next to their fields; the draft is kept', () => {
    const actor = createActor(specialty, { input: { lines: [], guests: 40 } }).start();
    for (const e of fill) actor.send(e);
    actor.send({ type: 'draft.change', field: 'costPerUnit', value: '1e20' });
    actor.send({ type: 'draft.change', field: 'quantityNeeded', value: '-2' });
    actor.send({ type: 'ingredient.save' });
    expect(actor.getSnapshot().context.draftErrors).toEqual({
      quantityNeeded: 'Quantity Needed cannot be negative: enter a number from 0 to 1,000,000.',
      costPerUnit: 'Cost per Unit is too large: enter a number from 0 to 10,000,000.',
    });
    expect(actor.getSnapshot().context.lines).toEqual([]);
    expect(actor.getSnapshot().context.draft.costPerUnit).toBe('1e20');
    // Fixing one field clears its message only.
    actor.send({ type: 'draft.change', field: 'costPerUnit', value: '12.5' });
    expect(Object.keys(actor.getSnapshot().context.draftErrors)).toEqual(['quantityNeeded']);
  });
  it('per guest: 0.5 bag per guest for 40 guests is stored as 20 with perGuest 0.5; Edit shows 0.5; per event again drops perGuest', () => {
    const actor = createActor(specialty, { input: { lines: [], guests: 40 } }).start();
    for (const e of fill) actor.send(e);
    actor.send({ type: 'draft.change', field: 'per', value: 'guest' });
    actor.send({ type: 'draft.change', field: 'quantityNeeded', value: '0.5' });
    actor.send({ type: 'ingredient.save' });
    const saved = actor.getSnapshot().context.lines[0]!;
    expect(saved).toMatchObject({ quantityNeeded: 20, per: 'guest', perGuest: 0.5 });
    actor.send({ type: 'ingredient.edit', id: saved.id });
    expect(actor.getSnapshot().context.draft).toMatchObject({ per: 'guest', quantityNeeded: '0.5' });
    actor.send({ type: 'draft.change', field: 'per', value: 'event' });
    actor.send({ type: 'draft.change', field: 'quantityNeeded', value: '20' });
    actor.send({ type: 'ingredient.save' });
    expect(actor.getSnapshot().context.lines[0]).toMatchObject({ quantityNeeded: 20 });
    expect(actor.getSnapshot().context.lines[0]).not.toHaveProperty('perGuest');
    expect(actor.getSnapshot().context.lines[0]).not.toHaveProperty('per');
  });
  it('saves a full line (need to order = not on hand), edits it and rejects a bad form with a message', () => {
    const actor = createActor(specialty, { input: { lines: [], guests: 40 } }).start();
    actor.send({ type: 'ingredient.save' });
    expect(actor.getSnapshot().context.draftErrors).toEqual({
      name: specialtyNameMessage,
      unitQuantity: 'Unit Quantity is required: enter a number from 0 to 1,000,000.',
      quantityNeeded: 'Quantity Needed is required: enter a number from 0 to 1,000,000.',
      costPerUnit: 'Cost per Unit is required: enter a number from 0 to 10,000,000.',
    });
    for (const e of fill) actor.send(e);
    actor.send({ type: 'onHand.change', checked: true });
    actor.send({ type: 'ingredient.save' });
    expect(actor.getSnapshot().context.lines).toEqual([
      {
        id: expect.stringMatching(/^sp-/),
        name: 'Saffron',
        units: 'Kg',
        unitQuantity: 2,
        quantityNeeded: 3,
        onHand: true,
        needToOrder: false,
        costPerUnit: 12.5,
        packageType: 'box',
        supplierName: '',
      },
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
    const actor = createActor(specialty, { input: { lines: [spA, spB, spC], guests: 40 } }).start();
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
    const actor = createActor(specialty, { input: { lines: [spA, spB, spC], guests: 40 } }).start();
    actor.send({ type: 'ingredient.delete', id: 'b' });
    expect(persistedSpecialty).toEqual([[spA, spC]]);
    expect(actor.getSnapshot().context.lines).toEqual([spA, spC]);
  });
  it('Save while editing the middle line replaces that line only, and writes it', () => {
    persistedSpecialty.length = 0;
    const actor = createActor(specialty, { input: { lines: [spA, spB, spC], guests: 40 } }).start();
    actor.send({ type: 'ingredient.edit', id: 'b' });
    actor.send({ type: 'draft.change', field: 'quantityNeeded', value: '6' });
    actor.send({ type: 'ingredient.save' });
    const lines = actor.getSnapshot().context.lines;
    expect(lines).toEqual([spA, { ...spB, quantityNeeded: 6 }, spC]);
    expect(persistedSpecialty).toEqual([lines]);
  });
  it('the line under edit deleted elsewhere: back to adding with the draft kept', () => {
    const actor = createActor(specialty, { input: { lines: [spA, spB, spC], guests: 40 } }).start();
    actor.send({ type: 'ingredient.edit', id: 'b' });
    actor.send({ type: 'draft.change', field: 'name', value: 'Basil!' });
    actor.send({ type: 'storage.change', lines: [spA, spC] });
    expect(actor.getSnapshot().value).toBe('adding');
    expect(actor.getSnapshot().context.draft.name).toBe('Basil!');
  });
});

describe('specialtyIngredients (pinned: ids, loading a line, unknown lines)', () => {
  const start = (lines: SpecialtyIngredient[] = [spA, spB, spC], guests = 40) =>
    createActor(specialty, { input: { lines, guests } }).start();
  it('starts adding, with a blank draft, no line under edit and no messages', () => {
    const s = start().getSnapshot();
    expect(s.hasTag('adding')).toBe(true);
    expect(s.hasTag('editing')).toBe(false);
    expect([s.context.draft, s.context.editingId, s.context.draftErrors, s.context.guests, s.context.seq]).toEqual([
      blankSpecialtyDraft(),
      null,
      {},
      40,
      0,
    ]);
  });
  it('lines stored without ids get one by position, from the input and from another tab', () => {
    const { id: _a, ...noIdA } = spA;
    const { id: _c, ...noIdC } = spC;
    const actor = start([noIdA, spB, noIdC]);
    expect(spIds(actor.getSnapshot().context.lines)).toEqual(['sp-line-0', 'b', 'sp-line-2']);
    actor.send({ type: 'storage.change', lines: [spB, noIdC] });
    expect(spIds(actor.getSnapshot().context.lines)).toEqual(['b', 'sp-line-1']);
  });
  it('Edit or Delete of a line that is not there (deleted elsewhere) does nothing and writes nothing', () => {
    persistedSpecialty.length = 0;
    const actor = start();
    actor.send({ type: 'ingredient.edit', id: 'z' });
    expect(actor.getSnapshot().value).toBe('adding');
    actor.send({ type: 'ingredient.delete', id: 'z' });
    expect(actor.getSnapshot().context.lines).toEqual([spA, spB, spC]);
    expect(persistedSpecialty).toEqual([]);
  });
  it('Edit loads every field of the line into the form, and Save keeps fields the form does not show', () => {
    persistedSpecialty.length = 0;
    const full = {
      id: 'f',
      name: 'Fennel',
      units: 'g',
      unitQuantity: 250,
      quantityNeeded: 7,
      onHand: true,
      needToOrder: false,
      costPerUnit: 3.5,
      packageType: 'bag',
      supplierName: 'Herbs Ltd',
      origin: 'Sicily',
    } as SpecialtyIngredient;
    const actor = start([spA, full, spC]);
    actor.send({ type: 'draft.change', field: 'name', value: '' });
    actor.send({ type: 'ingredient.save' });
    actor.send({ type: 'ingredient.edit', id: 'f' });
    const c = actor.getSnapshot().context;
    expect(c.editingId).toBe('f');
    expect(c.draftErrors).toEqual({});
    expect(c.draft).toEqual({
      name: 'Fennel',
      unitQuantity: '250',
      units: 'g',
      per: 'event',
      quantityNeeded: '7',
      packageType: 'bag',
      costPerUnit: '3.5',
      supplierName: 'Herbs Ltd',
      onHand: true,
    });
    actor.send({ type: 'draft.change', field: 'supplierName', value: '  Green Co  ' });
    actor.send({ type: 'onHand.change', checked: false });
    actor.send({ type: 'ingredient.save' });
    expect(actor.getSnapshot().context.lines).toEqual([
      spA,
      { ...full, supplierName: 'Green Co', onHand: false, needToOrder: true },
      spC,
    ]);
    expect(persistedSpecialty).toEqual([actor.getSnapshot().context.lines]);
  });
  it('Cancel leaves editing with a blank draft and the line unchanged', () => {
    const actor = start();
    actor.send({ type: 'ingredient.edit', id: 'b' });
    actor.send({ type: 'draft.change', field: 'name', value: 'Mint' });
    actor.send({ type: 'edit.cancel' });
    const c = actor.getSnapshot().context;
    expect([actor.getSnapshot().value, c.draft, c.editingId]).toEqual(['adding', blankSpecialtyDraft(), null]);
    expect(c.lines).toEqual([spA, spB, spC]);
  });
  it('a per-guest line scales to the guests of the moment (another tab changed them)', () => {
    const actor = start([], 40);
    actor.send({ type: 'guests.change', guests: 10 });
    expect(actor.getSnapshot().context.guests).toBe(10);
    for (const e of fill) actor.send(e);
    actor.send({ type: 'draft.change', field: 'per', value: 'guest' });
    actor.send({ type: 'ingredient.save' });
    expect(actor.getSnapshot().context.lines[0]).toMatchObject({ quantityNeeded: 30, per: 'guest', perGuest: 3 });
  });
  it('two lines added one after the other get different ids, counted from 0', () => {
    const actor = start([]);
    for (const e of fill) actor.send(e);
    actor.send({ type: 'ingredient.save' });
    for (const e of fill) actor.send(e);
    actor.send({ type: 'ingredient.save' });
    const ids = spIds(actor.getSnapshot().context.lines);
    expect(ids[0]).toMatch(/^sp-[0-9a-z]+-0$/);
    expect(ids[1]).toMatch(/^sp-[0-9a-z]+-1$/);
  });
});

describe('specialtyIngredients (pinned: the form’s start and its messages)', () => {
  it('the form starts empty, per event, in Kg and box, with On Hand unchecked', () => {
    const actor = createActor(specialty, { input: { lines: [], guests: 40 } }).start();
    expect(actor.getSnapshot().context.draft).toEqual({
      name: '',
      unitQuantity: '',
      units: 'Kg',
      quantityNeeded: '',
      packageType: 'box',
      costPerUnit: '',
      supplierName: '',
      per: 'event',
      onHand: false,
    });
  });
  it('a whitespace name is refused as missing, and only the name gets a message', () => {
    const actor = createActor(specialty, { input: { lines: [], guests: 40 } }).start();
    for (const e of fill) actor.send(e);
    actor.send({ type: 'draft.change', field: 'name', value: '   ' });
    actor.send({ type: 'ingredient.save' });
    expect(actor.getSnapshot().context.draftErrors).toStrictEqual({ name: specialtyNameMessage });
    expect(actor.getSnapshot().context.lines).toEqual([]);
  });
  it('a name typed with spaces around it is saved trimmed', () => {
    const actor = createActor(specialty, { input: { lines: [], guests: 40 } }).start();
    for (const e of fill) actor.send(e);
    actor.send({ type: 'draft.change', field: 'name', value: '  Saffron  ' });
    actor.send({ type: 'ingredient.save' });
    expect(actor.getSnapshot().context.lines.map((l) => l.name)).toEqual(['Saffron']);
  });
});

describe('specialtyIngredients (unprovided effects)', () => {
  it('without a provided persistLines, deleting fails loudly, naming what to provide', () => {
    expect(
      failureAfter(specialtyIngredientsMachine, { lines: [spA], guests: 0 }, [{ type: 'ingredient.delete', id: 'a' }]),
    ).toContain('specialtyIngredients: provide persistLines');
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
      menuWorld.record(
        'persistNotes',
        context.notes.map((n) => n.id),
      );
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
      {
        type: 'storage.change',
        menuItems: ['Soup', 'Stew', 'Pie'],
        notes: [n1, { ...n2, notes: 'Vegan table 5' }, n3],
      },
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
        return {
          ...before,
          notes: [...before.notes, { id: added.id, notes: before.noteText.trim() }],
          noteText: '',
          seq: before.seq + 1,
        };
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
    const actor = createActor(menuNotes, {
      input: { menuItems: ['Soup', 'Salad', 'Pie'], notes: [n1, n2, n3] },
    }).start();
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

describe('menuNotes (pinned: rows, ids, start)', () => {
  const start = (menuItems = ['Soup', 'Salad', 'Pie'], notes: Array<{ id?: string; notes: string }> = [n1, n2, n3]) =>
    createActor(menuNotes, { input: { menuItems, notes } }).start();
  it('starts with nothing typed', () => {
    const c = start().getSnapshot().context;
    expect([c.menuText, c.noteText, c.seq]).toEqual(['', '', 0]);
  });
  it('deletes the first and the last menu row; a row before the first or past the last deletes and writes nothing', () => {
    persistedMenu.length = 0;
    const actor = start();
    actor.send({ type: 'menu.delete', index: -1 });
    actor.send({ type: 'menu.delete', index: 3 });
    expect(actor.getSnapshot().context.menuItems).toEqual(['Soup', 'Salad', 'Pie']);
    expect(persistedMenu).toEqual([]);
    actor.send({ type: 'menu.delete', index: 2 });
    expect(actor.getSnapshot().context.menuItems).toEqual(['Soup', 'Salad']);
    actor.send({ type: 'menu.delete', index: 0 });
    expect(actor.getSnapshot().context.menuItems).toEqual(['Salad']);
    expect(persistedMenu).toEqual([['Soup', 'Salad'], ['Salad']]);
  });
  it('deleting a note that is not there (another tab deleted it) writes nothing', () => {
    persistedNotes.length = 0;
    const actor = start();
    actor.send({ type: 'note.delete', id: 'n9' });
    expect(actor.getSnapshot().context.notes).toEqual([n1, n2, n3]);
    expect(persistedNotes).toEqual([]);
  });
  it('notes stored without ids get one by position, from the input and from another tab, and are deleted by it', () => {
    const actor = start([], [{ notes: 'Nuts' }, n2, { notes: 'Late' }]);
    expect(actor.getSnapshot().context.notes).toEqual([
      { id: 'note-line-0', notes: 'Nuts' },
      n2,
      { id: 'note-line-2', notes: 'Late' },
    ]);
    actor.send({ type: 'storage.change', menuItems: [], notes: [n1, { notes: 'Vegan' }] });
    expect(actor.getSnapshot().context.notes).toEqual([n1, { id: 'note-line-1', notes: 'Vegan' }]);
    actor.send({ type: 'note.delete', id: 'note-line-1' });
    expect(actor.getSnapshot().context.notes).toEqual([n1]);
  });
  it('two notes added one after the other get different ids, counted from 0', () => {
    const actor = start([], []);
    actor.send({ type: 'note.change', text: 'One' });
    actor.send({ type: 'note.add' });
    actor.send({ type: 'note.change', text: 'Two' });
    actor.send({ type: 'note.add' });
    const [first, second] = actor.getSnapshot().context.notes;
    expect(first!.id).toMatch(/^note-[0-9a-z]+-0$/);
    expect(second!.id).toMatch(/^note-[0-9a-z]+-1$/);
    expect(actor.getSnapshot().context.seq).toBe(2);
  });
});

describe('menuNotes (unprovided effects)', () => {
  const failure = (event: EventFromLogic<typeof menuNotesMachine>) =>
    failureAfter(menuNotesMachine, { menuItems: [], notes: [n1] }, [event]);
  it('without a provided persistMenu or persistNotes, a change fails loudly, naming what to provide', () => {
    expect(failure({ type: 'menu.add' })).toContain('menuNotes: provide persistMenu');
    expect(failure({ type: 'note.delete', id: 'n1' })).toContain('menuNotes: provide persistNotes');
  });
});
