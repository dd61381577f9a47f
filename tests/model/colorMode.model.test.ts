import { expect } from 'vitest';
import { fromCallback } from 'xstate';
import { colorModeMachine, type ColorModeContext, type ColorModeEvent } from '../../src/machines/colorMode.machine';
import type { ColorModePreference } from '../../src/storage/preferences';
import { createWorld, describeModel, type Effect, type Expectation } from '../support/model';

/** The saved preference lives in the world's store; applying a mode to <html> is recorded. */
const world = createWorld<{ preference: ColorModePreference }>();
const machine = colorModeMachine.provide({
  actions: {
    applyLight: () => world.record('apply', 'light'),
    applyDark: () => world.record('apply', 'dark'),
    persistPreference: ({ context }) => {
      world.record('persist', context.preference);
      world.store.preference = context.preference;
    },
  },
  actors: { watchSystemScheme: fromCallback(() => () => {}) },
});

type Expect = Expectation<typeof machine, { preference: ColorModePreference }>;
const choose = (preference: ColorModePreference) => (before: ColorModeContext) => ({ ...before, preference });
/** The shown mode for a choice, given the OS scheme: what `apply` must receive on entry. */
const shown = (preference: ColorModePreference, systemDark: boolean) =>
  preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;
/** A user's choice (menu or toggle): saved, then shown. Another tab's choice: shown, never written back. */
const chosen = (preference: Exclude<ColorModePreference, 'system'>, save: boolean): Expect => ({
  target: preference,
  context: choose(preference),
  effects: [...(save ? [['persist', preference] as Effect] : []), ['apply', preference]],
});
const menuChoice = (event: ColorModeEvent, preference: ColorModePreference) =>
  expect(event).toMatchObject({ preference });

describeModel('colorMode', {
  machine,
  world,
  inputs: [
    { preference: 'light', systemDark: false },
    { preference: 'dark', systemDark: true },
    { preference: 'system', systemDark: true },
    { preference: 'system', systemDark: false },
  ],
  store: (input) => ({ preference: input.preference }),
  persisted: (context) => ({ preference: context.preference }),
  external: (event, store) => {
    if (event.type === 'storage.change') store.preference = event.preference;
  },
  initial: {
    effects: (input) => [['apply', shown(input.preference, input.systemDark)]],
    started: [{ id: 'systemScheme', input: undefined }],
  },
  events: {
    'mode.toggle': [{ type: 'mode.toggle' }],
    'mode.set': [
      { type: 'mode.set', preference: 'light' },
      { type: 'mode.set', preference: 'dark' },
      { type: 'mode.set', preference: 'system' },
    ],
    'system.change': [
      { type: 'system.change', dark: true },
      { type: 'system.change', dark: false },
    ],
    'storage.change': [
      { type: 'storage.change', preference: 'light' },
      { type: 'storage.change', preference: 'dark' },
      { type: 'storage.change', preference: 'system' },
    ],
  },
  transitions: {
    '(machine)|system.change|0': {
      target: 'resolving',
      context: (before, event) => ({ ...before, systemDark: (event as { dark: boolean }).dark }),
    },
    '(machine)|mode.set|0': { ...chosen('light', true), check: ({ event }) => menuChoice(event, 'light') },
    '(machine)|mode.set|1': { ...chosen('dark', true), check: ({ event }) => menuChoice(event, 'dark') },
    '(machine)|mode.set|2': {
      target: 'system.checking',
      context: choose('system'),
      effects: [['persist', 'system']],
      check: ({ event }) => menuChoice(event, 'system'),
    },
    '(machine)|storage.change|0': { ...chosen('light', false), check: ({ event }) => menuChoice(event, 'light') },
    '(machine)|storage.change|1': { ...chosen('dark', false), check: ({ event }) => menuChoice(event, 'dark') },
    '(machine)|storage.change|2': {
      target: 'system.checking',
      context: choose('system'),
      check: ({ event }) => menuChoice(event, 'system'),
    },
    'resolving||0': {
      target: 'dark',
      effects: [['apply', 'dark']],
      check: ({ before }) => expect(before.preference).toBe('dark'),
    },
    'resolving||1': { target: 'system.checking', check: ({ before }) => expect(before.preference).toBe('system') },
    'resolving||2': {
      target: 'light',
      effects: [['apply', 'light']],
      check: ({ before }) => expect(before.preference).toBe('light'),
    },
    'light|mode.toggle|0': chosen('dark', true),
    'dark|mode.toggle|0': chosen('light', true),
    'system.checking||0': {
      target: 'system.dark',
      effects: [['apply', 'dark']],
      check: ({ before }) => expect(before.systemDark).toBe(true),
    },
    'system.checking||1': {
      target: 'system.light',
      effects: [['apply', 'light']],
      check: ({ before }) => expect(before.systemDark).toBe(false),
    },
    // From whatever the system shows, the toggle picks the other one and saves it.
    'system.light|mode.toggle|0': chosen('dark', true),
    'system.dark|mode.toggle|0': chosen('light', true),
  },
  states: {
    resolving: () => {
      throw new Error('resolving is transient and must never be observed');
    },
    light: (s) => {
      expect(s.hasTag('light')).toBe(true);
      expect(s.context.preference).toBe('light');
    },
    dark: (s) => {
      expect(s.hasTag('dark')).toBe(true);
      expect(s.context.preference).toBe('dark');
    },
    'system.checking': () => {
      throw new Error('checking is transient');
    },
    'system.light': (s) => {
      expect(s.hasTag('light')).toBe(true);
      expect(shown(s.context.preference, s.context.systemDark)).toBe('light');
    },
    'system.dark': (s) => {
      expect(s.hasTag('dark')).toBe(true);
      expect(shown(s.context.preference, s.context.systemDark)).toBe('dark');
    },
  },
  sequences: [
    [{ type: 'mode.set', preference: 'system' }, { type: 'system.change', dark: true }, { type: 'mode.toggle' }],
    [{ type: 'mode.set', preference: 'dark' }, { type: 'mode.set', preference: 'system' }, { type: 'mode.toggle' }],
    [{ type: 'storage.change', preference: 'dark' }],
  ],
});
