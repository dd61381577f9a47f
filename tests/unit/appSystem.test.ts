/**
 * The app-wide actors in one actor system (issue 20, part 3): the root app actor runs auth, colour
 * mode and sound as children under their systemIds, storage health and sync join it when their lazy
 * code starts them, and a sign-out in auth stops sync while the others carry on.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorRef, type InspectionEvent } from 'xstate';
import { appActor, appMachine } from '../../src/machines/app/app.machine';
import {
  authMachine,
  type Credentials,
  type DataSetResult,
  type SessionResult,
  type SignOutResult,
  type ValidationResult,
} from '../../src/machines/auth/auth.machine';
import { colorModeMachine } from '../../src/machines/colorMode.machine';
import { soundMachine } from '../../src/machines/sound.machine';
import { storageHealthMachine, type StorageMeasure } from '../../src/machines/storage/storageHealth.machine';
import { syncMachine } from '../../src/machines/sync/sync.machine';
import { foldLog } from '../../src/domain/inspection';
import { inspect, liveRoots, recent } from '../../src/views/shell/inspector';
import type { SyncOutcome } from '../../src/sync/cycle';
import type { Choice } from '../../src/sync/engine';

const user = { id: 'u1', email: 'a@b.co' };
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

/** The root with fakes for every effect: what colour mode applied and what sound played. */
function start(options: { signedIn?: boolean; inspect?: (e: InspectionEvent) => void } = {}) {
  const applied: string[] = [];
  const played: unknown[] = [];
  const inspected: InspectionEvent[] = [];
  const root = createActor(
    appMachine.provide({
      actors: {
        auth: authMachine.provide({
          actions: {
            notifyDataSetError: () => {},
            notifySessionEnded: () => {},
            notifyOffline: () => {},
            revokeSession: () => {},
          },
          actors: {
            restoreSession: fromPromise<SessionResult>(async () => ({ user: options.signedIn ? user : null })),
            validateSession: fromPromise<ValidationResult>(async () => ({ status: 'valid', user })),
            bindAccountData: fromPromise<DataSetResult, { userId: string }>(async () => ({ change: 'none' })),
            signIn: fromPromise<SessionResult, Credentials>(async () => ({ user })),
            signUp: fromPromise<SessionResult, Credentials>(async () => ({ user })),
            signOut: fromPromise<SignOutResult>(async () => ({ accessToken: null })),
            watchAuthChanges: fromCallback(() => () => {}),
            watchStoredSession: fromCallback(() => () => {}),
          },
        }),
        colorMode: colorModeMachine.provide({
          actions: {
            applyLight: () => void applied.push('light'),
            applyDark: () => void applied.push('dark'),
            persistPreference: () => {},
          },
          actors: { watchSystemScheme: fromCallback(() => () => {}) },
        }),
        sound: soundMachine.provide({
          actions: {
            persistMuted: () => {},
            persistUnmuted: () => {},
            playClick: ({ event }) => void played.push(event),
          },
        }),
      },
    }),
    {
      input: { colorMode: { preference: 'dark', systemDark: false }, sound: { muted: false } },
      inspect: (e) => {
        inspected.push(e);
        options.inspect?.(e);
      },
    },
  ).start();
  return { root, applied, played, inspected };
}

const storageHealth = storageHealthMachine.provide({
  actors: {
    measure: fromPromise<StorageMeasure>(async () => ({
      appBytes: 1000,
      localLimit: 5_000_000,
      usage: null,
      quota: null,
      persisted: null,
    })),
  },
});
/** Effects that never finish: the sync actor stays where its facts put it. */
const pending = () => new Promise<never>(() => {});
const sync = syncMachine.provide({
  actors: {
    pull: fromPromise<SyncOutcome>(pending),
    push: fromPromise<SyncOutcome>(pending),
    resolve: fromPromise<SyncOutcome, { key: string; choice: Choice }>(pending),
    wait: fromPromise<void, { ms: number; visibleOnly: boolean }>(pending),
  },
  actions: { rememberOn: () => {}, rememberOff: () => {}, announceJoined: () => {} },
});

describe('the app system', () => {
  it('runs auth, colour mode and sound under their systemIds, as children of the root', async () => {
    const { root } = start();
    await settle();
    for (const id of ['auth', 'colorMode', 'sound'] as const) {
      const child = appActor(root, id);
      expect(child, id).toBeDefined();
      expect(root.system.get(id)).toBe(child);
      expect((child as AnyActorRef)._parent).toBe(root);
      expect(child!.getSnapshot().status).toBe('active');
    }
    expect(appActor(root, 'colorMode')!.getSnapshot().hasTag('dark')).toBe(true);
    expect(appActor(root, 'sound')!.getSnapshot().hasTag('muted')).toBe(false);
    expect(appActor(root, 'auth')!.getSnapshot().value).toBe('signedOut');
    // Loaded lazily, so not running until their views start them.
    expect(root.system.get('storageHealth')).toBeUndefined();
    expect(root.system.get('sync')).toBeUndefined();
  });

  it('adds storage health to the system while the Data view is open, and stops it when it closes', async () => {
    const { root } = start();
    root.send({ type: 'storageHealth.start', logic: storageHealth });
    const health = appActor(root, 'storageHealth')!;
    expect(health).toBeDefined();
    await settle();
    expect(health.getSnapshot().value).toBe('healthy');
    expect((health as AnyActorRef)._parent).toBe(root);
    root.send({ type: 'storageHealth.stop' });
    expect(health.getSnapshot().status).toBe('stopped');
    expect(root.system.get('storageHealth')).toBeUndefined();
    // Open again: a new actor, measuring afresh.
    root.send({ type: 'storageHealth.start', logic: storageHealth });
    expect(appActor(root, 'storageHealth')).not.toBe(health);
    expect(appActor(root, 'storageHealth')!.getSnapshot().value).toBe('measuring');
  });

  it('a sign-out in auth stops sync; colour mode, sound and storage health carry on as they were', async () => {
    const { root, played } = start({ signedIn: true });
    await settle();
    const auth = appActor(root, 'auth')!;
    expect(auth.getSnapshot().value).toBe('signedIn');
    root.send({ type: 'sync.start', logic: sync });
    root.send({ type: 'storageHealth.start', logic: storageHealth });
    const running = appActor(root, 'sync')!;
    expect(running.getSnapshot().status).toBe('active');
    const colorMode = appActor(root, 'colorMode')!;
    const sound = appActor(root, 'sound')!;
    const health = appActor(root, 'storageHealth')!;

    auth.send({ type: 'auth.signOut' });
    // Signing out is still signed in (the session is being left): sync carries on until it is over.
    expect(auth.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(running.getSnapshot().status).toBe('active');
    await settle();
    expect(auth.getSnapshot().value).toBe('signedOut');
    expect(running.getSnapshot().status).toBe('stopped');
    expect(root.system.get('sync')).toBeUndefined();
    expect(root.getSnapshot().value).toEqual({ storageHealth: 'running', sync: 'stopped' });
    // The others are the same actors, in the same states, and still answer.
    expect(appActor(root, 'colorMode')).toBe(colorMode);
    expect(colorMode.getSnapshot().hasTag('dark')).toBe(true);
    expect(appActor(root, 'storageHealth')).toBe(health);
    expect(health.getSnapshot().status).toBe('active');
    expect(appActor(root, 'sound')).toBe(sound);
    sound.send({ type: 'sound.play', label: 'Save' });
    expect(played).toHaveLength(1);

    // Signed in again: sync can start again (a new actor under the same systemId).
    auth.send({ type: 'auth.signIn', email: user.email, password: 'pw-123456' });
    await settle();
    expect(auth.getSnapshot().value).toBe('signedIn');
    root.send({ type: 'sync.start', logic: sync });
    expect(appActor(root, 'sync')).not.toBe(running);
    expect(appActor(root, 'sync')!.getSnapshot().status).toBe('active');
  });

  it('a change of auth that stays signed in leaves sync running', async () => {
    const { root } = start({ signedIn: true });
    await settle();
    root.send({ type: 'sync.start', logic: sync });
    const running = appActor(root, 'sync')!;
    appActor(root, 'auth')!.send({ type: 'auth.changed', event: 'TOKEN_REFRESHED', user });
    await settle();
    expect(running.getSnapshot().status).toBe('active');
    expect(appActor(root, 'sync')).toBe(running);
  });

  it('sync.stop stops sync (signed out as the views see it), and a second start while it runs keeps the one running', async () => {
    const { root } = start({ signedIn: true });
    await settle();
    root.send({ type: 'sync.start', logic: sync });
    const running = appActor(root, 'sync')!;
    root.send({ type: 'sync.start', logic: sync });
    expect(appActor(root, 'sync')).toBe(running);
    root.send({ type: 'sync.stop' });
    expect(running.getSnapshot().status).toBe('stopped');
    expect(root.system.get('sync')).toBeUndefined();
  });

  it('the one inspector given to the root sees every actor of the system, the lazily started ones included', async () => {
    const { root, inspected } = start({ signedIn: true });
    await settle();
    root.send({ type: 'storageHealth.start', logic: storageHealth });
    root.send({ type: 'sync.start', logic: sync });
    await settle();
    const seen = new Set(
      inspected.map(
        (e) => (e.actorRef as { systemId?: string }).systemId ?? (e.actorRef === root ? 'root' : undefined),
      ),
    );
    for (const id of ['root', 'auth', 'colorMode', 'sound', 'storageHealth', 'sync']) expect(seen, id).toContain(id);
    expect(new Set(inspected.map((e) => e.rootId))).toEqual(new Set([root.sessionId]));
  });

  it('the app inspector keeps one live root for the system, and logs its actors by systemId and the logic a start brings by its id', async () => {
    recent.length = 0;
    liveRoots.clear();
    const { root } = start({ signedIn: true, inspect });
    await settle();
    root.send({ type: 'sync.start', logic: sync });
    appActor(root, 'sound')!.send({ type: 'sound.toggle' });
    expect([...liveRoots]).toEqual([root]);
    const log = foldLog(recent);
    expect(log.find((e) => e.event === 'sync.start')).toMatchObject({
      actor: 'app',
      details: '{"logic":"logic sync"}',
    });
    expect(log.find((e) => e.event === 'sound.toggle')).toMatchObject({
      actor: 'sound',
      from: ['unmuted'],
      to: ['muted'],
    });
    expect(log.some((e) => e.actor === 'sync' && e.event === 'xstate.init')).toBe(true);
    root.stop();
    expect(liveRoots.size).toBe(0);
    recent.length = 0;
  });
});
