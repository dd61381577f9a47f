/**
 * Issue 25, item 10: the revocation of a session signed out offline is queued and sent later; an
 * expired access token is renewed with the refresh token first. What each server answer means.
 */
// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { pendingRevocationsStore, type PendingRevocation } from '../../src/storage/pendingRevocations';
import { flushRevocations, sendRevocation } from '../../src/app/auth/revocations';

const config = { url: 'http://auth.test/', anonKey: 'anon' };
const entry: PendingRevocation = {
  accessToken: 'old-access',
  refreshToken: 'old-refresh',
  scope: 'global',
  at: 1,
};

type Answer = number | 'offline' | { status: number; body: unknown };
/** A fake fetch answering each call in turn, recording method, path and bearer token. */
function server(...answers: Answer[]) {
  const calls: string[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    calls.push(
      `${init.method} ${url.replace('http://auth.test/auth/v1', '')} ${headers.Authorization ?? JSON.parse(String(init.body)).refresh_token}`,
    );
    const answer = answers.shift() ?? 'offline';
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    const { status, body } = typeof answer === 'number' ? { status: answer, body: {} } : answer;
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
    });
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

describe('sendRevocation', () => {
  it('ends the session with its access token and the sign-out scope', async () => {
    const s = server(204);
    expect(await sendRevocation(config, entry, s.fetchImpl)).toBe('done');
    expect(s.calls).toEqual(['POST /logout?scope=global Bearer old-access']);
  });

  it('keeps it for later when there is no answer, or the server fails or is busy', async () => {
    for (const answer of ['offline', 500, 503, 429] as const)
      expect(await sendRevocation(config, entry, server(answer).fetchImpl)).toBe('unreachable');
  });

  it('renews an expired access token with the refresh token, then ends the session (and says so, the refresh token being single-use)', async () => {
    const s = server(
      401,
      {
        status: 200,
        body: { access_token: 'new-access', refresh_token: 'new-refresh' },
      },
      204,
    );
    const renewed: unknown[] = [];
    expect(await sendRevocation(config, entry, s.fetchImpl, (t) => renewed.push(t))).toBe('done');
    expect(s.calls).toEqual([
      'POST /logout?scope=global Bearer old-access',
      'POST /token?grant_type=refresh_token old-refresh',
      'POST /logout?scope=global Bearer new-access',
    ]);
    expect(renewed).toEqual([{ accessToken: 'new-access', refreshToken: 'new-refresh' }]);
  });

  it('is done when the server refuses the refresh token too (the session is already over)', async () => {
    const s = server(403, { status: 400, body: { error: 'invalid_grant' } });
    expect(await sendRevocation(config, entry, s.fetchImpl)).toBe('done');
    expect(s.calls).toHaveLength(2);
  });

  it('keeps it when the renewal gets no answer, or the last step gets none', async () => {
    expect(await sendRevocation(config, entry, server(401, 'offline').fetchImpl)).toBe('unreachable');
    expect(
      await sendRevocation(
        config,
        entry,
        server(401, { status: 200, body: { access_token: 'a', refresh_token: 'r' } }, 'offline').fetchImpl,
      ),
    ).toBe('unreachable');
  });
});

describe('the queue', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a revocation sent offline and sends it on the next flush, then forgets it', async () => {
    const offline = server('offline');
    pendingRevocationsStore.write([{ accessToken: 'a1', refreshToken: 'r1', scope: 'global', at: 1 }]);
    await flushRevocations(offline.fetchImpl, async () => config);
    expect(pendingRevocationsStore.read()).toEqual([
      expect.objectContaining({
        accessToken: 'a1',
        refreshToken: 'r1',
        scope: 'global',
      }),
    ]);
    const online = server(204);
    await flushRevocations(online.fetchImpl, async () => config);
    expect(online.calls).toEqual(['POST /logout?scope=global Bearer a1']);
    expect(pendingRevocationsStore.read()).toEqual([]);
    expect(localStorage.getItem('pendingRevocations')).toBeNull();
  });

  it('keeps the renewed tokens when the last step gets no answer', async () => {
    pendingRevocationsStore.write([{ ...entry }]);
    await flushRevocations(
      server(
        401,
        {
          status: 200,
          body: { access_token: 'new-access', refresh_token: 'new-refresh' },
        },
        'offline',
      ).fetchImpl,
      async () => config,
    );
    expect(pendingRevocationsStore.read()).toEqual([
      { ...entry, accessToken: 'new-access', refreshToken: 'new-refresh' },
    ]);
  });
});
