/**
 * Button sounds: muted (the default) or unmuted. A click asks to play; only the unmuted state with a
 * non-empty label plays. The choice is persisted in a named action.
 */
import { setup } from 'xstate';
import type { SecretsOf } from '../domain/inspection';

export interface SoundInput {
  muted: boolean;
}

export type SoundEvent =
  /** Nav bar mute toggle. */
  | { type: 'sound.toggle' }
  /** Any Button click, with its visible label. */
  | { type: 'sound.play'; label: unknown }
  /** Another tab changed the setting. */
  | { type: 'storage.change'; muted: boolean };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const soundSecrets = {
  events: { 'sound.play': [], 'storage.change': [] },
} as const satisfies SecretsOf<SoundEvent>;

export const soundMachine = setup({
  types: { context: {} as { muted: boolean }, events: {} as SoundEvent, input: {} as SoundInput },
  actions: {
    persistMuted: () => {
      throw new Error('sound: provide persistMuted');
    },
    persistUnmuted: () => {
      throw new Error('sound: provide persistUnmuted');
    },
    playClick: () => {
      throw new Error('sound: provide playClick');
    },
  },
  guards: {
    startsMuted: ({ context }) => context.muted,
    hasLabel: ({ event }) =>
      event.type === 'sound.play' && typeof event.label === 'string' && event.label.trim() !== '',
    isOtherTabMuted: ({ event }) => event.type === 'storage.change' && event.muted,
    isOtherTabUnmuted: ({ event }) => event.type === 'storage.change' && !event.muted,
  },
}).createMachine({
  id: 'sound',
  meta: { secrets: soundSecrets },
  context: ({ input }) => ({ muted: input.muted }),
  initial: 'resolving',
  states: {
    resolving: {
      always: [{ guard: 'startsMuted', target: 'muted' }, { target: 'unmuted' }],
    },
    muted: {
      tags: ['muted'],
      on: {
        'sound.toggle': { target: 'unmuted', actions: 'persistUnmuted' },
        'storage.change': { guard: 'isOtherTabUnmuted', target: 'unmuted' },
      },
    },
    unmuted: {
      on: {
        'sound.toggle': { target: 'muted', actions: 'persistMuted' },
        'sound.play': { guard: 'hasLabel', actions: 'playClick' },
        'storage.change': { guard: 'isOtherTabMuted', target: 'muted' },
      },
    },
  },
});
