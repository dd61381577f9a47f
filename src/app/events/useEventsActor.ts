/**
 * The events actor of the page, with its side effects provided: the list is saved by id and
 * revision through the persister (a failed write is kept and retried; another tab's simultaneous
 * change becomes the machine's conflict), deleted ids are remembered, the per-event keys a delete
 * takes away come back with Undo, toasts, and the watcher of other tabs' changes.
 */
import type { StatusFilter } from '../../domain/eventStatus';
import { useActorRef, useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { toISODate } from '../../domain/eventDates';
import { blankEventForm, formToEvent, type EventFilter, mergeSamples, type EventFormValues } from '../../domain/events';
import { eventFormMachine } from '../../machines/events/eventForm.machine';
import { sampleEvents } from '../../domain/sampleEvents';
import { eventsMachine, type EventsEvent, type RestoreInput } from '../../machines/events/events.machine';
import {
  deletedEventIdsStore,
  eventsStore,
  ingredientListStore,
  type CateringEvent,
  type ChosenIngredient,
  type WriteResult,
} from '../../storage';
import { draftStore } from '../../storage/drafts';
import { eventIdsKeptInAccount } from '../../storage/syncData';
import { createPersister, handConflicts, type Persister } from '../shell/persister';
import { createAfterPaintWriter, type AfterPaintWriter } from '../shell/afterPaint';
import { notify } from '../../views/shell/toaster';
import { onEventMoves } from '../sync/eventMoves';
import { loadEvents, rememberDeletedId, removeEventKeys, restoreDeletedEvent, saveRescaledEvent } from './eventsData';
import { inspect } from '../../views/shell/inspector';
import { useConflict } from '../conflict/useConflict';
import { eventsConflict, shownEvents } from '../../machines/events/events.connect';
import { withCustomer, type Customer } from '../../domain/customers';
import { customersStore, customersToStore, loadCustomers, saveCustomers } from '../customers/customersData';

export { loadEvents };

export const undoSeconds = 8;

export function reportWrite(result: WriteResult) {
  if (!result.ok) notify({ type: 'error', title: 'Could not save your change', description: result.error.message });
}

export function useEventsActor() {
  const [today] = useState(() => toISODate(new Date()));
  const [start] = useState(() => loadEvents(today));
  // Issue 24 part 7: the ids of events kept only in the account, which no new event may take.
  const [reservedIds] = useState(eventIdsKeptInAccount);
  // Issue 22 part 6: the customers, with those earlier events need derived (reading writes nothing).
  const [customers] = useState(() => loadCustomers(start.events));
  // Issue 25: a new event typed before a reload or a visit elsewhere.
  const [newEventDraft] = useState(() => {
    const saved = draftStore('newEvent').read();
    return saved ? ({ ...blankEventForm(), ...saved.values, id: 0 } as EventFormValues) : null;
  });
  const [link] = useState(() => {
    const state: {
      send: ((event: EventsEvent) => void) | null;
      persister: Persister<CateringEvent>;
      writer: AfterPaintWriter<readonly CateringEvent[]>;
      /** True while this actor writes the customers (its context has them already: not derived again). */
      savingCustomers: boolean;
    } = {
      send: null,
      savingCustomers: false,
      persister: null as never,
      writer: null as never,
    };
    state.persister = createPersister(eventsStore, start.stored, {
      label: 'Events',
      onConflicts: handConflicts(
        (stored) => {
          const deletedIds = deletedEventIdsStore.read();
          state.send?.({
            type: 'storage.change',
            events: mergeSamples(stored, sampleEvents(today), deletedIds),
            deletedIds,
            reservedIds: eventIdsKeptInAccount(),
          });
        },
        (mine, theirs) => state.send?.({ type: 'save.conflict', mine, theirs }),
        (event) => `Event ${event.EventName}`,
      ),
    });
    // Issue 23: the 2,000-event list is written just after the frame that shows the change.
    state.writer = createAfterPaintWriter(eventsStore.key, (events) => state.persister.save(events));
    return state;
  });
  /** Stores customers this actor's context holds already (see `savingCustomers`). */
  const saveOwnCustomers = (changed: Customer[]) => {
    link.savingCustomers = true;
    try {
      reportWrite(saveCustomers(changed));
    } finally {
      link.savingCustomers = false;
    }
  };
  const machine = useMemo(
    () =>
      eventsMachine.provide({
        actions: {
          persistEvents: ({ context, self }) => {
            link.send = (event) => self.send(event);
            link.writer.schedule(context.events);
          },
          persistCustomers: ({ context }) =>
            saveOwnCustomers(customersToStore(context.customers, context.customerChanged, context.lastSaved)),
          persistRescaled: ({ context, event, self }) => {
            if (event.type !== 'form.save' || !event.rescale) return;
            const base = context.events.find((e) => e.id === event.values.id);
            // The event's customer, as a plain save gives it (issue 22 part 6).
            const customer = withCustomer(
              context.customers,
              { ...formToEvent(event.values, base), ingredients: event.rescale.plan.specialty },
              event.values.customerId ?? '',
            );
            const result = saveRescaledEvent({
              event: customer.event,
              base,
              lines: event.rescale.plan.inventory,
              linesBase: event.rescale.inventoryBase,
            });
            if (result.ok) link.persister.rebase(result.stored);
            if (result.ok) saveOwnCustomers(customersToStore(customer.customers, customer.changed, customer.event));
            self.send(
              result.ok
                ? { type: 'rescale.saved', event: result.saved }
                : { type: 'rescale.failed', message: result.message },
            );
          },
          persistDeletedId: ({ context }) => {
            if (context.lastDeleted) reportWrite(rememberDeletedId(context.lastDeleted.id));
          },
          removeEventKeys: ({ context }) => {
            if (context.lastDeleted) removeEventKeys(context.lastDeleted.id).forEach(reportWrite);
          },
          notifySaved: ({ context }) =>
            void notify({
              type: 'success',
              title: 'Event saved',
              description: context.lastSaved?.EventName ?? '',
              duration: 3000,
            }),
          notifyDeleted: ({ context, self }) => {
            const gone = context.lastDeleted;
            if (!gone) return;
            // Each toast's Undo names its own event: an older toast never restores a later delete.
            void notify({
              type: 'info',
              title: 'Event deleted',
              description: gone.EventName,
              duration: undoSeconds * 1000,
              action: { label: 'Undo', onClick: () => self.send({ type: 'delete.undo', id: gone.id }) },
            });
          },
          notifyRestored: ({ context }) =>
            void notify({
              type: 'success',
              title: 'Event restored',
              description: context.lastDeleted?.EventName ?? '',
              duration: 3000,
            }),
          notifyUndoFailed: ({ context }) =>
            void notify({
              type: 'error',
              title: 'Could not undo the delete',
              description: context.undoError ?? '',
              duration: 10_000,
            }),
          notifyToolkitGone: () =>
            void notify({
              type: 'warning',
              title: 'Tool Kit closed',
              description: 'This event was deleted in another tab.',
              duration: 8000,
            }),
        },
        actors: {
          eventForm: eventFormMachine.provide({
            actors: {
              loadIngredientLines: fromPromise<ChosenIngredient[], { id: number }>(async ({ input }) =>
                ingredientListStore(input.id).read(),
              ),
            },
            actions: {
              persistDraft: ({ context }) =>
                void draftStore('newEvent').write({ values: { ...context.values }, savedAt: Date.now() }),
              discardDraft: () => void draftStore('newEvent').remove(),
            },
          }),
          restoreDeleted: fromPromise<void, RestoreInput>(async ({ input }) => {
            const stored = restoreDeletedEvent(input.event);
            link.persister.rebase(stored);
          }),
          watchStorage: fromCallback(({ sendBack }) => {
            // The customers as stored, with those the events need (derived: reading writes nothing). Not on this
            // actor's own save (issue 23): its context holds them, and reading the events here would make the
            // events' after-paint write before the paint.
            const customersChanged = () => {
              if (link.savingCustomers) return;
              sendBack({
                type: 'customers.change',
                customers: loadCustomers(
                  mergeSamples(eventsStore.read(), sampleEvents(today), deletedEventIdsStore.read()),
                ),
              });
            };
            const changed = () => {
              const stored = eventsStore.read();
              const deletedIds = deletedEventIdsStore.read();
              link.persister.rebase(stored);
              sendBack({
                type: 'storage.change',
                events: mergeSamples(stored, sampleEvents(today), deletedIds),
                deletedIds,
                reservedIds: eventIdsKeptInAccount(),
              });
              customersChanged();
            };
            const stops = [
              eventsStore.subscribe(changed),
              deletedEventIdsStore.subscribe(changed),
              customersStore.subscribe(customersChanged),
              // Sync moving new events to free ids (just before it writes them): what is open follows.
              onEventMoves((moves) => sendBack({ type: 'events.moved', moves })),
            ];
            return () => stops.forEach((stop) => stop());
          }),
        },
      }),
    // The page's setup is fixed for its lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  useEffect(
    () => () => {
      link.writer.stop();
      link.persister.stop();
    },
    [link],
  );
  return useActorRef(machine, {
    input: {
      events: start.events,
      deletedIds: start.deletedIds,
      reservedIds,
      today,
      newEventDraft,
      customers,
    },
    inspect,
  });
}

export type EventsRef = ActorRefFrom<typeof eventsMachine>;

/**
 * The events the list shows under the filter, with the count of all; computed again only when the events, the
 * filter or the day change. A change of the events (a save in the Tool Kit or the Edit dialog, another tab's, a
 * sync) reaches the list in a render of its own after the next paint (issue 23, seventh pass): the dialog the
 * caterer is using answers first, and the list behind it follows a moment later. A filter answers at once.
 */
export function useShownEvents(
  ref: EventsRef,
  filter: EventFilter,
  today: string,
  status: StatusFilter = 'any',
): { shown: CateringEvent[]; total: number } {
  const events = useDeferredValue(useSelector(ref, (s) => s.context.events));
  const shown = useMemo(() => shownEvents(events, filter, today, status), [events, filter, today, status]);
  return { shown, total: events.length };
}

/**
 * One event as the events list holds it now, by id (issue 23, sixth pass: the Tool Kit follows its own event, so
 * that the dialog around it is not rendered again with the page on every change). While the list has no such event
 * (it is going: the page closes what shows it in the same render), the last one seen.
 */
export function useEventById(ref: EventsRef, id: number): CateringEvent | undefined {
  const last = useRef<CateringEvent | undefined>(undefined);
  const event = useSelector(ref, (s) => s.context.events.find((e) => e.id === id));
  if (event) last.current = event;
  return event ?? last.current;
}

/** The conflict dialog's view of the events machine: what differs, and the three ways out. */
export const useEventConflict = (ref: EventsRef) => useConflict(ref, eventsConflict);
