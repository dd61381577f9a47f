/**
 * Build-time renderer of the prerendered pages (scripts/prerender.ts runs the SSR build of this file).
 * Renders the app as a first-time visitor's browser renders it before anything is known: signed out
 * is not yet decided (the session check's loading state), default colour mode and sound, nothing read
 * from localStorage. The browser then hydrates this markup (src/main.tsx, src/boot.tsx).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App, loadPageFor } from './App';
import { PrerenderTitleContext } from './views/components/Page';

export { matchRoute, notFoundPage, pageRoutes, hasParams } from './views/shell/routes';

export interface Prerendered {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** The page's document title. */
  title: string;
}

export async function render(path: string): Promise<Prerendered> {
  await loadPageFor(path);
  let title = 'Cater Captain';
  const html = renderToString(
    <StrictMode>
      <PrerenderTitleContext.Provider value={(t) => (title = t)}>
        <App ssrPath={path} />
      </PrerenderTitleContext.Provider>
    </StrictMode>,
  );
  return { html, title };
}
