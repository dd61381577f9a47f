// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { watchDayClock } from '../../src/app/dayClock';
import { msUntilNextDay } from '../../src/domain/upcoming';
import { calendarMachine } from '../../src/machines/calendar/calendar.machine';

afterEach(() => vi.useRealTimers());

describe('the day clock (Dashboard and Calendar) (a fake clock)', () => {
  it('counts to the next local midnight', () => {
    expect(msUntilNextDay(new Date(2026, 10, 26, 23, 59, 30))).toBe(30_000);
    expect(msUntilNextDay(new Date(2026, 10, 26, 0, 0, 0))).toBe(86_400_000);
  });
  it('a page left open past midnight moves today on, day after day, and stops when told', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 26, 23, 59, 0));
    const days: string[] = [];
    // The clock reports the date at each tick (midnight, then at least hourly): the new days are what count.
    const stop = watchDayClock((d) => days.at(-1) !== d && d !== '2026-11-26' && days.push(d));
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
    const stop = watchDayClock((d) => days.at(-1) !== d && d !== '2026-11-26' && days.push(d));
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
        watchClock: fromCallback(({ sendBack }) => watchDayClock((today) => sendBack({ type: 'clock.tick', today }))),
      },
    });
    const actor = createActor(machine, { input: { today: '2026-11-26', view: 'month' } }).start();
    vi.advanceTimersByTime(61_000);
    expect(actor.getSnapshot().context).toMatchObject({ today: '2026-11-27', focused: '2026-11-27' });
    actor.stop();
  });
});
