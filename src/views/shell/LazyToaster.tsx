/**
 * Mounts Ark's toaster with the first toast. Its code is fetched ahead, while the page is idle
 * (src/views/shell/idlePrefetch.ts), so that first toast does not wait on the
 * network, even offline; a visitor who never gets a toast never pays for running it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { hasNoticed, onNotice } from './toaster';

const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })));

export function LazyToaster() {
  const [mounted, setMounted] = useState(hasNoticed);
  useEffect(() => {
    if (mounted) return;
    // A notice given between the first render and this effect is not missed.
    if (hasNoticed()) setMounted(true);
    return onNotice(() => setMounted(true));
  }, [mounted]);
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
