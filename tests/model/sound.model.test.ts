import { expect } from 'vitest';
import { soundMachine } from '../../src/machines/sound.machine';
import { describeModel } from '../support/model';

const played: string[] = [];
const saved: boolean[] = [];
const machine = soundMachine.provide({
  actions: {
    playClick: ({ event }) => void played.push(String((event as { label?: unknown }).label)),
    persistMuted: () => void saved.push(true),
    persistUnmuted: () => void saved.push(false),
  },
});

describeModel('sound', {
  machine,
  inputs: [{ muted: true }, { muted: false }],
  reset: () => {
    played.length = 0;
    saved.length = 0;
  },
  events: {
    'sound.toggle': [{ type: 'sound.toggle' }],
    'sound.play': [
      { type: 'sound.play', label: 'Save' },
      { type: 'sound.play', label: '' },
      { type: 'sound.play', label: 42 },
    ],
    'storage.change': [
      { type: 'storage.change', muted: true },
      { type: 'storage.change', muted: false },
    ],
  },
  states: {
    resolving: () => {
      throw new Error('transient');
    },
    muted: (s) => {
      expect(s.hasTag('muted')).toBe(true);
      expect(played).toEqual([]);
    },
    unmuted: (s) => {
      expect(s.hasTag('muted')).toBe(false);
      // Only non-empty string labels ever play.
      expect(played.every((label) => label === 'Save')).toBe(true);
    },
  },
});
