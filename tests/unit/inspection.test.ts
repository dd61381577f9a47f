import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, setup } from 'xstate';
import { authMachine, type Credentials, type DataSetResult, type SessionResult, type SignOutResult, type ValidationResult } from '../../src/machines/auth/auth.machine';
import { activeStatePaths, eventDetails, foldLog, leafStates, redact, REDACTED } from '../../src/domain/inspection';
import { inspect, liveRoots, recent } from '../../src/views/shell/inspector';

beforeEach(() => {
  recent.length = 0;
  liveRoots.clear();
});
afterEach(() => {
  recent.length = 0;
  liveRoots.clear();
});

describe('activeStatePaths / leafStates', () => {
  it('lists compound and parallel paths from the root', () => {
    const value = { modal: 'closed', drag: { active: 'moving' }, edit: {} };
    expect(activeStatePaths(value)).toEqual(['modal', 'modal.closed', 'drag', 'drag.active', 'drag.active.moving', 'edit']);
    expect(leafStates(value)).toEqual(['modal.closed', 'drag.active.moving', 'edit']);
    expect(activeStatePaths('signedOut')).toEqual(['signedOut']);
    expect(activeStatePaths(undefined)).toEqual([]);
  });
});

describe('redact', () => {
  it('hides secret-looking keys at any depth and in any case, and keeps everything else', () => {
    const input = {
      type: 'auth.signIn',
      email: 'a@b.co',
      password: 'hunter2',
      nested: { Access_Token: 'abc', refresh_token: 'def', list: [{ clientSecret: 's', OTP: '123456', code: 'xyz', name: 'kept' }] },
      session: { user: { email: 'a@b.co' }, expires_at: 1 },
      newPassword: 'p',
      quantity: 3,
    };
    const out = redact(input) as typeof input;
    expect(out.email).toBe('a@b.co');
    expect(out.quantity).toBe(3);
    expect(out.password).toBe(REDACTED);
    expect(out.newPassword).toBe(REDACTED);
    expect(out.nested.Access_Token).toBe(REDACTED);
    expect(out.nested.refresh_token).toBe(REDACTED);
    expect(out.nested.list[0]).toEqual({ clientSecret: REDACTED, OTP: REDACTED, code: REDACTED, name: 'kept' });
    expect(out.session).toBe(REDACTED);
    expect(JSON.stringify(out)).not.toMatch(/hunter2|abc|def|123456|xyz/);
    // the input is untouched
    expect(input.password).toBe('hunter2');
  });

  it('hides JWT-looking strings under any key, cuts cycles and names actor refs', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.sig';
    const cyclic: Record<string, unknown> = { note: jwt };
    cyclic.self = cyclic;
    const actor = createActor(setup({}).createMachine({ id: 'tiny' }), { id: 'child-1' });
    const out = redact({ cyclic, ref: actor, fn: () => 1 }) as { cyclic: { note: string; self: unknown }; ref: string; fn?: unknown };
    expect(out.cyclic.note).toBe(REDACTED);
    expect(out.cyclic.self).toBe('[circular]');
    expect(out.ref).toBe('actor child-1');
    expect('fn' in out).toBe(false);
  });

  it('eventDetails shows the fields after the type, redacted and shortened', () => {
    expect(eventDetails({ type: 'auth.signIn', email: 'a@b.co', password: 'hunter2' } as { type: string })).toBe('{"email":"a@b.co","password":"[redacted]"}');
    expect(eventDetails({ type: 'item.add' })).toBe('');
    expect(eventDetails({ type: 'x', text: 'y'.repeat(400) } as { type: string }, 40)).toHaveLength(40);
  });
});

const counter = setup({
  types: { events: {} as { type: 'inc'; by: number } | { type: 'open' } | { type: 'close' }, context: {} as { n: number } },
  actions: { addBy: assign({ n: ({ context, event }) => context.n + (event.type === 'inc' ? event.by : 0) }), persistCount: () => {} },
  actors: { watch: fromCallback(() => () => {}) },
}).createMachine({
  id: 'counter',
  context: { n: 0 },
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened' } },
    opened: {
      invoke: { id: 'watcher', src: 'watch' },
      on: { inc: { actions: ['addBy', 'persistCount'] }, close: 'closed' },
    },
  },
});

describe('the inspector and foldLog', () => {
  it('keeps live roots only while they run, and folds from → to with the actions and actors named', () => {
    const actor = createActor(counter, { inspect }).start();
    expect(liveRoots.has(actor)).toBe(true);
    actor.send({ type: 'open' });
    actor.send({ type: 'inc', by: 2 });
    actor.send({ type: 'close' });
    const log = foldLog(recent);
    const byEvent = (type: string) => log.filter((e) => e.event === type && e.actor === 'counter');
    expect(byEvent('open')[0]).toMatchObject({ from: ['closed'], to: ['opened'], actors: ['watcher'], done: true });
    expect(byEvent('inc')[0]).toMatchObject({ from: ['opened'], to: ['opened'], actions: ['addBy', 'persistCount'], details: '{"by":2}' });
    // leaving `opened` stops its invoked watcher
    expect(byEvent('close')[0]).toMatchObject({ from: ['opened'], to: ['closed'], actions: ['xstate.stopChild'] });
    expect(byEvent('xstate.init')[0]).toMatchObject({ to: ['closed'] });
    actor.stop();
    expect(liveRoots.has(actor)).toBe(false);
  });

  it('keeps only the last 200 inspection events, and still logs an entry whose start fell out', () => {
    const actor = createActor(counter, { inspect }).start();
    actor.send({ type: 'open' });
    for (let i = 0; i < 150; i++) actor.send({ type: 'inc', by: 1 });
    expect(recent.length).toBe(200);
    const log = foldLog(recent.slice(1));
    expect(log.every((e) => e.done)).toBe(true);
    expect(log.at(-1)).toMatchObject({ event: 'inc', from: ['opened'], to: ['opened'] });
    actor.stop();
  });

  it('never lets the sign-in password or a session token through to the log', async () => {
    const secret = 'correct horse battery staple';
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2ln';
    const actor = createActor(
      authMachine.provide({
        actions: { notifyDataSetError: () => {}, notifySessionEnded: () => {}, notifyOffline: () => {}, revokeSession: () => {} },
        actors: {
          restoreSession: fromPromise<SessionResult>(async () => ({ user: null })),
          // A result that also carries the session, as a careless implementation might: it must not show.
          signIn: fromPromise<SessionResult, Credentials>(
            async ({ input }) => ({ user: { id: 'u1', email: input.email }, session: { access_token: token, refresh_token: 'r1' } }) as SessionResult,
          ),
          signUp: fromPromise<SessionResult, Credentials>(async () => ({ user: null })),
          validateSession: fromPromise<ValidationResult>(async () => ({ status: 'valid', user: { id: 'u1', email: 'a@b.co' } })),
          signOut: fromPromise<SignOutResult>(async () => ({ accessToken: token })),
          watchAuthChanges: fromCallback(() => () => {}),
          watchStoredSession: fromCallback(() => () => {}),
          bindAccountData: fromPromise<DataSetResult, { userId: string }>(async () => ({ change: 'none' })),
        },
      }),
      { inspect },
    ).start();
    await new Promise((r) => setTimeout(r, 10));
    actor.send({ type: 'auth.signIn', email: 'a@b.co', password: secret });
    await new Promise((r) => setTimeout(r, 10));
    const log = foldLog(recent);
    const signIn = log.find((e) => e.event === 'auth.signIn');
    expect(signIn?.details).toBe('{"email":"a@b.co","password":"[redacted]"}');
    expect(log.some((e) => e.actors.includes('signIn'))).toBe(true);
    const shown = JSON.stringify(log) + JSON.stringify(redact(actor.getSnapshot().context));
    expect(shown).not.toContain(secret);
    expect(shown).not.toContain(token);
    expect(shown).not.toContain('r1');
    actor.stop();
  });
});
