/**
 * The allergen picker of one menu item (issue 21): the row's **Allergens** button opens a checkbox per
 * allergen; each tick or untick is written at once through the named `persistSelection` action (the
 * Menu tool gives it to the menu line by its id). Done or Escape closes it. Another tab's save of the
 * same row reaches it as `selected.change` and replaces the ticks, open or not.
 */
import { assertEvent, assign, setup } from 'xstate';
import { cleanAllergens, toggleAllergen, type AllergenId } from '../../domain/allergens';
import type { SecretsOf } from '../../domain/inspection';

export interface AllergenPickerContext {
  /** The allergens ticked, in the list's order. */
  selected: AllergenId[];
}

export type AllergenPickerEvent =
  /** The row's Allergens button (opens, or closes when open). */
  | { type: 'picker.toggle' }
  /** The picker's Done button or Escape. */
  | { type: 'picker.close' }
  /** A checkbox of the picker. */
  | { type: 'allergen.toggle'; allergen: AllergenId }
  /** The row's allergens as stored now (another tab's save, or this tab's own coming back). */
  | { type: 'selected.change'; selected: AllergenId[] };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const allergenPickerSecrets = {
  events: { 'allergen.toggle': [], 'selected.change': [] },
} as const satisfies SecretsOf<AllergenPickerEvent, AllergenPickerContext>;

export const allergenPickerMachine = setup({
  types: {
    context: {} as AllergenPickerContext,
    events: {} as AllergenPickerEvent,
    input: {} as { selected: AllergenId[] },
    tags: {} as 'open',
  },
  actions: {
    toggle: assign({
      selected: ({ context, event }) => {
        assertEvent(event, 'allergen.toggle');
        return toggleAllergen(context.selected, event.allergen);
      },
    }),
    setSelected: assign({
      selected: ({ event }) => {
        assertEvent(event, 'selected.change');
        return cleanAllergens(event.selected);
      },
    }),
    /** Writes the ticked allergens to the item. */
    persistSelection: () => {
      throw new Error('allergenPicker: provide persistSelection');
    },
  },
}).createMachine({
  id: 'allergenPicker',
  meta: { secrets: allergenPickerSecrets },
  context: ({ input }) => ({ selected: cleanAllergens(input.selected) }),
  initial: 'closed',
  on: { 'selected.change': { actions: 'setSelected' } },
  states: {
    closed: { on: { 'picker.toggle': 'open' } },
    open: {
      tags: ['open'],
      on: {
        'picker.toggle': 'closed',
        'picker.close': 'closed',
        'allergen.toggle': { actions: ['toggle', 'persistSelection'] },
      },
    },
  },
});
