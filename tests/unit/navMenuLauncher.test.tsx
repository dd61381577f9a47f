// @vitest-environment jsdom
/**
 * The nav's Menu launcher (src/views/shell/NavMenuLauncher.tsx): a plain trigger until the first click,
 * which mounts Ark's menu, open. Once its code has loaded (fetched while the pointer reaches for it) the
 * click opens it; a first click that has to load the code opens it when the code is here. That it opens
 * without waiting on a timer (React 19 held a menu behind Suspense for 300 ms) shows only in a browser:
 * tests/browser/menu-open.spec.ts.
 */
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
});
