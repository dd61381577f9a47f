/**
 * The queue of sessions signed out on this browser whose revocation the server has not confirmed yet
 * (issue 25, item 10): written at once at sign-out (so a tab closed right after still has it), sent by
 * revocations.ts. The sign-out page imports this module; other pages load it only when something is
 * queued (AuthContext), so a visitor's first page never loads it.
 */
import { useSyncExternalStore } from 'react';
import { pendingRevocationsStore, type PendingRevocation } from '../../storage/pendingRevocations';

const listeners = new Set<() => void>();

/** Tells this tab's readers that the queue changed (other tabs hear of it through storage events). */
export function announceRevocations(): void {
  for (const listener of listeners) listener();
}

const loadSender = () => import('./revocations');

function sendQueued(): void {
  if (pendingRevocationsStore.read().length === 0) return;
  void loadSender()
    .then(({ flushRevocations }) => flushRevocations())
    .catch(() => {
      /* the sender could not be loaded (offline): tried again when back online */
    });
}

let listening = false;
/** Sends what is queued whenever the browser comes back online (for the life of the page). */
function sendWhenOnline(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', sendQueued);
}

/** Queues the revocation of a session just signed out on this browser, then tries to send it. */
export function queueRevocation(
  tokens: { accessToken: string; refreshToken: string | null },
  scope: 'global' | 'local',
): void {
  const entry: PendingRevocation = { ...tokens, scope, at: Date.now() };
  pendingRevocationsStore.write([
    ...pendingRevocationsStore.read().filter((e) => e.accessToken !== tokens.accessToken),
    entry,
  ]);
  announceRevocations();
  sendWhenOnline();
  sendQueued();
}

/** Sends what is queued now (a page load), and again whenever the browser comes back online. */
export function startRevocations(): void {
  sendWhenOnline();
  sendQueued();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const stop = pendingRevocationsStore.subscribe(listener);
  return () => {
    listeners.delete(listener);
    stop();
  };
}

/** Whether a signed-out session still waits to be revoked on the server (false while prerendering). */
export function useRevocationPending(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pendingRevocationsStore.read().length > 0,
    () => false,
  );
}
