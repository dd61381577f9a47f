/**
 * What a page opened by an event's address shows while that event is fetched from the account
 * (accountEvent.machine.ts): the words, whether the page's "not found" shows instead, and Retry. Pure.
 */
import type { SnapshotFrom } from 'xstate';
import type { AccountEventEvent, accountEventMachine } from './accountEvent.machine';

export type AccountEventSnapshot = SnapshotFrom<typeof accountEventMachine>;

export const LOCATING = 'Looking for this event…';
export const FETCHING = 'This event is kept in your account: fetching it…';
export const OFFLINE_OPEN =
  'This event is kept in your account, not on this device. You are offline: connect to the internet to open it. It opens as soon as this browser is back online.';
export const GONE = 'This event is no longer in your account (deleted on another device).';

export interface AccountEventView {
  /** Looking or fetching: a loading state with these words. */
  loading: string | null;
  /** Offline or failed: an alert with these words, and Retry. */
  alert: string | null;
  canRetry: boolean;
  /** No such event (or deleted since): the page's "not found", with `note` above it when there is one. */
  notFound: boolean;
  note: string | null;
  /** Fetched: the page shows the event as soon as it reads it. */
  fetched: boolean;
  retry: () => void;
}

export function accountEventView(
  snapshot: AccountEventSnapshot,
  send: (event: AccountEventEvent) => void,
): AccountEventView {
  const state = snapshot.value as string;
  const loading = state === 'locating' ? LOCATING : state === 'fetching' ? FETCHING : null;
  let alert: string | null = null;
  if (state === 'offline') alert = OFFLINE_OPEN;
  else if (state === 'failed')
    alert = `This event is kept in your account, but it could not be fetched: ${snapshot.context.error ?? ''}`.trim();
  return {
    loading,
    alert,
    canRetry: snapshot.can({ type: 'fetch.retry' }),
    notFound: state === 'notFound' || state === 'gone',
    note: state === 'gone' ? GONE : null,
    fetched: state === 'fetched',
    retry: () => send({ type: 'fetch.retry' }),
  };
}
