/**
 * Which localStorage keys hold the signed-in account's data: what reading, the Recovered data
 * screen, a backup, a restore and an account switch may touch. One rule (`ownedKeyOf`) decides it
 * for all of them; other keys (the auth session, other accounts' stashes, other sites' data) are
 * never touched by those tools.
 *
 * The rule: a key is the signed-in account's when it is one of the app's base keys (a collection, a
 * preference, `deletedEventIds`, a per-event key), a set-aside value `recovered:<base key>:…`, or an
 * earlier build's whole-value backup `<base key>.corrupt.<timestamp>`. Anything under
 * `account:<id>:` (another account's stash) or `dataOwner` is never the signed-in account's, whatever
 * it ends with: `account:<A>:events.corrupt.1` is account A's, not a legacy backup of the reader's.
 */

/** The collections of spec section 3, one JSON array each. */
export const collectionKeys = ['inventoryItems', 'suppliers', 'employees', 'events', 'selectedItems'] as const;
export type CollectionKey = (typeof collectionKeys)[number];

/** Preferences every page reads. */
export const preferenceKeys = ['colorMode', 'soundMuted'] as const;

/**
 * Keys of the money side (issue 22), one whole JSON value each: the business profile, the quote and
 * invoice numbers used (`documentNumbers`, never lowered by a restore: batch.ts), the issued quotes and
 * invoices (`issuedDocuments`) and the customers (part 6). Earlier builds never read them; they are the
 * account's data like the collections (backups, account switches), and account sync carries all four
 * (docs/sync.md "Collections"; with sync on, new numbers come from the account).
 */
export const businessKeys = ['businessProfile', 'documentNumbers', 'issuedDocuments', 'customers'] as const;

/** Ids of deleted events (so a new event never takes the id of one pending undo, and deleted samples stay deleted). */
export const deletedEventIdsKey = 'deletedEventIds';

/** Set-aside values: one key per unreadable record or value, `recovered:<id>` (see recovered.ts). */
export const recoveredPrefix = 'recovered:';

/** The user id that owns the plain keys' data (see accounts.ts). */
export const dataOwnerKey = 'dataOwner';
/** Prefix of the stashed data sets of the accounts that are not the owner (see accounts.ts). */
export const accountStashPrefix = 'account:';

const perEventPattern = /^(?:(?:ingredientList|staffList)-(\d+)|(\d+)-(?:discountPercentage|taxPercentage))$/;
/** Whole-value backups made by earlier builds: `<key>.corrupt.<timestamp>`. */
const legacyCorruptPattern = /^(.+)\.corrupt\.(\d+)$/;

/** The event id of a per-event key (`ingredientList-4`, `staffList-4`, `4-discountPercentage`, `4-taxPercentage`), else null. */
export function perEventIdOf(key: string): number | null {
  const match = perEventPattern.exec(key);
  if (!match) return null;
  return Number(match[1] ?? match[2]);
}

export function isPerEventKey(key: string): boolean {
  return perEventPattern.test(key);
}

/** `dataOwner` and every `account:<id>:<key>`: other accounts' data, which no tool of the signed-in account reads or writes. */
export function isAccountKey(key: string): boolean {
  return key === dataOwnerKey || key.startsWith(accountStashPrefix);
}

/** A key the app reads itself: a collection, a preference, a business key, `deletedEventIds` or a per-event key. */
export function isBaseKey(key: string): boolean {
  return (
    (collectionKeys as readonly string[]).includes(key) ||
    (preferenceKeys as readonly string[]).includes(key) ||
    (businessKeys as readonly string[]).includes(key) ||
    key === deletedEventIdsKey ||
    isPerEventKey(key)
  );
}

export type OwnedKey =
  | { kind: 'base'; key: string }
  /** A set-aside value of `source` (recovered.ts). */
  | { kind: 'recovered'; source: string }
  /** An earlier build's whole-value backup of `source`, taken at `time`. */
  | { kind: 'legacyCorrupt'; source: string; time: number };

/**
 * The one rule: what `key` is in the signed-in account's data set, or null when it is not the
 * account's (another account's stash, `dataOwner`, the auth session, other sites' keys).
 */
export function ownedKeyOf(key: string): OwnedKey | null {
  if (isAccountKey(key)) return null;
  if (isBaseKey(key)) return { kind: 'base', key };
  if (key.startsWith(recoveredPrefix)) {
    // `recovered:<source>:<fingerprint>`; an entry whose name cannot be split is still the account's (listed as unreadable).
    return { kind: 'recovered', source: key.slice(recoveredPrefix.length).split(':')[0] ?? '' };
  }
  const match = legacyCorruptPattern.exec(key);
  if (match && isBaseKey(match[1]!)) return { kind: 'legacyCorrupt', source: match[1]!, time: Number(match[2]) };
  return null;
}

/** The key a legacy `<key>.corrupt.<timestamp>` backup of the signed-in account was taken from, with its time, else null. */
export function legacyCorruptOf(key: string): { key: string; time: number } | null {
  const owned = ownedKeyOf(key);
  return owned?.kind === 'legacyCorrupt' ? { key: owned.source, time: owned.time } : null;
}

/** A set-aside entry of the signed-in account (`recovered:…` or a legacy `.corrupt.` backup): what the Recovered data screen lists. */
export function isRecoveredKey(key: string): boolean {
  const kind = ownedKeyOf(key)?.kind;
  return kind === 'recovered' || kind === 'legacyCorrupt';
}

/** True for every key this app owns in the signed-in account's data set. */
export function isAppKey(key: string): boolean {
  return ownedKeyOf(key) !== null;
}

/** Form drafts (drafts.ts): `draft:<form>`. */
export const draftPrefix = 'draft:';

export function isDraftKey(key: string): boolean {
  return key.startsWith(draftPrefix);
}

const isPreference = (key: string) => (preferenceKeys as readonly string[]).includes(key);

/**
 * The keys that move with an account when another signs in: the app's keys except the browser's
 * preferences (and their old backups), which stay with the device; and the account's form drafts.
 */
export function isAccountDataKey(key: string): boolean {
  // Form drafts (drafts.ts) move with the account too, though no backup carries them.
  if (isDraftKey(key)) return true;
  const owned = ownedKeyOf(key);
  if (!owned) return false;
  if (owned.kind === 'base') return !isPreference(owned.key);
  if (owned.kind === 'legacyCorrupt') return !isPreference(owned.source);
  return true;
}
