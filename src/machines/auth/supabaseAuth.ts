/**
 * The real auth actors over @supabase/supabase-js. This module (and supabase-js with it) is loaded
 * only when a session is stored, a session is in the URL, or the visitor signs in or up.
 */
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { authSessionStorage } from '../../storage/authSession';
import type { AuthConfig } from './config';
import type { AuthChange, AuthUser, Credentials, SessionResult } from './auth.machine';

let client: { config: AuthConfig; supabase: SupabaseClient } | null = null;

export function getClient(config: AuthConfig): SupabaseClient {
  if (client && client.config.url === config.url && client.config.anonKey === config.anonKey) return client.supabase;
  const supabase = createClient(config.url, config.anonKey, {
    auth: {
      storage: authSessionStorage,
      storageKey: config.storageKey,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
    },
  });
  client = { config, supabase };
  return supabase;
}

const toUser = (session: Session | null): AuthUser | null => (session ? { id: session.user.id, email: session.user.email ?? null } : null);

export async function restoreSession(config: AuthConfig): Promise<SessionResult> {
  const { data, error } = await getClient(config).auth.getSession();
  if (error) throw error;
  return { user: toUser(data.session) };
}

export async function signIn(config: AuthConfig, { email, password }: Credentials): Promise<SessionResult> {
  const { data, error } = await getClient(config).auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { user: toUser(data.session) };
}

export async function signUp(config: AuthConfig, { email, password }: Credentials): Promise<SessionResult> {
  const { data, error } = await getClient(config).auth.signUp({ email, password });
  if (error) throw error;
  return { user: toUser(data.session) };
}

export async function signOut(config: AuthConfig): Promise<void> {
  const { error } = await getClient(config).auth.signOut({ scope: 'global' });
  if (error) throw error;
}

export function watchAuthChanges(config: AuthConfig, listener: (change: AuthChange) => void): () => void {
  const { data } = getClient(config).auth.onAuthStateChange((event, session) => {
    if (event === 'INITIAL_SESSION') return;
    listener({ event, user: toUser(session) });
  });
  return () => data.subscription.unsubscribe();
}
