/**
 * The entry point, kept small so that no long task holds up the first paint or follows it. A
 * prerendered page (scripts/prerender.ts) is painted first; then the app is evaluated in stages, each
 * in a task of its own, so the page keeps answering in between: React and ReactDOM, then each of the
 * start's other chunks (the storage core, the app's actors, the page's own...), then the app
 * (src/boot.tsx), then its start. Right after that paint, every chunk they need is preloaded at once
 * (the page lists them in <meta name="start-chunks">, each after the chunks it imports, written by the
 * prerender step), so no stage waits on a waterfall and none of those requests competes with the first
 * paint. One module's evaluation per task: the boot chunk with its imports was one ~60-100 ms task at 4x
 * CPU slowdown. The app shell (no prerendered markup) paints nothing first: its HTML preloads them with
 * this one.
 */
import '@fontsource/cinzel/400.css';
import '@fontsource/cinzel/700.css';
import './styles/index.css';

/** Resolves after the browser has painted (rAF runs before a paint, the timeout after it); at once in a hidden tab, which paints nothing. */
function afterNextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Ends the current task: what follows runs in a new one, after any input or paint waiting. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Fetches (and compiles) the start's chunks in parallel, each once: the stages' imports then find them ready.
 * One <link> per task (the first in this one): adding each started its fetch there and then, ~10 ms at 4x CPU
 * slowdown, and the ten of /login in one task were one 50-100 ms task right after the first paint.
 */
function preloadStartChunks(): string[] {
  const files = (document.querySelector<HTMLMetaElement>('meta[name="start-chunks"]')?.content.split(' ') ?? []).filter(
    Boolean,
  );
  void files.reduce(
    (previous, href) =>
      previous.then(() => {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
        return nextTask();
      }),
    Promise.resolve(),
  );
  return files;
}

async function start() {
  if (document.getElementById('root')?.hasChildNodes()) await afterNextPaint();
  const files = preloadStartChunks();
  const reactDom = await import('react-dom/client');
  // Evaluated ahead, each in a task of its own; one that fails (the page's own chunk, offline) is passed
  // over (a next task instead) and left to the app, whose route shows its error with Retry.
  for (const file of files) {
    await nextTask();
    await import(/* @vite-ignore */ file).catch(nextTask);
  }
  await nextTask();
  const { startApp } = await import('./boot');
  await nextTask();
  startApp(reactDom);
}

// Offline, a stage's chunk may not load: the page stays as prerendered, and loads again once the
// browser is back online (an event, so a failure while online never reloads in a loop).
start().catch(() => window.addEventListener('online', () => window.location.reload(), { once: true }));
