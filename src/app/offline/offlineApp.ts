/**
 * The offline app (issue 24: "the app keeps working offline"): registers the service worker
 * (public/sw.js, stamped by `npm run build`) that keeps the app's pages and code on this device, so a
 * reload or a new tab with no network still opens the app on the data kept here. For a signed-in user
 * only (the landing page loads none of it), once the page is loaded and idle: installing it fetches the
 * build's files, which must not compete with the page's own start.
 */
import { useEffect } from 'react';

/** Whether this browser can run it here: a built app (not the dev server), a secure context, the API. */
export function canWorkOffline(
  scope: { isSecureContext?: boolean; navigator?: Partial<Navigator> } = globalThis,
  built = import.meta.env.PROD,
): boolean {
  return built && scope.isSecureContext === true && !!scope.navigator && 'serviceWorker' in scope.navigator;
}

/** Registers the worker (a browser that refuses, such as a private window with workers off, simply has no offline app). */
export async function registerOfflineApp(container: Pick<ServiceWorkerContainer, 'register'>): Promise<boolean> {
  try {
    await container.register('/sw.js', { scope: '/' });
    return true;
  } catch {
    return false;
  }
}

/** After the page's load, at the browser's next idle moment (within 5 s). Returns a cancel. */
function whenSettled(run: () => void): () => void {
  let cancel = () => {};
  const go = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const idle = window.requestIdleCallback(run, { timeout: 5_000 });
      cancel = () => window.cancelIdleCallback(idle);
    } else {
      const timer = setTimeout(run, 1_000);
      cancel = () => clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') go();
  else {
    window.addEventListener('load', go, { once: true });
    cancel = () => window.removeEventListener('load', go);
  }
  return () => cancel();
}

/** Keeps the app on this device for a signed-in user (see the module's comment). */
export function useOfflineApp(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn || !canWorkOffline()) return;
    return whenSettled(() => void registerOfflineApp(navigator.serviceWorker));
  }, [signedIn]);
}
