/**
 * The code a page uses only on demand (the menu, the toaster, the route boundary: see
 * NavMenuLauncher.tsx and LazyToaster.tsx) is fetched, not run, once the page is idle, so its first
 * use waits for no request, even offline. The prerendered page names the files in
 * <meta name="idle-prefetch" content="/assets/a.js /assets/b.js"> (scripts/prerender.ts); the bare
 * app shell has none, and nothing is fetched.
 *
 * `run` runs each file's step: the app passes `whenIdle`, so each link is added in an idle callback of
 * its own (ten in one callback were one ~40 ms task at 4x CPU slowdown on the landing page).
 */
export function prefetchIdleChunks(
  doc: Document = document,
  run: (step: () => void) => unknown = (step) => step(),
): string[] {
  const files = (doc.querySelector<HTMLMetaElement>('meta[name="idle-prefetch"]')?.content ?? '')
    .split(/\s+/)
    .filter((file) => /^\/assets\/[\w.-]+\.js$/.test(file));
  for (const file of files)
    run(() => {
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      link.setAttribute('as', 'script');
      // Module scripts are fetched in CORS mode: the same mode lets the later import() use this response.
      link.setAttribute('crossorigin', '');
      link.href = file;
      doc.head.appendChild(link);
    });
  return files;
}
