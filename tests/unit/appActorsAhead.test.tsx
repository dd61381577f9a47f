// @vitest-environment jsdom
/**
 * The root actor created ahead of React (issue 23, src/app/shell/AppActors.tsx `createAppActors`): its
 * first snapshot is taken in a task of its own before hydration, the provider then uses that actor (not
 * a second one), and starts it in the task after the render has committed (its start and the re-render it
 * causes were one long task with hydration's commit).
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
  it('is the one the provider gives, and runs in the task after the render has committed', async () => {
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
    // Not started in the commit's task: an event waits in its mailbox (the actor start is a task of its own).
    const colorMode = root.system.get('colorMode') as {
      send(e: object): void;
      getSnapshot(): { hasTag(t: string): boolean };
    };
    const dark = colorMode.getSnapshot().hasTag('dark');
    colorMode.send({ type: 'mode.toggle' });
    expect(colorMode.getSnapshot().hasTag('dark')).toBe(dark);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Started: the event is handled (the colour mode toggled and says so).
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
