/**
 * How much room the app's data takes and has. localStorage is what fills first, so the gauge compares
 * the characters stored under this site (keys and values) with the number of characters this browser
 * actually lets the site store: measured once by a probe (`probeLimitChars`) and cached. Browsers
 * differ: Chromium allows 5 Mi characters (10 MiB as UTF-16), Firefox 5 MiB, Safari about 5 MB, so
 * no constant fits all. Both figures are shown as UTF-16 bytes (two per character), like with like.
 * Also reads the browser's own estimate for the site (`navigator.storage.estimate()`), which in
 * Chromium leaves localStorage out, and asks the browser to keep this site's storage (`persist()`).
 */
import { backend, listKeys, rawGet } from './raw';

/** Used when the limit cannot be measured: the smallest limit of current browsers (about 5 MB). */
export const fallbackLimitBytes = 5 * 1000 * 1000;

/**
 * Where the measured limit is cached for the tab's session: sessionStorage, so measuring never adds a
 * key to the caterer's localStorage (reading data writes nothing back).
 */
export const storageLimitKey = 'cc.localStorageLimit';
const probeKey = 'storageLimit.probe';

export interface StorageUsage {
  /** Bytes of everything this site keeps in localStorage (UTF-16: two bytes per character). */
  appBytes: number;
  /** Bytes this browser lets the site keep in localStorage (measured once, then cached). */
  localLimit: number;
  /** The browser's estimate for this site, when it gives one. */
  usage: number | null;
  quota: number | null;
  /** Whether the browser keeps this site's storage even when space runs low. */
  persisted: boolean | null;
}

type Area = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

function keysOf(area: Area): string[] {
  const keys: string[] = [];
  for (let i = 0; i < area.length; i++) {
    const key = area.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** Characters stored in `area` (keys and values), leaving out the probe's own key. */
export function storedChars(area: Area): number {
  let chars = 0;
  for (const key of keysOf(area)) {
    if (key === probeKey) continue;
    chars += key.length + (area.getItem(key)?.length ?? 0);
  }
  return chars;
}

/** Whether a value of `chars` characters fits; removed again at once, so no other write ever finds the storage filled by the probe. */
function fits(area: Area, chars: number): boolean {
  try {
    area.setItem(probeKey, 'x'.repeat(chars));
  } catch {
    return false;
  }
  area.removeItem(probeKey);
  return true;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** How long the caterer must have left the page alone before the probe writes again. */
export const quietMs = 1500;
let lastInput = -Infinity;
let watchingInput = false;
/** Called by `quietIdle` only, which has a window. */
function watchInput(): void {
  if (watchingInput) return;
  watchingInput = true;
  const seen = () => void (lastInput = performance.now());
  for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart'])
    window.addEventListener(type, seen, { capture: true, passive: true });
}

/**
 * Between the probe's writes (issue 23): a write of a few million characters blocks the page for a few
 * hundred milliseconds, so the next one waits until nobody has touched the page for `quietMs` and the
 * browser is idle, rather than land on a click.
 */
export function quietIdle(): Promise<void> {
  if (typeof window === 'undefined' || typeof window.requestIdleCallback !== 'function') return nextTask();
  watchInput();
  return new Promise((resolve) => {
    const check = () => {
      const wait = lastInput + quietMs - performance.now();
      if (wait > 0) setTimeout(check, wait);
      else window.requestIdleCallback(() => (performance.now() - lastInput >= quietMs ? resolve() : check()));
    };
    check();
  });
}

/**
 * Limits browsers are known to have, in characters of keys and values: Chromium's 5 Mi. Tried first:
 * a write one character too long fails before anything is copied (cheap), and one exactly at the limit
 * fits, so one big write confirms the limit instead of the dozen a search makes. Any other limit is searched.
 */
export const knownLimitChars = [5 * 1024 * 1024];

/**
 * The number of characters `area` can hold in all: what is stored plus the largest value that still
 * fits: a known limit when it is confirmed exactly, else found by doubling, then halving the interval
 * to within 0.5%. Each probe value is removed right after it is written; nothing else is touched. Null
 * when nothing can be written to an empty storage. Each write of a few million characters takes
 * hundreds of milliseconds in Chromium, so before each write the page gets the main thread back
 * (`pause`; in the browser, until it is idle and left alone, see `quietIdle`).
 */
export async function probeLimitChars(area: Area, pause: () => Promise<void> = quietIdle): Promise<number | null> {
  try {
    await pause();
    const used = storedChars(area);
    for (const total of knownLimitChars) {
      const value = total - used - probeKey.length;
      if (value <= 0 || fits(area, value + 1)) continue;
      await pause();
      if (fits(area, value)) return total;
    }
    let low = 0;
    let high = 1024 * 1024;
    // Grow until a write fails (at most 256 Mi characters: no browser allows that much).
    while (fits(area, high)) {
      low = high;
      if (high >= 256 * 1024 * 1024) break;
      high *= 2;
      await pause();
    }
    while (high - low > Math.max(256, low / 200)) {
      await pause();
      const mid = Math.floor((low + high) / 2);
      if (fits(area, mid)) low = mid;
      else high = mid;
    }
    // Not even the probe's key fits: the storage is full (what is stored is the limit), or unusable.
    if (low === 0 && !fits(area, 0)) return used > 0 ? used : null;
    return used + probeKey.length + low;
  } catch {
    try {
      area.removeItem(probeKey);
    } catch {
      /* nothing more to do */
    }
    return null;
  }
}

let cachedLimitChars: number | null = null;
let probing: Promise<number | null> | null = null;

type Cache = Pick<Storage, 'getItem' | 'setItem'>;
function sessionCache(): Cache | null {
  try {
    return window.sessionStorage; // no window (a ReferenceError) or storage refused: no cache
  } catch {
    return null;
  }
}

/** The localStorage limit in characters: cached in memory and in `cache` (sessionStorage), else probed once. */
export async function localLimitChars(
  area: Area | null = backend(),
  cache: Cache | null = sessionCache(),
): Promise<number | null> {
  if (!area) return null;
  if (cachedLimitChars !== null) return cachedLimitChars;
  try {
    const saved = Number(cache?.getItem(storageLimitKey));
    // A saved limit below what is stored now is stale (a browser update): measure again.
    if (Number.isInteger(saved) && saved > 0 && saved >= storedChars(area)) return (cachedLimitChars = saved);
  } catch {
    /* measure below */
  }
  // One probe at a time: a second one running alongside would see the first one's value as data.
  probing ??= probeLimitChars(area).finally(() => (probing = null));
  const measured = await probing;
  if (measured === null) return null;
  cachedLimitChars = measured;
  try {
    cache?.setItem(storageLimitKey, String(measured));
  } catch {
    /* measured again on the next page load */
  }
  return measured;
}

/** Forgets the cached limit (tests). */
export function forgetLocalLimit(): void {
  cachedLimitChars = null;
}

export function appDataBytes(): number {
  let chars = 0;
  for (const key of listKeys()) {
    if (key === probeKey) continue;
    chars += key.length + (rawGet(key)?.length ?? 0);
  }
  return chars * 2;
}

/**
 * The browser's estimate and persistence are optional: a browser without `navigator`, its `storage`
 * (an insecure page) or one of its calls throws inside the `try`, which leaves that figure unknown.
 */
export async function measureStorage(): Promise<StorageUsage> {
  let usage: number | null = null;
  let quota: number | null = null;
  let persisted: boolean | null = null;
  try {
    const estimate = await navigator.storage.estimate();
    usage = typeof estimate.usage === 'number' ? estimate.usage : null;
    quota = typeof estimate.quota === 'number' ? estimate.quota : null;
  } catch {
    /* the estimate is optional */
  }
  try {
    persisted = (await navigator.storage.persisted()) ?? null;
  } catch {
    /* optional too */
  }
  const limitChars = await localLimitChars();
  return {
    appBytes: appDataBytes(),
    localLimit: limitChars === null ? fallbackLimitBytes : limitChars * 2,
    usage,
    quota,
    persisted,
  };
}

let asked = false;
/** Asks once per page load that the browser keep this site's data (a caterer's business lives here). */
export async function requestPersistentStorage(): Promise<boolean | null> {
  if (asked) return null;
  asked = true;
  try {
    return (await navigator.storage.persist()) ?? null; // missing (an insecure page): a TypeError, caught
  } catch {
    return null;
  }
}
