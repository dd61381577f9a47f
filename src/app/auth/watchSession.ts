/**
 * Follows the session while signed in (the auth machine's `watchAuthChanges`, provided in ./AuthContext.tsx):
 * loaded with supabase-js once a session is there, so a signed-out visitor's pages never load it.
 */
import { watchAuthChanges, restoreSession } from '../../machines/auth/supabaseAuth';
import type { AuthConfig } from '../../machines/auth/config';
import type { AuthChange } from '../../machines/auth/auth.machine';
import { hasStoredSession, subscribeStoredSession } from '../../storage/authSession';

// Loaded with the first sign-in: the landing page never needs it.
const loadAccounts = () => import('../../storage/accounts');

/** `send` gets each change of the session (this tab's, another tab's); returns the stop. */
export function watchSession(config: AuthConfig, send: (change: AuthChange) => void): () => void {
  let stopped = false;
  const stopChanges = watchAuthChanges(config, send);
  // Belt and braces for other tabs: the stored session disappearing means signed out.
  const stopStorage = subscribeStoredSession(config.storageKey, (present) => {
    if (!present) send({ event: 'SIGNED_OUT', user: null });
  });
  // Nothing listened while this tab was checking the session (the server's answer, opening the data, this
  // file's own load): another tab's sign-out in that time left no storage event to hear. Look once now.
  if (!hasStoredSession(config.storageKey)) send({ event: 'SIGNED_OUT', user: null });
  // ...and another tab taking the data set for its account means that account is signed in now.
  let stopOwner = () => {};
  void loadAccounts().then(({ subscribeDataOwner }) => {
    if (stopped) return;
    stopOwner = subscribeDataOwner(() => {
      void restoreSession(config)
        .then(({ user }) => user && !stopped && send({ event: 'SIGNED_IN', user }))
        .catch(() => {});
    });
  });
  return () => {
    stopped = true;
    stopChanges();
    stopStorage();
    stopOwner();
  };
}
