/**
 * Events shown in a tab now (issue 24 part 7: an open Tool Kit, event sheet, Edit Event dialog, quote or
 * invoice page): every tab's sync keeps them on this device while any tab shows them. `eventHolds` holds
 * `{<tab id>: {ids, until}}`; each tab's entry is short-lived (refreshed while it shows events, removed
 * when it stops or closes, and ignored once `until` has passed, so a crashed tab holds nothing for long).
 * Device bookkeeping, not account data: no account owns it (owned.ts), so backups, restores and account
 * switches leave it alone, and sync never sends it.
 */
import { rawGet, rawRemove, rawSet } from './raw';

export const eventHoldsKey = 'eventHolds';

type Holds = Record<string, { ids: number[]; until: number }>;

function readHolds(): Holds {
  const raw = rawGet(eventHoldsKey);
  if (raw === null) return {};
  try {
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const holds: Holds = {};
    for (const [tab, entry] of Object.entries(value as Record<string, unknown>)) {
      const { ids, until } = (entry ?? {}) as { ids?: unknown; until?: unknown };
      if (Array.isArray(ids) && typeof until === 'number')
        holds[tab] = { ids: ids.filter((id): id is number => Number.isInteger(id)), until };
    }
    return holds;
  } catch {
    return {}; // unreadable: nothing is held (it is rewritten at the next hold)
  }
}

/**
 * Sets this tab's held events (none: its entry goes), dropping other tabs' entries whose time has passed.
 * Best effort: storage refusing it only means other tabs do not see this tab's holds.
 */
export function writeTabHolds(tabId: string, ids: readonly number[], until: number, now = Date.now()): void {
  const holds = readHolds();
  for (const [tab, entry] of Object.entries(holds)) if (entry.until <= now) delete holds[tab];
  if (ids.length) holds[tabId] = { ids: [...ids], until };
  else delete holds[tabId];
  if (Object.keys(holds).length) rawSet(eventHoldsKey, JSON.stringify(holds));
  else if (rawGet(eventHoldsKey) !== null) rawRemove(eventHoldsKey);
}

/** The events some tab of this browser holds now (entries whose time has not passed). */
export function heldEventIds(now = Date.now()): Set<number> {
  const held = new Set<number>();
  for (const entry of Object.values(readHolds())) if (entry.until > now) for (const id of entry.ids) held.add(id);
  return held;
}
