import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { dashboardMachine, type DashboardInput, type MockLoadResult, type StorageChange } from '../../src/machines/dashboard/dashboard.machine';
import { buildMockData } from '../../src/domain/mockData';
import { COLLECTIONS } from '../../src/domain/mockDataInfo';
import type { CateringEvent, Employee, InventoryItem, SelectedItem, Supplier } from '../../src/storage/schemas';
import { createWorld, describeModel, type EventSamples, type Expectation } from '../support/model';

const item = (id: string): InventoryItem => ({ id, name: id, sku: id, category: 'Other', amountPerUnit: 1, unit: 'kg', packageType: 'box', quantity: 1, costPerUnit: 1, whenToOrder: 2, supplierName: '' });

const log = { flagWrites: [] as unknown[], mockWrites: 0, alerts: 0, failures: [] as string[] };

/** What storage holds for the keys the Dashboard reads; the fakes write the order flags into it. */
type Store = Pick<DashboardInput, 'inventoryItems' | 'suppliers' | 'employees' | 'events' | 'selectedItems'>;
const world = createWorld<Store>();

// Side effects are recorded; the mock-data loader never settles during a walk (its done/error events are test data).
const machine = dashboardMachine.provide({
  actions: {
    persistOrderFlags: ({ context }) => {
      log.flagWrites.push(context.selectedItems);
      world.record('persistOrderFlags', context.selectedItems);
      world.store.selectedItems = context.selectedItems;
    },
    // Writes the four collections (the hook sends mock.written / writeFailed; here that is test data).
    persistMockData: ({ context }) => {
      log.mockWrites++;
      world.record('persistMockData', context.pending);
    },
    alertMockLoaded: () => {
      log.alerts++;
      world.record('alertMockLoaded');
    },
    notifyMockFailed: (_, params) => {
      log.failures.push(params.message);
      world.record('notifyMockFailed', params.message);
    },
  },
  actors: {
    loadMockData: fromPromise<MockLoadResult, { today: string }>(() => new Promise(() => {})),
    watchClock: fromCallback(() => () => {}),
    watchStorage: fromCallback(() => () => {}),
  },
});

// Three items and flags on the first and last; 'gone' is a flag of a deleted item (ignored when read).
const input: DashboardInput = {
  inventoryItems: [item('a'), item('b'), item('c')],
  suppliers: [],
  employees: [],
  events: [],
  selectedItems: [{ id: 'a', orderPlaced: true }, { id: 'gone', orderPlaced: true }, { id: 'c', orderPlaced: false }],
  today: '2026-11-21',
};
const mock = buildMockData('2026-11-21');
const supplier = (n: number) => ({ supplierID: `S${n}`, supplierName: `Supplier ${n}`, phone: '', email: '', address: '', notes: '' }) as unknown as Supplier;
const employee = (n: number) => ({ id: `E${n}`, firstName: `Cook${n}`, lastName: 'Galley' }) as unknown as Employee;
const event = (n: number) => ({ id: n, customerName: `Guest ${n}` }) as unknown as CateringEvent;

const events = {
  'mock.load': [{ type: 'mock.load' }],
  'replace.confirm': [{ type: 'replace.confirm' }],
  'replace.cancel': [{ type: 'replace.cancel' }],
  'mock.written': [{ type: 'mock.written' }],
  'mock.writeFailed': [{ type: 'mock.writeFailed', message: 'Browser storage is full.' }],
  // The middle item has no flag yet (added); the last one has one (flipped).
  'order.toggle': [
    { type: 'order.toggle', id: 'b' },
    { type: 'order.toggle', id: 'c' },
  ],
  'section.toggle': COLLECTIONS.map((collection) => ({ type: 'section.toggle' as const, collection })),
  'clock.tick': [
    { type: 'clock.tick', today: '2026-11-21' },
    { type: 'clock.tick', today: '2026-11-22' },
  ],
  // Another tab changed each key the Dashboard reads (the middle item deleted; flags with one of a deleted item).
  'storage.change': [
    { type: 'storage.change', change: { key: 'inventoryItems', value: [item('a'), item('c')] } },
    { type: 'storage.change', change: { key: 'suppliers', value: [supplier(1), supplier(2), supplier(3)] } },
    { type: 'storage.change', change: { key: 'employees', value: [employee(1), employee(2), employee(3)] } },
    { type: 'storage.change', change: { key: 'events', value: [event(1), event(2), event(3)] } },
    { type: 'storage.change', change: { key: 'selectedItems', value: [{ id: 'b', orderPlaced: true }, { id: 'x', orderPlaced: true }] } },
  ],
} satisfies EventSamples<typeof machine>;
const loadDone = (existing: MockLoadResult['existing']) => ({ type: 'xstate.done.actor.loadMock', output: { data: mock, existing } });
const actorEvents = {
  'xstate.done.actor.loadMock': [loadDone([]), loadDone([{ collection: 'inventoryItems', count: 1 }])],
  'xstate.error.actor.loadMock': [{ type: 'xstate.error.actor.loadMock', error: new Error('chunk failed') }],
};
const doneEmpty = loadDone([]) as never;
const doneExisting = loadDone([{ collection: 'inventoryItems', count: 1 }]) as never;
const toggle = (collection: (typeof COLLECTIONS)[number]) => ({ type: 'section.toggle' as const, collection });

type Snap = SnapshotFrom<typeof machine>;
type Ctx = Snap['context'];
type Expect = Expectation<typeof machine, Store>;
const shown = (s: Snap) => COLLECTIONS.filter((c) => s.hasTag(`show ${c}`));
/** Flags count only for items that exist (written this way independently of the domain code). */
const existing = (flags: SelectedItem[], items: InventoryItem[]) => flags.filter((f) => items.some((i) => i.id === f.id));
/** Order placed: the named item's flag flips, or is added as placed; no other flag changes. */
const toggled = (flags: SelectedItem[], id: string) =>
  flags.some((f) => f.id === id) ? flags.map((f) => (f.id === id ? { id, orderPlaced: !f.orderPlaced } : f)) : [...flags, { id, orderPlaced: true }];
const changeOf = (e: unknown) => (e as { change: StorageChange }).change;
const noPending = (b: Ctx): Ctx => ({ ...b, pending: null, replacing: [] });
const load: Expect = { target: 'mockData.loading', started: ({ before }) => [{ id: 'loadMock', input: { today: before.today } }] };
const write: Expect = { target: 'mockData.writing', effects: ({ before }) => [['persistMockData', before.pending]] };
const sections = Object.fromEntries(
  COLLECTIONS.flatMap((c) => [
    [`dataView.${c}.hidden|section.toggle|0`, { target: `dataView.${c}.shown`, check: ({ event: e }) => expect(e).toEqual(toggle(c)) } satisfies Expect],
    [`dataView.${c}.shown|section.toggle|0`, { target: `dataView.${c}.hidden`, check: ({ event: e }) => expect(e).toEqual(toggle(c)) } satisfies Expect],
  ]),
);

describeModel('dashboard', {
  machine,
  world,
  input,
  events: { ...events, ...actorEvents } as typeof events,
  store: (start) => ({ inventoryItems: start.inventoryItems, suppliers: start.suppliers, employees: start.employees, events: start.events, selectedItems: start.selectedItems }),
  persisted: (c) => ({ inventoryItems: c.inventoryItems, suppliers: c.suppliers, employees: c.employees, events: c.events, selectedItems: c.selectedItems }),
  read: (store) => ({ ...store, selectedItems: existing(store.selectedItems, store.inventoryItems) }),
  external: (e, store) => {
    if (e.type === 'storage.change') (store as Record<string, unknown>)[e.change.key] = e.change.value;
  },
  initial: { started: [{ id: 'clock', input: undefined }, { id: 'storage', input: undefined }] },
  transitions: {
    '(machine)|clock.tick|0': { context: (b, e) => ({ ...b, today: (e as { today: string }).today }), check: ({ before, event: e }) => expect((e as { today: string }).today).not.toBe(before.today) },
    // Exactly the changed collection follows; a new item list drops the flags of deleted items.
    '(machine)|storage.change|0': {
      context: (b, e) => {
        const change = changeOf(e);
        if (change.key === 'inventoryItems') return { ...b, inventoryItems: change.value, selectedItems: existing(b.selectedItems, change.value) };
        if (change.key === 'selectedItems') return { ...b, selectedItems: existing(change.value, b.inventoryItems) };
        return { ...b, [change.key]: change.value };
      },
    },
    '(machine)|order.toggle|0': {
      context: (b, e) => ({ ...b, selectedItems: existing(toggled(b.selectedItems, (e as { id: string }).id), b.inventoryItems) }),
      effects: ({ after }) => [['persistOrderFlags', after.selectedItems]],
    },
    'mockData.idle|mock.load|0': load,
    'mockData.loading|xstate.done.actor.loadMock|0': {
      target: 'mockData.checkingExisting',
      context: (b, e) => {
        const output = (e as unknown as { output: MockLoadResult }).output;
        return { ...b, pending: output.data, replacing: output.existing };
      },
    },
    'mockData.loading|xstate.error.actor.loadMock|0': { target: 'mockData.idle', effects: [['notifyMockFailed', 'chunk failed']] },
    'mockData.checkingExisting||0': { target: 'mockData.confirmingReplace', check: ({ before }) => expect(before.replacing.length).toBeGreaterThan(0) },
    'mockData.checkingExisting||1': { ...write, check: ({ before }) => expect(before.replacing).toEqual([]) },
    'mockData.confirmingReplace|replace.confirm|0': write,
    'mockData.confirmingReplace|replace.cancel|0': { target: 'mockData.idle', context: noPending },
    // The refresh rule: the panels keep what they show until the page is refreshed.
    'mockData.writing|mock.written|0': { target: 'mockData.loaded', context: noPending, effects: [['alertMockLoaded']] },
    'mockData.writing|mock.writeFailed|0': { target: 'mockData.idle', context: noPending, effects: ({ event: e }) => [['notifyMockFailed', (e as { message: string }).message]] },
    'mockData.loaded|mock.load|0': load,
    ...sections,
  },
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
    // The middle item's flag, then another tab deletes that item: its flag goes, the others stay.
    [{ type: 'order.toggle', id: 'b' }, events['storage.change'][0]!, { type: 'order.toggle', id: 'c' }],
  ],
  reset: () => {
    log.flagWrites.length = 0;
    log.mockWrites = 0;
    log.alerts = 0;
    log.failures.length = 0;
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
      expect(s.context.events).not.toEqual(mock.events);
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
        },
        actors: {
          loadMockData: fromPromise(() => (load ? load() : Promise.resolve({ data: mock, existing: [] }))),
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
    const { actor, seen } = start({ inventoryItems: [item('a')], selectedItems: [{ id: 'gone', orderPlaced: true }] });
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
