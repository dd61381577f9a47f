import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { dashboardMachine, type DashboardInput, type MockLoadResult } from '../../src/machines/dashboard/dashboard.machine';
import { buildMockData } from '../../src/domain/mockData';
import { COLLECTIONS } from '../../src/domain/mockDataInfo';
import type { InventoryItem } from '../../src/storage/schemas';
import { describeModel, type EventSamples } from '../support/model';

const item = (id: string): InventoryItem => ({ id, name: id, sku: id, category: 'Other', amountPerUnit: 1, unit: 'kg', packageType: 'box', quantity: 1, costPerUnit: 1, whenToOrder: 2, supplierName: '' });

const log = { flagWrites: [] as unknown[], mockWrites: 0, alerts: 0, failures: [] as string[], prints: [] as string[] };

// Side effects are recorded; the mock-data loader never settles during a walk (its done/error events are test data).
const machine = dashboardMachine.provide({
  actions: {
    persistOrderFlags: ({ context }) => void log.flagWrites.push(context.selectedItems),
    persistMockData: () => void log.mockWrites++,
    alertMockLoaded: () => void log.alerts++,
    notifyMockFailed: (_, params) => void log.failures.push(params.message),
    printOrderList: (_, params) => void log.prints.push(params.key),
  },
  actors: {
    loadMockData: fromPromise<MockLoadResult, { today: string }>(() => new Promise(() => {})),
    copyText: fromPromise<void, { text: string }>(() => new Promise(() => {})),
    watchClock: fromCallback(() => () => {}),
    watchStorage: fromCallback(() => () => {}),
  },
});

const input: DashboardInput = { inventoryItems: [item('a')], suppliers: [], employees: [], events: [], selectedItems: [{ id: 'gone', orderPlaced: true }], ingredientLists: {}, today: '2026-11-21' };
const mock = buildMockData('2026-11-21');

const events = {
  'mock.load': [{ type: 'mock.load' }],
  'replace.confirm': [{ type: 'replace.confirm' }],
  'replace.cancel': [{ type: 'replace.cancel' }],
  'mock.written': [{ type: 'mock.written' }],
  'mock.writeFailed': [{ type: 'mock.writeFailed', message: 'Browser storage is full.' }],
  'order.toggle': [{ type: 'order.toggle', id: 'a' }],
  'section.toggle': COLLECTIONS.map((collection) => ({ type: 'section.toggle' as const, collection })),
  'clock.tick': [
    { type: 'clock.tick', today: '2026-11-21' },
    { type: 'clock.tick', today: '2026-11-22' },
  ],
  'storage.change': [{ type: 'storage.change', change: { key: 'inventoryItems', value: [] } }],
  'demand.window': [{ type: 'demand.window', days: 7 }],
  'orderList.copy': [{ type: 'orderList.copy', key: 'supplier:S1', text: 'Order for Harbour Dairy' }],
  'orderList.print': [{ type: 'orderList.print', key: 'supplier:S1' }],
} satisfies EventSamples<typeof machine>;
const loadDone = (existing: MockLoadResult['existing']) => ({ type: 'xstate.done.actor.loadMock', output: { data: mock, existing } });
const actorEvents = {
  'xstate.done.actor.loadMock': [loadDone([]), loadDone([{ collection: 'inventoryItems', count: 1 }])],
  'xstate.error.actor.loadMock': [{ type: 'xstate.error.actor.loadMock', error: new Error('chunk failed') }],
};
const copy = (key = 'supplier:S1') => ({ type: 'orderList.copy' as const, key, text: `Order ${key}` });
const copyDone = { type: 'xstate.done.actor.copy' } as never;
const copyError = { type: 'xstate.error.actor.copy', error: new Error('no permission') } as never;
const doneEmpty = loadDone([]) as never;
const doneExisting = loadDone([{ collection: 'inventoryItems', count: 1 }]) as never;
const toggle = (collection: (typeof COLLECTIONS)[number]) => ({ type: 'section.toggle' as const, collection });

type Snap = SnapshotFrom<typeof machine>;
const shown = (s: Snap) => COLLECTIONS.filter((c) => s.hasTag(`show ${c}`));

describeModel('dashboard', {
  machine,
  input,
  events: { ...events, ...actorEvents } as typeof events,
  // The four sections are independent: count shown ones instead of telling all 16 combinations apart.
  // Context that only feeds selectors (today, collections) is left out of the state key; every
  // transition is still taken once as an extension of some shortest path.
  serializeState: (s) => JSON.stringify([(s.value as { mockData: string }).mockData, shown(s).length, s.context.selectedItems.filter((f) => f.orderPlaced).length]),
  limit: 2000,
  sequences: [
    [toggle('events'), toggle('events')],
    [toggle('employees'), toggle('employees')],
    [toggle('suppliers'), toggle('suppliers'), toggle('inventoryItems'), toggle('inventoryItems')],
    [{ type: 'mock.load' }, doneExisting, { type: 'replace.confirm' }, { type: 'mock.written' }, { type: 'mock.load' }, doneEmpty, { type: 'mock.writeFailed', message: 'x' }],
    // The copy region is left out of the state key (it would multiply the walk), so its paths are written here.
    [copy(), copyDone, copy('unknown'), copyError, copy(), copyDone],
    [copy(), copyError, copy(), copyError],
    [copy(), copyDone, copy()],
  ],
  reset: () => {
    log.flagWrites.length = 0;
    log.mockWrites = 0;
    log.alerts = 0;
    log.failures.length = 0;
    log.prints.length = 0;
  },
  states: {
    'mockData.idle': (s) => {
      expect(s.context.pending).toBeNull();
      expect(s.hasTag('confirm replace')).toBe(false);
    },
    'mockData.loading': (s) => {
      expect(s.hasTag('loading mock data')).toBe(true);
    },
    'mockData.checkingExisting': () => {
      throw new Error('transient state is never at rest');
    },
    'mockData.confirmingReplace': (s) => {
      expect(s.hasTag('confirm replace')).toBe(true);
      expect(s.context.replacing.length).toBeGreaterThan(0);
      expect(s.context.pending?.events).toHaveLength(10);
      expect(log.mockWrites).toBe(0);
    },
    'mockData.writing': (s) => {
      expect(s.context.pending).not.toBeNull();
      expect(log.mockWrites).toBeGreaterThan(0);
    },
    'mockData.loaded': (s) => {
      expect(s.hasTag('refresh to view')).toBe(true);
      expect(log.alerts).toBeGreaterThan(0);
      expect(s.context.pending).toBeNull();
      // The spec's refresh rule: the panels keep what they showed until the page is refreshed.
      expect(s.context.events).toEqual([]);
    },
    'orderListCopy.idle': (s) => {
      expect(s.context.copiedList).toBeNull();
      expect(s.hasTag('copied') || s.hasTag('copy failed') || s.hasTag('copying')).toBe(false);
    },
    'orderListCopy.copying': (s) => {
      expect(s.hasTag('copying')).toBe(true);
      expect(s.context.copiedList).not.toBeNull();
      expect(s.context.copyError).toBeNull();
    },
    'orderListCopy.copied': (s) => {
      expect(s.hasTag('copied')).toBe(true);
      expect(s.context.copyError).toBeNull();
    },
    'orderListCopy.copyFailed': (s) => {
      expect(s.hasTag('copy failed')).toBe(true);
      expect(s.context.copyError).toBe('no permission');
    },
    ...Object.fromEntries(
      COLLECTIONS.flatMap((c) => [
        [`dataView.${c}.hidden`, (s: Snap) => expect(s.hasTag(`show ${c}`)).toBe(false)],
        [`dataView.${c}.shown`, (s: Snap) => expect(s.hasTag(`show ${c}`)).toBe(true)],
      ]),
    ),
  },
});

describe('dashboard (hand-written)', () => {
  const start = (overrides: Partial<DashboardInput> = {}, load?: () => Promise<MockLoadResult>) => {
    const seen: string[] = [];
    const actor = createActor(
      dashboardMachine.provide({
        actions: {
          persistOrderFlags: ({ context }) => void seen.push(`flags:${JSON.stringify(context.selectedItems)}`),
          persistMockData: ({ context, self }) => {
            seen.push(`write:${context.pending?.inventoryItems.length}`);
            self.send({ type: 'mock.written' });
          },
          alertMockLoaded: () => void seen.push('alert'),
          notifyMockFailed: (_, p) => void seen.push(`failed:${p.message}`),
          printOrderList: (_, p) => void seen.push(`print:${p.key}`),
        },
        actors: {
          loadMockData: fromPromise(() => (load ? load() : Promise.resolve({ data: mock, existing: [] }))),
          copyText: fromPromise<void, { text: string }>(async ({ input }) => {
            seen.push(`copy:${input.text}`);
            if (input.text.includes('fail')) throw new Error('Clipboard blocked');
          }),
          watchClock: fromCallback(() => () => {}),
          watchStorage: fromCallback(() => () => {}),
        },
      }),
      { input: { ...input, ...overrides } },
    );
    actor.start();
    return { actor, seen };
  };

  it('drops flags of items that no longer exist, on start and on toggle', () => {
    const { actor, seen } = start();
    expect(actor.getSnapshot().context.selectedItems).toEqual([]);
    actor.send({ type: 'order.toggle', id: 'a' });
    expect(seen).toEqual(['flags:[{"id":"a","orderPlaced":true}]']);
    actor.send({ type: 'storage.change', change: { key: 'inventoryItems', value: [] } });
    expect(actor.getSnapshot().context.selectedItems).toEqual([]);
  });

  it('writes at once when nothing would be replaced, then alerts', async () => {
    const { actor, seen } = start({ inventoryItems: [], selectedItems: [] });
    actor.send({ type: 'mock.load' });
    await waitFor(actor, (s) => s.matches({ mockData: 'loaded' }));
    expect(seen).toEqual(['write:10', 'alert']);
  });

  it('asks first when data exists; cancelling writes nothing', async () => {
    const { actor, seen } = start({}, async () => ({ data: mock, existing: [{ collection: 'inventoryItems', count: 1 }] }));
    actor.send({ type: 'mock.load' });
    await waitFor(actor, (s) => s.hasTag('confirm replace'));
    expect(actor.getSnapshot().context.replacing).toEqual([{ collection: 'inventoryItems', count: 1 }]);
    actor.send({ type: 'replace.cancel' });
    expect(actor.getSnapshot().matches({ mockData: 'idle' })).toBe(true);
    expect(seen).toEqual([]);
    actor.send({ type: 'mock.load' });
    await waitFor(actor, (s) => s.hasTag('confirm replace'));
    actor.send({ type: 'replace.confirm' });
    expect(actor.getSnapshot().matches({ mockData: 'loaded' })).toBe(true);
    expect(seen).toEqual(['write:10', 'alert']);
  });

  it('a failed chunk load is reported and nothing is written', async () => {
    const { actor, seen } = start({}, async () => {
      throw new Error('offline');
    });
    actor.send({ type: 'mock.load' });
    await waitFor(actor, (s) => s.matches({ mockData: 'idle' }) && seen.length > 0);
    expect(seen).toEqual(['failed:offline']);
  });

  it('moves the 14-day window only when the date changes', () => {
    const { actor } = start();
    actor.send({ type: 'clock.tick', today: '2026-11-21' });
    expect(actor.getSnapshot().context.today).toBe('2026-11-21');
    actor.send({ type: 'clock.tick', today: '2026-11-22' });
    expect(actor.getSnapshot().context.today).toBe('2026-11-22');
  });

  it('counts 14 days by default; 7 and 30 are the other choices and anything else is ignored', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context.demandDays).toBe(14);
    actor.send({ type: 'demand.window', days: 7 });
    expect(actor.getSnapshot().context.demandDays).toBe(7);
    actor.send({ type: 'demand.window', days: 5 });
    expect(actor.getSnapshot().context.demandDays).toBe(7);
    actor.send({ type: 'demand.window', days: 30 });
    expect(actor.getSnapshot().context.demandDays).toBe(30);
  });

  it("follows one event's ingredient list and a re-read of all lists from other tabs", () => {
    const line = { lineId: 'L1', id: 'a', name: 'a', category: 'Other', supplierName: '', costPerUnit: 1, amountPerUnit: 1, unit: 'kg', packageType: 'box', quantity: 3 };
    const { actor } = start({ ingredientLists: { '4': [] } });
    actor.send({ type: 'storage.change', change: { key: 'ingredientList', eventId: 5, value: [line] } });
    expect(actor.getSnapshot().context.ingredientLists).toEqual({ '4': [], '5': [line] });
    actor.send({ type: 'storage.change', change: { key: 'ingredientLists', value: {} } });
    expect(actor.getSnapshot().context.ingredientLists).toEqual({});
  });

  it('copies a list, says Copied for that list, and reports a refused copy with its reason', async () => {
    const { actor, seen } = start();
    actor.send({ type: 'orderList.copy', key: 'supplier:S1', text: 'Order for Harbour Dairy' });
    expect(actor.getSnapshot().hasTag('copying')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('copied'));
    expect(actor.getSnapshot().context.copiedList).toBe('supplier:S1');
    actor.send({ type: 'orderList.copy', key: 'unknown', text: 'fail' });
    await waitFor(actor, (s) => s.hasTag('copy failed'));
    expect(actor.getSnapshot().context).toMatchObject({ copiedList: 'unknown', copyError: 'Clipboard blocked' });
    expect(seen).toEqual(['copy:Order for Harbour Dairy', 'copy:fail']);
  });

  it('prints the list it is asked to print', () => {
    const { actor, seen } = start();
    actor.send({ type: 'orderList.print', key: 'supplier:S2' });
    expect(seen).toEqual(['print:supplier:S2']);
  });

  it('sections toggle independently and start hidden', () => {
    const { actor } = start();
    expect(shown(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'section.toggle', collection: 'events' });
    actor.send({ type: 'section.toggle', collection: 'suppliers' });
    expect(shown(actor.getSnapshot())).toEqual(['events', 'suppliers']);
    actor.send({ type: 'section.toggle', collection: 'events' });
    expect(shown(actor.getSnapshot())).toEqual(['suppliers']);
  });
});
