/** The backup/restore actor with its side effects (storage, file download, toasts) and a small api for BackupPanel. */
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { version as appVersion } from '../../../package.json';
import {
  backupFileName,
  buildBackup,
  previewRestore,
  readBackup,
  serialiseBackup,
  withSampleEvents,
} from '../../domain/backup';
import { toISODate } from '../../domain/eventDates';
import { sampleEvents } from '../../domain/sampleEvents';
import { restoreMachine, type BuiltBackup, type ReadOutput } from '../../machines/backup/restore.machine';
import { readAppData, replaceAppData } from '../../storage/batch';
import { unreadableRecords } from '../../storage/keys';
import { notify } from '../../views/shell/toaster';
import { downloadBlob } from './useExportActor';
import { inspect } from '../../views/shell/inspector';

/**
 * The machine with the parts that touch storage, shared by the page and the hand-written machine tests
 * (which pass a fake Storage and provide the toasts). Without `storage`, window.localStorage.
 */
export function withStorage(storage?: Storage) {
  return restoreMachine.provide({
    actors: {
      buildBackup: fromPromise<BuiltBackup>(async () => {
        const now = new Date();
        // Issue 25: the events as every page reads them, built-in samples never saved included.
        const data = withSampleEvents(readAppData(storage), sampleEvents(toISODate(now)));
        const doc = await buildBackup(data, now, appVersion);
        return { text: serialiseBackup(doc), fileName: backupFileName(now) };
      }),
      readBackupFile: fromPromise<ReadOutput, { file: Blob }>(async ({ input }) => {
        const result = await readBackup(await input.file.text());
        if (!result.ok) return { refusal: result.refusal, backup: null, preview: null };
        return {
          refusal: null,
          backup: result.backup,
          preview: previewRestore(readAppData(storage), result.backup.data, unreadableRecords),
        };
      }),
    },
    actions: {
      persistBackup: ({ context, self }) => {
        if (!context.backup)
          return self.send({
            type: 'restore.writeFailed',
            message: 'There is no checked backup to restore. Nothing was changed.',
          });
        const result = replaceAppData(context.backup.data, storage);
        self.send(
          result.ok
            ? { type: 'restore.written', previous: result.previous }
            : { type: 'restore.writeFailed', message: result.error.message },
        );
      },
      persistPrevious: ({ context, self }) => {
        if (!context.previous) return self.send({ type: 'undo.writeFailed', message: 'There is nothing to undo.' });
        const result = replaceAppData(context.previous, storage);
        self.send(result.ok ? { type: 'undo.written' } : { type: 'undo.writeFailed', message: result.error.message });
      },
    },
  });
}

const implementation = withStorage().provide({
  actions: {
    saveBackupFile: (_, { text, fileName }) => {
      downloadBlob(new Blob([text], { type: 'application/json' }), fileName);
      notify({ type: 'success', title: 'Backup downloaded', description: fileName });
    },
    notifyDownloadFailed: (_, { error }) =>
      void notify({
        type: 'error',
        title: 'The backup could not be made',
        description: error instanceof Error ? error.message : String(error),
      }),
    notifyRestored: () => void notify({ type: 'success', title: 'Backup restored' }),
    notifyUndone: () => void notify({ type: 'success', title: 'Restore undone: your earlier data is back' }),
  },
});

export function useRestore() {
  const ref = useActorRef(implementation, { inspect });
  const downloading = useSelector(ref, (s) => s.hasTag('downloading'));
  const reading = useSelector(ref, (s) => s.hasTag('reading'));
  const writing = useSelector(ref, (s) => s.hasTag('writing'));
  const refusal = useSelector(ref, (s) => (s.hasTag('show refusal') ? s.context.refusal : null));
  const preview = useSelector(ref, (s) => (s.hasTag('show preview') ? s.context.preview : null));
  const backup = useSelector(ref, (s) => (s.hasTag('show preview') ? s.context.backup : null));
  const failure = useSelector(ref, (s) => (s.hasTag('show failure') ? s.context.error : null));
  const restored = useSelector(ref, (s) => s.hasTag('show restored'));
  const undoError = useSelector(ref, (s) => (s.hasTag('show restored') ? s.context.error : null));
  const canUndo = useSelector(ref, (s) => s.can({ type: 'restore.undo' }));
  const canConfirm = useSelector(ref, (s) => s.can({ type: 'restore.confirm' }));
  return {
    downloading,
    reading,
    writing,
    refusal,
    preview,
    backup,
    failure,
    restored,
    undoError,
    canUndo,
    canConfirm,
    download: () => ref.send({ type: 'backup.download' }),
    choose: (file: Blob) => ref.send({ type: 'restore.choose', file }),
    confirm: () => ref.send({ type: 'restore.confirm' }),
    cancel: () => ref.send({ type: 'restore.cancel' }),
    dismiss: () => ref.send({ type: 'restore.dismiss' }),
    undo: () => ref.send({ type: 'restore.undo' }),
  };
}
