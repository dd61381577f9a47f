/**
 * Backup and verified restore, two independent regions. `download`: Download backup builds the file in
 * an actor (reads every app key, checksums it) and saves it. `restore`: a chosen file is read and
 * verified in an actor; a refused file changes nothing, a good one shows what will change
 * (`previewing`) until Restore or Cancel. `writing` writes everything or nothing; `restored` keeps
 * the data from before for an Undo.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { AppData, Refusal, RestorePreview, VerifiedBackup } from '../../domain/backup';
import type { SecretsOf } from '../../domain/inspection';

export interface ReadOutput {
  /** Set when the file is refused; then nothing else is. */
  refusal: Refusal | null;
  backup: VerifiedBackup | null;
  preview: RestorePreview | null;
}

export interface BuiltBackup {
  /** The file's text. */
  text: string;
  fileName: string;
}

export interface RestoreContext {
  file: Blob | null;
  refusal: Refusal | null;
  backup: VerifiedBackup | null;
  preview: RestorePreview | null;
  /** The data from before the last restore, for Undo. */
  previous: AppData | null;
  /** Why the last write (restore or undo) failed. */
  error: string | null;
}

export type RestoreEvent =
  /** Download backup button. */
  | { type: 'backup.download' }
  /** Restore from backup: the file input's change. */
  | { type: 'restore.choose'; file: Blob }
  /** Restore button in the preview. */
  | { type: 'restore.confirm' }
  /** Cancel button in the preview. */
  | { type: 'restore.cancel' }
  /** Close on the refusal, failure or success message. */
  | { type: 'restore.dismiss' }
  /** Undo restore button. */
  | { type: 'restore.undo' }
  /** persistBackup: everything was written; `previous` is what was there before. */
  | { type: 'restore.written'; previous: AppData }
  /** persistBackup: a write failed and what was written was rolled back. */
  | { type: 'restore.writeFailed'; message: string }
  /** persistPrevious: the data from before the restore is back. */
  | { type: 'undo.written' }
  /** persistPrevious: putting it back failed (and was rolled back: the restored data stays). */
  | { type: 'undo.writeFailed'; message: string };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const restoreSecrets = {
  events: { 'restore.choose': [], 'restore.written': [], 'restore.writeFailed': [], 'undo.writeFailed': [] },
} as const satisfies SecretsOf<RestoreEvent, RestoreContext>;

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

const cleared = {
  file: null,
  refusal: null,
  backup: null,
  preview: null,
  previous: null,
  error: null,
} satisfies RestoreContext;

export const restoreMachine = setup({
  types: {
    context: {} as RestoreContext,
    events: {} as RestoreEvent,
  },
  actions: {
    setFile: assign(({ event }) => ({ ...cleared, file: event.type === 'restore.choose' ? event.file : null })),
    setRead: assign((_, output: ReadOutput) => ({
      file: null,
      refusal: output.refusal,
      backup: output.backup,
      preview: output.preview,
    })),
    setReadError: assign((_, { error }: { error: unknown }) => ({
      file: null,
      refusal: { reason: 'not-backup' as const, message: `The file could not be read: ${errorMessage(error)}` },
    })),
    // The verified data is written once; after that only what Undo needs is kept.
    setPrevious: assign(({ event }) => ({
      previous: event.type === 'restore.written' ? event.previous : null,
      backup: null,
      error: null,
    })),
    setError: assign(({ event }) => ({ error: 'message' in event ? event.message : null })),
    clearError: assign({ error: null }),
    clearAll: assign(() => cleared),
    saveBackupFile: (_, _params: BuiltBackup) => {
      throw new Error('restore: provide saveBackupFile');
    },
    notifyDownloadFailed: (_, _params: { error: unknown }) => {
      throw new Error('restore: provide notifyDownloadFailed');
    },
    /** Writes context.backup.data with storage/batch.ts and sends restore.written or restore.writeFailed. */
    persistBackup: () => {
      throw new Error('restore: provide persistBackup');
    },
    /** Writes context.previous back and sends undo.written or undo.writeFailed. */
    persistPrevious: () => {
      throw new Error('restore: provide persistPrevious');
    },
    notifyRestored: () => {
      throw new Error('restore: provide notifyRestored');
    },
    notifyUndone: () => {
      throw new Error('restore: provide notifyUndone');
    },
  },
  guards: {
    isRefused: (_, output: ReadOutput) => output.refusal !== null,
  },
  actors: {
    buildBackup: fromPromise<BuiltBackup>(async () => {
      throw new Error('restore: provide buildBackup');
    }),
    readBackupFile: fromPromise<ReadOutput, { file: Blob }>(async () => {
      throw new Error('restore: provide readBackupFile');
    }),
  },
}).createMachine({
  id: 'restore',
  meta: { secrets: restoreSecrets },
  type: 'parallel',
  context: cleared,
  states: {
    download: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'backup.download': 'preparing' },
        },
        preparing: {
          tags: ['downloading'],
          invoke: {
            id: 'buildBackup',
            src: 'buildBackup',
            onDone: { target: 'saved', actions: { type: 'saveBackupFile', params: ({ event }) => event.output } },
            onError: {
              target: 'failed',
              actions: { type: 'notifyDownloadFailed', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        saved: {
          on: { 'backup.download': 'preparing' },
        },
        failed: {
          on: { 'backup.download': 'preparing' },
        },
      },
    },
    restore: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'restore.choose': { target: 'reading', actions: 'setFile' } },
        },
        reading: {
          tags: ['reading'],
          invoke: {
            id: 'readBackupFile',
            src: 'readBackupFile',
            input: ({ context }) => ({ file: context.file ?? new Blob([]) }),
            onDone: [
              {
                guard: { type: 'isRefused', params: ({ event }) => event.output },
                target: 'refused',
                actions: { type: 'setRead', params: ({ event }) => event.output },
              },
              { target: 'previewing', actions: { type: 'setRead', params: ({ event }) => event.output } },
            ],
            onError: {
              target: 'refused',
              actions: { type: 'setReadError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        // Nothing was written: the reason is shown until the caterer closes it or picks another file.
        refused: {
          tags: ['show refusal'],
          on: {
            'restore.choose': { target: 'reading', actions: 'setFile' },
            'restore.dismiss': { target: 'idle', actions: 'clearAll' },
          },
        },
        previewing: {
          tags: ['show preview'],
          on: {
            'restore.confirm': 'writing',
            'restore.cancel': { target: 'idle', actions: 'clearAll' },
            'restore.choose': { target: 'reading', actions: 'setFile' },
          },
        },
        writing: {
          tags: ['writing'],
          entry: 'persistBackup',
          on: {
            'restore.written': { target: 'restored', actions: ['setPrevious', 'notifyRestored'] },
            'restore.writeFailed': { target: 'failed', actions: 'setError' },
          },
        },
        // The write was rolled back: the data is as it was before Restore.
        failed: {
          tags: ['show failure'],
          on: {
            'restore.choose': { target: 'reading', actions: 'setFile' },
            'restore.dismiss': { target: 'idle', actions: 'clearAll' },
          },
        },
        restored: {
          tags: ['show restored'],
          on: {
            'restore.undo': { target: 'undoing', actions: 'clearError' },
            'restore.dismiss': { target: 'idle', actions: 'clearAll' },
            // A new restore replaces the Undo: the data from before this one is what the next keeps.
            'restore.choose': { target: 'reading', actions: 'setFile' },
          },
        },
        undoing: {
          tags: ['writing'],
          entry: 'persistPrevious',
          on: {
            'undo.written': { target: 'idle', actions: ['clearAll', 'notifyUndone'] },
            // The undo was rolled back too: the restored data stays, and Undo can be tried again.
            'undo.writeFailed': { target: 'restored', actions: 'setError' },
          },
        },
      },
    },
  },
});
