/**
 * An event opened by its address that this browser does not hold (issue 24 part 7): the accountEvent
 * statechart with its effects: this device's sync state says whether the account keeps it, the
 * account's `sync_event_records` fetches it, the browser's `online` event retries, and `onFetched`
 * shows it (a page re-reads it from storage by itself; the Tool Kit address opens the Tool Kit).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { accountEventMachine } from '../../machines/sync/accountEvent.machine';
import { accountEventView } from '../../machines/sync/accountEvent.connect';
import { inspect } from '../../views/shell/inspector';
import { fetchEventFromAccount, keptInAccount } from './syncService';

export function useAccountEvent(id: number, onFetched?: (id: number) => void) {
  const fetched = useRef(onFetched);
  useEffect(() => {
    fetched.current = onFetched;
  }, [onFetched]);
  const machine = useMemo(
    () =>
      accountEventMachine.provide({
        actors: {
          locate: fromPromise(async ({ input }) => ((await keptInAccount(input.id)) ? 'account' : 'none')),
          fetchEvent: fromPromise(({ input }) => fetchEventFromAccount(input.id)),
        },
        actions: {
          showFetched: (_, params) => fetched.current?.(params.id),
        },
      }),
    [],
  );
  const ref = useActorRef(machine, { input: { id }, inspect });
  useEffect(() => {
    const online = () => ref.send({ type: 'network.online' });
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [ref]);
  const snapshot = useSelector(ref, (s) => s);
  return accountEventView(snapshot, ref.send);
}
