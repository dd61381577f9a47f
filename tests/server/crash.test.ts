import { describe, expect, it } from 'vitest';
import { client, makeDirs, uniqueEmail } from './helpers.ts';
import { spawnServer, waitForExit } from './process.ts';

describe('kill -9 mid-run', () => {
  it('leaves a usable database', async () => {
    const dirs = makeDirs();
    const env = {
      DATA_DIR: dirs.dataDir,
      DIST_DIR: dirs.distDir,
      DEMO_USER: 'false',
      RATE_LIMIT_TOKEN: 'off',
      RATE_LIMIT_SIGNUP: 'off',
      RATE_LIMIT_REFRESH: 'off',
    };
    try {
      const first = await spawnServer(env);
      const config = (await (await fetch(`${first.url}/config.json`)).json()) as { supabaseAnonKey: string };
      const supabase = client({ url: first.url, anonKey: config.supabaseAnonKey });
      const email = uniqueEmail('crash');
      const signUp = await supabase.auth.signUp({ email, password: 'survives a crash' });
      expect(signUp.error).toBeNull();
      // Keep writes in flight (refresh rotations and sign-ups) while the process is killed. Plain fetch:
      // supabase-js would retry a failed refresh for up to 30 s.
      const post = (path: string, body: unknown) =>
        fetch(`${first.url}/auth/v1${path}`, {
          method: 'POST',
          headers: { apikey: config.supabaseAnonKey, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      let token = signUp.data.session!.refresh_token;
      const inFlight = (async () => {
        for (let i = 0; i < 5000; i++) {
          const res = await post('/token?grant_type=refresh_token', { refresh_token: token }).catch(() => null);
          if (!res || !res.ok) return;
          token = ((await res.json()) as { refresh_token: string }).refresh_token;
        }
      })();
      const signUps = Array.from({ length: 20 }, () =>
        post('/signup', { email: uniqueEmail('inflight'), password: 'survives a crash' }).catch(() => null),
      );
      await new Promise((r) => setTimeout(r, 150));
      first.child.kill('SIGKILL');
      await waitForExit(first.child);
      await Promise.all([inFlight, ...signUps]);

      const second = await spawnServer(env);
      try {
        const config2 = (await (await fetch(`${second.url}/config.json`)).json()) as { supabaseAnonKey: string };
        expect(config2.supabaseAnonKey).toBe(config.supabaseAnonKey);
        const again = client({ url: second.url, anonKey: config2.supabaseAnonKey });
        const signIn = await again.auth.signInWithPassword({ email, password: 'survives a crash' });
        expect(signIn.error).toBeNull();
        const fresh = await again.auth.signUp({ email: uniqueEmail('after'), password: 'survives a crash' });
        expect(fresh.error).toBeNull();
      } finally {
        second.child.kill('SIGTERM');
        await waitForExit(second.child);
      }
    } finally {
      dirs.cleanup();
    }
  }, 60_000);
});
