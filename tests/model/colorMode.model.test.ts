import { expect } from 'vitest';
import { fromCallback } from 'xstate';
import { colorModeMachine } from '../../src/machines/colorMode.machine';
import { describeModel } from '../support/model';

const applied: string[] = [];
const persisted: string[] = [];
const machine = colorModeMachine.provide({
  actions: {
    applyLight: () => void applied.push('light'),
    applyDark: () => void applied.push('dark'),
    persistPreference: ({ context }) => void persisted.push(context.preference),
  },
  actors: { watchSystemScheme: fromCallback(() => () => {}) },
});

describeModel('colorMode', {
  machine,
  reset: () => {
    applied.length = 0;
    persisted.length = 0;
  },
  input: { preference: 'light', systemDark: false },
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
  states: {
    resolving: () => {
      throw new Error('resolving is transient and must never be observed');
    },
    light: (s) => {
      expect(s.hasTag('light')).toBe(true);
      expect(s.context.preference).toBe('light');
      expect(applied.at(-1)).toBe('light');
    },
    dark: (s) => {
      expect(s.hasTag('dark')).toBe(true);
      expect(s.context.preference).toBe('dark');
      expect(applied.at(-1)).toBe('dark');
    },
    'system.checking': () => {
      throw new Error('checking is transient');
    },
    'system.light': (s) => {
      expect(s.context.preference).toBe('system');
      expect(s.context.systemDark).toBe(false);
      expect(applied.at(-1)).toBe('light');
    },
    'system.dark': (s) => {
      expect(s.context.preference).toBe('system');
      expect(s.context.systemDark).toBe(true);
      expect(applied.at(-1)).toBe('dark');
    },
  },
  sequences: [
    [{ type: 'mode.set', preference: 'system' }, { type: 'system.change', dark: true }, { type: 'mode.toggle' }],
    [{ type: 'mode.set', preference: 'dark' }, { type: 'mode.set', preference: 'system' }, { type: 'mode.toggle' }],
    [{ type: 'storage.change', preference: 'dark' }],
  ],
});
