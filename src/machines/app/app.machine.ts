/**
 * The app's root actor (issue 20, part 3; docs/architecture.md): the app-wide actors run as its
 * children in one actor system, each under a `systemId`, so that `root.system.get('auth')` reaches
 * them from the app layer, the tests and the statechart explorer. Auth, colour mode and sound live as
 * long as the app. Storage health runs while the Data view is open, sync while a signed-in account
 * syncs: their code is loaded lazily (the landing page never loads it), so their logic arrives in the
 * event that starts them. Sync runs only while auth is signed in: the moment auth leaves `signedIn`
 * (sign-out here or in another tab, a switch of account), the sync actor is stopped.
 *
 * Pure: the app layer (src/app/shell/AppActors.tsx) provides auth, colour mode and sound with their
 * effects; the lazily loaded logic comes provided already.
 */
import { enqueueActions, setup, stopChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { authMachine } from '../auth/auth.machine';
import { colorModeMachine, type ColorModeInput } from '../colorMode.machine';
import { soundMachine, type SoundInput } from '../sound.machine';
import type { storageHealthMachine } from '../storage/storageHealth.machine';
import type { syncMachine } from '../sync/sync.machine';
import type { SecretsOf } from '../../domain/inspection';

/** What the app-wide actors start from: the preferences stored when the app starts. */
export interface AppInput {
  colorMode: ColorModeInput;
  sound: SoundInput;
}

/** What the app-wide actors started from (their input; they keep their own state after). */
export type AppContext = AppInput;

export type AppEvent =
  /** The Data view opened, with the storage health logic (provided, from its lazy chunk). */
  | { type: 'storageHealth.start'; logic: typeof storageHealthMachine }
  /** The Data view closed. */
  | { type: 'storageHealth.stop' }
  /** Sync starts for the signed-in account, with its logic (provided for that account, from the lazy sync chunk). */
  | { type: 'sync.start'; logic: typeof syncMachine }
  /** Signed out (as the views see it), or the account changed: the running sync stops. */
  | { type: 'sync.stop' };

/** The app-wide actors by systemId. */
export interface AppSystem {
  auth: ActorRefFrom<typeof authMachine>;
  colorMode: ActorRefFrom<typeof colorModeMachine>;
  sound: ActorRefFrom<typeof soundMachine>;
  storageHealth: ActorRefFrom<typeof storageHealthMachine>;
  sync: ActorRefFrom<typeof syncMachine>;
}

/** The app-wide actor `id` of the system `root` runs in (undefined while it is not running). */
export const appActor = <K extends keyof AppSystem>(root: { system: { get(systemId: string): unknown } }, id: K) =>
  root.system.get(id) as AppSystem[K] | undefined;

/** Fields the statechart explorer never shows (src/domain/inspection.ts): the logic is code, not a secret; the explorer names it. */
export const appSecrets = {
  events: { 'storageHealth.start': [], 'sync.start': [] },
} as const satisfies SecretsOf<AppEvent, AppContext>;

export const appMachine = setup({
  types: { context: {} as AppContext, events: {} as AppEvent, input: {} as AppInput },
  actors: { auth: authMachine, colorMode: colorModeMachine, sound: soundMachine },
  actions: {
    spawnStorageHealth: enqueueActions(({ enqueue, event }) => {
      if (event.type === 'storageHealth.start') enqueue.spawnChild(event.logic, { systemId: 'storageHealth' });
    }),
    stopStorageHealth: stopChild(({ system }) => system.get('storageHealth')),
    spawnSync: enqueueActions(({ enqueue, event }) => {
      if (event.type === 'sync.start') enqueue.spawnChild(event.logic, { systemId: 'sync' });
    }),
    stopSync: stopChild(({ system }) => system.get('sync')),
  },
  guards: {
    // On xstate.snapshot.auth (its only use): auth's new state is not signed in.
    isAuthSignedOut: ({ event }) =>
      !(event as unknown as { snapshot: SnapshotFrom<typeof authMachine> }).snapshot.hasTag('signedIn'),
  },
}).createMachine({
  id: 'app',
  meta: { secrets: appSecrets },
  context: ({ input }) => input,
  invoke: [
    // onSnapshot: auth's every new state reaches this actor (as xstate.snapshot.auth), for the sync region below.
    { id: 'auth', systemId: 'auth', src: 'auth', onSnapshot: {} },
    { id: 'colorMode', systemId: 'colorMode', src: 'colorMode', input: ({ context }) => context.colorMode },
    { id: 'sound', systemId: 'sound', src: 'sound', input: ({ context }) => context.sound },
  ],
  type: 'parallel',
  states: {
    storageHealth: {
      initial: 'stopped',
      states: {
        stopped: { on: { 'storageHealth.start': { target: 'running', actions: 'spawnStorageHealth' } } },
        running: { exit: 'stopStorageHealth', on: { 'storageHealth.stop': 'stopped' } },
      },
    },
    sync: {
      initial: 'stopped',
      states: {
        stopped: { on: { 'sync.start': { target: 'running', actions: 'spawnSync' } } },
        running: {
          exit: 'stopSync',
          on: {
            'sync.stop': 'stopped',
            'xstate.snapshot.auth': { guard: 'isAuthSignedOut', target: 'stopped' },
          },
        },
      },
    },
  },
});
