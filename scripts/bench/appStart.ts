/**
 * When a prerendered landing page becomes interactive, for the "JS before interactive" budget (the bench
 * and tests/browser/statecharts.spec.ts): both functions run in the page.
 */
/**
 * Init script: records when the app has started, i.e. React has hydrated the page, which enables its
 * play button (disabled in the prerendered HTML): the moment, in the page's clock, of that change.
 */
export const recordStart = () => {
  const w = window as unknown as { __startedAt?: number };
  new MutationObserver((_, observer) => {
    if (document.querySelector<HTMLButtonElement>('button[aria-label^="Play video"]')?.disabled !== false) return;
    w.__startedAt = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
};

/** The addresses of the scripts the page requested before the app had started (waits for the start). */
export const scriptsBeforeStart = async () => {
  const w = window as unknown as { __startedAt?: number };
  while (w.__startedAt === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
  return performance
    .getEntriesByType('resource')
    .filter((e) => e.startTime < w.__startedAt! && /\.js(\?|$)/.test(new URL(e.name).pathname))
    .map((e) => e.name);
};
