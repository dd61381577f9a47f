// @vitest-environment jsdom
/**
 * The calendar's "staff booked twice" marks read every event's staff list (2,000 keys with issue 21's
 * bench): once per events list, not again on Previous, Next or a focused day.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCalendar } from '../../src/app/calendar/useCalendar';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useCalendar', () => {
  it('reads the staff lists for the marks when it opens, and not again on Next, Previous or a focused day', () => {
    window.matchMedia ??= (() => ({ matches: false })) as never;
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const staffReads = () => getItem.mock.calls.filter(([key]) => String(key).startsWith('staffList-')).length;
    const { result } = renderHook(() => useCalendar());
    expect(staffReads()).toBeGreaterThan(0);
    getItem.mockClear();
    const first = result.current.focused;
    act(() => result.current.next());
    expect(result.current.focused).not.toBe(first);
    act(() => result.current.previous());
    act(() => result.current.focus(result.current.weeks[1]![3]!));
    expect(staffReads()).toBe(0);
  });
});
