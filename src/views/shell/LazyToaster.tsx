/**
 * Mounts Ark's toaster with the first toast. Its code is fetched ahead, while the page is idle
 * (src/views/shell/idlePrefetch.ts), so that first toast does not wait on the
 * network, even offline; a visitor who never gets a toast never pays for running it.
 *
 * Mounted once its code has loaded, not through React.lazy: a render that suspends shows the Suspense
 * fallback, and React 19 then holds what follows it for 300 ms, so the first toast came that late.
 */
import { useEffect, useState } from 'react';
import { hasNoticed, onNotice } from './toaster';

let Toaster: typeof import('./Toaster').Toaster | undefined;
const loadToaster = () => import('./Toaster').then((m) => (Toaster = m.Toaster));

export function LazyToaster() {
  const [mounted, setMounted] = useState(() => hasNoticed() && Toaster !== undefined);
  useEffect(() => {
    if (mounted) return;
    let live = true;
    const mount = () =>
      void loadToaster().then(
        () => live && setMounted(true),
        () => undefined,
      );
    // A notice given between the first render and this effect is not missed.
    if (hasNoticed()) mount();
    const stop = onNotice(mount);
    return () => {
      live = false;
      stop();
    };
  }, [mounted]);
  return mounted && Toaster ? <Toaster /> : null;
}
