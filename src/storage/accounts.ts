/**
 * One data set per account on a shared browser. The spec's plain keys (`events`, `inventoryItems`,
 * ...) always hold the data of one account, the one whose user id is stored under `dataOwner`; every
 * other account's data waits under `account:<userId>:<key>`. Signing in binds the data set: data with
 * no owner yet (the demo account's, or data from before accounts had their own) becomes the signer-in's,
 * and another account's data is stashed under its owner while the signer-in's stash comes back.
 *
 * `colorMode` and `soundMuted` stay with the browser: they are the device's preferences, read by the
 * landing page and public/theme-init.js before anyone is known to be signed in. Neither `dataOwner`
 * nor the `account:` keys are app keys (`isAppKey`), so a backup of the signed-in account never
 * carries other accounts' data and a restore can never write into them.
 */
import { accountStashPrefix, dataOwnerKey, isAccountDataKey, isAccountKey } from './owned';
import { setWriteGuard, StorageWriteError } from './store';
import { isQuotaError } from './raw';
import { flushPendingWrites } from './pendingWrites';

// The ownership rule lives in owned.ts (one rule for reading, recovery, backup, restore and this switch).
export { accountStashPrefix, dataOwnerKey, isAccountDataKey, isAccountKey };

const stashPrefixOf = (userId: string) => `${accountStashPrefix}${encodeURIComponent(userId)}:`;
/** Where `key` of `userId`'s data set waits while another account owns the plain keys. */
export const stashKey = (userId: string, key: string) => stashPrefixOf(userId) + key;

export type BindResult =
  | { ok: true; change: 'none' | 'claimed' | 'switched' }
  | {
      ok: false;
      error: StorageWriteError;
      /** True if even the roll-back failed (both copies are kept where possible). */ partial: boolean;
    };

function defaultStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

function keysOf(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

function bindError(error: unknown): StorageWriteError {
  const quota = isQuotaError(error);
  return new StorageWriteError(
    dataOwnerKey,
    quota ? 'quota' : 'unknown',
    quota
      ? 'Browser storage is full, so your data could not be opened on this browser. Nothing was changed: free some space (export and delete old data, or clear other sites) and sign in again.'
      : 'Your data could not be opened on this browser. Nothing was changed; please sign in again.',
  );
}

/** The account whose data set this tab opened last, for the write guard. */
let bound: { userId: string; storage: Storage } | null = null;

/**
 * Refuses writes of account data while another account owns the plain keys: a tab still showing
 * account A after another tab signed B in must not write A's screen into B's data set. Cleared by
 * the next bind, when this tab follows the sign-in.
 */
function guardOtherAccount(key: string): StorageWriteError | null {
  if (!bound || !isAccountDataKey(key)) return null;
  let owner: string | null;
  try {
    owner = bound.storage.getItem(dataOwnerKey);
  } catch {
    return null;
  }
  if (owner === null || owner === bound.userId) return null;
  return new StorageWriteError(
    key,
    'otherAccount',
    'Another account signed in on this browser, so this change was not saved. Reload the page to see the signed-in account’s data.',
  );
}

/** Told of each write this tab is about to make (account sync notes local changes from it, after a debounce). */
let writeWatcher: ((key: string) => void) | null = null;
export function watchWrites(watcher: ((key: string) => void) | null): void {
  writeWatcher = watcher;
}
function guardAndWatch(key: string): StorageWriteError | null {
  const refused = guardOtherAccount(key);
  if (!refused) writeWatcher?.(key);
  return refused;
}

/**
 * Makes the plain keys hold `userId`'s data set. Every value is copied before its old key is removed,
 * one key at a time (so the extra room needed is one value, not a whole data set), and every step is
 * journalled: if a write fails half way (a full quota), the journal is played back in reverse, which
 * leaves storage exactly as it was, and the error is returned for the caller to show.
 */
export function bindDataSet(userId: string, storage: Storage | null = defaultStorage()): BindResult {
  flushPendingWrites(); // into the data set they were made in
  if (!storage) return { ok: false, error: bindError(null), partial: false };
  const journal: Array<{ key: string; before: string | null }> = [];
  const set = (key: string, value: string) => {
    journal.push({ key, before: storage.getItem(key) });
    storage.setItem(key, value);
  };
  const remove = (key: string) => {
    const before = storage.getItem(key);
    if (before === null) return;
    journal.push({ key, before });
    storage.removeItem(key);
  };
  let change: 'none' | 'claimed' | 'switched';
  try {
    const owner = storage.getItem(dataOwnerKey);
    if (owner === userId) {
      change = 'none';
    } else if (owner === null) {
      // Data with no owner yet (the demo account's, or from before accounts had their own) is the first signer-in's.
      set(dataOwnerKey, userId);
      change = 'claimed';
    } else {
      const keys = keysOf(storage);
      // Only the signed-in owner's keys leave (isAccountDataKey never matches a stash), and only the
      // signer-in's own stash comes back; a key gone meanwhile is skipped, never written as "null".
      for (const key of keys.filter(isAccountDataKey)) {
        const value = storage.getItem(key);
        if (value === null) continue;
        set(stashKey(owner, key), value);
        remove(key);
      }
      const prefix = stashPrefixOf(userId);
      for (const key of keys.filter((k) => k.startsWith(prefix) && isAccountDataKey(k.slice(prefix.length)))) {
        const value = storage.getItem(key);
        if (value === null) continue;
        set(key.slice(prefix.length), value);
        remove(key);
      }
      set(dataOwnerKey, userId);
      change = 'switched';
    }
  } catch (error) {
    let partial = false;
    for (const { key, before } of journal.reverse()) {
      try {
        if (before === null) storage.removeItem(key);
        else storage.setItem(key, before);
      } catch {
        partial = true;
      }
    }
    return { ok: false, error: bindError(error), partial };
  }
  bound = { userId, storage };
  setWriteGuard(guardAndWatch);
  // Storage events reach only other tabs; this one's subscribers re-read on a `null` key too.
  if (change === 'switched' && typeof window !== 'undefined' && typeof StorageEvent !== 'undefined') {
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
  }
  return { ok: true, change };
}

/** Calls back when another tab binds the data set to an account (its `dataOwner` changes). */
export function subscribeDataOwner(listener: (owner: string | null) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === dataOwnerKey) listener(event.newValue);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
