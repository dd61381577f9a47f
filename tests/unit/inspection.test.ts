import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, setup, type InspectionEvent } from 'xstate';
import {
  authMachine,
  type Credentials,
  type DataSetResult,
  type SessionResult,
  type SignOutResult,
  type ValidationResult,
} from '../../src/machines/auth/auth.machine';
import {
  activeStatePaths,
  eventDetails,
  foldLog,
  leafStates,
  redact,
  redactContext,
  REDACTED,
  secretsOf,
  type InspectedItem,
} from '../../src/domain/inspection';
import { passwordResetMachine, type RecoveryResult } from '../../src/machines/auth/passwordReset.machine';
import type { AnyStateMachine } from 'xstate';
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
    expect(activeStatePaths(value)).toEqual([
      'modal',
      'modal.closed',
      'drag',
      'drag.active',
      'drag.active.moving',
      'edit',
    ]);
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
      nested: {
        Access_Token: 'abc',
        refresh_token: 'def',
        list: [{ clientSecret: 's', OTP: '123456', code: 'xyz', name: 'kept' }],
      },
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
    const out = redact({ cyclic, ref: actor, fn: () => 1 }) as {
      cyclic: { note: string; self: unknown };
      ref: string;
      fn?: unknown;
    };
    expect(out.cyclic.note).toBe(REDACTED);
    expect(out.cyclic.self).toBe('[circular]');
    expect(out.ref).toBe('actor child-1');
    expect('fn' in out).toBe(false);
  });

  it('eventDetails shows the fields after the type, redacted and shortened', () => {
    expect(eventDetails({ type: 'auth.signIn', email: 'a@b.co', password: 'hunter2' } as { type: string })).toBe(
      '{"email":"a@b.co","password":"[redacted]"}',
    );
    expect(eventDetails({ type: 'item.add' })).toBe('');
    expect(eventDetails({ type: 'x', text: 'y'.repeat(400) } as { type: string }, 40)).toHaveLength(40);
  });
});

const counter = setup({
  types: {
    events: {} as { type: 'inc'; by: number } | { type: 'open' } | { type: 'close' },
    context: {} as { n: number },
  },
  actions: {
    addBy: assign({ n: ({ context, event }) => context.n + (event.type === 'inc' ? event.by : 0) }),
    persistCount: () => {},
  },
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
    expect(byEvent('inc')[0]).toMatchObject({
      from: ['opened'],
      to: ['opened'],
      actions: ['addBy', 'persistCount'],
      details: '{"by":2}',
    });
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
        actions: {
          notifyDataSetError: () => {},
          notifySessionEnded: () => {},
          notifyOffline: () => {},
          revokeSession: () => {},
        },
        actors: {
          restoreSession: fromPromise<SessionResult>(async () => ({ user: null })),
          // A result that also carries the session, as a careless implementation might: it must not show.
          signIn: fromPromise<SessionResult, Credentials>(
            async ({ input }) =>
              ({
                user: { id: 'u1', email: input.email },
                session: { access_token: token, refresh_token: 'r1' },
              }) as SessionResult,
          ),
          signUp: fromPromise<SessionResult, Credentials>(async () => ({ user: null })),
          validateSession: fromPromise<ValidationResult>(async () => ({
            status: 'valid',
            user: { id: 'u1', email: 'a@b.co' },
          })),
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

describe('activeStatePaths: anything but a state value gives no paths', () => {
  it('gives no paths for null, a number or a boolean', () => {
    expect(activeStatePaths(null)).toEqual([]);
    expect(activeStatePaths(42)).toEqual([]);
    expect(activeStatePaths(true)).toEqual([]);
  });
});

describe('redact: the shapes it keeps, cuts and converts', () => {
  it('names an object as an actor only when it has a sessionId and a send function (a bare sessionId is a secret)', () => {
    expect(redact({ ref: { id: 'a1', sessionId: 's1', send: () => {} } })).toEqual({ ref: 'actor a1' });
    expect(redact({ ref: { id: 'a2', send: () => {} } })).toEqual({ ref: { id: 'a2' } });
    expect(redact({ ref: { id: 'a3', sessionId: 's3' } })).toEqual({ ref: { id: 'a3', sessionId: REDACTED } });
    expect(redact({ ref: { id: 'a4', sessionId: 's4', send: 'not a function' } })).toEqual({
      ref: { id: 'a4', sessionId: REDACTED, send: 'not a function' },
    });
  });

  it('cuts objects nested deeper than eight levels below the top to "…"', () => {
    // level 0 is the top object; the object at level 9 is cut, the one at level 8 is kept.
    const nest = (levels: number): unknown => (levels === 0 ? 'leaf' : { a: nest(levels - 1) });
    const deep = nest(10);
    let expected: unknown = '…';
    for (let i = 0; i < 9; i++) expected = { a: expected };
    expect(redact(deep)).toEqual(expected);
    expect(redact(nest(9))).toEqual(nest(9));
  });

  it('cuts arrays nested deeper than eight levels below the top to "…"', () => {
    const nest = (levels: number): unknown => (levels === 0 ? 'leaf' : [nest(levels - 1)]);
    let expected: unknown = '…';
    for (let i = 0; i < 9; i++) expected = [expected];
    expect(redact(nest(10))).toEqual(expected);
    expect(redact(nest(9))).toEqual(nest(9));
  });

  it('shows a date as its ISO text', () => {
    expect(redact({ when: new Date('2026-11-23T10:15:00.000Z') })).toEqual({ when: '2026-11-23T10:15:00.000Z' });
  });

  it('keeps an array an array', () => {
    const out = redact({ list: ['a', 2] }) as { list: unknown };
    expect(Array.isArray(out.list)).toBe(true);
    expect(out.list).toEqual(['a', 2]);
  });

  it('shows a blank, null or missing secret as it is (nothing to hide), and any other secret as redacted', () => {
    const out = redact({ password: '', token: null, secret: undefined, otp: 0 }) as Record<string, unknown>;
    expect(out.password).toBe('');
    expect(out.token).toBeNull();
    expect('secret' in out).toBe(true);
    expect(out.secret).toBeUndefined();
    expect(out.otp).toBe(REDACTED);
  });
});

describe('redact: which keys and texts count as secret', () => {
  it('hides passwd, apikey and api_key as well as password', () => {
    expect(redact({ passwd: 'a', apikey: 'b', api_key: 'c', ApiKey: 'd', password: 'e', name: 'kept' })).toEqual({
      passwd: REDACTED,
      apikey: REDACTED,
      api_key: REDACTED,
      ApiKey: REDACTED,
      password: REDACTED,
      name: 'kept',
    });
  });

  it('hides a JWT even without its signature part', () => {
    expect(redact({ note: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9' })).toEqual({ note: REDACTED });
  });

  it('hides a JWT inside a longer text (an error message, an address) and keeps the words around it', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2ln-_x';
    expect(redact({ message: `Bearer ${token} was refused` })).toEqual({ message: `Bearer ${REDACTED} was refused` });
    expect(redact([`/auth/v1/verify#access_token=${token}&refresh_token=abc&type=recovery`])).toEqual([
      `/auth/v1/verify#access_token=${REDACTED}&refresh_token=${REDACTED}&type=recovery`,
    ]);
    expect(redact(`${token} and ${token}`)).toBe(`${REDACTED} and ${REDACTED}`);
  });

  it('hides the value of a secret-looking parameter in a text, whatever its case, and nothing else', () => {
    expect(redact('/reset?CODE=123456&next=/dashboard')).toBe(`/reset?CODE=${REDACTED}&next=/dashboard`);
    expect(redact('x?api_key=k1 and password=hunter2#top')).toBe(`x?api_key=${REDACTED} and password=${REDACTED}#top`);
    expect(redact('/inventory?sort=name&page=2')).toBe('/inventory?sort=name&page=2');
  });

  it('keeps texts that only look a little like a token', () => {
    for (const text of [
      'eyJ',
      'eyJabc',
      'eyJ.abc',
      'Keys: eyJ-less',
      'meet at 10.30',
      'token count: 3',
      'zip code = 90210',
    ])
      expect(redact(text)).toBe(text);
  });
});

describe('eventDetails: the fields after the type', () => {
  it('is blank when every field is dropped (functions are not shown)', () => {
    expect(eventDetails({ type: 'x', callback: () => 1 } as { type: string })).toBe('');
  });

  it('keeps a text exactly as long as the limit whole, and shortens a longer one to the limit with "…"', () => {
    const exact = { type: 'x', t: 'abc' } as { type: string }; // {"t":"abc"} is 11 characters
    expect(eventDetails(exact, 11)).toBe('{"t":"abc"}');
    expect(eventDetails(exact, 10)).toBe('{"t":"abc…');
  });
});

type Ref = { id: string; sessionId: string; logic?: { id?: unknown }; _parent?: Ref };
const rootRef: Ref = { id: 'x:0', sessionId: 'r', logic: { id: 'board' } };
const childRef: Ref = { id: 'sync', sessionId: 'c', logic: { id: 'syncLogic' }, _parent: rootRef };
const anon: Ref = { id: 'anon-1', sessionId: 'a' };
const item = (e: Record<string, unknown>, t = 1, s?: unknown): InspectedItem => ({
  e: e as unknown as InspectionEvent,
  t,
  s,
});
const ev = (ref: Ref, event: { type: string }, s?: unknown, t = 1) =>
  item({ type: '@xstate.event', actorRef: ref, event }, t, s);
const snap = (ref: Ref, event: { type: string }, value?: unknown, t = 2) =>
  item({ type: '@xstate.snapshot', actorRef: ref, event, snapshot: value === undefined ? {} : { value } }, t);

describe('foldLog on a hand-made inspection stream', () => {
  it('labels a root by its machine id, a child as "root › child id", and an actor without a machine id by its id', () => {
    const a = { type: 'a' };
    const b = { type: 'b' };
    const c = { type: 'c' };
    const log = foldLog([ev(rootRef, a), ev(childRef, b), ev(anon, c)]);
    expect(log.map((e) => e.actor)).toEqual(['board', 'board › sync', 'anon-1']);
  });

  it('opens an entry per event with its key, time, details and from state, not done until its snapshot', () => {
    const go = { type: 'go', n: 1 };
    const log = foldLog(
      [
        item({ type: '@xstate.action', actorRef: rootRef, action: { type: 'early' } }),
        ev(rootRef, go, { value: { a: 'idle' } }, 7),
      ],
      100,
    );
    expect(log).toEqual([
      {
        key: 101,
        time: 7,
        actor: 'board',
        event: 'go',
        details: '{"n":1}',
        from: ['a.idle'],
        to: null,
        actions: [],
        actors: [],
        microsteps: 0,
        done: false,
      },
    ]);
  });

  it('gives an unknown from (null) when the snapshot before is missing or has no state value', () => {
    const log = foldLog([ev(rootRef, { type: 'a' }), ev(rootRef, { type: 'b' }, { status: 'active' })]);
    expect(log.map((e) => e.from)).toEqual([null, null]);
  });

  it("counts microsteps and names the transitions' actions: text names and typed objects only", () => {
    const go = { type: 'go' };
    const log = foldLog([
      ev(rootRef, go, { value: 'idle' }),
      item({
        type: '@xstate.microstep',
        actorRef: rootRef,
        _transitions: [{ actions: ['save', { type: 'notify' }, null, { type: 3 }, () => {}] }, {}],
      }),
      item({ type: '@xstate.microstep', actorRef: rootRef, _transitions: [] }),
      item({ type: '@xstate.action', actorRef: rootRef, action: { type: 'persist' } }),
      item({ type: '@xstate.action', actorRef: rootRef, action: { type: 'save' } }),
      snap(rootRef, go, 'busy'),
    ]);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      microsteps: 2,
      actions: ['save', 'notify', 'persist'],
      from: ['idle'],
      to: ['busy'],
      done: true,
    });
  });

  it('ignores actions, microsteps and started actors when no event of that actor is open', () => {
    const go = { type: 'go' };
    const log = foldLog([
      ev(rootRef, go, { value: 'idle' }),
      snap(rootRef, go, 'busy'),
      item({ type: '@xstate.action', actorRef: rootRef, action: { type: 'late' } }),
      item({ type: '@xstate.microstep', actorRef: rootRef, _transitions: [{ actions: ['later'] }] }),
      item({ type: '@xstate.actor', actorRef: childRef }),
      item({ type: '@xstate.actor', actorRef: anon }),
    ]);
    expect(log).toEqual([
      {
        key: 0,
        time: 1,
        actor: 'board',
        event: 'go',
        details: '',
        from: ['idle'],
        to: ['busy'],
        actions: [],
        actors: [],
        microsteps: 0,
        done: true,
      },
    ]);
  });

  it("attributes a started child actor to its parent's open event", () => {
    const open = { type: 'open' };
    const log = foldLog([
      ev(rootRef, open, { value: 'closed' }),
      item({ type: '@xstate.actor', actorRef: childRef }),
      snap(rootRef, open, 'opened'),
    ]);
    expect(log[0]?.actors).toEqual(['sync']);
  });

  it('closes the entry whose event object the snapshot carries, not just the oldest open one', () => {
    const first = { type: 'first' };
    const second = { type: 'second' };
    const log = foldLog([
      ev(rootRef, first, { value: 's0' }),
      ev(rootRef, second, { value: 's0' }),
      snap(rootRef, second, 's2'),
    ]);
    expect(log.map((e) => [e.event, e.done, e.to])).toEqual([
      ['first', false, null],
      ['second', true, ['s2']],
    ]);
  });

  it('logs a snapshot whose event fell out of the ring as a done entry with an unknown from', () => {
    const lost = { type: 'lost', qty: 2 };
    const log = foldLog([ev(anon, { type: 'other' }), snap(rootRef, lost, 'after', 9)], 50);
    expect(log[1]).toEqual({
      key: 51,
      time: 9,
      actor: 'board',
      event: 'lost',
      details: '{"qty":2}',
      from: null,
      to: ['after'],
      actions: [],
      actors: [],
      microsteps: 0,
      done: true,
    });
  });

  it('gives an unknown to (null) when the snapshot after has no state value', () => {
    const go = { type: 'go' };
    const log = foldLog([ev(anon, go), snap(anon, go)]);
    expect(log[0]).toMatchObject({ to: null, done: true });
  });
});

const machineModules = import.meta.glob('../../src/machines/**/*.machine.ts', { eager: true }) as Record<
  string,
  Record<string, unknown>
>;
const allMachines = Object.values(machineModules)
  .flatMap((exports) => Object.values(exports))
  .filter(
    (value): value is AnyStateMachine =>
      !!value && typeof value === 'object' && 'root' in value && 'implementations' in value,
  );

describe('redaction by the machines’ declared secret fields', () => {
  /** Every field a person types as a secret, by machine and event type: each must be declared. */
  const typedSecrets = [
    ['auth', 'auth.signIn', 'password'],
    ['auth', 'auth.signUp', 'password'],
    ['passwordReset', 'reset.submit', 'password'],
    ['passwordReset', 'reset.submit', 'confirm'],
  ] as const;

  it('every machine declares its secrets, and names only event types it handles', () => {
    expect(allMachines.length).toBeGreaterThanOrEqual(15);
    for (const machine of allMachines) {
      const secrets = secretsOf(machine);
      expect(secrets, `${machine.id} has no meta.secrets`).not.toBeNull();
      const handled = new Set(machine.root.events as string[]);
      for (const type of Object.keys(secrets!.events)) {
        if (!type.startsWith('xstate.'))
          expect(handled.has(type), `${machine.id} declares ${type}, which it does not handle`).toBe(true);
      }
    }
  });

  it('declares every field a person types as a secret', () => {
    for (const [id, type, field] of typedSecrets) {
      const machine = allMachines.find((m) => m.id === id)!;
      expect(secretsOf(machine)?.events[type], `${id} ${type}`).toContain(field);
    }
  });

  it('walks every event type with secrets of every machine: the explorer never shows them, and shows the other fields', () => {
    let walked = 0;
    for (const machine of allMachines) {
      const secrets = secretsOf(machine)!;
      for (const [type, fields] of Object.entries(secrets.events)) {
        if (!fields.length) continue;
        walked++;
        // Plain words, which no name or JWT pattern would catch: only the declaration hides them.
        const values = Object.fromEntries(fields.map((field, i) => [field, `plain words ${machine.id} ${type} ${i}`]));
        const event = { type, ...values, shownAlongside: 'visible value' };
        const details = eventDetails(event, 10_000, secrets);
        for (const value of Object.values(values)) expect(details, `${machine.id} ${type}`).not.toContain(value);
        for (const field of fields) expect(details).toContain(`"${field}":"${REDACTED}"`);
        expect(details).toContain('visible value');
      }
      for (const field of secrets.context ?? []) {
        const shown = JSON.stringify(
          redactContext({ [field]: { nested: 'plain context words' }, other: 'kept' }, secrets),
        );
        expect(shown, `${machine.id} context.${field}`).not.toContain('plain context words');
        expect(shown).toContain('kept');
      }
    }
    expect(walked).toBeGreaterThanOrEqual(typedSecrets.length - 1);
  });

  it('the password reset’s new password and its confirmation never reach the log of a running actor', async () => {
    const actor = createActor(
      passwordResetMachine.provide({
        actors: {
          adoptRecoverySession: fromPromise<RecoveryResult>(async () => ({ status: 'ready', email: 'a@b.co' })),
          updatePassword: fromPromise<void, { password: string }>(async () => {}),
        },
      }),
      { inspect },
    ).start();
    await new Promise((r) => setTimeout(r, 10));
    // A mismatch keeps both in the event only; then a match.
    actor.send({ type: 'reset.submit', password: 'tidal orchard lantern', confirm: 'tidal orchard lantren' });
    actor.send({ type: 'reset.submit', password: 'tidal orchard lantern', confirm: 'tidal orchard lantern' });
    await new Promise((r) => setTimeout(r, 10));
    const log = foldLog(recent);
    const submits = log.filter((e) => e.event === 'reset.submit');
    expect(submits).toHaveLength(2);
    expect(submits[0]!.details).toBe(`{"password":"${REDACTED}","confirm":"${REDACTED}"}`);
    expect(JSON.stringify(log)).not.toMatch(/tidal orchard/);
    actor.stop();
  });
});
