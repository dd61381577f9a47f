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
import {
  archiveOld,
  bringBack,
  chooseWithAccount,
  fetchEvent,
  noteLocalChanges,
  pullChanges,
  pushChanges,
  type ArchiveRule,
  type LocalPort,
} from '../../sync/cycle';
import { countRecords, emptySyncState } from '../../sync/engine';
import { awayEventIds, keepMonthsOf } from '../../sync/archive';
import { createRemote, SyncFailure, type EventSummary, type Rpc, type Summary } from '../../sync/remote';
import { toISODate } from '../../domain/eventDates';
import { sampleEvents } from '../../domain/sampleEvents';
import {
  dataOwner,
  loadSyncState,
  readSyncSnapshot,
  saveSyncState,
  storedForm,
  syncedCharacters,
} from '../../storage/syncData';
import { browserLocalPort, browserPacing } from './browserPort';
import type { EventMove } from '../../sync/renumber';
import { DEMO_EMAIL } from '../../views/auth/DemoAccount';
import { notify } from '../../views/shell/toaster';
import type { AppRoot } from '../shell/appSystem';
import { isEventHeld } from './holds';
import { revisionsFromAccount } from './accountRevisions';
import type { IssuedDocument } from '../../domain/invoice';
import { provideAccountNumbers } from '../documents/accountNumbers';

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
const remote = createRemote(rpc, storedForm);

/** Events opened from the account on this page stay on this device while it is open. */
const openedHere = new Set<number>();
const sampleIds = new Set(sampleEvents('2000-01-01').map((e) => e.id));

/**
 * Which events stay on this device whatever their date: the built-in samples, those opened from the
 * account on this page, and those a view of any tab shows now (./holds.ts).
 */
const archiveRule: ArchiveRule = {
  today: () => toISODate(new Date()),
  keep: (id) => sampleIds.has(id) || openedHere.has(id) || isEventHeld(id),
};

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

/**
 * This device's new events that sync moved to free ids, because another device had added events with the same
 * numbers before they synced: both bookings are kept, each whole, and the caterer is told which number is whose.
 */
function tellMoved(moves: readonly EventMove[]) {
  const named = moves.map((m) => `${m.name.trim() ? `“${m.name.trim()}”` : 'Your new event'} is now event ${m.to}`);
  notify({
    type: 'info',
    title:
      moves.length === 1
        ? `Another device had added an event numbered ${moves[0]!.from}`
        : 'Other devices had added events with the same numbers',
    description: `${named.join('; ')}, here and in your account. Both bookings are kept, each with its own number.`,
    duration: 15000,
  });
}

/** Starts the sync actor for `user` in the app system; null when the root did not start it. */
function createSyncActor(root: AppRoot, user: SyncUser) {
  // Its `version` counts the changes to the synced keys by anyone but the sync (a pull's page decided meanwhile is decided again).
  const local = browserLocalPort(user.id, revisionsFromAccountWhenOn, tellMoved);
  const machine = syncMachine.provide({
    actors: {
      // Stopped (signed out, another account, sync turned off): the pull stops at its next wait (`signal`).
      pull: fromPromise(async ({ signal }) => {
        const pulled = await pullChanges(local, remote, newId, archiveRule, browserPacing, signal);
        signal.throwIfAborted();
        // Events kept only in the account that may no longer be (a longer keep time, a change elsewhere).
        await bringBack(local, remote, archiveRule);
        return pulled;
      }),
      push: fromPromise(() => pushChanges(local, remote, newId, archiveRule)),
      resolve: fromPromise(({ input }) => chooseWithAccount(local, remote, input.key, input.choice)),
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
    local.watch(() => {
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
    local,
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
  let pending = 0;
  try {
    pending = state.device === 'on' ? noteLocalChanges(browserLocalPort(user.id), newId).pending : 0;
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
  // The counts are for the first sign-in's question only (an account that does not sync yet): reading every
  // record to count them cost every page load ~150 ms with 2,000 events, for a question not asked.
  const counts = accountSyncs === false ? countRecords(readSyncSnapshot()) : {};
  return { demo, device: state.device, accountSyncs, counts, pending };
}

/** The running sync (one at a time), and who is told when it changes. */
let current: { userId: string; actor: SyncActor; stop: () => void; local: LocalPort } | null = null;
const listeners = new Set<() => void>();

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

// Issue 24 part 7: events kept only in the account.

const keepListeners = new Set<() => void>();

/** This device's "Keep events on this device for" (months, 0: every event), for the signed-in account. */
let keepCache: { userId: string; months: number } | null = null;
export function keepMonths(): number {
  if (!current) return keepMonthsOf(emptySyncState());
  if (keepCache?.userId !== current.userId)
    keepCache = { userId: current.userId, months: keepMonthsOf(current.local.load()) };
  return keepCache.months;
}

export function subscribeKeepMonths(listener: () => void): () => void {
  keepListeners.add(listener);
  return () => void keepListeners.delete(listener);
}

/** Remembers the choice on this device and applies it at once (a sync, which lets old events go). */
export function setKeepMonths(months: number): void {
  if (!current) return;
  try {
    current.local.save({ ...current.local.load(), keepMonths: months });
    keepCache = { userId: current.userId, months };
  } catch (error) {
    notify({
      type: 'error',
      title: 'Your choice could not be saved in this browser',
      description: error instanceof Error ? error.message : undefined,
    });
    return;
  }
  for (const listener of keepListeners) listener();
  current.actor.send({ type: 'sync.now' });
}

/** The events this device keeps only in the account (none when sync is not running). */
export function eventsInAccount(): number[] {
  return current ? awayEventIds(current.local.load()) : [];
}

/** Lets this device's old events go now (after a sync, or when the choice changes); the number let go. */
export function archiveNow(): number {
  return current ? archiveOld(current.local, newId, archiveRule) : 0;
}

/** Searches the events this device keeps only in the account (name or customer). */
export async function searchEventsInAccount(search: string): Promise<{ events: EventSummary[]; more: boolean }> {
  const ids = eventsInAccount();
  if (!ids.length) return { events: [], more: false };
  return remote.eventSummaries({ eventIds: ids.map(String), search, maxRows: 50 });
}

/**
 * Opens an event kept only in the account: fetches it (with its ingredient list and tool data) and
 * writes it here; it stays here while this page is open. False when the account no longer has it.
 */
export async function openEventFromAccount(eventId: number): Promise<boolean> {
  if (!current) throw new SyncFailure('fatal', 0, 'Sync is not on in this browser.');
  openedHere.add(eventId);
  const local = current.local;
  try {
    return await fetchEvent(local, remote, eventId);
  } catch (error) {
    openedHere.delete(eventId);
    throw error;
  }
}

/** Characters this browser holds for the synced keys (events with their tool data, and the rest). */
export const localCharacters = () => syncedCharacters();

/**
 * Whether the signed-in account's sync state on this device keeps event `eventId` only in the account
 * (issue 24 part 7: an event opened by its address). Read from this device's sync state: no network.
 */
export async function keptInAccount(eventId: number): Promise<boolean> {
  const user = await sessionUser();
  if (!user) return false;
  return awayEventIds(loadSyncState(user.id, emptySyncState)).includes(eventId);
}

/** The running sync, once it has started for the signed-in account (a page opened by its address starts before it). */
function runningSync(timeoutMs: number): Promise<NonNullable<typeof current>> {
  if (current) return Promise.resolve(current);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new SyncFailure('retry', 0, 'Sync has not started in this browser yet.'));
    }, timeoutMs);
    const stop = subscribeSyncActor(() => {
      if (!current) return;
      clearTimeout(timer);
      stop();
      resolve(current);
    });
  });
}

/** Fetches an event kept only in the account and opened by its address (once sync runs); false when the account no longer has it. */
export async function fetchEventFromAccount(eventId: number): Promise<boolean> {
  await runningSync(20_000);
  return openEventFromAccount(eventId);
}

// Issue 22: quote and invoice numbers from the account.

/**
 * True when quote and invoice numbers come from the account: sync is on, on this device, for the account
 * whose data is open. Never for the demo account (it never syncs: its numbers are this browser's).
 */
export function numbersFromAccount(): boolean {
  const snapshot = current?.actor.getSnapshot();
  if (snapshot?.hasTag('demo')) return false;
  if (snapshot && !snapshot.hasTag('disabled') && !snapshot.matches('starting')) return true;
  const owner = dataOwner();
  return !!owner && loadSyncState(owner, emptySyncState).device === 'on';
}

/**
 * Two revisions that met with one number in a pull: with sync on, the moved one's revision comes from the
 * account (./accountRevisions.ts), asked after the pull's write, as a change of this device's.
 */
function revisionsFromAccountWhenOn(renumbered: IssuedDocument[]): void {
  if (numbersFromAccount()) void revisionsFromAccount(renumbered, takeDocumentRevision);
}

/** How long issuing waits for the account's number before saying it cannot be reached. */
const NUMBER_TIMEOUT_MS = 15_000;

/** The account's next number of `kind` for `year`, above `lastKnown` (the highest this browser used). */
export function takeDocumentNumber(kind: 'quote' | 'invoice', year: number, lastKnown: number): Promise<number> {
  return inTime(remote.takeDocumentNumber(kind, year, lastKnown));
}

/** The account's next revision of the issued number `sequence`, above `lastKnown` (the highest revision here). */
export function takeDocumentRevision(
  kind: 'quote' | 'invoice',
  year: number,
  sequence: number,
  lastKnown: number,
): Promise<number> {
  return inTime(remote.takeDocumentRevision(kind, year, sequence, lastKnown));
}

/** The account's answer, or an offline failure when it does not come within NUMBER_TIMEOUT_MS. */
function inTime(answer: Promise<number>): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new SyncFailure('offline', 0, 'The account did not answer in time.')),
      NUMBER_TIMEOUT_MS,
    );
    answer.then(
      (n) => {
        clearTimeout(timer);
        resolve(n);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

provideAccountNumbers({
  fromAccount: numbersFromAccount,
  take: takeDocumentNumber,
  takeRevision: takeDocumentRevision,
});
