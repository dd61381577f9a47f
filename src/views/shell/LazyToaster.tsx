/** Mounts Ark's toaster when the first toast arrives or the page is idle, whichever is first. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from './idle';
import { hasNoticed, onNotice } from './toaster';

const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })));

export function LazyToaster() {
  const [mounted, setMounted] = useState(hasNoticed);
  useEffect(() => {
    if (mounted) return;
    const unsubscribe = onNotice(() => setMounted(true));
    const cancel = whenIdle(() => setMounted(true));
    return () => {
      unsubscribe();
      cancel();
    };
  }, [mounted]);
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
