// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthConfig } from '../../src/machines/auth/config';
import type { AuthChange } from '../../src/machines/auth/auth.machine';

// supabase-js's own change feed is replaced: these tests are about what the storage says.
vi.mock('../../src/machines/auth/supabaseAuth', () => ({
  watchAuthChanges: () => () => {},
  restoreSession: () => Promise.resolve({ user: null }),
}));

const config: AuthConfig = { url: 'http://auth.test', anonKey: 'anon', storageKey: 'sb-auth-auth-token' };
const stored = JSON.stringify({ access_token: 'a', refresh_token: 'r' });

describe('watchSession', () => {
  let changes: AuthChange[];
  let stop: () => void = () => {};
  beforeEach(() => {
    localStorage.clear();
    changes = [];
  });
  afterEach(() => stop());

  it('a session removed by another tab before the watch began (while this tab checked it) signs this tab out', async () => {
    const { watchSession } = await import('../../src/app/auth/watchSession');
    stop = watchSession(config, (change) => changes.push(change));
    expect(changes).toEqual([{ event: 'SIGNED_OUT', user: null }]);
  });

  it('a session still stored when the watch begins changes nothing; its removal later signs out', async () => {
    localStorage.setItem(config.storageKey, stored);
    const { watchSession } = await import('../../src/app/auth/watchSession');
    stop = watchSession(config, (change) => changes.push(change));
    expect(changes).toEqual([]);
    localStorage.removeItem(config.storageKey);
    window.dispatchEvent(new StorageEvent('storage', { key: config.storageKey, newValue: null }));
    expect(changes).toEqual([{ event: 'SIGNED_OUT', user: null }]);
  });
});
