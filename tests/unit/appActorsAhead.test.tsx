// @vitest-environment jsdom
/**
 * The root actor created ahead of React (issue 23, src/app/shell/AppActors.tsx `createAppActors`): its
 * first snapshot is taken in a task of its own before hydration, the provider then uses that actor (not
 * a second one), and starts it once the render has committed, as it starts its own.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppActorsProvider, createAppActors } from '../../src/app/shell/AppActors';
import { useAppRoot, type AppRoot } from '../../src/app/shell/appSystem';

beforeEach(() => {
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the root actor created ahead of React', () => {
  it('is the one the provider gives, and runs once the render has committed', () => {
    createAppActors();
    const seen: AppRoot[] = [];
    function Probe() {
      const root = useAppRoot()!;
      seen.push(root);
      return null;
    }
    render(
      <AppActorsProvider>
        <Probe />
      </AppActorsProvider>,
    );
    // One actor, created before the render: its snapshot was there for the first render.
    expect(new Set(seen).size).toBe(1);
    const root = seen[0]!;
    // Started: its children answer (the colour mode toggles and says so).
    const colorMode = root.system.get('colorMode') as {
      send(e: object): void;
      getSnapshot(): { hasTag(t: string): boolean };
    };
    const dark = colorMode.getSnapshot().hasTag('dark');
    colorMode.send({ type: 'mode.toggle' });
    expect(colorMode.getSnapshot().hasTag('dark')).toBe(!dark);
    // Rendering again (a second provider, e.g. after a remount) takes the same actor.
    render(
      <AppActorsProvider>
        <Probe />
      </AppActorsProvider>,
    );
    expect(seen.at(-1)).toBe(root);
  });
});
