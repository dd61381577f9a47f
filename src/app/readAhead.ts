/**
 * Issue 23: a page's first render that reads and checks big lists (2,000 events, 5,000 items) does it in the
 * task that draws the page, and a click landing just before it (the nav's Menu, on a full load) waits for all
 * of it. `readAhead` reads the same lists before that render, while the page's code is loaded and the session
 * is checked, in slices of a few milliseconds, each in a task of background priority, so the click and the
 * code it asks for go first; the render then finds them read (the storage layer keeps each key's records
 * until its text changes). A page that must wait for it never waits long: after `waitMs` the slices go on at
 * normal priority.
 *
 * Nothing changes what a page shows: each read is the storage layer's own (a collection's sliced read,
 * `prepareRead`, or a plain read), and the render reads every key again, so a key changed meanwhile (by
 * another tab, or the sign-in binding this account's data) is read again from its new text.
 */
import type { CollectionAccessor } from '../storage/collection';
import { yieldToPage } from '../domain/export';

/** The longest slice: a click that lands on one waits at most about this long (plus one step). */
const sliceMs = 6;
/** How long background-priority turns may hold the page back before the slices go on at normal priority. */
const waitMs = 250;

/** A task of background priority where the browser has `scheduler.postTask`, else a new task. */
function backgroundTurn(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { postTask?: (task: () => void, options: object) => Promise<void> } })
    .scheduler;
  if (typeof scheduler?.postTask === 'function') return scheduler.postTask(() => {}, { priority: 'background' });
  return yieldToPage();
}

export interface ReadAheadOptions {
  /** A turn between slices while the page may wait (default: a background-priority task). */
  pause?: () => Promise<void>;
  /** A turn between slices once `waitMs` has passed (default: a new task of normal priority). */
  hurry?: () => Promise<void>;
  now?: () => number;
}

/**
 * Reads `collections` in slices, then runs each of `more()`'s reads (small ones: one key each), a slice
 * holding as many as fit. Resolves once all of it is read; never rejects (a read that fails here fails again
 * in the render, which says so).
 */
export async function readAhead(
  collections: ReadonlyArray<Pick<CollectionAccessor<unknown>, 'prepareRead'>>,
  more: () => Iterable<() => unknown> = () => [],
  options: ReadAheadOptions = {},
): Promise<void> {
  if (typeof window === 'undefined') return;
  const now = options.now ?? (() => performance.now());
  const hurry = options.hurry ?? yieldToPage;
  const background = options.pause ?? backgroundTurn;
  let late = false;
  let release = () => {};
  const waited = new Promise<void>((resolve) => (release = resolve));
  const timer = setTimeout(() => {
    late = true;
    release();
  }, waitMs);
  const pause = () => (late ? hurry() : Promise.race([background(), waited]));
  let start = now();
  const timeLeft = () => sliceMs - (now() - start);
  const breathe = async () => {
    if (timeLeft() > 0) return;
    await pause();
    start = now();
  };
  try {
    for (const collection of collections) {
      const step = collection.prepareRead();
      while (!step(timeLeft)) await breathe();
      await breathe();
    }
    for (const read of more()) {
      read();
      await breathe();
    }
  } catch {
    // Read again by the render, which says what is wrong.
  } finally {
    clearTimeout(timer);
  }
}
