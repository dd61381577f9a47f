/**
 * One export, used by every Export JSON / Export CSV button (spec sections 5 and 9). `export.start`
 * carries the rows: none goes to `empty` (warning toast), otherwise `exporting` builds the file in an
 * actor (in a Web Worker, so the page keeps responding) and ends in `succeeded` (download + toast) or
 * `failed` (error toast). Every end state accepts the next `export.start`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ExportFormat } from '../../domain/export';
import type { SecretsOf } from '../../domain/inspection';

export interface ExportInput {
  /** Name used in the toasts ('inventoryItems', 'UpcomingEvents'). */
  collection: string;
  /** File name stem: {label}_data.json. */
  label: string;
}

export interface ExportContext extends ExportInput {
  format: ExportFormat | null;
  rows: readonly unknown[];
}

export interface BuiltFile {
  blob: Blob;
}

export type ExportEvent =
  /** An Export JSON / Export CSV button, with the rows the panel shows (null when the key is missing). */
  { type: 'export.start'; format: ExportFormat; rows: readonly unknown[] | null };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const exportSecrets = { events: { 'export.start': [] } } as const satisfies SecretsOf<
  ExportEvent,
  ExportContext
>;

// A fresh copy per state: each state's transitions are its own (diagrams and coverage tell them apart).
const start = () =>
  [
    { guard: 'hasRows', target: 'exporting', actions: 'setRequest' },
    { target: 'empty', actions: 'notifyEmpty' },
  ] as const;

export const exportMachine = setup({
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
    input: {} as ExportInput,
  },
  actions: {
    setRequest: assign({
      format: ({ event }) => event.format,
      rows: ({ event }) => event.rows ?? [],
    }),
    // The rows can be large: let them go once the file exists.
    clearRows: assign({ rows: () => [] as readonly unknown[] }),
    downloadFile: (_, _params: { blob: Blob; format: ExportFormat | null }) => {
      throw new Error('export: provide downloadFile');
    },
    notifySuccess: () => {
      throw new Error('export: provide notifySuccess');
    },
    notifyEmpty: () => {
      throw new Error('export: provide notifyEmpty');
    },
    notifyFailure: (_, _params: { error: unknown }) => {
      throw new Error('export: provide notifyFailure');
    },
  },
  guards: {
    hasRows: ({ event }) => Array.isArray(event.rows) && event.rows.length > 0,
  },
  actors: {
    buildFile: fromPromise<BuiltFile, { rows: readonly unknown[]; format: ExportFormat }>(async () => {
      throw new Error('export: provide buildFile');
    }),
  },
}).createMachine({
  id: 'export',
  meta: { secrets: exportSecrets },
  context: ({ input }) => ({ collection: input.collection, label: input.label, format: null, rows: [] }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'export.start': [...start()] },
    },
    exporting: {
      tags: ['exporting'],
      invoke: {
        id: 'buildFile',
        src: 'buildFile',
        input: ({ context }) => ({ rows: context.rows, format: context.format ?? 'json' }),
        onDone: {
          target: 'succeeded',
          actions: [
            {
              type: 'downloadFile',
              params: ({ context, event }) => ({ blob: event.output.blob, format: context.format }),
            },
            'notifySuccess',
            'clearRows',
          ],
        },
        onError: {
          target: 'failed',
          actions: [{ type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }, 'clearRows'],
        },
      },
    },
    succeeded: {
      tags: ['done'],
      on: { 'export.start': [...start()] },
    },
    // Nothing to export: the warning toast is shown, no file is made.
    empty: {
      tags: ['done'],
      on: { 'export.start': [...start()] },
    },
    failed: {
      tags: ['done', 'error'],
      on: { 'export.start': [...start()] },
    },
  },
});
