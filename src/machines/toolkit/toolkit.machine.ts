/**
 * The Tool Kit overlay of one event: six independent toggles (Choose Event Image, Ingredients, Menu,
 * Notes, Pricing, Staff), one parallel region each. Each shown region carries a tag naming its panel; with no
 * tag the overlay shows the hint to click the buttons above.
 */
import { setup } from 'xstate';
import type { SecretsOf } from '../../domain/inspection';

export type ToolkitPanel = 'image' | 'ingredients' | 'menu' | 'notes' | 'pricing' | 'staff';

export type ToolkitEvent =
  /** The Choose Event Image toggle button. */
  | { type: 'image.toggle' }
  /** The Ingredients toggle button. */
  | { type: 'ingredients.toggle' }
  /** The Menu toggle button. */
  | { type: 'menu.toggle' }
  /** The Notes toggle button. */
  | { type: 'notes.toggle' }
  /** The Pricing toggle button. */
  | { type: 'pricing.toggle' }
  /** The Staff toggle button (issue 21). */
  | { type: 'staff.toggle' };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const toolkitSecrets = { events: {} } as const satisfies SecretsOf<ToolkitEvent>;

export const toolkitMachine = setup({
  types: { events: {} as ToolkitEvent },
}).createMachine({
  id: 'toolkit',
  meta: { secrets: toolkitSecrets },
  type: 'parallel',
  states: {
    image: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'image.toggle': 'shown' } },
        shown: { tags: ['image'], on: { 'image.toggle': 'hidden' } },
      },
    },
    ingredients: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'ingredients.toggle': 'shown' } },
        shown: { tags: ['ingredients'], on: { 'ingredients.toggle': 'hidden' } },
      },
    },
    menu: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'menu.toggle': 'shown' } },
        shown: { tags: ['menu'], on: { 'menu.toggle': 'hidden' } },
      },
    },
    notes: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'notes.toggle': 'shown' } },
        shown: { tags: ['notes'], on: { 'notes.toggle': 'hidden' } },
      },
    },
    pricing: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'pricing.toggle': 'shown' } },
        shown: { tags: ['pricing'], on: { 'pricing.toggle': 'hidden' } },
      },
    },
    staff: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'staff.toggle': 'shown' } },
        shown: { tags: ['staff'], on: { 'staff.toggle': 'hidden' } },
      },
    },
  },
});
