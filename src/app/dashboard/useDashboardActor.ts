/** The Dashboard actor with its side effects (storage, clock, alert, lazy mock data) and a small api for the views. */
import { useActorRef, useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import {
  dashboardMachine,
  type DashboardEvent,
  type DashboardInput,
  type MockLoadResult,
  type StorageChange,
} from '../../machines/dashboard/dashboard.machine';
import { existingCollections, MOCK_LOADED_MESSAGE, type CollectionName } from '../../domain/mockDataInfo';
import {
  connectDataSection,
  connectMockData,
  connectNeedToOrder,
  connectOrderList,
  demandByWindow,
  orderByWindow,
  upcoming,
} from '../../machines/dashboard/dashboard.connect';
import { isoDate } from '../../domain/upcoming';
import type { DemandWindowDays } from '../../domain/demand';
import { watchDayClock } from '../dayClock';
import { readIngredientLists, watchIngredientLists } from '../../storage/ingredientLists';
import {
  deletedEventIdsStore,
  employeesStore,
  eventsStore,
  inventoryItemsStore,
  selectedItemsStore,
  suppliersStore,
} from '../../storage/keys';
import { loadEvents } from '../events/eventsData';
import { writeMockData } from '../../storage/mockData';
import type { SelectedItem } from '../../storage/schemas';
import { createPersister, type Persister } from '../shell/persister';
import { notify } from '../../views/shell/toaster';
import { inspect } from '../../views/shell/inspector';
import { whenIdle } from '../../views/shell/idle';

export type DashboardRef = ActorRefFrom<typeof dashboardMachine>;

/** Order-placed flags are saved by item id onto the latest list, so two tabs ticking different items both keep theirs. */
let flags: Persister<SelectedItem> | null = null;

const implementation = dashboardMachine.provide({
  actions: {
    persistOrderFlags: ({ context, self }) => {
      flags ??= createPersister(selectedItemsStore, selectedItemsStore.read(), {
        label: 'Order flags',
        onConflicts: (_, stored) => {
          notify({
            type: 'warning',
            title: 'Order placed was changed in another tab',
            description: 'Their change was kept; check the Need to Order list.',
          });
          self.send({ type: 'storage.change', change: { key: 'selectedItems', value: stored } });
        },
      });
      flags.save(context.selectedItems);
    },
    persistMockData: ({ context, self }) => {
      const data = context.pending;
      if (!data) return;
      const result = writeMockData(data);
      self.send(result.ok ? { type: 'mock.written' } : { type: 'mock.writeFailed', message: result.error.message });
    },
    alertMockLoaded: () => window.alert(MOCK_LOADED_MESSAGE),
    // Print CSS (panda.config.ts) keeps only the list marked data-print-area while the root names it.
    printOrderList: (_, { key }) => {
      const root = document.documentElement;
      const area = [...document.querySelectorAll<HTMLElement>('[data-order-list]')].find(
        (el) => el.dataset.orderList === key,
      );
      if (!area) return;
      area.setAttribute('data-print-area', '');
      root.setAttribute('data-print-order-list', '');
      const done = () => {
        area.removeAttribute('data-print-area');
        root.removeAttribute('data-print-order-list');
        window.removeEventListener('afterprint', done);
      };
      window.addEventListener('afterprint', done);
      window.print();
    },
    notifyMockFailed: (_, { message }) =>
      void notify({ type: 'error', title: 'Mock data could not be loaded', description: message }),
  },
  actors: {
    loadMockData: fromPromise<MockLoadResult, { today: string }>(async ({ input }) => {
      const { buildMockData } = await import('../../domain/mockData');
      const existing = existingCollections({
        inventoryItems: inventoryItemsStore.read(),
        events: eventsStore.read(),
        employees: employeesStore.read(),
        suppliers: suppliersStore.read(),
      });
      return { data: buildMockData(input.today), existing };
    }),
    copyText: fromPromise<void, { text: string }>(async ({ input }) => {
      if (!navigator.clipboard?.writeText)
        throw new Error('This browser does not allow copying here. Select the list and copy it by hand.');
      try {
        await navigator.clipboard.writeText(input.text);
      } catch (error) {
        throw new Error(
          `The browser refused to copy (${(error as Error)?.message || 'no permission'}). Select the list and copy it by hand.`,
          { cause: error },
        );
      }
    }),
    // The 14-day window follows the clock: at midnight, and whenever the page comes back into view.
    watchClock: fromCallback(({ sendBack }) => {
      let day = isoDate(new Date());
      return watchDayClock((today) => {
        sendBack({ type: 'clock.tick', today });
        // The built-in samples are dated from today: a new day moves them with it.
        if (today !== day) sendBack({ type: 'storage.change', change: { key: 'events', value: readEvents(today) } });
        day = today;
      });
    }),
    watchStorage: fromCallback(({ sendBack }) => {
      const send = (change: StorageChange) => sendBack({ type: 'storage.change', change });
      const stops = [
        inventoryItemsStore.subscribe((value) => send({ key: 'inventoryItems', value })),
        suppliersStore.subscribe((value) => send({ key: 'suppliers', value })),
        employeesStore.subscribe((value) => send({ key: 'employees', value })),
        ...[eventsStore, deletedEventIdsStore].map((store) =>
          store.subscribe(() => {
            const events = readEvents(isoDate(new Date()));
            send({ key: 'events', value: events });
            // A new event may come with its list; unchanged lists are the same records (read cache), so nothing is summed again.
            send({ key: 'ingredientLists', value: readIngredientLists(events.map((e) => e.id)) });
          }),
        ),
        watchIngredientLists(
          (eventId, value) => send({ key: 'ingredientList', eventId, value }),
          () =>
            send({
              key: 'ingredientLists',
              value: readIngredientLists(readEvents(isoDate(new Date())).map((e) => e.id)),
            }),
        ),
        selectedItemsStore.subscribe((value) => {
          flags?.rebase(value);
          send({ key: 'selectedItems', value });
        }),
      ];
      return () => stops.forEach((stop) => stop());
    }),
  },
});

/** The events every panel reads: the stored ones and the built-in samples not deleted (what Event Management shows). */
function readEvents(today: string) {
  return loadEvents(today).events;
}

function readInput(): DashboardInput {
  const today = isoDate(new Date());
  const events = readEvents(today);
  return {
    inventoryItems: inventoryItemsStore.read(),
    suppliers: suppliersStore.read(),
    employees: employeesStore.read(),
    events,
    ingredientLists: readIngredientLists(events.map((e) => e.id)),
    selectedItems: selectedItemsStore.read(),
    today,
  };
}

export function useDashboardActor(): DashboardRef {
  // Read storage once, not on every render (the input is only used when the actor starts).
  const [input] = useState(() => {
    const read = readInput();
    flags?.rebase(read.selectedItems);
    return read;
  });
  return useActorRef(implementation, { input, inspect });
}

/** Use Mock Data and its replace dialog. */
export function useMockData(ref: DashboardRef) {
  const busy = useSelector(ref, (s) => s.hasTag('loading mock data'));
  const confirming = useSelector(ref, (s) => s.hasTag('confirm replace'));
  const refreshToView = useSelector(ref, (s) => s.hasTag('refresh to view'));
  const replacing = useSelector(ref, (s) => s.context.replacing);
  return useMemo(
    () => connectMockData(ref.getSnapshot(), send(ref)),
    // Computed again when what it shows changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [busy, confirming, refreshToView, replacing, ref],
  );
}

export function useUpcomingEvents(ref: DashboardRef) {
  const events = useSelector(ref, (s) => s.context.events);
  const today = useSelector(ref, (s) => s.context.today);
  return useMemo(() => upcoming({ events, today }), [events, today]);
}

/**
 * The Order placed checkboxes' toggle, one function for the page's life: a checkbox (an Ark machine each, up to
 * 50 cards) is drawn again only when its own mark changes, not on every change of the window (issue 23).
 */
export function useOrderToggle(ref: DashboardRef): (id: string) => void {
  return useMemo(() => (id: string) => ref.send({ type: 'order.toggle', id }), [ref]);
}

/**
 * Need to Order of the chosen window. Each window's demand and lists are worked out once per set of
 * inputs (dashboard.connect's demandByWindow / orderByWindow), and the windows not shown are worked out
 * ahead when the page is idle, in steps (its demand, its lines, its lists), one per idle callback: changing the
 * window then only renders (issue 23).
 */
export function useNeedToOrder(ref: DashboardRef) {
  const inventoryItems = useSelector(ref, (s) => s.context.inventoryItems);
  const selectedItems = useSelector(ref, (s) => s.context.selectedItems);
  const suppliers = useSelector(ref, (s) => s.context.suppliers);
  const events = useSelector(ref, (s) => s.context.events);
  const ingredientLists = useSelector(ref, (s) => s.context.ingredientLists);
  const today = useSelector(ref, (s) => s.context.today);
  const chosen = useSelector(ref, (s) => s.context.demandDays);
  const previous = useDeferredValue(chosen);
  const demandFor = useMemo(() => demandByWindow({ events, ingredientLists, today }), [events, ingredientLists, today]);
  const orders = useMemo(
    () => orderByWindow({ inventoryItems, selectedItems, suppliers, events, today }, demandFor),
    [inventoryItems, selectedItems, suppliers, events, today, demandFor],
  );
  // A window not worked out yet (the page just opened, an order just ticked) is worked out in a render of its own
  // after the frame that shows the choice (issue 23: ~120 ms of the click at 4x CPU); the window shown until then
  // is marked busy. One worked out already (on idle, or shown before) is shown in the click's frame.
  const ready = (days: DemandWindowDays) => !orders.pending().includes(days);
  const days = ready(chosen) || !ready(previous) ? chosen : previous;
  const { lines, specialty, lists, demand } = useMemo(() => orders.orderFor(days), [orders, days]);
  useEffect(() => {
    let cancel = () => {};
    const next = () => {
      if (orders.pending().length === 0) return;
      // One step (a window's demand, its lines or its lists) per idle callback: a click waits for one at most.
      cancel = whenIdle(() => {
        if (orders.stepAhead()) next();
      });
    };
    next();
    return () => cancel();
  }, [orders]);
  return useMemo(
    () => ({ ...connectNeedToOrder({ lines, specialty, lists, today, days, demand }, send(ref)), chosen }),
    [lines, specialty, lists, today, days, demand, ref, chosen],
  );
}

/** Copy and Print of one supplier's order list. */
export function useOrderListActions(ref: DashboardRef, key: string) {
  const copying = useSelector(ref, (s) => s.hasTag('copying') && s.context.copiedList === key);
  const copied = useSelector(ref, (s) => s.hasTag('copied') && s.context.copiedList === key);
  const copyError = useSelector(ref, (s) =>
    s.hasTag('copy failed') && s.context.copiedList === key ? s.context.copyError : null,
  );
  return useMemo(
    () => ({ ...connectOrderList(ref.getSnapshot(), key, send(ref)), copying, copied, copyError }),
    [copying, copied, copyError, ref, key],
  );
}

export function useDataSection(ref: DashboardRef, collection: CollectionName) {
  const rows = useSelector(ref, (s) => s.context[collection]);
  const shown = useSelector(ref, (s) => s.hasTag(`show ${collection}`));
  return useMemo(
    () => ({ ...connectDataSection(ref.getSnapshot(), collection, send(ref)), rows, shown }),
    [rows, shown, ref, collection],
  ) as ReturnType<typeof connectDataSection>;
}

const send = (ref: DashboardRef) => (event: DashboardEvent) => ref.send(event);
