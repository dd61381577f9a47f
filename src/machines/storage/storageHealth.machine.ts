/**
 * Storage health in the data view: `measuring` reads the sizes (an actor), then the data view shows
 * `healthy` or `nearlyFull` (80% or more: a warning with what to do), or `unknown` when the browser
 * cannot say. It measures again when the data changes (`health.refresh`).
 */
import { assign, fromPromise, setup } from 'xstate';
import { assessHealth, type HealthReport } from '../../domain/storageHealth';
import type { SecretsOf } from '../../domain/inspection';

export interface StorageMeasure {
  appBytes: number;
  localLimit: number;
  usage: number | null;
  quota: number | null;
  persisted: boolean | null;
}

export interface StorageHealthContext {
  report: HealthReport | null;
  persisted: boolean | null;
}

export type StorageHealthEvent =
  /** Data changed (this tab or another): measure again. */
  { type: 'health.refresh' };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const storageHealthSecrets = { events: {} } as const satisfies SecretsOf<
  StorageHealthEvent,
  StorageHealthContext
>;

export const storageHealthMachine = setup({
  types: { context: {} as StorageHealthContext, events: {} as StorageHealthEvent, tags: {} as 'warning' },
  actors: {
    measure: fromPromise<StorageMeasure>(async () => {
      throw new Error('storageHealth: provide measure');
    }),
  },
  actions: {
    setReport: assign((_, measure: StorageMeasure) => ({
      report: assessHealth(measure),
      persisted: measure.persisted,
    })),
  },
  guards: {
    isNearlyFull: ({ context }) => context.report?.nearlyFull === true,
  },
}).createMachine({
  id: 'storageHealth',
  meta: { secrets: storageHealthSecrets },
  context: { report: null, persisted: null },
  initial: 'measuring',
  states: {
    measuring: {
      invoke: {
        id: 'measure',
        src: 'measure',
        onDone: { target: 'measured', actions: { type: 'setReport', params: ({ event }) => event.output } },
        onError: { target: 'unknown' },
      },
    },
    measured: {
      always: [{ guard: 'isNearlyFull', target: 'nearlyFull' }, { target: 'healthy' }],
    },
    healthy: { on: { 'health.refresh': 'measuring' } },
    nearlyFull: { tags: ['warning'], on: { 'health.refresh': 'measuring' } },
    unknown: { on: { 'health.refresh': 'measuring' } },
  },
});
