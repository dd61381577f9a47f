/**
 * Sessions signed out on this browser whose revocation on the server has not been sent yet (the
 * browser was offline): sent when it is back online or on the next page load (issue 25, item 10).
 * Not an app key: never in a backup, never moved between accounts. Loaded only when a sign-out
 * happens or something is queued (authSession.ts's `hasPendingRevocations` is the first-load check).
 */
import { pendingRevocationsKey } from './authSession';
import { defineKey } from './store';

export interface PendingRevocation {
  accessToken: string;
  refreshToken: string | null;
  scope: 'global' | 'local';
  at: number;
}
const isPendingRevocation = (v: unknown): v is PendingRevocation => {
  const e = v as Partial<Record<keyof PendingRevocation, unknown>> | null;
  return (
    !!e &&
    typeof e === 'object' &&
    typeof e.accessToken === 'string' &&
    (e.refreshToken === null || typeof e.refreshToken === 'string') &&
    (e.scope === 'global' || e.scope === 'local') &&
    typeof e.at === 'number'
  );
};
const pendingRevocationsShape = {
  safeParse(value: unknown): { success: true; data: PendingRevocation[] } | { success: false } {
    return Array.isArray(value) && value.every(isPendingRevocation)
      ? { success: true, data: value }
      : { success: false };
  },
};
export const pendingRevocationsStore = defineKey<PendingRevocation[]>(
  pendingRevocationsKey,
  pendingRevocationsShape,
  () => [],
);
