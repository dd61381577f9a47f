/**
 * Changes waiting for room (issue 25, item 12): a change that could not be saved because storage was
 * full is kept (src/storage/pendingStore.ts) and offered back on every signed-in page until it is
 * saved or discarded: "Retry saving" (once there is room), "Download" (a JSON file of the change) and
 * "Discard" (after a confirmation). `loading` reads the account's kept changes (an actor); the list is
 * read again when it changes (`pending.changed`, from the watcher). Retrying and discarding are actors
 * provided by the app layer; a retry that finds no room yet (or records changed since) leaves the
 * change offered, with a note saying why.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { PendingChange, RetryResult } from '../../storage/pendingStore';
import type { SecretsOf } from '../../domain/inspection';

/** A kept change, for the views (which do not import src/storage). */
export type { PendingChange, RetryResult };

export interface PendingChangesContext {
  changes: PendingChange[];
  /** The change being retried or discarded. */
  selected: PendingChange | null;
  /** Per change id: why its last retry did not save all of it. */
  notes: Record<string, string>;
  /** Why the kept changes could not be read, or a discard failed. */
  problem: string | null;
}

export type PendingChangesEvent =
  /** "Retry saving" of a change. */
  | { type: 'change.retry'; id: string }
  /** "Download" of a change. */
  | { type: 'change.download'; id: string }
  /** "Discard" of a change: asks first. */
  | { type: 'change.discard'; id: string }
  /** "Discard" of the confirmation. */
  | { type: 'discard.confirm' }
  /** "Keep it" of the confirmation. */
  | { type: 'discard.cancel' }
  /** The kept changes changed (the watcher read them again). */
  | { type: 'pending.changed'; changes: PendingChange[] };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const pendingChangesSecrets = {
  events: {
    'change.retry': [],
    'change.download': [],
    'change.discard': [],
    'pending.changed': [],
  },
} as const satisfies SecretsOf<PendingChangesEvent, PendingChangesContext>;

/** What a retry's result says under the change, or null when it was saved whole. */
export function retryNote(result: RetryResult): string | null {
  if (!result.ok && result.reason === 'quota')
    return 'Storage is still full, so it was not saved. Free some room, then retry saving.';
  if (!result.ok) return result.message;
  if (result.conflicts === 0) return null;
  return result.conflicts === 1
    ? 'Saved, except one record (or value) that was changed since: it kept its newer version. Download this change to compare, then discard it.'
    : `Saved, except ${result.conflicts} records that were changed since: they kept their newer version. Download this change to compare, then discard it.`;
}

const changeOf = (context: PendingChangesContext, id: string) => context.changes.find((c) => c.id === id);
const selectedChange = (context: PendingChangesContext): PendingChange => {
  if (!context.selected) throw new Error('pendingChanges: no selected change');
  return context.selected;
};
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const pendingChangesMachine = setup({
  types: {
    context: {} as PendingChangesContext,
    events: {} as PendingChangesEvent,
    tags: {} as 'busy' | 'confirm discard',
  },
  actions: {
    setChanges: assign({
      changes: (_, params: { changes: PendingChange[] }) => params.changes,
      notes: ({ context }, params: { changes: PendingChange[] }) =>
        Object.fromEntries(Object.entries(context.notes).filter(([id]) => params.changes.some((c) => c.id === id))),
      problem: null,
    }),
    select: assign({
      selected: ({ context, event }) => ('id' in event ? (changeOf(context, event.id) ?? null) : null),
    }),
    clearSelection: assign({ selected: null }),
    removeSelected: assign({
      changes: ({ context }) => context.changes.filter((c) => c.id !== context.selected?.id),
      notes: ({ context }) =>
        Object.fromEntries(Object.entries(context.notes).filter(([id]) => id !== context.selected?.id)),
    }),
    setNote: assign({
      notes: ({ context }, params: { note: string | null }) => {
        const id = selectedChange(context).id;
        const { [id]: _old, ...rest } = context.notes;
        return params.note === null ? rest : { ...rest, [id]: params.note };
      },
    }),
    setProblem: assign({ problem: (_, params: { message: string }) => params.message }),
    downloadChange: (_, _params: { change: PendingChange }) => {
      throw new Error('pendingChanges: provide downloadChange');
    },
    notifySaved: (_, _params: { change: PendingChange }) => {
      throw new Error('pendingChanges: provide notifySaved');
    },
    notifyDiscarded: (_, _params: { change: PendingChange }) => {
      throw new Error('pendingChanges: provide notifyDiscarded');
    },
  },
  guards: {
    hasChange: ({ context, event }) => 'id' in event && changeOf(context, event.id) !== undefined,
    isSavedWhole: (_, params: { result: RetryResult }) => params.result.ok && params.result.conflicts === 0,
  },
  actors: {
    list: fromPromise<PendingChange[]>(async () => {
      throw new Error('pendingChanges: provide list');
    }),
    retry: fromPromise<RetryResult, { change: PendingChange }>(async () => {
      throw new Error('pendingChanges: provide retry');
    }),
    discard: fromPromise<void, { change: PendingChange }>(async () => {
      throw new Error('pendingChanges: provide discard');
    }),
    /** Sends `pending.changed` with the account's kept changes whenever they change. */
    watch: fromCallback(() => {
      throw new Error('pendingChanges: provide watch');
    }),
  },
}).createMachine({
  id: 'pendingChanges',
  meta: { secrets: pendingChangesSecrets },
  context: { changes: [], selected: null, notes: {}, problem: null },
  invoke: { id: 'watch', src: 'watch' },
  on: {
    'pending.changed': { actions: { type: 'setChanges', params: ({ event }) => ({ changes: event.changes }) } },
    'change.download': {
      guard: 'hasChange',
      actions: { type: 'downloadChange', params: ({ context, event }) => ({ change: changeOf(context, event.id)! }) },
    },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'list',
        src: 'list',
        onDone: { target: 'idle', actions: { type: 'setChanges', params: ({ event }) => ({ changes: event.output }) } },
        onError: {
          target: 'idle',
          actions: {
            type: 'setProblem',
            params: ({ event }) => ({
              message: `Changes kept while storage was full could not be read: ${messageOf(event.error)}`,
            }),
          },
        },
      },
    },
    idle: {
      on: {
        'change.retry': { guard: 'hasChange', target: 'retrying', actions: 'select' },
        'change.discard': { guard: 'hasChange', target: 'confirmingDiscard', actions: 'select' },
      },
    },
    retrying: {
      tags: ['busy'],
      invoke: {
        id: 'retry',
        src: 'retry',
        input: ({ context }) => ({ change: selectedChange(context) }),
        onDone: [
          {
            guard: { type: 'isSavedWhole', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: [
              { type: 'notifySaved', params: ({ context }) => ({ change: selectedChange(context) }) },
              'removeSelected',
              'clearSelection',
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'setNote', params: ({ event }) => ({ note: retryNote(event.output) }) },
              'clearSelection',
            ],
          },
        ],
        onError: {
          target: 'idle',
          actions: [{ type: 'setNote', params: ({ event }) => ({ note: messageOf(event.error) }) }, 'clearSelection'],
        },
      },
    },
    confirmingDiscard: {
      tags: ['confirm discard'],
      on: {
        'discard.confirm': { target: 'discarding' },
        'discard.cancel': { target: 'idle', actions: 'clearSelection' },
      },
    },
    discarding: {
      tags: ['busy'],
      invoke: {
        id: 'discard',
        src: 'discard',
        input: ({ context }) => ({ change: selectedChange(context) }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notifyDiscarded', params: ({ context }) => ({ change: selectedChange(context) }) },
            'removeSelected',
            'clearSelection',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'setProblem',
              params: ({ event }) => ({ message: `The change could not be discarded: ${messageOf(event.error)}` }),
            },
            'clearSelection',
          ],
        },
      },
    },
  },
});
