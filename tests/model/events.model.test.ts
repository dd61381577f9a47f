import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, setup } from 'xstate';
import { quickFilters } from '../../src/domain/eventDates';
import { blankEventForm, eventToForm, formToEvent, type EventFormValues } from '../../src/domain/events';
import { eventFiltersMachine } from '../../src/machines/events/eventFilters.machine';
import { eventFormMachine } from '../../src/machines/events/eventForm.machine';
import { eventsMachine, type RestoreInput } from '../../src/machines/events/events.machine';
import type { CateringEvent } from '../../src/storage/schemas';
import { describeModel } from '../support/model';

const validValues: EventFormValues = { ...blankEventForm(), EventName: 'Gala', EventDate: '2026-05-01', NumberOfGuests: '12' };

// ---------------------------------------------------------------- event form
const saveRequests: EventFormValues[] = [];
const form = eventFormMachine.provide({ actions: { requestSave: ({ context }) => void saveRequests.push(context.values) } });

describeModel('eventForm', {
  machine: form,
  input: { values: blankEventForm() },
  limit: 5000,
  reset: () => void (saveRequests.length = 0),
  serializeState: (s) => JSON.stringify([s.value, Object.keys(s.context.errors).sort(), s.context.values.EventName, s.context.values.EventDate, s.context.values.NumberOfGuests]),
  events: {
    'field.change': [
      { type: 'field.change', field: 'EventName', value: 'Gala' },
      { type: 'field.change', field: 'EventDate', value: '2026-05-01' },
      { type: 'field.change', field: 'NumberOfGuests', value: '12' },
      { type: 'field.change', field: 'NumberOfGuests', value: '0' },
    ],
    'form.submit': [{ type: 'form.submit' }],
    'form.cancel': [{ type: 'form.cancel' }],
    'save.done': [{ type: 'save.done', id: 7 }],
  },
  states: {
    editing: (s) => {
      expect(s.hasTag('form')).toBe(true);
      expect(s.hasTag('saving')).toBe(false);
    },
    validating: () => {
      throw new Error('validating is transient');
    },
    saving: (s) => {
      expect(s.hasTag('saving')).toBe(true);
      expect(s.context.errors).toEqual({});
      expect(saveRequests.at(-1)).toEqual(s.context.values);
    },
    saved: (s) => {
      expect(s.status).toBe('done');
      expect(s.output).toEqual({ saved: true, id: 7 });
    },
    cancelled: (s) => {
      expect(s.status).toBe('done');
      expect(s.output).toEqual({ saved: false, id: null });
    },
  },
});

describe('eventForm (pinned rules)', () => {
  it('an invalid submit returns to editing with the messages; a change clears that field’s message', () => {
    const actor = createActor(form, { input: { values: blankEventForm() } }).start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors.EventName).toBe('Event name is required.');
    actor.send({ type: 'field.change', field: 'EventName', value: 'Gala' });
    expect(actor.getSnapshot().context.errors.EventName).toBeUndefined();
    expect(actor.getSnapshot().context.errors.EventDate).toBeDefined();
  });
  it('a change clears only the message of the field it changes, whichever field it is', () => {
    for (const field of ['EventName', 'EventDate', 'NumberOfGuests'] as const) {
      const actor = createActor(form, { input: { values: { ...blankEventForm(), NumberOfGuests: 'x' } } }).start();
      actor.send({ type: 'form.submit' });
      const errors = actor.getSnapshot().context.errors;
      expect(Object.keys(errors).sort()).toEqual(['EventDate', 'EventName', 'NumberOfGuests']);
      actor.send({ type: 'field.change', field, value: 'still wrong' });
      const { [field]: _gone, ...rest } = errors;
      expect(actor.getSnapshot().context.errors).toEqual(rest);
      expect(actor.getSnapshot().context.values[field]).toBe('still wrong');
    }
  });
  it('a valid submit asks the parent to save and waits in saving', () => {
    saveRequests.length = 0;
    const actor = createActor(form, { input: { values: validValues } }).start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(saveRequests).toEqual([validValues]);
    actor.send({ type: 'form.cancel' });
    expect(actor.getSnapshot().value).toBe('saving');
  });
});

// ---------------------------------------------------------------- events list
const calls: string[] = [];
/** Every list persistEvents was given, in order. */
const persisted: CateringEvent[][] = [];
/** Stands in for the form child: finishes as soon as the list confirms the save. */
const fakeForm = setup({ types: { events: {} as { type: 'save.done'; id: number } } }).createMachine({
  initial: 'open',
  states: { open: { on: { 'save.done': 'done' } }, done: { type: 'final' } },
});
/** Undo's writes never settle by themselves: the walk supplies their done / error events. */
const pendingRestore = fromPromise<void, RestoreInput>(() => new Promise<void>(() => {}));
const events = eventsMachine.provide({
  actors: { eventForm: fakeForm as never, restoreDeleted: pendingRestore, watchStorage: fromCallback(() => () => {}) },
  actions: {
    persistEvents: ({ context }) => {
      persisted.push(context.events);
      calls.push(`persist:${context.events.map((e) => e.id).join(',')}`);
    },
    persistDeletedId: ({ context }) => void calls.push(`persistDeletedId:${context.lastDeleted?.id}`),
    removeEventKeys: ({ context }) => void calls.push(`removeKeys:${context.lastDeleted?.id}`),
    notifySaved: ({ context }) => void calls.push(`notifySaved:${context.lastSaved?.EventName}`),
    notifyDeleted: ({ context }) => void calls.push(`notifyDeleted:${context.lastDeleted?.id}`),
    notifyRestored: ({ context }) => void calls.push(`notifyRestored:${context.lastDeleted?.id}`),
    notifyUndoFailed: ({ context }) => void calls.push(`notifyUndoFailed:${context.undoError}`),
    notifyToolkitGone: () => void calls.push('notifyToolkitGone'),
  },
});
let seenCalls = 0;
/** The list at the previous step, to tell what this step changed. */
let before: CateringEvent[] | null = null;
let previous: CateringEvent[] | null = null;
const resetCalls = () => {
  before = null;
  calls.length = 0;
  persisted.length = 0;
  seenCalls = 0;
};
/** The side effects of the step just taken (each state assertion runs once per step). */
const freshCalls = (s?: { context: { events: CateringEvent[] } }) => {
  previous = before;
  before = s?.context.events ?? null;
  const fresh = calls.slice(seenCalls);
  seenCalls = calls.length;
  return fresh;
};

// Three events; every walk acts on the middle one (2), and 1 and 3 must never change.
const timed = (id: number, name: string, start: string, end: string): CateringEvent => formToEvent({ ...validValues, id, EventName: name, StartTime: start, EndTime: end });
const one = timed(1, 'One', '12:00', '13:00');
const two = timed(2, 'Two', '12:00', '13:00');
const three = timed(3, 'Three', '12:00', '13:00');
const twoThere = timed(2, 'Two (there)', '09:00', '10:00');
const twoMine = timed(2, 'Two (mine)', '18:00', '20:00');
const others = { 1: one, 3: three } as Record<number, CateringEvent>;
const middle = (s: { context: { events: CateringEvent[] } }) => s.context.events.find((e) => e.id === 2);
const expectOthersUntouched = (list: CateringEvent[]) => {
  for (const e of list) if (others[e.id]) expect(e, `event ${e.id} must not change`).toBe(others[e.id]);
  expect(list.filter((e) => others[e.id]).length).toBe(2);
};

describeModel('events', {
  machine: events,
  input: { events: [one, two, three], deletedIds: [] },
  reset: resetCalls,
  limit: 20000,
  actorEvents: [
    { type: 'xstate.done.actor.restoreDeleted', output: undefined },
    { type: 'xstate.error.actor.restoreDeleted', error: new Error('Browser storage is full.') },
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.events.filter((e) => e.id <= 3).map((e) => e.id),
      Math.min(s.context.events.filter((e) => e.id > 3).length, 1),
      middle(s)?.EventName ?? null,
      middle(s)?.menuItems?.length ?? null,
      s.context.deletedIds.includes(2),
      s.context.lastDeleted?.id ?? null,
      s.context.toolkitId,
      s.context.theirs?.EventName ?? null,
      s.context.draft?.EventName ?? null,
      s.context.formValues.id,
      s.context.editBase?.EventName ?? null,
    ]),
  events: {
    'form.new': [{ type: 'form.new' }],
    'form.edit': [{ type: 'form.edit', id: 2 }],
    'form.save': (s) =>
      s.context.formValues.id === 0
        ? [{ type: 'form.save' as const, values: { ...validValues, EventName: 'Fresh' } }]
        : [{ type: 'form.save' as const, values: { ...s.context.formValues, EventName: 'Two (mine)', StartTime: '18:00', EndTime: '20:00' } }],
    'event.delete': [{ type: 'event.delete', id: 2 }],
    'delete.undo': [{ type: 'delete.undo' }],
    'event.patch': [{ type: 'event.patch', id: 2, patch: { menuItems: ['Soup'] } }],
    'toolkit.open': [{ type: 'toolkit.open', id: 2 }],
    'toolkit.close': [{ type: 'toolkit.close' }],
    'storage.change': [
      { type: 'storage.change', events: [one, twoThere, three], deletedIds: [] },
      { type: 'storage.change', events: [one, three], deletedIds: [2] },
    ],
    'save.conflict': [{ type: 'save.conflict', mine: twoMine, theirs: twoThere }],
    'conflict.keepTheirs': [{ type: 'conflict.keepTheirs' }],
    'conflict.keepMine': [{ type: 'conflict.keepMine' }],
    'conflict.merge': [
      { type: 'conflict.merge', choices: { EventName: 'mine' } },
      // Mine's start with their end: the end is before the start, so the form opens again.
      { type: 'conflict.merge', choices: { StartTime: 'mine', EndTime: 'theirs' } },
    ],
  },
  states: {
    browsing: (s) => {
      const fresh = freshCalls(s);
      expect(s.hasTag('list')).toBe(true);
      expect(s.hasTag('form')).toBe(false);
      expect(s.context.toolkitId).toBeNull();
      expect(s.context.theirs).toBeNull();
      expect(s.context.draft).toBeNull();
      const ids = s.context.events.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(new Set(ids).size).toBe(ids.length);
      expectOthersUntouched(s.context.events);
      for (const list of persisted) expectOthersUntouched(list);
      // New events never take a deleted id.
      for (const e of s.context.events) if (e.id > 3) expect(s.context.deletedIds).not.toContain(e.id);
      const last = fresh.at(-1) ?? '';
      if (last === 'notifyDeleted:2') {
        expect(middle(s)).toBeUndefined();
        expect(s.context.deletedIds).toContain(2);
        expect(fresh).toEqual(['removeKeys:2', `persist:${ids.join(',')}`, 'persistDeletedId:2', 'notifyDeleted:2']);
        expect(persisted.at(-1)!.some((e) => e.id === 2)).toBe(false);
      }
      if (last === 'notifyRestored:2') {
        // The exact event, under its own id, off the deleted list; the others as they were.
        expect([two, twoThere]).toContain(middle(s));
        expect(s.context.events.filter((e) => e.id !== 2)).toEqual(previous!.filter((e) => e.id !== 2));
        expect(s.context.deletedIds).not.toContain(2);
        expect(s.context.lastDeleted).toBeNull();
      }
      if (last.startsWith('notifyUndoFailed')) {
        expect(last).toBe('notifyUndoFailed:Browser storage is full.');
        // Nothing half-restored: the list is exactly what it was while undoing.
        expect(s.context.events).toBe(previous);
        expect(s.context.lastDeleted).toBeNull();
      }
      if (last.startsWith('notifySaved')) {
        expect(fresh).toEqual([`persist:${ids.join(',')}`, last]);
        expect(persisted.at(-1)).toEqual(s.context.events);
      }
      if (last === 'notifyRestored:2' || last.startsWith('notifyUndoFailed')) expect(fresh).toEqual([last]);
      if (last === 'notifyToolkitGone') expect(middle(s)).toBeUndefined();
    },
    undoing: (s) => {
      const fresh = freshCalls(s);
      expect(s.hasTag('undoing')).toBe(true);
      expect(s.context.lastDeleted?.id).toBe(2);
      expect(s.children.restoreDeleted).toBeDefined();
      // Nothing is written before the Undo actor runs its all-or-nothing writes.
      expect(fresh).toEqual([]);
    },
    formOpen: (s) => {
      const fresh = freshCalls(s);
      expect(s.hasTag('form')).toBe(true);
      expect(s.children.eventForm).toBeDefined();
      expect(s.context.theirs).toBeNull();
      expect(fresh.filter((c) => !c.startsWith('persist:'))).toEqual([]);
    },
    conflict: (s) => {
      const fresh = freshCalls(s);
      expect(s.hasTag('conflict')).toBe(true);
      expect(s.context.draft?.id).toBe(2);
      // Their version is always the stored one now (null when the other tab deleted it).
      expect(s.context.theirs).toBe(middle(s) ?? null);
      expectOthersUntouched(s.context.events);
      // Going into conflict writes nothing: the other tab's version is never overwritten unasked.
      expect(fresh).toEqual([]);
    },
    toolkitOpen: (s) => {
      const fresh = freshCalls(s);
      expect(s.hasTag('toolkit')).toBe(true);
      expect(s.context.toolkitId).toBe(2);
      expect(middle(s)).toBeDefined();
      // A Tool Kit patch writes the list with only the middle event changed.
      if (fresh.length) {
        expect(fresh).toEqual([`persist:${s.context.events.map((e) => e.id).join(',')}`]);
        expect(persisted.at(-1)!.find((e) => e.id === 2)).toMatchObject({ menuItems: ['Soup'] });
        expectOthersUntouched(persisted.at(-1)!);
      }
    },
  },
  sequences: [
    [{ type: 'toolkit.open', id: 2 }, { type: 'event.patch', id: 99, patch: {} }],
    [{ type: 'form.edit', id: 2 }, { type: 'storage.change', events: [one, twoThere, three], deletedIds: [] }, { type: 'form.save', values: { ...eventToForm(two), EventName: 'Two (mine)', StartTime: '18:00', EndTime: '20:00' } }, { type: 'conflict.merge', choices: { StartTime: 'mine', EndTime: 'theirs' } }],
  ],
});

describe('events (pinned rules)', () => {
  const start = (list = [one, two, three]) => {
    resetCalls();
    return createActor(events, { input: { events: list, deletedIds: [] } }).start();
  };
  const finishUndo = (actor: ReturnType<typeof start>) => actor.send({ type: 'xstate.done.actor.restoreDeleted', output: undefined } as never);

  it('a new event gets max id + 1, is first, and is persisted; the form closes', () => {
    const actor = start();
    actor.send({ type: 'form.new' });
    actor.send({ type: 'form.save', values: { ...validValues, EventName: 'New' } });
    const s = actor.getSnapshot();
    expect(s.value).toBe('browsing');
    expect(s.context.events.map((e) => e.id)).toEqual([4, 3, 2, 1]);
    expect(s.context.events[0]?.EventName).toBe('New');
    expect(calls).toEqual(['persist:4,3,2,1', 'notifySaved:New']);
  });

  it('editing keeps the id and the tool-kit data, and changes only that event', () => {
    const actor = start();
    actor.send({ type: 'toolkit.open', id: 2 });
    actor.send({ type: 'event.patch', id: 2, patch: { menuItems: ['Soup'] } });
    actor.send({ type: 'toolkit.close' });
    expect(persisted[0]![0]).toBe(three);
    expect(persisted[0]![2]).toBe(one);
    actor.send({ type: 'form.edit', id: 2 });
    expect(actor.getSnapshot().context.formValues.id).toBe(2);
    actor.send({ type: 'form.save', values: { ...actor.getSnapshot().context.formValues, EventName: 'Renamed' } });
    const saved = actor.getSnapshot().context.events.find((e) => e.id === 2);
    expect(saved?.EventName).toBe('Renamed');
    expect(saved?.menuItems).toEqual(['Soup']);
    expect(actor.getSnapshot().context.events).toHaveLength(3);
  });

  it('delete removes at once with its keys and remembers the id; undo restores both', () => {
    const actor = start();
    actor.send({ type: 'event.delete', id: 3 });
    expect(actor.getSnapshot().context.events.map((e) => e.id)).toEqual([2, 1]);
    expect(actor.getSnapshot().context.deletedIds).toEqual([3]);
    expect(calls).toEqual(['removeKeys:3', 'persist:2,1', 'persistDeletedId:3', 'notifyDeleted:3']);
    actor.send({ type: 'delete.undo' });
    expect(actor.getSnapshot().value).toBe('undoing');
    finishUndo(actor);
    expect(actor.getSnapshot().value).toBe('browsing');
    expect(actor.getSnapshot().context.events.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(actor.getSnapshot().context.events[0]).toBe(three);
    expect(actor.getSnapshot().context.deletedIds).toEqual([]);
    expect(calls.slice(4)).toEqual(['notifyRestored:3']);
    expect(actor.getSnapshot().can({ type: 'delete.undo' })).toBe(false);
  });

  it('undo after a new event was created restores the deleted event under its own id; the new event keeps a different id', () => {
    const actor = start();
    actor.send({ type: 'event.delete', id: 3 });
    actor.send({ type: 'form.new' });
    actor.send({ type: 'form.save', values: { ...validValues, EventName: 'Newcomer' } });
    const newcomer = actor.getSnapshot().context.events.find((e) => e.EventName === 'Newcomer')!;
    expect(newcomer.id).toBe(4);
    expect(actor.getSnapshot().can({ type: 'delete.undo' })).toBe(true);
    actor.send({ type: 'delete.undo' });
    finishUndo(actor);
    const list = actor.getSnapshot().context.events;
    expect(list.map((e) => [e.id, e.EventName])).toEqual([
      [4, 'Newcomer'],
      [3, 'Three'],
      [2, 'Two'],
      [1, 'One'],
    ]);
    expect(list[1]).toBe(three);
  });

  it('undo is refused once the deleted event is back in the list (another tab restored it): no duplicate, no write', () => {
    const actor = start();
    actor.send({ type: 'event.delete', id: 2 });
    actor.send({ type: 'storage.change', events: [one, two, three], deletedIds: [] });
    expect(actor.getSnapshot().can({ type: 'delete.undo' })).toBe(false);
    actor.send({ type: 'delete.undo' });
    expect(actor.getSnapshot().value).toBe('browsing');
    expect(actor.getSnapshot().children.restoreDeleted).toBeUndefined();
    expect(actor.getSnapshot().context.events.map((e) => e.id)).toEqual([3, 2, 1]);
  });

  it('a Tool Kit patch is written at once, with only that event changed', () => {
    const actor = start();
    actor.send({ type: 'toolkit.open', id: 2 });
    actor.send({ type: 'event.patch', id: 2, patch: { notes: [{ id: 'n', notes: 'Vegan' }] } });
    expect(persisted).toHaveLength(1);
    expect(persisted[0]!.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(persisted[0]![1]).toEqual({ ...two, notes: [{ id: 'n', notes: 'Vegan' }] });
    expect(persisted[0]![0]).toBe(three);
    expect(persisted[0]![2]).toBe(one);
  });

  it('a failed undo says why and leaves the event deleted', () => {
    const actor = start();
    actor.send({ type: 'event.delete', id: 2 });
    actor.send({ type: 'delete.undo' });
    actor.send({ type: 'xstate.error.actor.restoreDeleted', error: new Error('Browser storage is full.') } as never);
    const s = actor.getSnapshot();
    expect(s.value).toBe('browsing');
    expect(s.context.events.map((e) => e.id)).toEqual([3, 1]);
    expect(s.context.deletedIds).toEqual([2]);
    expect(calls.at(-1)).toBe('notifyUndoFailed:Browser storage is full.');
    expect(s.can({ type: 'delete.undo' })).toBe(false);
  });

  const staleEdit = (storage: { events: CateringEvent[]; deletedIds: number[] }) => {
    const actor = start();
    actor.send({ type: 'form.edit', id: 2 });
    actor.send({ type: 'storage.change', ...storage });
    // The form stays open while the other tab saves.
    expect(actor.getSnapshot().value).toBe('formOpen');
    actor.send({ type: 'form.save', values: { ...eventToForm(two), CustomerFirstName: 'Mina', EventName: 'Two (mine)' } });
    expect(actor.getSnapshot().value).toBe('conflict');
    return actor;
  };

  it('conflict: keep theirs saves nothing and keeps their version', () => {
    const actor = staleEdit({ events: [one, twoThere, three], deletedIds: [] });
    expect(actor.getSnapshot().context.theirs).toBe(twoThere);
    expect(persisted).toEqual([]);
    actor.send({ type: 'conflict.keepTheirs' });
    expect(actor.getSnapshot().value).toBe('browsing');
    expect(middle(actor.getSnapshot())).toBe(twoThere);
    expect(persisted).toEqual([]);
  });

  it('conflict: keep mine saves the form over their version, touching no other event', () => {
    const actor = staleEdit({ events: [one, { ...twoThere, menuItems: ['Their soup'] }, three], deletedIds: [] });
    actor.send({ type: 'conflict.keepMine' });
    const saved = middle(actor.getSnapshot())!;
    expect(saved).toMatchObject({ EventName: 'Two (mine)', CustomerFirstName: 'Mina', StartTime: '12:00', menuItems: ['Their soup'] });
    expect(persisted).toHaveLength(1);
    expectOthersUntouched(persisted[0]!);
  });

  it('conflict: merge takes the chosen fields from mine and the rest from theirs', () => {
    const actor = staleEdit({ events: [one, twoThere, three], deletedIds: [] });
    actor.send({ type: 'conflict.merge', choices: { EventName: 'theirs', CustomerFirstName: 'mine', StartTime: 'theirs', EndTime: 'theirs' } });
    expect(actor.getSnapshot().value).toBe('browsing');
    expect(middle(actor.getSnapshot())).toMatchObject({ EventName: 'Two (there)', CustomerFirstName: 'Mina', StartTime: '09:00', EndTime: '10:00' });
    expect(persisted).toHaveLength(1);
  });

  it('conflict with an event deleted elsewhere: keep it deleted, or save mine again under its id', () => {
    let actor = staleEdit({ events: [one, three], deletedIds: [2] });
    expect(actor.getSnapshot().context.theirs).toBeNull();
    expect(actor.getSnapshot().can({ type: 'conflict.merge', choices: {} })).toBe(false);
    actor.send({ type: 'conflict.keepTheirs' });
    expect(middle(actor.getSnapshot())).toBeUndefined();
    expect(persisted).toEqual([]);
    actor = staleEdit({ events: [one, three], deletedIds: [2] });
    actor.send({ type: 'conflict.keepMine' });
    expect(persisted[0]!.map((e) => [e.id, e.EventName])).toEqual([
      [3, 'Three'],
      [2, 'Two (mine)'],
      [1, 'One'],
    ]);
  });

  it('a conflict reported by storage at save time opens the same choice', () => {
    const actor = start();
    actor.send({ type: 'toolkit.open', id: 2 });
    actor.send({ type: 'storage.change', events: [one, twoThere, three], deletedIds: [] });
    actor.send({ type: 'save.conflict', mine: twoMine, theirs: twoThere });
    expect(actor.getSnapshot().value).toBe('conflict');
    expect(actor.getSnapshot().context.draft?.EventName).toBe('Two (mine)');
    actor.send({ type: 'conflict.keepMine' });
    expect(middle(actor.getSnapshot())).toMatchObject({ EventName: 'Two (mine)', StartTime: '18:00' });
  });

  it('the Tool Kit closes with a message when another tab deletes its event', () => {
    const actor = start();
    actor.send({ type: 'toolkit.open', id: 2 });
    actor.send({ type: 'storage.change', events: [one, three], deletedIds: [2] });
    expect(actor.getSnapshot().value).toBe('browsing');
    expect(calls).toEqual(['notifyToolkitGone']);
  });
});

// ---------------------------------------------------------------- filters
describeModel('eventFilters', {
  machine: eventFiltersMachine,
  events: {
    'quick.toggle': [{ type: 'quick.toggle' }],
    'more.toggle': [{ type: 'more.toggle' }],
    'quick.select': [
      { type: 'quick.select', filter: 'past' },
      { type: 'quick.select', filter: 'all' },
    ],
    'range.submit': [{ type: 'range.submit', start: '2026-01-01', end: '2026-01-31' }],
    'name.search': [{ type: 'name.search', first: 'ann', last: '' }],
  },
  states: {
    'quickPanel.hidden': (s) => expect(s.hasTag('quick filters')).toBe(false),
    'quickPanel.shown': (s) => expect(s.hasTag('quick filters')).toBe(true),
    'morePanel.hidden': (s) => expect(s.hasTag('more options')).toBe(false),
    'morePanel.shown': (s) => expect(s.hasTag('more options')).toBe(true),
    'active.quick': (s) => expect(s.context.filter.kind).toBe('quick'),
    'active.range': (s) => expect(s.context.filter).toEqual({ kind: 'range', start: '2026-01-01', end: '2026-01-31' }),
    'active.name': (s) => expect(s.context.filter).toEqual({ kind: 'name', first: 'ann', last: '' }),
  },
});

describe('eventFilters (pinned)', () => {
  it('each quick filter button sets that filter, from any other filter', () => {
    for (const filter of quickFilters) {
      const actor = createActor(eventFiltersMachine).start();
      actor.send({ type: 'name.search', first: 'ann', last: '' });
      actor.send({ type: 'quick.select', filter });
      expect(actor.getSnapshot().context.filter).toEqual({ kind: 'quick', filter });
      expect(actor.getSnapshot().matches({ active: 'quick' })).toBe(true);
    }
  });
  it('each toggle opens and closes its own panel only', () => {
    const actor = createActor(eventFiltersMachine).start();
    const open = () => [actor.getSnapshot().hasTag('quick filters'), actor.getSnapshot().hasTag('more options')];
    expect(open()).toEqual([false, false]);
    actor.send({ type: 'quick.toggle' });
    expect(open()).toEqual([true, false]);
    actor.send({ type: 'more.toggle' });
    expect(open()).toEqual([true, true]);
    actor.send({ type: 'quick.toggle' });
    expect(open()).toEqual([false, true]);
    actor.send({ type: 'more.toggle' });
    expect(open()).toEqual([false, false]);
  });
});
