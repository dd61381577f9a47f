/**
 * Keeps Ark's menu (and its positioning engine) out of the landing page's first load: a plain
 * trigger stands in. Its code is fetched ahead while the page is idle (src/views/shell/idlePrefetch.ts),
 * evaluated when the user reaches for the trigger (pointer over, focus) and mounted, open, by the
 * first click: the trigger is never swapped under a pointer or the focus, and a
 * visitor who never opens the menu never pays for running it. The route boundary loads with it, so a
 * page reached from the menu (or a link) finds it there.
 *
 * Not React.lazy behind Suspense: a click whose render suspends shows the fallback, and React 19 then
 * holds the menu back for 300 ms after it (its fallback throttle), even when the code is already here.
 * The menu is mounted once its code has loaded, so it opens in the click's own task when it has.
 *
 * Mounted with `flushSync`: the code arrives in a task of its own, after the click, and a state update made there
 * is React's default priority, which by design never interrupts a transition under way (React's `getNextLanes`).
 * On a page still drawing its slower parts in a transition after its first paint (the Dashboard's Payments Due and
 * Need to Order), the open menu waited for all of them: 170 to 210 ms of a full load (issue 23).
 */
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { MenuIcon } from './MenuIcon';
import { loadRouteBoundary } from './routePage';

let NavMenu: typeof import('./NavMenu').default | undefined;
// The route boundary (what every other page loads through) comes with the menu, the way to those pages.
// A failed load (offline before the idle prefetch) leaves the trigger as it is; the next reach tries again.
const loadMenu = () =>
  Promise.all([import('./NavMenu'), loadRouteBoundary()]).then(
    ([menu]) => (NavMenu = menu.default),
    () => undefined,
  );

/** `disabled` while the app has not started (a prerendered page before hydration). */
export function NavMenuLauncher({
  signedIn,
  triggerClassName,
  disabled = false,
}: {
  signedIn: boolean;
  triggerClassName: string;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const preload = () => void loadMenu();
  const placeholder = (
    <button
      type="button"
      className={triggerClassName}
      aria-label="Menu"
      aria-haspopup="menu"
      disabled={disabled}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => void loadMenu().then(() => flushSync(() => setOpen(!!NavMenu)))}
    >
      <MenuIcon />
    </button>
  );
  return open && NavMenu ? (
    <NavMenu signedIn={signedIn} triggerClassName={triggerClassName} defaultOpen />
  ) : (
    placeholder
  );
}
