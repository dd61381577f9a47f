// @vitest-environment jsdom
/**
 * Issue 23: changing the Need to Order window draws the cards again, but not their Order placed checkboxes
 * (an Ark machine each, up to 50): a checkbox is drawn again only when its own mark changes. A window not worked
 * out yet is worked out in a render after the one that shows the choice.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement, type ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { DashboardRef } from '../../src/app/dashboard/useDashboardActor';
import { dashboardMachine } from '../../src/machines/dashboard/dashboard.machine';
import { NeedToOrderPanel } from '../../src/views/dashboard/NeedToOrderPanel';

const drawn = vi.hoisted(() => ({ roots: 0 }));
vi.mock('@ark-ui/react/checkbox', async (importOriginal) => {
  const real = await importOriginal<typeof import('@ark-ui/react/checkbox')>();
  const Root = (props: ComponentProps<typeof real.Checkbox.Root>) => {
    drawn.roots += 1;
    return createElement(real.Checkbox.Root, props);
  };
  return { ...real, Checkbox: { ...real.Checkbox, Root } };
});

vi.mock('../../src/app/shell/AppActors', async (original) => ({
  ...(await original<typeof import('../../src/app/shell/AppActors')>()),
  useSound: () => ({ muted: true, toggle: () => {}, play: () => {} }),
  usePlaySound: () => () => {},
}));

const item = (id: string, name: string) => ({
  id,
  sku: `SKU-${id}`,
  name,
  category: 'Dairy',
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'box',
  quantity: 1,
  costPerUnit: 2,
  whenToOrder: 5,
  supplierName: 'Acme',
});

const noop = () => undefined;

afterEach(cleanup);

function startDashboard() {
  window.matchMedia ??= (() => ({ matches: false, addEventListener: noop, removeEventListener: noop })) as never;
  return createActor(
    dashboardMachine.provide({
      actions: {
        printOrderList: noop,
        persistOrderFlags: noop,
        persistMockData: noop,
        alertMockLoaded: noop,
        notifyMockFailed: noop,
      },
      actors: { watchClock: fromCallback(() => noop), watchStorage: fromCallback(() => noop) },
    }),
    {
      input: {
        today: '2026-11-26',
        inventoryItems: [item('a', 'Butter'), item('b', 'Cream')],
        suppliers: [],
        employees: [],
        events: [],
        selectedItems: [],
        ingredientLists: {},
      },
    },
  ).start() as unknown as DashboardRef;
}

describe('Need to Order checkboxes (issue 23)', () => {
  it('are not drawn again when the window changes; one is when its mark changes', () => {
    const dashboard = startDashboard();
    render(createElement(NeedToOrderPanel, { dashboard }));
    expect(screen.getAllByText('Order placed')).toHaveLength(2);
    const first = drawn.roots;
    expect(first).toBe(2);

    act(() => void fireEvent.click(screen.getByRole('radio', { name: '30 days' })));
    expect(screen.getByRole('radio', { name: '30 days' })).toHaveProperty('checked', true);
    act(() => void fireEvent.click(screen.getByRole('radio', { name: '7 days' })));
    expect(drawn.roots).toBe(first);

    // Marking one order placed (the checkbox's click is in tests/browser/need-to-order.spec.ts) draws that
    // checkbox again, and only that one.
    act(() => dashboard.send({ type: 'order.toggle', id: 'a' }));
    expect(dashboard.getSnapshot().context.selectedItems.map((f) => f.id)).toEqual(['a']);
    expect(drawn.roots).toBe(first + 1);
  });
});

describe('Need to Order: a window not worked out yet (issue 23)', () => {
  it('shows the choice at once, and its lines in the render after, busy until then', async () => {
    const dashboard = startDashboard();
    render(createElement(NeedToOrderPanel, { dashboard }));
    const panel = screen.getByRole('region', { name: 'Need to Order' });
    expect(screen.getByText('Counting 0 events in the next 14 days')).toBeTruthy();
    expect(panel.getAttribute('aria-busy')).toBeNull();
    // The click's own render (a plain click, not testing-library's: its act would run the render after it too).
    (screen.getByRole('radio', { name: '30 days' }) as HTMLInputElement).click();
    await Promise.resolve();
    expect(screen.getByRole('radio', { name: '30 days' })).toHaveProperty('checked', true);
    expect(screen.getByText('Counting 0 events in the next 14 days')).toBeTruthy();
    expect(panel.getAttribute('aria-busy')).toBe('true');
    // The render after it: the 30 days' lines, no longer busy.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByText('Counting 0 events in the next 30 days')).toBeTruthy();
    expect(panel.getAttribute('aria-busy')).toBeNull();
    // Back to 14 days, worked out already: shown in the click's own render.
    (screen.getByRole('radio', { name: '14 days' }) as HTMLInputElement).click();
    await Promise.resolve();
    expect(screen.getByText('Counting 0 events in the next 14 days')).toBeTruthy();
    expect(panel.getAttribute('aria-busy')).toBeNull();
  });
});
