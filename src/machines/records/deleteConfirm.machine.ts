/**
 * Deleting a record that others point at (issue 11: a supplier its inventory items use). A request
 * for a record nothing uses deletes at once, as the spec says; one with dependents opens
 * `confirming`, which says how many records use it and what happens to them, and only Delete there
 * releases the dependents and deletes it. Which record book to delete from is the provider's business.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { SecretsOf } from '../../domain/inspection';

export interface PendingDelete {
  /** The record's key in its record book. */
  id: string;
  /** What the record is called ('Acme Foods'). */
  title: string;
  /** How many records point at it, counted when Delete was pressed. */
  dependents: number;
  /** What the confirmation says ('3 inventory items use Acme Foods. They will keep the name…'). */
  message: string;
}

export interface DeleteConfirmContext {
  /** The record asked about: set in `confirming`, and during the delete actions. */
  pending: PendingDelete | null;
}

export type DeleteConfirmEvent =
  /** A card's Delete button, with the dependents counted by the page. */
  | ({ type: 'delete.request' } & PendingDelete)
  /** The confirmation's Delete button. */
  | { type: 'delete.confirm' }
  /** The confirmation's Keep button, Escape or a click outside. */
  | { type: 'delete.cancel' };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const deleteConfirmSecrets = { events: { 'delete.request': [] } } as const satisfies SecretsOf<
  DeleteConfirmEvent,
  DeleteConfirmContext
>;

const stub = (name: string) => () => {
  throw new Error(`deleteConfirm: provide ${name}`);
};

export const deleteConfirmMachine = setup({
  types: {
    context: {} as DeleteConfirmContext,
    events: {} as DeleteConfirmEvent,
    tags: {} as 'confirm delete',
  },
  actions: {
    setPending: assign({
      pending: ({ event }) => {
        assertEvent(event, 'delete.request');
        return { id: event.id, title: event.title, dependents: event.dependents, message: event.message };
      },
    }),
    clearPending: assign({ pending: () => null }),
    /** Deletes `pending` from its record book. */
    deleteRecord: stub('deleteRecord'),
    /** Updates the records that pointed at `pending` (a deleted supplier's items lose its id, keep its name). */
    releaseDependents: stub('releaseDependents'),
  },
  guards: {
    hasDependents: ({ event }) => event.type === 'delete.request' && event.dependents > 0,
  },
}).createMachine({
  id: 'deleteConfirm',
  meta: { secrets: deleteConfirmSecrets },
  context: { pending: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'delete.request': [
          { guard: 'hasDependents', target: 'confirming', actions: 'setPending' },
          // Nothing points at it: deleted at once, without a question (spec section 4).
          { actions: ['setPending', 'deleteRecord', 'clearPending'] },
        ],
      },
    },
    confirming: {
      tags: ['confirm delete'],
      on: {
        'delete.confirm': { target: 'idle', actions: ['releaseDependents', 'deleteRecord', 'clearPending'] },
        'delete.cancel': { target: 'idle', actions: 'clearPending' },
      },
    },
  },
});
