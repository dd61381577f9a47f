// @vitest-environment jsdom
/**
 * The nav's Menu launcher (src/views/shell/NavMenuLauncher.tsx): a plain trigger until the first click,
 * which mounts Ark's menu, open. Once its code has loaded (fetched while the pointer reaches for it) the
 * click opens it; a first click that has to load the code opens it when the code is here. That it opens
 * without waiting on a timer (React 19 held a menu behind Suspense for 300 ms) shows only in a browser:
 * tests/browser/menu-open.spec.ts.
 */
import { startTransition, useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppActorsProvider } from '../../src/app/shell/AppActors';
import { NavMenuLauncher } from '../../src/views/shell/NavMenuLauncher';

beforeEach(() => {
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  // The menu's positioning watches its trigger's size; jsdom lays nothing out.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(cleanup);

/** Lets the loaded modules' promises settle. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the nav Menu', () => {
  it('opens on a click once its code is here', async () => {
    render(
      <AppActorsProvider>
        <NavMenuLauncher signedIn triggerClassName="" />
      </AppActorsProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Menu' });
    fireEvent.pointerEnter(trigger);
    await Promise.all([import('../../src/views/shell/NavMenu'), import('../../src/views/shell/RouteBoundary')]);
    await settle();
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(trigger);
    await settle();
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toBeTruthy();
  });

  it('opens on a first click that has to load its code (no pointer before it, as from a keyboard)', async () => {
    render(
      <AppActorsProvider>
        <NavMenuLauncher signedIn triggerClassName="" />
      </AppActorsProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await screen.findByRole('menu');
  });

  it('opens as soon as its code is here, even while the page draws a transition', async () => {
    await Promise.all([import('../../src/views/shell/NavMenu'), import('../../src/views/shell/RouteBoundary')]);
    let drawSlowParts = () => {};
    /** A page's slower part (as the Dashboard's Payments Due after its first paint): 100 components of ~4 ms each. */
    function SlowPart() {
      const start = performance.now();
      while (performance.now() - start < 4);
      return null;
    }
    function Page() {
      const [drawn, setDrawn] = useState(false);
      drawSlowParts = () => startTransition(() => setDrawn(true));
      return drawn ? (
        <>
          {Array.from({ length: 100 }, (_, i) => (
            <SlowPart key={i} />
          ))}
          <p>slow parts drawn</p>
        </>
      ) : null;
    }
    render(
      <AppActorsProvider>
        <NavMenuLauncher signedIn triggerClassName="" />
        <Page />
      </AppActorsProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Menu' });
    // React's own scheduler from here on, as in a browser (not act's queue).
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const wasAct = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      drawSlowParts();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByText('slow parts drawn')).toBeNull(); // the transition is under way
      fireEvent.click(trigger);
      const seen: string[] = [];
      for (let waited = 0; seen.length < 2 && waited < 5000; waited += 1) {
        if (!seen.includes('menu') && screen.queryByRole('menu')) seen.push('menu');
        if (!seen.includes('slow parts') && screen.queryByText('slow parts drawn')) seen.push('slow parts');
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      expect(seen).toEqual(['menu', 'slow parts']);
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasAct;
    }
  });
});
