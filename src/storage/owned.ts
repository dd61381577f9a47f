/**
 * Which localStorage keys hold this app's data: what a backup saves, what a restore may write, and
 * what moves with an account's data set. Other keys (the auth session, other sites' data) are never
 * touched by those tools.
 */

/** The collections of spec section 3, one JSON array each. */
export const collectionKeys = ['inventoryItems', 'suppliers', 'employees', 'events', 'selectedItems'] as const;
export type CollectionKey = (typeof collectionKeys)[number];

/** Preferences every page reads. */
export const preferenceKeys = ['colorMode', 'soundMuted'] as const;

/** Ids of deleted events (so a new event never takes the id of one pending undo, and deleted samples stay deleted). */
export const deletedEventIdsKey = 'deletedEventIds';

/** Set-aside values: one key per unreadable record or value, `recovered:<id>` (see recovered.ts). */
export const recoveredPrefix = 'recovered:';

const perEventPattern = /^(?:ingredientList-(\d+)|(\d+)-(?:discountPercentage|taxPercentage))$/;
/** Whole-value backups made by earlier builds: `<key>.corrupt.<timestamp>`. */
const legacyCorruptPattern = /^(.+)\.corrupt\.(\d+)$/;

/** The event id of a per-event key (`ingredientList-4`, `4-discountPercentage`, `4-taxPercentage`), else null. */
export function perEventIdOf(key: string): number | null {
  const match = perEventPattern.exec(key);
  if (!match) return null;
  return Number(match[1] ?? match[2]);
}

export function isPerEventKey(key: string): boolean {
  return perEventPattern.test(key);
}

/** The key a legacy `<key>.corrupt.<timestamp>` backup was taken from, with its time, else null. */
export function legacyCorruptOf(key: string): { key: string; time: number } | null {
  const match = legacyCorruptPattern.exec(key);
  return match ? { key: match[1]!, time: Number(match[2]) } : null;
}

/** True for every key this app owns in the signed-in account's data set. */
export function isAppKey(key: string): boolean {
  return (
    (collectionKeys as readonly string[]).includes(key) ||
    (preferenceKeys as readonly string[]).includes(key) ||
    key === deletedEventIdsKey ||
    key.startsWith(recoveredPrefix) ||
    isPerEventKey(key) ||
    legacyCorruptOf(key) !== null
  );
}
