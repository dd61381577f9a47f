/**
 * The views' link to account sync: starts it for the signed-in account, and gives its state and
 * callbacks (the nav's status, the conflict dialog, the question, the Dashboard's switch and summary).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { conflictView, syncStatus, type ConflictView, type SyncStatus } from '../../machines/sync/sync.connect';
import type { Choice } from '../../sync/engine';
import type { Summary } from '../../sync/remote';
import {
  currentSyncActor,
  eventsInAccount,
  fetchSummary,
  keepMonths,
  localCharacters,
  localCounts,
  setKeepMonths,
  subscribeKeepMonths,
  runSyncFor,
  sessionUser,
  subscribeSyncActor,
  type SyncActor,
} from './syncService';
import { useAppRoot } from '../shell/appSystem';

/** Runs sync for the signed-in account (the session's user) while signed in; `email` re-checks on a switch. */
export function useRunSync(signedIn: boolean, email: string | null): void {
  const root = useAppRoot()!;
  useEffect(() => {
    let live = true;
    if (!signedIn) runSyncFor(root, null);
    else
      void sessionUser()
        .then((user) => live && runSyncFor(root, user))
        .catch(() => {});
    return () => {
      live = false;
    };
  }, [root, signedIn, email]);
}

function useSyncActor(): SyncActor | null {
  return useSyncExternalStore(subscribeSyncActor, currentSyncActor, () => null);
}

export interface SyncView {
  status: SyncStatus | null;
  /** Sync is on for this device (the switch). */
  on: boolean;
  /** The facts gathered at sign-in are in: until then the switch cannot be used (a click would be lost). */
  ready: boolean;
  demo: boolean;
  asking: boolean;
  counts: Record<string, number>;
  pending: number;
  rejected: number;
  conflict: ConflictView | null;
  conflictBusy: boolean;
  /** Why the last choice was not applied (the account out of reach), while the question stays. */
  conflictError: string | null;
  retry(): void;
  turnOn(): void;
  turnOff(): void;
  decline(): void;
  resolve(key: string, choice: Choice): void;
}

const none = () => {};

/** The sync state in the words and callbacks the views need. */
export function useSync(): SyncView {
  const actor = useSyncActor();
  const snapshot = useSelector(actor ?? undefined, (s) => s) ?? null;
  // Ticks each minute, so "Last synced" words stay true.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const send = (event: Parameters<SyncActor['send']>[0]) => actor?.send(event);
  return {
    status: snapshot ? syncStatus(snapshot, Math.max(now, snapshot.context.lastSyncedAt ?? 0)) : null,
    on: !!snapshot && !snapshot.hasTag('disabled') && !snapshot.matches('starting'),
    ready: !!snapshot && !snapshot.matches('starting'),
    demo: !!snapshot?.hasTag('demo'),
    asking: !!snapshot?.hasTag('asking'),
    counts: snapshot?.context.counts ?? {},
    pending: snapshot?.context.pending ?? 0,
    rejected: snapshot?.context.rejected ?? 0,
    conflict: snapshot?.hasTag('conflict') ? conflictView(snapshot.context.conflicts[0]) : null,
    conflictBusy: !!snapshot?.matches({ on: 'resolving' }),
    conflictError: snapshot?.matches({ on: 'conflict' }) ? snapshot.context.error : null,
    retry: actor ? () => send({ type: 'sync.now' }) : none,
    turnOn: actor ? () => send({ type: 'sync.turnOn' }) : none,
    turnOff: actor ? () => send({ type: 'sync.turnOff' }) : none,
    decline: actor ? () => send({ type: 'sync.decline' }) : none,
    resolve: (key, choice) => send({ type: 'conflict.resolve', key, choice }),
  };
}

/** This device's "Keep events on this device for" (months; 0: every event) and its setter. */
export function useKeepMonths(): { months: number; set(months: number): void } {
  const months = useSyncExternalStore(subscribeKeepMonths, keepMonths, keepMonths);
  return { months, set: setKeepMonths };
}

export type SummaryState =
  { status: 'loading' } | { status: 'ready'; summary: Summary } | { status: 'unavailable'; message: string };

/** What the account holds on the server, and this browser's counts: read when shown and after each sync. */
export function useSyncSummary(enabled: boolean, lastSyncedAt: string | null) {
  const [state, setState] = useState<SummaryState>({ status: 'loading' });
  const [local, setLocal] = useState<Record<string, number>>(() => localCounts());
  const [here, setHere] = useState(() => ({ characters: localCharacters(), away: eventsInAccount().length }));
  useEffect(() => {
    setLocal(localCounts());
    setHere({ characters: localCharacters(), away: eventsInAccount().length });
    if (!enabled) return;
    let live = true;
    fetchSummary().then(
      (summary) => live && setState({ status: 'ready', summary }),
      (error: unknown) =>
        live &&
        setState({ status: 'unavailable', message: error instanceof Error ? error.message : 'Not available now.' }),
    );
    return () => {
      live = false;
    };
  }, [enabled, lastSyncedAt]);
  return { server: state, local, here };
}
