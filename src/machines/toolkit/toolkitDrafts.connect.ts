/**
 * The Tool Kit forms' drafts as their views need them (issue 25): for each form, whether its values
 * came back from a saved draft (`restored`: show "Draft restored." with Discard draft), whether it
 * holds unsaved typing (`dirty`: ask before leaving the page), and `discard`. Pure: state + send.
 */
import type { SnapshotFrom } from 'xstate';
import { hasInventoryPick, type inventoryIngredientsMachine } from './inventoryIngredients.machine';
import type { menuNotesMachine } from './menuNotes.machine';
import { hasPriceTyping, hasRatesTyping, type pricingMachine } from './pricing.machine';
import { hasSpecialtyTyping, type specialtyIngredientsMachine } from './specialtyIngredients.machine';

export interface DraftView {
  restored: boolean;
  dirty: boolean;
  discard: () => void;
}

type Send<E> = (event: E) => void;

export function inventoryDraft(
  s: SnapshotFrom<typeof inventoryIngredientsMachine>,
  send: Send<{ type: 'draft.discard' }>,
): DraftView {
  return {
    restored: s.context.draftRestored,
    dirty: hasInventoryPick(s.context),
    discard: () => send({ type: 'draft.discard' }),
  };
}

export function specialtyDraft(
  s: SnapshotFrom<typeof specialtyIngredientsMachine>,
  send: Send<{ type: 'draft.discard' }>,
): DraftView {
  return {
    restored: s.context.draftRestored,
    dirty: hasSpecialtyTyping(s.context),
    discard: () => send({ type: 'draft.discard' }),
  };
}

export function menuDraft(
  s: SnapshotFrom<typeof menuNotesMachine>,
  send: Send<{ type: 'menu.discardDraft' }>,
): DraftView {
  return {
    restored: s.context.menuRestored,
    dirty: s.context.menuText !== '',
    discard: () => send({ type: 'menu.discardDraft' }),
  };
}

export function noteDraft(
  s: SnapshotFrom<typeof menuNotesMachine>,
  send: Send<{ type: 'note.discardDraft' }>,
): DraftView {
  return {
    restored: s.context.noteRestored,
    dirty: s.context.noteText !== '',
    discard: () => send({ type: 'note.discardDraft' }),
  };
}

export function priceDraft(s: SnapshotFrom<typeof pricingMachine>, send: Send<{ type: 'draft.discard' }>): DraftView {
  return {
    restored: s.context.draftRestored,
    dirty: hasPriceTyping(s.context),
    discard: () => send({ type: 'draft.discard' }),
  };
}

export function ratesDraft(
  s: SnapshotFrom<typeof pricingMachine>,
  send: Send<{ type: 'rates.discardDraft' }>,
): DraftView {
  return {
    restored: s.context.ratesRestored,
    dirty: hasRatesTyping(s.context),
    discard: () => send({ type: 'rates.discardDraft' }),
  };
}
