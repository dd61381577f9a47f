// @vitest-environment jsdom
/**
 * Issue 23, fifth pass: a change of the open event (a payment recorded, a specialty line saved) renders the Tool Kit
 * again. Each tool's machine is provided once per open (`provide` builds the machine's tree again, and useActorRef
 * only uses the first), and the tools get the same actors object on every render, so the memoised tools
 * (src/views/toolkit/samePanelProps.ts) render again only for their own actors' changes.
 */
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { EventsRef } from '../../src/app/events/useEventsActor';
import { useToolkitActors } from '../../src/app/toolkit/useToolkitActors';
import { allergenPickerMachine } from '../../src/machines/allergens/allergenPicker.machine';
import { inventoryIngredientsMachine } from '../../src/machines/toolkit/inventoryIngredients.machine';
import { menuNotesMachine } from '../../src/machines/toolkit/menuNotes.machine';
import { pricingMachine } from '../../src/machines/toolkit/pricing.machine';
import { specialtyIngredientsMachine } from '../../src/machines/toolkit/specialtyIngredients.machine';
import { staffMachine } from '../../src/machines/toolkit/staff.machine';
import { useAllergenPicker } from '../../src/app/toolkit/useAllergenPicker';
import type { CateringEvent } from '../../src/storage';
import { samePanelProps } from '../../src/views/toolkit/samePanelProps';

const event = {
  id: 7,
  EventName: 'Gala',
  EventDate: '2026-12-05',
  StartTime: '17:00',
  EndTime: '23:00',
  NumberOfGuests: 40,
} as CateringEvent;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the Tool Kit rendered again for a change of its event (issue 23)', () => {
  it('provides each machine once and hands the tools the same actors', () => {
    const eventsRef = createActor(createMachine({ context: { events: [event] } })).start() as unknown as EventsRef;
    const machines = [
      inventoryIngredientsMachine,
      specialtyIngredientsMachine,
      menuNotesMachine,
      pricingMachine,
      staffMachine,
    ];
    const provides = machines.map((machine) => vi.spyOn(machine, 'provide'));
    const { result, rerender } = renderHook(({ e }) => useToolkitActors(e, eventsRef), { initialProps: { e: event } });
    const first = result.current;
    rerender({ e: { ...event, payments: [{ id: 'P-1', amount: 25, date: '2026-11-27', method: 'cash' }] } as never });
    rerender({ e: { ...event, ingredients: [] } });
    expect(result.current).toBe(first);
    expect(provides.map((p) => p.mock.calls.length)).toEqual([1, 1, 1, 1, 1]);
  });

  it("provides an allergen picker's machine once, and a tick still reaches the latest onChange", () => {
    const provide = vi.spyOn(allergenPickerMachine, 'provide');
    const seen: string[] = [];
    const { result, rerender } = renderHook(
      ({ tag }) => useAllergenPicker([], (s) => seen.push(`${tag}:${s.join()}`)),
      {
        initialProps: { tag: 'first' },
      },
    );
    rerender({ tag: 'second' });
    result.current.togglePicker();
    result.current.toggle('milk');
    expect(provide).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['second:milk']);
  });
});

describe('samePanelProps', () => {
  const actors = { a: 1 };
  it('is true for the same refs and the same allergens to avoid in a new array', () => {
    expect(samePanelProps({ actors, avoid: ['milk', 'egg'] }, { actors, avoid: ['milk', 'egg'] })).toBe(true);
    expect(samePanelProps({ actors }, { actors })).toBe(true);
  });
  it('is false for other actors or another list', () => {
    expect(samePanelProps({ actors, avoid: ['milk'] }, { actors, avoid: ['milk', 'egg'] })).toBe(false);
    expect(samePanelProps({ actors, avoid: ['milk'] }, { actors, avoid: ['egg'] })).toBe(false);
    expect(samePanelProps({ actors, avoid: [] }, { actors: { a: 1 }, avoid: [] })).toBe(false);
  });
});
