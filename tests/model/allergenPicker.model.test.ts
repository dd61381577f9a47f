import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { allergenIds, type AllergenId } from '../../src/domain/allergens';
import { allergenPickerMachine } from '../../src/machines/allergens/allergenPicker.machine';
import { createWorld, describeModel, failureAfter } from '../support/model';

/** The fake writes the ticked allergens into the world's store (the menu line) and records every write. */
const world = createWorld<{ selected: AllergenId[] }>();
const machine = allergenPickerMachine.provide({
  actions: {
    persistSelection: ({ context }) => {
      world.record('persistSelection', context.selected);
      world.store.selected = context.selected;
    },
  },
});

/** The expected ticks: in the list's order, the toggled one added or taken away. */
const toggled = (selected: AllergenId[], allergen: AllergenId) => {
  const next = selected.includes(allergen) ? selected.filter((a) => a !== allergen) : [...selected, allergen];
  return allergenIds.filter((id) => next.includes(id));
};

describeModel('allergenPicker', {
  machine,
  world,
  inputs: [{ selected: [] }, { selected: ['milk', 'peanuts'] }],
  store: (input) => ({ selected: allergenIds.filter((id) => input.selected.includes(id)) }),
  persisted: (context) => ({ selected: context.selected }),
  // Another tab saved the row's allergens before this tab hears of it.
  external: (event, store) => {
    if (event.type === 'selected.change') store.selected = event.selected;
  },
  events: {
    'picker.toggle': [{ type: 'picker.toggle' }],
    'picker.close': [{ type: 'picker.close' }],
    'allergen.toggle': [
      { type: 'allergen.toggle', allergen: 'peanuts' },
      { type: 'allergen.toggle', allergen: 'lupin' },
    ],
    'selected.change': [
      { type: 'selected.change', selected: ['sesame'] },
      { type: 'selected.change', selected: [] },
    ],
  },
  transitions: {
    'closed|picker.toggle|0': { target: 'open' },
    'open|picker.toggle|0': { target: 'closed' },
    'open|picker.close|0': { target: 'closed' },
    // A tick is written at once: exactly the ticks shown.
    'open|allergen.toggle|0': {
      context: (before, event) => ({
        selected: toggled(before.selected, (event as { allergen: AllergenId }).allergen),
      }),
      effects: ({ after }) => [['persistSelection', after.selected]],
    },
    // The stored ticks replace the shown ones, open or closed; nothing is written back.
    '(machine)|selected.change|0': {
      context: (_before, event) => ({ selected: (event as { selected: AllergenId[] }).selected }),
    },
  },
  states: {
    closed: (s) => expect(s.hasTag('open')).toBe(false),
    open: (s) => expect(s.hasTag('open')).toBe(true),
  },
});

describe('allergenPicker (pinned)', () => {
  it('starts closed with the stored allergens, cleaned and in the list’s order', () => {
    const actor = createActor(machine, { input: { selected: ['milk', 'peanuts', 'milk', 'x' as AllergenId] } }).start();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.selected).toEqual(['peanuts', 'milk']);
  });
  it('a checkbox does nothing while closed; open, each tick and untick is written', () => {
    world.effects.length = 0;
    const actor = createActor(machine, { input: { selected: [] } }).start();
    actor.send({ type: 'allergen.toggle', allergen: 'peanuts' });
    expect(world.effects).toEqual([]);
    actor.send({ type: 'picker.toggle' });
    actor.send({ type: 'allergen.toggle', allergen: 'sesame' });
    actor.send({ type: 'allergen.toggle', allergen: 'peanuts' });
    actor.send({ type: 'allergen.toggle', allergen: 'sesame' });
    expect(world.effects).toEqual([
      ['persistSelection', ['sesame']],
      ['persistSelection', ['peanuts', 'sesame']],
      ['persistSelection', ['peanuts']],
    ]);
    actor.send({ type: 'picker.close' });
    expect(actor.getSnapshot().value).toBe('closed');
  });
  it('without a provided persistSelection, a tick fails loudly, naming what to provide', () => {
    expect(
      failureAfter(allergenPickerMachine, { selected: [] }, [
        { type: 'picker.toggle' },
        { type: 'allergen.toggle', allergen: 'milk' },
      ]),
    ).toContain('allergenPicker: provide persistSelection');
  });
});
