import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import {
  recoveredMachine,
  type CheckText,
  type PutBackInput,
  type RecoveredEvent,
} from '../../src/machines/recovered/recovered.machine';
import type { RecoveredEntry } from '../../src/storage/recovered';
import type { DiscardResult, PutBackResult } from '../../src/storage/recoveredActions';
import { createWorld, describeModel, type EventSamples, type Expectation } from '../support/model';

const entry = (n: number, key: string, text: string): RecoveredEntry => ({
  entryKey: `recovered:${key}:${n}`,
  key,
  time: 1_800_000_000_000 + n,
  reason: `record ${n}, quantity: expected number`,
  text,
  index: n,
  id: String(n),
});
const A = entry(1, 'inventoryItems', '{"id":"1","quantity":"lots"}');
const B = entry(2, 'events', '{"id":2,"EventDate":7}');
const C = entry(3, 'suppliers', '{"supplierID":"S3"}');
/** Set aside in another tab while this screen is open. */
const D = entry(4, 'employees', '{"firstName":1}');
/** Comes with another tab's change that put back or discarded B. */
const E = entry(5, 'events', '{"id":5}');

const FIXED = '{"id":2,"EventDate":"2026-12-01"}';
const BROKEN = '{"id":2,';
const check: CheckText = (e, text) =>
  text === FIXED
    ? { ok: true, value: { id: 2, from: e.key } }
    : { ok: false, reason: `EventDate: expected string (${text.length})` };

interface Log {
  putBacks: Array<{ entryKey: string; text: string; replace: boolean }>;
  discards: string[];
  downloads: Array<{ entryKey: string; text: string }>;
  toasts: Array<{ kind: 'putBack' | 'discarded'; entryKey: string }>;
}
const log: Log = { putBacks: [], discards: [], downloads: [], toasts: [] };
const world = createWorld();

// The storage actors never settle during a walk: their results are test data.
const machine = recoveredMachine.provide({
  actions: {
    downloadEntry: (_, { entry: e }) => {
      log.downloads.push({ entryKey: e.entryKey, text: e.text });
      world.record('downloadEntry', e);
    },
    notifyPutBack: (_, { entry: e, result }) => {
      log.toasts.push({ kind: 'putBack', entryKey: e.entryKey });
      world.record('notifyPutBack', e, result);
    },
    notifyDiscarded: (_, { entry: e }) => {
      log.toasts.push({ kind: 'discarded', entryKey: e.entryKey });
      world.record('notifyDiscarded', e);
    },
  },
  actors: {
    putBack: fromPromise<PutBackResult, PutBackInput>(({ input }) => {
      log.putBacks.push({ entryKey: input.entry.entryKey, text: input.text, replace: input.replace });
      return new Promise(() => {});
    }),
    discard: fromPromise<DiscardResult, { entry: RecoveredEntry }>(({ input }) => {
      log.discards.push(input.entry.entryKey);
      return new Promise(() => {});
    }),
    watchStorage: fromCallback(() => {}),
  },
});

type Snap = SnapshotFrom<typeof machine>;
const has = (s: Snap, e: RecoveredEntry) => s.context.entries.some((x) => x.entryKey === e.entryKey);

/** An entry no longer (or never) in the list: every button on it does nothing. */
const GONE = 'recovered:events:99';
const events = {
  'entry.view': [
    { type: 'entry.view', entryKey: B.entryKey },
    { type: 'entry.view', entryKey: GONE },
  ],
  'view.close': [{ type: 'view.close' }],
  'entry.edit': [
    { type: 'entry.edit', entryKey: B.entryKey },
    { type: 'entry.edit', entryKey: GONE },
  ],
  'entry.discard': [
    { type: 'entry.discard', entryKey: B.entryKey },
    { type: 'entry.discard', entryKey: GONE },
  ],
  'entry.download': [
    { type: 'entry.download', entryKey: B.entryKey },
    { type: 'entry.download', entryKey: GONE },
  ],
  'draft.change': [
    { type: 'draft.change', text: FIXED },
    { type: 'draft.change', text: BROKEN },
  ],
  'edit.putBack': [{ type: 'edit.putBack' }],
  'edit.replace': [{ type: 'edit.replace' }],
  'edit.cancel': [{ type: 'edit.cancel' }],
  'discard.confirm': [{ type: 'discard.confirm' }],
  'discard.cancel': [{ type: 'discard.cancel' }],
  // What storage holds: the list as this screen knows it plus one more set aside elsewhere; or another tab put B back.
  'storage.change': (s) => [
    { type: 'storage.change', entries: [...s.context.entries.filter((e) => e.entryKey !== D.entryKey), D] },
    { type: 'storage.change', entries: [A, C, E] },
  ],
} satisfies EventSamples<typeof machine>;

const TAKEN = 'Another record with the id "2" is already there.';
const FULL = 'Browser storage is full.';
const actorEvents = [
  { type: 'xstate.done.actor.putBack', output: { ok: true, added: 1, skipped: 0, replaced: false } },
  { type: 'xstate.done.actor.putBack', output: { ok: false, reason: 'taken', message: TAKEN } },
  { type: 'xstate.done.actor.putBack', output: { ok: false, reason: 'failed', message: FULL } },
  { type: 'xstate.error.actor.putBack', error: new Error('boom') },
  { type: 'xstate.done.actor.replace', output: { ok: true, added: 0, skipped: 0, replaced: true } },
  { type: 'xstate.done.actor.replace', output: { ok: false, reason: 'failed', message: FULL } },
  { type: 'xstate.error.actor.replace', error: new Error('boom') },
  { type: 'xstate.done.actor.discard', output: { ok: true } },
  { type: 'xstate.done.actor.discard', output: { ok: false, error: FULL } },
  { type: 'xstate.error.actor.discard', error: new Error('boom') },
];

/** Holds in every state: A and C are never touched, and every call the fakes saw was about B. */
function untouched(s: Snap) {
  expect(s.status).toBe('active');
  expect(s.context.entries.find((e) => e.entryKey === A.entryKey)).toEqual(A);
  expect(s.context.entries.find((e) => e.entryKey === C.entryKey)).toEqual(C);
  expect(log.putBacks.every((c) => c.entryKey === B.entryKey)).toBe(true);
  expect(log.discards.every((k) => k === B.entryKey)).toBe(true);
  expect(log.downloads.every((d) => d.entryKey === B.entryKey && d.text === B.text)).toBe(true);
  const done = log.toasts.filter((t) => t.entryKey === B.entryKey).length;
  expect(done).toBeLessThanOrEqual(1);
  // B leaves the list only when it was put back or discarded here, or another tab's change said so.
  if (!has(s, B)) expect(done === 1 || has(s, E)).toBe(true);
  else expect(done).toBe(0);
}

/** In a state about one entry: it is B, as it was when chosen. */
function onB(s: Snap) {
  untouched(s);
  expect(s.context.selected).toEqual(B);
}

type Ctx = Snap['context'];
type Expect = Expectation<typeof machine>;
const cleared = (b: Ctx): Ctx => ({ ...b, selected: null, draft: '', validation: null, refusal: null });
const keyOf = (event: unknown) => (event as { entryKey: string }).entryKey;
const listed = (b: Ctx, event: unknown) => b.entries.find((e) => e.entryKey === keyOf(event))!;
const entriesOf = (event: unknown) => (event as { entries: RecoveredEntry[] }).entries;
const outputOf = (event: unknown) =>
  (event as { output: { ok: boolean; reason?: string; message?: string; error?: string } }).output;
const errorOf = (event: unknown) => (event as { error: Error }).error.message;
const stillListed = (step: { before: Ctx }) =>
  expect(step.before.entries.some((e) => e.entryKey === step.before.selected?.entryKey)).toBe(true);
const isGone = (step: { before: Ctx }) =>
  expect(step.before.entries.some((e) => e.entryKey === step.before.selected?.entryKey)).toBe(false);

/** View, Edit and Discard choose the entry named by the button, as it is in the list. */
const opens = (source: string): Record<string, Expect> => ({
  [`${source}|entry.view|0`]: {
    target: 'viewing',
    context: (b, e) => ({ ...b, selected: listed(b, e), refusal: null }),
  },
  [`${source}|entry.edit|0`]: {
    target: 'editing.drafting',
    context: (b, e) => ({
      ...b,
      selected: listed(b, e),
      refusal: null,
      draft: listed(b, e).text,
      validation: check(listed(b, e), listed(b, e).text),
    }),
  },
  [`${source}|entry.discard|0`]: {
    target: 'confirmingDiscard',
    context: (b, e) => ({ ...b, selected: listed(b, e), refusal: null }),
  },
});
const toBrowsing: Expect = { target: 'browsing', context: cleared };
/** The draft is checked as typed; an old refusal goes. */
const drafts = (target?: string): Expect => ({
  ...(target ? { target } : {}),
  context: (b, e) => ({
    ...b,
    draft: (e as { text: string }).text,
    validation: check(b.selected!, (e as { text: string }).text),
    refusal: null,
  }),
});
const putBack = (replace: boolean): Expect => ({
  target: replace ? 'editing.replacing' : 'editing.puttingBack',
  started: ({ before }) => [
    { id: replace ? 'replace' : 'putBack', input: { entry: before.selected, text: before.draft, replace } },
  ],
  check: ({ before }) => expect(replace || before.validation?.ok).toBe(true),
});
const busyList: Expect = { context: (b, e) => ({ ...b, entries: entriesOf(e) }) };
/** Put back: the toast names the entry and the result; only that entry leaves the list. */
const putBackDone: Expect = {
  target: 'browsing',
  context: (b) => cleared({ ...b, entries: b.entries.filter((e) => e.entryKey !== b.selected!.entryKey) }),
  effects: ({ before, event }) => [['notifyPutBack', before.selected, outputOf(event)]],
  check: ({ event }) => expect(outputOf(event).ok).toBe(true),
};
const refused = (target: string, message: (event: unknown) => string): Expect => ({
  target,
  context: (b, e) => ({ ...b, refusal: message(e) }),
});

describeModel('recovered', {
  machine,
  world,
  input: { entries: [A, B, C], check },
  initial: { started: [{ id: 'storageWatch', input: undefined }] },
  transitions: {
    '(machine)|entry.download|0': { effects: ({ before, event }) => [['downloadEntry', listed(before, event)]] },
    // Another tab put back or discarded the selected entry: back to the list.
    '(machine)|storage.change|0': {
      target: 'browsing',
      context: (b, e) => cleared({ ...b, entries: entriesOf(e) }),
      check: ({ before, event }) =>
        expect(entriesOf(event).some((x) => x.entryKey === before.selected?.entryKey)).toBe(false),
    },
    '(machine)|storage.change|1': {
      context: (b, e) => ({ ...b, entries: entriesOf(e) }),
      check: ({ before, event }) =>
        expect(before.selected === null || entriesOf(event).some((x) => x.entryKey === before.selected?.entryKey)).toBe(
          true,
        ),
    },
    ...opens('browsing'),
    ...opens('viewing'),
    'viewing|view.close|0': toBrowsing,
    'editing.drafting|draft.change|0': drafts(),
    'editing.drafting|edit.putBack|0': putBack(false),
    'editing.drafting|edit.cancel|0': toBrowsing,
    'editing.puttingBack|storage.change|0': busyList,
    'editing.puttingBack|xstate.done.actor.putBack|0': putBackDone,
    'editing.puttingBack|xstate.done.actor.putBack|1': {
      ...toBrowsing,
      check: (step) => {
        expect(outputOf(step.event).ok).toBe(false);
        isGone(step);
      },
    },
    'editing.puttingBack|xstate.done.actor.putBack|2': {
      ...refused('editing.idTaken', (e) => outputOf(e).message!),
      check: (step) => {
        stillListed(step);
        expect(outputOf(step.event).reason).toBe('taken');
      },
    },
    'editing.puttingBack|xstate.done.actor.putBack|3': {
      ...refused('editing.putBackFailed', (e) => outputOf(e).message!),
      check: (step) => {
        stillListed(step);
        expect(outputOf(step.event).reason).toBe('failed');
      },
    },
    'editing.puttingBack|xstate.error.actor.putBack|0': { ...toBrowsing, check: isGone },
    'editing.puttingBack|xstate.error.actor.putBack|1': {
      ...refused('editing.putBackFailed', errorOf),
      check: stillListed,
    },
    'editing.idTaken|edit.replace|0': putBack(true),
    'editing.idTaken|draft.change|0': drafts('editing.drafting'),
    'editing.idTaken|edit.cancel|0': toBrowsing,
    'editing.replacing|storage.change|0': busyList,
    'editing.replacing|xstate.done.actor.replace|0': putBackDone,
    'editing.replacing|xstate.done.actor.replace|1': {
      ...toBrowsing,
      check: (step) => {
        expect(outputOf(step.event).ok).toBe(false);
        isGone(step);
      },
    },
    'editing.replacing|xstate.done.actor.replace|2': {
      ...refused('editing.putBackFailed', (e) => outputOf(e).message!),
      check: stillListed,
    },
    'editing.replacing|xstate.error.actor.replace|0': { ...toBrowsing, check: isGone },
    'editing.replacing|xstate.error.actor.replace|1': {
      ...refused('editing.putBackFailed', errorOf),
      check: stillListed,
    },
    'editing.putBackFailed|edit.putBack|0': putBack(false),
    'editing.putBackFailed|draft.change|0': drafts('editing.drafting'),
    'editing.putBackFailed|edit.cancel|0': toBrowsing,
    'confirmingDiscard|discard.confirm|0': {
      target: 'discarding',
      started: ({ before }) => [{ id: 'discard', input: { entry: before.selected } }],
    },
    'confirmingDiscard|discard.cancel|0': toBrowsing,
    'discarding|storage.change|0': busyList,
    'discarding|xstate.done.actor.discard|0': {
      target: 'browsing',
      context: (b) => cleared({ ...b, entries: b.entries.filter((e) => e.entryKey !== b.selected!.entryKey) }),
      effects: ({ before }) => [['notifyDiscarded', before.selected]],
      check: ({ event }) => expect(outputOf(event).ok).toBe(true),
    },
    'discarding|xstate.done.actor.discard|1': {
      ...toBrowsing,
      check: (step) => {
        expect(outputOf(step.event).ok).toBe(false);
        isGone(step);
      },
    },
    'discarding|xstate.done.actor.discard|2': {
      ...refused('discardFailed', (e) => outputOf(e).error!),
      check: stillListed,
    },
    'discarding|xstate.error.actor.discard|0': { ...toBrowsing, check: isGone },
    'discarding|xstate.error.actor.discard|1': { ...refused('discardFailed', errorOf), check: stillListed },
    'discardFailed|discard.confirm|0': {
      target: 'discarding',
      started: ({ before }) => [{ id: 'discard', input: { entry: before.selected } }],
    },
    'discardFailed|discard.cancel|0': toBrowsing,
  },
  events,
  actorEvents: actorEvents as never,
  limit: 2000,
  reset: () => {
    log.putBacks.length = 0;
    log.discards.length = 0;
    log.downloads.length = 0;
    log.toasts.length = 0;
  },
  states: {
    browsing: (s) => {
      untouched(s);
      expect(s.context.selected).toBeNull();
      expect(s.context.validation).toBeNull();
      expect(s.context.refusal).toBeNull();
      expect(s.hasTag('viewing') || s.hasTag('editing') || s.hasTag('confirm discard')).toBe(false);
    },
    viewing: (s) => {
      onB(s);
      expect(s.hasTag('viewing')).toBe(true);
      expect(s.hasTag('editing')).toBe(false);
    },
    'editing.drafting': (s) => {
      onB(s);
      expect(s.hasTag('editing')).toBe(true);
      expect(s.context.validation).toEqual(check(B, s.context.draft));
      expect(s.can({ type: 'edit.putBack' })).toBe(s.context.draft === FIXED);
      expect(s.context.refusal).toBeNull();
    },
    'editing.puttingBack': (s) => {
      onB(s);
      expect(s.hasTag('busy')).toBe(true);
      expect(s.context.draft).toBe(FIXED);
      expect(log.putBacks.at(-1)).toEqual({ entryKey: B.entryKey, text: FIXED, replace: false });
      expect(s.can({ type: 'edit.cancel' })).toBe(false);
    },
    'editing.idTaken': (s) => {
      onB(s);
      expect(s.hasTag('id taken')).toBe(true);
      expect(s.context.refusal).toBe(TAKEN);
      expect(s.can({ type: 'edit.replace' })).toBe(true);
      expect(log.putBacks.at(-1)?.replace).toBe(false);
    },
    'editing.replacing': (s) => {
      onB(s);
      expect(s.hasTag('busy')).toBe(true);
      expect(log.putBacks.at(-1)).toEqual({ entryKey: B.entryKey, text: FIXED, replace: true });
    },
    'editing.putBackFailed': (s) => {
      onB(s);
      expect(s.hasTag('refused')).toBe(true);
      expect(s.hasTag('id taken')).toBe(false);
      expect([FULL, 'boom']).toContain(s.context.refusal);
      expect(s.context.draft).toBe(FIXED);
      expect(s.can({ type: 'edit.putBack' })).toBe(true);
    },
    confirmingDiscard: (s) => {
      onB(s);
      expect(s.hasTag('confirm discard')).toBe(true);
      expect(s.hasTag('refused')).toBe(false);
      expect(s.context.refusal).toBeNull();
    },
    discarding: (s) => {
      onB(s);
      expect(s.hasTag('busy')).toBe(true);
      expect(log.discards.at(-1)).toBe(B.entryKey);
    },
    discardFailed: (s) => {
      onB(s);
      expect(s.hasTag('confirm discard') && s.hasTag('refused')).toBe(true);
      expect([FULL, 'boom']).toContain(s.context.refusal);
      expect(log.discards.at(-1)).toBe(B.entryKey);
    },
  },
});

describe('recovered (hand-written)', () => {
  const run = (results: { putBack?: (input: PutBackInput) => PutBackResult; discard?: () => DiscardResult }) => {
    const seen: string[] = [];
    const actor = createActor(
      recoveredMachine.provide({
        actions: {
          downloadEntry: (_, { entry: e }) => void seen.push(`download:${e.entryKey}`),
          notifyPutBack: (_, { entry: e, result }) =>
            void seen.push(`put back:${e.entryKey}:${JSON.stringify(result)}`),
          notifyDiscarded: (_, { entry: e }) => void seen.push(`discarded:${e.entryKey}`),
        },
        actors: {
          putBack: fromPromise<PutBackResult, PutBackInput>(async ({ input }) => {
            seen.push(`putBack:${input.text}:${input.replace}`);
            return results.putBack!(input);
          }),
          discard: fromPromise<DiscardResult, { entry: RecoveredEntry }>(async () => results.discard!()),
          watchStorage: fromCallback(() => {}),
        },
      }),
      { input: { entries: [A, B, C], check } },
    );
    actor.start();
    return { actor, seen };
  };

  it('an id already taken is refused in a state that offers to replace; Replace puts it back with replace', async () => {
    const { actor, seen } = run({
      putBack: ({ replace }) =>
        replace ? { ok: true, added: 0, skipped: 0, replaced: true } : { ok: false, reason: 'taken', message: TAKEN },
    });
    actor.send({ type: 'entry.edit', entryKey: B.entryKey });
    expect(actor.getSnapshot().context.draft).toBe(B.text);
    expect(actor.getSnapshot().can({ type: 'edit.putBack' })).toBe(false);
    actor.send({ type: 'draft.change', text: FIXED });
    actor.send({ type: 'edit.putBack' });
    await waitFor(actor, (s) => s.matches({ editing: 'idTaken' }));
    expect(actor.getSnapshot().context.refusal).toBe(TAKEN);
    actor.send({ type: 'edit.replace' });
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(seen).toEqual([
      `putBack:${FIXED}:false`,
      `putBack:${FIXED}:true`,
      `put back:${B.entryKey}:{"ok":true,"added":0,"skipped":0,"replaced":true}`,
    ]);
    expect(actor.getSnapshot().context.entries).toEqual([A, C]);
  });

  it('its own storage change during a put back does not end it: the toast still names the entry', async () => {
    let release: (r: PutBackResult) => void = () => {};
    const actor = createActor(
      recoveredMachine.provide({
        actions: {
          downloadEntry: () => {},
          notifyDiscarded: () => {},
          notifyPutBack: (_, { entry: e }) => void toasts.push(e.entryKey),
        },
        actors: {
          putBack: fromPromise<PutBackResult, PutBackInput>(() => new Promise((r) => (release = r))),
          discard: fromPromise<DiscardResult, { entry: RecoveredEntry }>(() => new Promise(() => {})),
          watchStorage: fromCallback(() => {}),
        },
      }),
      { input: { entries: [A, B, C], check } },
    );
    const toasts: string[] = [];
    actor.start();
    actor.send({ type: 'entry.edit', entryKey: B.entryKey });
    actor.send({ type: 'draft.change', text: FIXED });
    actor.send({ type: 'edit.putBack' });
    actor.send({ type: 'storage.change', entries: [A, C] } satisfies RecoveredEvent);
    expect(actor.getSnapshot().matches({ editing: 'puttingBack' })).toBe(true);
    release({ ok: true, added: 1, skipped: 0, replaced: false });
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(toasts).toEqual([B.entryKey]);
  });

  it('another tab discarding the entry being edited ends the edit', () => {
    const { actor } = run({});
    actor.send({ type: 'entry.edit', entryKey: B.entryKey });
    actor.send({ type: 'storage.change', entries: [A, C] });
    expect(actor.getSnapshot().value).toBe('browsing');
    expect(actor.getSnapshot().context.selected).toBeNull();
  });

  it('discard asks first; Keep it changes nothing, Discard removes only that entry', async () => {
    const { actor, seen } = run({ discard: () => ({ ok: true }) });
    actor.send({ type: 'entry.discard', entryKey: B.entryKey });
    expect(actor.getSnapshot().hasTag('confirm discard')).toBe(true);
    actor.send({ type: 'discard.cancel' });
    expect(actor.getSnapshot().context.entries).toEqual([A, B, C]);
    actor.send({ type: 'entry.discard', entryKey: B.entryKey });
    actor.send({ type: 'discard.confirm' });
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(actor.getSnapshot().context.entries).toEqual([A, C]);
    expect(seen).toEqual([`discarded:${B.entryKey}`]);
  });
});
