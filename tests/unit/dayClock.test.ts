// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { msToNextMidnight, startDayClock } from '../../src/app/calendar/dayClock';
import { calendarMachine } from '../../src/machines/calendar/calendar.machine';

afterEach(() => vi.useRealTimers());

describe('the calendar’s day clock (a fake clock)', () => {
  it('counts to the next local midnight', () => {
    expect(msToNextMidnight(new Date(2026, 10, 26, 23, 59, 30))).toBe(30_000);
    expect(msToNextMidnight(new Date(2026, 10, 26, 0, 0, 0))).toBe(86_400_000);
  });
  it('a page left open past midnight moves today on, day after day, and stops when told', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 26, 23, 59, 0));
    const days: string[] = [];
    const stop = startDayClock((d) => days.push(d));
    vi.advanceTimersByTime(59_000);
    expect(days).toEqual([]);
    vi.advanceTimersByTime(2_000);
    expect(days).toEqual(['2026-11-27']);
    vi.advanceTimersByTime(86_400_000);
    expect(days).toEqual(['2026-11-27', '2026-11-28']);
    stop();
    vi.advanceTimersByTime(3 * 86_400_000);
    expect(days).toHaveLength(2);
  });
  it('a tab that slept past midnight (its timer late) catches up when it is shown again', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 26, 22, 0, 0));
    const days: string[] = [];
    const stop = startDayClock((d) => days.push(d));
    // The clock jumps without the timers firing (the laptop slept).
    vi.setSystemTime(new Date(2026, 10, 27, 7, 0, 0));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(days).toEqual(['2026-11-27']);
    stop();
  });
  it('drives the calendar machine: today and a focus still on it follow midnight', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 26, 23, 59, 0));
    const machine = calendarMachine.provide({
      actors: {
        dayClock: fromCallback(({ sendBack }) => startDayClock((today) => sendBack({ type: 'day.change', today }))),
      },
    });
    const actor = createActor(machine, { input: { today: '2026-11-26', view: 'month' } }).start();
    vi.advanceTimersByTime(61_000);
    expect(actor.getSnapshot().context).toMatchObject({ today: '2026-11-27', focused: '2026-11-27' });
    actor.stop();
  });
});
