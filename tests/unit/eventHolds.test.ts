// @vitest-environment jsdom
/**
 * Holds on events across tabs (issue 24 part 7, src/app/sync/holds.ts and src/storage/eventHolds.ts): an
 * event some tab shows (Tool Kit, sheet, Edit Event dialog, quote or invoice page) is held for every tab's
 * sync, and only while it is shown (a closed or crashed tab's hold expires).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { HOLD_MS, holdEventHere, isEventHeld } from '../../src/app/sync/holds';
import { heldEventIds, writeTabHolds } from '../../src/storage/eventHolds';
import { eventsMachine } from '../../src/machines/events/events.machine';
import { connectEventsPage } from '../../src/machines/events/events.connect';
import { blankEventForm, formToEvent } from '../../src/domain/events';

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('holds on events', () => {
  it('a hold in this tab is published for the other tabs and goes when the last view lets go', () => {
    const first = holdEventHere(7);
    const second = holdEventHere(7);
    expect(isEventHeld(7)).toBe(true);
    expect(heldEventIds().has(7)).toBe(true); // what another tab reads
    first();
    expect(heldEventIds().has(7)).toBe(true);
    second();
    expect(isEventHeld(7)).toBe(false);
    expect(heldEventIds().size).toBe(0);
    expect(localStorage.getItem('eventHolds')).toBeNull();
  });

  it('another tab’s hold holds here until its time passes; one refreshed stays', () => {
    vi.useFakeTimers();
    const now = Date.now();
    writeTabHolds('other-tab', [12, 13], now + HOLD_MS, now);
    expect(isEventHeld(12)).toBe(true);
    expect(isEventHeld(14)).toBe(false);
    // This tab's hold is refreshed while it holds; the other tab's is not (it crashed).
    const release = holdEventHere(20);
    vi.advanceTimersByTime(HOLD_MS + 1000);
    expect(isEventHeld(12)).toBe(false);
    expect(heldEventIds().has(20)).toBe(true);
    release();
    expect(heldEventIds().size).toBe(0);
  });

  it('an unreadable entry holds nothing and is rewritten at the next hold', () => {
    localStorage.setItem('eventHolds', '{not json');
    expect(heldEventIds().size).toBe(0);
    const release = holdEventHere(3);
    expect(heldEventIds()).toEqual(new Set([3]));
    release();
  });
});

describe('the Edit Event dialog names the event it holds', () => {
  it('the edited event’s id while the form is open for it; none for a new event', () => {
    const event = formToEvent({
      ...blankEventForm(),
      id: 9,
      EventName: 'Gala',
      NumberOfGuests: '10',
      EventDate: '2023-01-01',
    });
    const actor = createActor(eventsMachine.provide({ actors: { watchStorage: fromCallback(() => () => {}) } }), {
      input: { events: [event], today: '2026-11-26' },
    }).start();
    const editingId = () => connectEventsPage(actor.getSnapshot(), () => {}).editingId;
    expect(editingId()).toBeNull();
    actor.send({ type: 'form.edit', id: 9 });
    expect(editingId()).toBe(9);
    actor.stop();
    const adding = createActor(eventsMachine.provide({ actors: { watchStorage: fromCallback(() => () => {}) } }), {
      input: { events: [event], today: '2026-11-26' },
    }).start();
    adding.send({ type: 'form.new' });
    expect(adding.getSnapshot().hasTag('form')).toBe(true);
    expect(connectEventsPage(adding.getSnapshot(), () => {}).editingId).toBeNull();
  });
});
