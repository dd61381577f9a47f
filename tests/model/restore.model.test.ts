// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { buildBackup, serialiseBackup, type AppData } from '../../src/domain/backup';
import {
  restoreMachine,
  type BuiltBackup,
  type ReadOutput,
  type RestoreEvent,
} from '../../src/machines/backup/restore.machine';
import { withStorage } from '../../src/app/dashboard/useRestoreActor';
import { sampleEvents } from '../../src/domain/sampleEvents';
import { toISODate } from '../../src/domain/eventDates';
import { createWorld, describeModel, type EventSamples, type Expectation } from '../support/model';

interface Log {
  saved: BuiltBackup[];
  downloadFailures: string[];
  /** What persistBackup and persistPrevious were asked to write, in order. */
  writes: Array<{ kind: 'restore' | 'undo'; data: AppData | null }>;
  toasts: string[];
}
const log: Log = { saved: [], downloadFailures: [], writes: [], toasts: [] };
const world = createWorld();

// The actors never settle during a walk, and the persist actions only record: their outcomes
// (done/error events, restore.written / writeFailed) are test data.
const machine = restoreMachine.provide({
  actions: {
    saveBackupFile: (_, built) => {
      log.saved.push(built);
      world.record('saveBackupFile', built);
    },
    notifyDownloadFailed: (_, { error }) => {
      log.downloadFailures.push((error as Error).message);
      world.record('notifyDownloadFailed', (error as Error).message);
    },
    persistBackup: ({ context }) => {
      log.writes.push({ kind: 'restore', data: context.backup?.data ?? null });
      world.record('persistBackup', context.backup?.data ?? null);
    },
    persistPrevious: ({ context }) => {
      log.writes.push({ kind: 'undo', data: context.previous });
      world.record('persistPrevious', context.previous);
    },
    notifyRestored: () => {
      log.toasts.push('restored');
      world.record('notifyRestored');
    },
    notifyUndone: () => {
      log.toasts.push('undone');
      world.record('notifyUndone');
    },
  },
  actors: {
    buildBackup: fromPromise<BuiltBackup>(() => new Promise(() => {})),
    readBackupFile: fromPromise<ReadOutput, { file: Blob }>(() => new Promise(() => {})),
  },
});

const FILE = new Blob(['{}']);
const BACKUP_DATA: AppData = { inventoryItems: '[{"id":"1"}]' };
const PREVIOUS: AppData = { inventoryItems: '[{"id":"2"}]', colorMode: '"dark"' };
const GOOD: ReadOutput = {
  refusal: null,
  backup: {
    source: 'backup',
    createdAt: '2026-11-23T10:00:00.000Z',
    appVersion: '0.1.0',
    data: BACKUP_DATA,
    ignoredKeys: [],
  },
  preview: {
    changesAnything: true,
    changes: [
      {
        name: 'inventoryItems',
        label: 'inventoryItems',
        unit: 'records',
        before: 1,
        after: 1,
        unreadable: 0,
        added: 1,
        replaced: 0,
        removed: 1,
      },
    ],
  },
};
const TAMPERED: ReadOutput = {
  refusal: { reason: 'tampered', message: 'The backup was changed after it was made (its checksum does not match).' },
  backup: null,
  preview: null,
};
const BUILT: BuiltBackup = {
  text: '{"format":"cater-captain-backup"}',
  fileName: 'cater-captain-backup-2026-11-23.json',
};
const QUOTA = 'Browser storage is full: events could not be written. Nothing was changed.';
const UNDO_QUOTA = 'Browser storage is full: suppliers could not be written. Nothing was changed.';

const events = {
  'backup.download': [{ type: 'backup.download' }],
  'restore.choose': [{ type: 'restore.choose', file: FILE }],
  'restore.confirm': [{ type: 'restore.confirm' }],
  'restore.cancel': [{ type: 'restore.cancel' }],
  'restore.dismiss': [{ type: 'restore.dismiss' }],
  'restore.undo': [{ type: 'restore.undo' }],
  'restore.written': [{ type: 'restore.written', previous: PREVIOUS }],
  'restore.writeFailed': [{ type: 'restore.writeFailed', message: QUOTA }],
  'undo.written': [{ type: 'undo.written' }],
  'undo.writeFailed': [{ type: 'undo.writeFailed', message: UNDO_QUOTA }],
} satisfies EventSamples<typeof machine>;
const actorEvents = [
  { type: 'xstate.done.actor.buildBackup', output: BUILT },
  { type: 'xstate.error.actor.buildBackup', error: new Error('storage unavailable') },
  { type: 'xstate.done.actor.readBackupFile', output: GOOD },
  { type: 'xstate.done.actor.readBackupFile', output: TAMPERED },
  { type: 'xstate.error.actor.readBackupFile', error: new Error('permission denied') },
];

const lastWrite = () => log.writes.at(-1);

type Ctx = ReturnType<typeof machine.getInitialSnapshot>['context'];
type Expect = Expectation<typeof machine>;
const CLEARED: Ctx = { file: null, refusal: null, backup: null, preview: null, previous: null, error: null };
const build: Expect = { target: 'download.preparing', started: [{ id: 'buildBackup', input: undefined }] };
/** A chosen file: whatever was shown before goes; the file is read and verified. */
const choose: Expect = {
  target: 'restore.reading',
  context: (_b, e) => ({ ...CLEARED, file: (e as { file: Blob }).file }),
  started: ({ event }) => [{ id: 'readBackupFile', input: { file: (event as { file: Blob }).file } }],
};
const close: Expect = { target: 'restore.idle', context: () => CLEARED };
const read = (target: string): Expect => ({
  target,
  context: (b, e) => {
    const output = (e as unknown as { output: ReadOutput }).output;
    return { ...b, file: null, refusal: output.refusal, backup: output.backup, preview: output.preview };
  },
  check: ({ event }) =>
    expect((event as unknown as { output: ReadOutput }).output.refusal !== null).toBe(target === 'restore.refused'),
});
const failedWith = (target: string): Expect => ({
  target,
  context: (b, e) => ({ ...b, error: (e as { message: string }).message }),
});

describeModel('restore', {
  machine,
  world,
  transitions: {
    'download.idle|backup.download|0': build,
    'download.preparing|xstate.done.actor.buildBackup|0': {
      target: 'download.saved',
      effects: [['saveBackupFile', BUILT]],
    },
    'download.preparing|xstate.error.actor.buildBackup|0': {
      target: 'download.failed',
      effects: [['notifyDownloadFailed', 'storage unavailable']],
    },
    'download.saved|backup.download|0': build,
    'download.failed|backup.download|0': build,
    'restore.idle|restore.choose|0': choose,
    'restore.reading|xstate.done.actor.readBackupFile|0': read('restore.refused'),
    'restore.reading|xstate.done.actor.readBackupFile|1': read('restore.previewing'),
    'restore.reading|xstate.error.actor.readBackupFile|0': {
      target: 'restore.refused',
      context: (b) => ({
        ...b,
        file: null,
        refusal: { reason: 'not-backup' as const, message: 'The file could not be read: permission denied' },
      }),
    },
    'restore.refused|restore.choose|0': choose,
    'restore.refused|restore.dismiss|0': close,
    // Exactly the verified data is written.
    'restore.previewing|restore.confirm|0': { target: 'restore.writing', effects: [['persistBackup', BACKUP_DATA]] },
    'restore.previewing|restore.cancel|0': close,
    'restore.previewing|restore.choose|0': choose,
    'restore.writing|restore.written|0': {
      target: 'restore.restored',
      context: (b, e) => ({ ...b, previous: (e as { previous: AppData }).previous, backup: null, error: null }),
      effects: [['notifyRestored']],
    },
    'restore.writing|restore.writeFailed|0': failedWith('restore.failed'),
    'restore.failed|restore.choose|0': choose,
    'restore.failed|restore.dismiss|0': close,
    // Undo writes back exactly the data from before the restore.
    'restore.restored|restore.undo|0': {
      target: 'restore.undoing',
      context: (b) => ({ ...b, error: null }),
      effects: [['persistPrevious', PREVIOUS]],
    },
    'restore.restored|restore.dismiss|0': close,
    'restore.restored|restore.choose|0': choose,
    'restore.undoing|undo.written|0': { target: 'restore.idle', context: () => CLEARED, effects: [['notifyUndone']] },
    'restore.undoing|undo.writeFailed|0': failedWith('restore.restored'),
  },
  events,
  actorEvents,
  limit: 2000,
  // The parts of the context that tell states apart (a Blob has no JSON of its own).
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.refusal?.reason ?? null,
      s.context.error,
      s.context.previous !== null,
      s.context.backup !== null,
    ]),
  reset: () => {
    log.saved.length = 0;
    log.downloadFailures.length = 0;
    log.writes.length = 0;
    log.toasts.length = 0;
  },
  states: {
    'download.idle': (s) => {
      expect(s.hasTag('downloading')).toBe(false);
      expect(log.saved).toEqual([]);
      expect(log.downloadFailures).toEqual([]);
    },
    'download.preparing': (s) => {
      expect(s.hasTag('downloading')).toBe(true);
    },
    'download.saved': (s) => {
      expect(s.hasTag('downloading')).toBe(false);
      expect(log.saved.at(-1)).toEqual(BUILT);
    },
    'download.failed': (s) => {
      expect(s.hasTag('downloading')).toBe(false);
      expect(log.downloadFailures.at(-1)).toBe('storage unavailable');
    },
    'restore.idle': (s) => {
      expect(s.context).toEqual({
        file: null,
        refusal: null,
        backup: null,
        preview: null,
        previous: null,
        error: null,
      });
      expect(s.can({ type: 'restore.undo' })).toBe(false);
    },
    'restore.reading': (s) => {
      expect(s.hasTag('reading')).toBe(true);
      expect(s.context.file).toBe(FILE);
      expect(s.context.refusal).toBeNull();
      expect(s.context.previous).toBeNull();
    },
    'restore.refused': (s) => {
      expect(s.hasTag('show refusal')).toBe(true);
      expect([TAMPERED.refusal!.message, 'The file could not be read: permission denied']).toContain(
        s.context.refusal?.message,
      );
      expect(s.context.backup).toBeNull();
      // A refused file is never written.
      expect(lastWrite()?.kind).not.toBe('restore');
      expect(s.can({ type: 'restore.confirm' })).toBe(false);
    },
    'restore.previewing': (s) => {
      expect(s.hasTag('show preview')).toBe(true);
      expect(s.context.preview).toEqual(GOOD.preview);
      expect(s.context.backup).toEqual(GOOD.backup);
      expect(s.context.refusal).toBeNull();
      expect(lastWrite()?.kind).not.toBe('restore');
    },
    'restore.writing': (s) => {
      expect(s.hasTag('writing')).toBe(true);
      expect(lastWrite()).toEqual({ kind: 'restore', data: BACKUP_DATA });
    },
    'restore.failed': (s) => {
      expect(s.hasTag('show failure')).toBe(true);
      expect(s.context.error).toBe(QUOTA);
      expect(s.context.previous).toBeNull();
      expect(log.toasts).not.toContain('restored');
      expect(s.can({ type: 'restore.undo' })).toBe(false);
    },
    'restore.restored': (s) => {
      expect(s.hasTag('show restored')).toBe(true);
      expect(s.context.previous).toEqual(PREVIOUS);
      expect(s.can({ type: 'restore.undo' })).toBe(true);
      if (s.context.error === null) expect(log.toasts.at(-1)).toBe('restored');
      else {
        expect(s.context.error).toBe(UNDO_QUOTA);
        expect(lastWrite()).toEqual({ kind: 'undo', data: PREVIOUS });
      }
    },
    'restore.undoing': (s) => {
      expect(s.hasTag('writing')).toBe(true);
      expect(s.context.error).toBeNull();
      expect(lastWrite()).toEqual({ kind: 'undo', data: PREVIOUS });
    },
  },
});

/** A Storage in memory that throws QuotaExceededError on the Nth setItem (counting from 1). */
class FakeStorage implements Storage {
  map = new Map<string, string>();
  sets = 0;
  failOnSet = Infinity;
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.sets++;
    if (this.sets === this.failOnSet) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
  entries() {
    return Object.fromEntries(this.map);
  }
}

describe('restore (hand-written, real verification and storage writes on a fake Storage)', () => {
  // Whole records: the preview counts what the lists will show, leaving out what reading sets aside.
  const item = (id: string, name: string) => ({
    id,
    name,
    sku: `SKU-${id}`,
    category: 'Dry goods',
    amountPerUnit: 1,
    unit: 'kg',
    packageType: 'bag',
    quantity: 3,
    costPerUnit: 2,
    whenToOrder: 1,
    supplierName: 'Mill Co',
  });
  const mine: AppData = {
    inventoryItems: JSON.stringify([item('1', 'Flour')]),
    events: '[{"id":4,"EventName":"Gala"}]',
    '4-taxPercentage': '8',
  };
  const theirs: AppData = {
    inventoryItems: JSON.stringify([item('1', 'Rye flour'), item('2', 'Salt')]),
    suppliers: '[{"supplierID":"s1"}]',
    colorMode: '"dark"',
  };

  const start = (seed: AppData) => {
    const storage = new FakeStorage();
    for (const [k, v] of Object.entries(seed)) storage.setItem(k, v);
    storage.setItem('sb-auth-token', 'session');
    storage.sets = 0;
    const toasts: string[] = [];
    const actor = createActor(
      withStorage(storage).provide({
        actions: {
          saveBackupFile: () => {},
          notifyDownloadFailed: () => {},
          notifyRestored: () => void toasts.push('restored'),
          notifyUndone: () => void toasts.push('undone'),
        },
      }),
    );
    actor.start();
    return { actor, storage, toasts };
  };
  const fileOf = async (data: AppData) =>
    new Blob([serialiseBackup(await buildBackup(data, new Date('2026-11-23T10:00:00Z'), '0.1.0'))]);

  it('a tampered file is refused with the reason, and nothing is written', async () => {
    const { actor, storage } = start(mine);
    const before = storage.entries();
    const text = await (await fileOf(theirs)).text();
    actor.send({ type: 'restore.choose', file: new Blob([text.replace('Rye', 'Ryd')]) });
    await waitFor(actor, (s) => !s.hasTag('reading'));
    expect(actor.getSnapshot().value).toEqual({ download: 'idle', restore: 'refused' });
    expect(actor.getSnapshot().context.refusal?.message).toBe(
      'The backup was changed after it was made (its checksum does not match).',
    );
    expect(actor.getSnapshot().can({ type: 'restore.confirm' })).toBe(false);
    expect(storage.sets).toBe(0);
    expect(storage.entries()).toEqual(before);
  });

  it('a good file shows the preview and writes nothing until Restore', async () => {
    const { actor, storage } = start(mine);
    actor.send({ type: 'restore.choose', file: await fileOf(theirs) });
    await waitFor(actor, (s) => s.hasTag('show preview'));
    const inventory = actor.getSnapshot().context.preview?.changes.find((c) => c.name === 'inventoryItems');
    expect(inventory).toMatchObject({ before: 1, after: 2, added: 1, replaced: 1, removed: 0 });
    expect(storage.sets).toBe(0);
    actor.send({ type: 'restore.cancel' });
    expect(actor.getSnapshot().value).toEqual({ download: 'idle', restore: 'idle' });
    expect(storage.sets).toBe(0);
  });

  it('Restore writes the backup; Undo restore writes back the data from before, byte for byte', async () => {
    const { actor, storage, toasts } = start(mine);
    const before = storage.entries();
    actor.send({ type: 'restore.choose', file: await fileOf(theirs) });
    await waitFor(actor, (s) => s.hasTag('show preview'));
    actor.send({ type: 'restore.confirm' });
    expect(actor.getSnapshot().value).toEqual({ download: 'idle', restore: 'restored' });
    expect(storage.entries()).toEqual({ ...theirs, 'sb-auth-token': 'session' });
    expect(toasts).toEqual(['restored']);
    actor.send({ type: 'restore.undo' });
    expect(actor.getSnapshot().value).toEqual({ download: 'idle', restore: 'idle' });
    expect(storage.entries()).toEqual(before);
    expect(toasts).toEqual(['restored', 'undone']);
  });

  it('a write that fails half way goes to failed, and nothing changed', async () => {
    const { actor, storage, toasts } = start(mine);
    const before = storage.entries();
    actor.send({ type: 'restore.choose', file: await fileOf(theirs) });
    await waitFor(actor, (s) => s.hasTag('show preview'));
    storage.failOnSet = 2;
    actor.send({ type: 'restore.confirm' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ download: 'idle', restore: 'failed' });
    expect(snapshot.context.error).toMatch(/^Browser storage is full: .* Nothing was changed\.$/);
    expect(snapshot.can({ type: 'restore.undo' })).toBe(false);
    expect(storage.entries()).toEqual(before);
    expect(toasts).toEqual([]);
  });

  it('an undo that fails keeps the restored data and offers Undo again', async () => {
    const { actor, storage } = start(mine);
    actor.send({ type: 'restore.choose', file: await fileOf(theirs) });
    await waitFor(actor, (s) => s.hasTag('show preview'));
    actor.send({ type: 'restore.confirm' });
    const restored = storage.entries();
    storage.sets = 0;
    storage.failOnSet = 1;
    actor.send({ type: 'restore.undo' });
    expect(actor.getSnapshot().value).toEqual({ download: 'idle', restore: 'restored' });
    expect(actor.getSnapshot().context.error).toMatch(/Nothing was changed/);
    expect(storage.entries()).toEqual(restored);
    storage.failOnSet = Infinity;
    actor.send({ type: 'restore.undo' });
    expect(storage.entries()).toEqual({ ...mine, 'sb-auth-token': 'session' });
  });

  it('Download backup builds a file of every owned key that verifies', async () => {
    const saved: BuiltBackup[] = [];
    const storage = new FakeStorage();
    for (const [k, v] of Object.entries({ ...mine, 'sb-auth-token': 'session' })) storage.setItem(k, v);
    const actor = createActor(
      withStorage(storage).provide({ actions: { saveBackupFile: (_, built) => void saved.push(built) } }),
    );
    actor.start();
    actor.send({ type: 'backup.download' } satisfies RestoreEvent);
    await waitFor(actor, (s) => s.matches({ download: 'saved' }));
    expect(saved[0]!.fileName).toMatch(/^cater-captain-backup-\d{4}-\d{2}-\d{2}\.json$/);
    const doc = JSON.parse(saved[0]!.text);
    // Issue 25, item 4: the events as every page reads them: the stored Gala and the built-in samples never saved.
    const samples = sampleEvents(toISODate(new Date()));
    expect(doc.payload).toEqual({
      ...mine,
      events: JSON.stringify([{ id: 4, EventName: 'Gala' }, ...samples].sort((a, b) => b.id - a.id)),
    });
    expect(JSON.parse(doc.payload.events).map((e: { id: number }) => e.id)).toEqual([4, 3, 2, 1]);
    expect(doc.appVersion).toBe('0.1.0');
  });
});
