// @vitest-environment jsdom
/**
 * useAfterPaint (src/views/shell/afterPaint.ts): the Dashboard draws Payments Due and Need to Order only once the
 * first screen has been painted (issue 23). False on the first render; true after the next frame; and in a tab
 * that draws no frames (hidden), true after a short timeout all the same, so the panels never stay empty.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAfterPaint, usePaintedSince } from '../../src/views/shell/afterPaint';

function Probe() {
  return createElement('p', null, useAfterPaint() ? 'after the paint' : 'first paint');
}

function KeyProbe({ list }: { list: readonly string[] }) {
  return createElement('p', null, `${list.join(',')}: ${usePaintedSince(list) ? 'painted' : 'new'}`);
}

describe('useAfterPaint', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] }),
  );
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is false on the first render and true after the next frame', async () => {
    render(createElement(Probe));
    expect(screen.getByText('first paint')).toBeTruthy();
    await act(async () => void vi.advanceTimersByTime(20));
    expect(screen.getByText('after the paint')).toBeTruthy();
  });

  it('comes true in a tab that draws no frames', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => {});
    render(createElement(Probe));
    await act(async () => void vi.advanceTimersByTime(100));
    expect(screen.getByText('first paint')).toBeTruthy();
    await act(async () => void vi.advanceTimersByTime(150));
    expect(screen.getByText('after the paint')).toBeTruthy();
  });

  it('does nothing once the page is left before its paint', async () => {
    const { unmount } = render(createElement(Probe));
    unmount();
    await act(async () => void vi.advanceTimersByTime(300));
    expect(vi.getTimerCount()).toBe(0);
  });
});

/**
 * usePaintedSince (the same file): a virtualised events list draws the cards just off the screen only once a
 * new list has been painted (issue 23). False on each render where the key is new, true after that render's
 * frame; a render with the same key keeps it true.
 */
describe('usePaintedSince', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] }),
  );
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('is false for each new key until it has been painted, and stays true for the same key', async () => {
    const first = ['a', 'b'];
    const { rerender } = render(createElement(KeyProbe, { list: first }));
    expect(screen.getByText('a,b: new')).toBeTruthy();
    await act(async () => void vi.advanceTimersByTime(20));
    expect(screen.getByText('a,b: painted')).toBeTruthy();
    // Rendered again with the same list (a scroll, a dialog opened): still painted, nothing scheduled.
    rerender(createElement(KeyProbe, { list: first }));
    expect(screen.getByText('a,b: painted')).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
    // A new list (a filter, a search), even with the same entries: new until its frame.
    rerender(createElement(KeyProbe, { list: ['a', 'b'] }));
    expect(screen.getByText('a,b: new')).toBeTruthy();
    await act(async () => void vi.advanceTimersByTime(20));
    expect(screen.getByText('a,b: painted')).toBeTruthy();
  });

  it('marks only the latest of keys that change before a frame', async () => {
    const { rerender } = render(createElement(KeyProbe, { list: ['a'] }));
    rerender(createElement(KeyProbe, { list: ['c'] }));
    await act(async () => void vi.advanceTimersByTime(20));
    expect(screen.getByText('c: painted')).toBeTruthy();
    await act(async () => void vi.advanceTimersByTime(300));
    expect(screen.getByText('c: painted')).toBeTruthy();
  });
});
