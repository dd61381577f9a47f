/**
 * Where the auth service is. A build with VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY talks to that
 * hosted Supabase project; otherwise the app asks its own server (GET /config.json), so one build
 * serves any embedded-server secret.
 */
export interface AuthConfig {
  url: string;
  anonKey: string;
  /** supabase-js's default key for this URL: sessions of different projects never mix. */
  storageKey: string;
}

export function storageKeyFor(url: string): string {
  return `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;
}

let cached: Promise<AuthConfig> | null = null;

export function loadAuthConfig(): Promise<AuthConfig> {
  cached ??= (async () => {
    const url = import.meta.env.VITE_SUPABASE_URL as string | undefined;
    const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;
    if (url && anonKey) return { url, anonKey, storageKey: storageKeyFor(url) };
    const response = await fetch('/config.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`The auth service could not be found (config.json answered ${response.status}).`);
    const body = (await response.json()) as { supabaseUrl?: string; supabaseAnonKey?: string };
    if (!body.supabaseUrl || !body.supabaseAnonKey) throw new Error('The auth service is not configured.');
    return { url: body.supabaseUrl, anonKey: body.supabaseAnonKey, storageKey: storageKeyFor(body.supabaseUrl) };
  })();
  cached.catch(() => {
    cached = null; // try again next time
  });
  return cached;
}
