/**
 * The events actor of the page, with its side effects provided: localStorage through the accessors
 * (failures keep the in-memory list and show a toast), toasts, and the per-event keys that a delete
 * takes away and an undo puts back. Also follows other tabs' changes of the `events` key.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { toISODate } from '../../domain/eventDates';
import { mergeSamples } from '../../domain/events';
import { sampleEvents } from '../../domain/sampleEvents';
import { eventsMachine } from '../../machines/events/events.machine';
import { eventsStore, listKeys, perEventStores, type KeyAccessor, type WriteResult } from '../../storage';
import { notify } from '../shell/toaster';

export const undoSeconds = 8;

export function reportWrite(result: WriteResult) {
  if (!result.ok) notify({ type: 'error', title: 'Could not save your change', description: result.error.message });
}

/** Copies of the per-event keys taken at delete time, for Undo. */
const removedKeys = new Map<number, Array<{ store: KeyAccessor<unknown>; value: unknown }>>();

export function loadEvents(today: string) {
  return mergeSamples(eventsStore.read(), sampleEvents(today));
}

export function useEventsActor() {
  const [input] = useState(() => ({ events: loadEvents(toISODate(new Date())) }));
  const ref = useActorRef(
    eventsMachine.provide({
      actions: {
        persistEvents: ({ context }) => reportWrite(eventsStore.write(context.events)),
        removeEventKeys: ({ context }) => {
          const id = context.lastDeleted?.id;
          if (id === undefined) return;
          const present = new Set(listKeys());
          const stores = perEventStores(id) as Array<KeyAccessor<unknown>>;
          removedKeys.set(
            id,
            stores.filter((s) => present.has(s.key)).map((store) => ({ store, value: store.read() })),
          );
          for (const store of stores) reportWrite(store.remove());
        },
        restoreEventKeys: ({ context }) => {
          const id = context.lastDeleted?.id;
          if (id === undefined) return;
          for (const { store, value } of removedKeys.get(id) ?? []) reportWrite(store.write(value));
          removedKeys.delete(id);
        },
        notifySaved: ({ context }) =>
          void notify({ type: 'success', title: 'Event saved', description: context.lastSaved?.EventName ?? '', duration: 3000 }),
        notifyDeleted: ({ context, self }) =>
          void notify({
            type: 'info',
            title: 'Event deleted',
            description: context.lastDeleted?.EventName ?? '',
            duration: undoSeconds * 1000,
            action: { label: 'Undo', onClick: () => self.send({ type: 'delete.undo' }) },
          }),
      },
    }),
    { input },
  );
  useEffect(() => eventsStore.subscribe((events) => ref.send({ type: 'storage.change', events })), [ref]);
  return ref;
}

export type EventsRef = ReturnType<typeof useEventsActor>;
