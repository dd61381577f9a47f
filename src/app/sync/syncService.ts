/**
 * Runs the sync machine for the signed-in account, with its effects: the pull and push over
 * supabase-js `rpc()` (src/sync/remote.ts) and this browser's data (src/storage/syncData.ts), the
 * waits, what is remembered (this device's choice in its sync state, the account's in its user
 * metadata `syncAcrossDevices`), and the triggers: a local change, focus, back online, a visible
 * page. Loaded only for a signed-in visitor (the nav's lazy sync status), never by the landing page.
 * The sync actor runs in the app system (systemId `sync`): this module hands its logic to the root
 * app actor, which stops it when auth is no longer signed in.
 */
import { fromPromise } from 'xstate';
import { appActor, type AppSystem } from '../../machines/app/app.machine';
import { syncMachine, type SyncFacts } from '../../machines/sync/sync.machine';
import { chooseForConflict, noteLocalChanges, pullChanges, pushChanges, type LocalPort } from '../../sync/cycle';
import { countRecords, emptySyncState } from '../../sync/engine';
import { createRemote, SyncFailure, type Rpc, type Summary } from '../../sync/remote';
import {
  loadSyncState,
  readSyncSnapshot,
  saveSyncState,
  watchSyncedKeys,
  writeSyncChanges,
} from '../../storage/syncData';
import { DEMO_EMAIL } from '../../views/auth/DemoAccount';
import { notify } from '../../views/shell/toaster';
import type { AppRoot } from '../shell/appSystem';

export type SyncActor = AppSystem['sync'];

export interface SyncUser {
  id: string;
  email: string | null;
}

/** The account's setting, in its user metadata (remembered for the account, on every device). */
export const ACCOUNT_SETTING = 'syncAcrossDevices';

const newId = () => crypto.randomUUID();

// supabase-js, as the session already uses it (loaded on demand, in its own chunk).
const loadSupabase = () => import('../../machines/auth/supabaseAuth');

async function client() {
  const supabase = (await loadSupabase()).currentClient();
  if (!supabase) throw new SyncFailure('retry', 401, 'The session is not open yet.');
  return supabase;
}

/** The signed-in account (from the session's client), or null. */
export async function sessionUser(): Promise<SyncUser | null> {
  const supabase = (await loadSupabase()).currentClient();
  const user = supabase ? (await supabase.auth.getSession()).data.session?.user : null;
  return user ? { id: user.id, email: user.email ?? null } : null;
}

const rpc: Rpc = async (name, args) => (await client()).rpc(name, args);
const remote = createRemote(rpc);

function localPort(userId: string, writing: { now: boolean }): LocalPort {
  return {
    snapshot: readSyncSnapshot,
    write: (writes) => {
      // The sync's own writes are not local changes to send back.
      writing.now = true;
      try {
        writeSyncChanges(writes);
      } finally {
        writing.now = false;
      }
    },
    load: () => loadSyncState(userId, emptySyncState),
    save: (state) => saveSyncState(userId, state),
  };
}

/** Resolves after `ms`; with `visibleOnly`, not before the page is visible again. */
function wait(ms: number, visibleOnly: boolean, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      if (!visibleOnly || document.visibilityState === 'visible') return finish();
      document.addEventListener('visibilitychange', onVisible);
    }, ms);
    const onVisible = () => document.visibilityState === 'visible' && finish();
    const finish = () => {
      document.removeEventListener('visibilitychange', onVisible);
      resolve();
    };
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    });
  });
}

function remember(userId: string, device: 'on' | 'off') {
  try {
    saveSyncState(userId, { ...loadSyncState(userId, emptySyncState), device });
  } catch (error) {
    notify({
      type: 'error',
      title: 'Your sync choice could not be saved in this browser',
      description: error instanceof Error ? error.message : undefined,
    });
  }
}

/** The running sync (one at a time), and who is told when it changes. */
let current: { userId: string; actor: SyncActor; stop: () => void } | null = null;
const listeners = new Set<() => void>();

/** Starts the sync actor for `user` in the app system; null when the root did not start it. */
function createSyncActor(root: AppRoot, user: SyncUser) {
  const writing = { now: false };
  const local = localPort(user.id, writing);
  const machine = syncMachine.provide({
    actors: {
      pull: fromPromise(() => pullChanges(local, remote, newId)),
      push: fromPromise(() => pushChanges(local, remote, newId)),
      resolve: fromPromise(async ({ input }) => chooseForConflict(local, input.key, input.choice)),
      wait: fromPromise(({ input, signal }) => wait(input.ms, input.visibleOnly, signal)),
    },
    actions: {
      rememberOn: () => {
        remember(user.id, 'on');
        void client()
          .then((c) => c.auth.updateUser({ data: { [ACCOUNT_SETTING]: true } }))
          .catch(() => {});
      },
      rememberOff: () => remember(user.id, 'off'),
      announceJoined: () =>
        notify({
          type: 'info',
          title: 'This account syncs across devices',
          description:
            'This browser joined it: its data and the account’s are merged by id, and a record changed on both asks which to keep.',
          duration: 10000,
        }),
    },
  });
  const running = appActor(root, 'sync');
  root.send({ type: 'sync.start', logic: machine });
  const actor = appActor(root, 'sync');
  // Not started (the root was not running, or another sync still runs): nothing of ours to watch.
  if (!actor || actor === running) return null;
  const stops: Array<() => void> = [];
  const note = () => {
    try {
      const outcome = noteLocalChanges(local, newId);
      actor.send({ type: 'local.changed', pending: outcome.pending });
    } catch {
      /* storage refused the outbox: the next sync takes the changes from the data itself */
    }
  };
  let noteTimer: ReturnType<typeof setTimeout> | undefined;
  stops.push(
    watchSyncedKeys(() => {
      if (writing.now) return;
      if (actor.getSnapshot().hasTag('disabled') || actor.getSnapshot().matches('starting')) return;
      clearTimeout(noteTimer);
      noteTimer = setTimeout(note, 200);
    }),
  );
  const now = () => actor.send({ type: 'sync.now' });
  const onVisible = () => document.visibilityState === 'visible' && now();
  const online = () => actor.send({ type: 'network.online' });
  const offline = () => actor.send({ type: 'network.offline' });
  window.addEventListener('focus', now);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  stops.push(() => {
    clearTimeout(noteTimer);
    window.removeEventListener('focus', now);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  });
  // Stopped by the root (signed out) or by stop() below: its listeners go with it.
  const cleanUp = () => {
    for (const stop of stops.splice(0)) stop();
    if (current?.actor === actor) {
      current = null;
      for (const listener of listeners) listener();
    }
  };
  actor.subscribe({ complete: cleanUp, error: cleanUp });
  void gatherFacts(user).then((facts) => actor.send({ type: 'sync.facts', facts }));
  return {
    actor,
    stop: () => {
      cleanUp();
      if (appActor(root, 'sync') === actor) root.send({ type: 'sync.stop' });
    },
  };
}

/** What the machine decides from: the demo account, this device's choice, the account's setting, this browser's data. */
async function gatherFacts(user: SyncUser): Promise<SyncFacts> {
  const demo = user.email?.toLowerCase() === DEMO_EMAIL;
  const state = loadSyncState(user.id, emptySyncState);
  const counts = countRecords(readSyncSnapshot());
  let pending = 0;
  try {
    pending = state.device === 'on' ? noteLocalChanges(localPort(user.id, { now: false }), newId).pending : 0;
  } catch {
    /* storage refused the outbox: counted at the next change */
  }
  let accountSyncs: boolean | null = null;
  if (!demo && state.device === 'undecided') {
    try {
      const { data, error } = await (await client()).auth.getUser();
      if (!error) accountSyncs = data.user?.user_metadata?.[ACCOUNT_SETTING] === true;
    } catch {
      /* unknown (offline): asked again at the next sign-in */
    }
  }
  return { demo, device: state.device, accountSyncs, counts, pending };
}

/** Starts syncing for `user` in `root`'s system (or keeps the running one); null stops it (signed out). */
export function runSyncFor(root: AppRoot, user: SyncUser | null): void {
  if (current && current.userId === user?.id) return;
  current?.stop();
  const started = user ? createSyncActor(root, user) : null;
  current = user && started ? { userId: user.id, ...started } : null;
  for (const listener of listeners) listener();
}

export function currentSyncActor(): SyncActor | null {
  return current?.actor ?? null;
}

export function subscribeSyncActor(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** What the account holds on the server (the Dashboard's storage section). */
export const fetchSummary = (): Promise<Summary> => remote.summary();

/** This browser's records, by collection (what turning sync on uploads). */
export const localCounts = () => countRecords(readSyncSnapshot());
