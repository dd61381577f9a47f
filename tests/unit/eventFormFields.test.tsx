// @vitest-environment jsdom
/**
 * Issue 23: the event form draws a field again only when its own value or message changes, and the events page's
 * search forms only for their own message. React sets every prop of an input it renders again (its name, type and
 * value written to the page): each keystroke drew the form's twenty fields, each quick filter the four search fields.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { AppActorsProvider } from '../../src/app/shell/AppActors';
import { blankEventForm } from '../../src/domain/events';
import { eventFiltersMachine } from '../../src/machines/events/eventFilters.machine';
import { eventFormMachine } from '../../src/machines/events/eventForm.machine';
import type { ChosenIngredient } from '../../src/storage';
import { EventFilters } from '../../src/views/events/EventFilters';
import { EventFormDialog } from '../../src/views/events/EventFormDialog';

afterEach(cleanup);

describe('the event form (issue 23)', () => {
  it('a keystroke writes to its own field only; a message is shown beside its field', async () => {
    window.matchMedia ??= (() => ({ matches: false, addEventListener() {}, removeEventListener() {} })) as never;
    const formRef = createActor(
      eventFormMachine.provide({
        actions: { persistDraft: () => {}, discardDraft: () => {} },
        actors: { loadIngredientLines: fromPromise(async (): Promise<ChosenIngredient[]> => []) },
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

  it('a quick filter leaves the date range and name search fields as they are; a backwards range says why', () => {
    const filtersRef = createActor(eventFiltersMachine).start();
    filtersRef.send({ type: 'quick.toggle' });
    filtersRef.send({ type: 'more.toggle' });
    render(
      <AppActorsProvider>
        <EventFilters filtersRef={filtersRef} />
      </AppActorsProvider>,
    );
    const fields = ['Start Date', 'End Date', 'First Name', 'Last Name'].map((label) => screen.getByLabelText(label));
    const seen = new MutationObserver(() => {});
    seen.observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true });
    fireEvent.click(screen.getByRole('button', { name: 'This Month' }));
    const written = seen.takeRecords().map((r) => r.target);
    seen.disconnect();
    expect(screen.getByRole('button', { name: 'This Month' }).getAttribute('aria-pressed')).toBe('true');
    expect(written.filter((node) => fields.some((f) => f.contains(node)))).toEqual([]);
    fireEvent.change(fields[0]!, { target: { value: '2026-12-31' } });
    fireEvent.change(fields[1]!, { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter Events' }));
    expect(fields[0]!.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBeTruthy();
  });
});
