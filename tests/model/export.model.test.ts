import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { exportMachine, type BuiltFile, type ExportEvent } from '../../src/machines/export/export.machine';
import { describeModel, type EventSamples } from '../support/model';

interface Record_ {
  downloads: Array<{ blob: Blob; format: string | null }>;
  toasts: string[];
}
const log: Record_ = { downloads: [], toasts: [] };

// The file builder never settles during a walk: its done and error events are test data.
const machine = exportMachine.provide({
  actions: {
    downloadFile: (_, params) => void log.downloads.push(params),
    notifySuccess: () => void log.toasts.push('success'),
    notifyEmpty: () => void log.toasts.push('empty'),
    notifyFailure: () => void log.toasts.push('failure'),
  },
  actors: { buildFile: fromPromise<BuiltFile, { rows: readonly unknown[]; format: 'json' | 'csv' }>(() => new Promise(() => {})) },
});

const rows = [{ id: '1', name: 'Flour' }];
const FILE = new Blob(['FILE']);
const events = {
  'export.start': [
    { type: 'export.start', format: 'json', rows },
    { type: 'export.start', format: 'csv', rows },
    { type: 'export.start', format: 'csv', rows: [] },
    { type: 'export.start', format: 'json', rows: null },
  ],
} satisfies EventSamples<typeof machine>;
const actorEvents = {
  'xstate.done.actor.buildFile': [{ type: 'xstate.done.actor.buildFile', output: { blob: FILE } }],
  'xstate.error.actor.buildFile': [{ type: 'xstate.error.actor.buildFile', error: new Error('boom') }],
};

const [json, csv, emptyCsv, missingJson] = events['export.start'] as unknown as ExportEvent[] as [ExportEvent, ExportEvent, ExportEvent, ExportEvent];
const done = actorEvents['xstate.done.actor.buildFile'][0] as never;
const error = actorEvents['xstate.error.actor.buildFile'][0] as never;

describeModel('export', {
  machine,
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
  reset: () => {
    log.downloads.length = 0;
    log.toasts.length = 0;
  },
  states: {
    idle: (s) => {
      expect(s.context.format).toBeNull();
      expect(log.toasts).toEqual([]);
    },
    exporting: (s) => {
      expect(s.hasTag('exporting')).toBe(true);
      expect(s.context.rows.length).toBeGreaterThan(0);
    },
    succeeded: (s) => {
      expect(s.hasTag('done')).toBe(true);
      expect(log.toasts.at(-1)).toBe('success');
      expect(log.downloads.at(-1)).toEqual({ blob: FILE, format: s.context.format });
      expect(s.context.rows).toEqual([]);
    },
    empty: (s) => {
      expect(s.hasTag('exporting')).toBe(false);
      expect(log.toasts.at(-1)).toBe('empty');
    },
    failed: (s) => {
      expect(s.hasTag('error')).toBe(true);
      expect(log.toasts.at(-1)).toBe('failure');
      expect(log.downloads.length).toBeLessThan(log.toasts.length);
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
