/**
 * How much room the app's data takes and has: the browser's own estimate for this site
 * (`navigator.storage.estimate()`) and the size of the app's localStorage keys against the
 * localStorage limit (browsers give each site about 5 MiB of localStorage, which is what fills
 * first). Also asks the browser to keep this site's storage when space runs low (`persist()`).
 */
import { isAppKey } from './owned';
import { listKeys, rawGet } from './raw';

/** The conservative localStorage limit of current browsers (5 MiB of UTF-16 text). */
export const localStorageLimitBytes = 5 * 1024 * 1024;

export interface StorageUsage {
  /** Bytes of the app's localStorage keys and values (UTF-16: two bytes per character). */
  appBytes: number;
  /** The browser's estimate for this site, when it gives one. */
  usage: number | null;
  quota: number | null;
  /** Whether the browser keeps this site's storage even when space runs low. */
  persisted: boolean | null;
}

export function appDataBytes(): number {
  let chars = 0;
  for (const key of listKeys()) {
    if (!isAppKey(key)) continue;
    chars += key.length + (rawGet(key)?.length ?? 0);
  }
  return chars * 2;
}

export async function measureStorage(): Promise<StorageUsage> {
  const manager = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  let usage: number | null = null;
  let quota: number | null = null;
  let persisted: boolean | null = null;
  try {
    const estimate = await manager?.estimate?.();
    usage = typeof estimate?.usage === 'number' ? estimate.usage : null;
    quota = typeof estimate?.quota === 'number' ? estimate.quota : null;
  } catch {
    /* the estimate is optional */
  }
  try {
    persisted = (await manager?.persisted?.()) ?? null;
  } catch {
    /* optional too */
  }
  return { appBytes: appDataBytes(), usage, quota, persisted };
}

let asked = false;
/** Asks once per page load that the browser keep this site's data (a caterer's business lives here). */
export async function requestPersistentStorage(): Promise<boolean | null> {
  if (asked) return null;
  asked = true;
  try {
    return (await navigator.storage?.persist?.()) ?? null;
  } catch {
    return null;
  }
}
