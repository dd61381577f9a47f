/**
 * Colour mode. The top level is the saved preference (light, dark or follow the system); under
 * `system` the OS scheme picks the shown mode. The nav button toggles between light and dark from
 * whatever is shown; every user choice is persisted and applied to <html> in named actions.
 */
import { assign, fromCallback, setup } from 'xstate';
import type { ColorModePreference } from '../storage/preferences';
export type { ColorModePreference };
import type { SecretsOf } from '../domain/inspection';

export interface ColorModeInput {
  preference: ColorModePreference;
  systemDark: boolean;
}

export interface ColorModeContext {
  preference: ColorModePreference;
  systemDark: boolean;
}

export type ColorModeEvent =
  /** Nav bar toggle button: switch to the other of light and dark. */
  | { type: 'mode.toggle' }
  /** Preference menu: choose light, dark or system. */
  | { type: 'mode.set'; preference: ColorModePreference }
  /** The OS colour scheme changed (media-query watcher), or another tab saved a preference. */
  | { type: 'system.change'; dark: boolean }
  | { type: 'storage.change'; preference: ColorModePreference };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const colorModeSecrets = {
  events: { 'mode.set': [], 'system.change': [], 'storage.change': [] },
} as const satisfies SecretsOf<ColorModeEvent, ColorModeContext>;

export const colorModeMachine = setup({
  types: {
    context: {} as ColorModeContext,
    events: {} as ColorModeEvent,
    input: {} as ColorModeInput,
  },
  actions: {
    setPreferenceLight: assign({ preference: 'light' as ColorModePreference }),
    setPreferenceDark: assign({ preference: 'dark' as ColorModePreference }),
    setPreferenceSystem: assign({ preference: 'system' as ColorModePreference }),
    setSystemDark: assign({ systemDark: ({ event }) => (event.type === 'system.change' ? event.dark : false) }),
    persistPreference: () => {
      throw new Error('colorMode: provide persistPreference');
    },
    applyLight: () => {
      throw new Error('colorMode: provide applyLight');
    },
    applyDark: () => {
      throw new Error('colorMode: provide applyDark');
    },
  },
  guards: {
    isPreferenceDark: ({ context }) => context.preference === 'dark',
    isPreferenceSystem: ({ context }) => context.preference === 'system',
    isSystemDark: ({ context }) => context.systemDark,
    isChoiceLight: ({ event }) =>
      (event.type === 'mode.set' || event.type === 'storage.change') && event.preference === 'light',
    isChoiceDark: ({ event }) =>
      (event.type === 'mode.set' || event.type === 'storage.change') && event.preference === 'dark',
    isChoiceSystem: ({ event }) =>
      (event.type === 'mode.set' || event.type === 'storage.change') && event.preference === 'system',
  },
  actors: {
    watchSystemScheme: fromCallback(() => {
      throw new Error('colorMode: provide watchSystemScheme');
    }),
  },
}).createMachine({
  id: 'colorMode',
  meta: { secrets: colorModeSecrets },
  context: ({ input }) => ({ preference: input.preference, systemDark: input.systemDark }),
  invoke: { id: 'systemScheme', src: 'watchSystemScheme' },
  initial: 'resolving',
  on: {
    'system.change': { actions: 'setSystemDark', target: '.resolving' },
    'mode.set': [
      { guard: 'isChoiceLight', target: '.light', actions: ['setPreferenceLight', 'persistPreference'] },
      { guard: 'isChoiceDark', target: '.dark', actions: ['setPreferenceDark', 'persistPreference'] },
      { guard: 'isChoiceSystem', target: '.system', actions: ['setPreferenceSystem', 'persistPreference'] },
    ],
    // Another tab already saved it: follow without writing back.
    'storage.change': [
      { guard: 'isChoiceLight', target: '.light', actions: 'setPreferenceLight' },
      { guard: 'isChoiceDark', target: '.dark', actions: 'setPreferenceDark' },
      { guard: 'isChoiceSystem', target: '.system', actions: 'setPreferenceSystem' },
    ],
  },
  states: {
    // Picks the state for the current preference; re-entered when the OS scheme changes.
    resolving: {
      always: [
        { guard: 'isPreferenceDark', target: 'dark' },
        { guard: 'isPreferenceSystem', target: 'system' },
        { target: 'light' },
      ],
    },
    light: {
      tags: ['light'],
      entry: 'applyLight',
      on: { 'mode.toggle': { target: 'dark', actions: ['setPreferenceDark', 'persistPreference'] } },
    },
    dark: {
      tags: ['dark'],
      entry: 'applyDark',
      on: { 'mode.toggle': { target: 'light', actions: ['setPreferenceLight', 'persistPreference'] } },
    },
    system: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'isSystemDark', target: 'dark' }, { target: 'light' }],
        },
        light: {
          tags: ['light'],
          entry: 'applyLight',
          on: { 'mode.toggle': { target: '#colorMode.dark', actions: ['setPreferenceDark', 'persistPreference'] } },
        },
        dark: {
          tags: ['dark'],
          entry: 'applyDark',
          on: { 'mode.toggle': { target: '#colorMode.light', actions: ['setPreferenceLight', 'persistPreference'] } },
        },
      },
    },
  },
});
