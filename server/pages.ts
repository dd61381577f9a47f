/**
 * Which HTML answers a page request. The route table is the client router's own
 * (src/views/shell/routes.ts), so the server and the app agree on what exists:
 *   - a route the build prerendered (scripts/prerender.ts): dist/pages/<PageName>.html, status 200;
 *   - any other route (one with :params, or kept out of prerendering, or a fallback route such as an
 *     event's sheet): the app shell, index.html;
 *   - a path no route matches: the prerendered 404 page with status 404 (the shell, if the build has
 *     no prerendered pages, still with 404).
 * Files are looked up per request, so a rebuild under a running server is picked up.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoute, notFoundPage } from '../src/views/shell/routes.ts';
import { fallbackRoutes } from '../src/views/shell/fallbackRoutes.ts';

export interface PageFile {
  /** Relative to the build folder. */
  file: string;
  status: 200 | 404;
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function pageFileFor(distDir: string, urlPath: string): PageFile {
  const path = decodePath(urlPath);
  const route = matchRoute(path);
  const prerendered = (page: string) =>
    existsSync(join(distDir, 'pages', `${page}.html`)) ? `pages/${page}.html` : null;
  if (!route && fallbackRoutes.some((pattern) => pattern.test(path))) return { file: 'index.html', status: 200 };
  if (!route) return { file: prerendered(notFoundPage) ?? 'index.html', status: 404 };
  return { file: prerendered(route.page) ?? 'index.html', status: 200 };
}
