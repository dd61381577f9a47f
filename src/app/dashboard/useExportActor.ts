/** One export actor per pair of Export JSON / Export CSV buttons, with the real file building, download and toasts. */
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  emptyCollectionMessage,
  EXPORT_TOAST_MS,
  exportFileName,
  exportSuccessMessage,
  type ExportFormat,
} from '../../domain/export';
import { buildExportBlob } from '../../domain/exportFile';
import { exportMachine, type BuiltFile } from '../../machines/export/export.machine';
import { notify } from '../../views/shell/toaster';
import { inspect } from '../../views/shell/inspector';
import { downloadBlob } from '../../views/shell/download';

// Here since the first exports; shared from shell/download.ts so other chunks need not carry the export machine.
export { downloadBlob };

const implementation = exportMachine.provide({
  actions: {
    downloadFile: ({ context }, { blob, format }) =>
      downloadBlob(blob, exportFileName(context.label, format ?? 'json')),
    notifySuccess: ({ context }) =>
      void notify({
        type: 'success',
        title: exportSuccessMessage(context.collection, context.format ?? 'json'),
        duration: EXPORT_TOAST_MS,
      }),
    notifyEmpty: ({ context }) =>
      void notify({ type: 'warning', title: emptyCollectionMessage(context.collection), duration: EXPORT_TOAST_MS }),
    notifyFailure: ({ context }, { error }) =>
      void notify({
        type: 'error',
        title: `${context.collection} could not be exported`,
        description: error instanceof Error ? error.message : String(error),
      }),
  },
  actors: {
    buildFile: fromPromise<BuiltFile, { rows: readonly unknown[]; format: ExportFormat }>(async ({ input }) => ({
      blob: await buildExportBlob(input.rows, input.format),
    })),
  },
});

export function useExport(
  collection: string,
  label: string,
  rows: (format: ExportFormat) => readonly unknown[] | null,
) {
  const ref = useActorRef(implementation, { input: { collection, label }, inspect });
  const exporting = useSelector(ref, (s) => s.hasTag('exporting'));
  return {
    exporting,
    exportAs: (format: ExportFormat) => ref.send({ type: 'export.start', format, rows: rows(format) }),
  };
}
