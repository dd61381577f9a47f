/**
 * Starts the app: the last of src/main.tsx's stages (React and ReactDOM, the start's other chunks, then
 * this), each evaluated in a task of its own.
 */
import { StrictMode, startTransition, useEffect } from 'react';
import type { createRoot, hydrateRoot } from 'react-dom/client';
import { App, loadPageFor } from './App';
import { createAppActors } from './app/shell/AppActors';
import { whenIdle } from './views/shell/idle';
import { retryAfterFailure } from './views/shell/retry';
import { prefetchIdleChunks } from './views/shell/idlePrefetch';
import { notify } from './views/shell/toaster';
import { navigate } from 'wouter/use-browser-location';
import { routes } from './views/shell/routes';

export interface ReactDomClient {
  createRoot: typeof createRoot;
  hydrateRoot: typeof hydrateRoot;
}

/** Runs `task` once, after the app's first commit (the end of hydration): an effect runs only then. */
function AfterStart({ task }: { task: () => void }) {
  useEffect(task, [task]);
  return null;
}

/** Idle work, scheduled once the app has started, so that none of it competes with hydration. */
function scheduleIdleWork() {
  // The menu's, the toaster's and the route boundary's code: fetched (not run) once the page is idle, one
  // file per idle callback.
  whenIdle(() => prefetchIdleChunks(document, whenIdle));

  // Set-aside values are announced with a warning toast (src/app/recovered/announceSetAside.ts, loaded then).
  // Offline (or the server out of reach), the file cannot be fetched: it is fetched again later.
  const announce = (attempt: number): Promise<void> =>
    import('./app/recovered/announceSetAside').then(
      (m) => m.announceSetAside(notify, () => navigate(routes.recovered)),
      () => void retryAfterFailure(() => void announce(attempt + 1), attempt),
    );
  whenIdle(() => void announce(0));
}

let idleWorkScheduled = false;
const startIdleWork = () => {
  if (idleWorkScheduled) return;
  idleWorkScheduled = true;
  scheduleIdleWork();
};

export function startApp({ createRoot, hydrateRoot }: ReactDomClient): void {
  // A prerendered page (scripts/prerender.ts) is hydrated: React adopts the markup already on screen.
  // Its own chunk (preloaded by src/main.tsx, listed in the page's <meta name="start-chunks">) is loaded
  // first, so the first render matches the markup. Pages served as the bare shell are rendered here from
  // scratch.
  const rootElement = document.getElementById('root');
  if (!rootElement) {
    console.error('No root element found');
  } else {
    const app = (
      <StrictMode>
        <App />
        <AfterStart task={startIdleWork} />
      </StrictMode>
    );
    if (rootElement.hasChildNodes()) {
      // If the chunk cannot be loaded (offline), hydration goes ahead and the route shows its retry panel.
      // In a transition, so React hydrates in slices of a few milliseconds and the page keeps answering
      // (a plain hydrateRoot does it in one long task).
      // The app's actors are created first, in a task of their own; hydration begins in the next.
      createAppActors();
      setTimeout(
        () =>
          void loadPageFor(window.location.pathname)
            .catch(() => undefined)
            .then(() => startTransition(() => void hydrateRoot(rootElement, app))),
        0,
      );
    } else {
      createRoot(rootElement).render(app);
    }
  }
}
