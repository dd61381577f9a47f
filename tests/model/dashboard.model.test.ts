import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import {
  dashboardMachine,
  type DashboardInput,
  type MockLoadResult,
  type StorageChange,
} from '../../src/machines/dashboard/dashboard.machine';
import { buildMockData } from '../../src/domain/mockData';
import { COLLECTIONS } from '../../src/domain/mockDataInfo';
import type {
  CateringEvent,
  ChosenIngredient,
  Employee,
  InventoryItem,
  SelectedItem,
  Supplier,
} from '../../src/storage/schemas';
import { createWorld, describeModel, type EventSamples, type Expectation } from '../support/model';

const item = (id: string): InventoryItem => ({
  id,
  name: id,
  sku: id,
  category: 'Other',
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'box',
  quantity: 1,
  costPerUnit: 1,
  whenToOrder: 2,
  supplierName: '',
});

const log = { flagWrites: [] as unknown[], mockWrites: 0, alerts: 0, failures: [] as string[], prints: [] as string[] };

/** What storage holds for the keys the Dashboard reads; the fakes write the order flags into it. */
type Store = Pick<
  DashboardInput,
  'inventoryItems' | 'suppliers' | 'employees' | 'events' | 'selectedItems' | 'ingredientLists'
>;
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
    printOrderList: (_, params) => {
      log.prints.push(params.key);
      world.record('printOrderList', params.key);
    },
  },
  actors: {
    loadMockData: fromPromise<MockLoadResult, { today: string }>(() => new Promise(() => {})),
    // The clipboard never answers during a walk either (its done/error events are test data).
    copyText: fromPromise<void, { text: string }>(() => new Promise(() => {})),
    watchClock: fromCallback(() => () => {}),
    watchStorage: fromCallback(() => () => {}),
  },
});

const line = (id: string, quantity: number): ChosenIngredient => ({
  lineId: `L-${id}`,
  id,
  name: id,
  category: 'Other',
  supplierName: '',
  costPerUnit: 1,
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'box',
  quantity,
});
// Three items and flags on the first and last; 'gone' is a flag of a deleted item (ignored when read).
// Three events' ingredient lists (the middle one is the one another tab changes).
const input: DashboardInput = {
  inventoryItems: [item('a'), item('b'), item('c')],
  suppliers: [],
  employees: [],
  events: [],
  selectedItems: [
    { id: 'a', orderPlaced: true },
    { id: 'gone', orderPlaced: true },
    { id: 'c', orderPlaced: false },
  ],
  ingredientLists: { '1': [line('a', 1)], '2': [line('a', 2), line('b', 2)], '3': [line('c', 3)] },
  today: '2026-11-21',
};
const mock = buildMockData('2026-11-21');
const supplier = (n: number) =>
  ({
    supplierID: `S${n}`,
    supplierName: `Supplier ${n}`,
    phone: '',
    email: '',
    address: '',
    notes: '',
  }) as unknown as Supplier;
const employee = (n: number) => ({ id: `E${n}`, firstName: `Cook${n}`, lastName: 'Galley' }) as unknown as Employee;
const event = (n: number) => ({ id: n, customerName: `Guest ${n}` }) as unknown as CateringEvent;

// Another tab changed each key the Dashboard reads (the middle item deleted; flags with one of a deleted item).
const changes: StorageChange[] = [
  { key: 'inventoryItems', value: [item('a'), item('c')] },
  { key: 'suppliers', value: [supplier(1), supplier(2), supplier(3)] },
  { key: 'employees', value: [employee(1), employee(2), employee(3)] },
  { key: 'events', value: [event(1), event(2), event(3)] },
  {
    key: 'selectedItems',
    value: [
      { id: 'b', orderPlaced: true },
      { id: 'x', orderPlaced: true },
    ],
  },
  // The middle event's list changed (one line left), an event's list emptied, a list of an event not yet read, all lists read again (none left).
  { key: 'ingredientList', eventId: 2, value: [line('b', 5)] },
  { key: 'ingredientList', eventId: 3, value: [] },
  { key: 'ingredientList', eventId: 4, value: [line('a', 4)] },
  { key: 'ingredientLists', value: { '2': [line('c', 6)] } },
  { key: 'ingredientLists', value: {} },
];
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
  'storage.change': changes.map((change) => ({ type: 'storage.change' as const, change })),
  // The three windows, and what lies beside them (ignored): 0, 6, 31, a fraction (more in the hand-written test).
  'demand.window': [7, 14, 30, 0, 6, 31, 14.5].map((days) => ({ type: 'demand.window' as const, days })),
  // The middle supplier's list, the list of items with no known supplier, an empty text.
  'orderList.copy': [
    { type: 'orderList.copy', key: 'supplier:S2', text: 'Order for Supplier 2' },
    { type: 'orderList.copy', key: 'unknown', text: '' },
  ],
  'orderList.print': [
    { type: 'orderList.print', key: 'supplier:S2' },
    { type: 'orderList.print', key: 'unknown' },
  ],
} satisfies EventSamples<typeof machine>;
const loadDone = (existing: MockLoadResult['existing']) => ({
  type: 'xstate.done.actor.loadMock',
  output: { data: mock, existing },
});
const actorEvents = [
  loadDone([]),
  loadDone([{ collection: 'inventoryItems', count: 1 }]),
  { type: 'xstate.error.actor.loadMock', error: new Error('chunk failed') },
  { type: 'xstate.done.actor.copy' },
  // The clipboard refused with an Error, or rejected with a bare string.
  { type: 'xstate.error.actor.copy', error: new Error('no permission') },
  { type: 'xstate.error.actor.copy', error: 'denied' },
];
const copy = (key: string, text = `Order ${key}`) => ({ type: 'orderList.copy' as const, key, text });
const copyDone = { type: 'xstate.done.actor.copy' } as never;
const copyError = (error: unknown) => ({ type: 'xstate.error.actor.copy', error }) as never;
const doneEmpty = loadDone([]) as never;
const doneExisting = loadDone([{ collection: 'inventoryItems', count: 1 }]) as never;
const toggle = (collection: (typeof COLLECTIONS)[number]) => ({ type: 'section.toggle' as const, collection });

type Snap = SnapshotFrom<typeof machine>;
type Ctx = Snap['context'];
type Expect = Expectation<typeof machine, Store>;
const shown = (s: Snap) => COLLECTIONS.filter((c) => s.hasTag(`show ${c}`));
/** Flags count only for items that exist (written this way independently of the domain code). */
const existing = (flags: SelectedItem[], items: InventoryItem[]) =>
  flags.filter((f) => items.some((i) => i.id === f.id));
/** Order placed: the named item's flag flips, or is added as placed; no other flag changes. */
const toggled = (flags: SelectedItem[], id: string) =>
  flags.some((f) => f.id === id)
    ? flags.map((f) => (f.id === id ? { id, orderPlaced: !f.orderPlaced } : f))
    : [...flags, { id, orderPlaced: true }];
const changeOf = (e: unknown) => (e as { change: StorageChange }).change;
const noPending = (b: Ctx): Ctx => ({ ...b, pending: null, replacing: [] });
const WINDOWS = [7, 14, 30];
/** Copy: the list's key is remembered, any earlier failure forgotten, and the clipboard actor gets the text. */
const copying: Expect = {
  target: 'orderListCopy.copying',
  context: (b, e) => ({ ...b, copiedList: (e as { key: string }).key, copyError: null }),
  started: ({ event: e }) => [{ id: 'copy', input: { text: (e as { text: string }).text } }],
};
const load: Expect = {
  target: 'mockData.loading',
  started: ({ before }) => [{ id: 'loadMock', input: { today: before.today } }],
};
const write: Expect = { target: 'mockData.writing', effects: ({ before }) => [['persistMockData', before.pending]] };
const sections = Object.fromEntries(
  COLLECTIONS.flatMap((c) => [
    [
      `dataView.${c}.hidden|section.toggle|0`,
      { target: `dataView.${c}.shown`, check: ({ event: e }) => expect(e).toEqual(toggle(c)) } satisfies Expect,
    ],
    [
      `dataView.${c}.shown|section.toggle|0`,
      { target: `dataView.${c}.hidden`, check: ({ event: e }) => expect(e).toEqual(toggle(c)) } satisfies Expect,
    ],
  ]),
);

describeModel('dashboard', {
  machine,
  world,
  input,
  events,
  actorEvents,
  // demandDays and the copy state are view choices, never stored.
  store: (start) => ({
    inventoryItems: start.inventoryItems,
    suppliers: start.suppliers,
    employees: start.employees,
    events: start.events,
    selectedItems: start.selectedItems,
    ingredientLists: start.ingredientLists,
  }),
  persisted: (c) => ({
    inventoryItems: c.inventoryItems,
    suppliers: c.suppliers,
    employees: c.employees,
    events: c.events,
    selectedItems: c.selectedItems,
    ingredientLists: c.ingredientLists,
  }),
  read: (store) => ({ ...store, selectedItems: existing(store.selectedItems, store.inventoryItems) }),
  external: (e, store) => {
    if (e.type !== 'storage.change') return;
    const change = e.change;
    if (change.key === 'ingredientList')
      store.ingredientLists = { ...store.ingredientLists, [String(change.eventId)]: change.value };
    else (store as Record<string, unknown>)[change.key] = change.value;
  },
  initial: {
    started: [
      { id: 'clock', input: undefined },
      { id: 'storage', input: undefined },
    ],
  },
  transitions: {
    '(machine)|clock.tick|0': {
      context: (b, e) => ({ ...b, today: (e as { today: string }).today }),
      check: ({ before, event: e }) => expect((e as { today: string }).today).not.toBe(before.today),
    },
    // Exactly the changed collection follows; a new item list drops the flags of deleted items.
    '(machine)|storage.change|0': {
      context: (b, e) => {
        const change = changeOf(e);
        if (change.key === 'inventoryItems')
          return { ...b, inventoryItems: change.value, selectedItems: existing(b.selectedItems, change.value) };
        if (change.key === 'selectedItems') return { ...b, selectedItems: existing(change.value, b.inventoryItems) };
        // One event's list replaces that event's list only; a re-read replaces them all.
        if (change.key === 'ingredientList')
          return { ...b, ingredientLists: { ...b.ingredientLists, [String(change.eventId)]: change.value } };
        return { ...b, [change.key]: change.value };
      },
    },
    '(machine)|order.toggle|0': {
      context: (b, e) => ({
        ...b,
        selectedItems: existing(toggled(b.selectedItems, (e as { id: string }).id), b.inventoryItems),
      }),
      effects: ({ after }) => [['persistOrderFlags', after.selectedItems]],
    },
    // Only 7, 14 and 30 are windows: anything else takes no transition (see the samples).
    '(machine)|demand.window|0': {
      context: (b, e) => ({ ...b, demandDays: (e as { days: number }).days as Ctx['demandDays'] }),
      check: ({ event: e }) => expect(WINDOWS).toContain((e as { days: number }).days),
    },
    // Print opens the print view of exactly the list asked for; nothing else changes.
    '(machine)|orderList.print|0': { effects: ({ event: e }) => [['printOrderList', (e as { key: string }).key]] },
    'orderListCopy.idle|orderList.copy|0': copying,
    'orderListCopy.copied|orderList.copy|0': copying,
    'orderListCopy.copyFailed|orderList.copy|0': copying,
    'orderListCopy.copying|xstate.done.actor.copy|0': { target: 'orderListCopy.copied' },
    // The reason shown is the error's message, or the rejection itself when it is not an Error.
    'orderListCopy.copying|xstate.error.actor.copy|0': {
      target: 'orderListCopy.copyFailed',
      context: (b, e) => {
        const error = (e as unknown as { error: unknown }).error;
        return { ...b, copyError: error instanceof Error ? error.message : String(error) };
      },
    },
    'mockData.idle|mock.load|0': load,
    'mockData.loading|xstate.done.actor.loadMock|0': {
      target: 'mockData.checkingExisting',
      context: (b, e) => {
        const output = (e as unknown as { output: MockLoadResult }).output;
        return { ...b, pending: output.data, replacing: output.existing };
      },
    },
    'mockData.loading|xstate.error.actor.loadMock|0': {
      target: 'mockData.idle',
      effects: [['notifyMockFailed', 'chunk failed']],
    },
    'mockData.checkingExisting||0': {
      target: 'mockData.confirmingReplace',
      check: ({ before }) => expect(before.replacing.length).toBeGreaterThan(0),
    },
    'mockData.checkingExisting||1': { ...write, check: ({ before }) => expect(before.replacing).toEqual([]) },
    'mockData.confirmingReplace|replace.confirm|0': write,
    'mockData.confirmingReplace|replace.cancel|0': { target: 'mockData.idle', context: noPending },
    // The refresh rule: the panels keep what they show until the page is refreshed.
    'mockData.writing|mock.written|0': {
      target: 'mockData.loaded',
      context: noPending,
      effects: [['alertMockLoaded']],
    },
    'mockData.writing|mock.writeFailed|0': {
      target: 'mockData.idle',
      context: noPending,
      effects: ({ event: e }) => [['notifyMockFailed', (e as { message: string }).message]],
    },
    'mockData.loaded|mock.load|0': load,
    ...sections,
  },
  // The four sections are independent: count shown ones instead of telling all 16 combinations apart.
  // Context that only feeds selectors (today, collections) is left out of the state key; every
  // transition is still taken once as an extension of some shortest path.
  serializeState: (s) =>
    JSON.stringify([
      (s.value as { mockData: string }).mockData,
      shown(s).length,
      s.context.selectedItems.filter((f) => f.orderPlaced).length,
    ]),
  limit: 6000,
  sequences: [
    [toggle('events'), toggle('events')],
    [toggle('employees'), toggle('employees')],
    [toggle('suppliers'), toggle('suppliers'), toggle('inventoryItems'), toggle('inventoryItems')],
    [
      { type: 'mock.load' },
      doneExisting,
      { type: 'replace.confirm' },
      { type: 'mock.written' },
      { type: 'mock.load' },
      doneEmpty,
      { type: 'mock.writeFailed', message: 'x' },
    ],
    // The middle item's flag, then another tab deletes that item: its flag goes, the others stay.
    [{ type: 'order.toggle', id: 'b' }, events['storage.change'][0]!, { type: 'order.toggle', id: 'c' }],
    // The copy region is left out of the state key (it would multiply the walk), so its paths are written here:
    // copied then a failure, a refusal then another list, a bare-string rejection, a Copy while copying (ignored).
    [
      copy('supplier:S2'),
      copyDone,
      copy('unknown'),
      copyError(new Error('no permission')),
      copy('supplier:S2'),
      copyDone,
    ],
    [copy('supplier:S2'), copyError(new Error('no permission')), copy('unknown', ''), copyError('denied')],
    [copy('supplier:S2'), copyDone, copy('supplier:S3'), copy('supplier:S1'), copyDone],
    // The window: chosen, ignored values beside it, chosen again; a print of the middle list meanwhile.
    [
      { type: 'demand.window', days: 7 },
      { type: 'demand.window', days: 8 },
      { type: 'orderList.print', key: 'supplier:S2' },
      { type: 'demand.window', days: 30 },
      { type: 'demand.window', days: 31 },
      { type: 'demand.window', days: 14 },
    ],
    // Another tab: the middle event's list, then all lists read again, then one added.
    [events['storage.change'][5]!, events['storage.change'][8]!, events['storage.change'][7]!],
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
      expect(s.context.events).not.toEqual(mock.events);
    },
    'orderListCopy.idle': (s) => {
      expect(s.context.copiedList).toBeNull();
      expect(s.context.copyError).toBeNull();
      expect(s.hasTag('copied') || s.hasTag('copy failed') || s.hasTag('copying')).toBe(false);
      expect(WINDOWS).toContain(s.context.demandDays);
    },
    'orderListCopy.copying': (s) => {
      expect(s.hasTag('copying')).toBe(true);
      expect(s.context.copiedList).not.toBeNull();
      expect(s.context.copyError).toBeNull();
    },
    'orderListCopy.copied': (s) => {
      expect(s.hasTag('copied')).toBe(true);
      expect(s.hasTag('copy failed')).toBe(false);
      expect(s.context.copiedList).not.toBeNull();
      expect(s.context.copyError).toBeNull();
    },
    'orderListCopy.copyFailed': (s) => {
      expect(s.hasTag('copy failed')).toBe(true);
      expect(s.hasTag('copied')).toBe(false);
      expect(['no permission', 'denied']).toContain(s.context.copyError);
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
          copyText: fromPromise<void, { text: string }>(async ({ input: copied }) => {
            seen.push(`copy:${copied.text}`);
            if (copied.text.includes('fail')) throw new Error('Clipboard blocked');
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
    const { actor, seen } = start({}, async () => ({
      data: mock,
      existing: [{ collection: 'inventoryItems', count: 1 }],
    }));
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
    const { actor, seen } = start();
    expect(actor.getSnapshot().context.demandDays).toBe(14);
    actor.send({ type: 'demand.window', days: 7 });
    expect(actor.getSnapshot().context.demandDays).toBe(7);
    for (const days of [5, 0, 6, 8, 13, 15, 29, 31, 14.5, -7, Number.NaN]) {
      actor.send({ type: 'demand.window', days });
      expect(actor.getSnapshot().context.demandDays, `days ${days}`).toBe(7);
    }
    actor.send({ type: 'demand.window', days: 30 });
    expect(actor.getSnapshot().context.demandDays).toBe(30);
    actor.send({ type: 'demand.window', days: 14 });
    expect(actor.getSnapshot().context.demandDays).toBe(14);
    // A view choice: nothing is written.
    expect(seen).toEqual([]);
  });

  it("follows one event's ingredient list and a re-read of all lists from other tabs", () => {
    const { actor } = start();
    actor.send({ type: 'storage.change', change: { key: 'ingredientList', eventId: 2, value: [line('b', 5)] } });
    expect(actor.getSnapshot().context.ingredientLists).toEqual({
      '1': [line('a', 1)],
      '2': [line('b', 5)],
      '3': [line('c', 3)],
    });
    actor.send({ type: 'storage.change', change: { key: 'ingredientList', eventId: 5, value: [line('a', 9)] } });
    expect(actor.getSnapshot().context.ingredientLists['5']).toEqual([line('a', 9)]);
    actor.send({ type: 'storage.change', change: { key: 'ingredientLists', value: {} } });
    expect(actor.getSnapshot().context.ingredientLists).toEqual({});
  });

  it('copies a list, says Copied for that list, and reports a refused copy with its reason', async () => {
    const { actor, seen } = start();
    actor.send({ type: 'orderList.copy', key: 'supplier:S2', text: 'Order for Supplier 2' });
    expect(actor.getSnapshot().hasTag('copying')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('copied'));
    expect(actor.getSnapshot().context.copiedList).toBe('supplier:S2');
    actor.send({ type: 'orderList.copy', key: 'unknown', text: 'fail' });
    await waitFor(actor, (s) => s.hasTag('copy failed'));
    expect(actor.getSnapshot().context).toMatchObject({ copiedList: 'unknown', copyError: 'Clipboard blocked' });
    // Copying again clears the failure.
    actor.send({ type: 'orderList.copy', key: 'supplier:S2', text: 'Order for Supplier 2' });
    expect(actor.getSnapshot().context).toMatchObject({ copiedList: 'supplier:S2', copyError: null });
    await waitFor(actor, (s) => s.hasTag('copied'));
    expect(seen).toEqual(['copy:Order for Supplier 2', 'copy:fail', 'copy:Order for Supplier 2']);
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
