import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { blankEventForm, formToEvent, type EventFormValues } from '../../src/domain/events';
import { eventFiltersMachine } from '../../src/machines/events/eventFilters.machine';
import { eventFormMachine } from '../../src/machines/events/eventForm.machine';
import { eventsMachine } from '../../src/machines/events/events.machine';
import type { CateringEvent } from '../../src/storage/schemas';
import { describeModel } from '../support/model';

const validValues: EventFormValues = { ...blankEventForm(), EventName: 'Gala', EventDate: '2026-05-01', NumberOfGuests: '12' };
const ev = (id: number, name = `E${id}`): CateringEvent => formToEvent({ ...validValues, id, EventName: name });

// ---------------------------------------------------------------- event form
const saveRequests: EventFormValues[] = [];
const form = eventFormMachine.provide({ actions: { requestSave: ({ context }) => void saveRequests.push(context.values) } });

describeModel('eventForm', {
  machine: form,
  input: { values: blankEventForm() },
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
/** Stands in for the form child: finishes as soon as the list confirms the save. */
const fakeForm = setup({ types: { events: {} as { type: 'save.done'; id: number } } }).createMachine({
  initial: 'open',
  states: { open: { on: { 'save.done': 'done' } }, done: { type: 'final' } },
});
const events = eventsMachine.provide({
  actors: { eventForm: fakeForm as never },
  actions: {
    persistEvents: ({ context }) => void calls.push(`persist:${context.events.map((e) => e.id).join(',')}`),
    removeEventKeys: ({ context }) => void calls.push(`removeKeys:${context.lastDeleted?.id}`),
    restoreEventKeys: ({ context }) => void calls.push(`restoreKeys:${context.lastDeleted?.id}`),
    notifySaved: () => void calls.push('notifySaved'),
    notifyDeleted: () => void calls.push('notifyDeleted'),
  },
});
const firstId = (s: { context: { events: CateringEvent[] } }) => s.context.events[0]?.id;

describeModel('events', {
  machine: events,
  input: { events: [ev(1), ev(2)] },
  reset: () => void (calls.length = 0),
  serializeState: (s) =>
    JSON.stringify([s.value, Math.min(s.context.events.length, 3), s.context.lastDeleted ? 'undo' : '-', s.context.toolkitId === null ? '-' : 'kit']),
  events: {
    'form.new': [{ type: 'form.new' }],
    'form.edit': (s) => (firstId(s) ? [{ type: 'form.edit' as const, id: firstId(s)! }] : []),
    'form.save': [{ type: 'form.save', values: validValues }],
    'event.delete': (s) => (firstId(s) ? [{ type: 'event.delete' as const, id: firstId(s)! }] : []),
    'delete.undo': [{ type: 'delete.undo' }],
    'event.patch': (s) => (firstId(s) ? [{ type: 'event.patch' as const, id: firstId(s)!, patch: { menuItems: ['Soup'] } }] : []),
    'toolkit.open': (s) => (firstId(s) ? [{ type: 'toolkit.open' as const, id: firstId(s)! }] : []),
    'toolkit.close': [{ type: 'toolkit.close' }],
    'storage.change': [{ type: 'storage.change', events: [ev(1), ev(3)] }],
  },
  states: {
    browsing: (s) => {
      expect(s.hasTag('list')).toBe(true);
      expect(s.hasTag('form')).toBe(false);
      expect(s.context.toolkitId).toBeNull();
      const ids = s.context.events.map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(new Set(ids).size).toBe(ids.length);
    },
    formOpen: (s) => {
      expect(s.hasTag('form')).toBe(true);
      expect(s.children.eventForm).toBeDefined();
    },
    toolkitOpen: (s) => {
      expect(s.hasTag('toolkit')).toBe(true);
      expect(s.context.events.some((e) => e.id === s.context.toolkitId)).toBe(true);
    },
  },
  sequences: [
    [{ type: 'event.delete', id: 2 }, { type: 'form.new' }, { type: 'form.save', values: validValues }, { type: 'delete.undo' }],
    [{ type: 'event.patch', id: 99, patch: {} }],
  ],
});

describe('events (pinned rules)', () => {
  const start = () => createActor(events, { input: { events: [ev(1), ev(3), ev(2)] } }).start();
  it('a new event gets max id + 1, is first, and is persisted; the form closes', () => {
    calls.length = 0;
    const actor = start();
    actor.send({ type: 'form.new' });
    actor.send({ type: 'form.save', values: { ...validValues, EventName: 'New' } });
    const s = actor.getSnapshot();
    expect(s.value).toBe('browsing');
    expect(s.context.events.map((e) => e.id)).toEqual([4, 3, 2, 1]);
    expect(s.context.events[0]?.EventName).toBe('New');
    expect(calls).toEqual(['persist:4,3,2,1', 'notifySaved']);
  });
  it('editing keeps the id and the tool-kit data', () => {
    const actor = start();
    actor.send({ type: 'event.patch', id: 2, patch: { menuItems: ['Soup'] } });
    actor.send({ type: 'form.edit', id: 2 });
    expect(actor.getSnapshot().context.formValues.id).toBe(2);
    actor.send({ type: 'form.save', values: { ...actor.getSnapshot().context.formValues, EventName: 'Renamed' } });
    const saved = actor.getSnapshot().context.events.find((e) => e.id === 2);
    expect(saved?.EventName).toBe('Renamed');
    expect(saved?.menuItems).toEqual(['Soup']);
    expect(actor.getSnapshot().context.events).toHaveLength(3);
  });
  it('delete removes at once with its keys; undo restores both', () => {
    calls.length = 0;
    const actor = start();
    actor.send({ type: 'event.delete', id: 3 });
    expect(actor.getSnapshot().context.events.map((e) => e.id)).toEqual([2, 1]);
    expect(calls).toEqual(['removeKeys:3', 'persist:2,1', 'notifyDeleted']);
    actor.send({ type: 'delete.undo' });
    expect(actor.getSnapshot().context.events.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(calls.slice(3)).toEqual(['restoreKeys:3', 'persist:3,2,1']);
    expect(actor.getSnapshot().can({ type: 'delete.undo' })).toBe(false);
  });
  it('a new event that takes the deleted id ends the undo', () => {
    const actor = start();
    actor.send({ type: 'event.delete', id: 3 });
    actor.send({ type: 'form.new' });
    actor.send({ type: 'form.save', values: validValues });
    expect(actor.getSnapshot().context.lastDeleted).toBeNull();
    expect(actor.getSnapshot().can({ type: 'delete.undo' })).toBe(false);
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
