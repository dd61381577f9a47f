/**
 * Keeps Ark's menu (and its positioning engine) out of the landing page's first load: a plain
 * trigger stands in until the browser is idle or the user reaches for it, then the real menu mounts.
 * The route boundary loads with it, so a page reached from the menu (or a link) finds it there.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from './idle';
import { MenuIcon } from './MenuIcon';
import { loadRouteBoundary } from './routePage';

// The route boundary (what every other page loads through) comes with the menu, the way to those pages.
const loadMenu = () => Promise.all([import('./NavMenu'), loadRouteBoundary()]).then(([menu]) => menu);
const NavMenu = lazy(loadMenu);

export function NavMenuLauncher({ signedIn, triggerClassName }: { signedIn: boolean; triggerClassName: string }) {
  const [mode, setMode] = useState<'placeholder' | 'loaded' | 'openOnLoad'>('placeholder');
  useEffect(() => whenIdle(() => setMode((m) => (m === 'placeholder' ? 'loaded' : m))), []);
  const placeholder = (
    <button
      type="button"
      className={triggerClassName}
      aria-label="Menu"
      aria-haspopup="menu"
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setMode('openOnLoad')}
    >
      <MenuIcon />
    </button>
  );
  if (mode === 'placeholder') return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NavMenu signedIn={signedIn} triggerClassName={triggerClassName} defaultOpen={mode === 'openOnLoad'} />
    </Suspense>
  );
}
