import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { exportMachine, type BuiltFile, type ExportEvent } from '../../src/machines/export/export.machine';
import { createWorld, describeModel, type EventSamples, type Expectation } from '../support/model';

// The fakes record what they were asked (downloads, toasts); the file builder never settles during a
// walk: its done and error events are test data, and its input is read by the helper.
const world = createWorld();
const machine = exportMachine.provide({
  actions: {
    downloadFile: (_, params) => world.record('downloadFile', params.blob, params.format),
    notifySuccess: ({ context }) => world.record('notifySuccess', context.collection),
    notifyEmpty: ({ context }) => world.record('notifyEmpty', context.collection),
    notifyFailure: (_, params) => world.record('notifyFailure', (params.error as Error).message),
  },
  actors: {
    buildFile: fromPromise<BuiltFile, { rows: readonly unknown[]; format: 'json' | 'csv' }>(
      () => new Promise(() => {}),
    ),
  },
});

const rows = [
  { id: '1', name: 'Flour' },
  { id: '2', name: 'Sugar' },
  { id: '3', name: 'Salt' },
];
const FILE = new Blob(['FILE']);
const events = {
  'export.start': [
    { type: 'export.start', format: 'json', rows },
    { type: 'export.start', format: 'csv', rows: rows.slice(1) },
    { type: 'export.start', format: 'csv', rows: [] },
    { type: 'export.start', format: 'json', rows: null },
  ],
} satisfies EventSamples<typeof machine>;
const actorEvents = {
  'xstate.done.actor.buildFile': [{ type: 'xstate.done.actor.buildFile', output: { blob: FILE } }],
  'xstate.error.actor.buildFile': [{ type: 'xstate.error.actor.buildFile', error: new Error('boom') }],
};

const [json, csv, emptyCsv, missingJson] = events['export.start'] as unknown as ExportEvent[] as [
  ExportEvent,
  ExportEvent,
  ExportEvent,
  ExportEvent,
];
const done = actorEvents['xstate.done.actor.buildFile'][0] as never;
const error = actorEvents['xstate.error.actor.buildFile'][0] as never;

type Expect = Expectation<typeof machine>;
/** With rows: the file is built from exactly these rows in the chosen format. */
const build: Expect = {
  target: 'exporting',
  context: (b, e) => ({ ...b, format: e.format, rows: e.rows! }),
  started: ({ event }) => [{ id: 'buildFile', input: { rows: event.rows, format: event.format } }],
  check: ({ event }) => expect(event.rows?.length).toBeGreaterThan(0),
};
/** No rows (an empty or a missing collection): a warning, no file. */
const nothing: Expect = {
  target: 'empty',
  effects: [['notifyEmpty', 'inventoryItems']],
  check: ({ event }) => expect(event.rows ?? []).toEqual([]),
};
const startFrom = (state: string) => ({ [`${state}|export.start|0`]: build, [`${state}|export.start|1`]: nothing });

describeModel('export', {
  machine,
  world,
  // Every end state accepts the next export: with rows, empty and missing.
  sequences: [
    [json, done, csv],
    [json, done, missingJson],
    [csv, error, json],
    [csv, error, emptyCsv],
    [emptyCsv, json],
    [missingJson, emptyCsv],
    [missingJson, csv, done, json, error, emptyCsv],
  ],
  input: { collection: 'inventoryItems', label: 'inventoryItems' },
  events: { ...events, ...actorEvents } as typeof events,
  transitions: {
    ...startFrom('idle'),
    ...startFrom('succeeded'),
    ...startFrom('empty'),
    ...startFrom('failed'),
    // Downloaded in the chosen format, then toasted; the rows are let go.
    'exporting|xstate.done.actor.buildFile|0': {
      target: 'succeeded',
      context: (b) => ({ ...b, rows: [] }),
      effects: ({ before }) => [
        ['downloadFile', FILE, before.format],
        ['notifySuccess', 'inventoryItems'],
      ],
    },
    'exporting|xstate.error.actor.buildFile|0': {
      target: 'failed',
      context: (b) => ({ ...b, rows: [] }),
      effects: [['notifyFailure', 'boom']],
    },
  },
  states: {
    idle: (s) => expect(s.context.format).toBeNull(),
    exporting: (s) => {
      expect(s.hasTag('exporting')).toBe(true);
      expect(s.context.rows.length).toBeGreaterThan(0);
    },
    succeeded: (s) => {
      expect(s.hasTag('done')).toBe(true);
      expect(s.context.rows).toEqual([]);
    },
    empty: (s) => {
      expect(s.hasTag('exporting')).toBe(false);
      expect(s.hasTag('done')).toBe(true);
    },
    failed: (s) => {
      expect(s.hasTag('error')).toBe(true);
      expect(s.hasTag('done')).toBe(true);
      expect(s.context.rows).toEqual([]);
    },
  },
});

describe('export (hand-written)', () => {
  const run = (build: (input: { rows: readonly unknown[]; format: 'json' | 'csv' }) => Promise<BuiltFile>) => {
    const seen: string[] = [];
    const actor = createActor(
      exportMachine.provide({
        actions: {
          downloadFile: (_, p) => void seen.push(`download:${p.format}:${p.blob.size}`),
          notifySuccess: ({ context }) => void seen.push(`success:${context.collection}`),
          notifyEmpty: ({ context }) => void seen.push(`empty:${context.collection}`),
          notifyFailure: () => void seen.push('failure'),
        },
        actors: { buildFile: fromPromise(({ input }) => build(input)) },
      }),
      { input: { collection: 'events', label: 'events' } },
    );
    actor.start();
    return { actor, seen };
  };

  it('an empty collection warns and makes no file', () => {
    const { actor, seen } = run(async () => ({ blob: new Blob(['x']) }));
    actor.send({ type: 'export.start', format: 'csv', rows: [] } satisfies ExportEvent);
    expect(actor.getSnapshot().value).toBe('empty');
    expect(seen).toEqual(['empty:events']);
  });

  it('builds the file from the rows and format, downloads it, then toasts', async () => {
    const { actor, seen } = run(async ({ rows, format }) => ({ blob: new Blob([`${format}:${rows.length}`]) }));
    actor.send({ type: 'export.start', format: 'csv', rows: [{ a: 1 }, { a: 2 }] });
    expect(actor.getSnapshot().value).toBe('exporting');
    expect(actor.getSnapshot().can({ type: 'export.start', format: 'json', rows: [{}] })).toBe(false);
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(seen).toEqual(['download:csv:5', 'success:events']);
  });

  it('a failed build shows an error and makes no file', async () => {
    const { actor, seen } = run(async () => {
      throw new Error('out of memory');
    });
    actor.send({ type: 'export.start', format: 'json', rows: [{ a: 1 }] });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(seen).toEqual(['failure']);
    actor.send({ type: 'export.start', format: 'json', rows: null });
    expect(actor.getSnapshot().value).toBe('empty');
  });
});
