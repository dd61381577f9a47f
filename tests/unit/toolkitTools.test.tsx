// @vitest-environment jsdom
/**
 * Issue 23, sixth pass: a change of the open event (a note, a menu line) renders the Tool Kit's tools again. The
 * Payments and Status tools' hooks give the same object while nothing they show changed (so their memoised panels do
 * not render again), and a new one when it did; the Tool Kit follows its own event by id (`useEventById`), so that
 * the dialog around it is not rendered again with the page.
 */
import type { ReactNode } from 'react';
import { act, cleanup, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { useEventStatus } from '../../src/app/events/useEventStatus';
import { useEventById, type EventsRef } from '../../src/app/events/useEventsActor';
import { usePayments } from '../../src/app/events/usePayments';
import { useToolkitActors } from '../../src/app/toolkit/useToolkitActors';
import { patchEvent } from '../../src/domain/events';
import type { CateringEvent } from '../../src/storage';
import { AppActorsProvider } from '../../src/app/shell/AppActors';
import { PaymentsPanel } from '../../src/views/toolkit/PaymentsPanel';
import { PricingPanel } from '../../src/views/toolkit/PricingPanel';
import { MenuPanel, NotesPanel } from '../../src/views/toolkit/MenuNotesPanels';
import { IngredientsPanel } from '../../src/views/toolkit/IngredientsPanel';
import type { ToolkitActors } from '../../src/app/toolkit/useToolkitActors';

const event = {
  id: 7,
  EventName: 'Gala',
  EventDate: '2026-12-05',
  StartTime: '17:00',
  EndTime: '23:00',
  NumberOfGuests: 40,
  pricing: [{ id: 'L-1', name: 'Dinner', price: 1000, currency: 'CAD' }],
} as unknown as CateringEvent;
const other = { ...event, id: 8, EventName: 'Brunch' } as CateringEvent;

/** A stand-in for the events actor: its list, patched by id as the real one does. */
function eventsActor(events: CateringEvent[]) {
  const machine = setup({
    types: {
      context: {} as { events: CateringEvent[] },
      events: {} as
        { type: 'event.patch'; id: number; patch: Partial<CateringEvent> } | { type: 'event.remove'; id: number },
    },
  }).createMachine({
    context: { events },
    on: {
      'event.patch': {
        actions: assign({ events: ({ context, event: e }) => patchEvent(context.events, e.id, e.patch) }),
      },
      'event.remove': {
        actions: assign({ events: ({ context, event: e }) => context.events.filter((x) => x.id !== e.id) }),
      },
    },
  });
  return createActor(machine).start() as unknown as EventsRef & { send: (e: unknown) => void };
}

/**
 * Tool Kit tools of event 7 (the events actor holding it and another), drawn by `draw` as the Tool Kit draws them
 * (called as a component body, so it may use hooks); `actors()` gives the Tool Kit's actors as last rendered.
 */
function renderTools(draw: (current: CateringEvent, eventsRef: EventsRef, actors: ToolkitActors) => ReactNode) {
  const eventsRef = eventsActor([event, other]);
  let last: ToolkitActors | undefined;
  function Tools() {
    const current = useEventById(eventsRef, 7)!;
    const actors = (last = useToolkitActors(current, eventsRef));
    return draw(current, eventsRef, actors);
  }
  window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
  const { container } = render(
    <AppActorsProvider>
      <Tools />
    </AppActorsProvider>,
  );
  return { container, actors: () => last! };
}

/** How many DOM writes `step` makes inside `part` (a tool of the rendered `container`). */
function writesWithin(container: Element, part: Element, step: () => void): number {
  const seen = new MutationObserver(() => {});
  seen.observe(container, { subtree: true, attributes: true, childList: true, characterData: true });
  act(step);
  const changed = seen.takeRecords().map((r) => r.target);
  seen.disconnect();
  return changed.filter((node) => part.contains(node)).length;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the Tool Kit on a change of its event (issue 23, sixth pass)', () => {
  it('gives the Payments and Status tools the same objects for a note, new ones for a payment', () => {
    const eventsRef = eventsActor([event, other]);
    const { result } = renderHook(() => {
      const current = useEventById(eventsRef, 7)!;
      const actors = useToolkitActors(current, eventsRef);
      const payments = usePayments(current, eventsRef, actors);
      const status = useEventStatus(current, eventsRef, payments.figures?.depositPaid ?? false);
      return { current, payments, status };
    });
    const first = result.current;
    expect(first.payments.text?.total).toBe('$1,000.00 CAD');
    act(() => eventsRef.send({ type: 'event.patch', id: 7, patch: { notes: [{ id: 'N-1', text: 'Bring ice' }] } }));
    expect(result.current.current).not.toBe(first.current);
    expect(result.current.current.notes).toEqual([{ id: 'N-1', text: 'Bring ice' }]);
    expect(result.current.payments).toBe(first.payments);
    expect(result.current.status).toBe(first.status);
    act(() => {
      result.current.payments.change('amount', '600');
      result.current.payments.record();
    });
    expect(result.current.payments).not.toBe(first.payments);
    expect(result.current.payments.text?.paid).toMatch(/^\$600.00/);
    // The deposit (50%) is paid: the Status tool's actor changed, and with it its object.
    expect(result.current.status).not.toBe(first.status);
    expect(eventsRef.getSnapshot().context.events.find((e) => e.id === 7)?.payments).toHaveLength(1);
  });

  it('follows one event by id, and keeps the last one seen while it goes', () => {
    const eventsRef = eventsActor([event, other]);
    const { result } = renderHook(() => useEventById(eventsRef, 8));
    expect(result.current?.EventName).toBe('Brunch');
    act(() => eventsRef.send({ type: 'event.patch', id: 7, patch: { EventName: 'Gala dinner' } }));
    expect(result.current).toBe(other);
    act(() => eventsRef.send({ type: 'event.patch', id: 8, patch: { EventName: 'Late brunch' } }));
    expect(result.current?.EventName).toBe('Late brunch');
    const last = result.current;
    act(() => eventsRef.send({ type: 'event.remove', id: 8 }));
    expect(result.current).toBe(last);
  });

  it('a new specialty line changes the totals beside the Pricing and Payments forms, and leaves the forms as they are', () => {
    const { container, actors } = renderTools((current, eventsRef, actors) => (
      <>
        <PricingPanel actors={actors} />
        <PaymentsPanel payments={usePayments(current, eventsRef, actors)} />
      </>
    ));
    const specialty = actors().specialty;
    act(() => {
      for (const [field, value] of Object.entries({
        name: 'Saffron',
        unitQuantity: '1',
        quantityNeeded: '2',
        costPerUnit: '3.25',
        supplierName: 'Spice Co',
      }))
        specialty.send({ type: 'draft.change', field: field as 'name', value });
    });
    const row = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;
    expect(row('Total Specialty Ingredients').textContent).not.toMatch(/6\.50/);
    expect(screen.getByRole('status', { name: 'Event total' }).textContent).toBe('$1,000.00 CAD');
    const priceForm = (document.getElementById('price-name') as HTMLInputElement).form!;
    const paymentForm = screen.getByRole('form', { name: 'Record payment' });
    const untouched = [
      priceForm,
      paymentForm,
      document.getElementById('discount-pct')!,
      document.getElementById('tax-pct')!,
      screen.getByLabelText('Deposit due date'),
    ];
    const seen = new MutationObserver(() => {});
    seen.observe(container, { subtree: true, attributes: true, childList: true, characterData: true });
    act(() => specialty.send({ type: 'ingredient.save' }));
    const changed = seen.takeRecords().map((r) => r.target);
    seen.disconnect();
    // The totals follow the new line ...
    expect(row('Total Specialty Ingredients').textContent).toMatch(/\$6\.50/);
    expect(screen.getByRole('status', { name: 'Event total' }).textContent).toMatch(/^\$1,006\.50/);
    expect(changed.length).toBeGreaterThan(0);
    // ... and nothing in the forms beside them was written again (React sets every prop of an input it renders:
    // its name, type and value attributes, for each keystroke's worth of totals).
    for (const part of untouched) expect(changed.filter((node) => part.contains(node))).toEqual([]);
  });

  it('a specialty line deleted, or storage giving the lines back, leaves the specialty form as it is', () => {
    const { container, actors } = renderTools((_current, _eventsRef, actors) => (
      <IngredientsPanel actors={actors} avoid={[]} />
    ));
    const specialty = actors().specialty;
    const form = (document.getElementById('sp-name') as HTMLInputElement).form!;
    const writesIn = (part: Element, step: () => void) => writesWithin(container, part, step);
    const add = (name: string) => {
      for (const [field, value] of Object.entries({ name, unitQuantity: '1', quantityNeeded: '2', costPerUnit: '3' }))
        specialty.send({ type: 'draft.change', field: field as 'name', value });
      specialty.send({ type: 'ingredient.save' });
    };
    act(() => add('Saffron'));
    act(() => add('Vanilla'));
    const list = screen.getByRole('list', { name: 'Specialty ingredients' });
    expect(list.textContent).toContain('Saffron');
    const lines = specialty.getSnapshot().context.lines;
    // Storage's answer with the same lines (another tab's save, or this one's coming back): the form is not drawn.
    expect(writesIn(form, () => specialty.send({ type: 'storage.change', lines: lines.map((l) => ({ ...l })) }))).toBe(
      0,
    );
    // A line deleted: gone from the list and the total, nothing written in the form.
    expect(writesIn(form, () => screen.getByRole('button', { name: 'Delete Saffron' }).click())).toBe(0);
    expect(list.textContent).not.toContain('Saffron');
    const tool = screen.getByRole('region', { name: 'Add Specialty Ingredients.' });
    expect(within(tool).getByText(/^Total Cost:/).textContent).toBe('Total Cost: $6.00 CAD');
    // The form still follows its own typing and mode.
    expect(writesIn(form, () => screen.getByRole('button', { name: 'Edit Vanilla' }).click())).toBeGreaterThan(0);
    expect((document.getElementById('sp-name') as HTMLInputElement).value).toBe('Vanilla');
    expect(screen.getByRole('button', { name: 'Save Ingredient' })).toBeTruthy();
  });

  it('typing and adding in the Menu tool leaves the Notes tool as it is, and the other way round (one actor, two tools)', () => {
    const { container, actors } = renderTools((_current, _eventsRef, actors) => (
      <>
        <MenuPanel actorRef={actors.menuNotes} avoid={[]} />
        <NotesPanel actorRef={actors.menuNotes} />
      </>
    ));
    const menuNotes = actors().menuNotes;
    const menuTool = screen.getByRole('region', { name: 'Menu' });
    const notesTool = screen.getByRole('region', { name: 'Notes' });
    const writesIn = (part: Element, step: () => void) => writesWithin(container, part, step);
    // A menu item typed and added: shown in its tool, nothing written in the Notes tool (its field included).
    expect(writesIn(notesTool, () => menuNotes.send({ type: 'menu.change', text: 'Canapés' }))).toBe(0);
    expect(writesIn(notesTool, () => menuNotes.send({ type: 'menu.add' }))).toBe(0);
    expect(screen.getByRole('cell', { name: /Canapés/ })).toBeTruthy();
    // A note typed and added: shown in its tool, nothing written in the Menu tool.
    expect(writesIn(menuTool, () => menuNotes.send({ type: 'note.change', text: 'Gate code 4411' }))).toBe(0);
    expect(writesIn(menuTool, () => menuNotes.send({ type: 'note.add' }))).toBe(0);
    expect(screen.getByRole('list', { name: 'Notes' }).textContent).toContain('Gate code 4411');
    // Each tool still follows its own typing.
    expect(writesIn(menuTool, () => menuNotes.send({ type: 'menu.change', text: 'Soup' }))).toBeGreaterThan(0);
    expect((screen.getByLabelText('Menu Item') as HTMLInputElement).value).toBe('Soup');
  });
});
