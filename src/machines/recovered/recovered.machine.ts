/**
 * The Recovered data screen: the list of set-aside entries (hydrated through input, refreshed on
 * `storage.change`) and one selected entry at a time, which is viewed, edited (draft text with a live
 * check) and put back, or discarded after a confirmation. Putting back and discarding are actors
 * provided by the hook; their refusals (id taken, write failed) are states the screen shows.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { RecoveredEntry } from '../../storage/recovered';
/** The entry this machine lists, for the views (which do not import src/storage). */
export type { RecoveredEntry };
import type { CheckResult, DiscardResult, PutBackResult } from '../../storage/recoveredActions';
import type { SecretsOf } from '../../domain/inspection';

export type CheckText = (entry: RecoveredEntry, text: string) => CheckResult;

export interface RecoveredInput {
  entries: RecoveredEntry[];
  /** How a reader of the entry's key checks a text (pure). */
  check: CheckText;
}

export interface RecoveredContext {
  entries: RecoveredEntry[];
  check: CheckText;
  /** The entry being viewed, edited or discarded (kept as it was when chosen: a put back removes it from the list before the result arrives); null while browsing. */
  selected: RecoveredEntry | null;
  draft: string;
  /** The live check of the draft; null when not editing. */
  validation: CheckResult | null;
  /** Why the last put back or discard was refused. */
  refusal: string | null;
}

export interface PutBackInput {
  entry: RecoveredEntry;
  text: string;
  replace: boolean;
}

export type RecoveredEvent =
  /** View button of an entry. */
  | { type: 'entry.view'; entryKey: string }
  /** Hide button of the viewed entry. */
  | { type: 'view.close' }
  /** Edit button of an entry. */
  | { type: 'entry.edit'; entryKey: string }
  /** Discard button of an entry. */
  | { type: 'entry.discard'; entryKey: string }
  /** Download button of an entry. */
  | { type: 'entry.download'; entryKey: string }
  /** Typing in the "Text of this value" textarea. */
  | { type: 'draft.change'; text: string }
  /** Put back button under the textarea. */
  | { type: 'edit.putBack' }
  /** "Replace the existing one", offered when a record with the same id is already there. */
  | { type: 'edit.replace' }
  /** Cancel button under the textarea. */
  | { type: 'edit.cancel' }
  /** Discard button of the confirmation. */
  | { type: 'discard.confirm' }
  /** "Keep it" button of the confirmation (or Escape). */
  | { type: 'discard.cancel' }
  /** The set-aside entries changed (this tab or another; the storage watcher). */
  | { type: 'storage.change'; entries: RecoveredEntry[] };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const recoveredSecrets = {
  events: {
    'entry.view': [],
    'entry.edit': [],
    'entry.discard': [],
    'entry.download': [],
    'draft.change': [],
    'storage.change': [],
  },
} as const satisfies SecretsOf<RecoveredEvent, RecoveredContext>;

const entryOf = (context: RecoveredContext, entryKey: string) => context.entries.find((e) => e.entryKey === entryKey);
const selectedEntry = (context: RecoveredContext): RecoveredEntry => {
  if (!context.selected) throw new Error('recovered: no selected entry');
  return context.selected;
};
const refusalOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// A fresh copy per state: each state's transitions are its own (diagrams and coverage tell them apart).
const open = () =>
  ({
    'entry.view': { guard: 'hasEntry', target: '#recovered.viewing', actions: 'selectEntry' },
    'entry.edit': { guard: 'hasEntry', target: '#recovered.editing', actions: ['selectEntry', 'startDraft'] },
    'entry.discard': { guard: 'hasEntry', target: '#recovered.confirmingDiscard', actions: 'selectEntry' },
  }) as const;
// While a write runs, only the list is refreshed: its own change must not end the state that waits for the result.
const busy = () => ({ 'storage.change': { actions: 'setEntries' } }) as const;

export const recoveredMachine = setup({
  types: {
    context: {} as RecoveredContext,
    events: {} as RecoveredEvent,
    input: {} as RecoveredInput,
    tags: {} as 'viewing' | 'editing' | 'busy' | 'id taken' | 'confirm discard' | 'refused',
  },
  actions: {
    setEntries: assign({
      entries: ({ context, event }) => (event.type === 'storage.change' ? event.entries : context.entries),
    }),
    selectEntry: assign({
      selected: ({ context, event }) =>
        'entryKey' in event ? (entryOf(context, event.entryKey) ?? null) : context.selected,
      refusal: null,
    }),
    clearSelection: assign({ selected: null, draft: '', validation: null, refusal: null }),
    startDraft: assign(({ context }) => {
      const entry = selectedEntry(context);
      return { draft: entry.text, validation: context.check(entry, entry.text) };
    }),
    setDraft: assign(({ context, event }) => {
      if (event.type !== 'draft.change') return {};
      return { draft: event.text, validation: context.check(selectedEntry(context), event.text), refusal: null };
    }),
    setRefusal: assign({ refusal: (_, params: { message: string }) => params.message }),
    removeSelected: assign({
      entries: ({ context }) => context.entries.filter((e) => e.entryKey !== context.selected?.entryKey),
    }),
    downloadEntry: (_, _params: { entry: RecoveredEntry }) => {
      throw new Error('recovered: provide downloadEntry');
    },
    notifyPutBack: (_, _params: { entry: RecoveredEntry; result: PutBackResult }) => {
      throw new Error('recovered: provide notifyPutBack');
    },
    notifyDiscarded: (_, _params: { entry: RecoveredEntry }) => {
      throw new Error('recovered: provide notifyDiscarded');
    },
  },
  guards: {
    hasEntry: ({ context, event }) => 'entryKey' in event && entryOf(context, event.entryKey) !== undefined,
    isDraftValid: ({ context }) => context.validation?.ok === true,
    isSelectedGone: ({ context, event }) =>
      context.selected !== null &&
      !(event.type === 'storage.change' ? event.entries : context.entries).some(
        (e) => e.entryKey === context.selected?.entryKey,
      ),
    isPutBack: (_, params: { result: PutBackResult }) => params.result.ok,
    isIdTaken: (_, params: { result: PutBackResult }) => !params.result.ok && params.result.reason === 'taken',
    isDiscarded: (_, params: { result: DiscardResult }) => params.result.ok,
  },
  actors: {
    putBack: fromPromise<PutBackResult, PutBackInput>(async () => {
      throw new Error('recovered: provide putBack');
    }),
    discard: fromPromise<DiscardResult, { entry: RecoveredEntry }>(async () => {
      throw new Error('recovered: provide discard');
    }),
    /** Sends `storage.change` with the current entries whenever storage changes or something is set aside. */
    watchStorage: fromCallback(() => {
      throw new Error('recovered: provide watchStorage');
    }),
  },
}).createMachine({
  id: 'recovered',
  meta: { secrets: recoveredSecrets },
  context: ({ input }) => ({
    entries: input.entries,
    check: input.check,
    selected: null,
    draft: '',
    validation: null,
    refusal: null,
  }),
  invoke: { id: 'storageWatch', src: 'watchStorage' },
  on: {
    'entry.download': {
      guard: 'hasEntry',
      actions: {
        type: 'downloadEntry',
        params: ({ context, event }) => ({ entry: entryOf(context, event.entryKey)! }),
      },
    },
    'storage.change': [
      // Another tab put back or discarded the selected entry: there is nothing left to act on.
      { guard: 'isSelectedGone', target: '.browsing', actions: ['setEntries', 'clearSelection'] },
      { actions: 'setEntries' },
    ],
  },
  initial: 'browsing',
  states: {
    browsing: {
      on: { ...open() },
    },
    viewing: {
      tags: ['viewing'],
      on: {
        ...open(),
        'view.close': { target: 'browsing', actions: 'clearSelection' },
      },
    },
    editing: {
      tags: ['editing'],
      initial: 'drafting',
      states: {
        drafting: {
          on: {
            'draft.change': { actions: 'setDraft' },
            'edit.putBack': { guard: 'isDraftValid', target: 'puttingBack' },
            'edit.cancel': { target: '#recovered.browsing', actions: 'clearSelection' },
          },
        },
        puttingBack: {
          tags: ['busy'],
          on: busy(),
          invoke: {
            id: 'putBack',
            src: 'putBack',
            input: ({ context }) => ({ entry: selectedEntry(context), text: context.draft, replace: false }),
            onDone: [
              {
                guard: { type: 'isPutBack', params: ({ event }) => ({ result: event.output }) },
                target: '#recovered.browsing',
                actions: [
                  {
                    type: 'notifyPutBack',
                    params: ({ context, event }) => ({ entry: selectedEntry(context), result: event.output }),
                  },
                  'removeSelected',
                  'clearSelection',
                ],
              },
              { guard: 'isSelectedGone', target: '#recovered.browsing', actions: 'clearSelection' },
              {
                guard: { type: 'isIdTaken', params: ({ event }) => ({ result: event.output }) },
                target: 'idTaken',
                actions: {
                  type: 'setRefusal',
                  params: ({ event }) => ({ message: event.output.ok ? '' : event.output.message }),
                },
              },
              {
                target: 'putBackFailed',
                actions: {
                  type: 'setRefusal',
                  params: ({ event }) => ({ message: event.output.ok ? '' : event.output.message }),
                },
              },
            ],
            onError: [
              { guard: 'isSelectedGone', target: '#recovered.browsing', actions: 'clearSelection' },
              {
                target: 'putBackFailed',
                actions: { type: 'setRefusal', params: ({ event }) => ({ message: refusalOf(event.error) }) },
              },
            ],
          },
        },
        // A record with the same id is already there: replace it, or change the draft (its id) and try again.
        idTaken: {
          tags: ['id taken', 'refused'],
          on: {
            'edit.replace': { target: 'replacing' },
            'draft.change': { target: 'drafting', actions: 'setDraft' },
            'edit.cancel': { target: '#recovered.browsing', actions: 'clearSelection' },
          },
        },
        replacing: {
          tags: ['busy'],
          on: busy(),
          invoke: {
            id: 'replace',
            src: 'putBack',
            input: ({ context }) => ({ entry: selectedEntry(context), text: context.draft, replace: true }),
            onDone: [
              {
                guard: { type: 'isPutBack', params: ({ event }) => ({ result: event.output }) },
                target: '#recovered.browsing',
                actions: [
                  {
                    type: 'notifyPutBack',
                    params: ({ context, event }) => ({ entry: selectedEntry(context), result: event.output }),
                  },
                  'removeSelected',
                  'clearSelection',
                ],
              },
              { guard: 'isSelectedGone', target: '#recovered.browsing', actions: 'clearSelection' },
              {
                target: 'putBackFailed',
                actions: {
                  type: 'setRefusal',
                  params: ({ event }) => ({ message: event.output.ok ? '' : event.output.message }),
                },
              },
            ],
            onError: [
              { guard: 'isSelectedGone', target: '#recovered.browsing', actions: 'clearSelection' },
              {
                target: 'putBackFailed',
                actions: { type: 'setRefusal', params: ({ event }) => ({ message: refusalOf(event.error) }) },
              },
            ],
          },
        },
        // The write failed (storage full, ...): the draft is kept to try again.
        putBackFailed: {
          tags: ['refused'],
          on: {
            'edit.putBack': { guard: 'isDraftValid', target: 'puttingBack' },
            'draft.change': { target: 'drafting', actions: 'setDraft' },
            'edit.cancel': { target: '#recovered.browsing', actions: 'clearSelection' },
          },
        },
      },
    },
    confirmingDiscard: {
      tags: ['confirm discard'],
      on: {
        'discard.confirm': { target: 'discarding' },
        'discard.cancel': { target: 'browsing', actions: 'clearSelection' },
      },
    },
    discarding: {
      tags: ['busy', 'confirm discard'],
      on: busy(),
      invoke: {
        id: 'discard',
        src: 'discard',
        input: ({ context }) => ({ entry: selectedEntry(context) }),
        onDone: [
          {
            guard: { type: 'isDiscarded', params: ({ event }) => ({ result: event.output }) },
            target: 'browsing',
            actions: [
              { type: 'notifyDiscarded', params: ({ context }) => ({ entry: selectedEntry(context) }) },
              'removeSelected',
              'clearSelection',
            ],
          },
          { guard: 'isSelectedGone', target: 'browsing', actions: 'clearSelection' },
          {
            target: 'discardFailed',
            actions: {
              type: 'setRefusal',
              params: ({ event }) => ({ message: event.output.ok ? '' : event.output.error }),
            },
          },
        ],
        onError: [
          { guard: 'isSelectedGone', target: 'browsing', actions: 'clearSelection' },
          {
            target: 'discardFailed',
            actions: { type: 'setRefusal', params: ({ event }) => ({ message: refusalOf(event.error) }) },
          },
        ],
      },
    },
    // The confirmation stays open with the reason: Discard tries again, Keep it closes it.
    discardFailed: {
      tags: ['confirm discard', 'refused'],
      on: {
        'discard.confirm': { target: 'discarding' },
        'discard.cancel': { target: 'browsing', actions: 'clearSelection' },
      },
    },
  },
});
