/**
 * The app's root actor (src/machines/app/app.machine.ts) and its app-wide actors in one actor system:
 * auth (provided in ../auth/AuthContext.tsx), colour mode and sound (provided here), each under its
 * systemId; storage health and sync join the system when their lazy code starts them. The machines
 * stay pure and tests provide fakes instead. See docs/architecture.md.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { createActor, fromCallback } from 'xstate';
import { appActor, appMachine } from '../../machines/app/app.machine';
import { colorModeMachine } from '../../machines/colorMode.machine';
import { soundMachine } from '../../machines/sound.machine';
import { colorModeStore, soundMutedStore, type ColorModePreference } from '../../storage/preferences';
import { useHydrated } from '../../views/shell/hydration';
import { inspect } from '../../views/shell/inspector';
import { notify } from '../../views/shell/toaster';
import { authLogic } from '../auth/AuthContext';
import { AppRootContext, useAppRoot, type AppRoot } from './appSystem';

function applyMode(mode: 'light' | 'dark') {
  const root = document.documentElement;
  // Switch every colour at once: hover transitions would otherwise fade buttons through
  // low-contrast in-between colours.
  root.classList.add('theme-switching');
  root.classList.remove(mode === 'dark' ? 'light' : 'dark');
  root.classList.add(mode);
  root.style.colorScheme = mode;
  requestAnimationFrame(() => requestAnimationFrame(() => root.classList.remove('theme-switching')));
}

function reportWrite(result: ReturnType<typeof colorModeStore.write>) {
  if (!result.ok) notify({ type: 'error', title: 'Could not save your setting', description: result.error.message });
}

let clickAudio: HTMLAudioElement | null = null;

const colorModeLogic = colorModeMachine.provide({
  actions: {
    applyLight: () => applyMode('light'),
    applyDark: () => applyMode('dark'),
    persistPreference: ({ context }) => reportWrite(colorModeStore.write(context.preference)),
  },
  actors: {
    watchSystemScheme: fromCallback(({ sendBack }) => {
      const query = window.matchMedia('(prefers-color-scheme: dark)');
      const onChange = () => sendBack({ type: 'system.change', dark: query.matches });
      query.addEventListener('change', onChange);
      const stopStorage = colorModeStore.subscribe((preference) => sendBack({ type: 'storage.change', preference }));
      return () => {
        query.removeEventListener('change', onChange);
        stopStorage();
      };
    }),
  },
});

const soundLogic = soundMachine.provide({
  actions: {
    persistMuted: () => reportWrite(soundMutedStore.write(true)),
    persistUnmuted: () => reportWrite(soundMutedStore.write(false)),
    playClick: () => {
      clickAudio ??= new Audio('/sounds/click.wav');
      clickAudio.currentTime = 0;
      void clickAudio.play().catch(() => {});
    },
  },
});

const appLogic = appMachine.provide({ actors: { auth: authLogic, colorMode: colorModeLogic, sound: soundLogic } });

/** The actors' input: the saved preferences (the defaults while prerendering, where there is no window). */
function readInputs() {
  return {
    colorMode: {
      preference: colorModeStore.read(),
      systemDark: typeof window !== 'undefined' && window.matchMedia('(prefers-color-scheme: dark)').matches,
    },
    sound: { muted: soundMutedStore.read() },
  };
}

/** The sound setting follows another tab's change. */
const followSoundSetting = (root: AppRoot) =>
  soundMutedStore.subscribe((muted) => appActor(root, 'sound')?.send({ type: 'storage.change', muted }));

let created: AppRoot | null = null;
let startCreated = () => {};

/**
 * Creates the root actor ahead of React, in a task of its own (src/boot.tsx): inside hydration its first
 * snapshot was ~50 ms of one of hydration's tasks at 4x CPU slowdown. The provider then uses it, and
 * starts it once hydration has committed, as it starts its own (so hydration renders the state the
 * prerendered markup shows), in the task after; without it (prerendering, tests) the provider creates its own.
 */
export function createAppActors(): void {
  const root = (created = createActor(appLogic, { input: readInputs(), inspect }));
  startCreated = () => {
    startCreated = () => {};
    followSoundSetting(root.start());
  };
}

function OwnAppActors({ children }: { children: ReactNode }) {
  // Hydrated once: the actors are created from the first render's input and follow storage events after.
  // Prerendering at build time there is no window: storage reads give the defaults (light, muted), which
  // the nav bar also shows until hydration is over (useHydrated), so the markup matches.
  const [inputs] = useState(readInputs);
  // The one inspector sees the whole system: every actor in it reports through its root.
  const root = useActorRef(appLogic, { input: inputs, inspect });
  useEffect(() => followSoundSetting(root), [root]);
  return <AppRootContext.Provider value={root}>{children}</AppRootContext.Provider>;
}

export function AppActorsProvider({ children }: { children: ReactNode }) {
  const [root] = useState(() => created);
  // In a task of its own: started from the effect itself, its start (the auth check, colour mode, sound) and
  // the re-render it causes ran in one task with hydration's commit and the re-render of what only the
  // browser knows (useHydrated), 60-120 ms at 4x CPU slowdown.
  useEffect(() => {
    const timer = setTimeout(() => startCreated(), 0);
    return () => clearTimeout(timer);
  }, []);
  if (!root) return <OwnAppActors>{children}</OwnAppActors>;
  return <AppRootContext.Provider value={root}>{children}</AppRootContext.Provider>;
}

/** Narrow selectors and a small api for the nav bar controls. */
export function useColorMode() {
  const ref = appActor(useAppRoot()!, 'colorMode')!;
  const hydrated = useHydrated();
  // Until hydration is over, what the prerendered page shows: the default (light). The page itself is
  // already dark by then if it should be (public/theme-init.js); only the button's wording follows.
  const isDark = useSelector(ref, (s) => s.hasTag('dark')) && hydrated;
  const preference = useSelector(ref, (s) => s.context.preference);
  return {
    isDark,
    preference,
    toggle: () => ref.send({ type: 'mode.toggle' }),
    choose: (choice: ColorModePreference) => ref.send({ type: 'mode.set', preference: choice }),
  };
}

/**
 * Only the sound of a press (issue 23): a button needs `play`, not whether the sound is on (the sound actor
 * decides that when it hears `sound.play`), so it does not follow the sound actor's state: the event cards'
 * ~40 buttons and links subscribed to it on every filter change.
 */
export function usePlaySound(): (label: unknown) => void {
  const ref = appActor(useAppRoot()!, 'sound')!;
  return (label: unknown) => ref.send({ type: 'sound.play', label });
}

export function useSound() {
  const ref = appActor(useAppRoot()!, 'sound')!;
  const hydrated = useHydrated();
  // Until hydration is over, the prerendered default: muted.
  const muted = useSelector(ref, (s) => s.hasTag('muted')) || !hydrated;
  return {
    muted,
    toggle: () => ref.send({ type: 'sound.toggle' }),
    play: (label: unknown) => ref.send({ type: 'sound.play', label }),
  };
}
