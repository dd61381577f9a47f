// @vitest-environment jsdom
/**
 * Issue 23: the event form draws a field again only when its own value or message changes. React sets every prop of
 * an input it renders again (its name, type and value written to the page), and each keystroke drew all twenty.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { AppActorsProvider } from '../../src/app/shell/AppActors';
import { blankEventForm } from '../../src/domain/events';
import { eventFormMachine } from '../../src/machines/events/eventForm.machine';
import { EventFormDialog } from '../../src/views/events/EventFormDialog';

afterEach(cleanup);

describe('the event form (issue 23)', () => {
  it('a keystroke writes to its own field only; a message is shown beside its field', async () => {
    window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
    const formRef = createActor(
      eventFormMachine.provide({
        actions: { persistDraft: () => {}, discardDraft: () => {} },
        actors: { loadIngredientLines: fromPromise(async () => []) },
      }),
      { input: { values: { ...blankEventForm(), id: 4, EventName: 'Gala' }, today: '2026-11-29' } },
    ).start();
    render(
      <AppActorsProvider>
        <EventFormDialog formRef={formRef} />
      </AppActorsProvider>,
    );
    // The Dietary needs, drawn after the first paint.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const name = screen.getByLabelText(/^Event Name/) as HTMLInputElement;
    const city = screen.getByLabelText(/^Venue City/) as HTMLInputElement;
    const guests = screen.getByLabelText(/^Number of Guests/) as HTMLInputElement;
    const seen = new MutationObserver(() => {});
    seen.observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true });
    fireEvent.change(name, { target: { value: 'Gala dinner' } });
    const written = seen.takeRecords().map((r) => r.target);
    expect(formRef.getSnapshot().context.values.EventName).toBe('Gala dinner');
    expect(name.value).toBe('Gala dinner');
    expect(written.filter((node) => node === city || node === guests)).toEqual([]);
    // Save with no guests: the message is shown beside Number of Guests.
    fireEvent.submit(name.form!);
    expect(guests.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('event-NumberOfGuests-error')?.textContent).toMatch(/Number of Guests/);
    seen.disconnect();
  });
});
