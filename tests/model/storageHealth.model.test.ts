import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { assessHealth, formatBytes } from '../../src/domain/storageHealth';
import { storageHealthMachine, type StorageMeasure } from '../../src/machines/storage/storageHealth.machine';
import { describeModel, type Expectation } from '../support/model';

const MiB = 1024 * 1024;
const roomy: StorageMeasure = {
  appBytes: 1 * MiB,
  localLimit: 5 * MiB,
  usage: 2 * MiB,
  quota: 100 * MiB,
  persisted: true,
};
const full: StorageMeasure = { appBytes: 4.5 * MiB, localLimit: 5 * MiB, usage: null, quota: null, persisted: false };

const machine = storageHealthMachine.provide({
  actors: { measure: fromPromise<StorageMeasure>(() => new Promise(() => {})) },
});

const measure = { id: 'measure', input: undefined };
const refresh: Expectation<typeof machine> = { target: 'measuring', started: [measure] };

describeModel('storageHealth', {
  machine,
  initial: { started: [measure] },
  transitions: {
    'measuring|xstate.done.actor.measure|0': {
      target: 'measured',
      context: (b, e) => {
        const output = (e as unknown as { output: StorageMeasure }).output;
        return { ...b, report: assessHealth(output), persisted: output.persisted };
      },
    },
    'measuring|xstate.error.actor.measure|0': { target: 'unknown' },
    'measured||0': { target: 'nearlyFull', check: ({ before }) => expect(before.report?.nearlyFull).toBe(true) },
    'measured||1': { target: 'healthy', check: ({ before }) => expect(before.report?.nearlyFull).toBe(false) },
    'healthy|health.refresh|0': refresh,
    'nearlyFull|health.refresh|0': refresh,
    'unknown|health.refresh|0': refresh,
  },
  events: { 'health.refresh': [{ type: 'health.refresh' }] },
  actorEvents: [
    { type: 'xstate.done.actor.measure', output: roomy },
    { type: 'xstate.done.actor.measure', output: full },
    { type: 'xstate.error.actor.measure', error: new Error('no estimate') },
  ],
  states: {
    measuring: (s) => expect(s.hasTag('warning')).toBe(false),
    healthy: (s) => {
      expect(s.context.report).toMatchObject({ percent: 20, nearlyFull: false });
      expect(s.context.persisted).toBe(true);
      expect(s.hasTag('warning')).toBe(false);
    },
    nearlyFull: (s) => {
      expect(s.context.report).toMatchObject({ percent: 90, nearlyFull: true });
      expect(s.hasTag('warning')).toBe(true);
    },
    unknown: (s) => expect(s.hasTag('warning')).toBe(false),
    // `measured` is passed through at once (eventless): it is never a resting state.
    measured: () => expect.unreachable('measured is transient'),
  },
});

describe('storage health rules (issue 9, part 7)', () => {
  it('starts measuring with no report yet', () => {
    const actor = createActor(machine).start();
    expect(actor.getSnapshot().value).toBe('measuring');
    expect(actor.getSnapshot().context).toEqual({ report: null, persisted: null });
    actor.stop();
  });
  it('warns from 80% of the localStorage limit: 4 MiB of 5 MiB is 80%, 3.9 MiB is not', () => {
    expect(assessHealth({ appBytes: 4 * MiB, localLimit: 5 * MiB, usage: null, quota: null })).toMatchObject({
      percent: 80,
      nearlyFull: true,
    });
    expect(assessHealth({ appBytes: 3.9 * MiB, localLimit: 5 * MiB, usage: null, quota: null })).toMatchObject({
      percent: 78,
      nearlyFull: false,
    });
  });
  it('also warns when the site quota is 80% used, and says both figures', () => {
    const report = assessHealth({ appBytes: 1024, localLimit: 5 * MiB, usage: 85 * MiB, quota: 100 * MiB });
    expect(report).toMatchObject({ percent: 85, nearlyFull: true });
    expect(report.summary).toBe('Your data uses 1.0 KB of about 5.0 MB of browser storage for this app (0%).');
    expect(report.siteSummary).toBe(
      "The browser's other storage for this site is nearly full too: 85.0 MB of 100.0 MB (85%).",
    );
  });
  it('formats sizes', () => {
    expect([formatBytes(512), formatBytes(2048), formatBytes(3 * MiB), formatBytes(2 * 1024 * MiB)]).toEqual([
      '512 B',
      '2.0 KB',
      '3.0 MB',
      '2.0 GB',
    ]);
  });
  it('measures again on refresh and lands in the right state', async () => {
    let next = roomy;
    const actor = createActor(
      storageHealthMachine.provide({ actors: { measure: fromPromise(async () => next) } }),
    ).start();
    await waitFor(actor, (s) => s.matches('healthy'));
    next = full;
    actor.send({ type: 'health.refresh' });
    await waitFor(actor, (s) => s.matches('nearlyFull'));
    expect(actor.getSnapshot().context.persisted).toBe(false);
  });
});
