// @vitest-environment jsdom
/**
 * Issue 23: changing the Need to Order window draws the cards again, but not their Order placed checkboxes
 * (an Ark machine each, up to 50): a checkbox is drawn again only when its own mark changes.
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

describe('Need to Order checkboxes (issue 23)', () => {
  it('are not drawn again when the window changes; one is when its mark changes', () => {
    window.matchMedia ??= (() => ({ matches: false, addEventListener: noop, removeEventListener: noop })) as never;
    const dashboard = createActor(
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
