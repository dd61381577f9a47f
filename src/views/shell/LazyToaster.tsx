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

export function LazyToaster() {
  const [mounted, setMounted] = useState(() => hasNoticed() && !!Toaster);
  useEffect(() => {
    if (mounted) return;
    const mount = () =>
      void import('./Toaster').then(
        (m) => setMounted(!!(Toaster = m.Toaster)),
        () => undefined,
      );
    // A notice given between the first render and this effect is not missed.
    if (hasNoticed()) mount();
    return onNotice(mount);
  }, [mounted]);
  return mounted && Toaster ? <Toaster /> : null;
}
