/** The Dashboard actor with its side effects (storage, clock, alert, lazy mock data) and a small api for the views. */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { dashboardMachine, type DashboardInput, type MockLoadResult, type StorageChange } from '../../machines/dashboard/dashboard.machine';
import { describeCollections, existingCollections, MOCK_LOADED_MESSAGE, type CollectionName } from '../../domain/mockDataInfo';
import { isOrderPlaced, needToOrderItems, needToOrderRows } from '../../domain/needToOrder';
import { isoDate, msUntilNextDay, upcomingEvents } from '../../domain/upcoming';
import { employeesStore, eventsStore, inventoryItemsStore, selectedItemsStore, suppliersStore } from '../../storage/keys';
import { writeMockData } from '../../storage/mockData';
import type { SelectedItem } from '../../storage/schemas';
import { createPersister, type Persister } from '../shell/persister';
import { notify } from '../shell/toaster';
import { inspect } from '../shell/inspector';

export type DashboardRef = ActorRefFrom<typeof dashboardMachine>;

/** Order-placed flags are saved by item id onto the latest list, so two tabs ticking different items both keep theirs. */
let flags: Persister<SelectedItem> | null = null;

const implementation = dashboardMachine.provide({
  actions: {
    persistOrderFlags: ({ context, self }) => {
      flags ??= createPersister(selectedItemsStore, selectedItemsStore.read(), {
        label: 'Order flags',
        onConflicts: (_, stored) => {
          notify({ type: 'warning', title: 'Order placed was changed in another tab', description: 'Their change was kept; check the Need to Order list.' });
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
    notifyMockFailed: (_, { message }) => void notify({ type: 'error', title: 'Mock data could not be loaded', description: message }),
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
    // The 14-day window follows the clock: at midnight, and whenever the page comes back into view.
    watchClock: fromCallback(({ sendBack }) => {
      const tick = () => sendBack({ type: 'clock.tick', today: isoDate(new Date()) });
      let timer: ReturnType<typeof setTimeout>;
      const schedule = () => {
        timer = setTimeout(() => {
          tick();
          schedule();
        }, Math.min(msUntilNextDay(new Date()) + 500, 60 * 60 * 1000));
      };
      schedule();
      const onVisible = () => document.visibilityState === 'visible' && tick();
      document.addEventListener('visibilitychange', onVisible);
      window.addEventListener('focus', tick);
      return () => {
        clearTimeout(timer);
        document.removeEventListener('visibilitychange', onVisible);
        window.removeEventListener('focus', tick);
      };
    }),
    watchStorage: fromCallback(({ sendBack }) => {
      const send = (change: StorageChange) => sendBack({ type: 'storage.change', change });
      const stops = [
        inventoryItemsStore.subscribe((value) => send({ key: 'inventoryItems', value })),
        suppliersStore.subscribe((value) => send({ key: 'suppliers', value })),
        employeesStore.subscribe((value) => send({ key: 'employees', value })),
        eventsStore.subscribe((value) => send({ key: 'events', value })),
        selectedItemsStore.subscribe((value) => {
          flags?.rebase(value);
          send({ key: 'selectedItems', value });
        }),
      ];
      return () => stops.forEach((stop) => stop());
    }),
  },
});

function readInput(): DashboardInput {
  return {
    inventoryItems: inventoryItemsStore.read(),
    suppliers: suppliersStore.read(),
    employees: employeesStore.read(),
    events: eventsStore.read(),
    selectedItems: selectedItemsStore.read(),
    today: isoDate(new Date()),
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
  const replacing = useSelector(ref, (s) => describeCollections(s.context.replacing));
  return useMemo(
    () => ({
      busy,
      confirming,
      refreshToView,
      replacing,
      load: () => ref.send({ type: 'mock.load' }),
      confirm: () => ref.send({ type: 'replace.confirm' }),
      cancel: () => ref.send({ type: 'replace.cancel' }),
    }),
    [busy, confirming, refreshToView, replacing, ref],
  );
}

export function useUpcomingEvents(ref: DashboardRef) {
  const events = useSelector(ref, (s) => s.context.events);
  const today = useSelector(ref, (s) => s.context.today);
  return useMemo(() => upcomingEvents(events, today), [events, today]);
}

export function useNeedToOrder(ref: DashboardRef) {
  const items = useSelector(ref, (s) => s.context.inventoryItems);
  const flags = useSelector(ref, (s) => s.context.selectedItems);
  return useMemo(
    () => ({
      items: needToOrderItems(items).map((item) => ({ item, placed: isOrderPlaced(flags, item.id) })),
      exportRows: () => needToOrderRows(items, flags),
      toggle: (id: string) => ref.send({ type: 'order.toggle', id }),
    }),
    [items, flags, ref],
  );
}

export function useDataSection(ref: DashboardRef, collection: CollectionName) {
  const rows = useSelector(ref, (s) => s.context[collection]) as readonly Record<string, unknown>[];
  const shown = useSelector(ref, (s) => s.hasTag(`show ${collection}`));
  return useMemo(() => ({ rows, shown, toggle: () => ref.send({ type: 'section.toggle', collection }) }), [rows, shown, ref, collection]);
}
