// @vitest-environment jsdom
/**
 * Sync moving this device's new events to free ids tells this tab's views (src/app/sync/eventMoves.ts): a page
 * of one event (its sheet, quote or invoice) follows it to its new id; listeners stop when their page goes, and
 * one that throws does not stop the others.
 */
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceEventMoves, onEventMoves, useEventMoved } from '../../src/app/sync/eventMoves';

afterEach(cleanup);

describe('event moves in this tab', () => {
  it('a page of a moved event hears its new id; a page of another event hears nothing', () => {
    const four = vi.fn();
    const six = vi.fn();
    const { unmount } = renderHook(() => useEventMoved(4, four));
    renderHook(() => useEventMoved(6, six));
    renderHook(() => useEventMoved(null, six));
    announceEventMoves([
      { from: 4, to: 9 },
      { from: 5, to: 10 },
    ]);
    expect(four).toHaveBeenCalledExactlyOnceWith(9);
    expect(six).not.toHaveBeenCalled();
    unmount();
    announceEventMoves([{ from: 4, to: 11 }]);
    expect(four).toHaveBeenCalledTimes(1);
  });

  it('tells every listener even when one throws, and nothing for no moves', () => {
    const heard: number[] = [];
    const stops = [
      onEventMoves(() => {
        throw new Error('a view failing');
      }),
      onEventMoves((moves) => heard.push(...moves.map((m) => m.to))),
    ];
    announceEventMoves([]);
    announceEventMoves([{ from: 1, to: 2 }]);
    expect(heard).toEqual([2]);
    for (const stop of stops) stop();
    announceEventMoves([{ from: 1, to: 3 }]);
    expect(heard).toEqual([2]);
  });
});
