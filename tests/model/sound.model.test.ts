import { expect } from 'vitest';
import { soundMachine } from '../../src/machines/sound.machine';
import { createWorld, describeModel } from '../support/model';

/** The fakes write the saved setting into the world's store and record every call. */
const world = createWorld<{ muted: boolean }>();
const machine = soundMachine.provide({
  actions: {
    playClick: ({ event }) => world.record('playClick', (event as { label?: unknown }).label),
    persistMuted: () => {
      world.record('persistMuted');
      world.store.muted = true;
    },
    persistUnmuted: () => {
      world.record('persistUnmuted');
      world.store.muted = false;
    },
  },
});

const hasText = (label: unknown) => typeof label === 'string' && label.trim() !== '';

describeModel('sound', {
  machine,
  world,
  inputs: [{ muted: true }, { muted: false }],
  store: (input) => ({ muted: input.muted }),
  // The state is the setting: muted shows and saves muted.
  persisted: (_context, snapshot) => ({ muted: snapshot.hasTag('muted') }),
  // Another tab saved the setting before this tab hears of it.
  external: (event, store) => {
    if (event.type === 'storage.change') store.muted = event.muted;
  },
  events: {
    'sound.toggle': [{ type: 'sound.toggle' }],
    'sound.play': [
      { type: 'sound.play', label: 'Save' },
      { type: 'sound.play', label: '' },
      { type: 'sound.play', label: '   ' },
      { type: 'sound.play', label: 42 },
    ],
    'storage.change': [
      { type: 'storage.change', muted: true },
      { type: 'storage.change', muted: false },
    ],
  },
  transitions: {
    'resolving||0': { target: 'muted', check: ({ before }) => expect(before.muted).toBe(true) },
    'resolving||1': { target: 'unmuted', check: ({ before }) => expect(before.muted).toBe(false) },
    'muted|sound.toggle|0': { target: 'unmuted', effects: [['persistUnmuted']] },
    'muted|storage.change|0': {
      target: 'unmuted',
      check: ({ event }) => expect(event).toEqual({ type: 'storage.change', muted: false }),
    },
    'unmuted|sound.toggle|0': { target: 'muted', effects: [['persistMuted']] },
    // Only a visible label plays, and it plays that label.
    'unmuted|sound.play|0': {
      effects: ({ event }) => [['playClick', (event as { label: unknown }).label]],
      check: ({ event }) =>
        expect(hasText((event as { label: unknown }).label), 'a blank or missing label never plays').toBe(true),
    },
    'unmuted|storage.change|0': {
      target: 'muted',
      check: ({ event }) => expect(event).toEqual({ type: 'storage.change', muted: true }),
    },
  },
  states: {
    resolving: () => {
      throw new Error('transient');
    },
    muted: (s) => expect(s.hasTag('muted')).toBe(true),
    unmuted: (s) => expect(s.hasTag('muted')).toBe(false),
  },
});
