/**
 * The Dashboard (spec section 2, clarifications.md). Two parallel regions: `mockData` is the Use Mock
 * Data flow (load the lazy module, ask before replacing existing data, write, alert, then the user
 * refreshes), `dataView` has one hidden/shown region per collection of View Your Data. At the root,
 * Order placed toggles are persisted, the clock moves the 14-day window at midnight and changes made
 * in other tabs are followed (ingredient lists included, since Need to Order counts what the events
 * ahead need). `orderListCopy` is Copy of a supplier's order list (issue 11): copying, then Copied or
 * the failure, shown beside that list.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { CollectionName, ExistingCollection, MockData } from '../../domain/mockDataInfo';
import { DEFAULT_DEMAND_WINDOW, isDemandWindow, type DemandWindowDays } from '../../domain/demand';
import { pruneOrderFlags, toggleOrderFlag } from '../../domain/needToOrder';
import type {
  CateringEvent,
  ChosenIngredient,
  Employee,
  InventoryItem,
  SelectedItem,
  Supplier,
} from '../../storage/schemas';
import type { SecretsOf } from '../../domain/inspection';

export interface DashboardData {
  inventoryItems: InventoryItem[];
  suppliers: Supplier[];
  employees: Employee[];
  events: CateringEvent[];
  selectedItems: SelectedItem[];
  /** Tool Kit ingredient lists by event id (`ingredientList-{id}`), for the demand of the events ahead. */
  ingredientLists: Record<string, ChosenIngredient[]>;
}

export interface DashboardInput extends DashboardData {
  /** Today's local date, YYYY-MM-DD. */
  today: string;
}

export interface DashboardContext extends DashboardInput {
  /** Mock data waiting to be written (while asking before replacing). */
  pending: MockData | null;
  /** Collections that hold data and would be replaced, named in the confirm dialog. */
  replacing: ExistingCollection[];
  /** Need to Order counts the events of the next 7, 14 or 30 days (not persisted: a view choice). */
  demandDays: DemandWindowDays;
  /** The order list last copied (its key), and why the copy failed. */
  copiedList: string | null;
  copyError: string | null;
}

export interface MockLoadResult {
  data: MockData;
  existing: ExistingCollection[];
}

export type StorageChange =
  | { key: 'inventoryItems'; value: InventoryItem[] }
  | { key: 'suppliers'; value: Supplier[] }
  | { key: 'employees'; value: Employee[] }
  | { key: 'events'; value: CateringEvent[] }
  | { key: 'selectedItems'; value: SelectedItem[] }
  /** One event's ingredient list changed. */
  | { key: 'ingredientList'; eventId: number; value: ChosenIngredient[] }
  /** The lists were read again (the events changed, or storage was cleared). */
  | { key: 'ingredientLists'; value: Record<string, ChosenIngredient[]> };

export type DashboardEvent =
  /** Use Mock Data button. */
  | { type: 'mock.load' }
  /** Replace dialog: Replace with Mock Data / Keep My Data (or Escape). */
  | { type: 'replace.confirm' }
  | { type: 'replace.cancel' }
  /** Sent back by persistMockData once the four collections and the mock events' own keys are written (all or nothing), or when that failed. */
  | { type: 'mock.written' }
  | { type: 'mock.writeFailed'; message: string }
  /** An 'Order placed' checkbox of Need to Order. */
  | { type: 'order.toggle'; id: string }
  /** The Need to Order window choice (7, 14 or 30 days). */
  | { type: 'demand.window'; days: number }
  /** Copy of a supplier's order list: the list's key and its plain text. */
  | { type: 'orderList.copy'; key: string; text: string }
  /** Print of a supplier's order list. */
  | { type: 'orderList.print'; key: string }
  /** The show/hide toggle of a View Your Data section. */
  | { type: 'section.toggle'; collection: CollectionName }
  /** The clock watcher: the local date now (sent at midnight and when the page becomes visible). */
  | { type: 'clock.tick'; today: string }
  /** Another tab changed one of the collections. */
  | { type: 'storage.change'; change: StorageChange };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const dashboardSecrets = {
  events: {
    'mock.writeFailed': [],
    'order.toggle': [],
    'demand.window': [],
    'orderList.copy': [],
    'orderList.print': [],
    'section.toggle': [],
    'clock.tick': [],
    'storage.change': [],
  },
} as const satisfies SecretsOf<DashboardEvent, DashboardContext>;

const section = (collection: CollectionName) => ({
  initial: 'hidden' as const,
  states: {
    hidden: {
      on: { 'section.toggle': { guard: { type: 'isSection' as const, params: { collection } }, target: 'shown' } },
    },
    shown: {
      tags: [`show ${collection}`],
      on: { 'section.toggle': { guard: { type: 'isSection' as const, params: { collection } }, target: 'hidden' } },
    },
  },
});

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as DashboardInput,
  },
  actions: {
    setToday: assign({ today: ({ context, event }) => (event.type === 'clock.tick' ? event.today : context.today) }),
    setChangedCollection: assign(({ context, event }) => {
      if (event.type !== 'storage.change') return {};
      const { change } = event;
      switch (change.key) {
        case 'inventoryItems':
          return { inventoryItems: change.value, selectedItems: pruneOrderFlags(context.selectedItems, change.value) };
        case 'selectedItems':
          return { selectedItems: pruneOrderFlags(change.value, context.inventoryItems) };
        case 'suppliers':
          return { suppliers: change.value };
        case 'employees':
          return { employees: change.value };
        case 'events':
          return { events: change.value };
        case 'ingredientList':
          return { ingredientLists: { ...context.ingredientLists, [String(change.eventId)]: change.value } };
        case 'ingredientLists':
          return { ingredientLists: change.value };
      }
    }),
    setDemandWindow: assign({
      demandDays: ({ context, event }) =>
        event.type === 'demand.window' && isDemandWindow(event.days) ? event.days : context.demandDays,
    }),
    setCopiedList: assign({
      copiedList: ({ context, event }) => (event.type === 'orderList.copy' ? event.key : context.copiedList),
      copyError: () => null,
    }),
    setCopyError: assign((_, params: { message: string }) => ({ copyError: params.message })),
    /** Shows the print view of one order list (print CSS keeps only that list) and opens the print dialog. */
    printOrderList: (_, _params: { key: string }) => {
      throw new Error('dashboard: provide printOrderList');
    },
    // Flags of items that no longer exist are dropped whenever the flags are written.
    toggleOrderFlag: assign({
      selectedItems: ({ context, event }) =>
        event.type === 'order.toggle'
          ? pruneOrderFlags(toggleOrderFlag(context.selectedItems, event.id), context.inventoryItems)
          : context.selectedItems,
    }),
    persistOrderFlags: () => {
      throw new Error('dashboard: provide persistOrderFlags');
    },
    setPendingMock: assign((_, params: MockLoadResult) => ({ pending: params.data, replacing: params.existing })),
    clearPendingMock: assign({ pending: () => null, replacing: () => [] as ExistingCollection[] }),
    /** Writes the pending collections through the storage accessors, then sends mock.written or mock.writeFailed. */
    persistMockData: () => {
      throw new Error('dashboard: provide persistMockData');
    },
    alertMockLoaded: () => {
      throw new Error('dashboard: provide alertMockLoaded');
    },
    notifyMockFailed: (_, _params: { message: string }) => {
      throw new Error('dashboard: provide notifyMockFailed');
    },
  },
  guards: {
    isKnownWindow: ({ event }) => event.type === 'demand.window' && isDemandWindow(event.days),
    isNewDay: ({ context, event }) => event.type === 'clock.tick' && event.today !== context.today,
    hasDataToReplace: ({ context }) => context.replacing.length > 0,
    isSection: ({ event }, params: { collection: CollectionName }) =>
      event.type === 'section.toggle' && event.collection === params.collection,
  },
  actors: {
    loadMockData: fromPromise<MockLoadResult, { today: string }>(async () => {
      throw new Error('dashboard: provide loadMockData');
    }),
    /** Puts the text on the clipboard. */
    copyText: fromPromise<void, { text: string }>(async () => {
      throw new Error('dashboard: provide copyText');
    }),
    watchClock: fromCallback(() => {
      throw new Error('dashboard: provide watchClock');
    }),
    watchStorage: fromCallback(() => {
      throw new Error('dashboard: provide watchStorage');
    }),
  },
}).createMachine({
  id: 'dashboard',
  meta: { secrets: dashboardSecrets },
  type: 'parallel',
  context: ({ input }) => ({
    ...input,
    selectedItems: pruneOrderFlags(input.selectedItems, input.inventoryItems),
    pending: null,
    replacing: [],
    demandDays: DEFAULT_DEMAND_WINDOW,
    copiedList: null,
    copyError: null,
  }),
  invoke: [
    { id: 'clock', src: 'watchClock' },
    { id: 'storage', src: 'watchStorage' },
  ],
  on: {
    'clock.tick': { guard: 'isNewDay', actions: 'setToday' },
    'storage.change': { actions: 'setChangedCollection' },
    'order.toggle': { actions: ['toggleOrderFlag', 'persistOrderFlags'] },
    'demand.window': { guard: 'isKnownWindow', actions: 'setDemandWindow' },
    'orderList.print': { actions: { type: 'printOrderList', params: ({ event }) => ({ key: event.key }) } },
  },
  states: {
    mockData: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'mock.load': 'loading' },
        },
        loading: {
          tags: ['loading mock data'],
          invoke: {
            id: 'loadMock',
            src: 'loadMockData',
            input: ({ context }) => ({ today: context.today }),
            onDone: {
              target: 'checkingExisting',
              actions: { type: 'setPendingMock', params: ({ event }) => event.output },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'notifyMockFailed',
                params: ({ event }) => ({ message: String((event.error as Error)?.message ?? event.error) }),
              },
            },
          },
        },
        // Ask only when one of the four collections already holds data.
        checkingExisting: {
          always: [{ guard: 'hasDataToReplace', target: 'confirmingReplace' }, { target: 'writing' }],
        },
        confirmingReplace: {
          tags: ['confirm replace'],
          on: {
            'replace.confirm': 'writing',
            'replace.cancel': { target: 'idle', actions: 'clearPendingMock' },
          },
        },
        writing: {
          tags: ['loading mock data'],
          entry: 'persistMockData',
          on: {
            'mock.written': { target: 'loaded', actions: ['clearPendingMock', 'alertMockLoaded'] },
            'mock.writeFailed': {
              target: 'idle',
              actions: [
                'clearPendingMock',
                { type: 'notifyMockFailed', params: ({ event }) => ({ message: event.message }) },
              ],
            },
          },
        },
        // The spec's refresh rule: the panels show the new data after the user refreshes the page.
        loaded: {
          tags: ['refresh to view'],
          on: { 'mock.load': 'loading' },
        },
      },
    },
    orderListCopy: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'orderList.copy': { target: 'copying', actions: 'setCopiedList' } },
        },
        copying: {
          tags: ['copying'],
          invoke: {
            id: 'copy',
            src: 'copyText',
            input: ({ event }) => ({ text: event.type === 'orderList.copy' ? event.text : '' }),
            onDone: 'copied',
            onError: {
              target: 'copyFailed',
              actions: {
                type: 'setCopyError',
                params: ({ event }) => ({ message: String((event.error as Error)?.message ?? event.error) }),
              },
            },
          },
        },
        copied: {
          tags: ['copied'],
          on: { 'orderList.copy': { target: 'copying', actions: 'setCopiedList' } },
        },
        copyFailed: {
          tags: ['copy failed'],
          on: { 'orderList.copy': { target: 'copying', actions: 'setCopiedList' } },
        },
      },
    },
    dataView: {
      type: 'parallel',
      states: {
        inventoryItems: section('inventoryItems'),
        events: section('events'),
        employees: section('employees'),
        suppliers: section('suppliers'),
      },
    },
  },
});
